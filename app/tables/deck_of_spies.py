"""The Deck of Spies table: the spy, your piles and hand, counter/recruit/assassinate/retire.

It draws only ``session.view(0)`` (the draw pile is a face-down count, never
faces) and asks the engine what is legal; the wording comes from
``deck_of_spies_logic``. The table is one ``Stack`` laid out by
``deck_of_spies_layout``: every card is a keyed, absolutely placed control, so a
redraw with new positions makes Flutter fly the card there (recruited spy to the
discard pile, drawn cards into the hand …), at the animation speed of the
settings. Hints and animations run in tasks (``page.run_task``), the hint's
search in a worker thread, so the UI never freezes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import flet as ft

from app import theme
from app.tables import deck_of_spies_deal as deal
from app.tables import deck_of_spies_layout as geo
from app.tables import deck_of_spies_logic as lg
from app.tables import deck_of_spies_panels as panels
from app.tables import deck_of_spies_strings  # noqa: F401  (registers the texts)
from app.tables.driver import TableDriver
from app.widgets import card as card_widget
from core import cards as cards_mod
from core.games import deck_of_spies as dos

log = logging.getLogger(__name__)

APPBAR = 56  # the play screen's app bar (Flutter's toolbar height)
DURATIONS = {"slow": 650, "normal": 380, "fast": 200, "off": 0}  # ms per card flight
DISCARD_SHOWN = 3  # face-up cards drawn on the discard pile (the top ones)
RED_SOFT = "#ffb4ab"
SCRIM = ft.Colors.with_opacity(0.28, "#000000")
GOLD_LINE = ft.Colors.with_opacity(0.28, theme.GOLD)
MINE, SPIES, OPEN = theme.GOLD, "#c2374f", ft.Colors.with_opacity(0.22, theme.IVORY)


class SpiesTable:
    """One open Deck of Spies game on screen: selection, hint and animation state above the
    session; ``build`` draws a view, the handlers turn taps into engine actions."""

    def __init__(self, app_state: Any, session: Any) -> None:
        self.state = app_state
        self.ui = app_state.ui
        self.session = session
        self.driver = TableDriver(app_state, session, self._applied)
        self.selected: set[str] = set()
        self.hint: lg.Hint | None = None
        self.hint_busy = False
        self.message: str | None = None
        self.show_result = True
        page = getattr(self.ui, "page", None)
        w = getattr(page, "width", None) or 390
        h = (getattr(page, "height", None) or 844) - APPBAR
        self.size = (float(w), float(h))
        self.layout = geo.compute(*self.size)
        self.shown: dict[str, Any] = self.view()  # the view the cards on screen show
        self.anim_future: Any = None
        self.root = ft.Stack(expand=True, clip_behavior=ft.ClipBehavior.HARD_EDGE)

    # --- small helpers -------------------------------------------------------------------

    def t(self, key: str, **kw: Any) -> str:
        return self.ui.t(key, **kw)

    @property
    def lang(self) -> str:
        return self.state.lang

    def view(self) -> dict[str, Any]:
        return self.session.view(0)

    @property
    def duration(self) -> int:
        return DURATIONS.get(getattr(self.state.settings, "speed", "normal"), DURATIONS["normal"])

    def _anim(self) -> ft.Animation | None:
        d = self.duration
        return ft.Animation(d, ft.AnimationCurve.EASE_IN_OUT_CUBIC) if d else None

    def _can_animate(self) -> bool:
        page = getattr(self.ui, "page", None)
        return self.duration > 0 and hasattr(page, "run_task")

    def _update(self) -> None:
        try:
            self.root.update()
        except Exception:  # not on the page (yet, or any more): the next build shows it
            pass

    # --- drawing -----------------------------------------------------------------------------

    def control(self) -> ft.Control:
        self.root.controls = self.build(self.shown)
        return ft.Container(self.root, expand=True, gradient=theme.TABLE_GRADIENT,
                            on_size_change=self._resized, size_change_interval=80)

    def _resized(self, e: Any) -> None:
        size = (float(e.width), float(e.height))
        if abs(size[0] - self.size[0]) > 1 or abs(size[1] - self.size[1]) > 1:
            self.size = size
            self.layout = geo.compute(*size)
            self.stop_animation()
            self.redraw_now()

    def stop_animation(self) -> None:
        """A tap during a flight: finish it at once (the next redraw shows the end)."""
        if self.anim_future is not None and not self.anim_future.done():
            self.anim_future.cancel()
        self.anim_future = None

    def redraw_now(self) -> None:
        self.shown = self.view()
        self.root.controls = self.build(self.shown)
        self._update()

    def build(self, view: dict[str, Any], hide: set[str] | frozenset[str] = frozenset(),
              place: dict[str, geo.Slot] | None = None, ghosts: dict[str, geo.Slot] | None = None,
              moving: set[str] | frozenset[str] = frozenset(),
              backs: set[str] | frozenset[str] = frozenset(), result: bool = True) -> list[ft.Control]:
        """Every part of the table for ``view``; ``hide``/``place``/``ghosts``/``moving``/``backs``
        are for animation frames (cards not yet shown, cards at a start position, cards that
        left the view flying to their pile, cards drawn on top, cards turned face down);
        ``result`` False keeps the end screen back until the last card has landed."""
        L = self.layout
        place = place or {}
        ghosts = ghosts or {}
        parts: list[ft.Control] = [self._hud(view), self._panel("stage-bg", L.stage), self._panel("deck-bg", L.deck)]
        info, medallion = self._spy_info(view)
        parts += info
        piles, badges = self._piles(view)
        parts += piles
        parts.append(self._status(view))
        parts += self._buttons(view)
        # cards: piles first, then the hand, the spy, and anything in flight on top
        slots = self.card_slots(view)
        placed: list[tuple[int, ft.Control]] = []
        for order, (card, slot) in enumerate(slots.items()):
            if card in hide:
                continue
            s = place.get(card, slot)
            z = order + (1000 if card in moving or card in place else 0)
            placed.append((z, self._card(card, s, view)))
        for card, s in ghosts.items():
            if card not in slots:
                placed.append((2000, self._card(card, s, view, ghost=True, face_down=card in backs)))
        placed.sort(key=lambda p: p[0])
        parts += [c for _, c in placed]
        parts += medallion + badges
        parts += self._pile_targets(view)
        if view.get("over") and self.show_result and result:
            parts.append(self._end_overlay(view))
        return parts

    def card_slots(self, view: dict[str, Any]) -> dict[str, geo.Slot]:
        """Where each face-up card of ``view`` is drawn, bottom-most first."""
        L = self.layout
        out: dict[str, geo.Slot] = {}
        discard = [c for c in view.get("discard") or () if c != cards_mod.UNKNOWN]
        base = L.piles["discard"]
        top = discard[-DISCARD_SHOWN:]
        for i, c in enumerate(top):
            depth = len(top) - 1 - i
            out[c] = geo.Slot(base.x + depth * 1.5, base.y + depth * 2.0, base.scale)
        for c, s in zip(view.get("hand") or (), L.hand_slots(len(view.get("hand") or ()))):
            if c != cards_mod.UNKNOWN:
                out[c] = s
        spy = lg.spy(view)
        if spy:
            out[spy] = L.spy
        return out

    def zone_slot(self, zone: str) -> geo.Slot:
        """Where a card that is not drawn face up sits: the pile it is in."""
        L = self.layout
        if zone in ("draw", "discard", "spy_discard"):
            return L.piles[zone]
        if zone == "removed":
            return L.removed_slot()
        return L.spy  # spy / spies: under the current spy

    def _card(self, card: str, slot: geo.Slot, view: dict[str, Any], ghost: bool = False,
              face_down: bool = False) -> ft.Control:
        L = self.layout
        anim = self._anim()
        in_hand = card in (view.get("hand") or ()) and not ghost
        tap: Callable[[str], None] | None = None
        selected = highlighted = disabled = False
        if in_hand and not view.get("over") and not self.hint_busy:
            phase = view.get("phase")
            if phase == "retire":
                if card in lg.retirable(view["hand"]):
                    tap = self.toggle
                else:
                    disabled = True
            elif not lg.must_assassinate(view):
                tap = self.toggle
            selected = card in self.selected
            highlighted = bool(self.hint and card in self.hint.cards)
        if card == lg.spy(view) and not ghost:
            highlighted = True
        # A card going into the draw pile turns face down at once: the pile's cards are never
        # shown. The inner key changes with the card's role (tappable or not): Flutter web sets
        # a semantics node's identifier only when the node is made, so a node that turns from
        # button to plain (or back) must be made afresh to keep its ``card-XX`` identifier.
        face = card_widget.card_view(cards_mod.UNKNOWN if face_down else card, self.lang, L.card,
                                     self.state.settings.card_back, selected=selected,
                                     highlighted=highlighted, disabled=disabled, on_tap=tap,
                                     key=f"s-{card}-{'back' if face_down else 'tap' if tap else 'plain'}")
        return ft.Container(face, key=f"c-{card}", left=slot.x, top=slot.y, width=L.cw, height=L.ch,
                            scale=slot.scale, animate_position=anim, animate_scale=anim)

    # --- fixed parts ------------------------------------------------------------------------

    def _panel(self, key: str, box: geo.Box) -> ft.Control:
        return ft.Container(key=key, left=box.x, top=box.y, width=box.w, height=box.h, border_radius=18,
                            bgcolor=SCRIM, border=ft.Border.all(1, GOLD_LINE))

    def _hud(self, view: dict[str, Any]) -> ft.Control:
        L = self.layout
        n = lg.spy_number(view)
        tl = lg.tally(view)
        number = dos.game_number(int(view.get("seed", 0)))
        meta = getattr(self.session, "meta", None) or {}
        game_bits: list[ft.Control] = []
        if meta.get("daily"):
            game_bits.append(ft.Container(
                ft.Text(self.t("spies.hud.daily"), size=11, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
                bgcolor=theme.GOLD, border_radius=10, padding=ft.Padding.symmetric(horizontal=8, vertical=2)))
        game_bits.append(ft.Text(self.t("spies.hud.game", number=number), size=12.5, color=theme.IVORY,
                                 opacity=0.8, font_family=theme.SANS))
        done = n - 1 if not view.get("over") else lg.TOTAL_SPIES
        head = ft.Row([
            ft.Text(self.t("spies.hud.spy", n=n, total=lg.TOTAL_SPIES) if not view.get("over")
                    else self.t("play.over"), size=15, font_family=theme.SANS_BOLD, color=theme.IVORY),
            ft.Row(game_bits, spacing=8, tight=True),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        bar = ft.ProgressBar(value=done / lg.TOTAL_SPIES, color=theme.GOLD, height=3, border_radius=2,
                             bgcolor=ft.Colors.with_opacity(0.18, theme.IVORY))
        pip = 11 if L.mode == "landscape" else (8 if L.width < 380 else 9)
        pips = self.pips(tl, pip)
        tally_text = ft.Text(self.t("spies.tally", need=tl.need, mine=tl.mine, spies=tl.spies),
                             size=13.5 if L.mode == "landscape" else (11.5 if L.width < 380 else 12.5),
                             color=theme.IVORY, font_family=theme.SANS_BOLD, no_wrap=True)
        tally = ft.Semantics(
            label=self.t("spies.tally.a11y", need=tl.need, mine=tl.mine, spies=tl.spies, open=tl.open),
            identifier="spies-tally",
            content=ft.Row([ft.Row([ft.Icon(ft.Icons.WORKSPACE_PREMIUM, color=theme.GOLD, size=16), pips],
                                   spacing=5, tight=True), tally_text],
                           alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER))
        if L.mode == "landscape":
            body = ft.Row([
                ft.Container(ft.Column([head, bar], spacing=6, tight=True), width=L.width * 0.42),
                ft.Container(tally, expand=True, padding=ft.Padding.only(left=28)),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        else:
            body = ft.Column([head, bar, tally], spacing=7, tight=True)
        return ft.Container(
            body, key="hud", left=0, top=0, width=L.hud.w, height=L.hud.h,
            padding=ft.Padding.symmetric(horizontal=L.pad + 4, vertical=8),
            bgcolor=ft.Colors.with_opacity(0.32, "#000000"),
            border=ft.Border.only(bottom=ft.BorderSide(1.5, ft.Colors.with_opacity(0.55, theme.GOLD))),
            alignment=ft.Alignment.CENTER_LEFT)

    def pips(self, tl: lg.Tally, size: float) -> ft.Control:
        pips: list[ft.Control] = []
        for i in range(lg.FACES):
            if i < tl.mine:
                colour, border = MINE, None
            elif i >= lg.FACES - tl.spies:
                colour, border = SPIES, None
            else:
                colour, border = None, ft.Border.all(1.2, OPEN)
            mark = i == lg.NEED - 1  # the seventh: what a win needs
            pips.append(ft.Container(
                width=size, height=size, border_radius=size / 2, bgcolor=colour, border=border,
                margin=ft.Margin.only(right=4 if mark else 0),
                shadow=[ft.BoxShadow(blur_radius=5, color=ft.Colors.with_opacity(0.6, theme.GOLD))]
                if mark and i < tl.mine else None))
        return ft.Row(pips, spacing=3, tight=True)

    def _spy_info(self, view: dict[str, Any]) -> tuple[list[ft.Control], list[ft.Control]]:
        L = self.layout
        box = L.spy_info
        spy = lg.spy(view)
        out: list[ft.Control] = []
        if view.get("over") or not spy:
            return out, []
        vis = L.spy_visual()
        # the value medallion on the spy card's corner
        m = 34 if L.mode == "portrait" else 44
        medallion = ft.Container(
            ft.Text(str(lg.value(spy)), size=m * 0.48, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
            key="spy-value", left=vis.right - m * 0.62, top=vis.y - m * 0.38, width=m, height=m,
            border_radius=m / 2, bgcolor=theme.GOLD, alignment=ft.Alignment.CENTER,
            border=ft.Border.all(2, theme.GOLD_LIGHT),
            shadow=[ft.BoxShadow(blur_radius=6, offset=ft.Offset(0, 2), color=ft.Colors.with_opacity(0.5, "#000"))])
        group = lg.current_group(view)
        chips: list[ft.Control] = []
        for g, n in lg.group_counts(view):
            current = g == group
            chips.append(ft.Semantics(label=self.t("spies.group.a11y", group=self.t(f"spies.group.{g}"), n=n),
                                      content=ft.Container(
                ft.Column([
                    ft.Text(self.t(f"spies.group.{g}"), size=11, font_family=theme.SANS_BOLD,
                            color=theme.FELT_DARK if current else theme.GOLD_LIGHT),
                    ft.Text(str(n), size=16 if L.mode == "portrait" else 19, font_family=theme.SANS_BOLD,
                            color=theme.FELT_DARK if current else theme.IVORY),
                ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                bgcolor=theme.GOLD if current else ft.Colors.with_opacity(0.25, "#000000"),
                border=None if current else ft.Border.all(1, GOLD_LINE),
                border_radius=10, padding=ft.Padding.symmetric(horizontal=6, vertical=3), expand=True,
                opacity=0.45 if n == 0 else 1.0)))
        last = len(view.get("spies") or ()) == 1 and view.get("phase") == "play"
        big = L.mode == "landscape"
        name = cards_mod.name(spy, self.lang)
        lines: list[ft.Control] = [
            ft.Text((self.t("spies.last_spy") if last else self.t("spies.current")).upper(), size=11,
                    font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT, style=ft.TextStyle(letter_spacing=1.2)),
            ft.Text(name, font_family=theme.DISPLAY, size=(26 if len(name) <= 14 else 22) if big else 19,
                    color=theme.IVORY, max_lines=2 if big else 1, overflow=ft.TextOverflow.ELLIPSIS),
            ft.Row([
                ft.Container(ft.Text(self.t("spies.value", v=lg.value(spy)), size=13, font_family=theme.SANS_BOLD,
                                     color=theme.FELT_DARK), bgcolor=theme.GOLD_LIGHT, border_radius=8,
                             padding=ft.Padding.symmetric(horizontal=8, vertical=2)),
                ft.Image(src=card_widget.suit_asset(spy[1]), width=18, height=18),
            ], spacing=8, tight=True),
            ft.Container(height=6 if big else 2),
            ft.Text(self.t("spies.groups"), size=11, color=theme.IVORY, opacity=0.75),
            ft.Row(chips, spacing=6),
        ]
        out.append(ft.Container(ft.Column(lines, spacing=4 if big else 3, tight=True), key="spy-info",
                                left=box.x, top=box.y, width=box.w, height=box.h,
                                alignment=ft.Alignment.CENTER_LEFT))
        return out, [medallion]

    def _piles(self, view: dict[str, Any]) -> tuple[list[ft.Control], list[ft.Control]]:
        """The piles' places, backs and names (under the cards) and their count badges (over them)."""
        L = self.layout
        out: list[ft.Control] = []
        badges: list[ft.Control] = []
        back = self.state.settings.card_back
        counts = {"draw": int(view.get("draw_count", len(view.get("draw") or ()))),
                  "discard": len(view.get("discard") or ()), "spy_discard": len(view.get("spy_discard") or ())}
        for name in ("draw", "discard", "spy_discard"):
            slot = L.piles[name]
            n = counts[name]
            vis = L.pile_visual(name)
            if n == 0 or name == "discard":
                # an empty place (under the discard pile's face-up cards it is never seen)
                out.append(ft.Container(key=f"place-{name}", left=vis.x, top=vis.y, width=vis.w, height=vis.h,
                                        border_radius=8, border=ft.Border.all(1.5, GOLD_LINE),
                                        bgcolor=ft.Colors.with_opacity(0.12, "#000000")))
            if n and name != "discard":
                # a face-down pile: a back or two underneath for thickness, then the top back
                for depth in range(min(2, n - 1), -1, -1):
                    out.append(ft.Container(
                        card_widget.card_view(cards_mod.UNKNOWN, self.lang, L.card, back), key=f"back-{name}-{depth}",
                        left=slot.x + depth * 1.5, top=slot.y + depth * 2.0, width=L.cw, height=L.ch,
                        scale=slot.scale))
            lb = L.pile_labels[name]
            w = max(lb.w, 96.0)
            x = min(max(lb.x + lb.w / 2 - w / 2, L.deck.x + 4), L.deck.right - 4 - w)
            out.append(ft.Container(
                ft.Text(self.t(f"spies.{name}"), size=11.5 if L.mode == "portrait" else 13, color=theme.IVORY,
                        opacity=0.85, no_wrap=True, text_align=ft.TextAlign.CENTER),
                key=f"label-{name}", left=x, top=lb.y, width=w, height=lb.h, alignment=ft.Alignment.CENTER))
            badge_h = 20
            badges.append(ft.Container(
                ft.Text(str(n), size=12, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
                key=f"count-{name}", left=vis.right - 16, top=vis.y - 8, height=badge_h,
                bgcolor=theme.GOLD if n else ft.Colors.with_opacity(0.7, theme.GOLD_DARK), border_radius=10,
                padding=ft.Padding.symmetric(horizontal=7), alignment=ft.Alignment.CENTER,
                border=ft.Border.all(1.5, theme.FELT_DARK)))
        line = L.deck_line
        if line.h >= 14:
            n = len(view.get("hand") or ()) + counts["draw"] + counts["discard"]
            out.append(ft.Container(
                ft.Text(self.t("spies.deck_line", n=n, faces=lg.tally(view).mine), size=12 if L.mode == "portrait"
                        else 13, color=theme.GOLD_LIGHT, opacity=0.9, text_align=ft.TextAlign.CENTER, no_wrap=True),
                key="deck-line", left=line.x, top=line.y, width=line.w, height=line.h, alignment=ft.Alignment.CENTER))
        # sacrificed aces: small tags
        removed = list(view.get("removed") or ())
        r = L.removed
        if removed and r.w > 30:
            tags = [ft.Container(ft.Text(lg.card_text(c, self.lang), size=13, font_family=theme.SANS_BOLD,
                                         color=card_widget.ink(c)), bgcolor=theme.IVORY, border_radius=6, opacity=0.85,
                                 padding=ft.Padding.symmetric(horizontal=6, vertical=2)) for c in removed]
            out.append(ft.Container(ft.Column([
                ft.Text(self.t("spies.removed"), size=10.5, font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT,
                        no_wrap=True),
                ft.Row(tags, wrap=True, spacing=4, run_spacing=4, alignment=ft.MainAxisAlignment.CENTER),
            ], spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER), key="removed",
                left=r.x, top=r.y, width=r.w, height=r.h, alignment=ft.Alignment.CENTER))
        return out, badges

    def _pile_targets(self, view: dict[str, Any]) -> list[ft.Control]:
        """Invisible tap targets over the two open piles (their sheets list the cards)."""
        L = self.layout
        out = []
        for name, ident in (("discard", "spies-discard"), ("spy_discard", "spies-spy-discard")):
            vis = L.pile_visual(name)
            lb = L.pile_labels[name]
            n = len(view.get(name) or ())
            label = self.t("spies.pile.open", pile=self.t(f"spies.{name}"), n=n)
            out.append(ft.Container(
                ft.Semantics(label=label, button=True, identifier=ident, content=ft.Container(
                    on_click=lambda e, n_=name: self.open_pile(n_), bgcolor="#00000000", border_radius=10,
                    tooltip=label, expand=True)),
                key=f"tap-{name}", left=vis.x - 6, top=vis.y - 6, width=vis.w + 12, height=lb.bottom - vis.y + 6))
        return out

    # --- status line and buttons --------------------------------------------------------------

    def _status(self, view: dict[str, Any]) -> ft.Control:
        L = self.layout
        box = L.status
        content: ft.Control
        border = GOLD_LINE
        if self.hint_busy:
            content = ft.Row([ft.ProgressRing(width=18, height=18, stroke_width=2.5, color=theme.GOLD),
                              ft.Text(self.t("spies.hint.thinking"), color=theme.IVORY, size=13.5)], spacing=10)
        elif self.message:
            content = ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=RED_SOFT, size=20),
                              ft.Text(self.message, color=RED_SOFT, size=13, expand=True, max_lines=3,
                                      overflow=ft.TextOverflow.ELLIPSIS)], spacing=10)
        elif self.hint is not None and not view.get("over"):
            border = theme.GOLD
            content = ft.Row([ft.Icon(ft.Icons.LIGHTBULB, color=theme.GOLD, size=22),
                              ft.Container(ft.Semantics(identifier="spies-hint-text", key="spies-hint-text",
                                                        content=ft.Text(
                                  self.hint.text, color=theme.IVORY, size=12.5 if L.mode == "portrait" else 13.5,
                                  max_lines=3, overflow=ft.TextOverflow.ELLIPSIS)), expand=True)],
                             spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        elif view.get("over"):
            e = lg.ending(view)
            text = lg.ending_text(e, self.t) if e else self.t("play.over")
            content = ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS if e and e.won else ft.Icons.FLAG, color=theme.GOLD),
                              ft.Text(text, color=theme.IVORY, size=13, expand=True, max_lines=2,
                                      overflow=ft.TextOverflow.ELLIPSIS)], spacing=10)
        elif view.get("phase") == "retire":
            rs = lg.retire_status(view.get("hand") or (), self.selected, self.t, self.lang)
            content = ft.Row([ft.Icon(ft.Icons.BEACH_ACCESS, color=theme.GOLD, size=22),
                              ft.Text(rs.reason, color=theme.IVORY, size=13, expand=True, max_lines=3,
                                      overflow=ft.TextOverflow.ELLIPSIS)], spacing=10)
        elif lg.must_assassinate(view):
            s = lg.spy(view)
            border = RED_SOFT
            content = ft.Row([ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color=RED_SOFT, size=22),
                              ft.Text(self.t("spies.must_assassinate", total=lg.total(view.get("hand") or ()),
                                             need=lg.value(s) if s else 0),
                                      color=theme.IVORY, size=12.5, expand=True, max_lines=3,
                                      overflow=ft.TextOverflow.ELLIPSIS)], spacing=10)
        else:
            ps = lg.play_status(view, self.selected, self.t, self.lang)
            reached = ps.total >= ps.need > 0
            colour = theme.GOLD if ps.any else (RED_SOFT if reached else theme.IVORY)
            badge = ft.Semantics(label=self.t("spies.sum.a11y", total=ps.total, need=ps.need),
                                 identifier="spies-sum", key="spies-sum", content=ft.Column([
                ft.Text(self.t("spies.sum").upper(), size=9.5, font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT,
                        style=ft.TextStyle(letter_spacing=1)),
                ft.Row([ft.Text(str(ps.total), size=24, font_family=theme.SANS_BOLD, color=colour),
                        ft.Text(f"/ {ps.need}", size=15, color=theme.IVORY, opacity=0.8)],
                       spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.END),
            ], spacing=0, tight=True))
            bar = ft.ProgressBar(value=min(1.0, ps.total / ps.need) if ps.need else 0, height=5,
                                 border_radius=3, color=colour, bgcolor=ft.Colors.with_opacity(0.15, theme.IVORY))
            reason = ft.Text(ps.reason, color=theme.IVORY, size=12.5, max_lines=2, opacity=0.92,
                             overflow=ft.TextOverflow.ELLIPSIS)
            content = ft.Row([badge, ft.Column([bar, reason], spacing=6, expand=True, tight=True)], spacing=14,
                             vertical_alignment=ft.CrossAxisAlignment.CENTER)
        return ft.Container(content, key="status", left=box.x, top=box.y, width=box.w, height=box.h,
                            padding=ft.Padding.symmetric(horizontal=14, vertical=6), border_radius=16,
                            bgcolor=ft.Colors.with_opacity(0.38, "#000000"), border=ft.Border.all(1.2, border),
                            alignment=ft.Alignment.CENTER_LEFT)

    def _button(self, ident: str, label: str, icon: str, on_click: Callable[[], None], enabled: bool,
                style: str = "gold", glow: bool = False, expand: bool = True, height: float = 52) -> ft.Control:
        colours = {"gold": (theme.GOLD, theme.FELT_DARK), "ivory": (theme.IVORY, theme.FELT_DARK),
                   "danger": (theme.BURGUNDY, theme.IVORY), "quiet": (ft.Colors.with_opacity(0.35, "#000000"),
                                                                     theme.IVORY)}
        bg, fg = colours[style]
        compact = self.layout.tools is None
        btn = ft.FilledButton(
            label, icon=None if compact else icon, disabled=not enabled, on_click=lambda e: on_click(),
            height=height,
            style=ft.ButtonStyle(
                bgcolor={ft.ControlState.DISABLED: ft.Colors.with_opacity(0.22, "#000000"),
                         ft.ControlState.DEFAULT: bg},
                color={ft.ControlState.DISABLED: ft.Colors.with_opacity(0.45, theme.IVORY),
                       ft.ControlState.DEFAULT: fg},
                icon_color={ft.ControlState.DISABLED: ft.Colors.with_opacity(0.45, theme.IVORY),
                            ft.ControlState.DEFAULT: fg},
                side={ft.ControlState.DISABLED: ft.BorderSide(1, ft.Colors.with_opacity(0.25, theme.IVORY)),
                      ft.ControlState.DEFAULT: ft.BorderSide(1.2, GOLD_LINE) if style == "quiet"
                      else ft.BorderSide(0, ft.Colors.TRANSPARENT)},
                text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=14 if compact else 15),
                shape=ft.RoundedRectangleBorder(radius=14),
                padding=ft.Padding.symmetric(horizontal=6 if compact else 10)))
        wrapped = ft.Container(
            # keyed by identifier and state: a reused semantics node would keep a stale identifier
            ft.Semantics(identifier=ident, content=btn, key=f"{ident}-{enabled}"), expand=expand,
            border_radius=16,
            shadow=[ft.BoxShadow(blur_radius=16, spread_radius=2, color=theme.GOLD_LIGHT)] if glow else None)
        return wrapped

    def _icon_button(self, ident: str, label: str, icon: str, on_click: Callable[[], None], enabled: bool,
                     glow: bool = False) -> ft.Control:
        box = ft.Container(
            ft.Icon(icon, color=theme.IVORY if enabled else ft.Colors.with_opacity(0.4, theme.IVORY), size=22),
            width=52, height=52, border_radius=14, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.with_opacity(0.35, "#000000"), border=ft.Border.all(1.2, GOLD_LINE),
            on_click=(lambda e: on_click()) if enabled else None, tooltip=label,
            shadow=[ft.BoxShadow(blur_radius=14, spread_radius=1, color=theme.GOLD_LIGHT)] if glow else None)
        return ft.Semantics(identifier=ident, label=label, button=True, key=f"{ident}-{enabled}", content=box)

    def _buttons(self, view: dict[str, Any]) -> list[ft.Control]:
        L = self.layout
        busy = self.hint_busy
        hk = self.hint.kind if self.hint else None
        main: list[ft.Control] = []
        over = bool(view.get("over"))
        if over:
            main.append(self._button("spies-result", self.t("spies.end.result"), ft.Icons.EMOJI_EVENTS,
                                     self.reopen_result, True))
        elif view.get("phase") == "retire":
            rs = lg.retire_status(view.get("hand") or (), self.selected, self.t, self.lang)
            main.append(self._button("spies-retire", self.t("spies.retire"), ft.Icons.BEACH_ACCESS, self.retire,
                                     rs.ok and not busy, glow=hk == "retire"))
            main.append(self._button("spies-done", self.t("spies.done"), ft.Icons.CHECK, self.done, not busy,
                                     style="ivory", glow=hk == "done"))
        elif lg.must_assassinate(view):
            main.append(self._button("spies-assassinate", self.t("spies.assassinate"), ft.Icons.GPS_FIXED,
                                     self.ask_assassinate, not busy, style="danger", glow=hk == "assassinate"))
        else:
            ps = lg.play_status(view, self.selected, self.t, self.lang)
            main.append(self._button("spies-counter", self.t("spies.counter"), ft.Icons.SHIELD_OUTLINED,
                                     lambda: self.play("counter"), ps.can_counter and not busy, style="ivory",
                                     glow=hk == "counter" and ps.can_counter))
            main.append(self._button("spies-recruit", self.t("spies.recruit"), ft.Icons.HANDSHAKE_OUTLINED,
                                     lambda: self.play("recruit"), ps.can_recruit and not busy,
                                     glow=hk == "recruit" and ps.can_recruit))
        can_undo = bool(self.session.actions) and not busy
        out: list[ft.Control] = []
        b = L.buttons
        if L.tools is None:  # compact phone: hint and undo as icon buttons at the ends
            row = ft.Row([self._icon_button("spies-hint", self.t("spies.hint"), ft.Icons.LIGHTBULB_OUTLINE,
                                            self.ask_hint, not over and not busy),
                          *main,
                          self._icon_button("spies-undo", self.t("spies.undo"), ft.Icons.UNDO, self.undo, can_undo)],
                         spacing=8)
        else:
            row = ft.Row(main, spacing=10)
            tb = L.tools
            tools = ft.Row([
                self._button("spies-hint", self.t("spies.hint"), ft.Icons.LIGHTBULB_OUTLINE, self.ask_hint,
                             not over and not busy, style="quiet", height=tb.h),
                self._button("spies-undo", self.t("spies.undo"), ft.Icons.UNDO, self.undo, can_undo, style="quiet",
                             height=tb.h),
            ], spacing=10)
            out.append(ft.Container(tools, key="tools", left=tb.x, top=tb.y, width=tb.w, height=tb.h))
        out.insert(0, ft.Container(row, key="buttons", left=b.x, top=b.y, width=b.w, height=b.h))
        return out

    # --- end of game ----------------------------------------------------------------------------

    def _end_overlay(self, view: dict[str, Any]) -> ft.Control:
        return panels.end_overlay(self, view)

    # --- sheets and dialogs ---------------------------------------------------------------------

    def open_pile(self, name: str) -> None:
        self.ui.page.show_dialog(panels.pile_sheet(self, name))

    def ask_assassinate(self) -> None:
        choices = lg.assassinate_choices(self.session.legal())
        if choices:
            hinted = self.hint if self.hint and self.hint.kind == "assassinate" else None
            self.ui.page.show_dialog(panels.assassinate_dialog(self, choices, hinted))

    # --- input ------------------------------------------------------------------------------------

    def toggle(self, card: str) -> None:
        self.stop_animation()
        if self.hint_busy:
            return
        self.message = None
        self.hint = None
        if card in self.selected:
            self.selected.discard(card)
        else:
            view = self.view()
            if view.get("phase") == "retire" and self.selected and \
                    {c[0] for c in self.selected} != {card[0]}:
                self.selected = set()  # another rank: start a new group
            self.selected.add(card)
        self.redraw_now()

    def play(self, kind: str) -> None:
        if not self.selected:
            return
        self.act(lg.play_action(kind, self.selected))

    def retire(self) -> None:
        view = self.view()
        rs = lg.retire_status(view.get("hand") or (), self.selected, self.t, self.lang)
        if not rs.ok:
            return
        action = lg.retire_action(self.selected)
        if rs.aces:
            self.ui.confirm(self.t("spies.retire.aces_title"), self.t("spies.retire.aces_text"),
                            self.t("spies.retire.aces_yes"), lambda: self.act(action), destructive=True)
            return
        self.act(action)

    def done(self) -> None:
        self.act("done")

    def _start_move(self) -> bool:
        """Before a move or an undo: finish any flight, clear the selection, hint and message.
        False while a hint is being computed (the move must wait for it)."""
        self.stop_animation()
        if self.hint_busy:
            return False
        self.selected.clear()
        self.hint = None
        self.message = None
        return True

    def act(self, action: str) -> None:
        if not self._start_move():
            return
        reason = self.driver.apply(action)
        if reason:
            self.message = reason
            self.redraw_now()

    def undo(self) -> None:
        if not self._start_move():
            return
        if not self.driver.undo():
            self.ui.snack(self.t("spies.undo.none"))
            self.redraw_now()

    def ask_hint(self) -> None:
        if self.hint_busy or self.session.over:
            return
        self.hint_busy = True
        self.hint = None
        self.message = None
        self.redraw_now()
        page = self.ui.page
        if hasattr(page, "run_task"):
            page.run_task(self._hint_task)

    async def _hint_task(self) -> None:
        state_before = self.session.state
        self.driver.thinking = True  # no undo from the app bar while the hint reads the game
        try:
            action, _reason = await asyncio.to_thread(self.session.hint)
            if self.session.state is state_before:
                self.apply_hint(action)
        except Exception:
            log.exception("hint failed")
            self.message = self.t("spies.hint.failed")
        finally:
            self.hint_busy = False
            self.driver.thinking = False
        self.redraw_now()

    def apply_hint(self, action: Any) -> lg.Hint:
        """Show a suggestion: its cards selected and glowing, its button glowing, the reason."""
        h = lg.hint_from_action(action, self.view(), self.t, self.lang)
        self.hint = h
        self.selected = set(h.cards) if h.kind in ("counter", "recruit", "retire") else set()
        return h

    def hide_result(self) -> None:
        self.stop_animation()
        self.show_result = False
        self.redraw_now()

    def reopen_result(self) -> None:
        self.stop_animation()
        self.show_result = True
        self.redraw_now()

    def _seats_and_options(self) -> tuple[list[Any], dict[str, Any]]:
        return list(self.session.seats), dict(self.session.state["options"])

    def _launch(self, seed: int, meta: dict[str, Any]) -> None:
        seats, options = self._seats_and_options()
        try:
            new = start_game(self.state, seats, options, seed, meta)
        except Exception as exc:
            self.ui.snack(str(exc), error=True)
            return
        self.ui.navigate(f"/play/{new.game_id}")

    def replay(self) -> None:
        meta = {k: v for k, v in (self.session.meta or {}).items() if k in ("deal", "daily")}
        self._launch(int(self.session.state["seed"]), meta)

    def new_deal(self) -> None:
        if (self.session.meta or {}).get("deal") == "winnable":
            deal.search_and_launch(self.ui, dict(self.session.state["options"]), self._launch)
        else:
            self._launch(deal.random_seed(), {"deal": "random"})

    # --- after an action: remember progress, animate ---------------------------------------------

    def _applied(self, events: list[dict[str, Any]]) -> None:
        self.selected.clear()
        self.hint = None
        before = self.shown
        after = self.view()
        self._note_progress(after)
        self.stop_animation()
        self.show_result = True
        if not self._can_animate():
            self.redraw_now()
            return
        self.shown = after
        self.anim_future = self.ui.page.run_task(self._animate, before, after)

    def _note_progress(self, view: dict[str, Any]) -> None:
        """Keep "spy n of 36" in the game's meta, so Continue shows how far the game is."""
        s = self.session
        text = lg.progress_text(view, self.t) if not view.get("over") else None
        meta = s.meta if isinstance(s.meta, dict) else {}
        if meta.get("progress") == text or s.saver is None:
            return
        if text is None:
            meta.pop("progress", None)
        else:
            meta["progress"] = text
        s.meta = meta
        try:
            s.saver.save_game(s.record())
        except Exception:  # progress is a nicety; the move itself is saved already
            log.warning("could not save the progress line", exc_info=True)

    def frames(self, before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
        """The animation from ``before`` to ``after`` as build arguments, one dict per frame.

        Frame 1 puts new cards at the pile they come from, frame 2 sends everything to its
        place (cards that left the face-up places fly to their pile as ghosts); cards drawn
        from the draw pile follow in frames 3 and 4, after the play has landed.
        """
        old_slots, new_slots = self.card_slots(before), self.card_slots(after)
        old_zone, new_zone = lg.zones(before), lg.zones(after)
        fresh = [c for c in new_slots if c not in old_slots]
        drawn = {c for c in fresh if old_zone.get(c) == "draw"}
        others = [c for c in fresh if c not in drawn]
        start = {c: self.zone_slot(old_zone.get(c, "spies")) for c in others if old_zone.get(c) not in ("spies",)}
        gone = {c: self.zone_slot(new_zone.get(c, "spies")) for c in old_slots if c not in new_slots}
        stay = {c: old_slots[c] for c in gone}
        moved = {c for c in new_slots if c in old_slots and old_slots[c] != new_slots[c]} | set(start)
        backs = {c for c in gone if new_zone.get(c) == "draw"}
        frames = [
            {"hide": drawn, "place": start, "ghosts": stay, "backs": backs, "moving": moved, "wait": 0.06},
            {"hide": drawn, "ghosts": gone, "backs": backs, "moving": moved | set(gone),
             "wait": self.duration / 1000 + 0.05},
        ]
        if drawn:
            src = self.zone_slot("draw")
            frames.append({"place": {c: src for c in drawn}, "moving": drawn, "wait": 0.06})
            frames.append({"moving": drawn, "wait": self.duration / 1000 + 0.05})
        frames.append({"wait": 0, "result": True})
        return frames

    def build_frame(self, view: dict[str, Any], frame: dict[str, Any]) -> list[ft.Control]:
        return self.build(view, hide=frame.get("hide", frozenset()), place=frame.get("place"),
                          ghosts=frame.get("ghosts"), moving=frame.get("moving", frozenset()),
                          backs=frame.get("backs", frozenset()), result=frame.get("result", False))

    async def _animate(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        try:
            for f in self.frames(before, after):
                self.root.controls = self.build_frame(after, f)
                self._update()
                if f["wait"]:
                    await asyncio.sleep(f["wait"])
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("animation failed")
            self.redraw_now()


def start_game(app_state: Any, seats: list[Any], options: dict[str, Any], seed: int,
               meta: dict[str, Any] | None = None) -> Any:
    """Deal a Deck of Spies game with a meta line (how it was dealt); older games stay open."""
    session = app_state.start_game(deal.GAME, seats, options=options, seed=seed)
    session.meta.update(meta or {})
    session.meta["progress"] = lg.progress_text(session.view(0), app_state.t)
    if session.saver is not None:
        session.saver.save_game(session.record())
    return session


def build(app_state: Any, session: Any) -> ft.Control:
    table = SpiesTable(app_state, session)
    control = table.control()
    control.data = table.driver  # the play screen's undo button goes through the driver
    return control
