"""The structural checks of a saved Rosenkrieg state, beyond card conservation.

A save is read back only if its phase, hand sizes, turn, tricks and history fit together
the way play produces them (R-2 … R-9.3); ``check`` names the first thing that does not.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.errors import BadState
from core.games.base import State
from core.games.rosenkrieg.scoring import dynasty_result
from core.games.state_checks import card_list, card_lists
from core.games.rosenkrieg.tricks import ERBE_SIZE, HAND_SIZE, deck, trick_winner

PHASES = ("declare", "lay", "play", "over")
CHOSEN = ("volunteer", "previous", "trump", "first", "forced_previous", "forced_trump")
RECORD_FIELDS = frozenset({
    "base", "chosen", "counters", "dealer", "dealt", "declarations", "erbe", "erbe_dealt",
    "fenstersturz", "klanglos", "lk_bonus", "multiplier", "number", "points", "potentat",
    "sanglos", "streak", "tricks", "value", "winner", "won"})


def _seat(value: Any, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def check(state: State) -> None:
    """Check a state's shape and consistency.

    :raises BadState: naming the first inconsistency found.
    """
    n, phase = state["players"], state["phase"]
    if phase not in PHASES:
        raise BadState(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    for key in ("hands", "won"):
        card_lists(state[key], n, repr(key))
    for key in ("declarations", "balance"):
        if not isinstance(state[key], list) or len(state[key]) != n:
            raise BadState(f"state field {key!r} must hold one entry per seat")
    card_list(state["erbe"], "'erbe'")
    trick = state["trick"]
    if not isinstance(state["tricks"], list) or not isinstance(trick, dict) \
            or set(trick) != {"leader", "cards"}:
        raise BadState("tricks must be a list and trick an object of leader and cards")
    if trick["leader"] is not None and not _seat(trick["leader"], n):
        raise BadState(f"the trick's leader must be a seat, not {trick['leader']!r}")
    card_list(trick["cards"], "trick cards")
    if not _seat(state["dealer"], n):
        raise BadState(f"dealer must be a seat, not {state['dealer']!r}")
    _check_history(state)
    (phase_checks[phase])(state)


def _check_history(state: State) -> None:
    n, partien = state["players"], state["partien"]
    if not isinstance(partien, list) or len(partien) > state["options"]["partien"]:
        raise BadState("partien must list at most the Dynastie's number of Partien")
    if (state["phase"] == "over") != (len(partien) == state["options"]["partien"]):
        raise BadState("the Dynastie is over exactly when all its Partien are played")
    totals = [0] * n
    for i, record in enumerate(partien):
        _check_record(record, i, n)
        if record["number"] != i + 1 or record["dealer"] != (partien[0]["dealer"] + i) % n:
            raise BadState(f"Partie {i + 1} has the wrong number or dealer (the deal passes clockwise)")
        if sum(record["points"]) != 0 or len(record["points"]) != n:
            raise BadState(f"Partie {i + 1} is not zero-sum")
        totals = [t + p for t, p in zip(totals, record["points"])]
    if state["balance"] != totals:
        raise BadState("the balances are not the sums of the Partien's points")
    if partien:
        expect = (partien[0]["dealer"] + len(partien) - (state["phase"] == "over")) % n
        if state["dealer"] != expect:
            raise BadState(f"seat {expect} deals this Partie, not seat {state['dealer']}")


def _check_record(record: Any, i: int, n: int) -> None:
    """A finished Partie's record has the fields ``rules._record`` writes, of the right kinds."""
    if not isinstance(record, dict) or set(record) != RECORD_FIELDS:
        raise BadState(f"Partie {i + 1}'s record must have the fields {', '.join(sorted(RECORD_FIELDS))}")
    points = record["points"]
    if not _seat(record["potentat"], n) or record["winner"] not in ("potentat", "challengers") \
            or not isinstance(points, list) or not all(isinstance(p, int) and not isinstance(p, bool)
                                                       for p in points):
        raise BadState(f"Partie {i + 1}'s record names no Potentat, winner or points per seat")


def _check_declare(state: State) -> None:
    n, d, decl = state["players"], state["dealer"], state["declarations"]
    _expect(state, potentat=None, erbe=ERBE_SIZE, tricks=0, trick=0)
    done = 0
    while done < n and decl[(d + 1 + done) % n] is not None:
        done += 1
    if done == n or any(decl[(d + 1 + i) % n] is not None for i in range(done, n)):
        raise BadState("declarations must be made in turn from the seat left of the dealer")
    if state["to_move"] != (d + 1 + done) % n:
        raise BadState(f"seat {(d + 1 + done) % n} must declare next")
    _sizes(state, [HAND_SIZE[n]] * n)


