"""Every fuzz target with its share of the inputs, built once from seeded corpora."""

from __future__ import annotations

import functools
import json
import random
import sys
from typing import Any

from core.fuzz import cli_target, engine, store_targets
from core.fuzz.run import Fuzz, Target

# Shares of the inputs: the engine gets most, the database targets cost far more per input.
WEIGHTS = {"apply": 40, "load": 22, "load_text": 20, "cli": 10, "restore": 6, "save": 1,
           "backup": 1}


def build(seed: int, only: list[str] | None = None, subprocess_share: float = 0.0005) -> Fuzz:
    """A fuzzer with every target (or those in ``only``), its corpora dealt from ``seed``."""
    names = only or list(WEIGHTS)
    states = engine.states(seed)
    made: dict[str, Target] = {}
    if {"apply", "load", "load_text"} & set(names):
        made["apply"] = functools.partial(engine.apply_target, states)
        made["load"] = functools.partial(engine.load_target, states)
        made["load_text"] = functools.partial(engine.text_target, states)
    if "cli" in names:
        corpus = cli_target.CliCorpus(states, cli_target.records(random.Random(seed)))
        made["cli"] = functools.partial(cli_target.cli_target, corpus,
                                        subprocess_share=subprocess_share)
    if {"restore", "save"} & set(names):
        saves = store_targets.Saves.make(seed)
        made["restore"] = functools.partial(store_targets.restore_target, saves)
        made["save"] = functools.partial(store_targets.save_target, saves)
    if "backup" in names:
        made["backup"] = functools.partial(store_targets.backup_target,
                                           store_targets.Saves.make(seed + 1, ledger=True))
    return Fuzz({n: (WEIGHTS[n], made[n]) for n in names})


def run_job(job: tuple[int, int, int, list[str], float, str | None]) -> dict[str, Any]:
    """One process's part of a run: ``(seed, index, inputs, targets, subprocess share,
    partial)``; with ``partial`` the report so far is written to ``partial.<tag>.json``."""
    seed, index, inputs, only, share, partial = job
    fuzz = build(seed, only, share)
    tag = f"{seed}" if index == 0 else f"{seed}.{index}"

    def progress(report: dict[str, Any]) -> None:
        print(f"[{tag}] {report['inputs']} inputs, {report['failures']} failures, "
              f"{report['seconds']:.0f} s", file=sys.stderr, flush=True)
        if partial:
            with open(f"{partial}.{tag}.json", "w", encoding="utf-8") as f:
                json.dump(report, f, default=str)

    return fuzz.run(inputs, tag, progress=progress)
