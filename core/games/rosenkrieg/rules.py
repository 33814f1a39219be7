"""Rosenkrieg for 2–4 players: one state is a whole Dynastie (rules: RULINGS.md Part 3).

State fields besides the common ones (cards are strings such as ``"KL"``, the König der Löwen):

- ``phase``: ``"declare"`` (each seat in turn says ``will`` or ``pass``), ``"lay"`` (the
  Potentat has taken the Erbe and lays two cards away), ``"play"`` (the tricks) or ``"over"``.
- ``dealer``: the dealer of this Partie; the seat after him declares first and leads first.
- ``declarations``: per seat ``true`` (will), ``false`` (will nicht) or ``null`` (not yet).
- ``potentat``: the Potentat's seat once chosen, else ``null``; ``chosen`` says why
  (``volunteer``, ``previous``, ``trump``, ``first``, ``forced_previous``, ``forced_trump``).
- ``hands``: per seat, the hand in display order (``tricks.sort_key``).
- ``erbe``: the Erbe: the two cards dealt aside, empty while the Potentat holds them, then
  the two he laid away.
- ``erbe_dealt``: ``null`` until the Potentat takes the Erbe, then the two cards dealt
  into it, in notation (see below).
- ``trick``: the trick being played, ``{"leader": seat, "cards": [...]}`` in play order.
- ``tricks``: this Partie's finished tricks, each ``{"leader", "cards", "winner"}``.
- ``won``: per seat, the cards of the tricks it won in this Partie.
- ``balance``: per seat, the points of the Dynastie so far.
- ``partien``: every finished Partie (see ``_record``): dealer, declarations, potentat,
  chosen, the hands as dealt, the Erbe as dealt and as laid away, its tricks, the cards
  won per seat, the counters, the points per seat, the streak and the game value.

The **card fields** are ``hands``, ``erbe``, ``trick.cards`` and ``won``: they hold the
cards of the current Partie, every card of the deck exactly once. Everything else that
names cards is a **log** (``tricks``, ``erbe_dealt`` and the records in ``partien``) and
writes a list of cards as one string of cards separated by spaces (``"AR 9T KL"``, the
notation of the action log), so that a log is never mistaken for a card field. Records
and trick logs are never changed once written. A view keeps this shape, writes hidden
cards as ``"??"``, leaves out the ``seed`` and adds ``viewer``.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Sequence

from core import cards as C
from core.errors import BadOption
from core.games.base import Event, Game, GameInfo, OptionSpec, State, copy_json, move_event
from core.games.rosenkrieg.checks import check
from core.games.rosenkrieg.actions import PASS, PLAYS, WILL, Declare, Lay, Play, RosenkriegAction, lay, parse
from core.games.rosenkrieg.scoring import dynasty_result, score_partie, streak_before
from core.games.rosenkrieg.tricks import (HAND_SIZE, deck, follow_problem, highest_trump, legal_plays,
                                          sort_cards, trick_winner, trump_rank)

def _options() -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("partien", 8, choices=tuple(range(1, 9)),
                   label={"de": "Partien", "en": "Games"},
                   help={"de": "Partien einer Dynastie (gewöhnlich 8).",
                         "en": "Games in one dynasty (usually 8)."}),
        OptionSpec("trumpfzwang", False,
                   label={"de": "Trumpfzwang", "en": "Must trump"},
                   help={"de": "Wer die Farbe nicht bedienen kann, muss Trumpf spielen.",
                         "en": "A player who cannot follow suit must play a trump."}),
        OptionSpec("klanglos", "points", choices=("points", "tricks"),
                   label={"de": "Sang- und klanglos", "en": "Whitewash"},
                   help={"de": "Ohne Zähler: mit 0 Zählern; ohne Stich: erst ganz ohne Stich.",
                         "en": "points: no card points; tricks: no trick at all."}),
    )


def partie_rng(seed: int, number: int) -> random.Random:
    """The shuffle of Partie ``number`` (0-based) of a Dynastie; Partie 0's also draws the first dealer."""
    return random.Random(seed * 8 + number)


def seat_order(state: State) -> list[int]:
    """The seats from the one left of the dealer round to the dealer (R-3.1, R-5)."""
    n, d = state["players"], state["dealer"]
    return [(d + 1 + i) % n for i in range(n)]


