"""Hostile backups that know what a backup means: each change makes a file that reads as
JSON and as a backup, and is wrong only in what its records say of each other.

A change says whether the file it makes must be refused (``Hostile.refuse``): a payment of
more than one amount may be, a payment between people who never owed anybody anything, a
result of an older file for a seat its game lacks or a game still running, a card moved in
a game's state, a game Hofstaat does not know, a dynasty that is not its game's, a merge of
a computer player, more records of a kind than a file may hold. A file that imports anyway
is a finding, as is an old file whose results fit its games and is refused. Other changes
(a huge count or a time at the edge in every record, records repeated with ids of their
own, a seat's fields of another type) may go either way; the target checks what an import
that succeeded left behind (``core.fuzz.store_targets``).
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

from core.fuzz.mutate import CARDS, HUGE_INTS, MAX_INT, Hostile, fits_64_bits
from core.games import registry
from core.games.base import copy_json
from core.ledger.money import MAX_CENTS
from core.store import backup

# What a file may hold of each kind, and the field that identifies a record of it.
MOST = {k.name: k.most for k in backup.KINDS if k.until is None}
KEY = {k.name: k.key for k in backup.KINDS}
# Values a seat's fields should not hold (a level or name of another type, say).
SEAT_VALUES: tuple[Any, ...] = ([], {}, {"x": 1}, [None], 5, True, None, "", "godlike", "bot",
                                "human", "x" * 300)
# Numbers at the edges of what a record holds: times up to the year 9999, counts of undos.
EDGES = (MAX_INT, 2**53 + 1, -1, 0, 1_000_000, 1_000_001, 253_402_300_799, 253_402_300_800)


def new_id(rng: random.Random) -> str:
    return f"{rng.getrandbits(128):032x}"


def _records(data: dict[str, Any], kind: str) -> list[Any]:
    items = data.get(kind)
    return items if isinstance(items, list) else []


def _people(data: dict[str, Any], kind: str | None = None) -> list[str]:
    return [p["id"] for p in _records(data, "profiles")
            if isinstance(p, dict) and (kind is None or p.get("kind") == kind)]


def _strangers(data: dict[str, Any]) -> list[str]:
    """People of the file who appear in no dynasty, payment, correction or merge: they never
    owed anybody anything, nor were owed."""
    seen = set()
    for d in _records(data, "dynasties"):
        seen.update(d.get("players", []))
    for e in _records(data, "ledger"):
        seen.update((e.get("debtor"), e.get("creditor")))
    for m in _records(data, "merges"):
        seen.update((m.get("source"), m.get("target")))
    return [p for p in _people(data, "human") if p not in seen]


# --- the ledger -------------------------------------------------------------------------------


def raise_cents(h: Hostile, rng: random.Random) -> None:
    """A payment's or correction's cents raised, mostly past what one amount may be."""
    entries = [e for e in _records(h.value, "ledger") if e.get("kind") in ("payment", "correction")]
    if not entries:
        return add_payment(h, rng)
    e = rng.choice(entries)
    cents = rng.choice((MAX_CENTS + 1, 10**9, 10**15, MAX_INT, e["cents"] * 1000 + 1, 2**63))
    e["cents"] = cents
    h.note(f"{e['kind']} {e['id']} of {cents} cents", refuse=True if cents > MAX_CENTS else None)


def add_payment(h: Hostile, rng: random.Random) -> None:
    """A payment (or correction) between people of the file: between two who never owed
    anybody anything it must be refused."""
    strangers = _strangers(h.value)
    kind = "payment" if rng.random() < 0.8 else "correction"
    if len(strangers) >= 2 and rng.random() < 0.6:
        debtor, creditor = rng.sample(strangers, 2)
        refuse = True if kind == "payment" else None
    else:
        people = _people(h.value) or [new_id(rng)]
        debtor, creditor = rng.choice(people), rng.choice(people)
        refuse = True if debtor == creditor else None
    cents = rng.choice((1, 5, 500, 10_000, MAX_CENTS))
    dynasties = [d["id"] for d in _records(h.value, "dynasties")]
    h.value.setdefault("ledger", []).append({
        "id": new_id(rng), "kind": kind, "debtor": debtor, "creditor": creditor, "cents": cents,
        "currency": rng.choice(("EUR", "EUR", "EUR", "CHF")), "note": "",
        "dynasty": rng.choice(dynasties) if dynasties and rng.random() < 0.3 else None,
        "created_at": float(rng.randrange(10**9))})
    h.note(f"a {kind} of {cents} cents from {debtor} to {creditor}", refuse=refuse)


def change_dynasty(h: Hostile, rng: random.Random) -> None:
    """A dynasty whose players, stake, currency or game are not its game's."""
    dynasties = _records(h.value, "dynasties")
    if not dynasties:
        return rename_game(h, rng)
    d = rng.choice(dynasties)
    before = json.dumps(d, sort_keys=True)
    op = rng.randrange(4)
    if op == 0:
        players = d["players"]
        how = rng.randrange(3)
        if how == 0:
            rng.shuffle(players)
        elif how == 1:
            players[rng.randrange(len(players))] = rng.choice(_people(h.value) or [new_id(rng)])
        else:
            players.append(rng.choice(_people(h.value) or [new_id(rng)]))
    elif op == 1:
        d["stake_cents"] = rng.choice((0, 1, d["stake_cents"] + 1, max(0, d["stake_cents"] - 1),
                                       100_000))
    elif op == 2:
        d["currency"] = rng.choice(("CHF", "USD", "JPY"))
    else:
        games = [g for g in _games(h) if g.get("id") != d["game"]]
        if not games:
            return rename_game(h, rng)
        g = rng.choice(games)
        d["game"] = g["id"]
        stake = (g.get("meta") or {}).get("stake") or {}
        if (g["game"] == "rosenkrieg" and [s.get("profile") for s in g["seats"]] == d["players"]
                and stake.get("cents") == d["stake_cents"]
                and stake.get("currency", "EUR") == d["currency"]):
            h.note(f"dynasty {d['id']} moved to another game of its people at its stake")
            return  # a dynasty that fits that game as well
    changed = json.dumps(d, sort_keys=True) != before
    h.note(f"dynasty {d['id']} {['players', 'stake', 'currency', 'game'][op]} changed",
           refuse=True if changed else None)


