"""Yu-Gi-Oh! benchmark: random full duels between the classic decks, in one process.

Prints the median over several rounds of random full duels per second and decisions per second
(every answer an agent gives; windows where a player has only "pass" are answered by the host and
not counted), the same per CPU second of this process (steadier on a shared machine), the setup
time per duel (building the game and its Lua runtime, shuffling, drawing), and, measured in the same run as the floor to compare against, one bare pluggy hook call and one
bare lupa call. Ratios are what carry across machines. The peer (issue 4, ARCHITECTURE.md):
ygopro-core plays the same decks at about 23 random duels/s and 28,000 decisions/s on this kind
of machine, with 20 ms of setup per duel.

Run: ``python benchmarks/yugioh_bench.py [--games N] [--rounds R]``
"""
from __future__ import annotations

import argparse
import statistics
import time

import lupa.lua54 as lupa
import pluggy

from rulestack import Game
from rulestack.pool import CardPool
from rulestack.system import find_system

DECKS = ("classic_a", "classic_b")
PEER_DUELS_S, PEER_DECISIONS_S, PEER_SETUP_MS = 23.0, 28_000.0, 20.0


def bare_lupa_us(n: int = 100_000) -> float:
    """Microseconds per call of a trivial Lua function from Python."""
    rt = lupa.LuaRuntime()
    f = rt.eval("function(x) return x + 1 end")
    t = time.perf_counter()
    for i in range(n):
        f(i)
    return (time.perf_counter() - t) / n * 1e6


def bare_hook_us(n: int = 100_000) -> float:
    """Microseconds per call of a one-implementation pluggy hook."""
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


def setup_ms(decks: list, n: int = 20) -> float:
    """Milliseconds to make a duel ready to play: the game, its plugin manager and Lua runtime with
    the decks' scripts, the shuffle, 8000 LP and the opening hands."""
    times = []
    for seed in range(n):
        t = time.perf_counter()
        game = Game("yugioh", decks, seed=seed)
        game.start()
        times.append(time.perf_counter() - t)
        game.close()
    return statistics.median(times) * 1000


def play_round(decks: list, first_seed: int, games: int, every_decision: bool = False
               ) -> tuple[float, float, int, int]:
    """Play ``games`` seeded random duels; returns (wall seconds, CPU seconds, decisions, turns).
    With ``every_decision`` the agents also answer decisions that have a single legal answer."""
    decisions = turns = 0
    t, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Game("yugioh", decks, seed=seed)
        game.auto_single = not every_decision
        result = game.play()
        game.close()
        decisions += result.decisions
        turns += result.turns
    return time.perf_counter() - t, time.process_time() - cpu, decisions, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="duels per round (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; medians are reported (default 5)")
    args = parser.parse_args()

    pool = CardPool.for_system(find_system("yugioh"))
    decks = [pool.deck(name) for name in DECKS]   # deck files are read once, as a simulator would
    play_round(decks, 10_000, 2)                  # warm up: the process-wide card pool is built once
    rates, dec_rates, per_decision, cpu_rates, cpu_dec_rates = [], [], [], [], []
    total_turns = total_games = total_decisions = 0
    for r in range(args.rounds):
        seconds, cpu, decisions, turns = play_round(decks, r * args.games, args.games)
        rates.append(args.games / seconds)
        dec_rates.append(decisions / seconds)
        per_decision.append(seconds / decisions * 1e6)
        cpu_rates.append(args.games / cpu)
        cpu_dec_rates.append(decisions / cpu)
        total_turns += turns
        total_games += args.games
        total_decisions += decisions
    all_seconds, _, all_decisions, _ = play_round(decks, 0, args.games, every_decision=True)
    setup = statistics.median(setup_ms(decks) for _ in range(3))
    setup_by_name = statistics.median(setup_ms(list(DECKS), 10) for _ in range(3))
    lua = statistics.median(bare_lupa_us() for _ in range(5))
    hook = statistics.median(bare_hook_us() for _ in range(5))
    duels_s, decs_s, us_dec = statistics.median(rates), statistics.median(dec_rates), statistics.median(per_decision)

    print(f"yugioh random duels ({' vs '.join(DECKS)}), {args.rounds} rounds of {args.games}, median:")
    print(f"  duels per second      {duels_s:10.1f}   ({1000 / duels_s:.1f} ms per duel, "
          f"{total_turns / total_games:.1f} turns per duel)")
    print(f"  decisions per second  {decs_s:10.0f}   ({us_dec:.0f} us per decision)")
    print(f"  counting single-option decisions too: {all_decisions / all_seconds:.0f} decisions/s "
          f"({all_decisions / args.games:.0f} per duel, against {total_decisions / total_games:.0f})")
    print(f"  per CPU second        {statistics.median(cpu_rates):10.1f} duels, "
          f"{statistics.median(cpu_dec_rates):.0f} decisions (robust when the machine is shared)")
    print(f"  setup per duel        {setup:10.1f} ms (decks read once; {setup_by_name:.1f} ms reading the deck "
          f"files each time)")
    print("floor, same run:")
    print(f"  bare lupa call        {lua:10.2f} us")
    print(f"  bare pluggy hook call {hook:10.2f} us")
    print("ratios:")
    print(f"  one decision = {us_dec / hook:8.0f} hook calls = {us_dec / lua:8.0f} lupa calls")
    print(f"  vs ygopro-core ({PEER_DUELS_S:.0f} duels/s, {PEER_DECISIONS_S:,.0f} decisions/s, "
          f"{PEER_SETUP_MS:.0f} ms setup): {duels_s / PEER_DUELS_S:.2f}x duels/s, "
          f"{decs_s / PEER_DECISIONS_S:.3f}x decisions/s, setup {setup / PEER_SETUP_MS:.2f}x the time")


if __name__ == "__main__":
    main()
