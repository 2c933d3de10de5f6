"""What every benchmark shares: the floor (a bare lupa call, a bare pluggy hook call), timed
rounds of seeded random games, setup time, and the standard report.

Figures are medians over rounds; compare ratios (against the floor measured in the same run, or
against the peer's published figures), not absolute times: these machines are noisy. Rates per CPU
second of this process are printed too, since other processes disturb them less.
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable, Sequence

import lupa.lua54 as lupa
import pluggy

from rulestack import Game
from rulestack.runtime import Runtime

#: ygopro-core (EDOPro core, C++ harness) on classic_a vs classic_b with random legal answers, measured
#: interleaved with rulestack 0ad438a on a 2-vCPU machine on 2026-12-01 (docs: the shared note
#: ``performance.md``). Reference figures from another machine and day, not measured by this run:
#: compare ratios with care. Decisions count single-option ones too, as ygopro-core does.
PEER = {"games_s": 37.0, "decisions_s": 45_560.0, "setup_ms": 13.7, "rss_mb": 13.4}
PEER_SOURCE = "reference figures from another machine and day (2026-12-01, 2 vCPUs), not this run"


def median_us(fn: Callable[[int], None], n: int, rounds: int = 7) -> float:
    """Median microseconds per call of ``fn(n)`` doing ``n`` calls, over ``rounds`` rounds."""
    samples = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn(n)
        samples.append((time.perf_counter() - t) / n * 1e6)
    return statistics.median(samples)


_LUA = lupa.LuaRuntime()
_LUA_F = _LUA.eval("function(x) return x + 1 end")


def bare_lupa(n: int) -> None:
    """``n`` calls of a trivial Lua function from Python."""
    f = _LUA_F
    for i in range(n):
        f(i)


_spec, _impl = pluggy.HookspecMarker("bench"), pluggy.HookimplMarker("bench")


class _Spec:
    @_spec
    def ping(self, x):
        """A hook with one implementation."""


class _Plugin:
    @_impl
    def ping(self, x):
        return x


_PM = pluggy.PluginManager("bench")
_PM.add_hookspecs(_Spec)
_PM.register(_Plugin())


def bare_hook(n: int) -> None:
    """``n`` calls of a pluggy hook with one implementation."""
    hook = _PM.hook.ping
    for i in range(n):
        hook(x=i)


def floor() -> tuple[float, float]:
    """(bare lupa call, bare pluggy hook call) in microseconds, medians."""
    return median_us(bare_lupa, 100_000), median_us(bare_hook, 100_000)


def play_round(system: str, decks: Sequence, first_seed: int, games: int,
               every_decision: bool = False) -> tuple[float, float, int, int]:
    """Play ``games`` seeded random games; returns (wall s, CPU s, decisions, turns). Decisions are
    the agents' answers; with ``every_decision`` single-option decisions are asked too."""
    decisions = turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Game(system, list(decks), seed=seed)
        game.auto_single = not every_decision
        result = game.play()
        game.close()
        decisions += result.decisions
        turns += result.turns
    return time.perf_counter() - wall, time.process_time() - cpu, decisions, turns


def setup_ms(system: str, decks: Sequence, n: int = 20, fresh: bool = False) -> float:
    """Median milliseconds to make a game ready to play (shuffles, opening hands) on the process's
    reused runtime; with ``fresh``, on a new :class:`~rulestack.runtime.Runtime` each time (a new
    plugin manager and Lua runtime, the decks' scripts compiled: the cost before runtimes)."""
    times = []
    for seed in range(n):
        t = time.perf_counter()
        game = Game(system, list(decks), seed=seed, runtime=Runtime(system) if fresh else None)
        game.start()
        times.append(time.perf_counter() - t)
        game.close()
    return statistics.median(times) * 1000


def arguments(doc: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per round (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; medians are reported (default 5)")
    return parser.parse_args()


def system_report(system: str, decks: Sequence, doc: str, unit: str = "games") -> None:
    """Measure and print a system's standard figures: games and decisions per second (wall and
    CPU), decisions counted both ways, setup per game, the floor, and the ratios."""
    args = arguments(doc)
    play_round(system, decks, 10_000, 2)          # warm up: the process-wide card pool is built once
    rates, dec_rates, per_dec, cpu_rates, cpu_dec = [], [], [], [], []
    turns_total = decisions_total = 0
    for r in range(args.rounds):
        wall, cpu, decisions, turns = play_round(system, decks, r * args.games, args.games)
        rates.append(args.games / wall)
        dec_rates.append(decisions / wall)
        per_dec.append(wall / max(decisions, 1) * 1e6)
        cpu_rates.append(args.games / cpu)
        cpu_dec.append(decisions / cpu)
        turns_total += turns
        decisions_total += decisions
    all_wall, _, all_decisions, _ = play_round(system, decks, 0, args.games, every_decision=True)
    setup = setup_ms(system, decks)
    setup_fresh = setup_ms(system, decks, fresh=True)
    lua, hook = floor()
    n = args.rounds * args.games
    games_s, decs_s, us_dec = statistics.median(rates), statistics.median(dec_rates), statistics.median(per_dec)
    names = [getattr(d, "name", d) for d in decks]
    print(f"{system} random {unit} ({' vs '.join(names)}), {args.rounds} rounds of {args.games}, median:")
    print(f"  {unit} per second {games_s:12.1f}   ({1000 / games_s:.1f} ms each, {turns_total / n:.1f} turns each)")
    print(f"  decisions per second {decs_s:8.0f}   ({us_dec:.0f} us each; {decisions_total / n:.0f} per game)")
    print(f"  counting single-option decisions too: {all_decisions / all_wall:.0f} decisions/s "
          f"({all_decisions / args.games:.0f} per game)")
    print(f"  per CPU second       {statistics.median(cpu_rates):8.1f} {unit}, "
          f"{statistics.median(cpu_dec):.0f} decisions")
    print(f"  setup per game       {setup:8.1f} ms   (reused runtime; {setup_fresh:.1f} ms on a fresh one)")
    print("floor, same run:")
    print(f"  bare lupa call       {lua:8.2f} us")
    print(f"  bare pluggy hook     {hook:8.2f} us")
    print("ratios:")
    print(f"  one decision = {us_dec / hook:.0f} hook calls = {us_dec / lua:.0f} lupa calls")
    print(f"  vs ygopro-core ({PEER['games_s']:.1f} duels/s, {PEER['decisions_s']:,.0f} decisions/s counting "
          f"single-option ones, {PEER['setup_ms']:.1f} ms setup, {PEER['rss_mb']:.1f} MB peak RSS; "
          f"{PEER_SOURCE}):")
    print(f"    {games_s / PEER['games_s']:.2f}x {unit}/s, {all_decisions / all_wall / PEER['decisions_s']:.3f}x "
          f"decisions/s, setup {setup / PEER['setup_ms']:.2f}x the time")
