"""Wrong passwords slow further tries: at one login name, and from one network address.

The counts are rows of the directory's database (``server_failures``), so every server process
sees the same ones. Each rule lets a few wrong passwords in a row go free; after those, every
further try waits, twice as long each time, up to a quarter of an hour.

- At a login name (whether an account has it or not, so trying names tells nothing): three
  free; the right password starts the count afresh, and so does a day without a wrong one.
- From an address (a guesser going through many names): twenty free, as a club behind one
  Wi-Fi mistypes now and then. The right password does not clear it (a guesser with an
  account of their own would clear it between guesses); an hour without a wrong one does.
  Behind a reverse proxy the address is the member's only when the server trusts the proxy's
  ``X-Forwarded-For`` (``hofstaat serve --proxy``); otherwise every member would share the
  proxy's, and a stranger's guesses would slow everybody's sign-in.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update
from sqlmodel import Session

from core.server import tables as t

FIRST_WAIT = 1.0  # seconds; doubles with every further wrong password
MOST_WAIT = 900.0
HOUR = 3600.0


@dataclass(frozen=True)
class Rule:
    free: int  # wrong passwords in a row before each further try has to wait
    forget: float  # seconds without a wrong password that start the count afresh

    def wait_after(self, count: int) -> float:
        """Seconds the next try must wait after ``count`` wrong passwords in a row."""
        if count <= self.free:
            return 0.0
        return min(FIRST_WAIT * 2 ** (count - self.free - 1), MOST_WAIT)


AT_LOGIN = Rule(free=3, forget=24 * HOUR)
FROM_ADDRESS = Rule(free=20, forget=HOUR)


def counted(login: str, address: str | None) -> list[tuple[str, Rule]]:
    """The rows a try at the folded ``login`` from ``address`` (None: unknown) is counted in.

    An address's row is named in capitals, which a folded login never holds: no login name
    typed can reach an address's count."""
    rows = [(login, AT_LOGIN)]
    if address:
        rows.append((f"ADDRESS {address}", FROM_ADDRESS))
    return rows


def blocked_until(s: Session, rows: list[tuple[str, Rule]]) -> float:
    """When the latest wait of these rows ends (0.0: none)."""
    found = s.execute(select(t.failures.c.blocked_until)
                      .where(t.failures.c.login.in_([key for key, _rule in rows]))).scalars()
    return max(found, default=0.0)


def count_failure(s: Session, rows: list[tuple[str, Rule]], now: float) -> float:
    """Count a wrong password in every row; the wait the next try must keep."""
    wait = 0.0
    for key, rule in rows:
        row = s.execute(select(t.failures).where(t.failures.c.login == key)).first()
        count = 1 if row is None or now - row.last_at > rule.forget else row.count + 1
        row_wait = rule.wait_after(count)
        values = {"count": count, "last_at": now, "blocked_until": now + row_wait}
        if row is None:
            s.execute(insert(t.failures).values(login=key, **values))
        else:
            s.execute(update(t.failures).where(t.failures.c.login == key).values(**values))
        wait = max(wait, row_wait)
    return wait


def right_password(s: Session, login: str) -> None:
    """The login's count starts afresh (an address's does not: see above)."""
    s.execute(delete(t.failures).where(t.failures.c.login == login))
