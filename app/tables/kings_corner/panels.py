"""The Kings in the Corner table's panels: the other seats, the status, the buttons, the scoreboard,
the sheet between rounds and the end of the game.

``PanelPieces`` is a mixin for ``KingsTable``. Everything here reads counts and public
results only; no hand card of another seat and no talon card has a face here.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme
from app.tables.kings_corner import model
from app.tables.kit import end_sheet, seats
from app.tables.kit.hand import notice
from app.tables.kit.style import GOLD_FAINT, IVORY_SOFT, SHADE, SHADE_DEEP, big_button, caps


class PanelPieces:
    """Seats, status, buttons and sheets."""

    # --- the other seats ------------------------------------------------------------------------

    def seat_chip(self, view: dict[str, Any], seat: int, width: float) -> ft.Control:
        """One other seat: avatar, the fan of backs with the count, the penalty total in a session, the name."""
        n = len(view["hands"][seat])
        most = 2 if width < 100 else 3 if width < 150 else 6
        top: list[ft.Control] = [seats.avatar(self.session, seat),
                                 seats.hand_fan(self.t, self.name(seat), n, self.back, seat, most=most)]
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
            parts.append(ft.Semantics(identifier="scoreboard", button=True, label=self.t("kc.board.open") + ", " + words,
                                      exclude_semantics=True, content=ft.Container(
                ft.Row([ft.Icon(ft.Icons.LEADERBOARD_OUTLINED, size=15, color=theme.GOLD_LIGHT),
                        ft.Text(words, size=12.5, color=theme.IVORY, no_wrap=True)], spacing=5, tight=True),
                padding=ft.Padding.symmetric(horizontal=10, vertical=5), border_radius=14,
                border=ft.Border.all(1, GOLD_FAINT), on_click=lambda e: self.open_board(), ink=True)))
        else:
            parts.append(ft.Text(words, size=12.5, color=IVORY_SOFT, no_wrap=True))
        return ft.Row(parts, spacing=10, alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def guidance(self, view: dict[str, Any], live: bool, lit: list[str], any_move: bool) -> ft.Control:
        """The line under the cross: a refusal, what the pick may do, what happened, or what to do."""
        if self.read_only:  # a replay's bar tells what happened; the cross gets the room
            return ft.Container(height=0)
        if self.message:
            return ft.Container(notice(self.message), key="guide")
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
        if live and view.get("phase") == "draw":  # a box around the row in every case, as in ``guidance``
            return ft.Container(ft.Row([big_button(self.t("kc.draw"), ft.Icons.STYLE_OUTLINED, self.draw,
                                                   ident="draw")]), key="buttons")
        opts = view["options"]
        words = self.t("kc.end_draw") if opts.get("draw") and opts.get("draw_at") == "end" and view["talon"] \
            else self.t("kc.end")
        button = big_button(words, ft.Icons.SKIP_NEXT, self.end_turn, ident="end-turn", primary=not any_move)
        return ft.Container(ft.Row([button]), opacity=1.0 if live else 0.35, disabled=not live, key="buttons")

    # --- the scoreboard ---------------------------------------------------------------------------

    def board_table(self, view: dict[str, Any], highlight_last: bool = False) -> ft.Control:
        """Rounds down, seats across: each round's penalty points, then the totals."""
        b = model.board(view)
        n = len(b.totals)
        names = [self.name(i) for i in range(n)]
        col = max(44.0, min(80.0, (self.width - 120) / max(1, n)))

        def cell(text: str, strong: bool = False, gold: bool = False, w: float = col) -> ft.Control:
            return ft.Container(ft.Text(text, size=15 if strong else 13.5,
                                        font_family=theme.SANS_BOLD if strong or gold else None,
                                        color=theme.GOLD_LIGHT if gold or strong else theme.IVORY,
                                        text_align=ft.TextAlign.CENTER, max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS), width=w, alignment=ft.Alignment.CENTER)

        head = ft.Row([ft.Container(caps(self.t("kc.board.round"), size=10), width=56)]
                      + [cell(nm, gold=True) for nm in names], spacing=2)
        rows: list[ft.Control] = [head, ft.Divider(color=GOLD_FAINT, height=4)]
        for i, (rnd, points, winners) in enumerate(b.rounds):
            last = highlight_last and i == len(b.rounds) - 1
            rows.append(ft.Container(ft.Row(
                [ft.Container(ft.Text(str(rnd), size=13, color=IVORY_SOFT), width=56)]
                + [cell("★" if s in winners else str(points[s]), gold=s in winners) for s in range(n)], spacing=2),
                bgcolor=SHADE if last else None, border_radius=6))
        rows.append(ft.Divider(color=GOLD_FAINT, height=4))
        rows.append(ft.Row([ft.Container(ft.Text(self.t("kc.board.total"), size=13, font_family=theme.SANS_BOLD,
                                                 color=theme.GOLD_LIGHT), width=56)]
                           + [cell(str(v), strong=True) for v in b.totals], spacing=2))
        body = ft.Column(rows, spacing=4, tight=True)
        return ft.Semantics(identifier="board", container=True, content=ft.Row([body], scroll=ft.ScrollMode.AUTO))

    def open_board(self) -> None:
        view = self.session.view(self.viewer())
        dialog = ft.AlertDialog(
            title=ft.Text(self.t("kc.board.title")), bgcolor=theme.FELT_DARK,
            content=ft.Container(self.board_table(view), width=min(460, self.width - 40)),
            actions=[ft.TextButton(self.t("kc.close"), on_click=lambda e: self.ui.page.pop_dialog())])
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
            self.board_table(view, highlight_last=True),
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
            body: list[ft.Control] = [self.board_table(view, highlight_last=True)]
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
