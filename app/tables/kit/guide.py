"""A guided first game: a few steps that point at a part of the table and say what to do and why.

A game supplies a ``Tour``: a fixed deal (seed, options, the computer's levels) on which
its steps make sense, and the ``Step``s. A step has a text (i18n keys ``<key>.title`` and
``<key>.text``), optionally the identifier of the part of the table it points at
(``"reach"``, ``"take"``, ``"card-7H"``, ``"spies-recruit"`` …), and either a "Next" button
or a condition that advances it. Conditions read a ``Moment``: the player's view, the
table's selection and the engine's events since the last look (masked for the player),
never the hidden state. A new game's steps::

    TOUR = guide.Tour(game="rosenkrieg", seed=41, opponents=("easy", "easy", "easy"), steps=(
        guide.Step("rk.guide.trick", focus="trick"),                       # "Next"
        guide.Step("rk.guide.play", focus="card-AL", until=guide.moved(src="hand:{seat}")),
    ), selection=lambda table: table.selected, ready=lambda table: table.my_turn(table.viewer()))

and one line in ``TOURS`` below. The base ``Table`` holds a ``Guide``; a table draws its
coach by wrapping its root in ``guide.stage(root)`` and passing each drawing through
``guide.dress(controls)``, which advances the step, lights the part it points at and
places the coach card (``app.tables.kit.coach``) where it hides nothing it explains.
The step is kept in the saved game's ``meta["guide"]``, so a guided deal resumes where it
was left.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from app.tables.kit import guide_text  # noqa: F401  (registers the guide's strings)

log = logging.getLogger(__name__)

# game name -> "module:attribute" of its Tour; imported on first use, like app.tables.TABLES.
TOURS: dict[str, str] = {
    "thronfolge": "app.tables.thronfolge.guide:TOUR",
    "deck-of-spies": "app.tables.deck_of_spies.guide:TOUR",
    "rosenkrieg": "app.tables.rosenkrieg.guide:TOUR",
    "kings-corner": "app.tables.kings_corner.guide:TOUR",
}
META_KEY = "guide"


@dataclass(frozen=True)
class Moment:
    """What a step's condition may read: the player's view, the selection, the events since the last look."""

    view: dict[str, Any]
    seat: int | None
    selected: frozenset[str] = frozenset()
    events: tuple[dict[str, Any], ...] = ()


Condition = Callable[[Moment], bool]
Focus = str | Callable[[Moment], str | None] | None


def selected(m: Moment) -> bool:
    """A card is selected."""
    return bool(m.selected)


def moved(src: str | None = None, dst: str | None = None, action: str | None = None) -> Condition:
    """Cards moved from ``src`` to ``dst`` (prefixes; ``{seat}`` is the player's seat), optionally
    by an engine ``action`` ("recruit", "retire" …)."""

    def match(pattern: str | None, place: str, seat: int | None) -> bool:
        return pattern is None or place.startswith(pattern.replace("{seat}", str(seat)))

    def condition(m: Moment) -> bool:
        return any(ev.get("type") == "move" and match(src, str(ev.get("from", "")), m.seat)
                   and match(dst, str(ev.get("to", "")), m.seat)
                   and (action is None or ev.get("action") == action) for ev in m.events)

    return condition


@dataclass(frozen=True)
class Step:
    """One step of a tour: its text, the part it points at, and what advances it (None: "Next")."""

    key: str
    focus: Focus = None
    until: Condition | None = None

    @property
    def title_key(self) -> str:
        return f"{self.key}.title"

    @property
    def text_key(self) -> str:
        return f"{self.key}.text"

    def target(self, m: Moment) -> str | None:
        return self.focus(m) if callable(self.focus) else self.focus


@dataclass(frozen=True)
class Area:
    """A part of the table in the stage's coordinates (px from its top left)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Area) -> bool:
        return not (self.x + self.w <= other.x or other.x + other.w <= self.x
                    or self.bottom <= other.y or other.bottom <= self.y)


@dataclass(frozen=True)
class Dock:
    """Where the coach card may sit: its left edge and width, and its top (or its bottom,
    measured from the stage's bottom edge)."""

    x: float
    w: float
    top: float | None = None
    bottom: float | None = None

    def area(self, height: float, stage_h: float) -> Area:
        y = self.top if self.top is not None else stage_h - (self.bottom or 0) - height
        return Area(self.x, y, self.w, height)


def _no_areas(table: Any, ident: str) -> Area | None:
    return None


def _full_width(table: Any) -> list[Dock]:
    return [Dock(12, max(200.0, table.width - 24), bottom=12), Dock(12, max(200.0, table.width - 24), top=12)]


def _stage_size(table: Any) -> tuple[float, float]:
    return table.width, table.height - 56  # below the play screen's app bar


@dataclass(frozen=True)
class Tour:
    """A game's guided first deal: the deal, the steps, and how its table is read.

    ``selection`` names the selected cards of a table, ``ready`` says whether the coach
    should show now (e.g. only on the person's turn), ``target`` where a part is drawn and
    ``docks`` where the coach may go, in preference order, ``parts`` which identifiers draw a
    focus in the table's current layout (a part can look different on a phone and a tablet);
    ``start`` deals the game when the game needs more than ``AppState.start_game`` (Deck of
    Spies keeps a progress line).
    """

    game: str
    seed: int
    steps: tuple[Step, ...]
    options: dict[str, Any] = field(default_factory=dict)
    opponents: tuple[str, ...] = ()
    selection: Callable[[Any], Iterable[str]] = lambda table: ()
    ready: Callable[[Any], bool] = lambda table: True
    target: Callable[[Any, str], Area | None] = _no_areas
    docks: Callable[[Any], list[Dock]] = _full_width
    size: Callable[[Any], tuple[float, float]] = _stage_size
    parts: Callable[[Any, str], tuple[str, ...]] = lambda table, ident: (ident,)
    start: Callable[[Any, list[Any], "Tour"], Any] | None = None


def tour_for(game: str) -> Tour | None:
    """The tour of a game, or None (no tour, or its module fails to load: logged)."""
    target = TOURS.get(game)
    if not target:
        return None
    module, _, name = target.partition(":")
    try:
        return getattr(importlib.import_module(module), name or "TOUR")
    except Exception:
        log.exception("the guide of %s failed to load", game)
        return None


def start(app_state: Any, game: str) -> Any:
    """Deal the guided first game of ``game`` for the device's first person against the computer;
    marks the guide as seen.

    :raises ValueError: when the game has no guide; errors of the store or the engine pass on.
    """
    from core.session import Seat  # the session module is plain Python; imported here to keep this light

    tour = tour_for(game)
    if tour is None:
        raise ValueError(f"{game} has no guided deal")
    humans = app_state.humans()
    me = (Seat(kind="human", name=humans[0].name, profile_id=humans[0].id) if humans
          else Seat(kind="human", name=app_state.t("guide.you")))
    seats = [me] + [app_state.bot_seat(level) for level in tour.opponents]
    if tour.start is not None:
        session = tour.start(app_state, seats, tour)
    else:
        session = app_state.start_game(game, seats, options=dict(tour.options), seed=tour.seed)
    session.meta[META_KEY] = {"step": 0, "done": False}
    session.save()
    app_state.mark_guide_seen(game)
    return session


class Guide:
    """The guide of one table: which step is current, what it points at, and the coach."""

    def __init__(self, table: Any) -> None:
        from app.tables.kit.coach import Coach  # the drawing needs Flet; this module's data does not

        self.table = table
        meta = getattr(table.session, "meta", None)
        saved = meta.get(META_KEY) if isinstance(meta, dict) else None
        self.tour = tour_for(table.session.game.name) if isinstance(saved, dict) else None
        self.index = int(saved.get("step", 0)) if self.tour else 0
        self.done = bool(saved.get("done")) if self.tour else True
        self.pending: list[dict[str, Any]] = []
        self.focus: str | None = None  # the part the current step points at, while the coach shows
        self.coach = Coach(self)

    # --- reading -------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        return self.tour is not None and not self.done and not self.table.session.over \
            and self.index < len(self.tour.steps)

    @property
    def step(self) -> Step | None:
        return self.tour.steps[self.index] if self.active else None

    @property
    def total(self) -> int:
        return len(self.tour.steps) if self.tour else 0

    @property
    def key(self) -> tuple[int, bool]:
        """Changes whenever the coach or the lit part changes (for tables that skip equal redraws)."""
        return self.index, self.done

    def ready(self) -> bool:
        return self.active and bool(self.tour.ready(self.table))

    def moment(self, events: Iterable[dict[str, Any]] = ()) -> Moment:
        table = self.table
        seat = table.viewer()
        view = table.session.view(seat)
        chosen = frozenset(c for c in self.tour.selection(table) if c) if self.tour else frozenset()
        return Moment(view, seat, chosen, tuple(events))

    # --- changing ------------------------------------------------------------------------

    def saw(self, events: Iterable[dict[str, Any]]) -> None:
        """Engine events after a move, as the player may see them; the next look reads them."""
        if not self.active:
            return
        events = [e for e in events or () if e.get("type") != "undo"]
        seat = self.table.viewer()
        mask = getattr(self.table.session.game, "mask_events", None)
        self.pending += mask(events, seat) if mask else events

    def look(self) -> bool:
        """Advance while the current step's condition holds; True when the step changed.

        The events count once: the step after an advance is checked against the position only.
        """
        events, self.pending = self.pending, []
        before = self.key
        while self.active and self.step.until is not None and self.step.until(self.moment(events)):
            self.index += 1
            events = []
        if self.active:
            self.focus = self.step.target(self.moment()) if self.ready() else None
        else:
            self.focus = None
            self.done = self.done or self.tour is not None
        changed = self.key != before
        if changed:
            self.save()
        return changed

    def next(self) -> None:
        """The coach's "Next" / "Got it"."""
        if self.active and self.step.until is None:
            self.index += 1
            self.done = self.index >= len(self.tour.steps)
            self.save()
            self.table.refresh()

    def skip(self) -> None:
        """End the tour at once; the deal goes on as an ordinary game."""
        if self.active:
            self.done = True
            self.save()
            self.table.refresh()

    def save(self) -> None:
        s = self.table.session
        if not isinstance(s.meta, dict):
            s.meta = {}
        s.meta[META_KEY] = {"step": self.index, "done": self.done}
        try:
            s.save()
        except Exception:  # the step is a nicety; the moves are saved already
            log.warning("could not save the guide's step", exc_info=True)

    # --- drawing -------------------------------------------------------------------------

    def stage(self, root: Any) -> Any:
        """The table's root with the coach as a layer above it (the root alone without a tour)."""
        return self.coach.stage(root) if self.tour is not None else root

    def dress(self, controls: list[Any]) -> list[Any]:
        """A drawing of the table, with the part the step points at lit and the coach placed."""
        if self.tour is None:
            return controls
        self.look()
        self.coach.show(controls)
        return controls
