"""Settings: keys with any JSON value, read and written inside the caller's transaction."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from core.store.checks import is_storable, json_check
from core.store.errors import StoreError
from core.store.tables import SettingRow


def get(s: Session, key: str, default: Any) -> Any:
    """A setting's JSON value, or ``default`` when it was never set (or set to None)."""
    row = s.get(SettingRow, key)
    return default if row is None or row.value is None else row.value


def put(s: Session, key: str, value: Any) -> None:
    """Store a setting; the value must be JSON (dicts, lists, text, numbers, bools, None).

    :raises StoreError: for an empty key or a value that is not JSON.
    """
    if not isinstance(key, str) or not key or not is_storable(key):
        raise StoreError(f"a setting needs a non-empty text key, not {key!r}", "bad_setting")
    json_check(value, f"setting {key!r}")
    row = s.get(SettingRow, key)
    if row is None:
        s.add(SettingRow(key=key, value=value))
    else:
        row.value = value


def delete(s: Session, key: str) -> None:
    """Forget a setting, so ``get`` returns its default again."""
    row = s.get(SettingRow, key)
    if row is not None:
        s.delete(row)
