"""The engine contract every game implements, and the shared parts of it.

A state is a plain JSON value (dicts, lists, strings, ints, bools, None). Every
state carries ``game``, ``version``, ``seed``, ``options``, ``players``,
``to_move``, ``over``, ``result`` and ``ply`` (actions applied so far), plus the
game's own fields. ``apply`` never mutates its input.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol

from core.errors import BadOption, BadState, IllegalAction, MalformedAction

State = dict[str, Any]
Event = dict[str, Any]

COMMON_FIELDS = ("game", "version", "seed", "options", "players", "to_move", "over", "result", "ply")


# Saves keep the seed in a 64-bit database integer.
MAX_SEED = 2**63 - 1


def is_seed(value: Any) -> bool:
    """Whether a value can be a game's seed: a whole number from 0 to ``MAX_SEED``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED


class Action(Protocol):
    """A small frozen value whose ``str`` is its notation, parsed back by the game."""

    def __str__(self) -> str: ...


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its key, type and allowed values, with labels for the UI."""

    key: str
    default: Any
    choices: tuple[Any, ...] = ()
    label: dict[str, str] = field(default_factory=dict)
    help: dict[str, str] = field(default_factory=dict)

    def parse(self, raw: Any) -> Any:
        """Turn a command-line or stored value into the option's typed value.

        :raises BadOption: when the value is not allowed.
        """
        value = raw
        if isinstance(self.default, bool):
            if isinstance(raw, str):
                low = raw.strip().lower()
                if low in ("true", "1", "yes", "on"):
                    value = True
                elif low in ("false", "0", "no", "off"):
                    value = False
                else:
                    raise BadOption(f"option {self.key!r} must be true or false, not {raw!r}")
            elif not isinstance(raw, bool):
                raise BadOption(f"option {self.key!r} must be true or false, not {raw!r}")
        elif isinstance(self.default, int):
            # int() would turn true into 1 and 2.5 into 2, and fails on infinity with OverflowError.
            if isinstance(raw, (bool, float)):
                raise BadOption(f"option {self.key!r} must be a whole number, not {raw!r}")
            try:
                value = int(raw)
            except (TypeError, ValueError, OverflowError):
                raise BadOption(f"option {self.key!r} must be a whole number, not {raw!r}") from None
        elif not isinstance(raw, str):
            raise BadOption(f"option {self.key!r} must be text, not {raw!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(f"option {self.key!r} must be one of {allowed}, not {raw!r}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """What the registry, the command line and the UI need to know about a game.

    ``public_seed`` declares that views may show the seed although the game hides cards
    (Deck of Spies: the game number a player types to replay a deal). Without it a view of
    a game with ``hidden_information`` carries no seed, which would re-deal every hidden card.
    """

    name: str
    title: dict[str, str]
    min_players: int
    max_players: int
    hidden_information: bool
    options: tuple[OptionSpec, ...] = ()
    levels: tuple[str, ...] = ("random",)
    tagline: dict[str, str] = field(default_factory=dict)
    public_seed: bool = False

    @property
    def default_players(self) -> int:
        return self.min_players


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: points per seat, the winning seats, and why."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str

    @classmethod
    def from_result(cls, result: dict[str, Any]) -> Outcome:
        return cls(tuple(result["scores"]), tuple(result["winners"]), str(result.get("reason", "")))


@dataclass
class Step:
    """The result of ``apply``: the next state and what happened, in order."""

    state: State
    events: list[Event]


def move_event(cards: Iterable[str], src: str, dst: str, seat: int | None = None, **extra: Any) -> Event:
    """An event saying that cards moved from one place to another (for animation)."""
    ev: Event = {"type": "move", "cards": list(cards), "from": src, "to": dst}
    if seat is not None:
        ev["seat"] = seat
    ev.update(extra)
    return ev


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value; much faster than ``copy.deepcopy``."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


class Game(ABC):
    """One game's rules. Subclasses fill in the abstract parts; the rest is shared."""

    info: GameInfo
    version: int = 1

    # --- what each game provides -------------------------------------------------

    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """The game's own fields of a fresh state (common fields are added by ``new``)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation.

        :raises MalformedAction: when the text is no action of this game.
        """

    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """What the player to move may do, sorted by notation; empty when the game is over."""

    @abstractmethod
    def execute(self, state: State, action: Action, events: list[Event]) -> None:
        """Carry out a legal action on a private copy of the state, appending events."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> State:
        """Everything ``seat`` may know; ``None`` is an onlooker who sees only public cards."""

    @abstractmethod
    def all_cards(self, state: State) -> list[str]:
        """Every card in the state, from all of its card fields (for conservation checks)."""

    @abstractmethod
    def deck(self, state: State) -> list[str]:
        """The full deck this state was dealt from."""

    def why_illegal(self, state: State, action: Action) -> str | None:
        """Why an action is not allowed now, or None if it is. Games give better reasons."""
        if state["over"]:
            return "the game is over"
        legal = self.legal_actions(state)
        if any(str(a) == str(action) for a in legal):
            return None
        shown = ", ".join(str(a) for a in legal[:12]) + (" …" if len(legal) > 12 else "")
        return f"not allowed now; allowed: {shown}"

    def secret_cards(self, state: State, seat: int | None) -> set[str]:
        """Cards whose faces ``seat`` may not know now; none of them may appear in its view."""
        return set()

    def face_down(self, state: State, seat: int | None) -> set[str]:
        """Cards whose faces ``seat``'s screen may not show now: the secret ones, and in games
        whose secret is an order (the player can tell which cards are left, not where) those
        lying face down. The browser tests check client traffic against this set."""
        return self.secret_cards(state, seat)

    def reshuffle_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """The state with what ``seat`` cannot see drawn again: the ``secret_cards`` trade
        places at random, and the seed is replaced.

        The seat's view must not change (but for a ``public_seed``), so neither may the
        choice of a bot in that seat; the contract tests check both. The result need not be a
        state the game could reach. Games with other secrets (the order of known cards)
        change those too.
        """
        secret = self.secret_cards(state, seat)
        twin = self.copy_state(state)
        slots: list[tuple[list[Any], int]] = []

        def find(value: Any) -> None:
            if isinstance(value, dict):
                for v in value.values():
                    find(v)
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    if isinstance(v, str) and v in secret:
                        slots.append((value, i))
                    else:
                        find(v)

        find(twin)
        cards = [pile[i] for pile, i in slots]
        rng.shuffle(cards)
        for (pile, i), card in zip(slots, cards):
            pile[i] = card
        twin["seed"] = rng.randrange(2**31)
        return twin

    def mask_events(self, events: list[Event], seat: int | None) -> list[Event]:
        """The events as ``seat`` may see them (faces it may not know become ``??``)."""
        return events

    def check_state(self, state: State) -> None:
        """Game-specific structural checks beyond card conservation.

        :raises BadState: when the state is inconsistent.
        """

    def copy_state(self, state: State) -> State:
        return copy_json(state)

    # --- shared --------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self.info.name

    def parse_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill in defaults and check every given option.

        :raises BadOption: for an unknown key or a bad value.
        """
        specs = {o.key: o for o in self.info.options}
        parsed = {k: s.default for k, s in specs.items()}
        for key, raw in (options or {}).items():
            if key not in specs:
                known = ", ".join(sorted(specs)) or "none"
                raise BadOption(f"{self.name} has no option {key!r} (options: {known})")
            parsed[key] = specs[key].parse(raw)
        return parsed

    def new(self, players: int | None = None, seed: int | None = None,
            options: dict[str, Any] | None = None) -> State:
        """A fresh game, dealt from ``seed`` (a random seed when None).

        :raises BadOption: for a bad player count or option.
        """
        n = self.info.default_players if players is None else players
        if not isinstance(n, int) or not self.info.min_players <= n <= self.info.max_players:
            lo, hi = self.info.min_players, self.info.max_players
            span = str(lo) if lo == hi else f"{lo} to {hi}"
            raise BadOption(f"{self.name} is for {span} players, not {players!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not is_seed(seed):
            raise BadOption(f"seed must be a whole number from 0 to 2**63-1, not {seed!r}")
        opts = self.parse_options(options)
        state: State = {"game": self.name, "version": self.version, "seed": seed,
                        "options": opts, "players": n, "to_move": None, "over": False,
                        "result": None, "ply": 0}
        state.update(self.setup(n, seed, opts))
        return state

    def to_action(self, action: Action | str) -> Action:
        return self.parse_action(action) if isinstance(action, str) else action

    def is_legal(self, state: State, action: Action | str) -> bool:
        try:
            return self.why_illegal(state, self.to_action(action)) is None
        except MalformedAction:
            return False

    def apply(self, state: State, action: Action | str) -> Step:
        """The state after ``action`` and the events it caused; ``state`` is left unchanged.

        :raises MalformedAction: when the text is no action of this game.
        :raises IllegalAction: when the rules do not allow it now.
        """
        act = self.to_action(action)
        reason = self.why_illegal(state, act)
        if reason is not None:
            raise IllegalAction(f"{str(act)!r} is illegal: {reason}")
        nxt = self.copy_state(state)
        events: list[Event] = []
        self.execute(nxt, act, events)
        nxt["ply"] = state["ply"] + 1
        return Step(nxt, events)

    def outcome(self, state: State) -> Outcome | None:
        return Outcome.from_result(state["result"]) if state["over"] else None

    def to_json(self, state: State) -> str:
        return json.dumps(state, ensure_ascii=False, sort_keys=True)

    def load(self, data: State | str) -> State:
        """Read and check a saved state.

        :raises BadState: when it is unreadable, from another game, or breaks an invariant.
        """
        return validate_state(data, expect=self)

    def replay(self, players: int, seed: int, options: dict[str, Any] | None,
               actions: Iterable[str]) -> State:
        """The state reached by applying ``actions`` to a fresh deal.

        The moves are carried out on one state in place, checked as ``apply`` checks them: no
        state on the way is kept, so none is copied (an import replays every game it brings,
        and copying was most of that work).

        :raises IllegalAction: naming the index of the first refused action.
        """
        state = self.new(players, seed, options)
        for i, text in enumerate(actions):
            try:
                act = self.to_action(text)
            except MalformedAction as exc:
                raise IllegalAction(f"action {i} refused: {exc}") from None
            reason = self.why_illegal(state, act)
            if reason is not None:
                raise IllegalAction(f"action {i} refused: {str(act)!r} is illegal: {reason}")
            self.execute(state, act, [])
            state["ply"] += 1
        return state


def validate_state(data: State | str, expect: Game | None = None) -> State:
    """Parse and check a state from any registered game.

    :raises BadState: with the reason it cannot be used.
    """
    from core.games.state_checks import validate  # late import: it needs the registry

    return validate(data, expect)
