"""``python -m core.fuzz --inputs N --seed S``: run the fuzzer and print its JSON report.

Exits with 1 when any input raised an undocumented error or changed what it must not.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time

from core.fuzz.run import Fuzz
from core.fuzz.targets import WEIGHTS, run_job


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m core.fuzz", description=__doc__)
    p.add_argument("--inputs", type=int, default=10_000, help="inputs in total over all targets")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--targets", default=",".join(WEIGHTS),
                   help=f"comma-separated, from {', '.join(WEIGHTS)}")
    p.add_argument("--jobs", type=int, default=1, help="processes to share the inputs")
    p.add_argument("--partial", default=None,
                   help="write each job's report so far to PARTIAL.<job>.json as it goes")
    p.add_argument("--subprocess-share", type=float, default=0.0005,
                   help="share of command-line inputs also run as a real process")
    args = p.parse_args(argv)
    only = [t for t in args.targets.split(",") if t]
    unknown = sorted(set(only) - set(WEIGHTS))
    if unknown:
        p.error(f"unknown target(s): {', '.join(unknown)}")
    start = time.perf_counter()
    jobs = max(1, args.jobs)
    if jobs == 1:
        reports = [run_job((args.seed, 0, args.inputs, only, args.subprocess_share, args.partial))]
    else:
        # Each job deals its own corpora and draws its own inputs from (seed, job).
        share = [args.inputs // jobs + (j < args.inputs % jobs) for j in range(jobs)]
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            reports = pool.map(run_job, [(args.seed, j, share[j], only, args.subprocess_share, args.partial)
                                      for j in range(jobs)])
    total = Fuzz({})
    for r in reports:
        total.merge(r)
    report = total.report(args.seed, time.perf_counter() - start)
    report["jobs"] = jobs
    sys.stdout.write(json.dumps(report, indent=1, ensure_ascii=False, default=str) + "\n")
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
