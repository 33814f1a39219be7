"""Deck of Spies' rules as pure functions: card values, valid plays, drawing, and a compact
position for search (RULINGS.md S-1 … S-6).

The engine (``rules``), the solver and the bots share these, so all three play by the
same rules; ``rules`` adds the checks, messages and events around them.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any, Iterable, NamedTuple, Sequence

from core.cards import RANKS, SUIT_SYMBOLS, standard_deck
from core.games.base import State

# --- constants -------------------------------------------------------------------------

HAND_SIZE = 5
FACE_RANKS = frozenset("JQK")
WIN_FACES = 7  # more than half of the 12 face cards (S-7)
GROUPS = (("5-7", "567"), ("8-10", "89T"), ("J-K", "JQK"))
PLACES = ("hand", "draw", "discard")

VALUE: dict[str, int] = {c: RANKS.index(c[0]) + 1 for c in standard_deck()}
ORDER: dict[str, int] = {c: i for i, c in enumerate(standard_deck())}  # suit, then rank
GROUP_OF: dict[str, str] = {c: g for c in standard_deck() for g, rs in GROUPS if c[0] in rs}


def order_key(card: str) -> int:
    """Sort key of the notation order: clubs, diamonds, hearts, spades; ace to king."""
    return ORDER[card]


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def label(card: str) -> str:
    """A card as players read it: ``2♣``, ``10♥``, ``A♠``."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def is_face(card: str) -> bool:
    return card[0] in FACE_RANKS



# --- the rules as pure functions (shared by the engine, the solver and the bots) ---------


def shuffle_cards(seed: int, n: int, cards: Iterable[str]) -> list[str]:
    """The n-th shuffle of a game: the cards in sorted order, shuffled by ``Random(f"{seed}:{n}")``."""
    pile = sort_cards(cards)
    random.Random(f"{seed}:{n}").shuffle(pile)
    return pile


def hand_total(cards: Iterable[str]) -> int:
    return sum(VALUE[c] for c in cards)


def _values(cards: Iterable[str]) -> str:
    return "+".join(str(VALUE[c]) for c in sorted(cards, key=VALUE.__getitem__))


def counter_problem(cards: Sequence[str], spy: str) -> str | None:
    """Why ``cards`` cannot counter ``spy`` (S-2, S-2.1), or None if they can."""
    need = VALUE[spy]
    if not cards:
        return f"choose cards that add up to at least {need}"
    total = hand_total(cards)
    if total < need:
        return f"these cards sum to {total}; the spy needs {need}"
    low = min(cards, key=lambda c: (VALUE[c], ORDER[c]))
    if total - VALUE[low] >= need:
        rest = [c for c in cards if c != low]
        return f"the {label(low)} is not needed: {_values(rest)} already reach{'es' if len(rest) == 1 else ''} {need}"
    return None


def recruit_problem(cards: Sequence[str], spy: str) -> str | None:
    """Why ``cards`` cannot recruit ``spy`` (S-3, S-3.1), or None if they can."""
    need, suit = VALUE[spy], spy[1]
    sym = SUIT_SYMBOLS[suit]
    if not cards:
        return f"choose cards of the spy's suit {sym} that add up to at least {need}"
    ace = "A" + suit
    if ace in cards:
        others = [c for c in cards if c != ace]
    else:
        off = [c for c in cards if c[1] != suit]
        if off:
            return (f"recruiting needs cards of the spy's suit {sym} (or the {sym} ace as double agent); "
                    f"{', '.join(label(c) for c in sort_cards(off))} {'is' if len(off) == 1 else 'are'} not {sym}")
        others = list(cards)
    total = hand_total(cards)
    if total < need:
        return f"these cards sum to {total}; the spy needs {need}"
    if others:
        low = min(others, key=lambda c: (VALUE[c], ORDER[c]))
        if total - VALUE[low] >= need:
            rest = [c for c in cards if c != low]
            return (f"the {label(low)} is not needed: {_values(rest)} already "
                    f"reach{'es' if len(rest) == 1 else ''} {need}")
    return None


