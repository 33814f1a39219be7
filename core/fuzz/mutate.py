"""A seeded mutator: hostile variants of JSON values, JSON text, action text and arguments.

Half of what it does keeps a state plausible (cards swapped or moved between fields, a
number nudged by one) so that inputs get past the first checks and reach the rules;
the other half is plainly hostile (wrong types, huge or non-finite numbers, deep nesting,
truncation). ``mutate_hostile`` goes further, for files read whole (backups): whole numbers
past 64 bits, values nested thousands of levels deep, NaN and Infinity tokens, and strings
and lists far longer than any record holds; the tokens JSON cannot write are spliced into
the text in place of a marker (``dumps_raw``).
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass, field
from typing import Any

from core.cards import ROSENKRIEG_SUITS, RANKS, FRENCH_SUITS
from core.games.base import copy_json

CARDS = [r + s for s in FRENCH_SUITS + ROSENKRIEG_SUITS for r in RANKS]


def _deep(n: int) -> Any:
    value: Any = []
    for _ in range(n):
        value = [value]
    return value


SCALARS: list[Any] = [None, True, False, 0, -1, 1, 2, 3, 7, 2**31, 2**63, -(2**63) - 1, 10**40,
                      1.5, -0.0, 1e308, float("inf"), float("-inf"), float("nan"), "", "AS", "??",
                      "KL", "10S", "x" * 300, "\u0000", "über", " ", "null", "0"]
CONTAINERS: list[Any] = [[], {}, [None], {"": None}, ["AS", "AS"], [[]], [1, 2], {"scores": []}]
NUMBERS = ["-1", "0", "1", "2", "5", "99", "-0", "nan", "inf", "-inf", "1e3", "1.5", "0x10",
           str(2**63), "9" * 40, "", " 7", "two", "+3"]
JUNK = string.printable + "äöüß€♠\u200b\ud7ff"


def adversarial(rng: random.Random) -> Any:
    """One hostile value: a scalar, a small container, a card or a deep nest."""
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(SCALARS)
    if roll < 0.8:
        return copy_json(rng.choice(CONTAINERS))
    if roll < 0.95:
        return rng.choice(CARDS)
    return _deep(rng.choice((30, 60, 100)))


def _slots(root: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) pair under ``root``: a dict key or a list index."""
    out: list[tuple[Any, Any]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                out.append((node, k))
                stack.append(v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                out.append((node, i))
                stack.append(v)
    return out


def mutate_value(value: Any, rng: random.Random, edits: int | None = None) -> Any:
    """A mutated deep copy of a JSON value (``value`` itself is left alone)."""
    out = copy_json(value)
    for _ in range(edits or rng.choice((1, 1, 1, 2, 3))):
        slots = _slots(out)
        if not slots:
            return adversarial(rng)
        _edit(out, slots, rng)
    return out


def _edit(root: Any, slots: list[tuple[Any, Any]], rng: random.Random) -> None:
    node, key = rng.choice(slots)
    op = rng.random()
    cards = [(n, k) for n, k in slots if isinstance(n[k], str) and n[k] in CARDS]
    if op < 0.2 and len(cards) >= 2:  # swap two cards: the deck still adds up
        (a, i), (b, j) = rng.sample(cards, 2)
        a[i], b[j] = b[j], a[i]
    elif op < 0.3 and cards:  # move a card to another list: the deck still adds up
        a, i = rng.choice(cards)
        lists = [n[k] for n, k in slots if isinstance(n[k], list)]
        if isinstance(a, list) and lists:
            card = a.pop(i)
            target = rng.choice(lists)
            target.insert(rng.randint(0, len(target)), card)
    elif op < 0.45 and isinstance(node[key], int) and not isinstance(node[key], bool):
        node[key] += rng.choice((-1, 1, -2, 2, -node[key] - 1))
    elif op < 0.5 and isinstance(node[key], bool):
        node[key] = not node[key]
    elif op < 0.62:
        node[key] = adversarial(rng)
    elif op < 0.7:
        other, k2 = rng.choice(slots)
        node[key] = copy_json(other[k2])  # a value from elsewhere in the same state
    elif op < 0.78:
        if isinstance(node, dict):
            del node[key]
        else:
            node.pop(key)
    elif op < 0.84 and isinstance(node[key], list):
        items = node[key]
        cut = rng.randint(0, len(items))
        if rng.random() < 0.5:
            del items[cut:]
        else:
            del items[:cut]
    elif op < 0.9 and isinstance(node[key], list):
        rng.shuffle(node[key])
    elif op < 0.95 and isinstance(node[key], list):
        items = node[key]
        items.insert(rng.randint(0, len(items)), rng.choice(CARDS) if rng.random() < 0.7
                     else adversarial(rng))
    elif isinstance(node[key], dict):
        node[key][rng.choice(("x", "", "game", "cards", "0"))] = adversarial(rng)
    else:
        node[key] = adversarial(rng)


def mutate_text(text: str, rng: random.Random) -> str:
    """A mutated JSON text: truncated, spliced, with bad literals, or nested deep."""
    op = rng.random()
    n = len(text)
    if op < 0.2:
        return text[:rng.randint(0, n)]
    if op < 0.35:
        i = rng.randint(0, n)
        return text[:i] + text[i + rng.randint(1, 20):]
    if op < 0.55:
        i = rng.randint(0, n)
        junk = "".join(rng.choice(JUNK + '{}[],:"') for _ in range(rng.randint(1, 6)))
        return text[:i] + junk + text[i:]
    if op < 0.7:
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        if digits:
            i = rng.choice(digits)
            return text[:i] + rng.choice(("Infinity", "NaN", "-Infinity", "1e999", "9" * 400)) + text[i + 1:]
        return text + "Infinity"
    if op < 0.8:
        depth = rng.choice((40, 1000, 100_000))
        return "[" * depth + text + "]" * depth
    if op < 0.85:
        return rng.choice(("", " ", "null", "[]", "{}", '"state"', "\ufeff" + text, text + text))
    return text.replace('"', rng.choice(("'", '\\"', '"\u0000')), rng.randint(1, 3))


def mutate_action(legal: list[str], rng: random.Random) -> str:
    """An action text: a legal one, a legal one mangled, or plain garbage."""
    base = rng.choice(legal) if legal else rng.choice(("play AS", "take", "done", "draw"))
    op = rng.random()
    if op < 0.1:
        return base
    if op < 0.25:
        return base[:rng.randint(0, len(base))]
    if op < 0.4:
        words = base.split()
        i = rng.randrange(len(words)) if words else 0
        words[i:i + 1] = [rng.choice(CARDS + ["ZZ", "10S", "??", "-1", "99", "K", ""])]
        return " ".join(words)
    if op < 0.5:
        return rng.choice((base.upper(), base.lower(), f"  {base}  ", base + " " + base,
                           base.replace(" ", "\t"), base + " AS"))
    if op < 0.6:
        i = rng.randint(0, len(base))
        return base[:i] + rng.choice(JUNK) + base[i:]
    if op < 0.7:
        return rng.choice(("", " ", "\n", "x" * 5000, "play", "play " * 50, "9" * 40,
                           "move N to E", "move Z to Q", "counter", "recruit AS AS",
                           "declare 99", "lay", "\u0000", "über"))
    if op < 0.85 and len(legal) >= 2:
        a, b = rng.sample(legal, 2)
        return a.split()[0] + " " + " ".join(b.split()[1:])
    return " ".join(rng.choice(CARDS) for _ in range(rng.randint(1, 4)))


# --- hostile in size: numbers, nesting and lengths beyond what any record holds ----------------

MAX_INT = 2**63 - 1
# Whole numbers at and past the 64 bits a database holds, and past the 53 bits a float holds.
HUGE_INTS = [2**63, MAX_INT, -(2**63), -(2**63) - 1, 2**64, 10**19, 10**30, 10**100,
             2**53 + 1, -(2**53) - 1]
# JSON text ``json.dumps`` does not write: tokens that are not numbers in JSON, a number too
# large for a float, and literals past 64 bits (the last past Python's 4,300 digits for int).
RAW_TOKENS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1" + "0" * 400, "9" * 5000]
# Levels of nesting: just past a backup's limit (64), past Python's recursion limit, far past.
DEPTHS = (65, 1_000, 3_000, 100_000)
# Lengths of strings: past a record's short fields, past a setting's 64 KB, a megabyte.
LENGTHS = (301, 64 * 1024 + 1, 1_000_000)


def fits_64_bits(n: int) -> bool:
    """Whether a whole number fits a signed 64-bit integer."""
    return -MAX_INT - 1 <= n <= MAX_INT


def nested_text(depth: int) -> str:
    """A JSON list nested ``depth`` levels deep, as text (building it as a value would not
    survive ``json.dumps``)."""
    return "[" * depth + "]" * depth


@dataclass
class Hostile:
    """A mutated JSON value, the raw tokens its markers stand for, what was done to it, and
    whether a reader must refuse it (True), must accept it (False), or may do either (None)."""

    value: Any
    raws: dict[str, str] = field(default_factory=dict)
    done: list[str] = field(default_factory=list)
    refuse: bool | None = False  # a value left as it was is read as it was

    def raw(self, token: str) -> str:
        """A marker to put in the value where ``token`` goes in the text."""
        mark = f"@@raw-{len(self.raws)}@@"
        self.raws[mark] = token
        return mark

    def note(self, what: str, refuse: bool | None = None) -> None:
        """Record a change: one that must be refused makes the whole value one; one that may
        go either way makes a value that had to be accepted one that may go either way."""
        self.done.append(what)
        if refuse is True or self.refuse is True:
            self.refuse = True
        elif refuse is None:
            self.refuse = None

    def text(self) -> str:
        return dumps_raw(self.value, self.raws)


def dumps_raw(value: Any, raws: dict[str, str]) -> str:
    """JSON text of ``value`` with each marker string replaced by its raw token."""
    text = json.dumps(value, ensure_ascii=False)
    for mark, token in raws.items():
        text = text.replace(json.dumps(mark), token, 1)
    return text


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def mutate_hostile(value: Any, rng: random.Random, into: Hostile | None = None) -> Hostile:
    """One change to a copy of ``value`` that is hostile in size or in its numbers: a whole
    number past 64 bits, a token JSON does not allow (NaN, Infinity, 1e999, 5,000 digits),
    a value nested thousands of levels deep, a string or list far longer than any record's."""
    out = into or Hostile(copy_json(value))
    slots = _slots(out.value)
    if not slots:
        out.value = rng.choice(HUGE_INTS)
        out.note("the whole file a huge number", refuse=True)
        return out
    op = rng.random()
    if op < 0.3:
        numbers = [s for s in slots if _is_number(s[0][s[1]])]
        node, key = rng.choice(numbers if numbers and rng.random() < 0.8 else slots)
        node[key] = rng.choice(HUGE_INTS)
        out.note(f"{_where(node, key)} = {node[key]}",
                 refuse=None if fits_64_bits(node[key]) else True)
    elif op < 0.5:
        node, key = rng.choice(slots)
        token = rng.choice(RAW_TOKENS)
        node[key] = out.raw(token)
        out.note(f"{_where(node, key)} = {token[:12]}", refuse=True)
    elif op < 0.7:
        node, key = rng.choice(slots)
        depth = rng.choice(DEPTHS)
        node[key] = out.raw(nested_text(depth))
        out.note(f"{_where(node, key)} nested {depth} levels deep", refuse=True)
    elif op < 0.85:
        texts = [s for s in slots if isinstance(s[0][s[1]], str)]
        node, key = rng.choice(texts or slots)
        length = rng.choice(LENGTHS)
        node[key] = (str(node[key]) or "x") * (length // max(1, len(str(node[key]))) + 1)
        out.note(f"{_where(node, key)} a string of {len(node[key])} characters")
    else:
        lists = [s for s in slots if isinstance(s[0][s[1]], list) and s[0][s[1]]]
        node, key = rng.choice(lists or slots)
        if not isinstance(node[key], list) or not node[key]:
            node[key] = [node[key]]
        times = rng.choice((2, 100, 10_001))
        times = max(2, min(times, 500_000 // len(node[key])))
        node[key] = node[key] * times  # the same items again: cheap, and dumped as copies
        out.note(f"{_where(node, key)} repeated {times} times")
    return out


def _where(node: Any, key: Any) -> str:
    """A short name for a place in a value, for reports."""
    kind = "dict" if isinstance(node, dict) else "list"
    return f"{kind}[{key!r}]"[:60]
