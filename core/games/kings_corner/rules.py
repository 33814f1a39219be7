"""Kings in the Corner for 2–5 players (rules: ``RULINGS.md`` Part 4, K-1 … K-6.4).

State fields besides the common ones (cards are strings such as ``"7H"``):

- ``piles``: the cross layout, ``{"N": [...], "E": …, "S", "W", "NE", "SE", "SW", "NW"}``,
  each pile bottom card first. Edges ``N E S W``, corners ``NE SE SW NW``.
- ``hands``: one list per seat, in the order the cards were dealt and drawn.
- ``talon``: the face-down stock; its top card is the **last** element.
- ``phase``: ``"draw"`` (the turn's mandatory draw comes first, K-2.1), ``"play"`` (moves,
  then ``end``) or ``"over"``.
- ``dealer``: this round's dealer; the seat to its left starts (K-1.3). ``round``: 1, 2, ….
- ``moved``: whether the seat to move has made a move this turn; ``kinged``: whether it put
  a king from hand into an empty corner this turn (K-6.3); ``extra``: whether this turn is
  a Royal Kings extra turn.
- ``passed``: the seats that completed a turn without a move since the last move, counted
  once no more cards can be drawn (K-4.2); when it holds every seat the round ends.
- ``scores``: each seat's penalty total over the finished rounds (K-5.1).
- ``rounds``: each finished round: ``round``, ``dealer``, ``winners``, ``points`` (penalty
  points per seat), ``cards_left`` (per seat) and ``reason`` (``"out"`` or ``"blocked"``).

Every card of the 52 is in exactly one of ``piles``, ``hands`` and ``talon``. With the
option ``target`` (25 or 50) one state is a whole session: a finished round is followed at
once by the next deal, the deal passing clockwise, until a total reaches the target
(K-5.2). A view keeps this shape, writes hidden cards as ``"??"`` (other hands, the talon),
leaves out the ``seed`` and adds ``viewer``.
"""

from __future__ import annotations

from typing import Any

from core import cards as C
from core.errors import BadOption
from core.games.base import Event, Game, GameInfo, OptionSpec, State, copy_json, move_event
from core.games.kings_corner.actions import DRAW, END, Draw, End, KingsAction, Move, Play, parse
from core.games.kings_corner.deal import deal_round, first_dealer
from core.games.kings_corner.checks import check
from core.games.kings_corner.layout import (CORNERS, POSITIONS, anyone_can_move, card_plays, label, move_problem,
                                            pile_moves, play_problem)
from core.games.kings_corner.scoring import (fewest_cards, hand_problem, hand_size, lowest, round_points,
                                             session_over)


def _options() -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("hand", 0, choices=(0, 6, 7, 9, 10, 13),
                   label={"en": "Cards each", "de": "Karten pro Person"},
                   help={"en": "0: the standard deal (7; without drawing 13, 12 or 9). 9 suits 2–3 players, "
                               "6 suits 5, 10 needs at most 4, 13 at most 3.",
                         "de": "0: übliche Zahl (7; ohne Ziehen 13, 12 oder 9). 9 passt für 2–3 Personen, "
                               "6 für 5, 10 geht bis 4, 13 bis 3."}),
        OptionSpec("draw", True, label={"en": "Draw each turn", "de": "Ziehen"},
                   help={"en": "Off: no draw step; everyone gets more cards instead.",
                         "de": "Aus: kein Ziehschritt; dafür bekommen alle mehr Karten."}),
        OptionSpec("draw_at", "start", choices=("start", "end"),
                   label={"en": "Draw when", "de": "Ziehen wann"},
                   help={"en": "start: draw before your moves. end: ending your turn draws the card.",
                         "de": "Zu Beginn: vor den Zügen ziehen. Am Zugende: das Zugende zieht die Karte."}),
        OptionSpec("royal_kings", False, label={"en": "Royal kings", "de": "Königliche Könige"},
                   help={"en": "A king put from hand into a corner earns one extra turn.",
                         "de": "Ein König aus der Hand in eine Ecke bringt einen weiteren Zug."}),
        OptionSpec("king_layout", False, label={"en": "Kings to the corners", "de": "Königsauslage"},
                   help={"en": "A king turned up for an edge at the deal goes into a corner at once.",
                         "de": "Ein beim Auslegen aufgedeckter König kommt sofort in eine Ecke."}),
        OptionSpec("scoring", "penalty", choices=("penalty", "face"),
                   label={"en": "Penalty points", "de": "Strafpunkte"},
                   help={"en": "penalty: king 10, any other card 1. face: ace 1, 2–10 as printed, J Q K 10.",
                         "de": "König 10: König 10, jede andere Karte 1. Nennwert: Ass 1, 2–10 wie gedruckt, B D K 10."}),
        OptionSpec("target", 0, choices=(0, 25, 50),
                   label={"en": "Play to", "de": "Spielen bis"},
                   help={"en": "0: one round. 25 or 50: rounds until someone has that many penalty points; "
                               "the lowest total wins.",
                         "de": "0: eine Runde. 25 oder 50: Runden, bis jemand so viele Strafpunkte hat; "
                               "der niedrigste Stand gewinnt."}),
    )


