"""Drag as well as tap: a card can be dragged onto a lit place, and tap-then-tap keeps working.

The kit's drag knows no rules either: the table makes only the cards that may move
draggable and only the legal places drop zones; a drop calls the table with the card.
Dragging is animated by the client (Flutter's ``Draggable``), so nothing is sent while a
card is in the air; only the start (to light the zones), hovering and the drop reach the
server. A zone is lit by changing its own properties, never by rebuilding the table:
a rebuild would replace the dragged control and end the drag.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import flet as ft

from app import theme

log = logging.getLogger(__name__)

GROUP = "card"
IDLE = ft.Colors.with_opacity(0.0, theme.GOLD)
READY = ft.Colors.with_opacity(0.75, theme.GOLD)
HOVER = theme.GOLD_LIGHT


def draggable(content: ft.Control, payload: str, feedback: ft.Control, placeholder: ft.Control,
              on_start: Callable[[str], None] | None = None, group: str = GROUP, enabled: bool = True) -> ft.Control:
    """``content`` made draggable: ``feedback`` follows the finger, ``placeholder`` stays behind.

    A card that may not move now stays wrapped with its drag switched off (``enabled``), so
    the table's controls keep their shape from one turn to the next.
    """
    return ft.Draggable(group=group, data=payload, content=content, content_feedback=feedback,
                        content_when_dragging=ft.Container(placeholder, opacity=0.3),
                        max_simultaneous_drags=None if enabled else 0,
                        on_drag_start=(lambda e: on_start(payload)) if on_start else None)


class DropZone:
    """A legal place for a card: its outline glows while a card is dragged, brighter on hover.

    ``accepts`` says which payloads this place takes (default: every one), for tables where
    different things are dragged to different places (a card to some piles, a pile to
    others); ``lit`` draws the zone lit from the start (a tapped card's targets).
    """

    def __init__(self, content: ft.Control, on_drop: Callable[[str], None], *, group: str = GROUP,
                 radius: float = 16, ident: str | None = None, accepts: Callable[[str], bool] | None = None,
                 padding: float = 4, lit: str = "idle") -> None:
        self.on_drop = on_drop
        self.accepts = accepts or (lambda payload: True)
        self.rest = lit
        self.box = ft.Container(content, border_radius=radius, border=ft.Border.all(2.5, IDLE), padding=padding,
                                animate=ft.Animation(140, ft.AnimationCurve.EASE_OUT))
        self._paint(lit)
        self.control = ft.DragTarget(group=group, content=self.box, on_will_accept=self._will_accept,
                                     on_leave=self._leave, on_accept=self._accept, data=ident)

    def _paint(self, state: str) -> None:
        colour = {"idle": IDLE, "ready": READY, "hover": HOVER}[state]
        self.box.border = ft.Border.all(2.5 if state != "hover" else 3.5, colour)
        self.box.bgcolor = ft.Colors.with_opacity(0.12, theme.GOLD) if state == "hover" else None

    def light(self, state: str) -> None:
        """``"idle"``, ``"ready"`` (a card is on its way) or ``"hover"`` (it is over this zone)."""
        self._paint(state)
        try:
            self.box.update()
        except Exception:  # not on the page (a stub page in tests, or the table was left)
            pass

    def _payload(self, e: Any) -> Any:
        return getattr(getattr(e, "src", None), "data", None)

    def _will_accept(self, e: Any) -> None:
        payload = self._payload(e)
        takes = getattr(e, "accept", True) and (not isinstance(payload, str) or self.accepts(payload))
        self.light("hover" if takes else self.rest)

    def _leave(self, e: Any) -> None:
        payload = self._payload(e)
        self.light("ready" if not isinstance(payload, str) or self.accepts(payload) else self.rest)

    def _accept(self, e: Any) -> None:
        card = self._payload(e)
        self.light("idle")
        if isinstance(card, str):
            self.on_drop(card)
        else:
            log.warning("a drop without a card: %r", card)


class DragLights:
    """The drop zones of the drawing on screen, lit together when a drag starts; and the look
    of each card as it follows the finger, made once per card."""

    def __init__(self) -> None:
        self.zones: list[DropZone] = []
        self._lifted: dict[tuple, ft.Control] = {}

    def lifted(self, look: tuple, build: Callable[[], ft.Control]) -> ft.Control:
        """The lifted look ``look`` names (a card and how it is drawn), built on first use.

        Every drawing then hands Flet the very control already on screen, which costs
        nothing to compare or send. It is keyed by its look, so ``kit.morph`` never changes
        it into another; a card is in a hand once, so the control is in one place at a time.
        """
        control = self._lifted.get(look)
        if control is None:
            control = self._lifted[look] = build()
            control.key = "lifted-" + "|".join(map(str, look))
        return control

    def reset(self) -> None:
        """A new drawing: the old zones are gone."""
        self.zones = []

    def add(self, zone: DropZone) -> DropZone:
        self.zones.append(zone)
        return zone

    def remap(self, kept: Callable[[Any], Any]) -> None:
        """The drawing was morphed onto the controls on screen: light those (``kit.morph.Kept``)."""
        for z in self.zones:
            z.box, z.control = kept(z.box), kept(z.control)

    def started(self, payload: str) -> None:
        """A drag began: light the zones that take what is dragged."""
        for z in self.zones:
            if z.accepts(payload):
                z.light("ready")
