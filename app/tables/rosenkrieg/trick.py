"""The Rosenkrieg table's trick: each card in front of the seat that played it, a finished trick with
its winner lit and then slid to the winner, and the caption under it.

``TrickPieces`` is a mixin for ``RosenkriegTable`` (split from ``pieces``); it draws a view and
knows no rules.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme
from app.tables.kit.style import GOLD_FAINT
from app.tables.rosenkrieg import model
from app.widgets import card as card_widget
from core.games import rosenkrieg as rk

ROOMY = 700  # the table's height (page less a replay's chrome) that large tablet hand cards need
# A trick of large cards needs more: at 1024 x 768 it would push the guidance line under the hand
# (a refused card's reason, the hint, what the led suit asks), so such tablets get medium ones.
TRICK_ROOMY = 860


class TrickPieces:
    """The middle of the table while tricks are played."""

    @property
    def roomy(self) -> bool:
        """Whether the table has its whole page: a replay's bar and open hands take some of it."""
        return self.height >= ROOMY

    def trick_size(self, players: int = 3) -> str:
        if self.tablet and self.height >= TRICK_ROOMY:
            return "large"
        if self.tablet and players == 4:
            return "small"  # four cards in a cross need two card heights
        return "medium"

    def trick_area(self, view: dict[str, Any], me: int) -> ft.Control:
        """The trick: each card in front of the seat that played it; a finished trick with its
        winner lit, then gathered and slid towards the winner."""
        n = view["players"]
        size = self.trick_size(n)
        sz = card_widget.SIZES[size]
        cw, ch = sz.width, sz.height
        width = cw * 4.4
        height = ch * (1.55 if n == 3 else 2.0) + 8
        shown = self.shown_trick
        trick = shown if shown is not None else view["trick"]
        played = model.trick_cards(trick, n) if trick["leader"] is not None else []

        def slot(seat: int) -> tuple[float, float]:
            where = model.place_of(n, me, seat)
            if n == 3 and where != "bottom":
                return (width / 2 - cw * 1.1 if where == "left" else width / 2 + cw * 0.1), 0.0
            return {"bottom": (width / 2 - cw / 2, height - ch), "top": (width / 2 - cw / 2, 0.0),
                    "left": (width / 2 - cw * 1.65, (height - ch) / 2),
                    "right": (width / 2 + cw * 0.65, (height - ch) / 2)}[where]

        stage = shown["stage"] if shown is not None else None
        winner = shown["winner"] if shown is not None else None
        glide = ft.Animation(self.duration, ft.AnimationCurve.EASE_IN_OUT_CUBIC) if self.duration else None
        placed: list[ft.Control] = []
        for i, (seat, card) in enumerate(played):
            x, y = slot(seat)
            if stage in ("gather", "gone"):
                x, y = slot(winner)
                x += (i - (len(played) - 1) / 2) * 6
            if stage == "gone":
                # Towards the winner and out of sight, but not over the hand: a tap there ends the show.
                dx, dy = {"bottom": (0, ch / 2), "top": (0, -ch / 2), "left": (-cw / 2, 0),
                          "right": (cw / 2, 0)}[model.place_of(n, me, winner)]
                x, y = x + dx, y + dy
            lit = stage == "full" and seat == winner
            face = card_widget.card_view(card, self.lang, size, self.back, highlighted=lit, key=f"{card}-trickface",
                                         mark=self.mark(card), french=self.french)
            placed.append(ft.Container(face, key=f"{card}-trick", left=x, top=y, animate_position=glide,
                                       animate_opacity=glide, opacity=0.0 if stage == "gone" else 1.0,
                                       ignore_interactions=True))
        ring = ft.Container(width=cw * 2.2, height=ch * 0.9, left=width / 2 - cw * 1.1, top=height / 2 - ch * 0.45,
                            border_radius=ch, border=ft.Border.all(1.5, GOLD_FAINT))
        area = ft.Stack([ring, *placed], width=width, height=height, clip_behavior=ft.ClipBehavior.NONE)
        label = self.trick_caption(view, played)
        return ft.Semantics(identifier="trick", label=label, content=ft.Container(ft.Column(
            [area, ft.Text(label, size=12.5, color=theme.GOLD_LIGHT, text_align=ft.TextAlign.CENTER)],
            spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER), width=self.hand_width()))

    def trick_caption(self, view: dict[str, Any], played: list[tuple[int, str]]) -> str:
        shown = self.shown_trick
        if shown is not None:
            return self.t("rk.took", name=self.name(shown["winner"]), n=rk.card_points(shown["cards"]))
        leader = view["trick"]["leader"]
        if leader is None:
            return ""
        if not played:
            last = model.last_trick(view)
            lead = self.t("rk.to_lead", name=self.name(leader))
            if last is not None:
                return f"{self.t('rk.took', name=self.name(last['winner']), n=rk.card_points(last['cards'].split()))}"\
                       f" · {lead}"
            return lead
        return self.t("rk.trick_no", n=len(view["tricks"]) + 1, total=rk.HAND_SIZE[view["players"]])
