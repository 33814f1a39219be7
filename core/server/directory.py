"""The server's directory: accounts, sign-in with passwords, sessions that expire, circles,
their members and invitations by code.

Every refusal is a ``StoreError`` whose key the screens translate. A stranger learns nothing:
a wrong name and a wrong password are one answer that takes as long, a circle one does not
belong to and a circle that does not exist are one answer, and an invitation that is wrong,
used or expired is one answer. Wrong passwords slow further tries at that name and from that
network address, on every server process alike (``core.server.throttle``).
"""

from __future__ import annotations

import re
import secrets
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable

from sqlalchemy import delete, insert, inspect, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from core.host import codes
from core.server import circles as places
from core.server.accounts import Account, SignIn, account_of_row, digest, fold
from core.server import tables as t
from core.server import throttle
from core.server.password_changes import PasswordChanges
from core.server.passwords import Passwords
from core.store.errors import StoreError
from core.store.location import build_engine, resolve_location, setup_transaction, target_of
from core.store.transactions import Transactions, reason

SESSION_DAYS = 30
INVITATION_DAYS = 7
INVITATION_LENGTH = 8  # letters and digits without look-alikes: 31 ** 8, about 850 billion
_LOGIN = re.compile(r"^[\w.@+-]{3,64}$")
DAY = 86400.0


@dataclass(frozen=True)
class Circle:
    id: int
    name: str
    store_key: str
    role: str  # the asking account's: "owner" or "member"


@dataclass(frozen=True)
class Member:
    account_id: int
    name: str
    role: str
    joined_at: float


@dataclass(frozen=True)
class Invitation:
    code: str  # shown once, to be passed on; only its hash is stored
    circle_id: int
    expires_at: float


_NO_CIRCLE = "there is no such circle, or you are not one of its members"


