"""``hofstaat export FILE`` and ``hofstaat import FILE``: backups from the command line.

Exit status 0 when done, 1 when the database or the file cannot be used (one line on
stderr says why, and nothing was changed), 2 for a malformed command line.

The database file is the user's: one that is not a Hofstaat database (not SQLite,
another application's, damaged) is refused and left exactly as it is, never moved
aside as the app's own start does. ``export`` needs a database to be there; ``import``
may start a new one. A backup file that is the database itself is refused.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

COMMANDS = ("export", "import")
NOUNS = {"profiles": "players", "games": "games", "results": "results", "settings": "settings",
         "dynasties": "dynasties", "ledger": "payments and corrections",
         "merges": "merges of two people"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line on stderr, exit status 2
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(2)


def _parse(argv: list[str]) -> argparse.Namespace:
    command = argv[0]
    p = _Parser(prog=f"hofstaat {command}", description=(
        "Write every player, game (running ones too), result and setting to a backup file."
        if command == "export" else
        "Merge a backup file into the database by id; a bad file changes nothing."))
    p.add_argument("file", metavar="FILE", help="the backup file (JSON)")
    p.add_argument("--db", metavar="PATH_OR_URL", default=None,
                   help="database file or SQLAlchemy URL (default: HOFSTAAT_DB or the user "
                        "data folder)")
    return p.parse_args(argv[1:])


def _nouns(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {NOUNS.get(kind, kind)}" for kind, n in counts.items())


def write_atomically(path: str, text: str) -> None:
    """Write a file whole or not at all (a crash leaves the old file or none).

    :raises OSError: when it cannot be written.
    """
    partial = f"{path}.partial"
    try:
        with open(partial, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(partial, path)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def _say(message: str) -> None:
    """One line on stderr (a message quoting SQLite may hold a line break)."""
    sys.stderr.write("hofstaat: " + " ".join(message.splitlines()) + "\n")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(a) == os.path.realpath(b)


def refusal(command: str, file: str, db_path: str | None) -> str | None:
    """Why ``command`` must not run on the backup ``file`` and the database at ``db_path``.

    ``db_path`` is None for a database that is not a file (a server, memory). None
    when nothing stands in the way.
    """
    if db_path is None:
        return None
    from core.store.files import COMPANIONS

    if any(_same_file(file, db_path + suffix) for suffix in ("",) + COMPANIONS):
        return f"cannot {command} {file}: it is the database file itself; nothing was changed"
    if command == "export":
        if not os.path.exists(db_path):
            return f"cannot export: there is no database at {db_path}; nothing was created"
        if os.path.isfile(db_path) and os.path.getsize(db_path) == 0:
            return f"cannot export: there is no database at {db_path} (the file is empty)"
    return None


def import_summary(report: Any) -> str:
    """One line saying what an import did, in English."""
    added = {k: c["added"] for k, c in report.counts.items() if c["added"]}
    updated = {k: c["updated"] for k, c in report.counts.items() if c["updated"]}
    parts = [f"added {_nouns(added)}" if added else "nothing new"]
    if updated:
        parts.append(f"updated {_nouns(updated)}")
    same, kept = report.total("unchanged"), report.total("kept")
    if same:
        parts.append(f"{same} already here")
    if kept:
        parts.append(f"{kept} kept as they are here")
    return "; ".join(parts)


def run(argv: list[str]) -> int:
    """Run ``export FILE`` or ``import FILE`` (``argv[0]`` names which); return the exit status."""
    args = _parse(argv)
    from core.store import Store, StoreError, backup
    from core.store.location import resolve_location, target_of

    try:
        refused = refusal(argv[0], args.file, target_of(resolve_location(args.db)).path)
        if refused:
            _say(refused)
            return 1
        # The file is the user's: one that is not a Hofstaat database is refused, not moved.
        store = Store.open(args.db, move_damaged=False)
    except StoreError as exc:
        _say(f"cannot open the database: {exc}")
        return 1
    try:
        if store.notice:
            sys.stderr.write(f"hofstaat: {store.notice}\n")
        if argv[0] == "export":
            text = store.export_backup()
            try:
                write_atomically(args.file, text)
            except OSError as exc:
                sys.stderr.write(f"hofstaat: cannot write {args.file}: {exc.strerror or exc}\n")
                return 1
            data = json.loads(text)
            counts = {k.name: len(data[k.name]) for k in backup.KINDS if k.name in data}
            print(f"Exported {_nouns(counts)} to {args.file}")
            return 0
        try:
            with open(args.file, "rb") as f:
                raw = f.read()
        except OSError as exc:
            sys.stderr.write(f"hofstaat: cannot read {args.file}: {exc.strerror or exc}\n")
            return 1
        try:
            report = store.import_backup(raw)
        except StoreError as exc:
            sys.stderr.write(f"hofstaat: cannot import {args.file}: {exc}\n")
            return 1
        print(f"Imported {args.file}: {import_summary(report)}")
        for note in report.notes:
            print(f"  {note}")
        return 0
    finally:
        store.close()
