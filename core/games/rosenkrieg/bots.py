"""Computer players for Rosenkrieg: easy, normal and hard.

- easy judges its hand roughly (with some noise), lays away a fair pair half of the
  time, and plays the normal bot's card half of the time, a random legal one otherwise;
- normal judges its hand by trumps, aces and voids before declaring, lays away the pair
  that banks points and empties suits, and plays sound tricks (``policy.choose_card``):
  partner's tricks get points, opponents' tricks are won cheaply when the win holds, the
  König der Löwen is spent only on tricks worth it;
- hard simulates: it declares by playing the Partie out from its hand in many deals of the
  unseen cards, lays away the pair that does best in such deals, and chooses each card by
  determinised search over deals consistent with everything seen (``search``), within a
  time budget (200 ms by default) or, with ``nodes``, a number of cards played in playouts.

Every bot decides from the view and the ``rng`` it is given, nothing else.
"""

from __future__ import annotations

import random

from core import cards as C
from core.bots import Bot, ReasoningBot
from core.games.base import Action, State
from core.games.rosenkrieg.actions import PASS, PLAYS, WILL, lay
from core.games.rosenkrieg.knowledge import Knowledge
from core.games.rosenkrieg.policy import choose_card, hand_value, lay_candidates, wants_potentat
from core.games.rosenkrieg.search import CLOCK_EVERY, best, declare_values, lay_values, play_values
from core.games.rosenkrieg.tricks import LK, card_points, is_trump, trick_winner

DEFAULT_BUDGET_MS = 200.0
LAY_CANDIDATES = 6  # the heuristic's best pairs that the hard bot compares


def card_name(card: str) -> str:
    return "the King of Lions" if card == LK else f"the {C.name(card, 'en')}"


# --- reasons ------------------------------------------------------------------------------------


def declare_reason(kn: Knowledge, will: bool) -> str:
    value = hand_value(kn.b, kn.hand)
    if will:
        return f"declares 'will': its trumps, aces and voids promise {value:+.1f} points as Potentat"
    return f"passes: as Potentat this hand would expect {value:+.1f} points"


def lay_reason(kn: Knowledge, pair: tuple[int, int]) -> str:
    b = kn.b
    names = [b.cards[c] for c in pair]
    rest = kn.hand & ~((1 << pair[0]) | (1 << pair[1]))
    voids = [C.SUIT_NAMES["en"][suit] for cl, suit in ((1, "L"), (2, "T"), (3, "B"))
             if kn.hand & b.class_mask[cl] and not rest & b.class_mask[cl]]
    text = f"lays away {card_name(names[0])} and {card_name(names[1])}, banking {card_points(names)} card points"
    return text + (f" and keeping no {' or '.join(voids)}, to trump them" if voids else "")


def play_reason(kn: Knowledge, card: str, legal: list[Action]) -> str:
    """A one-line English reason for playing ``card`` now."""
    b, name = kn.b, card_name(card)
    if len(legal) == 1:
        return f"plays {name}: the only card it may play"
    trick = [b.cards[c] for c in kn.trick]
    n = kn.players
    if not trick:
        if kn.me == kn.pot and is_trump(card):
            return f"leads {name} to draw the challengers' trumps"
        return f"leads {name}"
    cards = trick + [card]
    if trick_winner(cards) == len(trick):
        pts = card_points(cards)
        return f"plays {name} to take the trick" + (f" and its {pts} card points" if pts else "")
    winner = (kn.leader + trick_winner(trick)) % n
    if winner != kn.me and (winner == kn.pot) == (kn.me == kn.pot) and card_points([card]):
        return f"gives {name} ({card_points([card])} card points) to the partner's trick"
    if b.cls[b.index[card]] != b.cls[kn.trick[0]]:
        return f"cannot follow suit and throws {name}"
    return f"follows suit with {name}"


# --- the bots -----------------------------------------------------------------------------------


