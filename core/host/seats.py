"""Which phone holds which seat of a hosted table.

A guest who takes a seat gets a secret token (``secrets.token_urlsafe(32)``: 256 random
bits); the table keeps only its SHA-256, so a token can be neither guessed nor read back
from the host. The phone keeps the token in its own storage, never in a URL, and shows it
again when it comes back after sleeping, a reload or a closed tab.

A seat may be kept for a person chosen on the host beforehand (a stake needs to know who owes
whom from the start): the phone that takes it plays as that person, whatever name it types.

A held seat cannot be taken by another phone. That phone may ask for it, and only the
host's consent hands it over; the old token then opens nothing. The host may also free a
seat or give it to the computer, for a phone that is gone.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, replace


class SeatError(Exception):
    """A seat that cannot be taken as asked; ``key`` names why for the guest's language."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True)
class Holder:
    """The phone at a seat, as the host's list shows it."""

    name: str
    connected: bool
    last_seen: float
    profile_id: int | None = None


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class SeatBook:
    """The seats phones may take, who holds each, and requests to take over a held one."""

    def __init__(self, seats: list[int], kept: dict[int, str] | None = None) -> None:
        self._open = sorted(set(seats))
        self.kept = {s: n for s, n in (kept or {}).items() if s in self._open}  # seat -> its person
        self._held: dict[int, tuple[bytes, Holder]] = {}
        self._asks: dict[bytes, tuple[int, str, bool]] = {}  # request digest -> seat, name, granted

    # --- a guest -------------------------------------------------------------------------

    def free(self) -> list[int]:
        """The seats a phone may take now."""
        return [s for s in self._open if s not in self._held]

    def take(self, seat: int, name: str, now: float, profile_id: int | None = None) -> str:
        """Bind a free seat to the asking phone; returns the phone's secret token.

        :raises SeatError: for a seat phones may not take (``seat_unknown``), one another
            phone holds (``seat_taken``) or an empty name (``name_missing``).
        """
        self._check_open(seat)
        if seat in self._held:
            raise SeatError(f"seat {seat} is held by another phone", "seat_taken")
        return self._bind(seat, name, now, profile_id)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds, or None (compared in constant time, every seat alike)."""
        if not token:
            return None
        digest, found = _digest(token), None
        for seat, (held, _) in self._held.items():
            if hmac.compare_digest(held, digest):
                found = seat
        return found

    def come_back(self, token: str | None, now: float) -> int | None:
        """A phone shows its token again (after a reload, sleep or a new tab): its seat, or None."""
        seat = self.seat_of(token)
        if seat is not None:
            digest, holder = self._held[seat]
            self._held[seat] = (digest, replace(holder, connected=True, last_seen=now))
        return seat

    def gone(self, seat: int, now: float) -> None:
        """The phone at ``seat`` lost its connection; the seat stays its own."""
        if seat in self._held:
            digest, holder = self._held[seat]
            self._held[seat] = (digest, replace(holder, connected=False, last_seen=now))

    def ask(self, seat: int, name: str) -> str:
        """Ask to take over a held seat; returns a secret to collect the seat with once the
        host agrees.

        :raises SeatError: ``seat_unknown``, ``seat_free`` (take it instead) or ``name_missing``.
        """
        self._check_open(seat)
        if seat not in self._held:
            raise SeatError(f"seat {seat} is free: take it", "seat_free")
        request = secrets.token_urlsafe(32)
        self._asks[_digest(request)] = (seat, self._name(name, seat), False)
        return request

    def collect(self, request: str, now: float) -> tuple[int, str] | None:
        """The seat and its new token once the host agreed to the request, else None."""
        found = self._asks.get(_digest(request))
        if found is None or not found[2]:
            return None
        del self._asks[_digest(request)]
        seat, name, _ = found
        return seat, self._bind(seat, name, now, None)

    # --- the host ------------------------------------------------------------------------

    def holders(self) -> dict[int, Holder]:
        """Who holds each held seat, for the host's list."""
        return {seat: holder for seat, (_, holder) in sorted(self._held.items())}

    def asks(self) -> list[tuple[int, str]]:
        """Requests waiting for the host: (seat, the asker's name), seat by seat."""
        return sorted((seat, name) for seat, name, granted in self._asks.values() if not granted)

    def agree(self, seat: int) -> bool:
        """Let the waiting request for ``seat`` take it over (the first asked, if several);
        whether there was one."""
        for key, (s, name, granted) in self._asks.items():
            if s == seat and not granted:
                self._asks[key] = (s, name, True)
                return True
        return False

    def release(self, seat: int) -> None:
        """Free a seat: its phone's token opens nothing any more."""
        self._held.pop(seat, None)

    def close(self, seat: int) -> None:
        """No phone may take ``seat`` any more (it goes to the computer or the host)."""
        self.release(seat)
        self._open = [s for s in self._open if s != seat]
        self._asks = {k: v for k, v in self._asks.items() if v[0] != seat}

    # --- kept over a restart of the host -------------------------------------------------

    def record(self) -> dict[str, object]:
        """Which phone holds which seat, as plain data the host keeps on its own device: the
        tokens' digests (never the tokens), names and people. Requests waiting for the host and
        connections are not kept: they belong to the running app."""
        return {"open": list(self._open),
                "held": {str(seat): {"digest": digest.hex(), "name": h.name, "profile_id": h.profile_id}
                         for seat, (digest, h) in sorted(self._held.items())}}

    def restore(self, record: dict[str, object], now: float) -> None:
        """Hold the seats a ``record`` says again, each phone not connected until it comes back
        with its token; a record that does not fit these seats restores nothing of itself.

        :raises SeatError: ``record_bad`` for a record that is not this book's kind of data.
        """
        try:
            held = {int(seat): (bytes.fromhex(str(h["digest"])), Holder(str(h["name"])[:40], False, now,
                                                                      h.get("profile_id")))
                    for seat, h in dict(record.get("held") or {}).items()}
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise SeatError(f"a seat record that cannot be read: {exc}", "record_bad") from None
        if any(len(digest) != 32 for digest, _ in held.values()):
            raise SeatError("a seat record with a digest of the wrong length", "record_bad")
        self._held = {seat: v for seat, v in held.items() if seat in self._open}

    # --- inside --------------------------------------------------------------------------

    def _check_open(self, seat: int) -> None:
        if seat not in self._open:
            raise SeatError(f"seat {seat} is not one a phone may take", "seat_unknown")

    def _name(self, name: str, seat: int) -> str:
        """The name a phone gives, cleaned; a kept seat's person when it gives none."""
        text = " ".join(str(name).split()) or self.kept.get(seat, "")
        if not text:
            raise SeatError("a name is needed", "name_missing")
        return text[:40]

    def _bind(self, seat: int, name: str, now: float, profile_id: int | None) -> str:
        # A kept seat's phone plays as its person, whatever it typed.
        holder = Holder(self.kept.get(seat) or self._name(name, seat), True, now, profile_id)
        token = secrets.token_urlsafe(32)
        self._held[seat] = (_digest(token), holder)
        # A phone holds the seat now: every other request for it is void.
        self._asks = {k: v for k, v in self._asks.items() if v[0] != seat}
        return token