class Directory(PasswordChanges):
    """The directory in one database; open it with ``Directory.open``."""

    def __init__(self, transactions: Transactions, location: str, passwords: Passwords,
                 clock: Callable[[], float]) -> None:
        self._db = transactions
        self.instance: str = transactions.read(
            lambda s: s.execute(select(t.schema.c.instance)).scalar_one())
        self.location = location
        self._passwords = passwords
        self._clock = clock

    @classmethod
    def open(cls, location: str | None = None, *, passwords: Passwords | None = None,
             clock: Callable[[], float] | None = None) -> Directory:
        """Open (or create) the directory's tables in the database at a path or URL.

        :raises StoreError: when the database cannot be used, or a newer server wrote it.
        """
        where = resolve_location(location)
        engine = build_engine(target_of(where))
        db = Transactions(engine)
        try:
            with setup_transaction(engine, "directory") as conn, Session(bind=conn) as s:
                _prepare(s)
                s.flush()
        except SQLAlchemyError as exc:
            db.close()
            raise StoreError(f"the data could not be saved: {reason(exc)}", "db_failed") from exc
        except BaseException:
            db.close()
            raise
        return cls(db, where, passwords or Passwords(), clock or time.time)

    @property
    def transactions(self) -> Transactions:
        """The directory's database, for what keeps its own tables beside it (the seats)."""
        return self._db

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Directory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- accounts and signing in -----------------------------------------------------

    def register(self, login: str, name: str, password: str) -> Account:
        """A new account.

        :raises StoreError: ``login_invalid``, ``account_name_invalid``, ``password_weak`` or
            ``login_taken``.
        """
        folded = fold(login)
        if not _LOGIN.match(folded):
            raise StoreError("a login name has 3 to 64 letters, digits or . @ + - _",
                             "login_invalid")
        shown = " ".join(str(name).split())
        if not 1 <= len(shown) <= 40:
            raise StoreError("a name has 1 to 40 characters", "account_name_invalid")
        hashed = self._passwords.hash(password)
        now = self._clock()

        def add(s: Session) -> Account:
            if s.execute(select(t.accounts.c.id).where(t.accounts.c.login == folded)).first():
                raise StoreError(f"the login name {folded!r} is taken", "login_taken")
            done = s.execute(insert(t.accounts).values(login=folded, name=shown,
                                                       password_hash=hashed, created_at=now))
            return Account(done.inserted_primary_key[0], folded, shown, now)

        return self._db.write(add)

    def sign_in(self, login: str, password: str, address: str | None = None) -> SignIn:
        """A new session for the account, when the password is right.

        ``address`` is the network address the try comes from (None: unknown).

        :raises StoreError: ``sign_in_wait`` (params ``wait``, seconds) while wrong passwords
            at this name or from this address make it wait, without checking this one;
            ``sign_in_failed`` (params ``wait``: what the next try must wait) for a wrong name
            or password.
        """
        folded, now = fold(login), self._clock()
        account = self._checked(folded, password, address, now)
        token = secrets.token_urlsafe(32)
        expires = now + SESSION_DAYS * DAY
        rehash = self._passwords.hash(password) if self._passwords.outdated(
            account.password_hash) else None

        def open_session(s: Session) -> None:
            throttle.right_password(s, folded)
            s.execute(delete(t.sessions).where(t.sessions.c.account_id == account.id,
                                               t.sessions.c.expires_at <= now))
            s.execute(insert(t.sessions).values(token_hash=digest(token), account_id=account.id,
                                                created_at=now, expires_at=expires))
            if rehash:
                s.execute(update(t.accounts).where(t.accounts.c.id == account.id)
                          .values(password_hash=rehash))

        self._db.write(open_session)
        return SignIn(token, account_of_row(account), expires)

    def _checked(self, folded: str, password: str, address: str | None, now: float) -> Any:
        """The account row at ``folded`` when ``password`` is its own (see ``sign_in``)."""
        rows = throttle.counted(folded, address)

        def look(s: Session) -> tuple[Any, float]:
            row = s.execute(select(t.accounts).where(t.accounts.c.login == folded)).first()
            return row, throttle.blocked_until(s, rows)

        account, blocked_until = self._db.read(look)
        if blocked_until > now:
            raise StoreError(f"too many wrong passwords: try again in {blocked_until - now:.0f} s",
                             "sign_in_wait", wait=blocked_until - now)
        # The password is checked outside any transaction: Argon2 takes its time on purpose.
        if not self._passwords.matches(account.password_hash if account else None, password):
            wait = self._db.write(lambda s: throttle.count_failure(s, rows, now))
            raise StoreError("the login name or the password is wrong", "sign_in_failed",
                             wait=wait)
        return account

    def account_of(self, token: str) -> Account:
        """The account a session token belongs to.

        :raises StoreError: ``session_expired`` for a token that is unknown, signed out or old.
        """
        now = self._clock()

        def find(s: Session) -> Any:
            return s.execute(select(t.accounts).join(t.sessions)
                             .where(t.sessions.c.token_hash == digest(str(token)),
                                    t.sessions.c.expires_at > now)).first()

        row = self._db.read(find)
        if row is None:
            raise StoreError("the session has ended: sign in again", "session_expired")
        return account_of_row(row)

    def sign_out(self, token: str) -> None:
        """End a session (an unknown token is fine: it has ended already)."""
        self._db.write(lambda s: s.execute(
            delete(t.sessions).where(t.sessions.c.token_hash == digest(str(token)))))

    # --- circles -----------------------------------------------------------------------

    def create_circle(self, account_id: int, name: str) -> Circle:
        """A new circle with the account as its owner, and an empty store for its records.

        :raises StoreError: ``circle_name_invalid`` for an empty or too long name.
        """
        shown = " ".join(str(name).split())
        if not 1 <= len(shown) <= 60:
            raise StoreError("a circle's name has 1 to 60 characters", "circle_name_invalid")
        key, now = f"circle_{uuid.uuid4().hex[:16]}", self._clock()

        def add(s: Session) -> Circle:
            done = s.execute(insert(t.circles).values(name=shown, store_key=key, created_at=now))
            circle_id = done.inserted_primary_key[0]
            s.execute(insert(t.members).values(circle_id=circle_id, account_id=account_id,
                                               role="owner", joined_at=now))
            places.make_room(s, key)
            return Circle(circle_id, shown, key, "owner")

        return self._db.write(add)

    def circles_of(self, account_id: int) -> list[Circle]:
        """The circles an account belongs to, by name."""
        def find(s: Session) -> list[Circle]:
            rows = s.execute(select(t.circles, t.members.c.role).join(t.members)
                             .where(t.members.c.account_id == account_id)).all()
            return sorted((Circle(r.id, r.name, r.store_key, r.role) for r in rows),
                          key=lambda c: (c.name.casefold(), c.id))

        return self._db.read(find)

    def circle(self, account_id: int, circle_id: int) -> Circle:
        """One of the account's circles.

        :raises StoreError: ``circle_unknown`` when it does not exist or the account is not a
            member (one answer for both).
        """
        for circle in self.circles_of(account_id):
            if circle.id == circle_id:
                return circle
        raise StoreError(_NO_CIRCLE, "circle_unknown")

    def circle_location(self, account_id: int, circle_id: int) -> str:
        """Where the records of one of the account's circles are kept, for ``Store.open``.

        :raises StoreError: ``circle_unknown`` as ``circle``.
        """
        return places.circle_location(self.location, self.circle(account_id, circle_id).store_key)

    def members(self, account_id: int, circle_id: int) -> list[Member]:
        """The members of one of the account's circles, the owner first, then by name.

        :raises StoreError: ``circle_unknown`` as ``circle``.
        """
        self.circle(account_id, circle_id)

        def find(s: Session) -> list[Member]:
            rows = s.execute(select(t.members, t.accounts.c.name).join(t.accounts)
                             .where(t.members.c.circle_id == circle_id)).all()
            found = [Member(r.account_id, r.name, r.role, r.joined_at) for r in rows]
            return sorted(found, key=lambda m: (m.role != "owner", m.name.casefold(), m.account_id))

        return self._db.read(find)

    def invite(self, account_id: int, circle_id: int) -> Invitation:
        """A code that lets one person join one of the account's circles within a week.

        :raises StoreError: ``circle_unknown`` as ``circle``.
        """
        self.circle(account_id, circle_id)
        code, now = codes.new_code(INVITATION_LENGTH), self._clock()
        expires = now + INVITATION_DAYS * DAY
        self._db.write(lambda s: s.execute(insert(t.invitations).values(
            code_hash=digest(code), circle_id=circle_id, created_by=account_id, created_at=now,
            expires_at=expires)))
        return Invitation(code, circle_id, expires)

    def join(self, account_id: int, typed_code: str) -> Circle:
        """Join the circle an invitation code is for; the code is used up.

        :raises StoreError: ``invitation_invalid`` for a code that is wrong, used or expired
            (one answer for all three), ``circle_member`` when the account is a member already.
        """
        code_hash, now = digest(codes.normalise(typed_code)), self._clock()

        def use(s: Session) -> Circle:
            found = s.execute(select(t.invitations).where(
                t.invitations.c.code_hash == code_hash, t.invitations.c.used_by.is_(None),
                t.invitations.c.expires_at > now)).first()
            if found is None:
                raise StoreError("this invitation code is wrong, used or expired",
                                 "invitation_invalid")
            if s.execute(select(t.members.c.role).where(
                    t.members.c.circle_id == found.circle_id,
                    t.members.c.account_id == account_id)).first():
                raise StoreError("you are a member of this circle already", "circle_member")
            s.execute(update(t.invitations).where(t.invitations.c.code_hash == code_hash)
                      .values(used_by=account_id, used_at=now))
            s.execute(insert(t.members).values(circle_id=found.circle_id, account_id=account_id,
                                               role="member", joined_at=now))
            circle = s.execute(select(t.circles).where(t.circles.c.id == found.circle_id)).one()
            return Circle(circle.id, circle.name, circle.store_key, "member")

        return self._db.write(use)


def _prepare(s: Session) -> None:
    conn = s.connection()
    if "server_schema" not in inspect(conn).get_table_names():
        t.metadata.create_all(conn)
        conn.execute(insert(t.schema).values(id=1, version=t.DIRECTORY_VERSION,
                                             instance=uuid.uuid4().hex))
        return
    version = conn.execute(select(t.schema.c.version).where(t.schema.c.id == 1)).scalar()
    if not isinstance(version, int) or version > t.DIRECTORY_VERSION:
        raise StoreError(f"the server's directory has version {version!r}; this Hofstaat reads "
                         f"up to {t.DIRECTORY_VERSION}: update it", "directory_newer")
