"""Saved games at the moments the layout test looks at: every table at the person's turn, the
sheets between rounds and Partien, the ends of games, and a finished dynasty for money.

Positions are reached by seeded computer play (easy bots, fast) in a game whose seat 0 is a
computer too, then replayed in a game where seat 0 is the person and saved once; the
statistics, ratings and ledger screens then have something to show.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from app.state import AppState
from core.bots import make_bot
from core.games import kings_corner as kc
from core.games import rosenkrieg as rk
from core.session import GameSession, Seat

PERSON = "Clara"
STAKE = {"cents": 10, "currency": "EUR"}


def easy_move(s: GameSession, rng: random.Random) -> Any:
    seat = s.state["to_move"]
    bot = make_bot(s.game, "easy")
    return bot.choose(s.game.view(s.state, seat), s.game.legal_actions(s.state), rng)


def person(store) -> Seat:
    profile = next((p for p in store.list_profiles() if p.name == PERSON), None) or store.create_profile(PERSON)
    return Seat("human", PERSON, profile.id)


def reach(store, game: str, levels: list[str], options: dict[str, Any], at: Callable[[GameSession], bool],
          choose: Callable[[GameSession, random.Random], Any] | None = None, meta: dict[str, Any] | None = None,
          seeds: range = range(1, 300), max_moves: int = 3000) -> GameSession:
    """The first seeded game that reaches ``at`` (seat 0 played by ``choose`` or an easy bot), saved
    with the person in seat 0 and computers of ``levels`` in the others."""
    state = AppState(store, "en")
    others = [state.bot_seat(level) for level in levels]
    for seed in seeds:
        rng = random.Random(seed)
        s = GameSession.start(game, [Seat("bot", "Computer", None, "easy")] + others, seed=seed, options=options)
        for _ in range(max_moves):
            if at(s):
                saved = GameSession.start(game, [person(store)] + others, seed=seed, options=options,
                                          saver=store, meta=meta)
                saved.saver = None  # one save at the end, not one per move
                for action in s.actions:
                    saved.apply(action)
                saved.meta.update(s.meta)
                saved.saver = store
                saved.save()
                return saved
            if s.over:
                break
            mover = s.state["to_move"]
            s.apply(choose(s, rng) if choose is not None and mover == 0 else easy_move(s, rng))
    raise AssertionError(f"no {game} deal reaches the position wanted")


def rk_will(s: GameSession, rng: random.Random) -> Any:
    """Seat 0 always wants to be Potentat; its other moves are an easy bot's."""
    if s.state["phase"] == "declare":
        return rk.WILL
    return easy_move(s, rng)


@dataclass
class Games:
    """The saved games' ids, by what they show."""

    thronfolge: int
    thronfolge_over: int
    spies: int
    spies_over: int
    kings2: int
    kings5: int
    kings5_start: int
    kings_board: int
    kings_round_sheet: int
    kings_over: int
    rk3_declare: int
    rk3_lay: int
    rk4_lay: int
    rk4_trick: int
    rk_sheet: int
    rk_over: int


def mine(s: GameSession) -> bool:
    return not s.over and s.state["to_move"] == 0


def prepare(store) -> Games:
    store.set_setting("ui_animation_speed", "off")  # still tables: nothing moves while measured

    def kings_open(s: GameSession) -> bool:  # the person to play with all four corners taken
        return mine(s) and s.state["phase"] == "play" and all(s.state["piles"][c] for c in kc.CORNERS)

    def first_trick(s: GameSession) -> bool:  # the person to play into a trick two cards long
        return mine(s) and s.state["phase"] == "play" and len(s.state["trick"]["cards"]) >= 2

    return Games(
        thronfolge=reach(store, "thronfolge", ["normal"], {}, lambda s: mine(s) and len(s.actions) >= 6).game_id,
        thronfolge_over=reach(store, "thronfolge", ["normal"], {}, lambda s: s.over).game_id,
        spies=reach(store, "deck-of-spies", [], {}, lambda s: mine(s) and len(s.actions) >= 3).game_id,
        spies_over=reach(store, "deck-of-spies", [], {}, lambda s: s.over).game_id,
        kings2=reach(store, "kings-corner", ["normal"], {}, lambda s: mine(s) and s.state["phase"] == "play").game_id,
        kings5=reach(store, "kings-corner", ["normal"] * 4, {}, kings_open).game_id,
        kings5_start=reach(store, "kings-corner", ["normal"] * 4, {}, mine).game_id,
        kings_board=reach(store, "kings-corner", ["normal", "normal"], {"target": 25},
                          lambda s: mine(s) and len(s.state["rounds"]) == 1 and s.state["phase"] == "play",
                          meta={"round_seen": 1}).game_id,
        kings_round_sheet=reach(store, "kings-corner", ["normal", "normal"], {"target": 25},
                                lambda s: len(s.state["rounds"]) == 1 and not s.over).game_id,
        kings_over=reach(store, "kings-corner", ["normal"] * 2, {}, lambda s: s.over).game_id,
        rk3_declare=reach(store, "rosenkrieg", ["normal"] * 2, {"partien": 2},
                          lambda s: mine(s) and s.state["phase"] == "declare").game_id,
        rk3_lay=reach(store, "rosenkrieg", ["normal"] * 2, {"partien": 2},
                      lambda s: mine(s) and s.state["phase"] == "lay", choose=rk_will).game_id,
        rk4_lay=reach(store, "rosenkrieg", ["normal"] * 3, {"partien": 2},
                      lambda s: mine(s) and s.state["phase"] == "lay", choose=rk_will).game_id,
        rk4_trick=reach(store, "rosenkrieg", ["normal"] * 3, {"partien": 2}, first_trick).game_id,
        rk_sheet=reach(store, "rosenkrieg", ["normal"] * 3, {"partien": 2},
                       lambda s: len(s.state["partien"]) == 1 and not s.state["tricks"] and not s.over).game_id,
        rk_over=reach(store, "rosenkrieg", ["normal"] * 3, {"partien": 1}, lambda s: s.over,
                      meta={"stake": STAKE}).game_id,
    )
