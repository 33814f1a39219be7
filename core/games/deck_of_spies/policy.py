"""The Deck of Spies heuristic: a score for every turn, from what the player can know.

A turn is a play (counter, recruit or assassinate) and the cards retired after it. The
score adds up a few weighted features of the play and of the hand kept afterwards. The
weights were tuned by self-play over seeded deals (see docs/benchmarks.md); their signs
carry the advice of the rules' tips: recruit whenever possible, retire low pairs, keep
cards of suits whose face spies are still to come, do not sacrifice aces lightly.

Only the order-free parts of a position are used (hand, the multiset of spies left, the
contents of draw and discard piles), so the choice cannot depend on hidden card order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from core.cards import RANKS
from core.games.deck_of_spies.turns import (FACE_RANKS, SUBSET_CARDS, VALUE, Play, aces_left, hand_total, play_masks, plays,
                                            retire_options)

RANKS_INDEX = {r: i for i, r in enumerate(RANKS)}

FACE_PHASE = 12  # the last twelve spies are the face cards


@dataclass(frozen=True)
class Weights:
    """Feature weights of the heuristic; positive means "prefer"."""

    recruit: float = -6.5           # recruiting a 5–10 spy (plus ``recruit_value`` per point)
    recruit_face: float = 1000.0    # recruiting a face spy (each one counts at the end)
    recruit_value: float = 1.0      # recruiting a 5–10 spy, per point of its value
    spend_ace: float = 3.0          # cost of playing an ace
    spend_ace_face: float = 2.7     # extra cost of playing an ace among the face spies
    spend_face: float = 0.9         # cost of playing a face card
    retire_low: float = 6.0         # per retired 2–4 before the face spies
    retire_low_face: float = 3.0    # per retired 2–4 among the face spies
    retire_mid: float = -2.0        # per retired 5–7 before the face spies
    retire_mid_face: float = 3.0    # per retired 5–7 among the face spies
    retire_high: float = -6.0       # per retired 8–10
    retire_ace: float = -30.0       # per retired ace
    keep_pair: float = 2.0          # per low pair kept in hand (to retire next turn)
    keep_suit: float = 0.7          # kept non-aces, by face spies still to come of their suit
    keep_suit_value: float = 2.36   # the same, weighted by card value
    keep_ace_face: float = -2.6     # kept aces, by face spies still to come of their suit
    keep_total: float = -1.2        # total value kept (negative: cycling the deck pays)
    sacrifice_face: float = 3.0     # assassination: cost per face spy left of the ace's suit


DEFAULT = Weights()

# The hard bot plays out with the weights it was measured with: the two changes that made
# normal stronger on its own (aces cost 3, mid pairs retired among the face spies) did not
# make hard's search stronger (89.3 % against 90.6 % on deals 0-999; docs/benchmarks.md).
ROLLOUT = Weights(spend_ace=2.0, retire_mid_face=0.2)


SUITS = "CDHS"


def face_counts(spies: Iterable[str]) -> tuple[int, int, int, int]:
    """How many face cards of each suit (clubs, diamonds, hearts, spades) are among ``spies``."""
    counts = [0, 0, 0, 0]
    for c in spies:
        if c[0] in FACE_RANKS:
            counts[SUITS.index(c[1])] += 1
    return counts[0], counts[1], counts[2], counts[3]


class Outlook:
    """What the heuristic needs to know about the spies still to come after this one."""

    __slots__ = ("face_suits", "face_phase", "_worth", "_w")

    def __init__(self, faces: tuple[int, int, int, int], face_phase: bool, w: Weights = DEFAULT) -> None:
        """``faces``: face spies per suit after the current one (``face_counts``)."""
        self.face_suits = dict(zip(SUITS, faces))
        self.face_phase = face_phase
        self._worth: dict[str, float] = {}
        self._w = w

    @classmethod
    def of(cls, later_spies: Sequence[str], spies_left: int, w: Weights = DEFAULT) -> Outlook:
        """From the spies after the current one; ``spies_left`` counts them and the current one."""
        return cls(face_counts(later_spies), spies_left <= FACE_PHASE, w)

    def worth(self, card: str) -> float:
        """What keeping ``card`` in hand is worth (the pair bonus aside)."""
        got = self._worth.get(card)
        if got is None:
            w, fs, v = self._w, self.face_suits[card[1]], VALUE[card]
            if card[0] == "A":
                got = w.keep_ace_face * fs / 3 + w.keep_total * v / 10
            else:
                got = w.keep_suit * fs / 3 + w.keep_suit_value * fs * v / 30 + w.keep_total * v / 10
            self._worth[card] = got
        return got


def retire_value(cards: Sequence[str], outlook: Outlook, w: Weights) -> float:
    """The value of retiring these cards (all of one rank)."""
    r = cards[0][0]
    if r in "234":
        each = w.retire_low_face if outlook.face_phase else w.retire_low
    elif r in "567":
        each = w.retire_mid_face if outlook.face_phase else w.retire_mid
    elif r in "89T":
        each = w.retire_high
    elif r == "A":
        each = w.retire_ace
    else:
        each = -1000.0  # a retired face card is lost for good (S-5.3)
    return each * len(cards)


def keep_value(kept: Sequence[str], outlook: Outlook, w: Weights) -> float:
    """The value of the hand kept for the next turn."""
    score = 0.0
    low: list[str] = []
    for c in kept:
        score += outlook.worth(c)
        if c[0] in "234":
            low.append(c[0])
    if len(low) >= 2:
        score += w.keep_pair * sum(1 for r in set(low) if low.count(r) >= 2)
    return score


def best_retirement(left: tuple[str, ...], outlook: Outlook, w: Weights) -> tuple[float, tuple[str, ...]]:
    """The best retirement after a play (possibly none) and its score including the kept hand."""
    best, choice = keep_value(left, outlook, w), ()
    for option in retire_options(left):
        kept = [c for c in left if c not in option]
        score = retire_value(option, outlook, w) + keep_value(kept, outlook, w)
        if score > best:
            best, choice = score, option
    return best, choice


def recruit_bonus(spy: str, w: Weights) -> float:
    """The bonus for recruiting ``spy``. Low spies earn little: a recruit that spends good
    cards on a 5 or 6 leaves a weaker hand than a cheap counter would."""
    if spy[0] in FACE_RANKS:
        return w.recruit_face
    return w.recruit + w.recruit_value * VALUE[spy]


def play_value(kind: str, cards: tuple[str, ...], spy: str, outlook: Outlook, w: Weights) -> float:
    """The value of a counter or recruit itself, before the kept hand is looked at."""
    score = 0.0
    if kind == "recruit":
        score += recruit_bonus(spy, w)
    for c in cards:
        if c[0] == "A":
            score -= w.spend_ace + (w.spend_ace_face if outlook.face_phase else 0.0)
        elif c[0] in FACE_RANKS:
            score -= w.spend_face
    return score


def sacrifice_value(place: str, ace: str, outlook: Outlook, w: Weights) -> float:
    """The value of sacrificing ``ace`` from ``place``: spare the suits with faces to come."""
    return -w.sacrifice_face * outlook.face_suits[ace[1]] + (0.5 if place == "hand" else 0.0)


def scored_turns(hand: Sequence[str], spies: Sequence[str], draw: Iterable[str], discard: Iterable[str],
                 w: Weights = DEFAULT) -> list[tuple[float, Play, tuple[str, ...]]]:
    """Every play with its best retirement and its score, best first (``choose_turn``'s pick first).

    ``spies`` ends with the current spy; the order of the others is not used.
    """
    hand_t = tuple(hand)
    spy = spies[-1]
    outlook = Outlook.of(spies[:-1], len(spies), w)
    out: list[tuple[float, Play, tuple[str, ...]]] = []
    if hand_total(hand_t) < VALUE[spy]:
        for place, ace in aces_left(hand_t, draw, discard):
            out.append((sacrifice_value(place, ace, outlook, w), ("assassinate", (place, ace)), ()))
    else:
        for kind, cards in plays(hand_t, spy):
            left = tuple(c for c in hand_t if c not in cards)
            score, retired = best_retirement(left, outlook, w)
            out.append((play_value(kind, cards, spy, outlook, w) + score, (kind, cards), retired))
    out.sort(key=lambda t: -t[0])  # stable: ties keep the engine's order
    return out


def choose_turn(hand: Sequence[str], spies: Sequence[str], draw: Iterable[str], discard: Iterable[str],
                w: Weights = DEFAULT, faces: tuple[int, int, int, int] | None = None) -> tuple[Play, tuple[str, ...]]:
    """The heuristic's turn: the best-scoring play and the retirement that goes with it.

    ``faces`` may pass ``face_counts(spies[:-1])`` when the caller keeps it up to date.
    """
    hand_t = tuple(hand)
    spy = spies[-1]
    if faces is None:
        faces = face_counts(spies[:-1])
    if hand_total(hand_t) < VALUE[spy]:
        outlook = Outlook(faces, len(spies) <= FACE_PHASE, w)
        options = aces_left(hand_t, draw, discard)
        place, ace = max(options, key=lambda pa: sacrifice_value(pa[0], pa[1], outlook, w))
        return ("assassinate", (place, ace)), ()
    return _best_play(hand_t, spy, Outlook(faces, len(spies) <= FACE_PHASE, w), w)


def _best_play(hand: tuple[str, ...], spy: str, outlook: Outlook, w: Weights) -> tuple[Play, tuple[str, ...]]:
    # Computed over bit masks of the hand, as rollouts call this for every turn. Not cached:
    # hands rarely repeat, and a big cache makes the garbage collector's pauses long.
    face_phase = outlook.face_phase
    n = len(hand)
    full = (1 << n) - 1
    worth = [outlook.worth(c) for c in hand]
    spend = [-(w.spend_ace + (w.spend_ace_face if face_phase else 0.0)) if c[0] == "A"
             else (-w.spend_face if c[0] in FACE_RANKS else 0.0) for c in hand]
    rank_bit = [1 << RANKS_INDEX[c[0]] for c in hand]
    size = 1 << n
    kept_worth, spent, ranks, paired = [0.0] * size, [0.0] * size, [0] * size, [False] * size
    for m in range(1, size):
        bit = m & -m
        i, prev = bit.bit_length() - 1, m ^ bit
        kept_worth[m] = kept_worth[prev] + worth[i]
        spent[m] = spent[prev] + spend[i]
        ranks[m] = ranks[prev] | rank_bit[i]
        paired[m] = paired[prev] or bool(ranks[prev] & rank_bit[i])
    bonus = recruit_bonus(spy, w)
    cards_of = SUBSET_CARDS[n]
    best = -1e18
    choice: tuple[str, int, tuple[str, ...]] = ("", 0, ())
    for kind, m in play_masks(hand, spy):
        score = spent[m] + (bonus if kind == "recruit" else 0.0)
        keep = full ^ m
        retired: tuple[str, ...] = ()
        if paired[keep]:  # a pair is left: weigh retiring it (and the low-pair bonus)
            value, retired = best_retirement(cards_of[keep](hand), outlook, w)
            score += value
        else:
            score += kept_worth[keep]
        if score > best:
            best, choice = score, (kind, m, retired)
    kind, m, retired = choice
    return (kind, cards_of[m](hand)), retired


def choose_retirement(hand: Sequence[str], spies_left: Sequence[str], w: Weights = DEFAULT) -> tuple[str, ...]:
    """In the retire step: which cards to retire (empty for none). ``spies_left`` excludes the spy just done."""
    outlook = Outlook.of(spies_left, len(spies_left) + 1, w)
    return best_retirement(tuple(hand), outlook, w)[1]
