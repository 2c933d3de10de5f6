"""One Piece benchmark: random full games between the two sample decks, single process.

Prints random full games per second and decisions per second (the median of several rounds of
seeded games; a "decision" is one answer an agent gave; games per second of CPU time too, which
other processes on the machine disturb less), and, measured in the same run as the
floor to compare against, the cost of a bare pluggy hook call and of a bare lupa call, with the
per-decision time as a ratio of each.

Run: ``python benchmarks/onepiece_bench.py [--rounds 5] [--games 20]``. The same seeds are played
in every round, so rounds differ only by machine noise.
"""
from __future__ import annotations

import argparse
import statistics
import time

import lupa.lua54 as lupa
import pluggy

from rulestack import Game

from rulestack_systems.onepiece import OnePieceSystem

DECKS = list(OnePieceSystem.sample_decks)


def bare_lupa_us(n: int = 100_000) -> float:
    """Microseconds per call of a trivial Lua function from Python."""
    f = lupa.LuaRuntime().eval("function(x) return x + 1 end")
    t = time.perf_counter()
    for i in range(n):
        f(i)
    return (time.perf_counter() - t) / n * 1e6


def bare_hook_us(n: int = 100_000) -> float:
    """Microseconds per call of a pluggy hook with one plugin."""
    spec, impl = pluggy.HookspecMarker("bench"), pluggy.HookimplMarker("bench")

    class Spec:
        @spec
        def ping(self, x):
            """A hook."""

    class Plugin:
        @impl
        def ping(self, x):
            return x

    pm = pluggy.PluginManager("bench")
    pm.add_hookspecs(Spec)
    pm.register(Plugin())
    hook = pm.hook.ping
    t = time.perf_counter()
    for i in range(n):
        hook(x=i)
    return (time.perf_counter() - t) / n * 1e6


def play_round(seeds: range) -> tuple[float, float, int, int]:
    """Play one game per seed; return the wall and CPU seconds taken, the games and the decisions."""
    decisions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        game = Game("onepiece", DECKS, seed=seed)
        try:
            result = game.play()
        finally:
            game.close()
        decisions += result.decisions
    return time.perf_counter() - wall, time.process_time() - cpu, len(seeds), decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of games (the median is reported)")
    parser.add_argument("--games", type=int, default=20, help="games per round (seeds 1..N)")
    args = parser.parse_args()
    seeds = range(1, args.games + 1)
    play_round(range(1, 2))                          # warm the process-wide card pool
    games_per_s, decisions_per_s, cpu_games_per_s = [], [], []
    for _ in range(args.rounds):
        wall, cpu, games, decisions = play_round(seeds)
        games_per_s.append(games / wall)
        decisions_per_s.append(decisions / wall)
        cpu_games_per_s.append(games / cpu)
    lua = statistics.median(bare_lupa_us() for _ in range(5))
    hook = statistics.median(bare_hook_us() for _ in range(5))
    gps, dps = statistics.median(games_per_s), statistics.median(decisions_per_s)
    per_decision_us = 1e6 / dps
    print(f"onepiece random games   {gps:10.2f} games/s      (median of {args.rounds} rounds of {args.games} games;"
          f" {statistics.median(cpu_games_per_s):.2f}/s of CPU time)")
    print(f"decisions               {dps:10.0f} decisions/s  = {per_decision_us:8.1f} us per decision")
    print(f"bare lupa call          {lua:10.2f} us           -> a decision costs {per_decision_us / lua:7.0f} lupa calls")
    print(f"bare pluggy hook call   {hook:10.2f} us           -> a decision costs {per_decision_us / hook:7.0f} hook calls")
    print(f"(ygopro-core, the peer: about 23 duels/s and 28,400 decisions/s on this kind of machine)")


if __name__ == "__main__":
    main()
