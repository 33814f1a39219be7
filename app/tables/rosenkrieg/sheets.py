"""The sheet after a Partie, the Dynastie's scoreboard and the end of the Dynastie.

``Sheets`` is a mixin for ``RosenkriegTable``. Everything here reads finished Partien from
their records, which the engine makes public once a Partie is over (the Erbe among them).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import fmt, theme
from app.tables.kit import end_sheet
from app.tables.kit.style import GOLD_FAINT, IVORY_SOFT, NEGATIVE, POSITIVE, SHADE_DEEP, big_button, caps, signed
from app.tables.rosenkrieg import model
from app.widgets import card as card_widget
from core.ledger import LedgerError, Money


def _amount(n: int, size: float = 14) -> ft.Text:
    return ft.Text(signed(n), size=size, font_family=theme.SANS_BOLD, text_align=ft.TextAlign.RIGHT,
                   color=POSITIVE if n > 0 else NEGATIVE if n < 0 else theme.IVORY)


class Sheets:
    """What the table shows between Partien and at the end."""

    # --- one Partie ----------------------------------------------------------------------------

    def partie_headline(self, p: model.PartieSummary) -> str:
        pot = self.name(p.potentat)
        return self.t("rk.pot_wins", name=pot) if p.potentat_wins else self.t("rk.court_wins", name=pot)

    def calc_lines(self, p: model.PartieSummary) -> list[tuple[str, str]]:
        """The game value worked out line by line: win, Lion-King bonus, streak, base, multiplier."""
        lines = [(self.t("rk.calc_win"), "+1")]
        if p.lk_bonus:
            lines.append((self.t("rk.calc_lk"), "+1"))
        if p.potentat_wins and p.streak:
            lines.append((self.t("rk.calc_streak", k=p.streak), f"+{2 * p.streak}"))
        lines.append((self.t("rk.calc_base"), str(p.base)))
        if p.multiplier > 1:
            why = self.t("rk.klanglos" if p.klanglos else "rk.sanglos")
            lines.append((self.t("rk.calc_mult", why=why), f"× {p.multiplier}"))
        lines.append((self.t("rk.calc_value"), str(p.value)))
        return lines

    def partie_card(self, record: dict[str, Any]) -> list[ft.Control]:
        """The lines of a finished Partie: card points, the Erbe, the calculation, points per player."""
        p = model.summary(record)
        pot = self.name(p.potentat)
        lines: list[ft.Control] = []
        if p.fenstersturz:
            lines.append(ft.Semantics(identifier="fenstersturz", content=theme.display(
                self.t("rk.fenstersturz"), 26, color=theme.GOLD)))
            lines.append(ft.Text(self.t("rk.fenstersturz_note"), size=12, color=IVORY_SOFT))
        lines.append(caps(self.t("rk.counters")))
        loser = p.loser
        for party, n, who in (("potentat", p.counters[0], self.t("rk.party_pot_name", name=pot)),
                              ("challengers", p.counters[1], self.t("rk.challengers"))):
            state = ""
            if party == loser and (p.sanglos or p.klanglos):
                state = self.t("rk.klanglos" if p.klanglos else "rk.sanglos")
            lines.append(ft.Row([
                ft.Text(who, size=14, color=theme.IVORY, expand=True),
                *([ft.Container(ft.Text(state, size=11.5, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
                                bgcolor=theme.GOLD, border_radius=8, padding=ft.Padding.symmetric(horizontal=6))]
                  if state else []),
                ft.Text(str(n), size=18, font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT)], spacing=8))
        lines.append(ft.Row([
            ft.Text(self.t("rk.erbe_was", n=p.erbe_points), size=12.5, color=IVORY_SOFT, expand=True),
            ft.Row([card_widget.card_view(c, self.lang, "small", self.back, key=f"{c}-sheet", french=self.french)
                    for c in p.erbe], spacing=4, tight=True)], vertical_alignment=ft.CrossAxisAlignment.CENTER))
        lines.append(ft.Divider(color=GOLD_FAINT, height=6))
        lines.append(caps(self.t("rk.calculation")))
        for text, value in self.calc_lines(p):
            lines.append(ft.Row([ft.Text(text, size=13.5, color=theme.IVORY, expand=True),
                                 ft.Text(value, size=14, font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT)]))
        lines.append(ft.Text(self.t("rk.settle_pot" if p.potentat_wins else "rk.settle_court",
                                    name=pot, g=p.value, n=len(p.points) - 1, total=p.value * (len(p.points) - 1)),
                             size=12, color=IVORY_SOFT))
        lines.append(ft.Divider(color=GOLD_FAINT, height=6))
        lines.append(caps(self.t("rk.points_each")))
        for s, pts in enumerate(p.points):
            lines.append(ft.Semantics(identifier=f"partie-points-{s}", label=f"{self.name(s)} {signed(pts)}",
                                      content=ft.Row([ft.Text(self.name(s), size=14, color=theme.IVORY, expand=True),
                                                      _amount(pts, 16)])))
        return lines

    def partie_screen(self, view: dict[str, Any]) -> list[ft.Control]:
        """The sheet after a Partie, over the table until the people go on (the computer waits)."""
        record = self.sheet
        p = model.summary(record)
        why = self.t(f"rk.why_pot.{p.chosen}", name=self.name(p.potentat))
        card = end_sheet.result_card(self.partie_headline(p), why,
                                     self.partie_card(record), icon=ft.Icons.MILITARY_TECH, ident="partie-headline")
        go = big_button(self.t("rk.next_partie", n=record["number"] + 1), ft.Icons.ARROW_FORWARD_ROUNDED,
                        self.close_sheet, ident="partie-continue")
        board = big_button(self.t("rk.scoreboard"), ft.Icons.LEADERBOARD_OUTLINED, self.show_scoreboard,
                           primary=False, ident="partie-scoreboard")
        return self.framed(view, [card, caps(self.t("rk.dynasty")), self.balance_lines(view)],
                           None if self.read_only else ft.Row([board, go], spacing=10))

    def framed(self, view: dict[str, Any], lines: list[ft.Control], buttons: ft.Control | None) -> list[ft.Control]:
        """A scrolling sheet with its buttons (if any) pinned below, as wide as a phone."""
        scroll = ft.Container(ft.Column(lines, spacing=12, scroll=ft.ScrollMode.AUTO,
                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                              expand=True, padding=ft.Padding.only(left=12, right=12, top=12, bottom=6))
        pinned = [ft.Container(buttons, padding=ft.Padding.only(left=12, right=12, top=10, bottom=12),
                               bgcolor=SHADE_DEEP, border=ft.Border.only(top=ft.BorderSide(2, theme.GOLD)))
                  ] if buttons is not None else []
        body = ft.Container(ft.Column([scroll, *pinned], spacing=0, expand=True,
                                      horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                            expand=True, width=min(self.width, 620))
        return [self.status_strip(view), ft.Row([body], expand=True, alignment=ft.MainAxisAlignment.CENTER,
                                               vertical_alignment=ft.CrossAxisAlignment.STRETCH)]

    # --- the Dynastie -------------------------------------------------------------------------------

    def balance_lines(self, view: dict[str, Any]) -> ft.Control:
        """Each seat's balance, highest first; at the end, who pays and who is paid."""
        order = sorted(range(view["players"]), key=lambda s: -view["balance"][s])
        rows = []
        for s in order:
            b = view["balance"][s]
            sub = ""
            if view["over"]:
                n = self.stake_money(abs(b))
                sub = self.t("rk.pays", n=n) if b < 0 else self.t("rk.receives", n=n) if b > 0 else self.t("rk.even")
            rows.append(ft.Semantics(identifier=f"balance-{s}", label=f"{self.name(s)} {signed(b)}", content=ft.Row([
                ft.Column([ft.Text(self.name(s), size=14, color=theme.IVORY, max_lines=1,
                                   overflow=ft.TextOverflow.ELLIPSIS),
                           *([ft.Text(sub, size=11.5, color=IVORY_SOFT)] if sub else [])],
                          spacing=0, tight=True, expand=True),
                _amount(b, 17)])))
        return ft.Column(rows, spacing=6, tight=True)

    def stake(self) -> Money | None:
        """The stake per point when this dynasty is played for money, else None."""
        stake = self.session.meta.get("stake")
        try:
            money = Money(stake["cents"], stake["currency"]) if isinstance(stake, dict) else None
        except (KeyError, LedgerError):
            return None
        return money if money and money.cents > 0 else None

    def stake_money(self, points: int) -> str | int:
        """Points as the money they are worth at the stake (plain points for honour)."""
        stake = self.stake()
        return points if stake is None else fmt.money(Money(points * stake.cents, stake.currency), self.lang)

    def ledger_link(self) -> list[ft.Control]:
        """For a dynasty played for money: where its debts are now."""
        if self.stake() is None or self.read_only:
            return []
        # Gold on the felt, framed like the other buttons there: the theme's green would be
        # dark on dark and look switched off.
        return [ft.Row([ft.Text(self.t("rk.in_ledger"), size=12.5, color=IVORY_SOFT, expand=True),
                        ft.Semantics(identifier="to-ledger", content=ft.OutlinedButton(
                            self.t("rk.to_ledger"), icon=ft.Icons.PAYMENTS_OUTLINED,
                            on_click=lambda e: self.ui.navigate("/ledger"),
                            style=ft.ButtonStyle(color=theme.GOLD_LIGHT, icon_color=theme.GOLD_LIGHT,
                                                 side=ft.BorderSide(1.5, theme.GOLD),
                                                 text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=14),
                                                 shape=ft.RoundedRectangleBorder(radius=14),
                                                 padding=theme.target_padding(16))))],
                       vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=12)]

    def history_lines(self, view: dict[str, Any]) -> ft.Control:
        rows = model.scoreboard(view)
        if not rows:
            return ft.Text(self.t("rk.no_partie_yet"), size=12.5, color=IVORY_SOFT)
        return ft.Column([ft.Text(self.t("rk.history_line", n=r.number, name=self.name(r.potentat),
                                         result=self.t("rk.won" if r.potentat_wins else "rk.lost")),
                                  size=12.5, color=theme.IVORY) for r in rows], spacing=4, tight=True)

    def scoreboard_table(self, view: dict[str, Any], width: float) -> ft.Control:
        """Every Partie's points per player and the balances after it, one row each, in ``width`` px.

        A column per seat, as wide as the width allows; the Potentat of each Partie is the lit
        cell of its row (his name would need a column of its own, which a phone has not)."""
        n = view["players"]
        first = 34
        col = min(96.0, (width - first - 4 * n) / n)
        head_size = 12 if col >= 64 else 11

        def cell(content: ft.Control, potentat: bool = False) -> ft.Control:
            return ft.Container(content, width=col, alignment=ft.Alignment.CENTER_RIGHT,
                                padding=ft.Padding.symmetric(horizontal=4),
                                bgcolor=GOLD_FAINT if potentat else None, border_radius=6)

        head = ft.Row([ft.Container(ft.Text("#", size=12, color=IVORY_SOFT), width=first),
                       *[cell(ft.Text(self.name(s), size=head_size, color=theme.GOLD_LIGHT, max_lines=2,
                                      overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.RIGHT))
                         for s in range(n)]], spacing=4, vertical_alignment=ft.CrossAxisAlignment.END)
        lines: list[ft.Control] = [head, ft.Divider(color=GOLD_FAINT, height=4)]
        rows = model.scoreboard(view)
        for r in rows:
            mark = "✓" if r.potentat_wins else "✗"
            lines.append(ft.Semantics(
                identifier=f"score-row-{r.number}",
                label=self.t("rk.history_line", n=r.number, name=self.name(r.potentat),
                             result=self.t("rk.won" if r.potentat_wins else "rk.lost")),
                content=ft.Row([
                    ft.Container(ft.Text(f"{r.number} {mark}", size=13, color=IVORY_SOFT, no_wrap=True), width=first),
                    *[cell(ft.Column([_amount(r.points[s], 13.5),
                                      ft.Text(signed(r.balance[s]), size=11, color=IVORY_SOFT)],
                                     spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END),
                           potentat=s == r.potentat)
                      for s in range(n)]], spacing=4)))
        if not rows:
            lines.append(ft.Text(self.t("rk.no_partie_yet"), size=13, color=IVORY_SOFT))
        lines.append(ft.Divider(color=GOLD_FAINT, height=4))
        lines.append(caps(self.t("rk.balance")))
        lines.append(ft.Row([ft.Container(width=first),
                             *[cell(_amount(view["balance"][s], 15)) for s in range(n)]], spacing=4))
        # The key to the crowned cells.
        lines.append(ft.Row([ft.Container(width=16, height=12, bgcolor=GOLD_FAINT, border_radius=4),
                             ft.Text(self.t("rk.potentat"), size=11.5, color=IVORY_SOFT)], spacing=6))
        lines.append(ft.Text(self.t("rk.scoreboard_note"), size=11.5, color=IVORY_SOFT))
        return ft.Column(lines, spacing=6, tight=True)

    def show_scoreboard(self) -> None:
        """The Dynastie's scoreboard as a sheet over the table (public: finished Partien only)."""
        view = self.session.view(None)
        title = self.t("rk.scoreboard_title", n=len(view["partien"]), total=view["options"]["partien"])
        sheet = ft.BottomSheet(ft.Container(ft.Column([
            theme.display(title, 20, color=theme.GOLD_LIGHT),
            self.scoreboard_table(view, min(self.width, 640) - 36),
        ], spacing=12, tight=True, scroll=ft.ScrollMode.AUTO), padding=18, bgcolor=theme.FELT_DARK,
            border_radius=ft.BorderRadius.only(top_left=20, top_right=20)), bgcolor=theme.FELT_DARK,
            show_drag_handle=True)
        self.ui.page.show_dialog(sheet)

    def over_screen(self, view: dict[str, Any]) -> list[ft.Control]:
        """The end of the Dynastie: the last Partie, the balances (who pays whom) and the scoreboard."""
        s = self.session
        last = view["partien"][-1]
        p = model.summary(last)
        why = self.t("rk.dynasty_over", n=len(view["partien"]))
        card = end_sheet.result_card(end_sheet.headline(self.t, s, self.name), why,
                                     [caps(self.t("rk.balance")), self.balance_lines(view), *self.ledger_link()],
                                     ident="headline")
        last_card = end_sheet.result_card(self.t("rk.last_partie", n=p.number) + " · " + self.partie_headline(p),
                                          "", self.partie_card(last), icon=ft.Icons.MILITARY_TECH)
        lines = [card, last_card, caps(self.t("rk.scoreboard")), self.scoreboard_table(view, min(self.width, 620) - 24)]
        return self.framed(view, lines, self.end_buttons(self.t("rk.rematch")))
