"""The hard Rosenkrieg bot's search: sampled deals played out by the heuristic.

Determinised search ("perfect information Monte Carlo"): the unseen cards are dealt many
ways consistent with the view (``Knowledge.sample``: the hand sizes, the Erbe, the suits
each seat has shown it lacks), and in each deal every candidate is played out to the end
of the Partie with the playing heuristic of ``policy`` for every seat, which then sees
the deal's hands. A playout ends in the Partie's exact settlement (``potentat_amount``)
for the bot's party, plus a trace of its Zähler to break ties. Candidates are compared
over the same deals with the shared ``core.bots.race``; the budget counts cards played
in playouts, or time.

Three decisions are searched: the declaration (the Partie is simulated with whoever
would then be Potentat, the later seats declaring as the normal bot would), the two
cards to lay away (the heuristic's best pairs), and each card played.
"""

from __future__ import annotations

import random
from typing import Sequence

from core.bots.budget import Meter
from core.bots.race import Values, race
from core.games.rosenkrieg.bits import Bits
from core.games.rosenkrieg.knowledge import Knowledge
from core.games.rosenkrieg.policy import choose_card, lay_candidates, wants_potentat
from core.games.rosenkrieg.rules import choose_potentat
from core.games.rosenkrieg.scoring import WIN_ABOVE, potentat_amount

CLOCK_EVERY = 64  # cards played in playouts between clock checks under a time budget
MAX_WORLDS = 300  # beyond this the averages hardly move
TIE_BREAK = 0.002  # per Zähler of the own party: more points when the settlement is the same
DROP_Z = 2.5  # a candidate this many standard errors behind the leader stops being played out
DROP_AFTER = 16


def playout(b: Bits, hands: list[int], trick: Sequence[int], leader: int, pot: int, pot_pts: int, chal_pts: int,
            lk_pot: bool | None, tricks: tuple[int, int], trumpfzwang: bool, meter: Meter,
            first: int = -1) -> tuple[int, bool, int, int]:
    """Play the Partie to its end with the heuristic for every seat (``hands`` is changed);
    ``first``, if given, is the card the seat to move plays now.

    Returns the Potentat's Zähler, whether the LK ended with him, and the tricks won by
    him and by the challengers.
    """
    n, pts, lk = b.players, b.pts, b.lk
    pot_tricks, chal_tricks = tricks
    trick = list(trick)
    won = sum(pts[x] for x in trick)
    legal_of = b.legal
    played = 0
    seat = (leader + len(trick)) % n
    while hands[seat]:
        hand = hands[seat]
        if first >= 0:
            c, first = first, -1
        else:
            c = choose_card(b, seat, pot, hand, legal_of(hand, trick[0] if trick else -1, trumpfzwang),
                            trick, leader, hands, True)
        hands[seat] = hand & ~(1 << c)
        trick.append(c)
        won += pts[c]
        played += 1
        if len(trick) < n:
            seat = (seat + 1) % n
            continue
        leader = seat = (leader + b.winner(trick)) % n
        if seat == pot:
            pot_pts += won
            pot_tricks += 1
            if lk in trick:
                lk_pot = True
        else:
            chal_pts += won
            chal_tricks += 1
            if lk in trick:
                lk_pot = False
        trick = []
        won = 0
    meter.spend(played)
    return pot_pts, bool(lk_pot), pot_tricks, chal_tricks


def party_value(kn: Knowledge, pot: int, end: tuple[int, bool, int, int]) -> float:
    """The settlement of a played-out Partie for the searching seat, in points."""
    pot_pts, lk_pot, pot_tricks, chal_tricks = end
    n = kn.players
    loser_has_trick = (chal_tricks if pot_pts > WIN_ABOVE else pot_tricks) > 0
    amount = potentat_amount(n, pot_pts, lk_pot, kn.streak(pot), loser_has_trick, kn.klanglos)
    if kn.me == pot:
        return amount + TIE_BREAK * pot_pts
    return -amount / (n - 1) + TIE_BREAK * (120 - pot_pts)


def _race(n: int, sample, score, meter: Meter, max_worlds: int | None) -> Values:
    return race(n, sample, score, meter, max_worlds=max_worlds or MAX_WORLDS, cost=0, drop_z=DROP_Z,
                drop_after=DROP_AFTER)


