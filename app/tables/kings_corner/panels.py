"""The Kings in the Corner table's panels: the other seats, the status, the buttons, the scoreboard,
the sheet between rounds and the end of the game.

``PanelPieces`` is a mixin for ``KingsTable``. Everything here reads counts and public
results only; no hand card of another seat and no talon card has a face here.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import text_fit, theme
from app.tables.kings_corner import model
from app.tables.kit import end_sheet, seats
from app.tables.kit.hand import notice
from app.tables.kit.style import GOLD_FAINT, IVORY_SOFT, SHADE, SHADE_DEEP, big_button, caps, chip_button


# The scoreboard: the round number's column, the gap between columns, the dialog's side padding.
BOARD_FIRST = 40
BOARD_GAP = 2
BOARD_PAD = 16


class PanelPieces:
    """Seats, status, buttons and sheets."""

    # --- the other seats ------------------------------------------------------------------------

    def seat_chip(self, view: dict[str, Any], seat: int, width: float) -> ft.Control:
        """One other seat: avatar, the fan of backs with the count, the penalty total in a session, the name."""
        n = len(view["hands"][seat])
        room = width - 14 - 3 - seats.AVATAR - 4  # the chip's padding and border, the avatar
        top: list[ft.Control] = [seats.avatar(self.session, seat),
                                 seats.fitted_fan(self.t, self.name(seat), n, self.back, seat, room, most=6)]
        lines: list[ft.Control] = [ft.Row(top, spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
        # The seat's one name (as in every line of the table); a narrow chip gives it two lines.
        under = [ft.Text(self.name(seat), size=12, font_family=theme.SANS_BOLD, color=theme.IVORY, max_lines=2,
                         overflow=ft.TextOverflow.ELLIPSIS, expand=True)]
        if view["options"].get("target", 0):
            under.append(ft.Text(self.t("kc.penalty_short", n=view["scores"][seat]), size=12,
                                 font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT, no_wrap=True))
        lines.append(ft.Row(under, spacing=4))
        mine = not self.session.over and self.session.to_move == seat
        return ft.Container(ft.Column(lines, spacing=2, tight=True),
                            width=width, padding=ft.Padding.only(left=7, right=7, top=5, bottom=4),
                            border_radius=14, bgcolor=SHADE_DEEP if mine else SHADE,
                            border=ft.Border.all(1.5, theme.GOLD if mine else "#00000000"))

    def kept_chip(self, view: dict[str, Any], seat: int, width: float) -> ft.Control:
        """``seat_chip``, kept on screen while the seat's hand size, penalty total and the turn
        stay the same (``kit.parts``)."""
        s = self.session
        inputs = (len(view["hands"][seat]), view["scores"][seat], s.to_move, s.over, s.bot_to_move, width)
        return self.parts.part(f"chip-{seat}", inputs, lambda: self.seat_chip(view, seat, width))

    def seats_strip(self, view: dict[str, Any], others: list[int], width: float, column: bool = False) -> ft.Control:
        """The other seats: in one row or, on a tablet, a column."""
        if column:
            return ft.Column([self.kept_chip(view, s, width) for s in others], spacing=8, tight=True)
        w = (width - 6 * (len(others) - 1)) / max(1, len(others))
        return ft.Row([self.kept_chip(view, s, min(w, 190)) for s in others], spacing=6,
                      alignment=ft.MainAxisAlignment.CENTER)

    # --- status and guidance ----------------------------------------------------------------------

    def status_row(self, view: dict[str, Any], viewer: int | None) -> ft.Control:
        parts: list[ft.Control] = [seats.turn_pill(self.t, self.session, self.driver, viewer, self.name)]
        target = view["options"].get("target", 0)
        # A phone has room for the round beside the turn pill; the target is on the scoreboard.
        words = (self.t("kc.round_to", n=view["round"], target=target) if target and self.width >= 480
                 else self.t("kc.round_of", n=view["round"]))
        if target:
            parts.append(chip_button(
                ft.Row([ft.Icon(ft.Icons.LEADERBOARD_OUTLINED, size=15, color=theme.GOLD_LIGHT),
                        ft.Text(words, size=12.5, color=theme.IVORY, no_wrap=True)], spacing=5, tight=True),
                self.open_board, ident="scoreboard", label=self.t("kc.board.open") + ", " + words))
        else:
            parts.append(ft.Text(words, size=12.5, color=IVORY_SOFT, no_wrap=True))
        return ft.Row(parts, spacing=10, alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def guidance(self, view: dict[str, Any], live: bool, lit: list[str], any_move: bool) -> ft.Control:
        """The line under the cross: a refusal, what the pick may do, what happened, or what to do."""
        if self.read_only:  # a replay's bar tells what happened; the cross gets the room
            return ft.Container(height=0)
        hint = self.hint_line()
        if hint is not None:
            return ft.Container(hint, key="guide")
        if self.message:  # (a tablet's side panel is narrow, and has the height for a longer reason)
            return ft.Container(notice(self.message, max_lines=3 if self.width < model.TABLET_MIN_WIDTH else 5),
                                key="guide")
        text, icon = None, ft.Icons.LIGHTBULB_OUTLINE
        if live and view.get("phase") == "draw":
            text = self.t("kc.hint.draw")
        elif live and self.pick is not None:
            text = (self.t("kc.hint.card", card=model.card_text(self.pick.what, self.lang)) if self.pick.kind == "card"
                    else self.t("kc.hint.pile", pos=self.t(f"kc.pos.{self.pick.what}")))
        elif self.last_move:
            text, icon = self.last_move, ft.Icons.HISTORY
        elif live:
            text = self.t("kc.hint.pick") if any_move else self.t("kc.hint.none")
        # Always the same keyed box, so a redraw changes what is in it and not the column around
        # it (Flet would compare the whole column again).
        if not text:
            return ft.Container(height=20, key="guide")
        return ft.Container(notice(text, icon=icon, color=theme.IVORY, ident="guide-line", max_lines=2), key="guide")

    def buttons(self, view: dict[str, Any], live: bool, any_move: bool) -> ft.Control:
        """Draw (when the turn must start with it) or end the turn; nothing in a replay."""
        if self.read_only:
            return ft.Container(height=0)
        hint = self.hint_button(live)
        if live and view.get("phase") == "draw":  # a box around the row in every case, as in ``guidance``
            return ft.Container(ft.Row([big_button(self.t("kc.draw"), ft.Icons.STYLE_OUTLINED, self.draw,
                                                   ident="draw"), hint], spacing=10), key="buttons")
        opts = view["options"]
        words = self.t("kc.end_draw") if opts.get("draw") and opts.get("draw_at") == "end" and view["talon"] \
            else self.t("kc.end")
        button = big_button(words, ft.Icons.SKIP_NEXT, self.end_turn, ident="end-turn", primary=not any_move)
        # Off the person's turn the button is pale, and a tap on it says whose turn it is.
        return ft.Container(ft.Row([ft.Container(button, expand=True, opacity=1.0 if live else 0.35), hint],
                                   spacing=10), key="buttons")

    # --- the scoreboard ---------------------------------------------------------------------------

    def board_table(self, view: dict[str, Any], width: float, highlight_last: bool = False) -> ft.Control:
        """Rounds down, seats across: each round's penalty points, then the totals, in ``width`` px.

        Every seat's column fits the width (no sideways scrolling); a name that does not fit
        its column on one line takes two, in a smaller size when the columns are narrow."""
        b = model.board(view)
        n = len(b.totals)
        names = [self.name(i) for i in range(n)]
        round_word, total_word = self.t("kc.board.round"), self.t("kc.board.total")
        first = max(BOARD_FIRST, text_fit.width(round_word.upper(), theme.SANS_BOLD, 10, 1.2) + 2,
                    text_fit.width(total_word, theme.SANS_BOLD, 13) + 2)
        col = min(90.0, (width - first - BOARD_GAP * n) / max(1, n))
        # The names' size: each word of every name on a line of its own at worst.
        words = [w for nm in names for w in nm.split()]
        head_size = next((x for x in (12, 11.5, 11, 10.5) if all(
            text_fit.fits(w, col, theme.SANS_BOLD, x) for w in words)), 10)

        def cell(text: str, strong: bool = False, gold: bool = False) -> ft.Control:
            return ft.Container(ft.Text(text, size=15 if strong else 13.5,
                                        font_family=theme.SANS_BOLD if strong or gold else None,
                                        color=theme.GOLD_LIGHT if gold or strong else theme.IVORY,
                                        text_align=ft.TextAlign.CENTER, max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS), width=col, alignment=ft.Alignment.CENTER)

        def name_cell(text: str) -> ft.Control:
            return ft.Container(ft.Text(text, size=head_size, font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT,
                                        text_align=ft.TextAlign.CENTER, max_lines=2,
                                        overflow=ft.TextOverflow.ELLIPSIS),
                                width=col, alignment=ft.Alignment.BOTTOM_CENTER)

        head = ft.Row([ft.Container(caps(round_word, size=10), width=first)]
                      + [name_cell(nm) for nm in names], spacing=BOARD_GAP,
                      vertical_alignment=ft.CrossAxisAlignment.END)
        rows: list[ft.Control] = [head, ft.Divider(color=GOLD_FAINT, height=4)]
        for i, (rnd, points, winners) in enumerate(b.rounds):
            last = highlight_last and i == len(b.rounds) - 1
            rows.append(ft.Container(ft.Row(
                [ft.Container(ft.Text(str(rnd), size=13, color=IVORY_SOFT), width=first)]
                + [cell("★" if s in winners else str(points[s]), gold=s in winners) for s in range(n)],
                spacing=BOARD_GAP), bgcolor=SHADE if last else None, border_radius=6))
        rows.append(ft.Divider(color=GOLD_FAINT, height=4))
        rows.append(ft.Row([ft.Container(ft.Text(total_word, size=13, font_family=theme.SANS_BOLD,
                                                 color=theme.GOLD_LIGHT, no_wrap=True), width=first)]
                           + [cell(str(v), strong=True) for v in b.totals], spacing=BOARD_GAP))
        return ft.Semantics(identifier="board", container=True, content=ft.Column(rows, spacing=4, tight=True))

    def open_board(self) -> None:
        """The scoreboard over the table: gold on the felt's dark green, every column in sight."""
        view = self.session.view(self.viewer())
        side = 12 if self.width < 600 else 40  # a phone gives the table its whole width
        width = min(460, self.width - 2 * side - 2 * BOARD_PAD)
        dialog = ft.AlertDialog(
            title=theme.display(self.t("kc.board.title"), 20, color=theme.GOLD_LIGHT), bgcolor=theme.FELT_DARK,
            inset_padding=ft.Padding.symmetric(horizontal=side, vertical=24),
            content_padding=ft.Padding.only(left=BOARD_PAD, right=BOARD_PAD, top=16, bottom=8),
            content=ft.Container(self.board_table(view, width), width=width),
            actions=[ft.Semantics(identifier="board-close", content=ft.TextButton(
                self.t("kc.close"), on_click=lambda e: self.ui.close_dialog(),
                style=ft.ButtonStyle(color=theme.GOLD_LIGHT,
                                     text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=14.5))))])
        self.ui.page.show_dialog(dialog)

    # --- between rounds ---------------------------------------------------------------------------

    def round_sheet(self, view: dict[str, Any]) -> ft.Control:
        """The sheet after a round of a session: who won it, the scoreboard, "next round"."""
        last = view["rounds"][-1]
        names = " & ".join(self.name(w) for w in last["winners"])
        if last["reason"] == "out":
            why = self.t("kc.sheet.out" if len(last["winners"]) == 1 else "kc.sheet.out_many", names=names)
        else:
            why = self.t("kc.sheet.blocked", names=names)
        first = self.session.to_move
        lines: list[ft.Control] = [
            ft.Row([ft.Icon(ft.Icons.LEADERBOARD, color=theme.GOLD, size=30),
                    ft.Semantics(identifier="round-over", content=theme.display(
                        self.t("kc.sheet.round", n=last["round"]), 22, color=theme.GOLD_LIGHT, expand=True))],
                   spacing=10),
            ft.Text(why, color=theme.IVORY, size=14),
            self.board_table(view, min(480, self.width - 24) - 2 * (18 + 2), highlight_last=True),
            ft.Text(self.t("kc.sheet.target", target=view["options"]["target"]), color=IVORY_SOFT, size=12.5),
            ft.Text(self.t("kc.sheet.dealer", name=self.name(view["dealer"]),
                           first=self.name(first) if first is not None else ""), color=IVORY_SOFT, size=12.5),
        ]
        if not self.read_only:
            lines.append(ft.Row([big_button(self.t("kc.sheet.next"), ft.Icons.ARROW_FORWARD, self.close_sheet,
                                            ident="next-round")]))
        return end_sheet.overlay_panel(lines, min(480, self.width - 24))

    # --- the end ----------------------------------------------------------------------------------

    def end_panel(self, view: dict[str, Any]) -> ft.Control:
        result = view["result"] or {}
        winners = list(result.get("winners", []))
        reason = result.get("reason")
        if reason == "target":
            top = max(range(len(view["scores"])), key=lambda s: view["scores"][s])
            why = self.t("kc.end.target", name=self.name(top), n=view["scores"][top],
                         target=view["options"]["target"])
            body: list[ft.Control] = [self.board_table(view, min(480, self.width - 24) - 40, highlight_last=True)]
        else:
            why = self.t("kc.end.out", name=self.name(winners[0])) if reason == "out" and winners \
                else self.t("kc.end.blocked")
            left = view["rounds"][-1]["cards_left"] if view["rounds"] else [len(h) for h in view["hands"]]
            body = [caps(self.t("kc.end.cards_left"))] + [
                ft.Row([ft.Text(self.name(s), color=theme.IVORY, size=14.5, expand=True),
                        ft.Text(str(left[s]), color=theme.GOLD_LIGHT, size=16, font_family=theme.SANS_BOLD)])
                for s in range(len(left))]
        card = end_sheet.result_card(end_sheet.headline(self.t, self.session, self.name), why, body,
                                     ident="result")
        buttons = self.end_buttons()
        return ft.Column([card, *([buttons] if buttons else [])], spacing=14, tight=True, width=min(480, self.width - 24))
