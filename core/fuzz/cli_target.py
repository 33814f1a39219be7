"""The fuzz target for ``python -m core``: hostile arguments and stdin, run in-process, with
a sample run as real subprocesses; either status 0 with output, or status 2 with one line on
stderr and nothing on stdout."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from core.fuzz.engine import Undocumented
from core.fuzz.mutate import NUMBERS, mutate_action, mutate_text, mutate_value
from core.games import registry
from core.games.base import State

GAMES = registry.names()
NAMES = [*GAMES, "THRONFOLGE", "", "chess", "deck_of_spies", " rosenkrieg"]
LEVELS = ["random", "random", "easy", "normal", "hard", "", "godlike", "Random"]
SECONDS = ["nan", "inf", "-inf", "-1", "0", "0.0005", "1e-9", "x", ""]
OPTIONS = ["hand=Infinity", "hand=7", "starter=1", "starter=1.0", "starter=true", "=1", "x=",
           "target=-1", "partien=nan", "scoring=points", "draw_at=start", "noequals", "open_removed=yes"]


def cli_call(argv: list[str], stdin: str) -> tuple[int, str, str]:
    """Run the command line in this process; its status, stdout and stderr."""
    from core.cli import main

    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), io.StringIO(), io.StringIO()
    try:
        rc = main(argv)
        return rc, sys.stdout.getvalue(), sys.stderr.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def can_be_a_process(argv: list[str]) -> bool:
    """Whether ``argv`` can reach a real process: no operating system passes a NUL byte in an
    argument (``subprocess`` refuses it before the program starts), so such input is tried
    in-process only."""
    return not any("\0" in a for a in argv)


def subprocess_call(argv: list[str], stdin: str) -> tuple[int, str, str]:
    """Run ``python -m core`` as its own process; its status, stdout and stderr."""
    out = subprocess.run([sys.executable, "-m", "core", *argv], input=stdin, capture_output=True,
                         text=True, timeout=120)
    return out.returncode, out.stdout, out.stderr


def contract_problem(argv: list[str], rc: int, out: str, err: str) -> str | None:
    """What breaks DESIGN.md's contract in one run of the command line, or None."""
    if rc == 2:
        if out or not err.startswith("error: ") or err.count("\n") != 1 or not err.endswith("\n"):
            return "status 2 needs one line on stderr and nothing on stdout"
        return None
    if rc != 0:
        return f"status {rc}"
    if err or not out.endswith("\n"):
        return "status 0 needs output and a quiet stderr"
    if argv[0] != "bot":
        try:
            json.loads(out)
        except ValueError:
            return "status 0 printed something that is not JSON"
    return None


@dataclass
class CliCorpus:
    """States and self-play records to start from."""

    states: list[State]
    records: list[dict[str, Any]]


def records(rng: random.Random) -> list[dict[str, Any]]:
    """One short self-play record per game and player count, random bots throughout."""
    from core.bench import selfplay

    out = []
    for game in registry.all_games():
        for n in range(game.info.min_players, game.info.max_players + 1):
            out.append(selfplay(game, ["random"] * n, rng.randrange(2**31)))
    return out


def _stdin(value: Any, rng: random.Random) -> str:
    text = json.dumps(value)
    roll = rng.random()
    if roll < 0.15:
        return text
    if roll < 0.55:
        return json.dumps(mutate_value(value, rng))
    return mutate_text(text, rng)


def _args(corpus: CliCorpus, rng: random.Random) -> tuple[list[str], str]:
    cmd = rng.choices(["actions", "apply", "view", "bot", "new", "replay", "solve", "selfplay",
                       "bench", "junk"], weights=[12, 20, 10, 8, 12, 12, 4, 1, 1, 3])[0]
    state = rng.choice(corpus.states)
    if cmd == "actions":
        return ["actions"], _stdin(state, rng)
    if cmd == "apply":
        legal = [str(a) for a in registry.get(state["game"]).legal_actions(state)]
        return ["apply", mutate_action(legal, rng)], _stdin(state, rng)
    if cmd == "view":
        return ["view", "--seat", rng.choice(NUMBERS)], _stdin(state, rng)
    if cmd == "bot":
        extra = ["--nodes", rng.choice(["1", "5", "0", "-3", "x"])] if rng.random() < 0.5 else []
        return ["bot", "--level", rng.choice(LEVELS), *extra], _stdin(state, rng)
    if cmd == "replay":
        return ["replay"], _stdin(rng.choice(corpus.records), rng)
    if cmd == "new":
        argv = ["new", rng.choice(NAMES)]
        for flag in ("--players", "--seed"):
            if rng.random() < 0.6:
                argv += [flag, rng.choice(NUMBERS)]
        for _ in range(rng.choice((0, 0, 1, 2))):
            argv += ["--option", rng.choice(OPTIONS)]
        return argv, ""
    if cmd == "solve":
        return ["solve", rng.choice(["deck-of-spies", "deck-of-spies", *NAMES]), "--seed",
                rng.choice(NUMBERS), "--seconds", rng.choice(SECONDS)], ""
    if cmd in ("selfplay", "bench"):
        game = rng.choice(GAMES)
        n = registry.get(game).info.min_players
        argv = [cmd, game, "--bots", ",".join(["random"] * rng.choice((1, n, n + 1))),
                "--seed", rng.choice(NUMBERS)]
        if cmd == "bench":
            argv += ["--games", rng.choice(["1", "0", "-1", "x"])]
        return argv, ""
    return rng.choice([[], ["frobnicate"], ["new"], ["apply"], ["view"], ["--seed", "1"],
                       ["solve"], ["view", "--seat"], ["bot"]]), rng.choice(["", "{}", "[]"])


def cli_target(corpus: CliCorpus, rng: random.Random, subprocess_share: float = 0.0) -> bool:
    """One hostile command line, in-process (and now and then as a real process too)."""
    argv, stdin = _args(corpus, rng)
    repro = {"argv": argv, "stdin": stdin}
    calls = [cli_call]
    if rng.random() < subprocess_share and can_be_a_process(argv):
        calls.append(subprocess_call)
    rc = 0
    for call in calls:
        try:
            rc, out, err = call(argv, stdin)
        except Exception as exc:  # noqa: BLE001 - an escaped exception is the finding
            raise Undocumented("the command line raised", repro, exc) from None
        problem = contract_problem(argv or ["?"], rc, out, err)
        if problem is not None:
            raise Undocumented(f"{problem} ({call.__name__})", dict(repro, rc=rc, stdout=out[:300],
                                                                    stderr=err[-600:]))
    return rc == 0
