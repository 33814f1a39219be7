"""The player that ``core.store.crash`` kills: random legal games through ``GameSession`` and ``Store``.

It saves the way the app saves (``GameSession.apply`` autosaves into ``Store.save_game``)
and says, one line each (written to a pipe unbuffered), what it is about to do and what is done:

    ready                    the store is open and the game (if any) restored
    new                      about to deal a new game (its first save)
    game ID PLY              a game is dealt and saved, or was resumed, at PLY actions
    go ID PLY [final]        about to apply the action that makes PLY actions; "final": it ends the game
    ok ID PLY                that action is applied and saved

A killed player's successor resumes the newest unfinished game of its scenario.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from core.games import registry
from core.session import GameSession, Seat
from core.store.repository import Store

TAG = "crash"  # the game record's meta key naming the scenario
PEOPLE = ("Anna", "Ben", "Carla")
STAKE = {"cents": 10, "currency": "EUR"}


@dataclass(frozen=True)
class Scenario:
    """One kind of game the player plays: a registered game, or a Rosenkrieg dynasty for money."""

    key: str
    game: str
    players: int
    options: dict[str, Any]
    staked: bool = False


def scenarios() -> list[Scenario]:
    """Every registered game at its default player count, and a short staked Rosenkrieg dynasty."""
    out = [Scenario(name, name, registry.get(name).info.default_players, {})
           for name in registry.names()]
    if "rosenkrieg" in registry.names():
        # One Partie, so a dynasty ends (and is settled into the ledger) within a second.
        out.append(Scenario("rosenkrieg-stake", "rosenkrieg", len(PEOPLE), {"partien": 1}, True))
    return out


def scenario(key: str) -> Scenario:
    """The scenario named ``key``.

    :raises KeyError: for an unknown key.
    """
    for s in scenarios():
        if s.key == key:
            return s
    raise KeyError(f"unknown scenario {key!r} (scenarios: {', '.join(s.key for s in scenarios())})")


def seats_for(store: Store, sc: Scenario) -> list[Seat]:
    """People with profiles on every seat of a staked game, else a person against random bots."""
    if sc.staked:
        known = {p.name: p for p in store.list_profiles()}
        people = [known.get(n) or store.create_profile(n) for n in PEOPLE[:sc.players]]
        return [Seat("human", p.name, profile_id=p.id) for p in people]
    return [Seat("human", "Crash")] + [Seat("bot", f"Random {i}", level="random")
                                       for i in range(1, sc.players)]


def resume(store: Store, sc: Scenario) -> GameSession | None:
    """The newest unfinished game of the scenario, restored with the store as its saver."""
    for summary in store.unfinished_games(limit=None):
        if summary.meta.get(TAG) == sc.key:
            return GameSession.restore(store.load_game(summary.id), saver=store)
    return None


def play(db: str, key: str, seed: int, say: Callable[[str], None]) -> None:
    """Play random games of scenario ``key`` in the database at ``db`` (a SQLite file's path or
    a database server's URL: each player opens its own connections) until killed."""
    sc = scenario(key)
    rng = random.Random(seed)
    store = Store.open(db)
    seats = seats_for(store, sc)
    session = resume(store, sc)
    say("ready")
    if session is not None:
        say(f"game {session.game_id} {len(session.actions)}")
    while True:
        if session is None or session.over:
            say("new")
            meta = {TAG: sc.key, **({"stake": STAKE} if sc.staked else {})}
            session = GameSession.start(sc.game, seats, seed=rng.randrange(2**31),
                                        options=sc.options, saver=store, meta=meta)
            say(f"game {session.game_id} {len(session.actions)}")
        action = rng.choice(session.legal())
        ply = len(session.actions) + 1
        final = session.game.apply(session.state, action).state["over"]
        say(f"go {session.game_id} {ply}{' final' if final else ''}")
        session.apply(action)
        say(f"ok {session.game_id} {ply}")
