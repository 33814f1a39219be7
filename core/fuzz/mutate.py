"""A seeded mutator: hostile variants of JSON values, JSON text, action text and arguments.

Half of what it does keeps a state plausible (cards swapped or moved between fields, a
number nudged by one) so that inputs get past the first checks and reach the rules;
the other half is plainly hostile (wrong types, huge or non-finite numbers, deep nesting,
truncation).
"""

from __future__ import annotations

import random
import string
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
