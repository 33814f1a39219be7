"""The hard Deck of Spies bot's sampling search: worlds, playouts, and the race between moves.

A world is a full position consistent with the view: the player knows which cards lie in
the draw pile and which spies are left in each group, but not their order, nor the later
shuffles (it does not read the seed). ``sample_world`` draws those orders at random and a
seed for the shuffles. Each candidate move is played out in the same worlds by the
heuristic (``rollout``); ``evaluate`` runs the shared race of ``core.bots.race`` over
them. Its budget counts playouts: one candidate played out in one world (1–3 ms on the
development machine).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from core.bots.budget import Meter
from core.bots.race import Values, race
from core.games.base import State
from core.games.deck_of_spies.policy import (DEFAULT, FACE_PHASE, SUITS, Weights, choose_retirement, choose_turn,
                                            face_counts)
from core.games.deck_of_spies.turns import (FACE_RANKS, GROUP_OF, WIN_FACES, Position, after_play, end_turn, is_lost,
                                            sort_cards)
from core.games.deck_of_spies.value import win_chance

# A move to try, as ``(kind, arg)``: ("play", a heuristic play) or ("retire", the cards retired).
How = tuple[str, Any]

SPY_GROUPS = ("J-K", "8-10", "5-7")  # bottom of the spy deck first


def sample_world(view: State, rng: random.Random) -> tuple[Position, int]:
    """One full position consistent with the view, and a seed for its future shuffles.

    The draw pile's order and the order of the spies within each group are drawn at
    random; so are all later shuffles (the bot does not know the game's seed). The view
    says which pile every card lies in, so unlike a hidden hand nothing is dealt: the
    piles are only shuffled.
    """
    groups: dict[str, list[str]] = {g: [] for g in SPY_GROUPS}
    for c in view["spies_below"]:
        groups[GROUP_OF[c]].append(c)
    spies: list[str] = []
    for g in SPY_GROUPS:
        pile = groups[g]
        rng.shuffle(pile)
        spies += pile
    if view["spies"]:
        spies.append(view["spies"][-1])
    draw = list(view["draw_cards"])
    rng.shuffle(draw)
    pos = Position(tuple(spies), tuple(sort_cards(view["hand"])), tuple(draw),
                   tuple(sort_cards(view["discard"])), view["shuffles"])
    return pos, rng.randrange(2**31)


def heuristic_faces(pos: Position, seed: int, w: Weights = DEFAULT) -> int:
    """Play ``pos`` (a turn start) to the end with the heuristic; the face cards owned then
    (0 after a loss for want of an ace)."""
    end = play_until(pos, seed, w, 0)
    return end.owned_faces() if end is not None else 0


def play_until(pos: Position, seed: int, w: Weights, spies_left: int) -> Position | None:
    """Play ``pos`` (a turn start) with the heuristic until only ``spies_left`` spies are
    left; None after a loss for want of an ace."""
    counts = list(face_counts(pos.spies))
    while len(pos.spies) > spies_left:
        if is_lost(pos):
            return None
        spy = pos.spies[-1]
        if spy[0] in FACE_RANKS:
            counts[SUITS.index(spy[1])] -= 1  # now: the face spies after this one
        play, retired = choose_turn(pos.hand, pos.spies, pos.draw, pos.discard, w,
                                    (counts[0], counts[1], counts[2], counts[3]))
        mid, _ = after_play(pos, play, seed)
        pos = end_turn(mid, seed, retired)
    return pos


def rollout(pos: Position, seed: int, w: Weights = DEFAULT, horizon: bool = False) -> float:
    """The value of ``pos`` by one heuristic playout: 1 for a win, plus a little per face card.

    With ``horizon``, a playout that starts before the face phase stops where it begins
    and is valued by the modelled chance to win from there (``win_chance``).
    """
    if horizon and len(pos.spies) > FACE_PHASE:
        start = play_until(pos, seed, w, FACE_PHASE)
        return win_chance(start) if start is not None else 0.0
    faces = heuristic_faces(pos, seed, w)
    return (1.0 if faces >= WIN_FACES else 0.0) + 0.02 * faces


def evaluate(view: State, hows: Sequence[How], rng: random.Random, meter: Meter, w: Weights,
             horizon: bool, **rules: Any) -> Values:
    """Rollout values per move (``hows``, the heuristic's choice first), one per sampled world.

    The worlds are shared by all moves; ``rules`` are the race's (``max_worlds``,
    ``min_worlds``, ``drop_z``, ``drop_after``: see ``core.bots.race.race``). Every playout
    spends one unit of ``meter``.
    """
    def score(world: tuple[Position, int], i: int, _: list[float]) -> float:
        return _play_out(world[0], world[1], hows[i], w, horizon)

    return race(len(hows), lambda: sample_world(view, rng), score, meter, **rules)


def _play_out(world: Position, seed: int, how: How, w: Weights, horizon: bool = False) -> float:
    """Finish the current turn in ``world`` the way a move says, then roll out."""
    kind, arg = how
    if kind == "retire":
        pos = end_turn(world, seed, arg)
    else:
        mid, left = after_play(world, arg, seed)
        retired = choose_retirement(left, mid.spies, w) if arg[0] != "assassinate" else ()
        pos = end_turn(mid, seed, retired)
    return rollout(pos, seed, w, horizon)
