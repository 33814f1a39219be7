"""Thronfolge, the two-player line-taking duel (rules: ``RULINGS.md`` Part 1, T-0 … T-9.3).

State fields besides the common ones (every card is a string such as ``"TS"``):

- ``deck``: the face-down draw pile; its top card is the **last** element.
- ``removed``: the 3 cards put out of play at setup (T-2).
- ``line``: the row (Reihe), oldest card first; a play appends, a take cuts the end.
- ``hands``: two lists, each player's hand in the order it was dealt.
- ``collections``: two lists, each player's taken cards in the order taken.
- ``taken``: two bools, whether each player has taken in this round.
- ``round``: 1–4.
- ``starter``: the seat that started this round (T-2.1).

Every card of the 45 is in exactly one of ``deck``, ``removed``, ``line``, ``hands``
and ``collections``. A view keeps this shape, writes hidden cards as ``"??"`` (so the draw
pile's length is its count), leaves out the ``seed`` (it would re-deal every hidden card)
and adds ``viewer``: the seat it was made for, None for an onlooker.
"""

from __future__ import annotations

import random
from typing import Any

from core import cards as C
from core.errors import BadOption, BadState
from core.games.base import Event, Game, GameInfo, OptionSpec, State, copy_json, move_event
from core.games.state_checks import card_list, card_lists
from core.games.thronfolge.actions import PLAYS, TAKE, Play, Take, ThronfolgeAction, parse
from core.games.thronfolge.scoring import (DECK, HAND_SIZE, ROUNDS, TAKE_SIZE, crown_result, final_result,
                                          has_three_crowns)

# --- the game -----------------------------------------------------------------------------