class Rosenkrieg(Game):
    """The rules of Rosenkrieg."""

    info = GameInfo(
        name="rosenkrieg",
        title={"de": "Rosenkrieg", "en": "Rosenkrieg"},
        tagline={"de": "Ein Potentat gegen den ganzen Hof – Stiche, Trümpfe und Ehrenschulden.",
                 "en": "One Potentate against the whole court – tricks, trumps and debts of honour."},
        min_players=2, max_players=4, hidden_information=True,
        levels=("random", "easy", "normal", "hard"), options=_options())

    # --- setup and notation -----------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """The first Partie: a random first dealer (R-2.3) and the deal (R-2)."""
        state: State = {"players": players, "seed": seed, "dealer": 0, "balance": [0] * players, "partien": []}
        _deal(state, [])
        return state

    def parse_action(self, text: str) -> RosenkriegAction:
        """Read an action (see ``actions.parse``).

        :raises MalformedAction: when the text is no Rosenkrieg action.
        """
        return parse(text)

    # --- legality -------------------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[RosenkriegAction]:
        """``pass``/``will`` while declaring, every pair to lay away, or the playable cards."""
        phase = state["phase"]
        if state["over"]:
            return []
        hand = state["hands"][state["to_move"]]
        if phase == "declare":
            return [PASS, WILL]
        if phase == "lay":
            return sorted((lay(a, b) for a, b in combinations(hand, 2)), key=str)
        plays = legal_plays(hand, state["trick"]["cards"], state["options"]["trumpfzwang"])
        return [PLAYS[c] for c in sorted(plays)]

    def why_illegal(self, state: State, action: Any) -> str | None:
        """Why an action is not allowed now, naming what is, or None."""
        if state["over"]:
            return "the game is over"
        phase, seat = state["phase"], state["to_move"]
        hand = state["hands"][seat]
        if isinstance(action, Declare):
            return None if phase == "declare" else f"the Potentat is already chosen; {_what_now(state)}"
        if isinstance(action, Lay):
            if phase != "lay":
                return f"only the Potentat lays two cards away, right after taking the Erbe; {_what_now(state)}"
            missing = [c for c in action.cards if c not in hand]
            if missing:
                return f"you do not hold {' and '.join(missing)}; your hand: {' '.join(hand)}"
            return None
        if isinstance(action, Play):
            if phase != "play":
                return f"no trick is being played yet; {_what_now(state)}"
            if action.card not in hand:
                return f"you do not hold {action.card}; your hand: {' '.join(hand)}"
            return follow_problem(hand, state["trick"]["cards"], action.card, state["options"]["trumpfzwang"])
        return f"{action!r} is not a Rosenkrieg action"

    # --- carrying out -------------------------------------------------------------------------

    def execute(self, state: State, action: Any, events: list[Event]) -> None:
        """Declare, lay away or play, and go on as the rules say (choose the Potentat, win a
        trick, score the Partie, deal the next one or end the Dynastie)."""
        seat = state["to_move"]
        if isinstance(action, Declare):
            state["declarations"][seat] = action.will
            events.append({"type": "declare", "seat": seat, "will": action.will})
            if seat == state["dealer"]:  # the dealer declares last
                _take_erbe(state, events)
            else:
                state["to_move"] = (seat + 1) % state["players"]
        elif isinstance(action, Lay):
            hand = state["hands"][seat]
            for c in action.cards:
                hand.remove(c)
            state["erbe"] = list(action.cards)
            events.append(move_event(action.cards, f"hand:{seat}", "erbe", seat=seat))
            leader = seat_order(state)[0]
            state.update(phase="play", trick={"leader": leader, "cards": []}, to_move=leader)
        else:
            _play(state, seat, action.card, events)

    def copy_state(self, state: State) -> State:
        """A copy that shares only what is never changed (records and finished tricks)."""
        new = dict(state)
        new["options"] = dict(state["options"])
        new["declarations"] = state["declarations"][:]
        new["hands"] = [h[:] for h in state["hands"]]
        new["won"] = [w[:] for w in state["won"]]
        new["erbe"] = state["erbe"][:]
        new["trick"] = {"leader": state["trick"]["leader"], "cards": state["trick"]["cards"][:]}
        new["tricks"] = state["tricks"][:]
        new["balance"] = state["balance"][:]
        new["partien"] = state["partien"][:]
        if state["result"] is not None:
            new["result"] = copy_json(state["result"])
        return new

    # --- information ------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may know: its own hand, the sizes of the others, the tricks and the history.

        The Erbe stays face down until the Dynastie's last Partie ends (each finished Partie's
        record shows it); after he has laid it away only the Potentat sees it, and only he
        knows which cards he took up (``erbe_dealt``). The seed is never shown.

        :raises BadOption: for a seat that does not exist.
        """
        n = state["players"]
        if seat is not None and (isinstance(seat, bool) or seat not in range(n)):
            raise BadOption(f"this game has seats 0 to {n - 1}, not {seat!r}")
        v = self.copy_state(state)
        del v["seed"]
        v["viewer"] = seat
        if state["over"]:
            return v
        pot = state["potentat"]
        v["hands"] = [h if s == seat else [C.UNKNOWN] * len(h) for s, h in enumerate(v["hands"])]
        if state["phase"] == "declare" or seat != pot:
            v["erbe"] = [C.UNKNOWN] * len(state["erbe"])
            v["erbe_dealt"] = None
        return v

    def secret_cards(self, state: State, seat: int | None) -> set[str]:
        """The other hands, and the Erbe for all but the Potentat once he has laid it away."""
        if state["over"]:
            return set()
        secret = {c for s, h in enumerate(state["hands"]) if s != seat for c in h}
        if state["phase"] == "declare" or seat != state["potentat"]:
            secret.update(state["erbe"])
        return secret

    def mask_events(self, events: list[Event], seat: int | None) -> list[Event]:
        """Cards dealt or taken into a hand show only to that hand's owner; cards laid into the
        Erbe only to the Potentat who laid them."""
        out = []
        for ev in events:
            if ev.get("type") == "move":
                src, dst = ev["from"], ev["to"]
                owner = dst if src in ("deck", "erbe") else src if dst == "erbe" else None
                if owner is not None and owner != f"hand:{seat}":
                    ev = dict(ev, cards=[C.UNKNOWN] * len(ev["cards"]))
            out.append(ev)
        return out

    def all_cards(self, state: State) -> list[str]:
        """The card fields: the hands, the Erbe, the trick and the cards won in this Partie."""
        return [*(c for h in state["hands"] for c in h), *state["erbe"], *state["trick"]["cards"],
                *(c for w in state["won"] for c in w)]

    def deck(self, state: State) -> list[str]:
        """The 20 (two players) or 26 cards of a Partie (R-2)."""
        return deck(state["players"])

    def check_state(self, state: State) -> None:
        """Check phases, sizes, turn order and the history against R-2 … R-9.3.

        :raises BadState: naming the first inconsistency found.
        """
        check(state)


# --- the course of a Partie -----------------------------------------------------------------------


def _what_now(state: State) -> str:
    seat = state["to_move"]
    if state["phase"] == "declare":
        return f"seat {seat} must first declare: 'will' or 'pass'"
    if state["phase"] == "lay":
        return f"the Potentat (seat {seat}) must first lay two cards away, e.g. 'lay {' '.join(state['hands'][seat][:2])}'"
    return f"seat {seat} must play a card"


def _deal(state: State, events: list[Event]) -> None:
    """Deal Partie ``len(partien)``: the next dealer (the first at random), the hands and the Erbe."""
    n, number = state["players"], len(state["partien"])
    rng = partie_rng(state["seed"], number)
    first = rng.randrange(n)  # drawn for every Partie, so that every deal is made the same way
    dealer = first if number == 0 else (state["dealer"] + 1) % n
    cards = deck(n)
    rng.shuffle(cards)
    size = HAND_SIZE[n]
    hands = [sort_cards(cards[s * size:(s + 1) * size]) for s in range(n)]
    state.update(phase="declare", dealer=dealer, declarations=[None] * n, potentat=None, chosen=None,
                 hands=hands, erbe=cards[n * size:], erbe_dealt=None, trick={"leader": None, "cards": []},
                 tricks=[], won=[[] for _ in range(n)], to_move=(dealer + 1) % n)
    events.append({"type": "deal", "number": number + 1, "dealer": dealer})
    for s in range(n):
        events.append(move_event(hands[s], "deck", f"hand:{s}", seat=s))
    events.append(move_event(state["erbe"], "deck", "erbe"))


def trump_holder(hands: Sequence[Sequence[str]], seats: Sequence[int]) -> int | None:
    """Of ``seats``, the one whose hand holds the highest trump, or None if none holds a trump."""
    best, top = None, 0
    for s in seats:
        t = highest_trump(hands[s])
        if t is not None and trump_rank(t) > top:
            best, top = s, trump_rank(t)
    return best


def choose_potentat(declarations: Sequence[bool | None], order: Sequence[int], previous: int | None,
                    hands: Sequence[Sequence[str]]) -> tuple[int, str]:
    """Who is Potentat after the declarations, and why (R-3.1); ``order`` is the declaring
    order and ``previous`` the last Partie's Potentat in this Dynastie (R-3.2)."""
    volunteers = [s for s in order if declarations[s]]
    if len(volunteers) == 1:
        return volunteers[0], "volunteer"
    if volunteers:
        if previous in volunteers:
            return previous, "previous"
        holder = trump_holder(hands, volunteers)
        return (holder, "trump") if holder is not None else (volunteers[0], "first")
    if previous is not None:
        return previous, "forced_previous"
    holder = trump_holder(hands, order)
    assert holder is not None, "at most two of the trumps lie in the Erbe"
    return holder, "forced_trump"


