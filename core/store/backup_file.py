"""Reading a backup file and checking all of it before anything is merged.

The file must be UTF-8 JSON with Hofstaat's format marker and a version this code
reads; no value may nest deeper than ``MAX_DEPTH``, hold a number that is not finite or
does not fit 64 bits, and each kind's list is bounded (``Kind.most``). Every record is
checked by its kind (``Kind.check``); the first thing wrong refuses the whole file with
one line naming it (``BackupError``).
"""

from __future__ import annotations

import json
import math
from typing import Any

from core.store import backup
from core.store.checks import is_storable
from core.store.backup import (FORMAT, FORMAT_KEYS, MAX_BYTES, MAX_DEPTH, MAX_INT, Invalid, fail,
                               invalid, version)


def parse(raw: bytes | str) -> dict[str, list[dict[str, Any]]]:
    """Read a backup file and check all of it; return its records by kind.

    :raises BackupError: naming what is wrong: not text or not JSON (``backup_not_json``),
        broken JSON (``backup_damaged``), another app's file (``backup_foreign``), a newer
        format (``backup_newer``) or a record that is wrong (``backup_invalid``).
    """
    if len(raw) > MAX_BYTES:
        raise fail("backup_not_json", "the file is far too large to be a Hofstaat backup")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise fail("backup_not_json", "the file is not a Hofstaat backup "
                        "(it is not text; a backup is a JSON file)") from None
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise fail("backup_damaged", "the file nests its values too deeply to be a Hofstaat "
                    "backup", line=None, column=None) from None
    except _NotANumber as exc:
        raise invalid(f"it holds {exc.args[0]}, which is not a number a backup may hold") \
            from None
    except ValueError as exc:
        line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
        if FORMAT in raw[:4096] or raw.lstrip()[:1] == "{":
            where = f" at line {line}, column {col}" if line else ""
            raise fail("backup_damaged", f"the backup file is damaged: its JSON is broken{where}",
                        line=line, column=col) from None
        raise fail("backup_not_json", "the file is not a Hofstaat backup (it is not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise fail("backup_foreign", "the file is not a Hofstaat backup "
                    "(it is JSON, but from another app)")
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise fail("backup_damaged", f"the backup file is damaged: its version is {found!r}",
                    line=None, column=None)
    if found > version():
        raise fail("backup_newer", f"the backup comes from a newer version of Hofstaat (format "
                    f"{found}; this version reads up to {version()}); update the app to import it",
                    version=found, supported=version())
    _check_values(data)
    return _records(data, found)


class _NotANumber(ValueError):
    """NaN or Infinity, which Python's JSON reader would take but JSON does not allow."""


def _no_constant(name: str) -> Any:
    raise _NotANumber(name)


def _check_values(data: Any) -> None:
    """Refuse values no record holds: nesting deeper than ``MAX_DEPTH``, whole numbers beyond
    64 bits, numbers that are not finite, text with a NUL character (PostgreSQL cannot keep
    one) or half of a UTF-16 pair (not text at all).

    :raises BackupError: saying which.
    """
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise fail("backup_damaged", "the file nests its values too deeply to be a Hofstaat "
                        "backup", line=None, column=None)
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, dict):
            for key in value:
                _check_text(key)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and not -MAX_INT - 1 <= value <= MAX_INT:
            raise invalid(f"it holds the number {str(value)[:20]}…, larger than any record "
                           "holds (at most 19 digits)")
        elif isinstance(value, float) and not math.isfinite(value):
            raise invalid("it holds a number that is not finite")


def _records(data: dict[str, Any], found: int) -> dict[str, list[dict[str, Any]]]:
    kinds = [k for k in backup.KINDS if k.since <= found and (k.until is None or found <= k.until)]
    unknown = sorted(set(data) - set(FORMAT_KEYS) - {k.name for k in kinds})
    if unknown:
        raise invalid(f"it has parts this version does not know: {', '.join(unknown)}")
    records: dict[str, list[dict[str, Any]]] = {}
    for kind in kinds:
        items = data.get(kind.name)
        if not isinstance(items, list):
            raise invalid(f"its list of {kind.name} is missing", kind=kind.name)
        if len(items) > kind.most:
            raise invalid(f"it holds {len(items)} {kind.name}, more than the {kind.most} a "
                           "backup may hold", kind=kind.name)
        seen: set[Any] = set()
        for i, record in enumerate(items):
            try:
                if not isinstance(record, dict):
                    raise Invalid("it is not an object")
                kind.check(record)
            except Invalid as exc:
                raise invalid(f"{kind.name} record {i + 1}: {exc}", kind=kind.name,
                               index=i + 1) from None
            if record[kind.key] in seen:
                raise invalid(f"{kind.name} record {i + 1} repeats the id {record[kind.key]}",
                               kind=kind.name, index=i + 1)
            seen.add(record[kind.key])
        records[kind.name] = items
    for kind in backup.KINDS:
        records.setdefault(kind.name, [])
    return records


def _check_text(text: str) -> None:
    if is_storable(text):
        return
    if "\x00" in text:
        raise invalid("it holds text with a NUL character, which no record holds")
    raise invalid("it holds text that is not valid Unicode (half of a surrogate pair)")
