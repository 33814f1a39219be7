"""Sound and touch feedback for the card tables.

A table calls one line per event, with its app state (or the shell, or the page)::

    feedback.cue(self.state, "deal")     # also "draw", "play", "take", "shuffle", "illegal", "win", "loss"
    feedback.play(self.state, "take")    # a sound alone (names in sounds.SOUNDS)
    feedback.haptic(self.state, "take")  # a haptic alone, phones only (kinds in sounds.HAPTICS)

Each returns at once, works from handlers and from ``page.run_task`` coroutines, and does
nothing when the settings, the platform or a missing client say so. A name that does not
exist raises ``KeyError``, so a table's unit tests catch a typo.
"""

from __future__ import annotations

from typing import Any

from app.feedback.player import Feedback
from app.feedback.sounds import EVENTS, HAPTICS, SOUNDS, asset

__all__ = ["EVENTS", "HAPTICS", "SOUNDS", "Feedback", "asset", "cue", "haptic", "of", "play"]

SILENT = Feedback(None, None)  # what callers get where no feedback was set up: it does nothing


def of(target: Any) -> Feedback:
    """The Feedback of an app state, a shell or a page (via its shell); ``SILENT`` if it has none."""
    if isinstance(target, Feedback):
        return target
    for holder in (target, getattr(target, "state", None), getattr(getattr(target, "data", None), "state", None)):
        found = getattr(holder, "feedback", None)
        if isinstance(found, Feedback):
            return found
    return SILENT


def cue(target: Any, event: str) -> None:
    """Give an event's sound and haptic (``EVENTS``).

    :raises KeyError: for an unknown event.
    """
    of(target).cue(event)


def play(target: Any, name: str) -> None:
    """Play one sound (``SOUNDS``).

    :raises KeyError: for an unknown sound.
    """
    of(target).play(name)


def haptic(target: Any, kind: str) -> None:
    """Give one haptic on a phone (``HAPTICS``).

    :raises KeyError: for an unknown kind.
    """
    of(target).haptic(kind)
