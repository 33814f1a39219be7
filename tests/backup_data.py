"""Databases with a bit of everything, for the backup tests."""

from __future__ import annotations

import itertools
import json

from core.store import Store


class Clock:
    """A clock that moves one second per reading, from ``start``."""

    def __init__(self, start: float = 1_000.0) -> None:
        self.ticks = itertools.count(start)

    def __call__(self) -> float:
        return float(next(self.ticks))


def open_store(start: float = 1_000.0, location: str = "sqlite:///:memory:") -> Store:
    return Store.open(location, clock=Clock(start))


def seat(name, profile=None, kind="human", level=None):
    return {"kind": kind, "name": name, "profile_id": None if profile is None else profile.id,
            "level": level}


def record(seats, actions=(), seed=7, **extra):
    """A game record shaped like ``GameSession.record()``."""
    rec = {"id": None, "game": "thronfolge", "options": {"short": True}, "seed": seed,
           "players": len(seats), "seats": seats, "actions": list(actions),
           "state": {"players": len(seats), "ply": len(actions), "note": "Königin ♥"},
           "over": False, "result": None, "undos": 0, "hints": 0, "meta": {"mode": "hot-seat"}}
    rec.update(extra)
    return rec


def finish(rec, scores, winners):
    return dict(rec, over=True, result={"scores": scores, "winners": winners, "reason": "done"})


def fill(store: Store, tag: str) -> dict[str, int]:
    """Players, a finished, a running, a resigned and an archived game, and settings.

    ``tag`` makes names and seeds differ between two databases filled this way.
    """
    anna = store.create_profile(f"Anna {tag}")
    bot = store.create_profile(f"Berta {tag}", "bot", "hard")
    gone = store.create_profile(f"Carl {tag}")
    store.archive_profile(gone.id)
    store.create_profile(f"Dora {tag}")  # never played
    two = [seat(anna.name, anna), seat(bot.name, bot, "bot", "hard")]
    done = store.save_game(finish(record(two, ["d1", "p TS"], seed=len(tag) * 10 + 1),
                                  [7, 3.5], [0]))
    running = store.save_game(record(two, ["d1"], seed=len(tag) * 10 + 2, undos=1))
    quitter = store.save_game(record([seat(anna.name, anna), seat("Guest")], ["d1"],
                                     seed=len(tag) * 10 + 3))
    store.resign_game(quitter, 1)
    hidden = store.save_game(record([seat("Solo")], [], seed=len(tag) * 10 + 4))
    store.set_game_archived(hidden)
    store.set_setting(f"ui_theme_{tag}", "dark")
    store.set_setting("ui_guides_seen", ["thronfolge"])
    return {"anna": anna.id, "bot": bot.id, "done": done, "running": running,
            "quitter": quitter, "hidden": hidden}


def parts(text: str) -> dict:
    return json.loads(text)


def ids(text: str, kind: str) -> set[str]:
    return {r["id"] if kind != "settings" else r["key"] for r in parts(text)[kind]}
