"""The playing heuristic of the Rosenkrieg bots: which card to play, which two to lay away,
and how good a hand is for a Potentat.

``choose_card`` plays a sound trick: it smears points onto a partner's safe trick, wins an
opponent's trick with the cheapest card that stays on top, spends the König der Löwen
only on tricks worth it, cashes cards no one can beat, and as Potentat draws trumps. It
sees the other seats through ``could``: per seat, the cards it may hold. The normal bot
passes what its view allows (the unseen cards, less the suits a seat has shown it lacks);
the hard bot's playouts pass the hands of a sampled deal (``exact``), where the same
heuristic then plays every seat.
"""

from __future__ import annotations

from itertools import combinations

from core.games.rosenkrieg.bits import TRUMPS, Bits, count, each, high, low

SMEAR_PTS = 3  # per Zähler, against a card's keep value, when giving or dumping cards
LAY_VOID = 8  # the worth of a plain suit emptied by the cards laid away
LAY_ACE = 6  # a cashable ace is worth keeping rather than laying away
LAY_BARE_TEN = 4  # a ten without its ace is likely lost: lay it away
LK_WORTH = 14  # a trump card spends its keep value minus this only for that many Zähler


def orders(b: Bits) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The heuristic's preferences over all cards: what to dump first (fewest points, least
    worth keeping), what to give a partner first (the reverse), and what to win with first
    (cheap to keep, rich in points)."""
    cards = range(len(b.cards))
    dump = tuple(sorted(cards, key=lambda c: (SMEAR_PTS * b.pts[c] + b.keep[c], c)))
    smear = tuple(sorted(cards, key=lambda c: (b.keep[c] - SMEAR_PTS * b.pts[c], c)))
    win = tuple(sorted(cards, key=lambda c: (b.keep[c] - 2 * b.pts[c], c)))
    return dump, smear, win


def choose_card(b: Bits, me: int, pot: int, hand: int, legal: int, trick: list[int], leader: int,
                could: list[int], exact: bool) -> int:
    """The card (index) to play; ``legal`` is the mask of playable cards of ``hand``."""
    if legal & (legal - 1) == 0:
        return low(legal)
    if not trick:
        return _lead(b, me, pot, hand, could)
    return _follow(b, me, pot, legal, trick, leader, could, exact)


def _first(order: tuple[int, ...], mask: int) -> int:
    """The first card of ``order`` in ``mask`` (which is not empty)."""
    for c in order:
        if mask >> c & 1:
            return c
    raise ValueError("empty mask")


def _lead(b: Bits, me: int, pot: int, hand: int, could: list[int]) -> int:
    T, lk_bit, masks = b.trumps, 1 << b.lk, b.class_mask
    opps = [pot] if me != pot else [s for s in range(b.players) if s != me]
    others = opp_m = 0
    for s in range(b.players):
        if s != me:
            others |= could[s]
    for s in opps:
        opp_m |= could[s]
    trumps = hand & T
    if me == pot and trumps and opp_m & T:
        # Draw the opponents' trumps with a card nobody can beat, or with length.
        top = high(trumps)
        if top == b.lk and opp_m & b.queens:
            top = high(trumps ^ lk_bit) if trumps ^ lk_bit else -1
        if top >= 0 and not others & T & ~((1 << (top + 1)) - 1):
            return top  # no one else holds a higher trump
        if count(trumps) > count(opp_m & T) and trumps & ~lk_bit:
            return low(trumps & ~lk_bit)
    safe_suits = 0  # the plain suits in hand that no opponent can trump for want of them
    best, best_pts = -1, 0
    for cl in (1, 2, 3):
        suit = hand & masks[cl]
        if not suit:
            continue
        for s in opps:
            if not could[s] & masks[cl] and could[s] & T:
                break
        else:
            safe_suits |= masks[cl]
            top = high(suit)
            if not others & masks[cl] & ~((1 << (top + 1)) - 1) and b.pts[top] > best_pts:
                best, best_pts = top, b.pts[top]  # nobody can beat it: cash it
    if best >= 0:
        return best
    plain = hand & ~T
    if plain:  # a cheap card, from a suit the opponents cannot trump if there is one
        return _first(b.dump_order, plain & safe_suits or plain)
    rest = trumps & ~lk_bit
    return low(rest) if rest else b.lk


def _follow(b: Bits, me: int, pot: int, legal: int, trick: list[int], leader: int, could: list[int],
            exact: bool) -> int:
    n = b.players
    led = trick[0]
    led_cls = b.cls[led]
    pos = b.winner(trick)
    wseat, wcard = (leader + pos) % n, trick[pos]
    lk_led = led == b.lk
    locked = lk_led and pos > 0  # the first queen on a led LK: nothing beats it
    lk_open = lk_led and not locked
    mine = me == pot
    threat = 0  # the cards the opponents still to play may answer with
    for j in range(len(trick) + 1, n):
        s = (leader + j) % n
        if (s == pot) != mine:
            threat |= b.legal(could[s], led) if exact else could[s]
    if wseat != me and (wseat == pot) == mine:  # a partner holds the trick
        if locked or not threat & b.beaters(wcard, led_cls, lk_open):
            return _first(b.smear_order, legal)
    if not locked:
        if lk_open:
            winners = legal & b.queens  # the first queen on the led LK wins and stays on top
        else:
            winners = 0
            for c in each(legal & b.beaters(wcard, led_cls, False)):
                if not threat & b.beaters(c, led_cls, False):
                    winners |= 1 << c
        if winners:
            c = _first(b.win_order, winners)
            if b.cls[c] != TRUMPS or sum(b.pts[x] for x in trick) + b.pts[c] >= b.keep[c] - LK_WORTH:
                return c
    return _first(b.dump_order, legal)


# --- the Erbe and the hand -----------------------------------------------------------------


def lay_score(b: Bits, hand: int, pair: tuple[int, int]) -> float:
    """How good laying ``pair`` away is: points banked, suits emptied, cashable aces kept."""
    rest = hand & ~((1 << pair[0]) | (1 << pair[1]))
    score = 0.0
    for c in pair:
        if b.cls[c] == TRUMPS:
            score -= 30 + b.keep[c]
            continue
        score += b.pts[c]
        suit = hand & b.class_mask[b.cls[c]]
        if c == high(b.class_mask[b.cls[c]]):
            score -= LAY_ACE
        elif b.pts[c] == 10 and suit == suit & ((1 << (c + 1)) - 1):
            score += LAY_BARE_TEN  # the ten is the highest card of its suit in hand
    for cl in (1, 2, 3):
        if hand & b.class_mask[cl] and not rest & b.class_mask[cl]:
            score += LAY_VOID
    return score


def lay_candidates(b: Bits, hand: int, most: int) -> list[tuple[int, int]]:
    """The ``most`` best pairs to lay away by ``lay_score``, best first."""
    pairs = list(combinations(each(hand), 2))
    pairs.sort(key=lambda p: (-lay_score(b, hand, p), p))
    return pairs[:most]


HAND_FEATURES = ("LK", "AR", "TR", "KR", "QR", "JR", "lower trumps", "side aces", "tens with their ace",
                 "bare tens", "side kings", "voids", "singletons")
# Expected points of a Potentat with a hand, per feature, then a constant: least squares over
# random hands played out by this heuristic (``python -m core.games.rosenkrieg.fit``).
HAND_WEIGHTS = {
    2: (0.053, 1.296, 1.162, 0.678, 0.506, 0.563, 0.0, 0.842, 0.443, 0.423, 0.004, 0.76, 0.254, -3.275),
    3: (0.171, 2.018, 1.847, 1.268, 0.889, 0.834, 0.781, 1.171, 0.441, 0.573, 0.132, 0.602, 0.149, -6.755),
    4: (0.063, 2.846, 2.529, 1.703, 1.225, 1.155, 1.092, 1.032, 0.434, 0.664, 0.089, 0.632, 0.183, -8.701),
}


def hand_features(b: Bits, hand: int) -> list[int]:
    """The counts ``HAND_FEATURES`` names, for a hand before the Erbe."""
    tops = each(b.trumps)[::-1]  # the LK, the Rosen-A, … the lowest Rosen
    out = [hand >> c & 1 for c in tops[:6]]
    out.append(sum(hand >> c & 1 for c in tops[6:]))
    aces = tens_a = tens_b = kings = voids = single = 0
    for cl in (1, 2, 3):
        suit = hand & b.class_mask[cl]
        cs = each(b.class_mask[cl])
        ace, ten, third = cs[-1], cs[-2], cs[-3]
        has_ace = suit >> ace & 1
        aces += has_ace
        if suit >> ten & 1:
            tens_a += has_ace
            tens_b += not has_ace
        kings += b.cards[third][0] == "K" and suit >> third & 1
        voids += not suit
        single += count(suit) == 1
    return out + [aces, tens_a, tens_b, kings, voids, single]


def hand_value(b: Bits, hand: int) -> float:
    """The points a Potentat may expect with this hand, by the fitted ``HAND_WEIGHTS``."""
    w = HAND_WEIGHTS[b.players]
    return sum(x * y for x, y in zip(hand_features(b, hand), w)) + w[-1]


def wants_potentat(b: Bits, hand: int) -> bool:
    """Whether a hand is good enough to volunteer as Potentat (the normal bot's judgement)."""
    return hand_value(b, hand) > 0
