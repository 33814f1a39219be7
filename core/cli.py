"""The engine's command line: JSON in, JSON out, one line on stderr and status 2 on bad input.

This interface is used by outside tools; keep it stable (DESIGN.md).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Any, Sequence

from core.errors import RulesError

DESCRIPTION = "Hofstaat's card-game engine as JSON: states on stdin, results on stdout."
EPILOG = """commands:
  new GAME [--players N] [--seed S] [--option KEY=VALUE]...   a fresh state
  actions            < state.json    legal action strings
  apply "ACTION"     < state.json    the next state
  view --seat K      < state.json    what seat K may see
  bot --level LEVEL [--nodes N]  < state.json    the bot's action
  selfplay GAME --bots L1,L2 --seed S [--players N] [--option KEY=VALUE]... [--nodes N]   a game record
  replay             < record.json   the final state of a record
  bench GAME --bots L1,L2 --games N --seed S [--players N] [--option KEY=VALUE]... [--budget-ms MS | --nodes N]
                                     a report
  --nodes N: searching bots think for N of their own units (Thronfolge hard: solver nodes;
  Deck of Spies hard: playouts) instead of a time budget, so a seed replays the same game anywhere
  solve deck-of-spies --seed S [--seconds T]   winnable (with the line) | unwinnable | unknown
"""


class UsageError(Exception):
    """Bad command-line usage; reported as one line with status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print usage over several lines
        raise UsageError(message)


