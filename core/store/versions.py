"""The versions of one game on several devices, and which of them counts.

A game is copied to another device by a backup, and both copies may be played on.
Every copy is a version: the game's seats, its moves (``actions``), the state they
lead to, and when it was saved. Versions of one game are ordered by their moves:

- a running version whose moves are the start of another's moves is behind it, and
  the one further along replaces it (the same game, played on elsewhere);
- versions with the same moves are one version: the finished one if either is (a game
  resigned on one device), else the one saved last; the content's digest breaks ties;
- versions where neither's moves start the other's are a fork: the game was played on
  differently. All of them are kept (``leaves``) and shown; exactly one counts
  (``counted``): the one a person chose last, else the one that finished first, else,
  while none is finished, the one played last.

A choice belongs to the version chosen, as it was: played on where the choice is known (the
device's game keeps it), it stays chosen; replaced by a version played on elsewhere without
it, the choice goes with the version it was made on. It is not handed on to the versions
ahead (nor to a finished copy of the same moves): a version replaced is gone, so one that
arrived later could not be handed it, and phones that met two continuations of a chosen
version in opposite orders would disagree on which of them counts.

Merging is then the same wherever it happens: the leaves of all versions seen, and the
same one of them counting, whatever order the devices swapped their files in. Versions
here are plain dicts as a backup holds them (``FIELDS``), seats naming profiles by uuid.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable

# What makes one version of a game; ``chosen_at`` is when a person chose it (or None).
FIELDS = ("seats", "actions", "state", "over", "result", "undos", "hints", "meta", "updated_at",
          "finished_at", "chosen_at")
TIMES = ("updated_at", "finished_at", "chosen_at")

Version = dict[str, Any]


def normal(version: Version) -> Version:
    """A version with exactly ``FIELDS``, its times as floats (1 and 1.0 are one time)."""
    out = {k: version.get(k) for k in FIELDS}
    for name in TIMES:
        if out[name] is not None:
            out[name] = float(out[name])
    return out


def digest(version: Version) -> str:
    """A fingerprint of a version's content (not of when it was chosen)."""
    body = {k: v for k, v in normal(version).items() if k != "chosen_at"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def extends(later: Version, earlier: Version) -> bool:
    """Whether ``later`` is ``earlier`` played on: its moves start with all of ``earlier``'s."""
    a, b = earlier["actions"], later["actions"]
    return not earlier["over"] and len(a) < len(b) and b[:len(a)] == a


def _rank(version: Version) -> tuple[bool, float, str]:
    return bool(version["over"]), version["updated_at"], digest(version)


def _latest(*times: float | None) -> float | None:
    known = [t for t in times if t is not None]
    return max(known) if known else None


def leaves(versions: Iterable[Version]) -> list[Version]:
    """The versions no other version is ahead of, by digest; each carries the latest time a
    person chose it (any of its copies)."""
    same: dict[tuple[str, ...], Version] = {}
    for v in map(normal, versions):
        key = tuple(v["actions"])
        if key not in same:
            same[key] = v
            continue
        old = same[key]
        best = v if _rank(v) > _rank(old) else old
        # A finished copy replaces a running one as any version ahead would (and the running
        # one's choice goes with it, see above); copies alike in that share their choices.
        twins = [x for x in (v, old) if x["over"] == best["over"]]
        same[key] = dict(best, chosen_at=_latest(*(x["chosen_at"] for x in twins)))
    found = list(same.values())
    kept = [v for v in found if not any(extends(w, v) for w in found)]
    return sorted(kept, key=digest)


def counted(found: list[Version]) -> Version:
    """The one of a game's leaves that counts (see the module's docstring)."""
    finished = [v for v in found if v["over"]]
    pool = finished or found
    chosen = [v for v in pool if v["chosen_at"] is not None]
    if chosen:
        return max(chosen, key=lambda v: (v["chosen_at"], digest(v)))
    if finished:
        return min(finished, key=lambda v: (v["finished_at"] if v["finished_at"] is not None
                                            else float("inf"), digest(v)))
    return max(found, key=lambda v: (v["updated_at"], digest(v)))


def arrange(versions: Iterable[Version]) -> tuple[Version, list[Version]]:
    """The version that counts and the other leaves (the forks), by digest."""
    found = leaves(versions)
    main = counted(found)
    return main, [v for v in found if v is not main]
