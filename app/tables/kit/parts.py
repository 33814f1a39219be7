"""Parts of a table's drawing that stay the controls on screen while what they show is the same.

A table draws itself afresh after every tap (``kit.morph`` then changes the screen to
match). Building the controls is most of a tap's time on the server, and much of a
table does not change with a tap: a pick changes the hand, not the opponent's court.
``Parts.part(name, inputs, build)`` returns the control already on screen for ``name``
when ``inputs`` equal those it was built from, and morph passes it over untouched.

What keeps this safe:

- ``inputs`` must hold everything the part's drawing reads that can change; whatever
  stays fixed for a table's life (names, language) may be left out. A hit returns the
  very control on screen, so a part must not hold drop zones, slides or anything else
  a drawing registers as it is built, and nobody may change its controls but morph.
- Parts are off (always built) while the guide lights parts of the table, and all are
  forgotten when the table's ``scope`` changes (another layout, size or viewer): a kept
  part never moves to another place in the tree.
- A name is kept for one drawing at most once; a part not drawn is forgotten.
"""

from __future__ import annotations

from typing import Any, Callable


class Parts:
    def __init__(self, scope: Callable[[], Any]) -> None:
        """``scope()``: what every part depends on (layout, size, viewer …), or None for no keeping."""
        self.scope = scope
        self._shown: dict[str, tuple[Any, Any]] = {}  # name -> (inputs, control on screen)
        self._drawn: dict[str, tuple[Any, Any]] = {}  # the drawing being built
        self._scope: Any = None

    def part(self, name: str, inputs: Any, build: Callable[[], Any]) -> Any:
        """The control for part ``name``: the one on screen if it was built from equal ``inputs``."""
        scope = self.scope()
        if scope is None or name in self._drawn:
            return build()
        if scope != self._scope:
            self._scope, self._shown = scope, {}
        hit = self._shown.get(name)
        # Only a control that reached the page is on screen (Flet sets ``parent`` then).
        kept = hit is not None and hit[0] == inputs and hit[1].parent is not None
        control = hit[1] if kept else build()
        self._drawn[name] = (inputs, control)
        return control

    def remap(self, kept: Callable[[Any], Any]) -> None:
        """The drawing was put on screen (``kit.morph.Kept``): its parts are the ones to keep."""
        self._shown = {name: (inputs, kept(c)) for name, (inputs, c) in self._drawn.items()}
        self._drawn = {}
