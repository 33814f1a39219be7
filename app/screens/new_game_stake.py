"""The new-game form's stake per point for games played in dynasties (Rosenkrieg)."""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme
from app.screens import ledger_strings  # noqa: F401 (registers the texts)
from app.screens.new_game_form import NewGameForm

# The currencies offered first; the ledger accepts every current ISO 4217 code.
CURRENCIES = ("EUR", "CHF", "GBP", "USD", "SEK", "DKK", "NOK", "PLN", "CZK", "HUF")


def stake_card(shell, form: NewGameForm, card, changed=lambda: None) -> ft.Control | None:
    """A card with the stake per point and its currency, or None for games without stakes.

    ``card(title, content, subtitle)`` draws it like the form's other cards; ``changed`` is
    called after each keystroke or currency choice (the start bar repeats the stake).
    """
    if not form.has_stake:
        return None
    t = shell.t
    codes = CURRENCIES if form.currency in CURRENCIES else (form.currency, *CURRENCIES)
    amount = ft.TextField(label=t("stake.per_point", currency=form.currency), value=form.stake,
                          keyboard_type=ft.KeyboardType.NUMBER, border_radius=12, expand=2,
                          on_change=lambda e: (setattr(form, "stake", e.control.value), changed()))

    def currency(e) -> None:
        form.currency = e.control.value or form.currency
        amount.label = t("stake.per_point", currency=form.currency)
        amount.update()
        changed()

    row = ft.Row([ft.Semantics(identifier="stake-amount", content=amount, expand=2),
                  ft.Dropdown(value=form.currency, label=t("stake.currency"), width=128, border_radius=12,
                              options=[ft.DropdownOption(key=c, text=c) for c in codes],
                              on_select=currency)],
                 spacing=10, vertical_alignment=ft.CrossAxisAlignment.START)
    hint = t("stake.bots") if form.computer_seated else t("stake.hint")
    return card(t("stake.title"), [row], hint)


def stake_summary(shell, form: NewGameForm) -> tuple[ft.Control | None, Any]:
    """The stake in words beside the start button, and a function that brings it up to date.

    Money is never assumed: the person sees what the dynasty is played for as they start it.
    """
    if not form.has_stake:
        return None, lambda: None
    icon = ft.Icon(ft.Icons.EMOJI_EVENTS_OUTLINED, size=18)
    text = ft.Text(size=13.5, font_family=theme.SANS_BOLD)
    line = ft.Semantics(identifier="stake-summary", exclude_semantics=True, content=ft.Row(
        [icon, text], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER))

    def fill() -> None:
        money, words = form.stake_summary()
        icon.icon = ft.Icons.PAYMENTS_OUTLINED if money else ft.Icons.EMOJI_EVENTS_OUTLINED
        icon.color = text.color = ft.Colors.SECONDARY if money else ft.Colors.ON_SURFACE_VARIANT
        text.value = words
        line.label = words

    def refresh() -> None:
        fill()
        if line.page is not None:
            line.update()

    fill()
    return line, refresh
