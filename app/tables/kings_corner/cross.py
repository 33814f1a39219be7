"""The cross: eight piles around the talon, each a tap target, a drop zone and (if it may move) draggable.

``CrossPieces`` is a mixin for ``KingsTable``. A pile shows its bottom card and, lower
down, its top card, so both ends of the run can be read (a run down in alternating colours
is known from its ends); a badge counts the cards. The talon shows only a back and a count.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import text_fit, theme
from app.tables.kings_corner import model
from app.tables.kit.drag import DropZone, draggable
from app.tables.kit.style import GOLD_FAINT, IVORY_SOFT, SHADE
from app.widgets import card as card_widget
from core.games import kings_corner as kc


class CrossPieces:
    """The nine cells of the cross, drawn from a view."""

    def cross(self, view: dict[str, Any], geo: model.Geometry, live: bool, lit: list[str]) -> ft.Control:
        """The 3 × 3 grid; ``live``: the viewer may act now (taps, drags and drops are on)."""
        rows = []
        for r in range(3):
            cells = []
            for c in range(3):
                pos = next(p for p, rc in model.GRID.items() if rc == (c, r))
                cell = (self.talon_cell(view, geo, live) if pos == model.TALON
                        else self.pile_cell(view, pos, geo, live and view.get("phase") == "play", pos in lit))
                cells.append(ft.Container(cell, width=geo.cell_w, height=geo.cell_h, alignment=ft.Alignment.TOP_CENTER))
            rows.append(ft.Row(cells, spacing=geo.gap, alignment=ft.MainAxisAlignment.CENTER, tight=True))
        return ft.Semantics(identifier="cross", container=True, content=ft.Column(
            rows, spacing=geo.gap, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))

    # --- one pile -----------------------------------------------------------------------------

    def pile_stack(self, pos: str, pile: list[str], geo: model.Geometry, picked: bool = False,
                   lit: bool = False, movable: bool = False) -> ft.Control:
        """The pile's cards as drawn: bottom card, top card lower down, the count badge."""
        sz = card_widget.SIZES[geo.cross_card]
        bottom, top, n = model.pile_face(pile)
        height = sz.height + geo.offset
        if bottom is None:
            corner = pos in kc.CORNERS
            words = self.t("kc.empty_corner" if corner else "kc.empty_edge")
            room = sz.width - 4  # inside the pile's frame
            name = self.t(f"kc.pos.{pos}")
            # The position's name where it fits ("South-west"), else its letters ("SW").
            size = text_fit.largest_size(name, room, (11, 10.5, 10))
            lines: list[ft.Control] = [
                ft.Icon(ft.Icons.WORKSPACE_PREMIUM_OUTLINED if corner else ft.Icons.ADD, size=18, color=GOLD_FAINT),
                ft.Text(name if size else self.t(f"kc.short.{pos}"), size=size or 11, color=IVORY_SOFT,
                        no_wrap=True, text_align=ft.TextAlign.CENTER)]
            if text_fit.fits(words, room, theme.SANS, 10):
                lines.append(ft.Text(words, size=10, color=GOLD_FAINT, text_align=ft.TextAlign.CENTER, no_wrap=True))
            inner = ft.Column(lines, spacing=1, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            return ft.Container(inner, width=sz.width, height=sz.height, border_radius=sz.radius,
                                border=ft.Border.all(2 if lit else 1.5, theme.GOLD_LIGHT if lit else GOLD_FAINT),
                                bgcolor=SHADE, alignment=ft.Alignment.CENTER,
                                shadow=[ft.BoxShadow(blur_radius=14, spread_radius=1, color=theme.GOLD_LIGHT)] if lit else None)
        if top is None:  # one card: it is bottom and top at once
            layers = [ft.Container(self.flying(bottom, pos, self._face(bottom, geo, picked, lit)), left=0, top=0,
                                   key=f"{bottom}-pile")]
        else:
            layers = [ft.Container(self._face(bottom, geo, picked), left=0, top=0, key=f"{bottom}-pile"),
                      ft.Container(self.flying(top, pos, self._face(top, geo, picked, lit)), left=0, top=geo.offset,
                                   key=f"{top}-pile")]
        if n > 2:
            layers.append(ft.Container(
                ft.Text(str(n), size=11, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
                bgcolor=theme.GOLD_LIGHT, border_radius=9, padding=ft.Padding.symmetric(horizontal=6, vertical=1),
                right=-10, top=geo.offset - 9))
        if movable:  # a pile that may move says so: a newcomer finds pile moves without reading the rules
            layers.append(ft.Container(ft.Icon(ft.Icons.OPEN_WITH, size=13, color=theme.FELT_DARK), width=22, height=22,
                                       border_radius=11, bgcolor=theme.GOLD_LIGHT, alignment=ft.Alignment.CENTER,
                                       right=-9, bottom=(geo.offset if top is None else 0) - 6,
                                       border=ft.Border.all(1, theme.IVORY)))
        return ft.Stack(layers, width=sz.width, height=height, clip_behavior=ft.ClipBehavior.NONE)

    def _face(self, card: str, geo: model.Geometry, picked: bool, lit: bool = False) -> ft.Control:
        return card_widget.card_view(card, self.lang, geo.cross_card, self.back, selected=picked, highlighted=lit)

    def pile_body(self, pos: str, pile: list[str], geo: model.Geometry, picked: bool, lit: bool,
                  movable: bool) -> ft.Control:
        """The pile's cards, to be dragged when the pile may move."""
        stack = self.pile_stack(pos, pile, geo, picked, lit, movable and not picked)
        if movable:  # (few piles at a time: drawing a drag for every pile would cost more than it saves)
            stack = draggable(stack, f"pile:{pos}", lifted_pile(self.pile_stack(pos, pile, geo)),
                              self.pile_stack(pos, pile, geo), on_start=self.drag_started)
        return stack

    def pile_cell(self, view: dict[str, Any], pos: str, geo: model.Geometry, live: bool, is_lit: bool) -> ft.Control:
        pile = view["piles"][pos]
        picked = self.pick is not None and self.pick.kind == "pile" and self.pick.what == pos
        movable = bool(live and pile and pos in self.movable)
        label = model.pile_label(self.t, self.lang, pos, pile)
        if pos in self.fly:  # a card slides onto it: the slide belongs to this drawing
            stack = self.pile_body(pos, pile, geo, picked, is_lit, movable)
        else:  # most piles stay as they are from tap to tap: kept on screen (``kit.parts``)
            stack = self.parts.part(f"pile-{pos}", (model.pile_face(pile), picked, is_lit, movable, geo.cross_card,
                                                   geo.offset),
                                    lambda: self.pile_body(pos, pile, geo, picked, is_lit, movable))
        # Taps are taken on every turn and ignored off the person's turn: a handler switched on
        # and off with the turn would change all eight piles each turn, and the web client
        # rebuilds a changed control with everything in it.
        on_tap = None if self.read_only else (lambda e, p=pos, on=live: self.pile_tapped(p, on))
        tap = ft.Container(stack, on_click=on_tap, ink=False, alignment=ft.Alignment.TOP_CENTER)
        spoken = (self.t("kc.pile_lit", label=label) if is_lit
                  else self.t("kc.pile_movable", label=label) if movable else label)
        # Always a button and a drop zone, taking taps and cards on the person's turn: the pile's
        # controls then stay the same from turn to turn (kit.morph).
        body = ft.Semantics(identifier=f"pile-{pos}", label=spoken, button=True, selected=picked,
                            exclude_semantics=True, content=tap)
        if self.read_only:
            return ft.Container(body, padding=4)
        piles = view["piles"]

        def accepts(payload: str, _pos: str = pos) -> bool:
            return live and _pos in model.targets(piles, model.pick_of(payload))

        zone = DropZone(body, lambda payload, p=pos: self.dropped(p, payload), ident=f"drop-{pos}",
                        accepts=accepts, lit="ready" if is_lit else "idle", radius=12)
        return self.drag.add(zone).control

    # --- the talon ----------------------------------------------------------------------------

    def talon_cell(self, view: dict[str, Any], geo: model.Geometry, live: bool) -> ft.Control:
        n = len(view["talon"])
        sz = card_widget.SIZES[geo.cross_card]
        drawable = live and view.get("phase") == "draw"
        if n:
            pile: ft.Control = card_widget.card_back(self.lang, geo.cross_card, self.back, count=n)
            label = self.t("kc.talon_draw", n=n) if drawable else self.t("kc.talon", n=n)
        else:
            pile = ft.Container(ft.Text("0", size=14, color=GOLD_FAINT), width=sz.width, height=sz.height,
                                border_radius=sz.radius, border=ft.Border.all(1.5, GOLD_FAINT),
                                alignment=ft.Alignment.CENTER)
            label = self.t("kc.talon_empty")
        glow = ft.Container(pile, border_radius=sz.radius + 4, padding=3,
                            border=ft.Border.all(2.5, theme.GOLD_LIGHT if drawable else "#00000000"),
                            on_click=None if self.read_only else (lambda e: self.talon_tapped()), ink=False)
        caption = ft.Text(self.t("kc.draw") if drawable else (str(n) if n else ""), size=11,
                          color=theme.GOLD_LIGHT if drawable else IVORY_SOFT, no_wrap=True)
        return ft.Semantics(identifier="talon", label=label, button=True, exclude_semantics=True,
                            content=ft.Column([glow, caption] if drawable else [glow], spacing=2, tight=True,
                                              horizontal_alignment=ft.CrossAxisAlignment.CENTER))


def lifted_pile(stack: ft.Control) -> ft.Control:
    """A pile as it follows the finger (like the kit's lifted card)."""
    return ft.Semantics(exclude_semantics=True, content=ft.Container(
        stack, scale=1.06, shadow=[ft.BoxShadow(blur_radius=18, spread_radius=1, offset=ft.Offset(0, 8),
                                                color=ft.Colors.with_opacity(0.5, "#000000"))]))