def play_values(kn: Knowledge, cards: Sequence[int], rng: random.Random, meter: Meter,
                max_worlds: int | None = None) -> Values:
    """Each candidate card's values (the first is the heuristic's choice), one per sampled deal."""
    b, pot = kn.b, kn.pot
    assert pot is not None

    def sample() -> tuple[list[int], int, bool | None]:
        hands, erbe = kn.sample(rng)
        lk = True if erbe >> b.lk & 1 else kn.lk_pot
        return hands, kn.pot_pts + b.points(erbe & ~kn.erbe), lk

    def score(world: tuple[list[int], int, bool | None], i: int, _: list[float]) -> float:
        hands, pot_pts, lk = world
        end = playout(b, hands[:], kn.trick, kn.leader, pot, pot_pts, kn.chal_pts, lk,
                      (kn.pot_tricks, kn.chal_tricks), kn.trumpfzwang, meter, cards[i])
        return party_value(kn, pot, end)

    return _race(len(cards), sample, score, meter, max_worlds)


def lay_values(kn: Knowledge, pairs: Sequence[tuple[int, int]], rng: random.Random, meter: Meter,
               max_worlds: int | None = None) -> Values:
    """Each pair's values when the Potentat lays it away, one per sampled deal of the other hands."""
    b, me = kn.b, kn.me
    leader = kn.order()[0]

    def score(hands: list[int], i: int, _: list[float]) -> float:
        a, c = pairs[i]
        h = hands[:]
        h[me] &= ~((1 << a) | (1 << c))
        lk = True if b.lk in (a, c) else None
        end = playout(b, h, [], leader, me, b.pts[a] + b.pts[c], 0, lk, (0, 0), kn.trumpfzwang, meter)
        return party_value(kn, me, end)

    return _race(len(pairs), lambda: kn.sample(rng)[0], score, meter, max_worlds)


def declare_values(kn: Knowledge, choices: Sequence[bool], rng: random.Random, meter: Meter,
                   max_worlds: int | None = None) -> Values:
    """The values of declaring ``will`` (True) or ``pass`` (False), one per sampled deal.

    In each deal the seats still to declare say what the normal bot would say with their
    hands there; whoever the declarations then make Potentat takes up the Erbe, lays away
    the heuristic's best pair, and the Partie is played out. (That whoever is Potentat now
    must play the next Partie too if nobody volunteers is not counted: for this bot, being
    that Potentat is worth about as much as being a challenger; see docs/benchmarks.md.)
    """
    b, me = kn.b, kn.me
    order = kn.order()
    later = order[order.index(me) + 1:]
    previous = kn.previous()

    def sample() -> tuple[list[int], int, list[bool | None], dict[int, float]]:
        hands, erbe = kn.sample(rng)
        decl = list(kn.declarations)
        for s in later:
            decl[s] = wants_potentat(b, hands[s])
        return hands, erbe, decl, {}

    def score(world: tuple[list[int], int, list[bool | None], dict[int, float]], i: int, _: list[float]) -> float:
        hands, erbe, decl, memo = world
        decl = decl[:]
        decl[me] = choices[i]
        pot, _why = choose_potentat(decl, order, previous, [b.names(h & b.trumps) for h in hands])
        if pot not in memo:
            h = hands[:]
            h[pot] |= erbe
            a, c = lay_candidates(b, h[pot], 1)[0]
            h[pot] &= ~((1 << a) | (1 << c))
            lk = True if b.lk in (a, c) else None
            end = playout(b, h, [], order[0], pot, b.pts[a] + b.pts[c], 0, lk, (0, 0), kn.trumpfzwang, meter)
            memo[pot] = party_value(kn, pot, end)
        return memo[pot]

    return _race(len(choices), sample, score, meter, max_worlds)


def best(values: Values) -> tuple[int, float, int]:
    """The candidate with the best mean (ties to the lower index), its mean, and the deals behind it."""
    means = [sum(v) / len(v) if v else float("-inf") for v in values]
    i = max(range(len(values)), key=lambda j: (means[j], -j))
    return i, means[i], len(values[i])

