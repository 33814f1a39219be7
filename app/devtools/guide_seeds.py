"""Find deals on which the guided first game's steps make sense.

Run ``python -m app.devtools.guide_seeds thronfolge`` (or ``deck-of-spies``, ``kings-corner``) to list the
first seeds that qualify; the tours in ``app/tables/*/guide.py`` use the first one. A
deal is reproducible from its seed and the computer's choices are seeded by the position
(``core.bots.bot_rng``), so what is checked here is what the player will see.

Thronfolge (you start, the easy computer answers): whichever card you play first, the
computer plays rather than takes, your take then gains at least 2 points, and the cards in
reach hold a betrayal, a favour, a supporter and a crown — what the last steps explain.

Rosenkrieg (three seats, one Partie, two easy computers): you declare first with a hand to
pass with, and one of the computers then volunteers as Potentat.

Deck of Spies: the first spy can be recruited with cards of its suit, a pair is left over
to retire, and after retiring it the next hand holds the ace of the next spy's suit.
"""

from __future__ import annotations

import argparse
import itertools
from typing import Iterator

from core.games import deck_of_spies as dos
from core.games import thronfolge as tf
from core.session import GameSession, Seat

THRONFOLGE_KINDS = {"betrayal", "favour", "supporter", "crown"}


def thronfolge_ok(seed: int) -> bool:
    seats = [Seat("human", "You"), Seat("bot", "Computer", None, "easy")]
    first = GameSession.start("thronfolge", seats, seed=seed, options={"starter": 0})
    for card in first.state["hands"][0]:
        s = GameSession.start("thronfolge", seats, seed=seed, options={"starter": 0})
        s.apply(tf.PLAYS[card])
        reply = s.bot_action()
        if reply == tf.TAKE:
            return False
        s.apply(reply)
        view = s.view(0)
        reach = view["line"][-tf.TAKE_SIZE:]
        before = tf.live_scores(view)[0]
        after = tf.score_breakdown(view["collections"][0] + reach, view["collections"][1])["total"]
        if after - before < 2 or not THRONFOLGE_KINDS <= {tf.card_type(c) for c in reach}:
            return False
    return True


def spies_ok(seed: int) -> bool:
    s = GameSession.start("deck-of-spies", [Seat("human", "You")], seed=seed)
    view = s.view(0)
    spy, hand = view["spy"], view["hand"]
    for n in range(2, len(hand) + 1):
        for chosen in itertools.combinations(hand, n):
            if not all(c[1] == spy[1] for c in chosen) or not dos.selection_status(view, chosen)[1]:
                continue
            rest = [c for c in hand if c not in chosen]
            pairs = [(a, b) for a, b in itertools.combinations(rest, 2) if a[0] == b[0]]
            if not pairs:
                continue
            t = GameSession.start("deck-of-spies", [Seat("human", "You")], seed=seed)
            t.apply(f"recruit {' '.join(chosen)}")
            t.apply(f"retire {' '.join(pairs[0])}")
            nxt = t.view(0)
            if nxt["spy"] and "A" + nxt["spy"][1] in nxt["hand"]:
                return True
    return False


def rosenkrieg_ok(seed: int) -> bool:
    """Three seats, one Partie: you declare first, your hand is one a newcomer should pass with
    (at most one trump), and after your pass one of the easy computers volunteers (the Partie is
    then you and the other computer against a Potentat)."""
    from core.games import rosenkrieg as rk

    seats = [Seat("human", "You"), Seat("bot", "Computer 1", None, "easy"), Seat("bot", "Computer 2", None, "easy")]
    s = GameSession.start("rosenkrieg", seats, seed=seed, options={"partien": 1})
    if s.to_move != 0 or sum(1 for c in s.view(0)["hands"][0] if rk.is_trump(c)) > 1:
        return False
    s.apply(rk.PASS)
    while s.bot_to_move and s.state["phase"] == "declare":
        s.apply(s.bot_action())
    return s.state["potentat"] not in (None, 0) and s.state["chosen"] == "volunteer"


def kings_ok(seed: int) -> bool:
    """You draw first; the drawn card leaves a card for a pile, a king for a corner, and a pile that
    can move (before and after that card is played)."""
    from core.games import kings_corner as kc

    seats = [Seat("human", "You"), Seat("bot", "Computer", None, "easy")]
    s = GameSession.start("kings-corner", seats, seed=seed)
    if s.to_move != 0 or s.state["phase"] != "draw":
        return False
    s.apply("draw")
    piles, hand = s.state["piles"], s.state["hands"][0]
    builds = [(c, p) for c, p in kc.card_plays(piles, hand) if piles[p]]
    if not builds or not kc.pile_moves(piles) or not any(c[0] == "K" for c in hand):
        return False
    s.apply(f"play {builds[0][0]} {builds[0][1]}")
    return bool(kc.pile_moves(s.state["piles"]))


CHECKS = {"thronfolge": thronfolge_ok, "deck-of-spies": spies_ok, "rosenkrieg": rosenkrieg_ok,
          "kings-corner": kings_ok}
STARTS = {"thronfolge": 1, "deck-of-spies": 421000, "rosenkrieg": 1, "kings-corner": 1}


def seeds(game: str, start: int, count: int) -> Iterator[int]:
    check = CHECKS[game]
    found = 0
    seed = start
    while found < count:
        if check(seed):
            found += 1
            yield seed
        seed += 1


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(CHECKS))
    parser.add_argument("--start", type=int, default=None)
    parser.add_argument("--count", type=int, default=3)
    args = parser.parse_args(argv)
    for seed in seeds(args.game, STARTS[args.game] if args.start is None else args.start, args.count):
        print(seed)


if __name__ == "__main__":
    main()