class KingsCorner(Game):
    """The rules of Kings in the Corner."""

    info = GameInfo(
        name="kings-corner",
        title={"en": "Kings in the Corner", "de": "Kings in the Corner"},
        tagline={"en": "Build down the cross, crown the corners, empty your hand first.",
                 "de": "Baue das Kreuz hinab, kröne die Ecken, leere zuerst dein Blatt."},
        min_players=2, max_players=5, hidden_information=True,
        levels=("random", "easy", "normal", "hard"),
        options=_options(),
    )

    # --- setup and notation -----------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """Find the first dealer and deal round 1 (K-1 … K-1.3).

        :raises BadOption: when the deck cannot hold the deal (K-6).
        """
        size = hand_size(players, options["hand"], options["draw"])
        problem = hand_problem(players, size)
        if problem is not None:
            raise BadOption(f"option 'hand' cannot be {size} for {players} players: {problem}")
        dealer = first_dealer(seed, players)
        dealt = deal_round(seed, 1, players, dealer, options, None)
        state: State = {"piles": dealt["piles"], "hands": dealt["hands"], "talon": dealt["talon"],
                        "phase": "play", "dealer": dealer, "round": 1, "moved": False, "kinged": False,
                        "extra": False, "passed": [], "scores": [0] * players, "rounds": [],
                        "to_move": dealt["first"]}
        state["phase"] = _first_phase(state, options)
        return state

    def parse_action(self, text: str) -> KingsAction:
        """Read ``draw``, ``play CARD POS``, ``move FROM TO`` or ``end`` (see ``actions.parse``).

        :raises MalformedAction: when the text is none of them.
        """
        return parse(text)

    # --- legality -----------------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[KingsAction]:
        """``draw`` alone at the start of a turn; then every play, pile move and ``end``, sorted."""
        if state["over"]:
            return []
        if state["phase"] == "draw":
            return [DRAW]
        piles = state["piles"]
        acts: list[KingsAction] = [Play(c, p) for c, p in card_plays(piles, state["hands"][state["to_move"]])]
        acts += [Move(s, d) for s, d in pile_moves(piles)]
        acts.append(END)
        return sorted(acts, key=str)

    def why_illegal(self, state: State, action: Any) -> str | None:
        """The reason an action is not allowed now, in the words of the rules, or None."""
        if state["over"]:
            return "the game is over"
        opts = state["options"]
        if isinstance(action, Draw):
            if not opts["draw"]:
                return "there is no drawing in this game ('Ohne Ziehen', K-6.1)"
            if opts["draw_at"] == "end":
                return "in this game the card is drawn when you end your turn (draw_at=end)"
            if state["phase"] == "play":
                if not state["talon"]:
                    return "the talon is empty: play goes on without drawing (K-4.1)"
                return "you have already drawn this turn"
            return None
        if state["phase"] == "draw":
            return "draw first: every turn starts with drawing the top card of the talon (K-2.1)"
        if isinstance(action, Play):
            if action.card not in state["hands"][state["to_move"]]:
                return f"you do not hold {label(action.card)}"
            return play_problem(state["piles"], action.card, action.to)
        if isinstance(action, Move):
            return move_problem(state["piles"], action.src, action.dst)
        if isinstance(action, End):
            return None
        return f"{action!r} is not a Kings in the Corner action"

    # --- carrying out -------------------------------------------------------------------------

    def execute(self, state: State, action: Any, events: list[Event]) -> None:
        """Draw, play, move or end the turn; then end the round or the game where the rules say."""
        seat = state["to_move"]
        hand = state["hands"][seat]
        piles = state["piles"]
        if isinstance(action, Draw):
            _draw(state, seat, events)
            state["phase"] = "play"
        elif isinstance(action, Play):
            corner_opened = action.to in CORNERS and not piles[action.to]
            how = "corner" if corner_opened else ("build" if piles[action.to] else "fill")
            hand.remove(action.card)
            piles[action.to].append(action.card)
            events.append(move_event([action.card], f"hand:{seat}", f"pile:{action.to}", seat,
                                     action="play", how=how))
            state["kinged"] = state["kinged"] or corner_opened
            _moved(state)
            if not hand:
                _end_round(state, [seat], "out", events)  # the last card wins at once (K-4)
                return
        elif isinstance(action, Move):
            moved = piles[action.src]
            piles[action.src] = []
            piles[action.dst].extend(moved)
            events.append(move_event(moved, f"pile:{action.src}", f"pile:{action.dst}", seat, action="move"))
            _moved(state)
        else:
            if not self._end_turn(state, seat, events):
                return
        if _no_more_draws(state) and not anyone_can_move(piles, state["hands"]):
            # Nobody could move in the turns to come: K-4.2 would end the round anyway.
            _end_round(state, fewest_cards(state["hands"]), "blocked", events)

    def _end_turn(self, state: State, seat: int, events: list[Event]) -> bool:
        """End the turn (draw first with ``draw_at=end``); False when that ended the round."""
        opts = state["options"]
        n = state["players"]
        events.append({"type": "end_turn", "seat": seat})
        if opts["draw"] and opts["draw_at"] == "end" and state["talon"]:
            _draw(state, seat, events)
        elif _no_more_draws(state) and not state["moved"] and seat not in state["passed"]:
            state["passed"] = sorted(state["passed"] + [seat])
        if _no_more_draws(state) and len(state["passed"]) == n:
            _end_round(state, fewest_cards(state["hands"]), "blocked", events)  # K-4.2, K-4.3
            return False
        extra = opts["royal_kings"] and state["kinged"]  # K-6.3
        _begin_turn(state, seat if extra else (seat + 1) % n, extra, events)
        return True

    # --- information --------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may know: its own hand, the layout, how many cards the others and the
        talon hold. Once the game is over every hand is shown. The seed is never shown.

        :raises BadOption: for a seat that is not at the table.
        """
        n = state["players"]
        if seat is not None and (isinstance(seat, bool) or seat not in range(n)):
            raise BadOption(f"this game has seats 0 to {n - 1}, not {seat!r}")
        v = dict(state)
        del v["seed"]
        v["viewer"] = seat
        v["options"] = dict(state["options"])
        v["piles"] = {p: list(c) for p, c in state["piles"].items()}
        v["passed"] = list(state["passed"])
        v["scores"] = list(state["scores"])
        v["rounds"] = copy_json(state["rounds"])
        v["result"] = copy_json(state["result"])
        if state["over"]:
            v["hands"] = [list(h) for h in state["hands"]]
            v["talon"] = list(state["talon"])
            return v
        unknown = C.UNKNOWN
        v["hands"] = [list(h) if s == seat else [unknown] * len(h) for s, h in enumerate(state["hands"])]
        v["talon"] = [unknown] * len(state["talon"])
        return v

    def secret_cards(self, state: State, seat: int | None) -> set[str]:
        """Cards ``seat`` may not know: the other hands and the talon (nothing once it is over)."""
        if state["over"]:
            return set()
        secret = set(state["talon"])
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                secret.update(hand)
        return secret

    def mask_events(self, events: list[Event], seat: int | None) -> list[Event]:
        """Events as ``seat`` may see them: cards from the talon into another hand become ``"??"``."""
        mine = f"hand:{seat}"
        out = []
        for ev in events:
            if ev.get("type") == "move" and ev["from"] == "talon" and ev["to"].startswith("hand:") \
                    and ev["to"] != mine:
                ev = dict(ev, cards=[C.UNKNOWN] * len(ev["cards"]))
            out.append(ev)
        return out

    def all_cards(self, state: State) -> list[str]:
        """Every card of the state: the piles, the hands and the talon."""
        out = [c for p in POSITIONS for c in state["piles"][p]]
        for hand in state["hands"]:
            out.extend(hand)
        out.extend(state["talon"])
        return out

    def deck(self, state: State) -> list[str]:
        """The 52 cards of a French deck."""
        return C.standard_deck()

    def check_state(self, state: State) -> None:
        """Check the layout, the turn bookkeeping and the scores against K-1 … K-5.

        :raises BadState: naming the first inconsistency found.
        """
        check(state)


