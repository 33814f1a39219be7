"""The Thronfolge recap between two rounds: who won the round, both standings, who starts next.

``RecapSheet`` is a mixin for ``ThronfolgeTable``. The round's winner is whoever gained more
points in it, counted as if the game were scored at its start and at its end (collections are
open, so this shows nothing hidden). The computer waits while the recap is open; it opens
again on a table opened before it was closed (``RECAP_SEEN`` in the session's meta).
"""

from __future__ import annotations


import flet as ft

from app import theme
from app.tables.kit import end_sheet
from app.tables.kit.style import GOLD_FAINT, IVORY_SOFT, big_button, signed
from app.tables.thronfolge import model

RECAP_SEEN = "recap_seen"  # session meta: the last round whose recap the people have closed
CELL = 76  # px: a column of points


class RecapSheet:
    """Opening, drawing and closing the recap."""

    def unseen_recap(self) -> model.RoundRecap | None:
        """The round the last move ended, when nobody has closed its recap (nor moved since)."""
        s = self.session
        if self.read_only:
            return None
        recap = model.round_recap(s.snapshots, s.state)
        if recap is None or recap.round <= s.meta.get(RECAP_SEEN, 0):
            return None
        return recap

    def open_recap(self, recap: model.RoundRecap, now: bool) -> None:
        """Hold the computer for the recap; ``now`` shows it at once, else once the cards have landed."""
        self.recap = recap
        self.recap_open = now
        self.driver.pause()

    def close_recap(self) -> None:
        """The people have read the recap: the next round goes on."""
        if self.recap is not None:
            self.session.meta[RECAP_SEEN] = max(self.session.meta.get(RECAP_SEEN, 0), self.recap.round)
        self.recap, self.recap_open = None, False
        self.redraw()
        self.driver.resume()

    def recap_panel(self) -> ft.Control:
        r = self.recap
        seat = self.viewer()
        names = [self.you_label(i, seat) for i in (0, 1)]
        gains = r.gains
        if r.winner is None:
            why = self.t("tf.recap.level", a=signed(gains[0]))
        else:
            you = "_you" if r.winner == seat and len(self.session.humans) == 1 else ""
            why = self.t("tf.recap.won" + you, name=self.name(r.winner), a=signed(gains[r.winner]),
                         b=signed(gains[1 - r.winner]))

        def cell(text: str, strong: bool = False, gold: bool = False) -> ft.Control:
            return ft.Container(ft.Text(text, size=18 if strong else 14.5,
                                        font_family=theme.SANS_BOLD,
                                        color=theme.GOLD_LIGHT if strong or gold else theme.IVORY,
                                        text_align=ft.TextAlign.RIGHT),
                                width=CELL, alignment=ft.Alignment.CENTER_RIGHT)

        head = ft.Row([ft.Container(expand=True), *(ft.Container(ft.Text(x, size=12, color=IVORY_SOFT,
                                                                        text_align=ft.TextAlign.RIGHT),
                                                                width=CELL, alignment=ft.Alignment.CENTER_RIGHT)
                                                   for x in (self.t("tf.recap.round"), self.t("tf.recap.total")))])
        rows: list[ft.Control] = [head, ft.Divider(color=GOLD_FAINT, height=4)]
        for i in (0, 1):
            rows.append(ft.Semantics(identifier=f"recap-{i}", content=ft.Row([
                ft.Text(names[i], size=15, font_family=theme.SANS_BOLD, color=theme.IVORY, expand=True,
                        max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
                cell(signed(gains[i]), gold=r.winner == i),
                cell(str(r.after[i]), strong=True)], vertical_alignment=ft.CrossAxisAlignment.CENTER)))
        you = "_you" if r.starter == seat and len(self.session.humans) == 1 else ""
        lines: list[ft.Control] = [
            ft.Row([ft.Icon(ft.Icons.FLAG_OUTLINED, color=theme.GOLD, size=30),
                    ft.Semantics(identifier="round-over", content=theme.display(
                        self.t("tf.recap.title", n=r.round), 22, color=theme.GOLD_LIGHT), expand=True)],
                   spacing=10),
            ft.Semantics(identifier="recap-why", content=ft.Text(why, color=theme.IVORY, size=14.5)),
            ft.Column(rows, spacing=6, tight=True),
            ft.Text(self.t("tf.recap.note"), color=IVORY_SOFT, size=12),
            ft.Text(self.t("tf.round_start" + you, n=r.round + 1, name=self.name(r.starter)),
                    color=theme.IVORY, size=13.5),
            ft.Row([big_button(self.t("tf.recap.next"), ft.Icons.ARROW_FORWARD, self.close_recap,
                               ident="next-round")]),
        ]
        panel = end_sheet.overlay_panel(lines, min(460, self.width - 24))
        return ft.Container(ft.Column([panel], scroll=ft.ScrollMode.AUTO, expand=True,
                                      alignment=ft.MainAxisAlignment.CENTER,
                                      horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                            expand=True, alignment=ft.Alignment.CENTER, padding=12)
