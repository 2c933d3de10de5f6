"""Games per second of ``rulestack simulate`` with 1 and 2 workers on the same games, and the ratio.

    python benchmarks/simulate_bench.py                 # the test-only Tiny system, 200 games
    python benchmarks/simulate_bench.py mtg --games 100 --repeats 5

Both runs play the same games (same master seed: game i's seed depends only on i), which the
benchmark checks by comparing the per-game records. The figure is the median of ``--repeats``
runs of each; the 2-worker time includes starting its processes, as a user of the command pays
it. The ideal ratio on a machine with two free cores is 2.0.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load_tiny() -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from rulestack import register_system
    from tinygame.system import TinyGame
    register_system(TinyGame)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("system", nargs="?", default="tiny")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.system == "tiny":
        _load_tiny()
    from rulestack.harness.simulate import LocalBackend, plan_for, simulate

    plan = plan_for(args.system, games=args.games, seed=args.seed)
    failures = Path(tempfile.gettempdir()) / "simulate-bench-failures"     # replays of failed games, if any
    rates: dict[int, list[float]] = {1: [], 2: []}
    records: dict[int, list] = {}
    for _ in range(args.repeats):
        for workers in (1, 2):
            summary = simulate(plan, LocalBackend(workers), progress=False, replays=failures)
            rates[workers].append(len(summary.records) / summary.seconds)
            records[workers] = [{k: v for k, v in r.items() if k != "seconds"} for r in summary.records]
    same = records[1] == records[2]
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    errors = sum(1 for r in records[1] if r["error"])
    print(f"simulate {args.system}: {args.games} games (master seed {args.seed}), median of {args.repeats} runs, "
          f"{os.cpu_count()} CPUs")
    print(f"  1 worker : {one:8.1f} games/s   (runs: {', '.join(f'{r:.1f}' for r in rates[1])})")
    print(f"  2 workers: {two:8.1f} games/s   (runs: {', '.join(f'{r:.1f}' for r in rates[2])})")
    print(f"  ratio 2/1: {two / one:8.2f}")
    print(f"  same games with 1 and 2 workers: {'yes' if same else 'NO'}; failed games: {errors}"
          + (f" (replays in {failures})" if errors else ""))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
