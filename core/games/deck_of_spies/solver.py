"""A perfect-information solver for Deck of Spies deals.

Every shuffle of a deal follows from its seed (see ``core.games.deck_of_spies``), so the
whole future is known and a deal is a deterministic one-player game tree. ``solve``
searches it depth first, one turn (a play plus an optional retirement) per level, with
a table of positions already shown to lose, heuristic move ordering and an upper bound
on the face cards still obtainable.

Statuses: ``winnable`` (with a line of actions that ``apply`` replays to a win),
``unwinnable`` (the whole tree was refuted) or ``unknown`` (time ran out).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from core.games import deck_of_spies as dos
from core.games.base import State
from core.games.deck_of_spies.turns import (FACE_RANKS, VALUE, WIN_FACES, Position, Turn, after_play, end_turn,
                                            is_lost, retire_options, turn_actions, turn_plays)

_CHECK_EVERY = 256  # nodes between clock checks


@dataclass
class SolveResult:
    """The verdict on a deal: status, a winning line (action strings) when winnable, effort."""

    status: str
    line: list[str] | None
    nodes: int
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "line": self.line, "seconds": round(self.seconds, 3),
                "nodes": self.nodes}


class _OutOfTime(Exception):
    pass


@dataclass
class _Search:
    seed: int
    deadline: float
    max_nodes: int | None = None
    nodes: int = 0
    lost: set[Position] = field(default_factory=set)

    def tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfTime
        if self.nodes % _CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def children(self, pos: Position) -> list[tuple[Turn, tuple[str, ...], Position]]:
        """Every turn from ``pos`` with the hand it leaves and the next position, best first."""
        out: list[tuple[float, int, Turn, tuple[str, ...], Position]] = []
        for play in turn_plays(pos):
            mid, left = after_play(pos, play, self.seed)
            options: list[tuple[str, ...]] = [()]
            if play[0] != "assassinate":
                options += retire_options(left)
            for retired in options:
                child = end_turn(mid, self.seed, retired)
                out.append((_order(play, retired, child), len(out), (play, retired), left, child))
        out.sort(key=lambda t: (t[0], t[1]))
        return [(t[2], t[3], t[4]) for t in out]

    def win(self, pos: Position, line: list[list[str]]) -> bool:
        """Whether ``pos`` (a turn start) can still be won; appends the winning turns, last first."""
        self.tick()
        if pos in self.lost:
            return False
        if is_lost(pos) or _face_bound(pos) < WIN_FACES:
            self.lost.add(pos)
            return False
        for turn, left, child in self.children(pos):
            if not child.spies:
                ok = child.owned_faces() >= WIN_FACES
            else:
                ok = self.win(child, line)
            if ok:
                line.append(turn_actions(turn, left))
                return True
        self.lost.add(pos)
        return False


def _order(play: tuple[str, tuple[str, ...]], retired: tuple[str, ...], child: Position) -> float:
    """Lower is tried first: recruits, cheap plays, retiring low pairs, strong next hands."""
    kind, cards = play
    score = 0.0
    if kind == "recruit":
        score -= 100
    elif kind == "assassinate":
        score += 100
    else:
        score += sum(VALUE[c] for c in cards)
    if kind != "assassinate":
        score += sum(VALUE[c] for c in cards) * 0.5
        score += 5 * sum(1 for c in cards if c[0] == "A")
    for c in retired:
        score += -4 if c[0] in "234" else (10 if c[0] in FACE_RANKS or c[0] == "A" else 2)
    if child.spies and child.spies[-1][1] in {c[1] for c in child.hand if c[0] == "A"}:
        score -= 3
    return score


def _face_bound(pos: Position) -> int:
    """An upper bound on the face cards the player can own at the end.

    A face spy can only be recruited if the cards that could be in the deck by then (the
    deck now plus every spy before it) hold its suit's ace or five cards of its suit
    worth at least its value.
    """
    owned_cards = [c for pile in (pos.hand, pos.draw, pos.discard) for c in pile]
    owned = sum(1 for c in owned_cards if c[0] in FACE_RANKS)
    faces_left = [i for i, c in enumerate(pos.spies) if c[0] in FACE_RANKS]
    if owned + len(faces_left) < WIN_FACES:
        return owned + len(faces_left)
    by_suit: dict[str, list[int]] = {s: [] for s in "CDHS"}
    aces: set[str] = set()
    for c in owned_cards:
        if c[0] == "A":
            aces.add(c[1])
        else:
            by_suit[c[1]].append(VALUE[c])
    reachable = 0
    spies = pos.spies
    for i in faces_left:
        spy = spies[i]
        suit = spy[1]
        if suit in aces:
            reachable += 1
            continue
        pool = by_suit[suit] + [VALUE[c] for c in spies[i + 1:] if c[1] == suit]
        pool.sort(reverse=True)
        if sum(pool[:5]) >= VALUE[spy]:
            reachable += 1
    return owned + reachable


def solve_state(state: State, seconds: float, max_nodes: int | None = None) -> SolveResult:
    """Search the game from ``state`` with every future shuffle known.

    ``max_nodes`` caps the search (for reproducible tests); hitting it gives ``unknown``.
    """
    start = time.perf_counter()
    if state["over"]:
        won = bool(state["result"]["winners"])
        return SolveResult("winnable" if won else "unwinnable", [] if won else None, 0, 0.0)
    search = _Search(state["seed"], start + seconds, max_nodes)
    roots: list[tuple[list[str], Position]] = []
    if state["phase"] == "retire":
        mid = Position(tuple(state["spies"]), tuple(dos.sort_cards(state["hand"])), tuple(state["draw"]),
                       tuple(dos.sort_cards(state["discard"])), state["shuffles"])
        for retired in [()] + list(retire_options(mid.hand)):
            action = f"retire {' '.join(retired)}" if retired else "done"
            roots.append(([action], end_turn(mid, search.seed, retired)))
    else:
        roots.append(([], Position.of(state)))
    try:
        for prefix, pos in roots:
            line: list[list[str]] = []
            if not pos.spies:
                ok = pos.owned_faces() >= WIN_FACES
            else:
                ok = search.win(pos, line)
            if ok:
                actions = prefix + [a for turn in reversed(line) for a in turn]
                return SolveResult("winnable", actions, search.nodes, time.perf_counter() - start)
    except _OutOfTime:
        return SolveResult("unknown", None, search.nodes, time.perf_counter() - start)
    return SolveResult("unwinnable", None, search.nodes, time.perf_counter() - start)


def solve(seed: int, seconds: float, options: dict[str, Any] | None = None,
          max_nodes: int | None = None) -> SolveResult:
    """Decide whether the deal ``seed`` can be won, within ``seconds`` of search.

    :raises BadOption: for a bad seed or option.
    """
    state = dos.GAME.new(1, seed, options)
    return solve_state(state, seconds, max_nodes)
