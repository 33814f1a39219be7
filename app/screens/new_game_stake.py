"""The new-game form's stake per point for games played in dynasties (Rosenkrieg)."""

from __future__ import annotations

import flet as ft

from app.screens import ledger_strings  # noqa: F401 (registers the texts)
from app.screens.new_game_form import NewGameForm

# The currencies offered first; the ledger accepts every current ISO 4217 code.
CURRENCIES = ("EUR", "CHF", "GBP", "USD", "SEK", "DKK", "NOK", "PLN", "CZK", "HUF")


def stake_card(shell, form: NewGameForm, card) -> ft.Control | None:
    """A card with the stake per point and its currency, or None for games without stakes.

    ``card(title, content, subtitle)`` draws it like the form's other cards.
    """
    if not form.has_stake:
        return None
    t = shell.t
    codes = CURRENCIES if form.currency in CURRENCIES else (form.currency, *CURRENCIES)
    amount = ft.TextField(label=t("stake.per_point", currency=form.currency), value=form.stake,
                          keyboard_type=ft.KeyboardType.NUMBER, border_radius=12, expand=2,
                          on_change=lambda e: setattr(form, "stake", e.control.value))

    def currency(e) -> None:
        form.currency = e.control.value or form.currency
        amount.label = t("stake.per_point", currency=form.currency)
        amount.update()

    row = ft.Row([ft.Semantics(identifier="stake-amount", content=amount, expand=2),
                  ft.Dropdown(value=form.currency, label=t("stake.currency"), expand=1, border_radius=12,
                              options=[ft.DropdownOption(key=c, text=c) for c in codes],
                              on_select=currency)],
                 spacing=10, vertical_alignment=ft.CrossAxisAlignment.START)
    hint = t("stake.bots") if form.computer_seated else t("stake.hint")
    return card(t("stake.title"), [row], hint)