def _getter(idx: tuple[int, ...]) -> Any:
    if len(idx) == 1:
        i = idx[0]
        return lambda seq: (seq[i],)
    return itemgetter(*idx)


# For each hand size: every non-empty subset as (bit mask over hand positions, a getter
# of its cards), in ``itertools.combinations`` order (smaller sets first).
_SUBSETS = {n: [(sum(1 << i for i in idx), _getter(idx)) for k in range(1, n + 1)
                for idx in combinations(range(n), k)] for n in range(HAND_SIZE + 1)}
SUBSET_CARDS = {n: {m: get for m, get in subsets} for n, subsets in _SUBSETS.items()}


def play_masks(hand: tuple[str, ...], spy: str) -> tuple[tuple[str, int], ...]:
    """Every valid counter and recruit as (kind, bit mask over ``hand``), in a fixed order.

    This is ``counter_problem``/``recruit_problem`` without the messages, because search
    calls it very often; a test checks that the two agree.
    """
    need, suit = VALUE[spy], spy[1]
    n = len(hand)
    vals = [VALUE[c] for c in hand]
    ace = next((i for i, c in enumerate(hand) if c == "A" + suit), -1)
    # Sum, smallest value and "all of the spy's suit" of every subset, built from smaller ones.
    size = 1 << n
    total, low, suited = [0] * size, [99] * size, [True] * size
    for m in range(1, size):
        bit = m & -m
        i, prev = bit.bit_length() - 1, m ^ bit
        total[m] = total[prev] + vals[i]
        low[m] = low[prev] if low[prev] < vals[i] else vals[i]
        suited[m] = suited[prev] and hand[i][1] == suit
    out: list[tuple[str, int]] = []
    for m, _ in _SUBSETS[n]:
        t = total[m]
        if t < need:
            continue
        necessary = t - low[m] < need
        if ace >= 0 and m >> ace & 1:
            rest = m ^ (1 << ace)
            recruit = rest != 0 and t - low[rest] < need  # the double agent is exempt (S-3.1)
        else:
            recruit = necessary and suited[m]
        if necessary:
            out.append(("counter", m))
        if recruit:
            out.append(("recruit", m))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def plays(hand: tuple[str, ...], spy: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every valid counter and recruit with ``hand`` against ``spy``, as (kind, sorted cards).

    ``hand`` must be sorted in notation order; the result is then in a fixed order.
    """
    cards = SUBSET_CARDS[len(hand)]
    return tuple((kind, cards[m](hand)) for kind, m in play_masks(hand, spy))


@lru_cache(maxsize=1 << 14)
def retire_options(hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every set of two or more hand cards of one rank (S-5), each sorted."""
    out: list[tuple[str, ...]] = []
    for r in RANKS:
        same = [c for c in hand if c[0] == r]
        for k in range(2, len(same) + 1):
            out.extend(tuple(sort_cards(combo)) for combo in combinations(same, k))
    return tuple(out)


def refill(hand: Sequence[str], draw: Sequence[str], discard: Iterable[str], seed: int,
           shuffles: int) -> tuple[list[str], list[str], list[str], int, list[tuple[str, Any]]]:
    """Draw up to five cards, reshuffling the discard pile only when a draw needs it (S-6).

    Returns the new hand (sorted), draw pile, discard pile, shuffle count and a log of
    ``("shuffle", cards)`` and ``("draw", card)`` steps in the order they happened.
    """
    hand, draw, pile = list(hand), list(draw), list(discard)
    log: list[tuple[str, Any]] = []
    while len(hand) < HAND_SIZE:
        if not draw:
            if not pile:
                break  # S-6.2: both piles empty, the hand stays short
            shuffles += 1
            log.append(("shuffle", pile))
            draw, pile = shuffle_cards(seed, shuffles, pile), []
        card = draw.pop()
        log.append(("draw", card))
        hand.append(card)
    return sort_cards(hand), draw, pile, shuffles, log


def aces_left(hand: Iterable[str], draw: Iterable[str], discard: Iterable[str]) -> list[tuple[str, str]]:
    """Every ace that could be sacrificed, as (place, card)."""
    return [(place, c) for place, pile in zip(PLACES, (hand, draw, discard)) for c in pile if c[0] == "A"]


# --- a compact position for search (solver and bots) ------------------------------------


class Position(NamedTuple):
    """A running game as hashable tuples, for search; the rules are the same as ``apply``'s.

    ``spies`` and ``draw`` are bottom first like the state; ``hand`` and ``discard`` are
    sorted (the discard pile's order never matters: shuffles sort their cards first).
    """

    spies: tuple[str, ...]
    hand: tuple[str, ...]
    draw: tuple[str, ...]
    discard: tuple[str, ...]
    shuffles: int

    @classmethod
    def of(cls, state: State) -> Position:
        """The position of a state in phase ``play``."""
        return cls(tuple(state["spies"]), tuple(sort_cards(state["hand"])), tuple(state["draw"]),
                   tuple(sort_cards(state["discard"])), state["shuffles"])

    def owned_faces(self) -> int:
        return sum(1 for pile in (self.hand, self.draw, self.discard) for c in pile if c[0] in FACE_RANKS)


# A turn as the solver and the bots see it: the play (kind, cards or (place, ace)) and the
# cards retired afterwards (empty for none).
Play = tuple[str, tuple[str, ...]]
Turn = tuple[Play, tuple[str, ...]]


def turn_plays(pos: Position) -> list[Play]:
    """The legal plays of a position: counters and recruits, or else assassinations."""
    spy = pos.spies[-1]
    if hand_total(pos.hand) < VALUE[spy]:
        return [("assassinate", (place, c)) for place, c in aces_left(pos.hand, pos.draw, pos.discard)]
    return list(plays(pos.hand, spy))


def turn_actions(turn: Turn, left: tuple[str, ...]) -> list[str]:
    """A turn in action notation, as ``apply`` takes it; ``left`` is the hand after the play.

    A counter or recruit that leaves a pair in hand opens the retire step, so the turn
    then ends with ``retire …`` or ``done``.
    """
    (kind, cards), retired = turn
    if kind == "assassinate":
        return [f"assassinate {cards[0]} {cards[1]}"]
    first = f"{kind} {' '.join(cards)}"
    if retired:
        return [first, f"retire {' '.join(retired)}"]
    return [first, "done"] if retire_options(left) else [first]


def after_play(pos: Position, play: Play, seed: int) -> tuple[Position, tuple[str, ...]]:
    """The position right after a play, before retiring and drawing; also the hand left."""
    kind, cards = play
    spies, hand, draw, discard, shuffles = pos
    spy = spies[-1]
    if kind == "assassinate":
        place, ace = cards
        if place == "hand":
            rest = tuple(c for c in hand if c != ace)
            discard = discard + rest
        elif place == "draw":
            shuffles += 1
            draw = tuple(shuffle_cards(seed, shuffles, (c for c in draw if c != ace)))
            discard = discard + hand
        else:
            discard = tuple(c for c in discard if c != ace) + hand
        left: tuple[str, ...] = ()
    else:
        left = tuple(c for c in hand if c not in cards)
        discard = discard + cards + ((spy,) if kind == "recruit" else ())
    return Position(spies[:-1], left, draw, tuple(sort_cards(discard)), shuffles), left


def end_turn(pos: Position, seed: int, retired: tuple[str, ...] = ()) -> Position:
    """Retire ``retired`` from the hand, then draw back up to five (no draw after the last spy)."""
    hand = tuple(c for c in pos.hand if c not in retired) if retired else pos.hand
    if not pos.spies:
        return pos._replace(hand=hand)
    new_hand, draw, pile, shuffles, _ = refill(hand, pos.draw, pos.discard, seed, pos.shuffles)
    return Position(pos.spies, tuple(new_hand), tuple(draw), tuple(pile), shuffles)


def is_lost(pos: Position) -> bool:
    """An assassination is due and no ace is left anywhere (S-4.1)."""
    return (bool(pos.spies) and hand_total(pos.hand) < VALUE[pos.spies[-1]]
            and not any(c[0] == "A" for pile in (pos.hand, pos.draw, pos.discard) for c in pile))