def _check_lay(state: State) -> None:
    n, pot = state["players"], state["potentat"]
    _expect(state, potentat=True, erbe=0, tricks=0, trick=0)
    if state["to_move"] != pot:
        raise BadState("the Potentat lays the Erbe away")
    _check_erbe_dealt(state)
    _sizes(state, [HAND_SIZE[n] + (ERBE_SIZE if s == pot else 0) for s in range(n)])


def _check_play(state: State) -> None:
    n, trick = state["players"], state["trick"]
    _expect(state, potentat=True, erbe=ERBE_SIZE)
    tricks = state["tricks"]
    leader = tricks[-1]["winner"] if tricks else (state["dealer"] + 1) % n
    if trick["leader"] != leader or len(trick["cards"]) >= n:
        raise BadState(f"seat {leader} leads this trick")
    if state["to_move"] != (leader + len(trick["cards"])) % n:
        raise BadState("the seats play to a trick in turn")
    played = [(s - leader) % n < len(trick["cards"]) for s in range(n)]
    _sizes(state, [HAND_SIZE[n] - len(tricks) - played[s] for s in range(n)])
    _check_won(state)


def _check_over(state: State) -> None:
    _expect(state, potentat=True, erbe=ERBE_SIZE, trick=0)
    _sizes(state, [0] * state["players"])
    _check_won(state)
    if state["result"] != dynasty_result(state["balance"]):
        raise BadState("the result does not follow from the balances (R-9.3)")


def _expect(state: State, potentat: bool | None, erbe: int, tricks: int | None = None,
            trick: int | None = None) -> None:
    n = state["players"]
    if potentat is None and (state["potentat"] is not None or state["chosen"] is not None):
        raise BadState("no Potentat is chosen while the seats declare")
    if potentat and not _seat(state["potentat"], n):
        raise BadState("a Potentat must be chosen by now")
    if potentat and state["chosen"] not in CHOSEN:
        raise BadState(f"how the Potentat was chosen must be one of {', '.join(CHOSEN)}")
    if potentat and any(v is None for v in state["declarations"]):
        raise BadState("every seat declares before the Potentat is chosen")
    if len(state["erbe"]) != erbe:
        raise BadState(f"the Erbe must hold {erbe} cards now")
    if tricks is not None and len(state["tricks"]) != tricks:
        raise BadState("no trick is played before the Erbe is laid away")
    if trick is not None and state["trick"]["cards"]:
        raise BadState("no trick is being played now")


def _sizes(state: State, sizes: list[int]) -> None:
    got = [len(h) for h in state["hands"]]
    if got != sizes:
        raise BadState(f"the hands must hold {sizes} cards now, not {got}")


def _played_by(seat: int, leader: int, cards: list[str], n: int) -> list[str]:
    i = (seat - leader) % n
    return cards[i:i + 1]


def _check_tricks(state: State) -> None:
    """Each logged trick was led by the last one's winner and won by its best card (R-6)."""
    n, tricks = state["players"], state["tricks"]
    leader = (state["dealer"] + 1) % n
    for i, t in enumerate(tricks):
        cards = t.get("cards") if isinstance(t, dict) else None
        if not isinstance(cards, str) or len(cards.split()) != n or t.get("leader") != leader \
                or not set(cards.split()) <= set(deck(n)):
            raise BadState(f"trick {i + 1} must be {n} cards led by seat {leader}")
        leader = (leader + trick_winner(cards.split())) % n
        if t.get("winner") != leader:
            raise BadState(f"trick {i + 1} was won by seat {leader}, not {t.get('winner')!r}")
    _check_erbe_dealt(state)


def _check_erbe_dealt(state: State) -> None:
    """The two cards taken up from the Erbe are among the Potentat's cards of this Partie."""
    n, tricks = state["players"], state["tricks"]
    dealt = state["erbe_dealt"]
    if not isinstance(dealt, str) or len(dealt.split()) != ERBE_SIZE:
        raise BadState("erbe_dealt must name the two cards the Potentat took up")
    pot, trick = state["potentat"], state["trick"]
    held = Counter(state["hands"][pot] + state["erbe"])
    if trick["cards"]:
        held.update(_played_by(pot, trick["leader"], trick["cards"], n))
    for t in tricks:
        held.update(_played_by(pot, t["leader"], t["cards"].split(), n))
    if Counter(dealt.split()) - held:
        raise BadState("the Potentat took up cards of the Erbe that he never held")


def _check_won(state: State) -> None:
    _check_tricks(state)
    n = state["players"]
    for s in range(n):
        logged = Counter(c for t in state["tricks"] if t["winner"] == s for c in t["cards"].split())
        if logged != Counter(state["won"][s]):
            raise BadState(f"seat {s}'s won cards do not match the tricks it won")


phase_checks = {"declare": _check_declare, "lay": _check_lay, "play": _check_play, "over": _check_over}