def normal_card(kn: Knowledge, legal: list[Action]) -> str:
    """The normal bot's card: the heuristic, seeing the others through what the view allows."""
    b = kn.b
    allowed = b.mask(a.card for a in legal)
    return b.cards[choose_card(b, kn.me, kn.pot, kn.hand, allowed, kn.trick, kn.leader, kn.could(), False)]


class EasyBot(ReasoningBot):
    """Judges its hand with some noise and plays the normal bot's card half of the time."""

    level = "easy"

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        kn = Knowledge.from_view(view)
        if kn.phase == "declare":
            will = hand_value(kn.b, kn.hand) + rng.gauss(0.0, 1.5) > 0.5
            return (WILL if will else PASS), declare_reason(kn, will)
        if kn.phase == "lay":
            pairs = lay_candidates(kn.b, kn.hand, 99)  # every pair, best first
            pair = pairs[0] if rng.random() < 0.5 else pairs[rng.randrange(len(pairs))]
            return _lay(kn, pair), lay_reason(kn, pair)
        card = normal_card(kn, legal) if rng.random() < 0.5 else str(legal[rng.randrange(len(legal))])[5:]
        return PLAYS[card], play_reason(kn, card, legal)


def _lay(kn: Knowledge, pair: tuple[int, int]) -> Action:
    return lay(kn.b.cards[pair[0]], kn.b.cards[pair[1]])


class NormalBot(ReasoningBot):
    """Judges its hand before declaring, lays away sensibly and plays sound tricks."""

    level = "normal"

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        kn = Knowledge.from_view(view)
        if kn.phase == "declare":
            will = wants_potentat(kn.b, kn.hand)
            return (WILL if will else PASS), declare_reason(kn, will)
        if kn.phase == "lay":
            pair = lay_candidates(kn.b, kn.hand, 1)[0]
            return _lay(kn, pair), lay_reason(kn, pair)
        card = normal_card(kn, legal)
        return PLAYS[card], play_reason(kn, card, legal)


class HardBot(ReasoningBot):
    """Simulates the Partie in many deals consistent with its view, and picks what does best.

    ``budget_ms`` bounds the thinking time (default 200 ms); ``nodes`` bounds the cards
    played in playouts instead, so that a choice depends only on the view and the rng.
    """

    level = "hard"
    max_worlds: int | None = None

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        kn = Knowledge.from_view(view)
        meter = self.budget(DEFAULT_BUDGET_MS).start(CLOCK_EVERY)
        if kn.phase == "declare":
            mine = wants_potentat(kn.b, kn.hand)
            choices = [mine, not mine]
            values = declare_values(kn, choices, rng, meter, self.max_worlds)
            i, _, deals = best(values)
            will = choices[i]
            means = {c: sum(v) / len(v) for c, v in zip(choices, values) if v}
            text = (f"{'declares will' if will else 'passes'}: over {deals} simulated deals "
                    f"it expects {means[will]:+.2f} points this way")
            if (not will) in means:
                text += f", {means[not will]:+.2f} the other way"
            return (WILL if will else PASS), text
        if kn.phase == "lay":
            pairs = lay_candidates(kn.b, kn.hand, LAY_CANDIDATES)
            i, mean, deals = best(lay_values(kn, pairs, rng, meter, self.max_worlds))
            return _lay(kn, pairs[i]), f"{lay_reason(kn, pairs[i])}; best of {len(pairs)} pairs over {deals} deals"
        if len(legal) == 1:
            card = legal[0].card
            return legal[0], play_reason(kn, card, legal)
        mine = normal_card(kn, legal)
        cards = [kn.b.index[mine]] + [kn.b.index[a.card] for a in legal if a.card != mine]
        i, mean, deals = best(play_values(kn, cards, rng, meter, self.max_worlds))
        card = kn.b.cards[cards[i]]
        return PLAYS[card], (f"{play_reason(kn, card, legal)}; best of {len(cards)} cards over {deals} "
                             f"sampled deals ({mean:+.2f} points)")


BOTS: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
