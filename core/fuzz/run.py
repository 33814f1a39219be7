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

    def run(self, inputs: int, seed: int, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
        """Feed ``inputs`` inputs in total, seeded, and return the report."""
        total = sum(w for w, _ in self.targets.values())
        plan = {name: max(1, round(inputs * w / total)) for name, (w, _) in self.targets.items()}
        start = time.perf_counter()
        for name, count in plan.items():
            tally = self.tallies.setdefault(name, Tally())
            target = self.targets[name][1]
            rng = random.Random(f"{seed}:{name}")
            t0 = time.perf_counter()
            for i in range(count):
                self._one(name, target, rng, tally, seed, i)
                if progress and (i + 1) % 20000 == 0:
                    progress(f"{name}: {i + 1}/{count} in {time.perf_counter() - t0:.0f} s")
            tally.seconds += time.perf_counter() - t0
        return self.report(seed, time.perf_counter() - start)

    def _one(self, name: str, target: Target, rng: random.Random, tally: Tally, seed: int,
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

    def _record(self, name: str, exc: Undocumented, seed: int, i: int) -> None:
        err = exc.error
        where = ""
        if err is not None:
            frames = [f for f in traceback.extract_tb(err.__traceback__) if "/core/" in f.filename]
            if frames:
                where = f"{frames[-1].filename.split('/core/')[-1]}:{frames[-1].lineno}"
        key = (name, exc.problem, type(err).__name__ if err else "", where)
        if key in self.found:
            self.found[key]["count"] += 1
            return
        self.found[key] = {"target": name, "problem": exc.problem, "count": 1,
                           "error": f"{type(err).__name__}: {err}"[:300] if err else None,
                           "where": f"core/{where}" if where else None, "seed": seed, "input": i,
                           "reproduce": exc.reproduce}

    def report(self, seed: int, seconds: float) -> dict[str, Any]:
        tallies = {n: t.report() for n, t in self.tallies.items()}
        return {"seed": seed, "inputs": sum(t.inputs for t in self.tallies.values()),
                "seconds": round(seconds, 1),
                "failures": sum(t.failures for t in self.tallies.values()),
                "targets": tallies, "distinct_failures": list(self.found.values())}
