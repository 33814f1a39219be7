"""Running the fuzz targets: inputs shared out by weight, counts per target, and every
distinct undocumented failure once, with an input that reproduces it."""

from __future__ import annotations

import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from core.fuzz.engine import Undocumented

Target = Callable[[random.Random], bool]


@dataclass
class Tally:
    """What one target saw."""

    inputs: int = 0
    accepted: int = 0
    refused: int = 0
    failures: int = 0
    seconds: float = 0.0

    def report(self) -> dict[str, Any]:
        return {"inputs": self.inputs, "accepted": self.accepted, "refused": self.refused,
                "failures": self.failures, "seconds": round(self.seconds, 2)}


@dataclass
class Fuzz:
    """Targets with weights; ``run`` shares the inputs out and collects failures."""

    targets: dict[str, tuple[float, Target]]
    tallies: dict[str, Tally] = field(default_factory=dict)
    found: dict[tuple[str, ...], dict[str, Any]] = field(default_factory=dict)

    def run(self, inputs: int, seed: int | str,
            progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Feed ``inputs`` inputs in total, seeded, the targets taking turns by weight, and
        return the report; ``progress`` gets the report so far every 10,000 inputs."""
        total = sum(w for w, _ in self.targets.values())
        turns = [name for name, (w, _) in self.targets.items() for _ in range(max(1, round(w)))]
        rngs = {name: random.Random(f"{seed}:{name}") for name in self.targets}
        counts = dict.fromkeys(self.targets, 0)
        plan = {name: max(1, round(inputs * w / total)) for name, (w, _) in self.targets.items()}
        start = time.perf_counter()
        done = 0
        while any(counts[n] < plan[n] for n in plan):
            for name in turns:
                if counts[name] >= plan[name]:
                    continue
                tally = self.tallies.setdefault(name, Tally())
                t0 = time.perf_counter()
                self._one(name, self.targets[name][1], rngs[name], tally, seed, counts[name])
                tally.seconds += time.perf_counter() - t0
                counts[name] += 1
                done += 1
                if progress and done % 10_000 == 0:
                    progress(self.report(seed, time.perf_counter() - start))
        return self.report(seed, time.perf_counter() - start)

    def _one(self, name: str, target: Target, rng: random.Random, tally: Tally, seed: int | str,
             i: int) -> None:
        tally.inputs += 1
        try:
            if target(rng):
                tally.accepted += 1
            else:
                tally.refused += 1
        except Undocumented as exc:
            tally.failures += 1
            self._record(name, exc, seed, i)

    def _record(self, name: str, exc: Undocumented, seed: int | str, i: int) -> None:
        err = exc.error
        where = ""
        if err is not None:
            frames = [f for f in traceback.extract_tb(err.__traceback__) if "/core/" in f.filename]
            if frames:
                where = f"{frames[-1].filename.split('/core/')[-1]}:{frames[-1].lineno}"
        key = (name, exc.problem, type(err).__name__ if err else "", f"core/{where}" if where else "")
        if key in self.found:
            self.found[key]["count"] += 1
            return
        self.found[key] = {"target": name, "problem": exc.problem, "count": 1,
                           "error": f"{type(err).__name__}: {err}"[:300] if err else None,
                           "where": f"core/{where}" if where else None, "seed": seed, "input": i,
                           "reproduce": exc.reproduce}

    def merge(self, other: dict[str, Any]) -> None:
        """Add the counts and failures of another run's report (from a parallel job)."""
        for name, t in other["targets"].items():
            mine = self.tallies.setdefault(name, Tally())
            mine.inputs += t["inputs"]
            mine.accepted += t["accepted"]
            mine.refused += t["refused"]
            mine.failures += t["failures"]
            mine.seconds += t["seconds"]
        for f in other["distinct_failures"]:
            key = (f["target"], f["problem"], (f["error"] or "").split(":")[0], f["where"] or "")
            if key in self.found:
                self.found[key]["count"] += f["count"]
            else:
                self.found[key] = f

    def report(self, seed: int | str, seconds: float) -> dict[str, Any]:
        tallies = {n: t.report() for n, t in self.tallies.items()}
        return {"seed": seed, "inputs": sum(t.inputs for t in self.tallies.values()),
                "seconds": round(seconds, 1),
                "failures": sum(t.failures for t in self.tallies.values()),
                "targets": tallies, "distinct_failures": list(self.found.values())}
