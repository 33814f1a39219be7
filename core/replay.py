"""Replays of finished games: a record's action log turned into its positions, step by step.

A ``Replay`` is made from a finished game's record (``Store.replay_record``): it deals the
game from the record's options and seed and applies the saved actions, keeping every
position, so stepping forwards and backwards is a list lookup. A record of a game still
running is refused: a replay would show hidden cards of a game that can still be played.
Only a replay can show a position with every card face up (``open_view``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core import cards as C
from core.errors import RulesError
from core.games import registry
from core.games.base import Event, Game, State
from core.replay_words import describe


class ReplayError(RulesError):
    """A record that cannot be replayed: a running game, or a damaged action log."""


@dataclass(frozen=True)
class Move:
    """One step of a replay: who acted, the action's notation and what it caused."""

    number: int  # 1 for the first action
    seat: int | None
    action: str
    events: list[Event]


class Replay:
    """Every position of one finished game, from the deal (step 0) to the end (step ``length``)."""

    def __init__(self, record: dict[str, Any]) -> None:
        """Replay a finished game's record.

        :raises ReplayError: when the game is not finished, the record is incomplete, an action
            no longer applies (naming its step), or the actions do not reach the saved end.
        """
        if not record.get("over"):
            raise ReplayError(f"game {record.get('id')} is still running; only finished games "
                              "can be replayed")
        try:
            self.game: Game = registry.get(record["game"])
            actions = [str(a) for a in record["actions"]]
            players, seed, options = record["players"], record["seed"], record["options"]
        except (KeyError, TypeError) as exc:
            raise ReplayError(f"the record of game {record.get('id')} is incomplete: {exc}") from None
        except RulesError as exc:
            raise ReplayError(str(exc)) from None
        self.game_id: int | None = record.get("id")
        self.result: dict[str, Any] | None = record.get("result")
        try:
            state = self.game.new(players, seed, options)
        except RulesError as exc:
            raise ReplayError(f"game {self.game_id} cannot be dealt again: {exc}") from None
        self.states: list[State] = [state]
        self.moves: list[Move] = []
        for i, text in enumerate(actions):
            try:
                step = self.game.apply(state, text)
            except RulesError as exc:
                raise ReplayError(f"step {i + 1} of game {self.game_id} ({text!r}) does not apply: "
                                  f"{exc}") from None
            self.moves.append(Move(i + 1, state["to_move"], text, step.events))
            state = step.state
            self.states.append(state)
        saved = record.get("state")
        if isinstance(saved, dict) and saved != state:
            raise ReplayError(f"the {len(actions)} saved actions of game {self.game_id} do not "
                              "lead to its saved final position")

    @property
    def length(self) -> int:
        """How many actions the game had (the last step's number)."""
        return len(self.moves)

    def state(self, step: int) -> State:
        """The whole position after ``step`` actions (0: the deal).

        :raises ReplayError: for a step outside 0 to ``length``.
        """
        return self.states[self._check(step)]

    def move(self, step: int) -> Move | None:
        """The action that led to position ``step`` (None for the deal).

        :raises ReplayError: for a step outside 0 to ``length``.
        """
        step = self._check(step)
        return self.moves[step - 1] if step else None

    def view(self, step: int, seat: int | None) -> State:
        """What ``seat`` knew at ``step``.

        :raises ReplayError: for a step outside 0 to ``length``.
        """
        return self.game.view(self.state(step), seat)

    def open_view(self, step: int, seat: int | None) -> State:
        """``seat``'s view at ``step`` with every hidden card face up, in its true place.

        :raises ReplayError: for a step outside 0 to ``length``.
        """
        state = self.state(step)
        return _unmask(self.game.view(state, seat), state)

    def hidden(self, step: int, seat: int | None) -> list[tuple[str, int | None, list[str]]]:
        """What ``seat`` could not see at ``step``, face up: ``(field, owner, cards)`` for each
        other hand (``"hands"`` and its seat) and each pile with hidden cards (owner None).

        :raises ReplayError: for a step outside 0 to ``length``.
        """
        masked, shown = self.view(step, seat), self.open_view(step, seat)
        out: list[tuple[str, int | None, list[str]]] = []
        for key, value in masked.items():
            if key == "hands" and isinstance(value, list):
                out += [(key, s, list(shown[key][s])) for s, hand in enumerate(value)
                        if s != seat and C.UNKNOWN in hand]
            elif isinstance(value, list) and C.UNKNOWN in value:
                out.append((key, None, list(shown[key])))
        return out

    def describe(self, step: int, lang: str, open_cards: bool = False) -> str:
        """The action that led to ``step`` in words ("plays the Ten of Spades"), "" for the deal.

        Cards that only their owner saw are named only when ``open_cards`` is set.

        :raises ReplayError: for a step outside 0 to ``length``.
        """
        move = self.move(step)
        if move is None:
            return ""
        return describe(self.game.name, move.action, lang, open_cards)

    def _check(self, step: int) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.length:
            raise ReplayError(f"game {self.game_id} has steps 0 to {self.length}, not {step!r}")
        return step


def _unmask(view: Any, truth: Any) -> Any:
    """``view`` with each hidden card replaced by the card in the same place of ``truth``."""
    if view == C.UNKNOWN:
        return truth if isinstance(truth, str) else view
    if isinstance(view, list) and isinstance(truth, list) and len(view) == len(truth):
        return [_unmask(v, t) for v, t in zip(view, truth)]
    if isinstance(view, dict) and isinstance(truth, dict):
        return {k: _unmask(v, truth[k]) if k in truth else v for k, v in view.items()}
    return view
