"""Memory over many consecutive games in one process: does anything leak (Lua runtimes, journals,
event logs, caches)?

    python benchmarks/memory_bench.py                    # 1,000 games, all installed systems in turn
    python benchmarks/memory_bench.py --games 2000 --systems mtg

Plays the games one after another in this process (seeded random agents, each system's sample
decks), closes each game and collects garbage, then reads the resident set size (RSS). Prints the
RSS at the start, the mean over the first 100 and the last 100 games, the slope of a least-squares
line over all games after the first 100 (KiB per game: warm-up, caches and first-use imports
happen in the first ones), the peak, and the number of live Python objects, ``Game``s and Lua
runtimes once every system has played and at the end. Nothing is asserted: a slope near 0 KiB/game is flat.
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rss() -> int:
    """This process's resident set size in bytes (Linux ``/proc``; else the peak from ``resource``)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def slope(ys: list[float]) -> float:
    """The least-squares slope of ``ys`` against 0, 1, 2, ..."""
    n = len(ys)
    if n < 2:
        return 0.0
    mx = (n - 1) / 2
    my = sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in range(n))
    return sum((x - mx) * (y - my) for x, y in enumerate(ys)) / sxx


def live(kind: type) -> int:
    return sum(1 for o in gc.get_objects() if isinstance(o, kind))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--systems", default="", help="comma-separated systems (default: every installed one)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    import lupa.lua54 as lupa

    from rulestack import Game, GameAborted
    from rulestack.system import available_systems, find_system

    systems = [s for s in args.systems.split(",") if s] or sorted(available_systems())
    classes = [find_system(s) for s in systems]
    gc.collect()
    start_rss = rss()
    sizes: list[int] = []
    objects: dict[str, tuple[int, int, int]] = {}
    aborted = 0
    began = time.perf_counter()
    for i in range(args.games):
        cls = classes[i % len(classes)]
        game = Game(cls, list(cls.sample_decks), seed=args.seed + i)
        try:
            game.play()
        except GameAborted:
            aborted += 1
        finally:
            game.close()
        del game
        gc.collect()
        sizes.append(rss())
        if i in (len(classes) - 1, args.games - 1):   # every system has played (its pool is loaded); the end
            objects["warm" if i < args.games - 1 else "last"] = (len(gc.get_objects()), live(Game),
                                                                 live(lupa.LuaRuntime))
        if (i + 1) % 100 == 0:
            sys.stderr.write(f"\rmemory_bench: {i + 1}/{args.games} games, RSS {sizes[-1] / 2**20:.1f} MiB ")
            sys.stderr.flush()
    sys.stderr.write("\n")
    seconds = time.perf_counter() - began
    mib = 2**20
    first = statistics.mean(sizes[:100])
    last = statistics.mean(sizes[-100:])
    steady = sizes[100:] if len(sizes) > 200 else sizes
    print(f"memory_bench: {args.games} consecutive games in one process over {', '.join(systems)} "
          f"(seeds {args.seed}..{args.seed + args.games - 1}; {aborted} aborted), {seconds:.1f} s")
    print(f"  RSS at start            {start_rss / mib:9.1f} MiB")
    print(f"  RSS after game 1        {sizes[0] / mib:9.1f} MiB")
    print(f"  mean of first 100 games {first / mib:9.1f} MiB")
    print(f"  mean of last 100 games  {last / mib:9.1f} MiB   (last - first: {(last - first) / mib:+.2f} MiB)")
    print(f"  slope after game 100    {slope(steady) / 1024:+9.2f} KiB/game")
    print(f"  peak                    {max(sizes) / mib:9.1f} MiB")
    for when, (n, games, runtimes) in objects.items():
        label = f"after game {len(classes)} (every system played once)" if when == "warm" else "after the last game"
        print(f"  {label}: {n:,} Python objects, {games} Game(s), {runtimes} Lua runtime(s) alive")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
