"""Computer players. Every game has ``random``; each game's ``bots`` module adds its levels.

A bot sees only ``game.view(state, seat)`` and the list of legal actions. What the games'
searching bots share lives beside this module: ``budget`` (time or node budgets),
``worlds`` (dealing the unseen cards consistently with a view) and ``race`` (comparing
candidate moves over the same sampled worlds).
"""

from __future__ import annotations

import importlib
import random
import zlib
from abc import ABC, abstractmethod

from core.bots.budget import Budget
from core.errors import UnknownLevel
from core.games import registry
from core.games.base import Action, Game, State

LEVELS = ("random", "easy", "normal", "hard")


class Bot(ABC):
    """A computer player of one level for one game."""

    level: str = "random"

    def __init__(self, game: Game, budget_ms: float | None = None, nodes: int | None = None) -> None:
        self.game = game
        self.budget_ms = budget_ms
        self.nodes = nodes

    def budget(self, default_ms: float) -> Budget:
        """The search budget of one decision: ``nodes`` of the bot's own units when set, else
        ``budget_ms`` (``default_ms`` when None) of wall time. Bots that do not search ignore both.

        :raises ValueError: for a node count that is not a positive whole number.
        """
        if self.nodes is not None:
            return Budget(nodes=self.nodes)
        return Budget(ms=default_ms if self.budget_ms is None else self.budget_ms)

    @abstractmethod
    def choose(self, view: State, legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` knowing only ``view``."""

    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        """Like ``choose``, with a one-line reason for hints (English; the UI may translate)."""
        return self.choose(view, legal, rng), ""


class ReasoningBot(Bot):
    """A bot that always has a reason: ``explain`` decides, ``choose`` keeps only the action."""

    def choose(self, view: State, legal: list[Action], rng: random.Random) -> Action:
        return self.explain(view, legal, rng)[0]

    @abstractmethod
    def explain(self, view: State, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
        """The action and a one-line reason for it."""


class RandomBot(Bot):
    """Plays a uniformly random legal action; works for every game."""

    level = "random"

    def choose(self, view: State, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def levels(game_name: str) -> list[str]:
    """The levels available for a game, weakest first."""
    extra = _game_bots(game_name)
    return [lv for lv in LEVELS if lv == "random" or lv in extra]


def _game_bots(game_name: str) -> dict[str, type[Bot]]:
    """The ``BOTS`` of a game's ``bots`` module: level -> Bot subclass (none without one)."""
    package = registry.package(game_name)
    if package is None:
        return {}
    module = f"{package}.bots"
    try:
        return dict(importlib.import_module(module).BOTS)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            return {}
        raise


def make_bot(game: Game | str, level: str, budget_ms: float | None = None, nodes: int | None = None) -> Bot:
    """A bot of ``level`` for ``game``; a searching bot thinks for ``budget_ms`` (None: its own
    default) or, when ``nodes`` is given, for that many of its own units, whatever the clock says.

    :raises UnknownLevel: when the game has no such level.
    :raises ValueError: for a node count that is not a positive whole number.
    """
    if nodes is not None:
        Budget(nodes=nodes)  # refuse a bad count now, not at the first decision
    g = registry.get(game) if isinstance(game, str) else game
    if level == "random":
        return RandomBot(g, budget_ms, nodes)
    bots = _game_bots(g.name)
    if level not in bots:
        have = ", ".join(levels(g.name))
        raise UnknownLevel(f"{g.name} has no bot level {level!r} (levels: {have})")
    return bots[level](g, budget_ms, nodes)


def bot_rng(state: State, salt: str = "") -> random.Random:
    """A bot's RNG, fixed by the game's seed and the move number, so choices reproduce."""
    # An integer seed: seeding from a string hashes it with SHA-512, which showed up
    # as a quarter of a random self-play run.
    mixed = (state["seed"] * 0x9E3779B1 + state["ply"] * 0x85EBCA77 + zlib.crc32(salt.encode()))
    return random.Random(mixed & 0xFFFF_FFFF_FFFF)


def decide(game: Game, state: State, bot: Bot, rng: random.Random | None = None) -> Action:
    """The bot's action for the seat to move, decided from that seat's view only."""
    seat = state["to_move"]
    legal = game.legal_actions(state)
    return bot.choose(game.view(state, seat), legal, rng or bot_rng(state, bot.level))