# --- the turn's bookkeeping ---------------------------------------------------------------------


def _no_more_draws(state: State) -> bool:
    """Whether no card can be drawn any more: no drawing in this game, or an empty talon."""
    return not state["options"]["draw"] or not state["talon"]


def _first_phase(state: State, options: dict[str, Any]) -> str:
    return "draw" if options["draw"] and options["draw_at"] == "start" and state["talon"] else "play"


def _draw(state: State, seat: int, events: list[Event]) -> None:
    card = state["talon"].pop()
    state["hands"][seat].append(card)
    events.append(move_event([card], "talon", f"hand:{seat}", seat, action="draw"))
    if not state["talon"]:
        state["passed"] = []  # K-4.2 counts turns without a move from here on
        events.append({"type": "talon_empty"})


def _moved(state: State) -> None:
    state["moved"] = True
    state["passed"] = []


def _begin_turn(state: State, seat: int, extra: bool, events: list[Event] | None) -> None:
    state.update(to_move=seat, moved=False, kinged=False, extra=extra)
    state["phase"] = _first_phase(state, state["options"])
    if events is not None:
        events.append({"type": "turn", "seat": seat, "extra": extra})


def _end_round(state: State, winners: list[int], reason: str, events: list[Event]) -> None:
    """Score the round (K-5.1); then deal the next one, or end the game (K-5.2)."""
    opts = state["options"]
    n = state["players"]
    hands = state["hands"]
    points = round_points(hands, winners, opts["scoring"])
    state["scores"] = [a + b for a, b in zip(state["scores"], points)]
    state["rounds"].append({"round": state["round"], "dealer": state["dealer"], "winners": list(winners),
                            "points": points, "cards_left": [len(h) for h in hands], "reason": reason})
    events.append({"type": "round_over", "round": state["round"], "reason": reason, "winners": list(winners),
                   "points": list(points), "hands": [list(h) for h in hands]})
    if session_over(state["scores"], opts["target"]):
        result = {"scores": list(state["scores"]), "winners": lowest(state["scores"]),
                  "reason": reason if opts["target"] == 0 else "target", "rounds": state["round"]}
        state.update(over=True, to_move=None, phase="over", result=result, moved=False, kinged=False,
                     extra=False, passed=[])
        events.append({"type": "game_over", "winners": list(result["winners"]), "reason": result["reason"],
                       "scores": list(result["scores"])})
        return
    state["round"] += 1
    state["dealer"] = (state["dealer"] + 1) % n
    dealt = deal_round(state["seed"], state["round"], n, state["dealer"], opts, events)
    state.update(piles=dealt["piles"], hands=dealt["hands"], talon=dealt["talon"], passed=[])
    _begin_turn(state, dealt["first"], False, events)


GAME = KingsCorner()