def add_merge(h: Hostile, rng: random.Random) -> None:
    """A merge of two profiles: of a computer player, or of a person with themselves, it must
    be refused."""
    people, bots = _people(h.value, "human"), _people(h.value, "bot")
    if bots and people and rng.random() < 0.5:
        pair = [rng.choice(bots), rng.choice(people)]
        rng.shuffle(pair)
        refuse: bool | None = True
    elif people and rng.random() < 0.2:
        pair = [rng.choice(people)] * 2
        refuse = True
    elif len(people) >= 2:
        pair = rng.sample(people, 2)
        refuse = None
    else:
        return add_payment(h, rng)
    merges = h.value.setdefault("merges", [])
    merges.append({"id": new_id(rng), "source": pair[0], "target": pair[1],
                   "created_at": float(rng.randrange(10**9))})
    h.note(f"a merge of {pair[0]} into {pair[1]}", refuse=refuse)


# --- games --------------------------------------------------------------------------------------


def _games(h: Hostile, over: bool | None = None) -> list[dict[str, Any]]:
    return [g for g in _records(h.value, "games") if isinstance(g, dict)
            and isinstance(g.get("state"), dict) and (over is None or g.get("over") == over)]


def _card_slots(state: Any) -> list[tuple[Any, Any]]:
    """Places in a state that hold a card, or text of cards (Rosenkrieg writes "QL 9L KT")."""
    out, stack = [], [state]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for k, v in items:
            if isinstance(v, str) and v and all(c in CARDS for c in v.split()):
                out.append((node, k))
            elif isinstance(v, (dict, list)):
                stack.append(v)
    return out


def change_card(h: Hostile, rng: random.Random) -> None:
    """A card moved, swapped or replaced in a game's state (a finished one mostly), or a
    number in it nudged: the state is then not where its moves lead."""
    games = _games(h, over=True) if rng.random() < 0.7 else []
    games = games or _games(h)
    if not games:
        return rename_game(h, rng)
    g = rng.choice(games)
    state = g["state"]
    before = json.dumps(state, sort_keys=True)
    slots = _card_slots(state)
    if len(slots) >= 2 and rng.random() < 0.5:
        (a, i), (b, j) = rng.sample(slots, 2)
        a[i], b[j] = b[j], a[i]
        what = "two cards swapped"
    elif slots and rng.random() < 0.7:
        a, i = rng.choice(slots)
        cards = a[i].split()
        cards[rng.randrange(len(cards))] = rng.choice(CARDS)
        a[i] = " ".join(cards)
        what = "a card replaced"
    else:
        numbers = [k for k, v in state.items() if isinstance(v, int) and not isinstance(v, bool)]
        if not numbers:
            return rename_game(h, rng)
        key = rng.choice(numbers)
        state[key] += rng.choice((-1, 1))
        what = f"its {key} nudged"
    changed = json.dumps(state, sort_keys=True) != before
    h.note(f"game {g['id']}: {what} in its state", refuse=True if changed else None)


