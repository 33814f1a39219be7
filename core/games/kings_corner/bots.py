"""Computer players for Kings in the Corner: easy, normal and hard.

- easy plays like a beginner: it puts hand cards where they fit, sometimes drops one on an
  open edge, never moves a pile, and now and then ends its turn early;
- normal plays like a careful person (``policy``): piles moved first to open spots, kings
  into corners, every build it has, and its hardest card into an open edge;
- hard plans the whole turn (``search``): it goes out whenever some order of moves empties
  its hand; otherwise it plays like normal but keeps back the cards that will surely still
  fit later (kings, cards for tops nobody else can cover, and the runs below them), and
  races that plan against the best other ways to end the turn over hands dealt consistently
  with its view, each followed by the others' turns, within a time budget (200 ms by
  default) or a budget of search units.

Every bot decides from the view and the ``rng`` it is given, nothing else.
"""

from __future__ import annotations

import random

from core.bots import Bot, ReasoningBot
from core.bots.race import clear_winner
from core.games.base import Action, State
from core.games.kings_corner.actions import DRAW, END, Draw, End, Move, Play
from core.games.kings_corner.layout import CORNERS, label
from core.games.kings_corner.policy import careful_move, safe_cards
from core.games.kings_corner.position import CompactMove, counts, kind, layout_of, to_action
from core.games.kings_corner.search import CLOCK_EVERY, Plan, Root, candidates, evaluate, holding_plan, plans

DEFAULT_BUDGET_MS = 200.0


def describe(action: Action, view: State) -> str:
    """A one-line English reason for an action, from the position before it."""
    if isinstance(action, Draw):
        return "draws the top card of the talon (the draw is mandatory)"
    if isinstance(action, End):
        return "ends the turn"
    piles = view["piles"]
    if isinstance(action, Move):
        pile = piles[action.src]
        if piles[action.dst]:
            return (f"moves the pile at {action.src} ({label(pile[0])} at the bottom) onto "
                    f"{label(piles[action.dst][-1])} at {action.dst}, opening {action.src}")
        return f"moves the king pile at {action.src} into the corner {action.dst}, opening {action.src}"
    assert isinstance(action, Play)
    target = piles[action.to]
    if target:
        return f"builds {label(action.card)} on {label(target[-1])} at {action.to}"
    if action.to in CORNERS:
        return f"puts {label(action.card)} into the empty corner {action.to}"
    return f"puts {label(action.card)} on the open edge {action.to}"


def _trivial(view: State, legal: list[Action]) -> tuple[Action, str] | None:
    """The draw, or the only legal action: nothing to think about."""
    if legal == [DRAW]:
        return DRAW, describe(DRAW, view)
    if len(legal) == 1:
        return legal[0], "ends the turn: nothing else is possible" if legal[0] == END else describe(legal[0], view)
    return None


def _careful(view: State) -> Action:
    seat = view["to_move"]
    hand = view["hands"][seat]
    bottom, top = layout_of(view)
    move = careful_move(bottom, top, counts(hand))
    return END if move is None else to_action(move, hand)


def _checked(action: Action, legal: list[Action]) -> Action:
    """The legal action equal to ``action``; ``end`` if a policy ever proposed something illegal."""
    return action if action in legal else END


class EasyBot(ReasoningBot):
    """Puts cards where they fit, in no particular order, and a random card on an open edge;
    sees a pile move only now and then, and sometimes ends its turn with moves left."""

    level = "easy"
    stop_chance = 0.05  # ends the turn with moves still open this often
    move_chance = 0.3  # notices a possible pile move this often

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        trivial = _trivial(view, legal)
        if trivial is not None:
            return trivial
        if rng.random() < self.stop_chance:
            return END, "ends the turn"
        piles = view["piles"]
        pile_moves = [a for a in legal if isinstance(a, Move)]
        plays = [a for a in legal if isinstance(a, Play)]
        fitting = [a for a in plays if piles[a.to] or a.to in CORNERS]
        fills = [a for a in plays if a not in fitting]
        for pool in ([pile_moves] if rng.random() < self.move_chance else []) + [fitting, fills]:
            if pool:
                action = pool[rng.randrange(len(pool))]
                return action, describe(action, view)
        return END, "ends the turn: nothing fits"