def _take_erbe(state: State, events: list[Event]) -> None:
    """The Potentat is chosen (R-3.1) and takes up the Erbe (R-4)."""
    previous = state["partien"][-1]["potentat"] if state["partien"] else None
    pot, why = choose_potentat(state["declarations"], seat_order(state), previous, state["hands"])
    erbe = state["erbe"]
    state["hands"][pot] = sort_cards(state["hands"][pot] + erbe)
    state.update(potentat=pot, chosen=why, erbe=[], erbe_dealt=" ".join(erbe), phase="lay", to_move=pot)
    events.append({"type": "potentat", "seat": pot, "why": why})
    events.append(move_event(erbe, "erbe", f"hand:{pot}", seat=pot))


def _play(state: State, seat: int, card: str, events: list[Event]) -> None:
    n = state["players"]
    state["hands"][seat].remove(card)
    trick = state["trick"]
    trick["cards"].append(card)
    events.append(move_event([card], f"hand:{seat}", "trick", seat=seat))
    if len(trick["cards"]) < n:
        state["to_move"] = (seat + 1) % n
        return
    cards = trick["cards"]
    winner = (trick["leader"] + trick_winner(cards)) % n
    state["won"][winner].extend(cards)
    state["tricks"].append({"leader": trick["leader"], "cards": " ".join(cards), "winner": winner})
    events.append(move_event(cards, "trick", f"won:{winner}", seat=winner))
    events.append({"type": "trick", "winner": winner, "cards": list(cards), "number": len(state["tricks"])})
    if state["hands"][winner]:
        state.update(trick={"leader": winner, "cards": []}, to_move=winner)
    else:
        _finish_partie(state, events)


