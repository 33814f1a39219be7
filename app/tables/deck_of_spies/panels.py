"""The Deck of Spies table's end screen, pile sheets and the assassination dialog.

Built for a ``SpiesTable`` (``table``): its layout, texts, session and handlers.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app import theme
from app.tables.deck_of_spies import logic as lg
from app.widgets import card as card_widget
from app.tables.kit import end_sheet
from app.tables.kit.style import big_button
from app.widgets.after_close import AfterClose
from core.games import deck_of_spies as dos


def end_overlay(table: Any, view: dict[str, Any]) -> ft.Control:
    """The result over the table: won or lost and why, the tally, replay / new deal / statistics."""
    L = table.layout
    e = lg.ending(view)
    assert e is not None
    s = table.session
    t = table.t
    if e.perfect:
        headline, icon = t("spies.end.perfect"), ft.Icons.WORKSPACE_PREMIUM
    elif e.won:
        headline, icon = t("spies.end.won"), ft.Icons.EMOJI_EVENTS
    else:
        headline, icon = t("spies.end.lost"), ft.Icons.SENTIMENT_DISSATISFIED_OUTLINED
    tl = lg.Tally(e.mine, e.spies)
    lines: list[ft.Control] = [
        ft.Row([ft.Icon(icon, color=theme.GOLD, size=40),
                ft.Semantics(identifier="spies-end-title", content=theme.display(
                    headline, 28, color=theme.GOLD_LIGHT))], spacing=12,
               alignment=ft.MainAxisAlignment.CENTER),
        ft.Text(lg.ending_text(e, t), color=theme.IVORY, size=14.5, text_align=ft.TextAlign.CENTER),
        ft.Container(ft.Column([
            ft.Row([table.pips(tl, 14)], alignment=ft.MainAxisAlignment.CENTER),
            ft.Text(t("spies.tally", need=lg.NEED, mine=e.mine, spies=e.spies), color=theme.IVORY, size=13,
                    font_family=theme.SANS_BOLD, text_align=ft.TextAlign.CENTER),
        ], spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=12, border_radius=14, bgcolor=ft.Colors.with_opacity(0.3, "#000000")),
    ]
    if e.points is not None:
        lines.append(ft.Text(t("spies.end.points", points=e.points), color=theme.GOLD_LIGHT, size=18,
                             font_family=theme.SANS_BOLD, text_align=ft.TextAlign.CENTER))
    number = dos.game_number(int(view.get("seed", 0)))
    help_line = (t("spies.end.assisted", hints=s.hints, undos=s.undos) if s.assisted
                 else t("spies.end.clean"))
    lines.append(ft.Text(f"{t('spies.hud.game', number=number)} · {help_line}", color=theme.IVORY, size=12.5,
                         opacity=0.8, text_align=ft.TextAlign.CENTER))

    # Two a row: on a phone each has about 155 px, which "Gleiche Partie" and its icon fill at 14 px.
    def button(ident: str, label: str, icon: str, on_click: Callable[[], None], primary: bool) -> ft.Control:
        return big_button(label, icon, on_click, primary=primary, ident=ident, height=48, size=14)

    if table.read_only:  # a replay's end: the result only, its bar has the way out
        return _overlay(lines, L)
    lines.append(ft.Row([button("spies-replay", t("spies.end.replay"), ft.Icons.REPLAY, table.replay, True),
                         button("spies-new", t("spies.end.new"), ft.Icons.SHUFFLE, table.new_deal, True)],
                        spacing=10))
    lines.append(ft.Row([button("spies-stats", t("spies.end.stats"), ft.Icons.INSIGHTS,
                                lambda: table.ui.navigate("/stats/deck-of-spies"), False),
                         button("spies-home", t("spies.end.home"), ft.Icons.HOME_OUTLINED,
                                lambda: table.ui.navigate("/"), False)], spacing=10))
    lines.append(ft.Row([ft.TextButton(t("spies.end.table"), icon=ft.Icons.VISIBILITY_OUTLINED,
                                       on_click=lambda ev: table.hide_result(),
                                       style=ft.ButtonStyle(color=theme.GOLD_LIGHT))],
                        alignment=ft.MainAxisAlignment.CENTER))
    return _overlay(lines, L)


def _overlay(lines: list[ft.Control], L: Any) -> ft.Control:
    panel = end_sheet.overlay_panel(lines, min(440.0, L.width - 2 * L.pad))
    return ft.Container(
        ft.Semantics(identifier="spies-end", content=panel), key="end", left=0, top=0,
        width=L.width, height=L.height, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.with_opacity(0.55, "#000000"), padding=L.pad)


def pile_sheet(table: Any, name: str) -> ft.BottomSheet:
    """The cards of the discard pile or the spy discard pile (both known to the player, S-1.3),
    top first; the spy discard sheet also lists the sacrificed aces."""
    view = table.view()
    t = table.t
    cards = list(view.get(name) or ())[::-1]  # top first
    portrait = table.layout.mode == "portrait"
    size = "small" if portrait else "medium"
    back = table.state.settings.card_back
    body: list[ft.Control] = [
        theme.heading(t(f"spies.sheet.{name}"), 21),
        theme.caption(t(f"spies.sheet.{name}_hint")),
        ft.Text(t("spies.sheet.count", n=len(cards), faces=lg.faces_in(cards)), size=13,
                font_family=theme.SANS_BOLD, color=ft.Colors.SECONDARY),
    ]
    if cards:
        body.append(ft.Row([card_widget.card_view(c, table.lang, size, back) for c in cards], wrap=True,
                           spacing=6, run_spacing=8))
    else:
        body.append(theme.body(t("spies.sheet.empty")))
    removed = list(view.get("removed") or ()) if name == "spy_discard" else []
    if removed:
        body.append(theme.title(t("spies.sheet.removed"), 14))
        body.append(ft.Row([card_widget.card_view(c, table.lang, size, back) for c in removed], wrap=True,
                           spacing=6))
    body.append(ft.Row([ft.TextButton(t("close"), on_click=lambda e: table.ui.close_dialog(), height=48)],
                       alignment=ft.MainAxisAlignment.END))
    # a short pile keeps the sheet as small as its cards; a long one scrolls
    long = len(cards) + len(removed) > (18 if portrait else 30)
    return ft.BottomSheet(
        ft.Container(ft.Column(body, spacing=10, tight=True, scroll=ft.ScrollMode.AUTO if long else None),
                     padding=ft.Padding.only(left=20, right=20, top=4, bottom=16),
                     width=min(720.0, table.layout.width)),
        show_drag_handle=True, size_constraints=ft.BoxConstraints(max_width=760))


def assassinate_dialog(table: Any, choices: list[tuple[str, list[str]]], hinted: lg.Hint | None) -> ft.AlertDialog:
    """Where the sacrificed ace comes from: one button per ace, grouped by place (only places
    that hold one). The choice is played once the dialog has closed."""
    t = table.t
    after = AfterClose(table.ui.page)

    def pick(action: str) -> None:
        after.close_then(lambda: table.act(action))

    rows: list[ft.Control] = [theme.body(t("spies.assassinate.text"), 13.5)]
    for place, aces in choices:
        buttons = []
        for ace in aces:
            suggested = bool(hinted and hinted.place == place and (not hinted.cards or ace in hinted.cards))
            buttons.append(ft.Semantics(identifier=f"assassinate-{place}-{ace}", content=ft.FilledTonalButton(
                lg.card_text(ace, table.lang), height=48,
                on_click=lambda e, a=lg.assassinate_action(place, ace): pick(a),
                style=ft.ButtonStyle(text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=16),
                                     color=card_widget.ink(ace),
                                     side=ft.BorderSide(2.5, theme.GOLD) if suggested else None))))
        rows.append(ft.Column([theme.title(t(f"spies.place.{place}"), 14),
                               ft.Row(buttons, wrap=True, spacing=8)], spacing=6, tight=True))
    return ft.AlertDialog(
        modal=True, title=theme.heading(t("spies.assassinate.title"), 20), on_dismiss=after.dismissed,
        content=ft.Container(ft.Column(rows, spacing=14, tight=True), width=340),
        actions=[ft.TextButton(t("cancel"), on_click=lambda e: table.ui.close_dialog())])