class NormalBot(ReasoningBot):
    """The careful player: merges first, kings into corners, every build, then the worst card
    into an open edge."""

    level = "normal"

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        trivial = _trivial(view, legal)
        if trivial is not None:
            return trivial
        action = _checked(_careful(view), legal)
        if action == END:
            return END, "ends the turn: nothing more fits"
        return action, describe(action, view) + _why_careful(action, view)


def _why_careful(action: Action, view: State) -> str:
    if isinstance(action, Move):
        return ": a moved pile leaves a spot for any card"
    if isinstance(action, Play) and not view["piles"][action.to] and action.to not in CORNERS:
        return ", its hardest card to place"
    return ""


class HardBot(ReasoningBot):
    """Plans the whole turn, keeps safe cards back, and weighs what each way of ending the
    turn leaves the next players.

    ``budget_ms`` bounds the thinking time (``DEFAULT_BUDGET_MS`` when None); ``nodes``
    bounds the search units instead (one position of the turn's walk or one simulated
    turn), whatever the clock says, so that a choice depends only on the view and the rng.
    """

    level = "hard"
    width = 8  # candidate plans raced against each other
    max_worlds = 400
    z = 0.5  # standard errors by which a plan must beat the careful player's to replace it
    drop_z: float | None = 2.0

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        trivial = _trivial(view, legal)
        if trivial is not None:
            return trivial
        meter = self.budget(DEFAULT_BUDGET_MS).start(CLOCK_EVERY)
        root = Root.from_view(view)
        hand = view["hands"][view["to_move"]]
        found = plans(root, meter)
        if found[0].left == 0:
            action = self._action(found[0].first, hand, legal)
            return action, describe(action, view) + ", and its plan goes out this turn"
        chosen = candidates(root, found, holding_plan(root), self.width)
        if len({c.first for c in chosen}) == 1:
            action = self._action(chosen[0].first, hand, legal)
            return action, describe(action, view) + _plan_note(chosen[0], root, None, hand)
        values = evaluate(root, chosen, rng, meter, max_worlds=self.max_worlds, drop_z=self.drop_z)
        best, _ = clear_winner(values, self.z)
        action = self._action(chosen[best].first, hand, legal)
        return action, describe(action, view) + _plan_note(chosen[best], root, len(values[0]), hand)

    @staticmethod
    def _action(move: CompactMove | None, hand: list[str], legal: list[Action]) -> Action:
        return END if move is None else _checked(to_action(move, hand), legal)


def _plan_note(plan: Plan, root: Root, worlds: int | None, hand: list[str]) -> str:
    """What the chosen plan does, for the reason line."""
    shed = sum(root.hand) - plan.left
    note = f": its plan plays {shed} card{'s' if shed != 1 else ''} this turn"
    if root.hold:
        safe = safe_cards(plan.bottom, plan.top, plan.hand, root.seen, root.hold_kings)
        kept = [label(c) for c in _cards_of(safe, hand)]
        if kept:
            note += f" and keeps {' '.join(kept)} back, sure to fit later"
    if worlds is not None:
        note += f", best over {worlds} sampled deal{'s' if worlds != 1 else ''}"
    return note


def _cards_of(kinds: list[int], hand: list[str]) -> list[str]:
    """Hand cards for kind counts (the first cards of each kind in sorted order)."""
    left = list(kinds)
    out = []
    for card in sorted(hand, key=lambda c: (-kind(c), c)):
        if left[kind(card)]:
            left[kind(card)] -= 1
            out.append(card)
    return out


BOTS: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
