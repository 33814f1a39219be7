"""Computer players for Deck of Spies: easy, normal (the heuristic) and hard (sampling search).

Every bot decides from ``GAME.view(state, 0)`` only. The view lists what a player who
remembers every card knows: the hand, the top spy, the spies below it as a sorted
multiset (``spies_below``), the draw pile's contents (``draw_cards``) but not its order,
and both discard piles. Bots never read the seed: future shuffles are unknown to them.
The hard bot's search (worlds, playouts, the race between moves) is in ``search``.
"""

from __future__ import annotations

import random
from typing import Sequence

from core.bots import Bot, ReasoningBot
from core.bots.race import clear_winner
from core.games.base import Action, State
from core.games.deck_of_spies.actions import Assassinate, Counter, Done, Recruit, Retire
from core.games.deck_of_spies.policy import DEFAULT, ROLLOUT, Weights, choose_retirement, choose_turn, scored_turns
from core.games.deck_of_spies.search import How, evaluate
from core.games.deck_of_spies.turns import FACE_RANKS, VALUE, Play, hand_total, label, plays, retire_options, sort_cards

DEFAULT_BUDGET_MS = 200.0  # leaves room under the 250 ms p95 target on a busy machine


# --- translating between the heuristic's turns and engine actions -------------------------


def play_action(play: Play) -> Action:
    kind, cards = play
    if kind == "assassinate":
        return Assassinate(cards[0], cards[1])
    return Counter(cards) if kind == "counter" else Recruit(cards)


def retire_action(retired: tuple[str, ...]) -> Action:
    return Retire(tuple(sort_cards(retired))) if retired else Done()


def _pick(legal: list[Action], wanted: Action) -> Action:
    """The legal action equal to ``wanted``; the first legal one if the heuristic misfired."""
    for a in legal:
        if a == wanted:
            return a
    return legal[0]


def _spies_in_view(view: State) -> list[str]:
    """The spies left, current (or next) spy last; the ones below in sorted order (order unknown)."""
    if not view["spies"]:
        return []
    return list(view["spies_below"]) + [view["spies"][-1]]


def describe_play(play: Play, spy: str, hand: Sequence[str]) -> str:
    """A one-line English reason for a heuristic play."""
    kind, cards = play
    if kind == "assassinate":
        place, ace = cards
        return (f"Assassinate the {label(spy)} with the {label(ace)} from your {place}: "
                f"your hand totals {hand_total(hand)}, less than {VALUE[spy]}.")
    shown = " ".join(label(c) for c in cards)
    if kind == "recruit":
        why = "a face card counts at the end" if spy[0] in FACE_RANKS else "it strengthens your deck"
        if "A" + spy[1] in cards and any(c[1] != spy[1] for c in cards):
            why += f"; the {label('A' + spy[1])} turns the others into {label(spy)[-1]}"
        return f"Recruit the {label(spy)} with {shown}: {why}."
    kept = [label(c) for c in hand if c not in cards]
    keep = f", keeping {' '.join(kept)}" if kept else ""
    if any(k == "recruit" for k, _ in plays(tuple(sort_cards(hand)), spy)):
        why = "recruiting it would cost cards worth more to you than the spy"
    else:
        why = "no recruit is possible"
    return f"Counter the {label(spy)} with {shown}{keep} ({why})."


def describe_retirement(retired: tuple[str, ...]) -> str:
    if not retired:
        return "Keep your pairs: nothing here is worth retiring."
    return f"Retire {' '.join(label(c) for c in retired)}: low cards thin your deck so strong cards come back sooner."


# --- easy ------------------------------------------------------------------------------


class EasyBot(ReasoningBot):
    """Recruits when it can with the fewest points, else counters as cheaply as possible.

    It retires only pairs of twos and sacrifices the first ace it finds.
    """

    level = "easy"

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        if view["phase"] == "retire":
            twos = [a for a in legal if isinstance(a, Retire) and a.cards[0][0] == "2"]
            if twos:
                best = max(twos, key=lambda a: len(a.cards))
                return best, describe_retirement(best.cards)
            return _pick(legal, Done()), describe_retirement(())
        spy = view["spies"][-1]
        recruits = [a for a in legal if isinstance(a, Recruit)]
        pool = recruits or [a for a in legal if isinstance(a, Counter)]
        if pool:
            best = min(pool, key=lambda a: (sum(VALUE[c] for c in a.cards), len(a.cards)))
            kind = "recruit" if isinstance(best, Recruit) else "counter"
            return best, describe_play((kind, best.cards), spy, view["hand"])
        first = legal[0]
        assert isinstance(first, Assassinate)
        return first, describe_play(("assassinate", (first.place, first.card)), spy, view["hand"])


# --- normal ------------------------------------------------------------------------------