def dealt_hands(state: State) -> list[list[str]]:
    """The hands as dealt in the current, finished Partie: each seat's played cards, and for
    the Potentat the cards he laid away instead of those he took up from the Erbe."""
    n, pot = state["players"], state["potentat"]
    hands: list[list[str]] = [[] for _ in range(n)]
    for t in state["tricks"]:
        for i, c in enumerate(t["cards"].split()):
            hands[(t["leader"] + i) % n].append(c)
    pot_hand = hands[pot] + state["erbe"]
    for c in state["erbe_dealt"].split():
        pot_hand.remove(c)
    hands[pot] = pot_hand
    return [sort_cards(h) for h in hands]


def _record(state: State) -> dict[str, Any]:
    """The finished Partie as it goes into ``partien``; every card list in notation."""
    n, pot, won = state["players"], state["potentat"], state["won"]
    tricks_won = [sum(1 for t in state["tricks"] if t["winner"] == s) for s in range(n)]
    score = score_partie(n, pot, won[pot] + state["erbe"], [c for s in range(n) if s != pot for c in won[s]],
                         streak_before(state["partien"], pot), tricks_won, state["options"]["klanglos"])
    return {"number": len(state["partien"]) + 1, "dealer": state["dealer"],
            "declarations": list(state["declarations"]), "potentat": pot, "chosen": state["chosen"],
            "dealt": [" ".join(h) for h in dealt_hands(state)], "erbe_dealt": state["erbe_dealt"],
            "erbe": " ".join(state["erbe"]), "tricks": list(state["tricks"]),
            "won": [" ".join(w) for w in won], **score}


def _finish_partie(state: State, events: list[Event]) -> None:
    """Score the Partie (R-8, R-9), then deal the next one or end the Dynastie (R-9.3)."""
    record = _record(state)
    state["partien"].append(record)
    state["balance"] = [b + p for b, p in zip(state["balance"], record["points"])]
    state["trick"] = {"leader": None, "cards": []}
    events.append({"type": "reveal", "place": "erbe", "cards": list(state["erbe"])})
    events.append({"type": "partie", "record": record, "balance": list(state["balance"])})
    if len(state["partien"]) < state["options"]["partien"]:
        _deal(state, events)
        return
    result = dynasty_result(state["balance"])
    state.update(phase="over", to_move=None, over=True, result=result)
    events.append({"type": "over", "result": result})


GAME = Rosenkrieg()