def change_seat(h: Hostile, rng: random.Random) -> None:
    """A seat of a game (a finished one mostly: its results are written) whose kind, name,
    level or profile is of another type or names someone else."""
    games = _games(h, over=True) if rng.random() < 0.7 else []
    games = [g for g in games or _games(h) if g.get("seats")]
    if not games:
        return rename_game(h, rng)
    g = rng.choice(games)
    seat = rng.choice(g["seats"])
    name = rng.choice(("kind", "name", "level", "profile"))
    seat[name] = copy_json(rng.choice((*SEAT_VALUES, *(_people(h.value) or [None]))))
    h.note(f"game {g['id']}: a seat's {name} = {seat[name]!r}"[:120])


def rename_game(h: Hostile, rng: random.Random) -> None:
    """A game renamed: to one Hofstaat does not know, or to another it knows."""
    games = _games(h)
    if not games:
        return raise_cents(h, rng) if _records(h.value, "ledger") else None
    g = rng.choice(games)
    others = [n for n in registry.names() if n != g["game"]]
    g["game"] = rng.choice(["schach", "", g["game"].upper(), g["game"] + " ", "x" * 300,
                            *others])
    h.note(f"game {g['id']} renamed {g['game'][:20]!r}", refuse=True)


def old_results(h: Hostile, rng: random.Random) -> None:
    """The file made one of format 2 (results beside the games, no merges), with results: for
    a seat its game lacks, of a game still running, with the wrong winner (refused), or the
    ones its game ended with (imported)."""
    data = h.value
    data["version"] = 2
    data.pop("merges", None)
    if rng.random() < 0.5:
        for p in _records(data, "profiles"):
            if isinstance(p, dict):
                p.pop("changed_at", None)
    data["results"] = results = []
    refuse: bool | None = False
    for _ in range(rng.choice((1, 1, 2, 3))):
        finished = [g for g in _games(h, over=True) if isinstance(g.get("result"), dict)
                    and g["result"].get("reason") != "resigned"]
        op = rng.randrange(4)
        if op == 0 and _games(h):
            g = rng.choice(_games(h))
            seat = rng.choice((len(g["seats"]), len(g["seats"]) + 1, 5, 99))
            seat = max(seat, len(g["seats"]))
            results.append(_result(g, seat, rng))
            refuse, what = True, f"a result for seat {seat} of a game of {len(g['seats'])}"
        elif op == 1 and _games(h, over=False):
            g = rng.choice(_games(h, over=False))
            results.append(_result(g, 0, rng))
            refuse, what = True, "a result of a running game"
        elif finished:
            g = rng.choice(finished)
            seat = rng.randrange(len(g["seats"]))
            won = seat in g["result"].get("winners", [])
            scores = g["result"].get("scores") or []
            score = scores[seat] if seat < len(scores) else None
            wrong = op == 2
            results.append(_result(g, seat, rng, won=won != wrong, score=score))
            if wrong:
                refuse = True
            what = "a result with the wrong winner" if wrong else "a result its game ended with"
        else:
            continue
        h.done.append(what)
    h.note(f"format 2 with {len(results)} results", refuse=refuse)


def _result(g: dict[str, Any], seat: int, rng: random.Random, won: bool = False,
            score: Any = None) -> dict[str, Any]:
    return {"id": new_id(rng), "game": g["id"], "seat": seat, "kind": "human", "profile": None,
            "level": None, "score": score, "won": won, "assisted": False, "undos": 0,
            "hints": 0, "finished_at": g.get("finished_at") or g.get("updated_at") or 1.0}


# --- records in bulk ---------------------------------------------------------------------------


