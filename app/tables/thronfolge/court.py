"""Drawing pieces of the Thronfolge table: players, scores, crowns, collections (no state of their own).

``CourtPieces`` is a mixin for ``ThronfolgeTable``: it reads the table's ``t``,
``name``, ``lang``, ``back``, ``session``, ``anim`` and ``ui`` and returns controls
built from a seat's view; avatars, seat badges and the other hand's fan come from the kit.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app import theme
from app.tables.kit import seats
from app.tables.kit.style import GOLD_FAINT, IVORY_SOFT, NEGATIVE, POSITIVE, SHADE, SHADE_DEEP, caps, signed
from app.tables.kit.text import cards_text
from app.tables.thronfolge import model
from app.widgets import card as card_widget
from core import cards
from core.games import thronfolge as tf


class CourtPieces:
    """Players, scores and collections, drawn from a view."""

    def lead_text(self, fam: model.Family, seat: int) -> str:
        """", majority (+8)" for the holder, ", tied" for a tie with supporters on both sides."""
        if fam.leader == seat:
            return self.t("tf.lead_mine", v=fam.value)
        return self.t("tf.lead_tie") if fam.leader is None and fam.counts[seat] else ""

    def mark(self, card: str) -> card_widget.Mark | None:
        """What the card is worth in Thronfolge, printed on it: favours ``+2…+4``, betrayals
        ``−1…−3``, crowns ``♛``; supporters count for their family and carry no mark."""
        if card == cards.UNKNOWN:
            return None
        kind = tf.card_type(card)
        if kind == "crown":
            return card_widget.Mark("♛", "crown", self.t("tf.crown_one"))
        if kind in ("favour", "betrayal"):
            text = signed(tf.card_points(card))
            word = self.t("tf.favours" if kind == "favour" else "tf.betrayals")
            return card_widget.Mark(text, "gain" if kind == "favour" else "loss", f"{word} {text}")
        return None

    def court_part(self, name: str, seat: int, view: dict[str, Any], build: Callable[[], ft.Control],
                   *extra: Any) -> ft.Control:
        """Part ``name`` of ``seat``'s court, kept on screen while what it shows stays the same
        (``kit.parts``): the collections (families are counted against the other's), the
        "taken" marks, the seat's hand size, whose turn it is, the glow of a take; ``extra``
        holds the arguments of ``build``."""
        s = self.session
        inputs = (view["collections"], view["taken"], len(view["hands"][seat] or ()), s.to_move, s.over,
                  s.bot_to_move, self.anim.get("flash"), extra)
        return self.parts.part(f"{name}-{seat}", inputs, build)

    def tokens_part(self, seat: int, view: dict[str, Any]) -> ft.Control:
        """``token_row``, kept on screen while both collections and the glow of a take stay the same."""
        return self.parts.part(f"tokens-{seat}", (view["collections"], self.anim.get("flash")),
                               lambda: self.token_row(seat, view))

    def cards_text(self, n: int) -> str:
        return cards_text(self.t, n)

    # --- small pieces --------------------------------------------------------------------------

    def label(self, text: str, color: str = theme.GOLD_LIGHT, size: float = 11) -> ft.Text:
        return caps(text, color, size)

    def suit_plaque(self, suit: str, size: int = 18) -> ft.Control:
        return ft.Container(ft.Image(src=card_widget.suit_asset(suit), width=size, height=size),
                            bgcolor=theme.IVORY, border_radius=6, padding=3)

    def crowns_row(self, n: int, size: float = 17) -> ft.Control:
        glyphs = [ft.Text("♛", size=size, color=theme.GOLD if i < n else ft.Colors.with_opacity(0.22, theme.IVORY),
                          font_family=theme.SANS) for i in range(3)]
        danger = n == 2
        return ft.Semantics(label=f"{self.t('tf.crowns')}: {n}/3", exclude_semantics=True, content=ft.Container(
            ft.Row(glyphs, spacing=0, tight=True),
            padding=ft.Padding.symmetric(horizontal=5, vertical=1), border_radius=10,
            bgcolor=ft.Colors.with_opacity(0.35, theme.BURGUNDY) if danger else None,
            border=ft.Border.all(1.5, "#ff8a80") if danger else None,
            tooltip=self.t("tf.crown_alert") if danger else None))

    def taken_chip(self, seat: int, view: dict[str, Any], compact: bool = False) -> ft.Control:
        taken = view["taken"][seat]
        text = self.t("tf.has_taken") if taken else self.t("tf.may_take")
        long = self.t("tf.has_taken_long" if taken else "tf.may_take_long", name=self.name(seat))
        chip = ft.Container(
            ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE if taken else ft.Icons.PAN_TOOL_ALT_OUTLINED, size=13,
                            color=theme.FELT_DARK if taken else theme.GOLD_LIGHT),
                    ft.Text(text, size=11, font_family=theme.SANS_BOLD,
                            color=theme.FELT_DARK if taken else theme.GOLD_LIGHT, no_wrap=True)],
                   spacing=4, tight=True),
            bgcolor=theme.GOLD if taken else None, border=None if taken else ft.Border.all(1, GOLD_FAINT),
            border_radius=12, padding=ft.Padding.symmetric(horizontal=7, vertical=2))
        return ft.Semantics(label=long, identifier=f"taken-{seat}", content=chip, exclude_semantics=True)

    def score_box(self, seat: int, view: dict[str, Any], big: bool = False) -> ft.Control:
        score = model.live_scores(view)[seat]
        box = ft.Container(
            ft.Column([ft.Text(self.t("tf.points"), size=11, font_family=theme.SANS_BOLD, no_wrap=True,
                               color=IVORY_SOFT),
                       ft.Text(str(score), size=30 if big else 24, font_family=theme.DISPLAY, color=theme.GOLD_LIGHT,
                               style=ft.TextStyle(height=1.0))],
                      spacing=1, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=4, vertical=4), border_radius=12, alignment=ft.Alignment.CENTER,
            bgcolor=SHADE_DEEP, border=ft.Border.all(1, GOLD_FAINT), width=66 if big else 58)
        return ft.Semantics(label=self.t("tf.score_label", name=self.name(seat), n=score),
                            identifier=f"score-{seat}", content=box, exclude_semantics=True)

    def hand_fan(self, seat: int, view: dict[str, Any]) -> ft.Control:
        return seats.hand_fan(self.t, self.name(seat), len(view["hands"][seat]), self.back, seat)

    def hand_backs(self, seat: int, view: dict[str, Any]) -> ft.Control:
        """The other hand across the table (tablet): overlapping card backs and their count."""
        n = len(view["hands"][seat])
        sz = card_widget.SIZES["small"]
        step = 20
        backs = [ft.Container(card_widget.card_view(cards.UNKNOWN, self.lang, "small", self.back), left=i * step,
                              top=abs(i - (n - 1) / 2) * 3, rotate=ft.Rotate((i - (n - 1) / 2) * 0.06))
                 for i in range(n)]
        fan = ft.Stack(backs, width=sz.width + step * max(0, n - 1) + 4, height=sz.height + 10)
        label = self.t("tf.hand_of", name=self.name(seat), cards=self.cards_text(n))
        return ft.Semantics(label=label, identifier=f"hand-count-{seat}",
                            exclude_semantics=True, content=ft.Row([
                                fan, ft.Text(self.cards_text(n), size=12.5, color=IVORY_SOFT)],
                                spacing=10, tight=True, alignment=ft.MainAxisAlignment.CENTER,
                                vertical_alignment=ft.CrossAxisAlignment.CENTER))

    def avatar(self, seat: int) -> ft.Control:
        return seats.avatar(self.session, seat)

    def player_header(self, seat: int, view: dict[str, Any], viewer: int | None, show_fan: bool,
                      stacked: bool = False) -> ft.Control:
        tally = model.tallies(view)[seat]
        if stacked:  # narrow side panel: name and score, then the chips
            second: list[ft.Control] = [self.taken_chip(seat, view), ft.Container(expand=True),
                                        self.crowns_row(tally.crowns)]
            return ft.Column([
                ft.Row([self.avatar(seat), ft.Container(ft.Text(
                    self.you_label(seat, viewer), size=15, font_family=theme.SANS_BOLD, color=theme.IVORY,
                    max_lines=2, overflow=ft.TextOverflow.ELLIPSIS), expand=True),
                    self.score_box(seat, view, big=True)],
                       spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                ft.Row(second, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ], spacing=8, tight=True)
        chips = [self.taken_chip(seat, view), self.crowns_row(tally.crowns, 15)]
        trailing = [self.hand_fan(seat, view)] if show_fan and view["hands"][seat] is not None else []
        return seats.seat_badge(self.session, seat, self.you_label(seat, viewer), chips=chips,
                                trailing=[*trailing, self.score_box(seat, view)])

    # --- collections -------------------------------------------------------------------------

    def token(self, top: ft.Control, value: str, lead: bool, width: int, value_color: str | None = None,
              glow: bool = False) -> ft.Control:
        return ft.Container(
            ft.Column([top, ft.Text(value, size=14.5, font_family=theme.SANS_BOLD,
                                    color=value_color or (theme.FELT_DARK if lead else theme.INK),
                                    style=ft.TextStyle(height=1.0))],
                      spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                      alignment=ft.MainAxisAlignment.CENTER),
            width=width, height=44, border_radius=10, alignment=ft.Alignment.CENTER,
            bgcolor=theme.GOLD if lead else ft.Colors.with_opacity(0.92, theme.IVORY),
            border=ft.Border.all(2, theme.GOLD_LIGHT) if lead else ft.Border.all(1, "#cfc4a8"),
            shadow=[ft.BoxShadow(blur_radius=14, spread_radius=2, color=theme.GOLD_LIGHT)] if glow else
            [ft.BoxShadow(blur_radius=3, color=SHADE, offset=ft.Offset(0, 1))])

    def token_row(self, seat: int, view: dict[str, Any]) -> ft.Control:
        """One seat's collection as tokens: four families (gold = majority), sets, favours, betrayals."""
        tally = model.tallies(view)[seat]
        fams = model.families(view)
        glow = self.anim.get("flash") == seat
        tokens: list[ft.Control] = []
        for fam in fams:
            lead = fam.leader == seat
            n = fam.counts[seat]
            label = self.t("tf.family_token", family=self.t(f"tf.fam.{fam.suit}"), n=n,
                           lead=self.lead_text(fam, seat))
            tokens.append(ft.Semantics(label=label, identifier=f"fam-{seat}-{fam.suit}", exclude_semantics=True,
                                       content=self.token(ft.Image(src=card_widget.suit_asset(fam.suit), width=15,
                                                                   height=15), str(n), lead, 37, glow=glow)))

        def small(text: str) -> tuple[ft.Text, int]:
            # 11 px at the least, dark enough on ivory (about 7:1); the token is as wide as its word.
            width = max(44, round(5.9 * len(text)) + 8)
            return ft.Text(text, size=11, font_family=theme.SANS, color="#4d473c", no_wrap=True), width

        for key, value, colour in (
                ("tf.sets", str(tally.sets), theme.INK),
                ("tf.favours", signed(tally.favours) if tally.favours else "0",
                 "#1d7a45" if tally.favours else theme.INK),
                ("tf.betrayals", signed(tally.betrayals) if tally.betrayals else "0",
                 theme.BURGUNDY if tally.betrayals else theme.INK)):
            top, width = small(self.t(key))
            tokens.append(self.token(top, value, False, width, value_color=colour, glow=glow))
        row = ft.Row(tokens, spacing=5, alignment=ft.MainAxisAlignment.CENTER, tight=True)
        return ft.Container(row, on_click=lambda e, s=seat: self.show_collection(s), ink=False,
                            alignment=ft.Alignment.CENTER,
                            tooltip=self.t("tf.collection_of", name=self.name(seat)))

    def text_chip(self, card: str, extra: str | None = None) -> ft.Control:
        txt = card_widget.short_text(card, self.lang)
        return ft.Container(
            ft.Row([ft.Text(txt, size=12.5, font_family=theme.SANS_BOLD, color=card_widget.ink(card))]
                   + ([ft.Text(extra, size=11, color="#6b6457")] if extra else []), spacing=3, tight=True),
            bgcolor=theme.IVORY, border_radius=6, padding=ft.Padding.symmetric(horizontal=6, vertical=2))

    def collection_detail(self, seat: int, view: dict[str, Any]) -> ft.Control:
        """A seat's collection grouped by family, then favours, betrayals and crowns (public cards)."""
        tally = model.tallies(view)[seat]
        fams = model.families(view)
        rows: list[ft.Control] = []
        for fam in fams:
            lead = fam.leader == seat
            n = fam.counts[seat]
            badge = ft.Container(
                ft.Text(f"+{fam.value}" if lead else ("=" if fam.leader is None and n else "–"),
                        size=11.5, font_family=theme.SANS_BOLD,
                        color=theme.FELT_DARK if lead else IVORY_SOFT),
                bgcolor=theme.GOLD if lead else None, border_radius=8,
                padding=ft.Padding.symmetric(horizontal=6, vertical=1),
                border=None if lead else ft.Border.all(1, ft.Colors.with_opacity(0.25, theme.IVORY)))
            chips = [self.text_chip(c) for c in tally.by_family[fam.suit]]
            rows.append(ft.Semantics(
                label=self.t("tf.family_token", family=self.t(f"tf.fam.{fam.suit}"), n=n,
                             lead=self.lead_text(fam, seat)),
                identifier=f"famrow-{seat}-{fam.suit}",
                content=ft.Row([
                    self.suit_plaque(fam.suit, 16),
                    ft.Text(str(n), size=18, font_family=theme.DISPLAY,
                            color=theme.GOLD_LIGHT if lead else theme.IVORY, width=22),
                    ft.Row(chips, wrap=True, spacing=3, run_spacing=3, expand=True),
                    badge], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)))

        def line(title: str, value: str, chips: list[ft.Control], color: str = theme.IVORY) -> ft.Control:
            return ft.Row([
                ft.Text(title, size=12.5, color=IVORY_SOFT, width=62, no_wrap=True),
                ft.Row(chips, wrap=True, spacing=3, run_spacing=3, expand=True),
                ft.Text(value, size=14, font_family=theme.SANS_BOLD, color=color)],
                spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)

        rows.append(ft.Divider(color=GOLD_FAINT, height=8))
        rows.append(line(self.t("tf.sets"), f"{tally.sets} · {signed(tally.set_points)}" if tally.sets else "0", []))
        rows.append(line(self.t("tf.favours"), signed(tally.favours) if tally.favours else "0",
                         [self.text_chip(c, signed(tf.card_points(c))) for c in tally.favour_cards], POSITIVE))
        rows.append(line(self.t("tf.betrayals"), signed(tally.betrayals) if tally.betrayals else "0",
                         [self.text_chip(c, signed(tf.card_points(c))) for c in tally.betrayal_cards], NEGATIVE))
        rows.append(line(self.t("tf.crowns"), str(tally.crowns),
                         [self.text_chip(c) for c in tally.crown_cards]))
        return ft.Column(rows, spacing=7, tight=True)

    def show_collection(self, seat: int) -> None:
        seat_v, _me, _other = self.me_and_other()
        view = self.session.view(seat_v)
        body = ft.Container(ft.Column([
            ft.Row([theme.display(self.t("tf.collection_of", name=self.name(seat)), 19, color=theme.GOLD_LIGHT,
                                  expand=True), self.score_box(seat, view)],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            self.collection_detail(seat, view) if view["collections"][seat] else
            ft.Text(self.t("tf.collection_empty"), size=14, color=IVORY_SOFT),
        ], spacing=12, tight=True), padding=ft.Padding.only(left=18, right=18, top=8, bottom=24))
        self.ui.page.show_dialog(ft.BottomSheet(body,
                                                bgcolor=theme.FELT_DARK, show_drag_handle=True, scrollable=True))
