"""The Thronfolge end screen: the score line by line, the removed cards, rematch and home.

``EndScreen`` is a mixin for ``ThronfolgeTable`` (it uses the table's texts, names,
``session``, ``again`` and the pieces of ``CourtPieces``).
"""

from __future__ import annotations

import flet as ft

from app import theme
from app.tables.kit import end_sheet
from app.tables.kit.style import GOLD_FAINT, IVORY_SOFT, signed
from app.tables.thronfolge import model
from app.widgets import card as card_widget
from core.games import thronfolge as tf


class EndScreen:
    """The result panel and its buttons."""

    # --- end of game --------------------------------------------------------------------------

    def result_panel(self) -> ft.Control:
        s = self.session
        view = s.view(None)  # the game is over: nothing is hidden any more
        result = view["result"]
        out = s.outcome
        winners = [self.name(i) for i in (out.winners if out else ())]
        headline = end_sheet.headline(self.t, s, self.name)
        reason = result.get("reason")
        if reason == "crowns":
            why = self.t("tf.crowns_won", name=winners[0] if winners else "")
        elif reason == "tiebreak":
            what, (a, b) = model.tiebreak_decider(result)
            w = out.winners[0]
            why = self.t("tf.tiebreak", score=f"{result['scores'][0]}:{result['scores'][1]}", name=self.name(w),
                         what=self.t(f"tf.tb.{what}"), a=(a, b)[w], b=(a, b)[1 - w])
        elif reason == "shared":
            why = self.t("tf.shared")
        else:
            why = self.t("reason.thronfolge.score")
        names = [self.name(0), self.name(1)]
        win = set(out.winners if out else ())

        def cell(text: str, seat: int, strong: bool = False, sub: str | None = None, gold: bool = False) -> ft.Control:
            col = [ft.Text(text, size=20 if strong else 15, font_family=theme.DISPLAY if strong else theme.SANS_BOLD,
                           color=theme.GOLD_LIGHT if gold or strong else theme.IVORY,
                           text_align=ft.TextAlign.RIGHT)]
            if sub:
                col.append(ft.Text(sub, size=11, color=IVORY_SOFT, text_align=ft.TextAlign.RIGHT))
            return ft.Container(ft.Column(col, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END),
                                width=84, alignment=ft.Alignment.CENTER_RIGHT)

        header = ft.Row([ft.Container(expand=True)] + [
            ft.Container(ft.Text(n, size=12.5, font_family=theme.SANS_BOLD,
                                 color=theme.GOLD if i in win else IVORY_SOFT, max_lines=2,
                                 overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.RIGHT),
                         width=84, alignment=ft.Alignment.CENTER_RIGHT) for i, n in enumerate(names)])
        rows: list[ft.Control] = [header, ft.Divider(color=GOLD_FAINT, height=6)]
        for r in model.result_rows(result):
            if r.key == "family":
                title: ft.Control = ft.Row([self.suit_plaque(r.suit, 14),
                                            ft.Text(self.t("tf.family_value", family=self.t(f"tf.fam.{r.suit}"),
                                                           n=tf.FAMILY_VALUE[r.suit]), size=13.5, color=theme.IVORY)],
                                           spacing=8, tight=True)
                cells = [cell(str(r.values[i]), i, sub=self.t("tf.supporters_n", n=r.detail[i]),
                              gold=r.values[i] > 0) for i in (0, 1)]
            elif r.key == "sets":
                title = ft.Text(self.t("tf.sets"), size=13.5, color=theme.IVORY)
                cells = [cell(str(r.values[i]), i, sub=f"{r.detail[i]} × 5") for i in (0, 1)]
            elif r.key == "crowns":
                title = ft.Text(self.t("tf.crowns"), size=13.5, color=theme.IVORY)
                cells = [cell("♛" * r.detail[i] if r.detail[i] else "0", i, gold=r.detail[i] == 3) for i in (0, 1)]
            elif r.key == "total":
                rows.append(ft.Divider(color=GOLD_FAINT, height=6))
                title = ft.Text(self.t("tf.total"), size=15, font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT)
                cells = [cell(str(r.values[i]), i, strong=True) for i in (0, 1)]
            else:
                title = ft.Text(self.t(f"tf.{r.key}"), size=13.5, color=theme.IVORY)
                cells = [cell(signed(r.values[i]) if r.values[i] else "0", i) for i in (0, 1)]
            rows.append(ft.Row([ft.Container(title, expand=True), *cells],
                               vertical_alignment=ft.CrossAxisAlignment.CENTER))
        if reason == "crowns":
            rows.append(ft.Text(self.t("tf.live_note"), size=11.5, color=IVORY_SOFT, italic=True))
        removed = view["removed"]
        removed_block = ft.Row([
            ft.Column([self.label(self.t("tf.removed")),
                       ft.Text(self.t("tf.removed_hint"), size=12, color=IVORY_SOFT)], spacing=4, expand=True),
            ft.Row([card_widget.card_view(c, self.lang, "small", self.back, mark=self.mark(c)) for c in removed],
                   spacing=4, tight=True),
        ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        try:
            next_starter = self.name(tf.next_match_starter(view))
        except Exception:
            next_starter = None
        return end_sheet.result_card(headline, why, [
            self.label(self.t("tf.result_title")),
            ft.Column(rows, spacing=6, tight=True),
            removed_block,
            *([ft.Text(self.t("tf.next_starter", name=next_starter), size=12.5, color=IVORY_SOFT)]
              if next_starter else []),
        ])

    def result_buttons(self) -> ft.Control | None:
        """Rematch and home, pinned under the result so they never scroll away (none in a replay)."""
        return self.end_buttons(self.t("tf.rematch"))
