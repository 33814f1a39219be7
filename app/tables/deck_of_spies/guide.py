"""The guided first deal of Deck of Spies: six steps on game #421464.

Deal 421464 (one of the deals ``python -m app.devtools.guide_seeds deck-of-spies`` lists):
the first spy is the 5♦ and your hand 2♣ 3♦ 4♦ 2♠ 3♠, so the first turn shows what a
turn can be — 3♦ + 4♦ recruits it (a counter would do as well), and the 2♣ 2♠ left over
can retire. The next hand holds A♣ and A♠ against the 5♠: the double agents step has an
ace to point at. Of the deals found it is the one whose first recruit needs no ace, so the
ace comes as a second lesson; the table's tests know it too.

Parts are found in the table's own layout (``layout``), so the coach is placed exactly.
"""

from __future__ import annotations

from typing import Any

from app.tables.deck_of_spies import logic as lg
from app.tables.kit import guide
from app.tables.kit.guide import Area, Dock, Moment, Step

SEED = 421464
BUTTONS = ("spies-counter", "spies-recruit", "spies-assassinate", "spies-retire", "spies-done")


def can_play(m: Moment) -> bool:
    """The selection counters or recruits the spy (its button lights up)."""
    return lg.play_status(m.view, m.selected, lambda key, **kw: key, "en").any


def dealt_with(m: Moment) -> bool:
    """The spy left the table: countered, recruited or assassinated."""
    return guide.moved(src="spies")(m)


def not_retiring(m: Moment) -> bool:
    return m.view.get("phase") != "retire"


def spy_card(m: Moment) -> str | None:
    spy = lg.spy(m.view)
    return f"card-{spy}" if spy else None


def an_ace(m: Moment) -> str | None:
    """The ace in hand that suits the spy best (its own suit first), else none."""
    aces = [c for c in m.view.get("hand") or () if c[0] == "A"]
    spy = lg.spy(m.view)
    aces.sort(key=lambda c: (not spy or c[1] != spy[1], c))
    return f"card-{aces[0]}" if aces else None


STEPS = (
    Step("spies.guide.spy", focus=spy_card),
    Step("spies.guide.counter", focus="spies-sum", until=can_play),
    Step("spies.guide.recruit", focus="spies-recruit", until=dealt_with),
    Step("spies.guide.retire", focus="spies-retire", until=not_retiring),
    Step("spies.guide.aces", focus=an_ace),
    Step("spies.guide.tally", focus="spies-tally"),
)


def _area(box: Any) -> Area:
    return Area(box.x, box.y, box.w, box.h)


def target(table: Any, ident: str) -> Area | None:
    """Where ``ident`` is drawn, from the table's layout."""
    L = table.layout
    if ident.startswith("card-"):
        slot = table.card_slots(table.shown).get(ident[5:])
        return _area(slot.visual(L.cw, L.ch)) if slot else None
    if ident in BUTTONS:
        return _area(L.buttons)
    if ident == "spies-sum":  # the badge at the status line's left
        return Area(L.status.x, L.status.y, 96, L.status.h)
    if ident == "spies-tally":
        return _area(L.hud)
    if ident in ("spies-discard", "spies-spy-discard"):
        return _area(L.deck)
    return None


def docks(table: Any) -> list[Dock]:
    """Phone: just above the status line (over your piles); tablet: over your piles, else the spy."""
    L = table.layout
    if L.mode == "landscape":
        return [Dock(L.deck.x, L.deck.w, top=L.deck.y), Dock(L.stage.x, L.stage.w, top=L.stage.y)]
    return [Dock(L.pad, L.width - 2 * L.pad, bottom=L.height - L.status.y + 8),
            Dock(L.pad, L.width - 2 * L.pad, top=L.hud.h + 6)]


def start(app_state: Any, seats: list[Any], tour: guide.Tour) -> Any:
    from app.tables.deck_of_spies import start_game

    return start_game(app_state, seats, dict(tour.options), tour.seed, {"deal": "number"})


TOUR = guide.Tour(
    game="deck-of-spies", seed=SEED, steps=STEPS,
    selection=lambda table: table.selected,
    ready=lambda table: not table.hint_busy,
    target=target, docks=docks, size=lambda table: (table.layout.width, table.layout.height),
    start=start)
