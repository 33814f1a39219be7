"""Where each card of the Deck of Spies table is drawn, and how cards fly after a move.

``Flights`` is a mixin for ``SpiesTable``: ``frames`` plans the kit's frame sequence
(``app.tables.kit.motion.Frames``) from the views before and after a move.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.tables.deck_of_spies import layout as geo
from app.tables.deck_of_spies import logic as lg
from app.tables.kit.morph import Kept, morph
from core import cards as cards_mod

DISCARD_SHOWN = 3  # face-up cards drawn on the discard pile (the top ones)


class Flights:
    """Card places and the animation plan."""

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

    def frames(self, before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
        """The animation from ``before`` to ``after`` as build arguments, one dict per frame.

        Frame 1 puts new cards at the pile they come from, frame 2 sends everything to its
        place (cards that left the face-up places fly to their pile as ghosts); cards drawn
        from the draw pile follow in frames 3 and 4, after the play has landed. Without new
        cards to put in place (most counters: the next spy appears where it lies) frame 1
        would show what is already on screen, so the flight begins with frame 2 at once, sent
        as a lead (``lead``): the cards on screen set off, and the rest of the table (the
        next spy, the counts, the status line) follows when they have landed.
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
        # Cards leaving the hand keep their hand look until they have landed (``SpiesTable._card``).
        was_hand = frozenset(before.get("hand") or ()) - frozenset(after.get("hand") or ())
        frames = [
            {"hide": drawn, "place": start, "ghosts": stay, "backs": backs, "moving": moved, "wait": 0.06,
             "was_hand": was_hand},
            {"hide": drawn, "ghosts": gone, "backs": backs, "moving": moved | set(gone),
             "wait": self.duration / 1000 + 0.05, "was_hand": was_hand, "lead": not start},
        ][0 if start else 1:]
        if drawn:
            src = self.zone_slot("draw")
            frames.append({"place": {c: src for c in drawn}, "moving": drawn, "wait": 0.06})
            frames.append({"moving": drawn, "wait": self.duration / 1000 + 0.05})
        frames.append({"wait": 0, "result": True})
        return frames

    def lead(self, view: dict[str, Any], frame: dict[str, Any]) -> list[ft.Control] | None:
        """The frame's moving cards that are on screen, changed to look as in the frame; the
        controls to update (None: draw the frame whole, as when none of them is on screen).

        A whole drawing after a tap (the next spy and the status line added, the cards
        reordered) costs the server about 40 ms and the web client 50-150 ms before anything
        moves; changing a few cards in place costs a fraction of that, so the cards leave at
        once. Cards that are not on screen yet (the next spy) come with the next frame.
        """
        if self.guide.tour is not None and not self.guide.done:
            return None  # the coach lights parts of whole drawings
        on_screen = {c.key: c for c in self.root.controls if isinstance(c, ft.Container)}
        slots, ghosts = self.card_slots(view), frame.get("ghosts") or {}
        was_hand = frame.get("was_hand", frozenset())
        kept = Kept()
        for card in frame.get("moving", ()):
            old = on_screen.get(f"c-{card}")
            if old is None or card in frame.get("hide", ()):
                continue
            if card in slots:
                fresh = self._card(card, slots[card], view, was_hand=card in was_hand)
            elif card in ghosts:
                fresh = self._card(card, ghosts[card], view, ghost=True, face_down=card in frame.get("backs", ()),
                                   was_hand=card in was_hand)
            else:
                continue
            if morph(old, fresh, kept) is not old:
                # A card that is a new control in the frame: draw the frame whole, and send all
                # of it (cards changed here already are not changed by that drawing).
                self._unsent = [self.root]
                return None
        # Nothing on screen moves (a retirement's "done" that only draws): the whole frame at once,
        # or the tap would show nothing until the cards drawn fly in.
        return kept.roots() or None

    def build_frame(self, view: dict[str, Any], frame: dict[str, Any]) -> list[ft.Control]:
        return self.build(view, hide=frame.get("hide", frozenset()), place=frame.get("place"),
                          ghosts=frame.get("ghosts"), moving=frame.get("moving", frozenset()),
                          backs=frame.get("backs", frozenset()), result=frame.get("result", False),
                          was_hand=frame.get("was_hand", frozenset()))
