"""Computer players for Thronfolge: easy, normal and hard.

- easy takes a line when it looks good at a glance and otherwise plays almost at random;
- normal thinks the round through to its end the way a good player does without knowing
  the opponent's cards: every "what if I play this, and they take then?" is followed, with
  the opponent's unseen cards counted as worthless. Because the round's end is scored by
  the family majorities, sets, favours, betrayals and crowns, this keeps fat lines out of
  the opponent's reach, notices who has taken, dumps betrayals on an opponent who still
  has to take and never hands over a third crown;
- hard does the same with the opponent's cards dealt in many ways consistent with its view
  (determinized search), within a time budget.

Every bot decides from the view and the ``rng`` it is given, nothing else.
"""

from __future__ import annotations

import random

from core.bots import Bot, ReasoningBot
from core.games.thronfolge.evaluation import CROWN, KIND, KIND_NAMES
from core.games.thronfolge.position import TAKE, WINDOW, Position
from core.games.thronfolge.search import blank_scores, search_scores
from core.games.base import Action, State
from core.games.thronfolge.actions import Play, Take


def _action_for(move: int, legal: list[Action]) -> Action:
    """The legal action of a move: the take, or the first hand card of that kind.

    :raises ValueError: when no legal action makes that move (a bug in the caller).
    """
    for action in legal:
        if move == TAKE and isinstance(action, Take):
            return action
        if isinstance(action, Play) and KIND[action.card] == move:
            return action
    raise ValueError(f"no legal action makes move {move}")


def _move_of(action: Action) -> int:
    return KIND[action.card] if isinstance(action, Play) else TAKE


def _best(scores: dict[int, float]) -> int:
    # Ties go to the lowest move number, so a choice never depends on dict order.
    return max(sorted(scores), key=lambda m: scores[m])


def carry_move(pos: Position) -> int | None:
    """The play once both have taken, or None before that (or in round 4, where nothing is left).

    The line then waits for the next round, whose starter may take its last five cards at
    once. Cards played early are buried under later ones, so the next starter plays its worst
    card first and keeps good ones for the end; the other player buries the cards the next
    starter would like most.
    """
    if not (pos.taken and pos.opp_taken) or pos.round == 4 or not pos.hand_size:
        return None
    plays = [k for k in range(len(pos.hand)) if pos.hand[k]]
    if pos.starter != pos.seat:  # I start the next round
        return min(plays, key=lambda k: (pos.gain([k], True), k))
    return max(plays, key=lambda k: (pos.gain([k], False), -k))


def _describe(kinds: list[int]) -> str:
    crowns = kinds.count(CROWN)
    favours = sum(1 for k in kinds if 4 <= k <= 6)
    betrayals = sum(1 for k in kinds if 7 <= k <= 9)
    supporters = sum(1 for k in kinds if k < 4)
    parts = [f"{n} {word}{'s' if n > 1 else ''}" for n, word in
             ((supporters, "supporter"), (favours, "favour"), (betrayals, "betrayal"),
              (crowns, "crown")) if n]
    return ", ".join(parts) if parts else "nothing"


def reason(pos: Position, move: int) -> str:
    """A one-line English reason for a move, for hints."""
    if move == TAKE:
        window = pos.line[-WINDOW:]
        what = f"takes {len(window)} cards ({_describe(window)})"
        if not pos.hand_size:
            return f"{what}: with an empty hand it must take now"
        if pos.opp_taken:
            return f"{what}; the opponent has taken, and the line will not get better"
        return f"{what} before the opponent can"
    kind = KIND_NAMES[move]
    if pos.taken and not pos.opp_taken:
        return f"plays {kind}: the opponent still has to take, so it gives them little"
    if pos.opp_taken and not pos.taken:
        return f"plays {kind} to build a line worth taking later"
    if pos.taken and pos.round < 4:
        if pos.starter != pos.seat:
            return f"plays {kind} early, keeping better cards for the line it may take next round"
        return f"plays {kind} early, burying it before the opponent starts the next round"
    if pos.taken:
        return f"plays {kind}; both have taken, and nothing is scored from the line"
    if pos.opp[CROWN] == 2 and pos.hand[CROWN] and move != CROWN:
        return f"plays {kind} and keeps the last crown away from the opponent"
    return f"plays {kind}, keeping the line poor for the opponent"


class EasyBot(ReasoningBot):
    """Takes a line that looks good at a glance; otherwise plays a mostly random card."""

    level = "easy"

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        pos = Position.from_view(view)
        moves = pos.moves()
        if TAKE in moves:
            gain = pos.gain(pos.line[-WINDOW:], True)
            if moves == [TAKE] or gain + rng.gauss(0.0, 2.0) > 4.0:
                return _action_for(TAKE, legal), reason(pos, TAKE)
        plays = [m for m in moves if m != TAKE]
        if rng.random() < 0.5:
            # Half of the time it avoids handing the opponent the best line.
            move = min(plays, key=lambda k: pos.gain((pos.line + [k])[-WINDOW:], False))
        else:
            move = plays[rng.randrange(len(plays))]
        return _action_for(move, legal), f"plays {KIND_NAMES[move]}"


class NormalBot(ReasoningBot):
    """Solves the rest of the round, counting the opponent's unseen cards as worthless."""

    level = "normal"

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        pos = Position.from_view(view)
        if len(legal) == 1:
            return legal[0], reason(pos, _move_of(legal[0]))
        move = carry_move(pos)
        if move is None:
            move = _best(blank_scores(pos))
        return _action_for(move, legal), reason(pos, move)


class HardBot(ReasoningBot):
    """Solves the rest of the round in many deals of the unseen cards and averages.

    ``budget_ms`` bounds the thinking time (default 150 ms). ``nodes`` bounds the alpha-beta
    nodes searched over all deals instead, and setting ``iterations`` (on the class or an
    instance) searches exactly that many deals; either ignores the clock, so that a choice
    depends only on the view and the rng.
    """

    level = "hard"
    default_budget_ms = 150.0
    iterations: int | None = None

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        pos = Position.from_view(view)
        if len(legal) == 1:
            return legal[0], reason(pos, _move_of(legal[0]))
        move = carry_move(pos)
        if move is not None:
            return _action_for(move, legal), reason(pos, move)
        budget = self.default_budget_ms if self.budget_ms is None else self.budget_ms
        scores, _ = search_scores(view, pos, rng, budget, self.iterations, self.nodes)
        move = _best(scores)
        return _action_for(move, legal), reason(pos, move)


BOTS: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
