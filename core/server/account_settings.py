"""A member's own settings on a circle's server, kept in the directory per account.

The app reads and writes its settings through ``get_setting`` / ``set_setting`` /
``delete_setting`` (a store on a device). On a server the circle's store is shared by every
member, so a member's language, theme and guides seen are kept per account instead, and
follow them to every browser they sign in from. They are read once when the app opens and
written at once when changed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlmodel import Session

from core.server import tables as t
from core.store.checks import is_storable
from core.store.errors import StoreError
from core.store.location import dumps_json, loads_json
from core.store.transactions import Transactions

MOST_BYTES = 4096  # a setting's JSON at most: what the app keeps is a word or a short list
C = t.account_settings.c


class AccountSettings:
    """One account's settings, as the app's shell asks for them."""

    def __init__(self, transactions: Transactions, account_id: int) -> None:
        self._db, self._account = transactions, account_id
        rows = self._db.read(lambda s: s.execute(
            select(C.key, C.value).where(C.account_id == account_id)).all())
        # A damaged value reads as None: as if never set.
        self._values: dict[str, Any] = {key: loads_json(raw) for key, raw in rows}

    def get_setting(self, key: str, default: Any = None) -> Any:
        value = self._values.get(key)
        return default if value is None else value

    def set_setting(self, key: str, value: Any) -> None:
        """:raises StoreError: ``bad_setting`` for a key that is not text or a value that is
        not JSON of at most ``MOST_BYTES``."""
        if value is None:
            self.delete_setting(key)
            return
        try:
            raw: str | None = dumps_json(value)
            size = len(raw.encode("utf-8"))
        except (TypeError, ValueError):  # not JSON, or text that is not text (UnicodeEncodeError)
            raw, size = None, 0
        if not isinstance(key, str) or not key or not is_storable(key) or raw is None \
                or size > MOST_BYTES:
            raise StoreError(f"a setting is a text key and a JSON value of at most {MOST_BYTES} "
                             "bytes", "bad_setting")

        def put(s: Session) -> None:
            where = (C.account_id == self._account) & (C.key == key)
            if s.execute(select(C.key).where(where)).first() is None:
                s.execute(insert(t.account_settings).values(account_id=self._account, key=key,
                                                            value=raw))
            else:
                s.execute(update(t.account_settings).where(where).values(value=raw))

        self._db.write(put)
        self._values[key] = loads_json(raw)

    def delete_setting(self, key: str) -> None:
        self._db.write(lambda s: s.execute(delete(t.account_settings).where(
            (C.account_id == self._account) & (C.key == key))))
        self._values.pop(key, None)