class NormalBot(ReasoningBot):
    """The tuned heuristic of ``deck_of_spies_policy``: recruit, retire low pairs, keep useful suits."""

    level = "normal"
    weights: Weights = DEFAULT

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        hand = view["hand"]
        if view["phase"] == "retire":
            retired = choose_retirement(hand, _spies_in_view(view), self.weights)
            return _pick(legal, retire_action(retired)), describe_retirement(retired)
        spies = _spies_in_view(view)
        play, _ = choose_turn(hand, spies, view["draw_cards"], view["discard"], self.weights)
        return _pick(legal, play_action(play)), describe_play(play, spies[-1], hand)


# --- hard --------------------------------------------------------------------------------


class HardBot(ReasoningBot):
    """Sampling search: the heuristic's best few moves, each tried in the same sampled worlds
    (hidden orders and future shuffles drawn at random) and played out with the heuristic.
    A move replaces the heuristic's own choice only if it leads it by more than ``z``
    standard errors of the paired differences, so a few noisy samples cannot overrule it.

    Two things stretch the budget. Moves that fall clearly behind are dropped from the
    race (``drop_z``), so the close ones get the worlds, and a decision ends early once it
    is settled. Before the face phase a playout stops where that phase begins and is
    valued by ``win_chance`` (``horizon``): the luck of the face phase, most of a playout's
    noise, no longer drowns the difference the move made, and playouts are shorter.

    ``budget_ms`` bounds the thinking time (``DEFAULT_BUDGET_MS`` when None); ``nodes``
    bounds the number of playouts instead (one move played out in one world), whatever
    the clock says; ``max_worlds`` caps the number of worlds. Either of the last two makes
    the choice reproducible for a given rng.
    """

    level = "hard"
    weights: Weights = ROLLOUT
    candidates: int = 6
    min_worlds: int = 1
    max_worlds: int | None = 400
    z: float = 1.0  # how many standard errors a move must lead the heuristic's choice by
    spread: float = 60.0  # only moves the heuristic scores at most this far below its best
    drop_z: float | None = 2.0  # drop a move this many standard errors behind the leader (None: never)
    drop_after: int = 8  # worlds before the first drop
    horizon: bool = True  # end playouts at the face phase, valued by ``win_chance``

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        if len(legal) == 1:
            only = legal[0]
            return only, f"{_describe_action(only, view)} (the only legal move)."
        options = self._options(view)
        if len(options) == 1:
            action, text, _ = options[0]
            return _pick(legal, action), text
        values = self._evaluate(view, options, rng)
        best, lead = clear_winner(values, self.z)
        action, text, _ = options[best]
        worlds = len(values[0])
        if best == 0:
            note = f"no other move did clearly better in {worlds} sampled deals"
        else:
            note = f"it beat the plain heuristic's choice by {lead:.2f} on average over {worlds} sampled deals"
        return _pick(legal, action), f"{text[:-1]} ({note})."

    # The options are (action, reason, how): ``how`` says how to finish the turn in a
    # sampled world. The heuristic's own choice comes first.
    def _options(self, view: State) -> list[tuple[Action, str, How]]:
        hand = view["hand"]
        w = self.weights
        if view["phase"] == "retire":
            mine = choose_retirement(hand, _spies_in_view(view), w)
            choices = [mine] + [r for r in retire_options(tuple(sort_cards(hand))) if r != mine]
            if mine:
                choices.insert(1, ())
            return [(retire_action(r), describe_retirement(r), ("retire", r)) for r in choices]
        spies = _spies_in_view(view)
        ranked = scored_turns(hand, spies, view["draw_cards"], view["discard"], w)
        # Moves far below the best (a counter where a recruit is possible) are not worth samples.
        picked = [t for t in ranked[: self.candidates] if t[0] >= ranked[0][0] - self.spread]
        return [(play_action(play), describe_play(play, spies[-1], hand), ("play", play)) for _, play, _ in picked]

    def _evaluate(self, view: State, options: list[tuple[Action, str, How]],
                  rng: random.Random) -> list[list[float]]:
        """Rollout values per option, one per sampled world (the same worlds for all).

        Options that fall clearly behind (``drop_z`` standard errors below the leader,
        after ``drop_after`` worlds) are no longer played out, so the close ones get more
        worlds; each option's values are then a prefix of the same sequence of worlds.
        The heuristic's choice (option 0) is always played out: every other option is
        measured against it.
        """
        meter = self.budget(DEFAULT_BUDGET_MS).start()
        return evaluate(view, [how for _, _, how in options], rng, meter, self.weights, self.horizon,
                        max_worlds=self.max_worlds, min_worlds=self.min_worlds, drop_z=self.drop_z,
                        drop_after=self.drop_after)


def _describe_action(action: Action, view: State) -> str:
    if isinstance(action, (Retire, Done)):
        return describe_retirement(action.cards if isinstance(action, Retire) else ())[:-1]
    spy = view["spies"][-1]
    if isinstance(action, Assassinate):
        return describe_play(("assassinate", (action.place, action.card)), spy, view["hand"])[:-1]
    kind = "recruit" if isinstance(action, Recruit) else "counter"
    return describe_play((kind, action.cards), spy, view["hand"])[:-1]


BOTS: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
