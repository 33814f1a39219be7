"""Join codes for a hosted table, and the gate that keeps them from being guessed.

A code is six letters and digits from an alphabet without look-alikes (no 0/O, 1/I/L),
so it can be read aloud and typed on a phone: 31 ** 6 is about 887 million codes. The
gate counts wrong codes per client (its network address): after ``FREE_TRIES`` wrong
codes within ``WINDOW`` seconds the client waits ``FIRST_WAIT`` seconds, and every wrong
code soon after a wait doubles the next one, up to ``MOST_WAIT``. A code lives as long as its table is hosted; closing the table ends it.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6
FREE_TRIES = 5
WINDOW = 60.0
FIRST_WAIT = 30.0
MOST_WAIT = 600.0
SEPARATORS = " -_.\t"


def new_code(length: int = LENGTH) -> str:
    """A fresh join code from the operating system's randomness."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def spaced(code: str) -> str:
    """The code as it is shown to be read out: ``ABC 234``."""
    return f"{code[:3]} {code[3:]}"


def normalise(typed: str) -> str:
    """What a person typed, as a code: upper case, with spaces and dashes dropped."""
    return "".join(ch for ch in str(typed) if ch not in SEPARATORS).upper()


class GateClosed(Exception):
    """Too many wrong codes from one client: ``wait`` seconds before it may try again."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"too many wrong join codes; try again in {round(wait)} s")
        self.wait = wait


@dataclass
class _Tries:
    wrong: list[float] = field(default_factory=list)  # times of the wrong codes in the window
    closed_until: float = 0.0
    wait: float = 0.0  # the last wait given, doubled for the next


class Gate:
    """Checks typed codes against the table's code, per client, with a growing wait."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.open = True
        self._tries: dict[str, _Tries] = {}

    def close(self) -> None:
        """The table is no longer hosted (or the game is over): no code opens it any more."""
        self.open = False

    def check(self, client: str, typed: str, now: float) -> bool:
        """Whether ``typed`` is the table's code.

        :raises GateClosed: when the client tried too many wrong codes lately; the try
            is not even compared then (and does not count).
        """
        tries = self._tries.setdefault(client, _Tries())
        if now < tries.closed_until:
            raise GateClosed(tries.closed_until - now)
        right = self.open and hmac.compare_digest(normalise(typed).encode(), self.code.encode())
        if right:
            self._tries.pop(client, None)
            return True
        # A client that was made to wait and guesses wrong again soon after waits twice as
        # long; one that stayed quiet for MOST_WAIT after its wait starts afresh.
        again = tries.wait and now - tries.closed_until < MOST_WAIT
        tries.wrong = [t for t in tries.wrong if now - t < WINDOW] + [now]
        if again or len(tries.wrong) > FREE_TRIES:
            tries.wait = min(MOST_WAIT, tries.wait * 2 if again else FIRST_WAIT)
            tries.closed_until = now + tries.wait
        return False