class Thronfolge(Game):
    """The rules of Thronfolge."""

    info = GameInfo(
        name="thronfolge",
        title={"de": "Thronfolge", "en": "Thronfolge"},
        tagline={"de": "Duell um den Thron: Nimm die Reihe im richtigen Moment.",
                 "en": "A duel for the throne: take the line at the right moment."},
        min_players=2,
        max_players=2,
        hidden_information=True,
        levels=("random", "easy", "normal", "hard"),
        options=(
            OptionSpec("open_removed", False,
                       label={"de": "Offene Karten", "en": "Open cards"},
                       help={"de": "Die 3 aussortierten Karten liegen offen.",
                             "en": "The 3 cards put out of play are shown face up."}),
            OptionSpec("starter", 0, choices=(0, 1),
                       label={"de": "Wer beginnt", "en": "Who starts"},
                       help={"de": "Der Platz, der die erste Runde beginnt.",
                             "en": "The seat that starts the first round."}),
        ),
    )

    # --- setup and notation ---------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """Shuffle with the game's seed and deal per T-2; the option ``starter`` opens round 1."""
        cards = list(DECK)
        random.Random(seed).shuffle(cards)
        starter = options["starter"]
        return {"removed": cards[0:3], "hands": [cards[3:8], cards[8:13]], "line": cards[13:15],
                "deck": cards[15:], "collections": [[], []], "taken": [False, False],
                "round": 1, "starter": starter, "to_move": starter}

    def parse_action(self, text: str) -> ThronfolgeAction:
        """Read ``play CARD`` or ``take`` (see ``actions.parse``).

        :raises MalformedAction: when the text is neither.
        """
        return parse(text)

    # --- legality ---------------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[ThronfolgeAction]:
        """Plays of each hand card, then ``take`` when allowed (T-3, T-3.1, T-3.3, T-3.4)."""
        if state["over"]:
            return []
        seat = state["to_move"]
        hand = state["hands"][seat]
        acts: list[ThronfolgeAction] = [PLAYS[c] for c in sorted(hand)]
        if not state["taken"][seat] and (state["line"] or not hand):
            acts.append(TAKE)
        return acts

    def why_illegal(self, state: State, action: Any) -> str | None:
        """The reason an action is not allowed now, in the words of the rules, or None."""
        if state["over"]:
            return "the game is over"
        seat = state["to_move"]
        hand = state["hands"][seat]
        taken = state["taken"][seat]
        if isinstance(action, Play):
            if action.card in hand:
                return None
            if not hand:
                return "you must take: your hand is empty"
            return f"you do not hold {action.card}"
        if isinstance(action, Take):
            if taken:
                return "you have already taken this round; you must play a card"
            if not state["line"] and hand:
                return "the line is empty — you must play a card"
            return None
        return f"{action!r} is not a Thronfolge action"

    # --- carrying out ---------------------------------------------------------------------

    def execute(self, state: State, action: Any, events: list[Event]) -> None:
        """Play or take, then end the round, deal, or end the game as the rules say."""
        _step(state, action, events)

    def copy_state(self, state: State) -> State:
        """A deep copy specialised to this state's shape (several times faster than copy_json)."""
        new = dict(state)
        new["deck"] = state["deck"][:]
        new["removed"] = state["removed"][:]
        new["line"] = state["line"][:]
        h0, h1 = state["hands"]
        new["hands"] = [h0[:], h1[:]]
        c0, c1 = state["collections"]
        new["collections"] = [c0[:], c1[:]]
        new["taken"] = state["taken"][:]
        new["options"] = dict(state["options"])
        if state["result"] is not None:
            new["result"] = copy_json(state["result"])
        return new

    def apply_unchecked(self, state: State, action: ThronfolgeAction) -> State:
        """The next state without any legality check or events, for search; input unchanged."""
        nxt = self.copy_state(state)
        _step(nxt, action, None)
        nxt["ply"] = state["ply"] + 1
        return nxt

    # --- information ------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may know (T-2.2): own hand, public cards, counts of hidden ones.

        The opponent's hand, the draw pile and (unless ``open_removed``) the removed cards are
        lists of ``"??"`` of the right length. Once the game is over nothing is hidden. The
        seed is never shown: the cards still hidden would follow from it.

        :raises BadOption: for a seat other than 0, 1 or None.
        """
        if seat not in (None, 0, 1):
            raise BadOption(f"Thronfolge has seats 0 and 1, not {seat!r}")
        if state["over"]:
            v = self.copy_state(state)
            del v["seed"]
            v["viewer"] = seat
            return v
        # Built field by field (not copy-then-mask): views are made for every bot decision.
        unknown = C.UNKNOWN
        v = dict(state)
        del v["seed"]
        v["viewer"] = seat
        v["options"] = dict(state["options"])
        v["line"] = state["line"][:]
        c0, c1 = state["collections"]
        v["collections"] = [c0[:], c1[:]]
        v["taken"] = state["taken"][:]
        v["hands"] = [h[:] if s == seat else [unknown] * len(h)
                      for s, h in enumerate(state["hands"])]
        v["deck"] = [unknown] * len(state["deck"])
        if state["options"]["open_removed"]:
            v["removed"] = state["removed"][:]
        else:
            v["removed"] = [unknown] * len(state["removed"])
        return v

    def secret_cards(self, state: State, seat: int | None) -> set[str]:
        """Cards ``seat`` may not know now: the other hand, the draw pile, hidden removed cards."""
        if state["over"]:
            return set()
        secret = set(state["deck"])
        if not state["options"]["open_removed"]:
            secret.update(state["removed"])
        for s in (0, 1):
            if s != seat:
                secret.update(state["hands"][s])
        return secret

    def mask_events(self, events: list[Event], seat: int | None) -> list[Event]:
        """Events as ``seat`` may see them: cards dealt to the other hand become ``"??"``."""
        out = []
        for ev in events:
            if ev.get("type") == "move" and ev["from"] == "deck" and ev["to"] != f"hand:{seat}":
                ev = dict(ev, cards=[C.UNKNOWN] * len(ev["cards"]))
            out.append(ev)
        return out

    def all_cards(self, state: State) -> list[str]:
        """Every card of the state: draw pile, removed, line, both hands, both collections."""
        h0, h1 = state["hands"]
        c0, c1 = state["collections"]
        return [*state["deck"], *state["removed"], *state["line"], *h0, *h1, *c0, *c1]

    def deck(self, state: State) -> list[str]:
        """The 45 cards of Thronfolge."""
        return list(DECK)

    def check_state(self, state: State) -> None:
        """Check sizes, flags and turn order against T-2 … T-4.

        :raises BadState: naming the first inconsistency found.
        """
        if state["players"] != 2:
            raise BadState("Thronfolge needs exactly 2 players")
        for key in ("deck", "removed", "line"):
            card_list(state[key], repr(key))
        for key in ("hands", "collections"):
            card_lists(state[key], 2, repr(key))
        if not isinstance(state["taken"], list) or len(state["taken"]) != 2:
            raise BadState("state field 'taken' must hold one entry per seat")
        rnd, starter = state["round"], state["starter"]
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= ROUNDS:
            raise BadState(f"round must be 1 to {ROUNDS}, not {rnd!r}")
        if starter not in (0, 1) or isinstance(starter, bool):
            raise BadState(f"starter must be seat 0 or 1, not {starter!r}")
        expected_starter = state["options"]["starter"] if rnd % 2 == 1 else 1 - state["options"]["starter"]
        if starter != expected_starter:
            raise BadState(f"round {rnd} must be started by seat {expected_starter} (T-2.1)")
        if any(not isinstance(t, bool) for t in state["taken"]):
            raise BadState("taken must hold two true/false flags")
        if len(state["removed"]) != 3:
            raise BadState("exactly 3 cards are removed at setup (T-2)")
        if len(state["deck"]) != 2 * HAND_SIZE * (ROUNDS - rnd):
            raise BadState(f"the draw pile must hold {2 * HAND_SIZE * (ROUNDS - rnd)} cards "
                           f"in round {rnd}, not {len(state['deck'])}")
        hands = state["hands"]
        if any(len(h) > HAND_SIZE for h in hands):
            raise BadState(f"a hand holds more than {HAND_SIZE} cards")
        # Turns used this round: one per card played plus one for the take (T-3.2).
        used = [HAND_SIZE - len(hands[s]) + state["taken"][s] for s in (0, 1)]
        if state["over"]:
            coll = state["collections"]
            if state["result"] not in (final_result(coll), crown_result(coll, 0), crown_result(coll, 1)):
                raise BadState("the result does not follow from the collections (T-5, T-6)")
            return
        first, second = used[starter], used[1 - starter]
        if first == second:
            mover = starter
        elif first == second + 1:
            mover = 1 - starter
        else:
            raise BadState(f"turns used this round ({used[0]} and {used[1]}) break the "
                           "alternation of turns (T-3)")
        if first >= 6 and second >= 6:
            raise BadState("the round is complete but no new round was dealt (T-4)")
        if state["to_move"] != mover:
            raise BadState(f"seat {mover} must be to move, not {state['to_move']!r}")
        for s in (0, 1):
            if has_three_crowns(state["collections"][s]):
                raise BadState(f"seat {s} holds three crowns but the game is not over (T-5)")


def _step(state: State, action: Any, events: list[Event] | None) -> None:
    """Carry out a legal action in place; ``events`` None skips the reporting (search)."""
    seat = state["to_move"]
    hand = state["hands"][seat]
    line = state["line"]
    if type(action) is Play:
        hand.remove(action.card)
        line.append(action.card)
        if events is not None:
            events.append(move_event([action.card], f"hand:{seat}", "line", seat))
    else:
        cut = max(0, len(line) - TAKE_SIZE)
        got = line[cut:]
        del line[cut:]
        coll = state["collections"][seat]
        coll.extend(got)
        state["taken"][seat] = True
        if events is not None:
            events.append(move_event(got, "line", f"collection:{seat}", seat))
        if got and has_three_crowns(coll):
            _finish(state, crown_result(state["collections"], seat), events)
            return
    other = 1 - seat
    if hand or not state["taken"][seat] or state["hands"][other] or not state["taken"][other]:
        state["to_move"] = other
        return
    # Both hands are empty and both have taken: the round is over (T-4).
    if events is not None:
        events.append({"type": "round_over", "round": state["round"]})
    if state["round"] == ROUNDS:
        _finish(state, final_result(state["collections"]), events)
        return
    _deal(state, events)


def _deal(state: State, events: list[Event] | None) -> None:
    """Start the next round: 5 new cards each, the other player starts (T-4.1, T-2.1)."""
    deck = state["deck"]
    state["round"] += 1
    starter = 1 - state["starter"]
    state["starter"] = starter
    state["taken"] = [False, False]
    for s in (starter, 1 - starter):
        dealt = deck[-HAND_SIZE:][::-1]  # top card first
        del deck[-HAND_SIZE:]
        state["hands"][s] = dealt
        if events is not None:
            events.append(move_event(dealt, "deck", f"hand:{s}", s))
    state["to_move"] = starter
    if events is not None:
        events.append({"type": "round_start", "round": state["round"], "starter": starter})


def _finish(state: State, result: dict[str, Any], events: list[Event] | None) -> None:
    state["over"] = True
    state["to_move"] = None
    state["result"] = result
    if events is not None:
        events.append({"type": "game_over", "winners": list(result["winners"]),
                       "reason": result["reason"], "removed": list(state["removed"])})


GAME = Thronfolge()