def everywhere(h: Hostile, rng: random.Random) -> None:
    """One field of every record of a kind (or every game's undos or hints) set to a huge
    number, or one at the edge of what a record holds: each record alone may be fine, their
    sums not."""
    data = h.value
    kinds = [k for k in MOST if _records(data, k)]
    if not kinds:
        return
    kind = rng.choice(kinds)
    records = [r for r in _records(data, kind) if isinstance(r, dict)]
    names = sorted({k for r in records for k, v in r.items()
                    if isinstance(v, (int, float)) and not isinstance(v, bool)})
    if kind == "games" and rng.random() < 0.5:
        names = ["undos", "hints"]
    if not names:
        return
    name = rng.choice(names)
    value = rng.choice((*HUGE_INTS, *EDGES))
    for r in records:
        r[name] = value
    h.note(f"{name} of every record of {kind} = {value}",
           refuse=None if fits_64_bits(value) else True)


def repeat_records(h: Hostile, rng: random.Random) -> None:
    """One record repeated many times: with its own id (refused), or with ids of their own,
    up to past the most a file may hold of its kind (written as text, cheaply)."""
    data = h.value
    kinds = [k for k in MOST if _records(data, k)]
    if not kinds:
        return
    kind = rng.choice(kinds)
    items = _records(data, kind)
    record = rng.choice(items)
    most = MOST[kind]
    if kind == "games":
        counts = [2, 3]  # each game with an id of its own is replayed
    elif most <= 10_000 or rng.random() < 0.1:  # a hundred thousand records take seconds
        counts = [2, 10, 1_001, most + 1]
    else:
        counts = [2, 10, 1_001]
    if kind == "profiles" and rng.random() < 0.05:
        counts = [350_000]
    count = rng.choice(counts)
    fresh = rng.random() < 0.5 and isinstance(record, dict)
    key = KEY.get(kind, "id")
    one = json.dumps(record, ensure_ascii=False)
    if fresh:
        copy = dict(record)
        copies = []
        for _ in range(count):
            copy[key] = new_id(rng)
            copies.append(json.dumps(copy, ensure_ascii=False))
    else:
        copies = [one] * count
    texts = [json.dumps(r, ensure_ascii=False) for r in items]
    data[kind] = h.raw("[" + ",".join(texts + copies) + "]")
    total = len(items) + count
    h.note(f"a record of {kind} repeated {count} times{' with ids of their own' if fresh else ''}"
           f" ({total} in all)", refuse=True if total > most or not fresh else None)


def break_a_line(h: Hostile, rng: random.Random) -> None:
    """A name from the file with a line break in it: an unknown field, an unknown part, a
    repeated setting. The file is refused, and its message must stay one line."""
    data = h.value
    op = rng.randrange(3)
    name = rng.choice(("colour\nred", "x\r\ny", "\n", "a\u2028b"))
    kinds = [k for k in MOST if _records(data, k) and isinstance(_records(data, k)[0], dict)]
    if op == 0 and kinds:
        rng.choice(_records(data, rng.choice(kinds)))[name] = 1
        what = "an unknown field"
    elif op == 1:
        data[name] = []
        what = "an unknown part"
    else:
        data.setdefault("settings", []).extend([{"key": name, "value": 1}] * 2)
        what = "a setting repeated"
    h.note(f"{what} named {name!r}", refuse=True)


SEMANTIC: dict[str, tuple[float, Callable[[Hostile, random.Random], None]]] = {
    "raise_cents": (3, raise_cents),
    "add_payment": (3, add_payment),
    "old_results": (3, old_results),
    "change_card": (3, change_card),
    "rename_game": (1, rename_game),
    "change_seat": (1, change_seat),
    "change_dynasty": (2, change_dynasty),
    "add_merge": (2, add_merge),
    "everywhere": (2, everywhere),
    "repeat_records": (2, repeat_records),
    "break_a_line": (1, break_a_line),
}


def mutate_backup(data: dict[str, Any], rng: random.Random, name: str | None = None) -> Hostile:
    """One change of what a backup means (``name``, or one drawn by weight) to a copy of
    ``data``."""
    h = Hostile(copy_json(data))
    if name is None:
        names = list(SEMANTIC)
        name = rng.choices(names, weights=[SEMANTIC[n][0] for n in names])[0]
    SEMANTIC[name][1](h, rng)
    h.done.insert(0, name)
    return h
