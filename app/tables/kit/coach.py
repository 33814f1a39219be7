"""The guide's coach on the table: a callout card with the step's text, and the part it points at lit.

The coach is a layer above the table (``Coach.stage``), placed in the first of the
tour's docks that does not cover the part the step points at, with a small pointer
towards that part. The part itself gets a gold outline and glow that pulses a few
times when the step begins; the outline is stroked outside the part and the glow is
drawn only outside it, so nothing under it moves or changes its size.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

import flet as ft

from app import theme
from app.tables.kit.guide import Area, Dock
from app.tables.kit.motion import can_run_tasks
from app.tables.kit.style import IVORY_SOFT, caps

LIT = "guide-lit"  # the data of an emphasis wrapper, so a reused control is not wrapped twice
PULSES = 6  # glow changes after a step begins (three pulses), then it stays lit
PULSE_SECONDS = 0.75
COACH_MAX = 430.0
EDGE_TOP, EDGE_BOTTOM = "#24604a", "#123a2a"
POINTER = 16
POINTER_REACH = 96  # farther away than this, a pointer would seem to point at something in between


def walk(control: Any, path: tuple = ()):
    """Every control under ``control`` along ``content`` and ``controls`` (where tables put theirs),
    with the controls above it."""
    todo = [(control, path)]
    while todo:
        c, above = todo.pop()
        yield c, above
        inner = getattr(c, "content", None)
        below = (*above, c)
        if isinstance(inner, ft.BaseControl):
            todo.append((inner, below))
        todo.extend((x, below) for x in getattr(c, "controls", None) or () if isinstance(x, ft.BaseControl))


def glow(box: ft.Container, on: bool) -> None:
    """The emphasis look: bright while pulsing up, softer between pulses."""
    colour = theme.GOLD_LIGHT if on else theme.GOLD
    box.border = ft.Border.all(side=ft.BorderSide(3 if on else 2, colour,
                                                  stroke_align=ft.BorderSideStrokeAlign.OUTSIDE))
    box.shadow = [ft.BoxShadow(blur_radius=22 if on else 10, spread_radius=3 if on else 1,
                               color=ft.Colors.with_opacity(0.9 if on else 0.55, theme.GOLD_LIGHT),
                               blur_style=ft.BlurStyle.OUTER)]


def emphasise(controls: list[Any], idents: tuple[str, ...], on: bool = True) -> list[ft.Container]:
    """Light every part named in ``idents`` (Semantics identifiers) in ``controls``; returns the wrappers."""
    if not idents:
        return []
    lit: list[ft.Container] = []
    for root in controls:
        for c, above in walk(root):
            if not (isinstance(c, ft.Semantics) and c.identifier in idents and isinstance(c.content, ft.BaseControl)):
                continue
            for outer in above:  # a rounded container clips what it holds: let the glow show
                if isinstance(outer, ft.Container) and outer.border_radius is not None and outer.clip_behavior is None:
                    outer.clip_behavior = ft.ClipBehavior.NONE
            inner = c.content
            if getattr(inner, "data", None) == LIT:
                lit.append(inner)
                continue
            radius = getattr(inner, "border_radius", None)
            box = ft.Container(inner, data=LIT, border_radius=radius if radius is not None else 14,
                               expand=getattr(inner, "expand", None),
                               animate=ft.Animation(int(PULSE_SECONDS * 900), ft.AnimationCurve.EASE_IN_OUT))
            glow(box, on)
            c.content = box
            lit.append(box)
    return lit


def estimate_height(text: str, title: str, width: float) -> float:
    """About how tall the coach card is for these words at this width (for placing it);
    DejaVu Sans at 14 px is about 8.3 px a character, its serif bold at 18 px about 11."""
    inner = max(120.0, width - 28)
    lines = sum(max(1, math.ceil(len(part) * 8.4 / inner)) for part in text.split("\n"))
    title_lines = max(1, math.ceil(len(title) * 11.2 / inner))
    return 22 + 16 + 18 + title_lines * 24 + lines * 19 + 44


def place(docks: list[Dock], target: Area | None, height: float, stage_h: float) -> tuple[Dock, Area]:
    """The first dock whose card would not cover ``target`` (else the one covering it least)."""
    best, best_cover = docks[0], math.inf
    for dock in docks:
        area = dock.area(height, stage_h)
        if target is None or not area.overlaps(target):
            return dock, area
        cover = (min(area.bottom, target.bottom) - max(area.y, target.y))
        if cover < best_cover:
            best, best_cover = dock, cover
    return best, best.area(height, stage_h)


def pointer(area: Area, target: Area | None) -> tuple[str, float] | None:
    """Which edge of the card points at the target ("top", "bottom", "left", "right") and where
    along it, when the target lies straight beyond that edge and near it."""
    if target is None:
        return None
    mx, my = target.x + target.w / 2, target.y + target.h / 2
    if area.x + 18 <= mx <= area.x + area.w - 18:
        if area.y - POINTER_REACH <= target.bottom <= area.y:
            return "top", mx - area.x
        if area.bottom <= target.y <= area.bottom + POINTER_REACH:
            return "bottom", mx - area.x
    if area.y + 18 <= my <= area.bottom - 18:
        if area.x + area.w <= target.x <= area.x + area.w + POINTER_REACH:
            return "right", my - area.y
        if area.x - POINTER_REACH <= target.x + target.w <= area.x:
            return "left", my - area.y
    return None


class Coach:
    """The coach layer of one table and the parts it lights."""

    def __init__(self, guide: Any) -> None:
        self.guide = guide
        self.holder = ft.Container(key="coach-layer", visible=False)
        self.lit: list[ft.Container] = []
        self.pulsed: tuple | None = None  # the step whose pulse has been started
        self.shape: tuple | None = None  # what the card on screen shows, and where
        self.gen = 0

    def t(self, key: str, **kw: Any) -> str:
        return self.guide.table.t(key, **kw)

    def stage(self, root: ft.Control) -> ft.Control:
        return ft.Stack([root, self.holder], expand=True, fit=ft.StackFit.EXPAND,
                        clip_behavior=ft.ClipBehavior.NONE)

    def remap(self, kept: Any) -> None:
        """The drawing was morphed onto the controls on screen: pulse those (``kit.morph.Kept``)."""
        self.lit = [kept(box) for box in self.lit]

    def show(self, controls: list[Any]) -> None:
        """Light the step's part in ``controls`` and place the coach card for the current step."""
        g = self.guide
        if not g.ready():
            self.lit = []
            self.shape = None
            self._set(None)
            return
        table, tour, step = g.table, g.tour, g.step
        self.lit = emphasise(controls, tour.parts(table, g.focus) if g.focus else ())
        stage_h = tour.size(table)[1]
        title, text = self.t(step.title_key), self.t(step.text_key)
        docks = tour.docks(table)
        w = min(COACH_MAX, max(d.w for d in docks))
        target = tour.target(table, g.focus) if g.focus else None
        dock, area = place(docks, target, estimate_height(text, title, min(w, docks[0].w)), stage_h)
        shape = (g.index, g.total, title, text, dock, area, target)
        # The same card stays the same control: a tap on its button during a redraw (a card's
        # flight redraws the table several times) still finds its target.
        if shape != self.shape:
            self.shape = shape
            card = self.card(title, text, step.until is None, min(dock.w, COACH_MAX))
            self._set(self.positioned(card, dock, area, target))
        if self.pulsed != (g.index, id(table)):
            self.pulsed = (g.index, id(table))
            self.pulse()

    def _set(self, content: ft.Control | None) -> None:
        h = self.holder
        if content is None:
            if not h.visible:
                return
            h.visible, h.content = False, None
        else:
            h.visible = True
            h.content = content
            h.left, h.width, h.top, h.bottom = content.data
        try:
            h.update()
        except Exception:  # not on the page (yet): the stage carries it there
            pass

    def positioned(self, card: ft.Control, dock: Dock, area: Area, target: Area | None) -> ft.Control:
        w = min(dock.w, COACH_MAX)
        x = dock.x + (dock.w - w) / 2
        parts: list[ft.Control] = []
        tip = pointer(Area(x, area.y, w, area.h), target)
        if tip is not None:
            edge, at = tip
            at = min(max(at, 26), (w if edge in ("top", "bottom") else area.h) - 26)
            out = -POINTER / 2 + 1  # half the turned square shows beyond the card's edge
            along = {"left": at - POINTER / 2} if edge in ("top", "bottom") else {"top": at - POINTER / 2}
            parts.append(ft.Container(
                width=POINTER, height=POINTER, rotate=ft.Rotate(math.pi / 4), **along, **{edge: out},
                bgcolor=EDGE_BOTTOM if edge == "bottom" else EDGE_TOP, border=ft.Border.all(2, theme.GOLD)))
        parts.append(card)
        stack = ft.Stack(parts, clip_behavior=ft.ClipBehavior.NONE)
        stack.data = (x, w, dock.top, dock.bottom)
        return stack

    def card(self, title: str, text: str, with_button: bool, width: float) -> ft.Control:
        """Step n of m and the progress dots; the title and text; "Skip tour" and "Next"/"Got it"
        (or, where an action advances the step, "Your move")."""
        g = self.guide
        last = g.index == g.total - 1
        dots = ft.Row([ft.Container(width=16 if i == g.index else 6, height=6, border_radius=3,
                                    bgcolor=theme.GOLD if i <= g.index else ft.Colors.with_opacity(0.3, theme.IVORY))
                       for i in range(g.total)], spacing=4, tight=True)
        head = ft.Row([caps(self.t("guide.step", n=g.index + 1, total=g.total), theme.GOLD_LIGHT, 11),
                       ft.Container(expand=True), dots], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        skip = ft.Semantics(identifier="guide-skip", button=True, content=ft.TextButton(
            self.t("guide.skip"), height=44, on_click=lambda e: g.skip(),
            style=ft.ButtonStyle(color=IVORY_SOFT, padding=ft.Padding.only(left=0, right=12),
                                 text_style=ft.TextStyle(font_family=theme.SANS, size=13,
                                                         decoration=ft.TextDecoration.UNDERLINE))))
        if with_button:
            go: ft.Control = ft.Semantics(identifier="guide-next", content=ft.FilledButton(
                self.t("guide.done" if last else "guide.next"), height=44, on_click=lambda e: g.next(),
                icon=None if last else ft.Icons.ARROW_FORWARD_ROUNDED,
                style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK, icon_color=theme.FELT_DARK,
                                     text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=14.5),
                                     shape=ft.RoundedRectangleBorder(radius=14),
                                     padding=ft.Padding.symmetric(horizontal=16))))
        else:
            go = ft.Row([ft.Icon(ft.Icons.TOUCH_APP_OUTLINED, size=16, color=theme.GOLD_LIGHT),
                         ft.Text(self.t("guide.your_move"), size=12.5, color=theme.GOLD_LIGHT, italic=True)],
                        spacing=6, tight=True)
        foot = ft.Row([skip, ft.Container(expand=True), go], spacing=4,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        column = ft.Column([
            head,
            theme.display(title, 18, color=theme.GOLD_LIGHT),
            ft.Text(text, size=14, color=theme.IVORY, style=ft.TextStyle(height=1.35)),
            foot,
        ], spacing=6, tight=True)
        box = ft.Container(
            column, width=width, padding=ft.Padding.only(left=16, right=12, top=14, bottom=8), border_radius=18,
            gradient=ft.LinearGradient(begin=ft.Alignment.TOP_CENTER, end=ft.Alignment.BOTTOM_CENTER,
                                       colors=[EDGE_TOP, EDGE_BOTTOM]),
            border=ft.Border.all(1.5, theme.GOLD),
            shadow=[ft.BoxShadow(blur_radius=24, spread_radius=1, offset=ft.Offset(0, 6),
                                 color=ft.Colors.with_opacity(0.55, "#000000"))])
        # Read as one live region: a screen reader announces each new step.
        return ft.Semantics(identifier="coach", live_region=True, container=True, content=box)

    # --- the pulse -------------------------------------------------------------------------

    def pulse(self) -> None:
        page = getattr(self.guide.table.ui, "page", None)
        self.gen += 1
        if self.lit and can_run_tasks(page) and self.guide.table.duration > 0:
            page.run_task(self._pulse, self.gen)

    async def _pulse(self, gen: int) -> None:
        for i in range(PULSES):
            await asyncio.sleep(PULSE_SECONDS)
            if gen != self.gen:
                return
            on = i % 2 == 1
            for box in list(self.lit):
                glow(box, on)
                try:
                    box.update()
                except Exception:  # redrawn meanwhile: the new drawing is lit already
                    pass
