"""Fuzz targets for the engine itself: ``apply`` with hostile action text, and state loading
from hostile values and hostile JSON text.

A target returns True when the input was accepted and False when it was refused with a
documented error; anything else raises ``Undocumented`` carrying the reproducing input.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

from core.bots import make_bot
from core.errors import RulesError
from core.fuzz.mutate import mutate_action, mutate_text, mutate_value
from core.games import registry
from core.games.base import State, copy_json, validate_state


class Undocumented(Exception):
    """An input that raised something undocumented, or changed what it must not change."""

    def __init__(self, problem: str, reproduce: dict[str, Any], error: BaseException | None = None):
        super().__init__(problem)
        self.problem = problem
        self.reproduce = reproduce
        self.error = error


def states(seed: int, per_count: int = 3) -> list[State]:
    """States along random games of every game and player count, finished ones included."""
    rng = random.Random(seed)
    out: list[State] = []
    for game in registry.all_games():
        for n in range(game.info.min_players, game.info.max_players + 1):
            for _ in range(per_count):
                state = game.new(n, rng.randrange(2**31))
                for ply in range(3000):
                    if ply % 7 == 0 or state["over"]:
                        out.append(state)
                    if state["over"]:
                        break
                    state = game.apply(state, rng.choice(game.legal_actions(state))).state
    return out


def exercise(state: State, rng: random.Random) -> None:
    """Use a state that loaded the way the app and the bots do; any exception is a failure."""
    game = registry.get(state["game"])
    legal = game.legal_actions(state)
    for seat in [None, *range(state["players"])]:
        game.view(state, seat)
    json.dumps(state, allow_nan=False)
    game.outcome(state)
    if legal:
        seat = state["to_move"]
        make_bot(game, "random").choose(game.view(state, seat), legal, rng)
        step = game.apply(state, rng.choice(legal))
        validate_state(copy_json(step.state))


_PRISTINE: dict[int, State] = {}


def guarded(doing: str, value: Any, repro: dict[str, Any], call: Callable[[], Any]) -> Any:
    """``call()``, or None when it refuses with a RulesError; ``value`` must stay unchanged.

    :raises Undocumented: for any other exception, or when ``value`` changed.
    """
    before = repr(value)
    try:
        out = call()
    except RulesError:
        out = None
    except Exception as exc:  # noqa: BLE001 - the point is to catch what is not documented
        raise Undocumented(f"{doing} raised", repro, exc) from None
    if repr(value) != before:
        raise Undocumented(f"{doing} changed what it was given", repro)
    return out


def apply_target(corpus: list[State], rng: random.Random) -> bool:
    """``apply`` on a reachable state with a mangled action: a next state or a RulesError."""
    state = rng.choice(corpus)
    game = registry.get(state["game"])
    legal = [str(a) for a in game.legal_actions(state)]
    text = mutate_action(legal, rng)
    pristine = _PRISTINE.setdefault(id(state), copy_json(state))  # the corpus lives as long
    repro = {"state": state, "action": text}
    try:
        step = game.apply(state, text)
    except RulesError:
        step = None
    except Exception as exc:  # noqa: BLE001 - the point is to catch what is not documented
        raise Undocumented("apply raised", repro, exc) from None
    if state != pristine:
        raise Undocumented("apply changed its input state", repro)
    if step is None:
        return False
    try:
        if str(game.to_action(text)) not in legal:
            raise Undocumented("apply accepted an action that is not legal", repro)
        validate_state(copy_json(step.state))
    except RulesError as exc:
        raise Undocumented("apply gave a state that does not load", repro, exc) from None
    return True


def load_target(corpus: list[State], rng: random.Random) -> bool:
    """Loading a mutated state value: the state, or BadState; a loaded state must be usable."""
    state = rng.choice(corpus)
    mutated = mutate_value(state, rng)
    repro = {"state": mutated}
    game = registry.get(state["game"]) if rng.random() < 0.5 else None
    loaded = guarded("loading a state", mutated, repro,
                     lambda: game.load(mutated) if game else validate_state(mutated))
    if loaded is None:
        return False
    _use(loaded, repro, rng)
    return True


def text_target(corpus: list[State], rng: random.Random) -> bool:
    """Loading mutated JSON text: the state, or BadState."""
    text = mutate_text(json.dumps(rng.choice(corpus)), rng)
    repro = {"text": text}
    try:
        loaded = validate_state(text)
    except RulesError:
        return False
    except Exception as exc:  # noqa: BLE001
        raise Undocumented("loading state text raised", repro, exc) from None
    _use(loaded, repro, rng)
    return True


def _use(loaded: State, repro: dict[str, Any], rng: random.Random) -> None:
    try:
        exercise(copy_json(loaded), rng)
    except Exception as exc:  # noqa: BLE001
        raise Undocumented("a state that loaded cannot be played", repro, exc) from None
