"""The running game: applies actions, asks bots, keeps undo snapshots and autosaves.

This is the one object the UI talks to. It holds no Flet and no SQL: saving goes
through any object with ``save_game(record) -> int`` (see ``core.store``).
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Protocol

from core.bots import Bot, bot_rng, make_bot
from core.errors import IllegalAction
from core.games import registry
from core.games.base import Action, Event, Game, Outcome, State
from core.saved_checks import check_saved


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person (with a profile) or a computer player of a level."""

    kind: str  # "human" or "bot"
    name: str
    profile_id: int | None = None
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(kind=data["kind"], name=data["name"], profile_id=data.get("profile_id"),
                   level=data.get("level"))


class GameSaver(Protocol):
    def save_game(self, record: dict[str, Any]) -> int:
        """Write the record in one transaction; return the game's id.

        The saved revision becomes the record's ``revision`` plus one; a record that
        extends an older revision than the saved one is refused (raises).
        """


Listener = Callable[["GameSession", list[Event]], None]


@dataclass
class GameSession:
    """One game in progress or finished, with its full action log and undo snapshots."""

    game: Game
    seats: list[Seat]
    state: State
    actions: list[str] = field(default_factory=list)
    snapshots: list[State] = field(default_factory=list)
    game_id: int | None = None
    saver: GameSaver | None = None
    undos: int = 0
    hints: int = 0
    started_at: float = field(default_factory=time.time)
    meta: dict[str, Any] = field(default_factory=dict)
    listeners: list[Listener] = field(default_factory=list, repr=False)
    # The saved revision this copy extends: another copy that saved since makes ours stale.
    revision: int = 0

    # --- creating ---------------------------------------------------------------

    @classmethod
    def start(cls, game_name: str, seats: list[Seat], seed: int | None = None,
              options: dict[str, Any] | None = None, saver: GameSaver | None = None,
              meta: dict[str, Any] | None = None) -> GameSession:
        """Deal a new game and save it at once, so it shows up under "continue".

        :raises BadOption: for a bad seat count or option.
        """
        game = registry.get(game_name)
        state = game.new(len(seats), seed, options)
        session = cls(game, list(seats), state, saver=saver, meta=dict(meta or {}))
        session.save()
        return session

    @classmethod
    def restore(cls, record: dict[str, Any], saver: GameSaver | None = None) -> GameSession:
        """Rebuild a saved game by replaying its actions, so undo works after a restart.

        :raises IllegalAction: when the saved actions no longer replay.
        :raises BadState: when the record is damaged (it could not be saved again).
        """
        game = check_saved(record)
        seats = [Seat.from_json(s) for s in record["seats"]]
        state = game.new(len(seats), record["seed"], record["options"])
        snapshots: list[State] = []
        for i, text in enumerate(record["actions"]):
            snapshots.append(state)
            try:
                state = game.apply(state, text).state
            except Exception as exc:  # a rules change or a damaged log
                raise IllegalAction(f"saved action {i} ({text!r}) no longer applies: {exc}") from None
        return cls(game, seats, state, list(record["actions"]), snapshots,
                   game_id=record.get("id"), saver=saver, undos=record.get("undos", 0),
                   hints=record.get("hints", 0), started_at=record.get("started_at", time.time()),
                   meta=dict(record.get("meta") or {}), revision=record.get("revision", 0))

    # --- reading ----------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self.state["to_move"]

    @property
    def over(self) -> bool:
        return bool(self.state["over"])

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def bot_to_move(self) -> bool:
        return not self.over and self.seats[self.state["to_move"]].is_bot

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def assisted(self) -> bool:
        return self.undos > 0 or self.hints > 0

    def view(self, seat: int | None) -> State:
        return self.game.view(self.state, seat)

    def legal(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def why_illegal(self, action: Action | str) -> str | None:
        return self.game.why_illegal(self.state, self.game.to_action(action))

    # --- changing ---------------------------------------------------------------

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action, keep a snapshot for undo, autosave and tell listeners.

        :raises RulesError: when the action is malformed or illegal; nothing changes then.
        :raises Exception: whatever the saver raises when it refuses the save (another copy
            of the game saved first, say); nothing changes then either.
        """
        step = self.game.apply(self.state, action)
        before = self._kept()
        self.snapshots.append(self.state)
        self.state = step.state
        self.actions.append(str(self.game.to_action(action)))
        self._save_or_restore(before)
        self._notify(step.events)
        return step.events

    @property
    def can_undo(self) -> bool:
        return any(not self.seats[s["to_move"]].is_bot for s in self.snapshots
                   if s["to_move"] is not None)

    def undo(self) -> bool:
        """Go back to the last position where a person was to move; False if there is none.

        A finished game is never taken back: its result is in the statistics.

        :raises Exception: whatever the saver raises when it refuses the save; nothing changes then.
        """
        if self.over:
            return False
        before = self._kept()
        while self.snapshots:
            self.state = self.snapshots.pop()
            self.actions.pop()
            if not self.seats[self.state["to_move"]].is_bot:
                self.undos += 1
                self._save_or_restore(before)
                self._notify([{"type": "undo"}])
                return True
        self._restore(before)
        return False

    def bot(self, level: str | None = None) -> Bot:
        seat = self.seats[self.state["to_move"]]
        return make_bot(self.game, level or seat.level or "normal")

    def bot_action(self, rng: random.Random | None = None) -> Action:
        """The action the bot in the seat to move chooses (CPU-bound: run it off the UI loop)."""
        bot = self.bot()
        seat = self.state["to_move"]
        legal = self.game.legal_actions(self.state)
        return bot.choose(self.game.view(self.state, seat), legal, rng or bot_rng(self.state, bot.level))

    def hint(self, level: str = "hard") -> tuple[Action, str]:
        """The strongest bot's suggestion for the person to move, with a reason; counted."""
        bot = make_bot(self.game, level)
        seat = self.state["to_move"]
        legal = self.game.legal_actions(self.state)
        action, reason = bot.explain(self.game.view(self.state, seat), legal,
                                     bot_rng(self.state, "hint"))
        before = self._kept()
        self.hints += 1
        self._save_or_restore(before)
        return action, reason

    # --- saving -----------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """Everything a save holds: notation plus replay, with the state as a cache."""
        return {"id": self.game_id, "game": self.game.name, "options": self.state["options"],
                "seed": self.state["seed"], "players": self.state["players"],
                "seats": [s.to_json() for s in self.seats], "actions": list(self.actions),
                "state": self.state, "over": self.over, "result": self.state["result"],
                "undos": self.undos, "hints": self.hints, "started_at": self.started_at,
                "meta": self.meta, "revision": self.revision}

    def save(self) -> None:
        """Write the game through its saver (after a change to ``meta``, say) and move to the
        revision it saved.

        :raises Exception: whatever the saver raises when it refuses the save.
        """
        if self.saver is not None:
            self.game_id = self.saver.save_game(self.record())
            self.revision += 1

    def _kept(self) -> tuple[State, list[str], list[State], int, int]:
        return self.state, list(self.actions), list(self.snapshots), self.undos, self.hints

    def _restore(self, kept: tuple[State, list[str], list[State], int, int]) -> None:
        self.state, self.actions, self.snapshots, self.undos, self.hints = kept

    def _save_or_restore(self, kept: tuple[State, list[str], list[State], int, int]) -> None:
        # A refused save leaves the session as the store has it: no move is shown that was not saved.
        try:
            self.save()
        except Exception:
            self._restore(kept)
            raise

    def _notify(self, events: list[Event]) -> None:
        for listener in list(self.listeners):
            listener(self, events)


def undo_scope(session: Any) -> tuple[int | None, list[int]]:
    """Whose move an undo takes back (None: nobody's), and the computer seats whose replies go
    with it: the last person to move, walking back past the computer's moves. ``session`` is a
    ``GameSession`` or anything that reads like one (a seat's view of it)."""
    if session.over:
        return None, []
    bots: list[int] = []
    for snap in reversed(session.snapshots):
        mover = snap["to_move"]
        if mover is None:
            continue
        if not session.seats[mover].is_bot:
            return mover, bots
        if mover not in bots:
            bots.append(mover)
    return None, []