def _options(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option expects KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _levels(text: str) -> list[str]:
    levels = [p.strip() for p in text.split(",") if p.strip()]
    if not levels:
        raise UsageError(f"--bots expects levels like normal,hard, not {text!r}")
    return levels


def _nodes(text: str) -> int:
    """A node budget from the command line: a positive whole number."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number of nodes, not {text!r}")
    return n


def _add_nodes(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("--nodes", type=_nodes, default=None,
                    help="search budget in the bots' own units instead of time (reproducible on any machine)")


def _read_json(what: str) -> Any:
    raw = sys.stdin.read()
    if not raw.strip():
        raise UsageError(f"expected {what} JSON on stdin, got nothing")
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise UsageError(f"{what} on stdin is not valid JSON: {exc}") from None
    except RecursionError:
        raise UsageError(f"{what} on stdin nests too deep to be one") from None


def _read_state() -> dict[str, Any]:
    from core.games.base import validate_state

    return validate_state(_read_json("state"))


def _emit(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, sort_keys=True) + "\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m core", description=DESCRIPTION, epilog=EPILOG,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def game_args(sp: argparse.ArgumentParser, seed_required: bool = False) -> None:
        sp.add_argument("game", metavar="GAME")
        sp.add_argument("--players", type=int)
        sp.add_argument("--seed", type=int, required=seed_required)
        sp.add_argument("--option", action="append", metavar="KEY=VALUE")

    game_args(sub.add_parser("new", help="deal a new game"))
    sub.add_parser("actions", help="list the legal actions of a state")
    ap = sub.add_parser("apply", help="apply one action to a state")
    ap.add_argument("action", metavar="ACTION")
    vp = sub.add_parser("view", help="what one seat may see")
    vp.add_argument("--seat", type=int, required=True)
    bp = sub.add_parser("bot", help="the action a bot of a level picks")
    bp.add_argument("--level", required=True)
    _add_nodes(bp)
    sp = sub.add_parser("selfplay", help="play one game between bots")
    game_args(sp, seed_required=True)
    sp.add_argument("--bots", required=True)
    _add_nodes(sp)
    sub.add_parser("replay", help="replay a record to its final state")
    bn = sub.add_parser("bench", help="benchmark bots over many seeded games")
    game_args(bn, seed_required=True)
    bn.add_argument("--bots", required=True)
    bn.add_argument("--games", type=int, required=True)
    bn.add_argument("--budget-ms", type=float, default=None,
                    help="think time per decision for the levels that search (default: their own)")
    _add_nodes(bn)
    sv = sub.add_parser("solve", help="decide whether a Deck of Spies deal is winnable")
    sv.add_argument("game", metavar="GAME")
    sv.add_argument("--seed", type=int, required=True)
    sv.add_argument("--seconds", type=float, default=10.0)
    return p


def run(args: argparse.Namespace) -> None:
    from core.games import registry

    cmd = args.command
    if cmd is None:
        raise UsageError("no command given (try --help)")
    if cmd == "new":
        game = registry.get(args.game)
        _emit(game.new(args.players, args.seed, _options(args.option)))
    elif cmd == "actions":
        state = _read_state()
        _emit([str(a) for a in registry.get(state["game"]).legal_actions(state)])
    elif cmd == "apply":
        state = _read_state()
        _emit(registry.get(state["game"]).apply(state, args.action).state)
    elif cmd == "view":
        state = _read_state()
        if not 0 <= args.seat < state["players"]:
            raise UsageError(f"--seat must be 0 to {state['players'] - 1}, not {args.seat}")
        _emit(registry.get(state["game"]).view(state, args.seat))
    elif cmd == "bot":
        from core.bots import decide, make_bot

        state = _read_state()
        game = registry.get(state["game"])
        bot = make_bot(game, args.level, nodes=args.nodes)
        if state["over"]:
            raise UsageError("the game is over: no action to choose")
        sys.stdout.write(str(decide(game, state, bot)) + "\n")
    elif cmd == "selfplay":
        from core.bench import selfplay

        game = registry.get(args.game)
        levels = _levels(args.bots)
        n = args.players or len(levels)
        if len(levels) == 1 and n > 1:
            levels = levels * n
        if len(levels) != n:
            raise UsageError(f"--bots names {len(levels)} level(s) for {n} players")
        from core.bots import make_bot

        bots = [make_bot(game, lv, nodes=args.nodes) for lv in levels]
        _emit(selfplay(game, levels, args.seed, _options(args.option), bots=bots))
    elif cmd == "replay":
        from core.bench import replay_record

        record = _read_json("record")
        if not isinstance(record, dict) or not {"game", "players", "seed", "actions"} <= record.keys():
            raise UsageError("record must be an object with game, players, seed, options and actions")
        if not isinstance(record["actions"], list) or not all(isinstance(a, str) for a in record["actions"]):
            raise UsageError("record actions must be a list of action strings")
        if record.get("options") is not None and not isinstance(record["options"], dict):
            raise UsageError("record options must be an object of KEY: VALUE")
        if not isinstance(record["game"], str):
            raise UsageError("record game must be a game's name")
        _emit(replay_record(record))
    elif cmd == "bench":
        from core.bench import bench

        if args.games < 1:
            raise UsageError(f"--games must be at least 1, not {args.games}")
        if args.budget_ms is not None and not 0 < args.budget_ms < float("inf"):
            raise UsageError(f"--budget-ms must be a positive number of milliseconds, not {args.budget_ms:g}")
        if args.budget_ms is not None and args.nodes is not None:
            raise UsageError("give either --budget-ms or --nodes, not both")
        try:
            _emit(bench(args.game, _levels(args.bots), args.games, args.seed, args.players,
                        _options(args.option), args.budget_ms, args.nodes))
        except ValueError as exc:
            if isinstance(exc, RulesError):
                raise
            raise UsageError(str(exc)) from None
    elif cmd == "solve":
        if args.game != "deck-of-spies":
            registry.get(args.game)  # unknown names get the registry's message
            raise UsageError(f"solve works for deck-of-spies only, not {args.game!r}")
        if not 0 < args.seconds < float("inf"):  # nan fails this too: it would search forever
            raise UsageError(f"--seconds must be a positive number of seconds, not {args.seconds}")
        from core.games.deck_of_spies.solver import solve

        result = solve(args.seed, args.seconds)
        _emit(result.to_json() if hasattr(result, "to_json") else result)


@functools.lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    return build_parser()  # built once: building it costs more than most commands


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        run(args)
    except (UsageError, RulesError) as exc:
        sys.stderr.write(f"error: {_one_line(exc)}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("error: interrupted\n")
        return 130
    return 0


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__
