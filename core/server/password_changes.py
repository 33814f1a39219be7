"""A member's new password: changed by the member (who knows the old one), or set by whoever
runs the server for a member who forgot theirs (``hofstaat serve --set-password``).

Part of ``Directory`` (a base class of it): the same database, password hashing, clock and
wrong-password counts as signing in.
"""

from __future__ import annotations

from typing import Any, Callable

from sqlalchemy import delete, select, update
from sqlmodel import Session

from core.server import tables as t
from core.server import throttle
from core.server.accounts import Account, account_of_row, digest, fold
from core.store.errors import StoreError


class PasswordChanges:
    # What it uses of ``Directory``.
    _db: Any
    _passwords: Any
    _clock: Callable[[], float]
    account_of: Callable[[str], Account]
    _checked: Callable[[str, str, str | None, float], Any]

    def change_password(self, token: str, old: str, new: str, address: str | None = None) -> None:
        """The member's own change: ``old`` is checked as at sign-in (a wrong one counts, and
        waits, as there); every other session of the account ends, this one goes on.

        :raises StoreError: ``session_expired``; ``password_wrong`` (params ``wait``) for a
            wrong old password; ``sign_in_wait``; ``password_weak``.
        """
        account = self.account_of(token)
        try:
            self._checked(account.login, old, address, self._clock())
        except StoreError as exc:
            if exc.key != "sign_in_failed":
                raise
            raise StoreError("the old password is wrong", "password_wrong",
                             wait=exc.params["wait"]) from None
        hashed = self._passwords.hash(new)
        self._db.write(lambda s: _replace(s, account.id, account.login, hashed,
                                          keep=digest(str(token))))

    def set_password(self, login: str, password: str) -> Account:
        """A new password for the account at ``login``: every session of the account ends (a
        device signed in with the old one signs in again), and the wrong passwords counted
        at the name are forgotten.

        :raises StoreError: ``password_weak``, or ``account_unknown`` when no account has it.
        """
        folded = fold(login)
        hashed = self._passwords.hash(password)

        def store(s: Session) -> Account:
            row = s.execute(select(t.accounts).where(t.accounts.c.login == folded)).first()
            if row is None:
                raise StoreError(f"no account has the login name {folded!r}", "account_unknown")
            _replace(s, row.id, folded, hashed)
            return account_of_row(row)

        return self._db.write(store)


def _replace(s: Session, account_id: int, login: str, hashed: str, keep: str | None = None) -> None:
    """Store the new hash; end the account's sessions but the one whose token hash is ``keep``."""
    s.execute(update(t.accounts).where(t.accounts.c.id == account_id).values(password_hash=hashed))
    ending = delete(t.sessions).where(t.sessions.c.account_id == account_id)
    if keep is not None:
        ending = ending.where(t.sessions.c.token_hash != keep)
    s.execute(ending)
    throttle.right_password(s, login)
