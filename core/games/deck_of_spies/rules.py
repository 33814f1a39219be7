"""Deck of Spies: a solitaire deck-builder (rules: deck-of-spies.de.txt, RULINGS.md S-1 … S-7.2).

State fields besides the common ones (cards in ``core.cards`` notation; every pile is
listed **bottom card first, top card last**):

- ``spies``: the face-up spy deck; ``spies[-1]`` is the current spy. J–K lie at the
  bottom, 8–10 above them, 5–7 on top (S-1).
- ``hand``: the player's hand, kept sorted (suit, then rank).
- ``draw``: the player's face-down draw pile; ``draw[-1]`` is drawn next.
- ``discard``: the player's own face-up discard pile; ``discard[-1]`` is on top.
- ``spy_discard``: countered and assassinated spies and retired cards (S-1.3).
- ``removed``: aces sacrificed by assassination (S-4).
- ``phase``: ``"play"`` (counter, recruit or assassinate), ``"retire"`` (after a counter or
  recruit while the hand holds a pair: retire or ``done``, S-5) or ``"over"``.
- ``shuffles``: how many shuffles happened since the deal. The n-th shuffle (n ≥ 1) of a
  pile uses ``random.Random(f"{seed}:{n}")`` on the pile's cards in sorted order, so every
  shuffle is reproducible from the seed alone and does not depend on discard order.

Game numbers (a deal's seed as six digits) are in ``numbers``.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from core.cards import UNKNOWN, standard_deck
from core.errors import BadState
from core.games.base import Action, Event, Game, GameInfo, OptionSpec, State, move_event
from core.games.state_checks import card_list
from core.games.deck_of_spies.actions import (Assassinate, Counter, Done, Recruit, Retire, SpyAction,
                                              parse)
from core.games.deck_of_spies.turns import (GROUP_OF, GROUPS, HAND_SIZE, VALUE, WIN_FACES, aces_left,
                                            counter_problem, hand_total, is_face, label, plays, recruit_problem,
                                            refill, retire_options, shuffle_cards, sort_cards)

# --- the game ------------------------------------------------------------------------


def _options() -> tuple[OptionSpec, ...]:
    return (OptionSpec(
        key="scoring", default="win", choices=("win", "points"),
        label={"en": "Scoring", "de": "Wertung"},
        help={"en": "win: 7 of the 12 face cards win. points: also score the face cards you own (0–12).",
              "de": "Sieg zählt: 7 der 12 Bildkarten gewinnen. Punkte zählen: zusätzlich zählen deine Bildkarten (0–12)."}),)


class DeckOfSpies(Game):
    """The rules of Deck of Spies for one player."""

    info = GameInfo(
        name="deck-of-spies",
        title={"en": "Deck of Spies", "de": "Deck of Spies"},
        min_players=1, max_players=1, hidden_information=True,
        public_seed=True,  # the game number, which the player may type to replay the deal
        options=_options(),
        levels=("random", "easy", "normal", "hard"),
        tagline={"en": "Recruit the spies before they turn on you.",
                 "de": "Wirb die Spione an, bevor sie dich enttarnen."},
    )
    version = 1

    # --- setup ---------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """Shuffle each group on its own, stack the spy deck and deal five low cards (S-1)."""
        rng = random.Random(f"{seed}:deal")
        deck = standard_deck()
        groups = {g: sort_cards(c for c in deck if c[0] in ranks) for g, ranks in GROUPS}
        low = sort_cards(c for c in deck if c[0] in "A234")
        for pile in (groups["5-7"], groups["8-10"], groups["J-K"], low):
            rng.shuffle(pile)
        # No loss is possible yet (S-4.1 needs all four aces gone), so the game simply starts.
        return {"spies": groups["J-K"] + groups["8-10"] + groups["5-7"],  # bottom first
                "hand": sort_cards(low[-HAND_SIZE:]), "draw": low[:-HAND_SIZE], "discard": [],
                "spy_discard": [], "removed": [], "phase": "play", "shuffles": 0, "to_move": 0}

    # --- notation ------------------------------------------------------------------

    def parse_action(self, text: str) -> SpyAction:
        return parse(text)

    # --- legality ------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        if state["over"]:
            return []
        hand = tuple(state["hand"])
        acts: list[SpyAction]
        if state["phase"] == "retire":
            acts = [Retire(c) for c in retire_options(hand)] + [Done()]
        else:
            spy = state["spies"][-1]
            if hand_total(hand) < VALUE[spy]:
                acts = [Assassinate(p, c) for p, c in aces_left(hand, state["draw"], state["discard"])]
            else:
                acts = [Counter(c) if k == "counter" else Recruit(c) for k, c in plays(hand, spy)]
        return sorted(acts, key=str)

    def why_illegal(self, state: State, action: Action) -> str | None:
        """Why ``action`` is not allowed now, in words the player understands; None if it is."""
        if state["over"]:
            return "the game is over"
        hand = state["hand"]
        if state["phase"] == "retire":
            if isinstance(action, Done):
                return None
            if isinstance(action, Retire):
                return _retire_problem(action.cards, hand)
            return "this spy is dealt with; retire two or more cards of one rank, or finish the turn (done)"
        spy = state["spies"][-1]
        need = VALUE[spy]
        if isinstance(action, (Counter, Recruit)):
            if len(set(action.cards)) != len(action.cards):
                return "a card is named twice"
            missing = [c for c in action.cards if c not in hand]
            if missing:
                return f"the {label(missing[0])} is not in your hand"
            if isinstance(action, Counter):
                return counter_problem(action.cards, spy)
            return recruit_problem(action.cards, spy)
        if isinstance(action, Assassinate):
            total = hand_total(hand)
            if total >= need:
                return (f"you can still counter: assassination is only allowed when your hand totals "
                        f"less than the spy (your hand: {total}, the spy: {need})")
            if action.card[0] != "A":
                return f"only an ace (a double agent) can be sacrificed, not the {label(action.card)}"
            where = {"hand": "your hand", "draw": "your draw pile", "discard": "your discard pile"}
            if action.card not in state[action.place]:
                return f"the {label(action.card)} is not in {where[action.place]}"
            return None
        if isinstance(action, Retire):
            return "retiring is only allowed after you counter or recruit the spy"
        if isinstance(action, Done):
            return "deal with the spy first: counter, recruit or assassinate it"
        return f"not a Deck of Spies action: {action!r}"

    # --- applying ------------------------------------------------------------------

    def execute(self, state: State, action: Action, events: list[Event]) -> None:
        hand: list[str] = state["hand"]
        if isinstance(action, (Counter, Recruit)):
            spy = state["spies"].pop()
            for c in action.cards:
                hand.remove(c)
            state["discard"].extend(action.cards)
            events.append(move_event(action.cards, "hand", "discard", 0))
            if isinstance(action, Recruit):
                state["discard"].append(spy)
                events.append(move_event([spy], "spies", "discard", 0, action="recruit"))
            else:
                state["spy_discard"].append(spy)
                events.append(move_event([spy], "spies", "spy_discard", 0, action="counter"))
            if retire_options(tuple(hand)):
                state["phase"] = "retire"
                return
        elif isinstance(action, Assassinate):
            state[action.place].remove(action.card)
            state["removed"].append(action.card)
            events.append(move_event([action.card], action.place, "removed", 0))
            if action.place == "draw":
                state["shuffles"] += 1
                state["draw"] = shuffle_cards(state["seed"], state["shuffles"], state["draw"])
                events.append({"type": "shuffle", "pile": "draw", "cards": len(state["draw"])})
            spy = state["spies"].pop()
            state["spy_discard"].append(spy)
            events.append(move_event([spy], "spies", "spy_discard", 0, action="assassinate"))
            if hand:
                events.append(move_event(list(hand), "hand", "discard", 0))
                state["discard"].extend(hand)
                hand.clear()
        elif isinstance(action, Retire):
            for c in action.cards:
                hand.remove(c)
            state["spy_discard"].extend(action.cards)
            events.append(move_event(action.cards, "hand", "spy_discard", 0, action="retire"))
        self._end_turn(state, events)

    def _end_turn(self, state: State, events: list[Event]) -> None:
        """Draw back up to five (S-6) or, after the last spy, score the game (S-7)."""
        if not state["spies"]:
            self._finish(state, "end")
            events.append({"type": "over", "result": state["result"]})
            return
        hand, draw, pile, shuffles, log = refill(state["hand"], state["draw"], state["discard"],
                                                 state["seed"], state["shuffles"])
        for step, what in log:
            if step == "shuffle":
                events.append(move_event(sort_cards(what), "discard", "draw", 0))
                events.append({"type": "shuffle", "pile": "draw", "cards": len(what)})
            else:
                events.append(move_event([what], "draw", "hand", 0))
        state.update(hand=hand, draw=draw, discard=pile, shuffles=shuffles)
        self._begin_turn(state, events)

    def _begin_turn(self, state: State, events: list[Event]) -> None:
        """Reveal the next spy; an assassination without any ace left loses at once (S-4.1)."""
        state["phase"] = "play"
        spy = state["spies"][-1]
        if hand_total(state["hand"]) < VALUE[spy] and not aces_left(state["hand"], state["draw"],
                                                                     state["discard"]):
            self._finish(state, "no_double_agent")
            events.append({"type": "over", "result": state["result"]})
            return
        events.append({"type": "spy", "card": spy})

    def _finish(self, state: State, how: str) -> None:
        owned = sum(1 for f in ("hand", "draw", "discard") for c in state[f] if is_face(c))
        lost_to_spies = 12 - owned
        if how == "no_double_agent":
            won, reason, score = False, "no_double_agent", 0
        else:
            won = owned >= WIN_FACES
            reason, score = ("won" if won else "face_cards"), owned
        points = score if state["options"].get("scoring") == "points" and how != "no_double_agent" else None
        state.update(over=True, to_move=None, phase="over")
        state["result"] = {"scores": [score], "winners": [0] if won else [], "reason": reason,
                           "face_cards": {"player": owned, "spies": lost_to_spies},
                           "points": points}

    # --- what the player sees --------------------------------------------------------

    def view(self, state: State, seat: int | None) -> State:
        """The top spy, group counts, own cards; the draw pile's order is hidden (S-1.1, S-1.3).

        The draw pile's *contents* are known to a player who remembers every card
        (``draw_cards``, sorted), and so are the spies below the top (``spies_below``,
        sorted): only their order is secret.
        """
        spies = state["spies"]
        out = {k: state[k] for k in ("game", "version", "seed", "options", "players", "to_move",
                                      "over", "result", "ply", "phase", "shuffles")}
        out["options"] = dict(state["options"])
        out["result"] = None if state["result"] is None else _copy_result(state["result"])
        top = spies[-1] if spies and not state["over"] else None
        out["spy"] = top
        out["spies"] = [UNKNOWN] * (len(spies) - 1) + [spies[-1]] if spies else []
        if state["over"]:
            out["spies"] = [UNKNOWN] * len(spies)
        out["spies_left"] = {g: sum(1 for c in spies if GROUP_OF[c] == g) for g, _ in GROUPS}
        out["spies_below"] = sort_cards(spies if state["over"] else spies[:-1])
        out["draw"] = [UNKNOWN] * len(state["draw"])
        out["draw_count"] = len(state["draw"])
        out["discard"] = list(state["discard"])
        out["spy_discard"] = list(state["spy_discard"])
        out["removed"] = list(state["removed"])
        if seat == 0:
            out["hand"] = list(state["hand"])
            out["draw_cards"] = sort_cards(state["draw"])
        else:
            out["hand"] = [UNKNOWN] * len(state["hand"])
            out["draw_cards"] = []
            out["spies_below"] = []
        return out

    def secret_cards(self, state: State, seat: int | None) -> set[str]:
        """No card is secret to the player, who can track every card, only the orders are;
        an onlooker does not see the hand, the draw pile or the spies below the top."""
        if seat == 0:
            return set()
        return set(state["hand"]) | set(state["draw"]) | set(state["spies"][:-1])

    def face_down(self, state: State, seat: int | None) -> set[str]:
        """The draw pile and the spies below the top: known cards, but a face would tell a place."""
        return self.secret_cards(state, seat) | set(state["draw"]) | set(state["spies"][:-1])

    def reshuffle_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """The state with the secret orders drawn again: the draw pile, the spies below the top
        (each within its group) and the seed, which decides every later shuffle.

        The seed is the game number the view shows, yet bots must not foresee shuffles from it.
        """
        twin = self.copy_state(state)
        draw = twin["draw"]
        rng.shuffle(draw)
        below, top = twin["spies"][:-1], twin["spies"][-1:]
        groups: dict[str, list[str]] = {g: [] for g, _ in GROUPS}
        for c in below:
            groups[GROUP_OF[c]].append(c)
        spies: list[str] = []
        for g in ("J-K", "8-10", "5-7"):  # bottom of the spy deck first (S-1)
            rng.shuffle(groups[g])
            spies += groups[g]
        twin["spies"] = spies + top
        twin["seed"] = rng.randrange(2**31)
        return twin

    def mask_events(self, events: list[Event], seat: int | None) -> list[Event]:
        """Events as ``seat`` may see them: the player sees every card; an onlooker does not see
        the faces of cards going into the hand or the draw pile."""
        if seat == 0:
            return events
        out = []
        for ev in events:
            if ev.get("type") == "move" and ev["to"] in ("hand", "draw"):
                ev = dict(ev, cards=[UNKNOWN] * len(ev["cards"]))
            out.append(ev)
        return out

    # --- bookkeeping -----------------------------------------------------------------

    def all_cards(self, state: State) -> list[str]:
        return [c for f in ("spies", "hand", "draw", "discard", "spy_discard", "removed") for c in state[f]]

    def deck(self, state: State) -> list[str]:
        return standard_deck()

    def check_state(self, state: State) -> None:
        """Structure beyond card conservation: phase, hand size, spy order, aces only removed.

        :raises BadState: when the state is inconsistent.
        """
        for f in ("spies", "hand", "draw", "discard", "spy_discard", "removed"):
            card_list(state[f], repr(f))
        if state["phase"] not in ("play", "retire", "over"):
            raise BadState(f"unknown phase {state['phase']!r}")
        if (state["phase"] == "over") != state["over"]:
            raise BadState("phase 'over' and field 'over' disagree")
        if len(state["hand"]) > HAND_SIZE:
            raise BadState("the hand holds more than five cards")
        if any(c[0] != "A" for c in state["removed"]):
            raise BadState("only aces can be removed from the game")
        if not isinstance(state["shuffles"], int) or state["shuffles"] < 0:
            raise BadState("bad shuffle count")
        ranks = [GROUP_OF.get(c) for c in state["spies"]]
        if None in ranks or ranks != sorted(ranks, key=["J-K", "8-10", "5-7"].index):
            raise BadState("the spy deck is out of order (J–K at the bottom, 5–7 on top)")
        if state["phase"] == "play" and not state["spies"]:
            raise BadState("a game in phase 'play' needs a spy")
        if state["over"] and state["result"] not in (self._result(state, "no_double_agent"),
                                                     self._result(state, "end")):
            raise BadState("the result does not follow from the face cards kept (S-5)")

    def _result(self, state: State, how: str) -> dict[str, Any]:
        twin = dict(state)
        self._finish(twin, how)
        return twin["result"]


def _copy_result(result: dict[str, Any]) -> dict[str, Any]:
    out = dict(result)
    out["scores"], out["winners"] = list(result["scores"]), list(result["winners"])
    out["face_cards"] = dict(result["face_cards"])
    return out


def _retire_problem(cards: Sequence[str], hand: Sequence[str]) -> str | None:
    """Why ``cards`` cannot be retired from ``hand`` (S-5, S-5.4), or None."""
    if len(set(cards)) != len(cards):
        return "a card is named twice"
    missing = [c for c in cards if c not in hand]
    if missing:
        return f"the {label(missing[0])} is not in your hand; only cards still in hand can be retired"
    if len(cards) < 2:
        return "a single card cannot be retired; retire two or more cards of the same rank"
    if len({c[0] for c in cards}) > 1:
        return "retired cards must all have the same rank"
    return None


def spy_number(spies_left: int, phase: str, total: int = 36) -> int:
    """Which spy of ``total`` the player is dealing with, 1-based: the one on top of the spy deck,
    or, while retiring (``phase == "retire"``), the one just countered or recruited, which has
    left the deck although its turn is not over."""
    if phase == "retire":
        return max(1, min(total, total - spies_left))
    return min(total, total - spies_left + 1) if spies_left else total


def selection_status(state: State, cards: Iterable[str]) -> tuple[bool, bool, str]:
    """For a tap-to-select UI: can these hand cards counter, can they recruit, and why not.

    The reason is empty when both are possible; otherwise it explains the more useful
    failure (the recruit's when countering works, else the counter's).
    """
    chosen = list(dict.fromkeys(cards))
    if state["over"]:
        return False, False, "the game is over"
    if state["phase"] != "play":
        return False, False, "this spy is dealt with; retire two or more cards of one rank, or finish the turn"
    spy, hand = state["spies"][-1], state["hand"]
    missing = [c for c in chosen if c not in hand]
    if missing:
        return False, False, f"the {label(missing[0])} is not in your hand"
    if not chosen:
        return False, False, f"tap cards that add up to at least {VALUE[spy]}"
    why_c, why_r = counter_problem(chosen, spy), recruit_problem(chosen, spy)
    can_c, can_r = why_c is None, why_r is None
    if can_c and can_r:
        return True, True, ""
    if can_c:
        return True, False, why_r or ""
    if can_r:
        return False, True, why_c or ""
    ace_of_spy = "A" + spy[1] in chosen
    return False, False, (why_r if ace_of_spy else why_c) or ""


GAME = DeckOfSpies()
