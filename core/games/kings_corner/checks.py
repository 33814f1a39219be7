"""Structural checks of a saved Kings in the Corner state, beyond card conservation."""

from __future__ import annotations

from typing import Any

from core.errors import BadState
from core.games.base import State
from core.games.kings_corner.layout import CORNERS, POSITIONS, is_king, is_sequence
from core.games.kings_corner.scoring import hand_problem, hand_size, lowest
from core.games.state_checks import card_list, card_lists

_FLAGS = ("moved", "kinged", "extra")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check(state: State) -> None:
    """Check the layout (K-1, K-3 … K-3.3), the turn bookkeeping and the scores (K-5).

    :raises BadState: naming the first inconsistency found.
    """
    n = state["players"]
    opts = state["options"]
    problem = hand_problem(n, hand_size(n, opts["hand"], opts["draw"]))
    if problem is not None:
        raise BadState(f"the options do not fit the players: {problem}")
    _check_layout(state["piles"])
    card_lists(state["hands"], n, "'hands'")
    card_list(state["talon"], "'talon'")
    for flag in _FLAGS:
        if not isinstance(state[flag], bool):
            raise BadState(f"state field {flag!r} must be true or false")
    _check_turn(state, n)
    _check_scores(state, n)


def _check_layout(piles: Any) -> None:
    if not isinstance(piles, dict) or set(piles) != set(POSITIONS):
        raise BadState(f"state field 'piles' must have exactly the positions {' '.join(POSITIONS)}")
    for pos in POSITIONS:
        pile = card_list(piles[pos], f"piles {pos}")
        if pos in CORNERS and pile and not is_king(pile[0]):
            raise BadState(f"the corner pile at {pos} must have a king at the bottom (K-3.1)")
        if not is_sequence(pile):
            raise BadState(f"the pile at {pos} does not build down in alternating colours (K-1)")


def _check_turn(state: State, n: int) -> None:
    phase, over = state["phase"], state["over"]
    if phase not in ("draw", "play", "over") or (phase == "over") != over:
        raise BadState(f"phase {phase!r} does not fit a game that is {'over' if over else 'running'}")
    opts = state["options"]
    if phase == "draw" and not (opts["draw"] and opts["draw_at"] == "start" and state["talon"]
                                and not state["moved"]):
        raise BadState("a turn can only be waiting for its draw while the talon has cards (K-2.1)")
    dealer, rnd = state["dealer"], state["round"]
    if not _is_int(dealer) or not 0 <= dealer < n:
        raise BadState(f"dealer must be a seat, not {dealer!r}")
    if not _is_int(rnd) or rnd < 1:
        raise BadState(f"round must be 1 or more, not {rnd!r}")
    passed = state["passed"]
    if not isinstance(passed, list) or passed != sorted(set(passed)) or any(
            not _is_int(s) or not 0 <= s < n for s in passed) or len(passed) >= n:
        raise BadState(f"passed must list distinct seats, fewer than all of them, not {passed!r}")
    if not over and any(not h for h in state["hands"]):
        raise BadState("a player with an empty hand has won, so the round cannot still be running (K-4)")


def _check_scores(state: State, n: int) -> None:
    rounds, scores = state["rounds"], state["scores"]
    if not isinstance(scores, list) or len(scores) != n or not all(_is_int(v) for v in scores):
        raise BadState("scores must hold one whole number per seat")
    finished = state["round"] if state["over"] else state["round"] - 1
    if not isinstance(rounds, list) or len(rounds) != finished:
        raise BadState(f"rounds must list the {finished} finished round(s)")
    totals = [0] * n
    for entry in rounds:
        if not isinstance(entry, dict) or not isinstance(entry.get("points"), list) \
                or len(entry["points"]) != n:
            raise BadState("every finished round needs its penalty points per seat")
        totals = [a + b for a, b in zip(totals, entry["points"])]
    if totals != scores:
        raise BadState("scores are not the sum of the rounds' penalty points (K-5.1)")
    if state["over"] and state["result"] != {
            "scores": scores, "winners": lowest(scores), "rounds": state["round"],
            "reason": rounds[-1].get("reason") if state["options"]["target"] == 0 else "target"}:
        raise BadState("the result does not follow from the rounds' scores (K-5.2)")
