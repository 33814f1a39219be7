"""Finding card faces in the websocket frames Flet sends the browser.

A frame is ``0x00`` and a msgpack body (``[action, body]``): whole control trees
(``{"_c": "Text", "value": ...}``) when controls are added, patches of single
properties when they change. A face can reach the browser in four ways, and each
is looked for:

- its code as a word: ``card-QH`` (semantics identifier), ``QH-hand`` (a key), ``"QH"``;
- its spoken name, in German and English: ``Herz Dame``, ``Queen of Hearts``, ``Löwen-Dame``;
- its short written form: ``D♥`` / ``Q♥`` / ``10♠``;
- its picture: a control whose children are the rank index as a Text and the suit as an
  Image (``suits/H.svg``), the way ``app.widgets.card`` and the small Erbe faces draw it.

A Rosenkrieg card is also looked for as the Skat-deck card it stands for (``KL`` as ``KS``).
"""

from __future__ import annotations

import re
import time
from typing import Any, Iterable, Iterator

import msgpack

from core import cards
from core.games import registry

LANGS = ("de", "en")
QUIET = 1.2  # seconds without a frame after which the app is taken to be done drawing
SUIT_SRC = re.compile(r"^suits/([A-Z])\.svg$")
FRENCH_FOR = {"L": "S", "T": "D", "B": "C", "R": "H"}  # as app.widgets.card.FRENCH_FOR


def decode(frame: bytes | str) -> Any:
    """The message in a frame, or None for a frame that carries no controls (a data channel)."""
    if isinstance(frame, str) or not frame or frame[0] != 0:
        return None
    return msgpack.unpackb(frame[1:], strict_map_key=False, raw=False,
                           ext_hook=lambda code, data: data.decode("utf-8", "replace"))


def strings(value: Any) -> Iterator[str]:
    """Every text in a decoded message: values, keys, inside lists and maps."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)


def aliases(card: str) -> list[str]:
    """The card, and for a Rosenkrieg card the Skat-deck card it may be drawn as."""
    return [card, card[0] + FRENCH_FOR[card[1]]] if card[1] in FRENCH_FOR else [card]


def written_forms(card: str) -> set[str]:
    """Every way a face is written: code, spoken names and short forms in both languages."""
    out = set()
    for c in aliases(card):
        out.add(c)
        for lang in LANGS:
            out.add(cards.name(c, lang))
            out.add(cards.index_label(c, lang) + cards.SUIT_SYMBOLS.get(c[1], c[1]))
    return out


class FaceFinder:
    """Finds which of a set of cards show their faces in decoded messages."""

    def __init__(self, secret: Iterable[str]) -> None:
        self.secret = set(secret)
        self.by_form: dict[str, str] = {}
        self.by_picture: dict[tuple[str, str], str] = {}
        for card in self.secret:
            for form in written_forms(card):
                self.by_form[form] = card
            for c in aliases(card):
                for lang in LANGS:
                    self.by_picture[(cards.index_label(c, lang), c[1])] = card
        forms = sorted(self.by_form, key=len, reverse=True)
        # A form counts as a whole word: "QH" in "card-QH" or "QH-hand", never in "AQHX".
        self.pattern = re.compile("(?<![0-9A-Za-zÄÖÜäöüß])(" + "|".join(map(re.escape, forms))
                                  + ")(?![0-9A-Za-zÄÖÜäöüß])") if forms else None

    def find(self, message: Any) -> set[str]:
        """The secret cards whose faces the message shows."""
        found: set[str] = set()
        if self.pattern is not None:
            for text in strings(message):
                for m in self.pattern.finditer(text):
                    found.add(self.by_form[m.group(1)])
        found |= self._pictures(message)
        return found

    def _pictures(self, value: Any) -> set[str]:
        found: set[str] = set()
        if isinstance(value, dict):
            children = value.get("controls")
            if isinstance(children, list):
                ranks = {c.get("value") for c in children if isinstance(c, dict) and c.get("_c") == "Text"}
                suits = {m.group(1) for c in children if isinstance(c, dict) and c.get("_c") == "Image"
                         for m in [SUIT_SRC.match(str(c.get("src", "")))] if m}
                found |= {self.by_picture[(r, s)] for r in ranks for s in suits if (r, s) in self.by_picture}
            for v in value.values():
                found |= self._pictures(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                found |= self._pictures(v)
        return found


class Frames:
    """Every websocket frame the page receives, with the time it arrived."""

    def __init__(self, page) -> None:
        self.got: list[tuple[float, bytes | str]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._add))

    def _add(self, payload) -> None:
        self.got.append((time.monotonic(), payload))

    def mark(self) -> int:
        return len(self.got)

    def quiet(self, since: int, page, ready=lambda messages: True, timeout: float = 60.0) -> bool:
        """Wait until ``ready(messages since)`` and then no frame for ``QUIET`` seconds;
        whether ``ready`` came true in time."""
        deadline = time.monotonic() + timeout
        done, seen = False, since
        while time.monotonic() < deadline:
            page.wait_for_timeout(200)
            if not done and len(self.got) > seen:
                seen = len(self.got)
                done = ready(self.messages(since))
            if done and time.monotonic() - self.got[-1][0] >= QUIET:
                return True
        return done

    def messages(self, since: int) -> list:
        return [m for m in (decode(p) for _t, p in self.got[since:]) if m is not None]


def states_between(record: dict, first_ply: int) -> list[dict]:
    """The states a saved game went through from ``first_ply`` actions to its last."""
    game = registry.get(record["game"])
    state = game.new(len(record["seats"]), record["seed"], record["options"])
    out = []
    for i, action in enumerate(record["actions"]):
        if i >= first_ply:
            out.append(state)
        state = game.apply(state, action).state
    return out + [state]
