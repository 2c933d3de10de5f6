"""Games per second of ``rulestack simulate`` with 1 and 2 workers on the same games, and the ratio.

    python benchmarks/simulate_bench.py                 # the test-only Tiny system, 200 games
    python benchmarks/simulate_bench.py mtg --games 100 --repeats 5

Both runs play the same games (same master seed: game i's seed depends only on i), which the
benchmark checks by comparing the per-game records. The figure is the median of ``--repeats``
runs of each; the 2-worker time includes starting its processes, as a user of the command pays
it. The ideal ratio on a machine with two free cores is 2.0. On a shared machine the wall-clock
ratio says more about the other processes than about rulestack, so the CPU time per game (this
process and its workers, including starting them and the supervision) is printed too, with the
ratio two otherwise idle cores would give (twice the 1-worker CPU per game over the 2-worker one),
and the supervisor's own share of it.
Each round also plays the games in two processes side by side, each all of them (no supervisor,
no pipes, the same work on both cores): their rate together over the 1-worker rate is what this
machine gives two processes at once, the ceiling for any 2-worker figure measured here (on a VM
whose vCPUs share a physical core it is well below 2.0); the 2-worker rate is printed as a share
of it. Their CPU per game, over the 1-worker one, is what running two processes at once costs in
CPU on this machine (shared caches and cores make each slower); the 2-worker CPU per game over
theirs is the cost of the supervision itself (start, pipes, records, the supervisor), the part
that is rulestack's.
"""
from __future__ import annotations

import argparse
import gc
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulestack.harness.simulate import SimulationPlan

ROOT = Path(__file__).resolve().parents[1]


def _load_tiny() -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from rulestack import register_system
    from tinygame.system import TinyGame
    register_system(TinyGame)


def _cpu_seconds() -> tuple[float, float]:
    """CPU seconds used so far by this process and by its finished children (the workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def _side_by_side(plan: SimulationPlan, games: int) -> float:
    """Games per second of two forked processes that each play all the plan's games at the same
    time, with no supervisor and no pipes (both do the same work, so neither waits for the
    other): what this machine gives two processes at once. On a VM whose vCPUs share a physical
    core it is well below twice one process, whatever the workers do."""
    from rulestack.harness.simulate import play_chunk

    start, pids = time.perf_counter(), []
    gc.freeze()    # as LocalBackend does before forking its workers (see there)
    for _ in range(2):
        pid = os.fork()
        if pid == 0:   # the child plays the games and leaves without running the parent's code
            code = 1
            try:
                play_chunk(plan, list(range(games)))
                code = 0
            finally:
                os._exit(code)
        pids.append(pid)
    gc.unfreeze()
    for pid in pids:
        if os.waitpid(pid, 0)[1] != 0:
            raise SystemExit("a side-by-side process failed while playing its games")
    return 2 * games / (time.perf_counter() - start)


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
    # Warm up first (the card pool, the runtime, compiled scripts): the 1-worker runs play in this
    # process, and the workers are forked from it, so neither side pays for it in the figures.
    simulate(plan_for(args.system, games=2, seed=args.seed + 1), LocalBackend(1), progress=False, replays=failures)
    rates: dict[int, list[float]] = {1: [], 2: []}
    apart: list[float] = []    # two processes side by side, no supervisor (the machine's ceiling)
    cpu: dict[int, list[float]] = {1: [], 2: []}      # CPU seconds per game, this process and its workers
    supervisor: list[float] = []      # CPU seconds per game of this process alone in the 2-worker runs
    apart_cpu: list[float] = []       # CPU seconds per game of the two side-by-side processes
    records: dict[int, list] = {}
    for _ in range(args.repeats):
        for workers in (1, 2):
            me, kids = _cpu_seconds()
            summary = simulate(plan, LocalBackend(workers), progress=False, replays=failures)
            me2, kids2 = _cpu_seconds()
            n = max(len(summary.records), 1)
            cpu[workers].append((me2 - me + kids2 - kids) / n)
            if workers == 2:
                supervisor.append((me2 - me) / n)
            rates[workers].append(len(summary.records) / summary.seconds)
            records[workers] = [{k: v for k, v in r.items() if k != "seconds"} for r in summary.records]
        _, kids = _cpu_seconds()
        apart.append(_side_by_side(plan, args.games))
        apart_cpu.append((_cpu_seconds()[1] - kids) / (2 * args.games))
    same = records[1] == records[2]
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    errors = sum(1 for r in records[1] if r["error"])
    print(f"simulate {args.system}: {args.games} games (master seed {args.seed}), median of {args.repeats} runs, "
          f"{os.cpu_count()} CPUs")
    print(f"  1 worker : {one:8.1f} games/s   (runs: {', '.join(f'{r:.1f}' for r in rates[1])})")
    print(f"  2 workers: {two:8.1f} games/s   (runs: {', '.join(f'{r:.1f}' for r in rates[2])})")
    print(f"  ratio 2/1: {two / one:8.2f}")
    ceiling = statistics.median(apart)
    print(f"  two processes side by side, each playing all the games, no supervisor: {ceiling:.1f} games/s "
          f"together, {ceiling / one:.2f}x one worker: what this machine gives two processes at once; "
          f"2 workers reach {two / ceiling:.0%} of it (runs: {', '.join(f'{r:.1f}' for r in apart)})")
    c1, c2 = statistics.median(cpu[1]), statistics.median(cpu[2])
    c0, sup = statistics.median(apart_cpu), statistics.median(supervisor)
    print(f"  CPU per game: {c1 * 1000:.1f} ms with 1 worker, {c2 * 1000:.1f} ms with 2 (workers and supervisor; "
          f"the supervisor's own share {sup * 1000:.2f} ms); on two otherwise idle cores 2 workers would give about "
          f"{2 * c1 / c2:.2f}x (the ratio above is lower when other processes share the cores: load average now "
          f"{os.getloadavg()[0]:.1f})")
    print(f"  CPU per game of the two side-by-side processes: {c0 * 1000:.1f} ms ({c0 / c1:.2f}x one worker alone: "
          f"what running two at once costs on this machine, caches and cores shared); 2 workers use "
          f"{c2 / c0:.2f}x that (above 1.00: the supervision's own cost)")
    print(f"  same games with 1 and 2 workers: {'yes' if same else 'NO'}; failed games: {errors}"
          + (f" (replays in {failures})" if errors else ""))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
