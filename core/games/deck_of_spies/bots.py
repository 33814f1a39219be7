"""Computer players for Deck of Spies: easy, normal (the heuristic) and hard (sampling search).

Every bot decides from ``GAME.view(state, 0)`` only. The view lists what a player who
remembers every card knows: the hand, the top spy, the spies below it as a sorted
multiset (``spies_below``), the draw pile's contents (``draw_cards``) but not its order,
and both discard piles. Bots never read the seed: future shuffles are unknown to them.
"""

from __future__ import annotations

import random
import time
from typing import Any, Sequence

from core.bots import Bot, ReasoningBot
from core.games.deck_of_spies.policy import (DEFAULT, FACE_PHASE, ROLLOUT, SUITS, Weights, choose_retirement,
                                           choose_turn, face_counts, scored_turns)
from core.games.deck_of_spies.value import win_chance
from core.games.base import Action, State
from core.games.deck_of_spies.actions import Assassinate, Counter, Done, Recruit, Retire
from core.games.deck_of_spies.turns import (FACE_RANKS, GROUP_OF, VALUE, WIN_FACES, Play, Position, after_play,
                                            end_turn, hand_total, is_lost, label, plays, retire_options,
                                            sort_cards)

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


def sample_world(view: State, rng: random.Random) -> tuple[Position, int]:
    """One full position consistent with the view, and a seed for its future shuffles.

    The draw pile's order and the order of the spies within each group are drawn at
    random; so are all later shuffles (the bot does not know the game's seed).
    """
    groups: dict[str, list[str]] = {"J-K": [], "8-10": [], "5-7": []}
    for c in view["spies_below"]:
        groups[GROUP_OF[c]].append(c)
    spies: list[str] = []
    for g in ("J-K", "8-10", "5-7"):
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

    ``budget_ms`` bounds the thinking time (``DEFAULT_BUDGET_MS`` when None); ``max_worlds``
    caps the number of worlds, which makes the choice reproducible for a given rng.
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
        best, lead = _clear_winner(values, self.z)
        action, text, _ = options[best]
        worlds = len(values[0])
        if best == 0:
            note = f"no other move did clearly better in {worlds} sampled deals"
        else:
            note = f"it beat the plain heuristic's choice by {lead:.2f} on average over {worlds} sampled deals"
        return _pick(legal, action), f"{text[:-1]} ({note})."

    # The options are (action, reason, how): ``how`` says how to finish the turn in a
    # sampled world. The heuristic's own choice comes first.
    def _options(self, view: State) -> list[tuple[Action, str, tuple[str, object]]]:
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

    def _evaluate(self, view: State, options: list[tuple[Action, str, tuple[str, object]]],
                  rng: random.Random) -> list[list[float]]:
        """Rollout values per option, one per sampled world (the same worlds for all).

        Options that fall clearly behind (``drop_z`` standard errors below the leader,
        after ``drop_after`` worlds) are no longer played out, so the close ones get more
        worlds; each option's values are then a prefix of the same sequence of worlds.
        The heuristic's choice (option 0) is always played out: every other option is
        measured against it.
        """
        budget = (self.budget_ms if self.budget_ms is not None else DEFAULT_BUDGET_MS) / 1000.0
        deadline = time.perf_counter() + budget
        values: list[list[float]] = [[] for _ in options]
        active = list(range(len(options)))
        w = self.weights
        clock = time.perf_counter
        worlds = 0
        while self.max_worlds is None or worlds < self.max_worlds:
            world, seed = sample_world(view, rng)
            row = []
            for i in active:
                row.append(_play_out(world, seed, options[i][2], w, self.horizon))
                if worlds >= self.min_worlds and clock() > deadline:
                    return values  # drop the unfinished world: options stay comparable
            for i, v in zip(active, row):
                values[i].append(v)
            worlds += 1
            if worlds >= self.min_worlds and clock() > deadline:
                break
            if self.drop_z is not None and worlds >= self.drop_after and len(active) > 1:
                active = _still_in_race(values, active, self.drop_z)
                if len(active) == 1:
                    break  # the heuristic's choice is clearly best
                if len(active) == 2 and self._settled(values, active[1]):
                    break  # one move clearly beats the heuristic's choice
        return values

    def _settled(self, values: list[list[float]], lead: int) -> bool:
        """Whether ``lead`` beats option 0 so clearly that more worlds would not change the choice."""
        mean, se = _paired(values[lead], values[0])
        return mean > self.drop_z * se


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the worlds both were played in."""
    diffs = [x - y for x, y in zip(a, b)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, (var / n) ** 0.5


def _still_in_race(values: list[list[float]], active: list[int], z: float) -> list[int]:
    """The active options not clearly behind the best of them; option 0 always stays."""
    lead = max(active, key=lambda i: sum(values[i]) / len(values[i]))
    keep = []
    for i in active:
        if i == 0 or i == lead:
            keep.append(i)
            continue
        mean, se = _paired(values[i], values[lead])
        if mean >= -z * se:
            keep.append(i)
    return keep


def _clear_winner(values: list[list[float]], z: float) -> tuple[int, float]:
    """The option to play and its mean lead over option 0 (the heuristic's choice).

    Another option is taken only if its mean paired lead over option 0 exceeds ``z``
    standard errors; sampled worlds are shared, so most pairs tie and real differences
    stand out quickly.
    """
    base = values[0]
    best, best_lead = 0, 0.0
    if len(base) < 3:  # too few worlds to overrule the heuristic
        return best, best_lead
    for i in range(1, len(values)):
        if len(values[i]) < 3:
            continue
        mean, se = _paired(values[i], base)
        if mean > best_lead and mean > z * se:
            best, best_lead = i, mean
    return best, best_lead


def _play_out(world: Position, seed: int, how: tuple[str, Any], w: Weights, horizon: bool = False) -> float:
    """Finish the current turn in ``world`` the way an option says, then roll out."""
    kind, arg = how
    if kind == "retire":
        pos = end_turn(world, seed, arg)
    else:
        mid, left = after_play(world, arg, seed)
        retired = choose_retirement(left, mid.spies, w) if arg[0] != "assassinate" else ()
        pos = end_turn(mid, seed, retired)
    return rollout(pos, seed, w, horizon)


def _describe_action(action: Action, view: State) -> str:
    if isinstance(action, (Retire, Done)):
        return describe_retirement(action.cards if isinstance(action, Retire) else ())[:-1]
    spy = view["spies"][-1]
    if isinstance(action, Assassinate):
        return describe_play(("assassinate", (action.place, action.card)), spy, view["hand"])[:-1]
    kind = "recruit" if isinstance(action, Recruit) else "counter"
    return describe_play((kind, action.cards), spy, view["hand"])[:-1]


BOTS: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
