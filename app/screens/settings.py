"""Settings: language, theme, animation speed, card back, Rosenkrieg's suits, sound and vibration,
each stored at once; syncing with a circle's server (``app.screens.sync``) and backups
(``app.screens.backup``)."""

from __future__ import annotations

import flet as ft

from app import feedback, theme
from app import shell as shell_mod
from app.screens import backup, sync
from app.serve import strings as _member_strings  # noqa: F401 (a circle's server)
from app.screens.messages import error_text
from app.state import CARD_BACKS, LANGUAGES, SPEEDS, SUIT_STYLES, THEMES
from app.widgets import card as card_widget

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}  # each in its own language, never translated


def _section(title: str, hint: str, control: ft.Control) -> ft.Control:
    return ft.Container(
        ft.Column([theme.title(title, 15), theme.caption(hint), ft.Container(height=4),
                   ft.Row([control]) if isinstance(control, ft.SegmentedButton) else control],
                  spacing=4, tight=True),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=18,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), padding=16)


def _segmented(shell, field: str, values: tuple[str, ...], labels: dict[str, str], icons: dict[str, str]):
    current = getattr(shell.state.settings, field) or shell.state.lang

    def changed(e):
        value = next(iter(e.control.selected), None)
        if value is None:
            return
        save(shell, field, value)

    return ft.SegmentedButton(
        segments=[ft.Segment(value=v, label=ft.Text(labels[v], size=13), icon=icons.get(v)) for v in values],
        selected=[current], allow_empty_selection=False, allow_multiple_selection=False,
        show_selected_icon=False, on_change=changed, expand=True,
        # narrow side padding: four German labels ("Langsam" …) must fit a 360 px phone
        style=ft.ButtonStyle(padding=theme.target_padding(4)))


def save(shell, field: str, value: str, rebuild: bool = True) -> bool:
    """Store a setting and show its effect; False (and a snackbar) when the store refused it."""
    try:
        shell.state.set_setting(field, value)
    except Exception as exc:
        shell.snack(error_text(shell, exc), error=True)
        return False
    if field == "theme":
        theme.apply(shell.page, value)
    if rebuild:  # everything visible is rebuilt so the language (or card back) changes at once
        shell.refresh()
    return True


def _switch(shell, field: str, label: str, confirm) -> ft.Control:
    """An on/off setting; switching it on gives a sample of what it does (a sound, a buzz).

    Nothing else on screen changes, so the screen is not rebuilt (which would scroll it to the top).
    """
    def changed(e):
        on = bool(e.control.value)
        if not save(shell, field, "on" if on else "off", rebuild=False):
            e.control.value = not on  # the store refused: show what is still in force
        elif on:
            confirm()

    return ft.Switch(label=label, value=getattr(shell.state.settings, field) == "on", on_change=changed)


def _feedback(shell) -> ft.Control:
    """Sound everywhere, vibration only where the device has it; says what the silent switch does."""
    t = shell.t
    fb = feedback.of(shell.state)
    switches = [_switch(shell, "sound", t("settings.sound"), lambda: fb.play("play"))]
    hint = t("settings.feedback_hint")
    if fb.phone:
        switches.append(_switch(shell, "vibration", t("settings.vibration"), lambda: fb.haptic("play")))
        if not getattr(shell.page, "web", False):
            hint = f"{hint} {t('settings.feedback_mute')}"
    title = t("settings.feedback_phone") if fb.phone else t("settings.feedback")
    return _section(title, hint, ft.Column(switches, spacing=2, tight=True))


def _backs(shell) -> ft.Control:
    chosen = shell.state.settings.card_back
    items = []
    for design in CARD_BACKS:
        selected = design == chosen
        items.append(ft.Semantics(identifier=f"back-{design}", content=ft.Container(
            ft.Column([
                ft.Container(card_widget.card_view("??", shell.lang, "medium", design),
                             padding=6, border_radius=14,
                             border=ft.Border.all(3, theme.GOLD if selected else ft.Colors.TRANSPARENT)),
                ft.Text(shell.t(f"back.{design}"), size=12.5,
                        font_family=theme.SANS_BOLD if selected else theme.SANS),
            ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4, tight=True),
            on_click=lambda e, d=design: save(shell, "card_back", d), border_radius=14, padding=4,
            ink=True)))
    return ft.Row(items, spacing=10, wrap=True)


def view(shell) -> ft.View:
    t = shell.t
    s = shell.state.settings
    lang_hint = t("settings.language_hint") if s.language else t("settings.language_device")
    controls = [
        ft.Container(theme.heading(t("settings.title"), 26), padding=ft.Padding.only(top=20)),
        _section(t("settings.language"), lang_hint,
                 _segmented(shell, "language", LANGUAGES, LANGUAGE_NAMES, {})),
        _section(t("settings.theme"), t("settings.theme_hint"),
                 _segmented(shell, "theme", THEMES, {v: t(f"theme.{v}") for v in THEMES},
                            {})),
        _section(t("settings.speed"), t("settings.speed_hint"),
                 _segmented(shell, "speed", SPEEDS[1:2] + SPEEDS[:1] + SPEEDS[2:],
                            {v: t(f"speed.{v}") for v in SPEEDS}, {})),
        _section(t("settings.card_back"), t("settings.card_back_hint"), _backs(shell)),
        _section(t("settings.suits"), t("settings.suits_hint"),
                 _segmented(shell, "suits", SUIT_STYLES, {v: t(f"suits.{v}") for v in SUIT_STYLES}, {})),
        _feedback(shell),
        (_section(t("sync.title"), t("sync.hint"), sync.section(shell)) if shell.state.circle is None
         else _section(t("member.circle_title"), t("member.circle_hint"),
                       shell.state.circle.section(shell))),
        _section(t("backup.title"), t("backup.hint"), backup.buttons(shell)),
    ]
    return shell.top_view("/settings", controls, max_width=shell_mod.FORM_MAX)
