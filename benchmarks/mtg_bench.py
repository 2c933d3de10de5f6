"""MTG benchmark: random full games between the sample decks, in one process.

Prints the median over several rounds of random full games per second and decisions per second
(every answer an agent gives; a priority window where a player can only pass is answered by the host
and not counted), the time per decision and per game, and, measured in the same run
as the floor to compare against, one bare pluggy hook call and one bare lupa call. Ratios are what
carry across machines. The peer (ARCHITECTURE.md): ygopro-core plays about 23 random duels/s at
about 28,000 decisions/s on this kind of machine.

Run: ``python benchmarks/mtg_bench.py [--games N] [--rounds R]``
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from rulestack import Game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from host_bench import bare_hook, bare_lupa, per_call  # noqa: E402  (the host benchmark's floor)

DECKS = ("white_weenie", "red_burn")


def play_round(first_seed: int, games: int) -> tuple[float, float, int, int]:
    """Play ``games`` seeded random games; returns (wall seconds, CPU seconds, decisions, turns)."""
    decisions = turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Game("mtg", list(DECKS), seed=seed)
        result = game.play()
        game.close()
        decisions += result.decisions
        turns += result.turns
    return time.perf_counter() - wall, time.process_time() - cpu, decisions, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per round (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; medians are reported (default 5)")
    args = parser.parse_args()

    play_round(10_000, 2)                       # warm up: the process-wide card pool is built once
    rates, dec_rates, per_decision, cpu_rates = [], [], [], []
    total_turns = total_games = 0
    for r in range(args.rounds):
        seconds, cpu, decisions, turns = play_round(r * args.games, args.games)
        rates.append(args.games / seconds)
        cpu_rates.append(args.games / cpu)
        dec_rates.append(decisions / seconds)
        per_decision.append(seconds / decisions * 1e6)
        total_turns += turns
        total_games += args.games
    lua = per_call(bare_lupa, 100_000)
    hook = per_call(bare_hook, 100_000)
    games_s, decs_s, us_dec = statistics.median(rates), statistics.median(dec_rates), statistics.median(per_decision)

    print(f"mtg random games ({' vs '.join(DECKS)}), {args.rounds} rounds of {args.games}, median:")
    print(f"  games per second      {games_s:10.1f}   ({1000 / games_s:.1f} ms per game, "
          f"{total_turns / total_games:.1f} turns per game)")
    print(f"  decisions per second  {decs_s:10.0f}   ({us_dec:.0f} us per decision)")
    print(f"  games per CPU second  {statistics.median(cpu_rates):10.1f}   (wall time suffers on a busy machine)")
    print("floor, same run:")
    print(f"  bare lupa call        {lua:10.2f} us")
    print(f"  bare pluggy hook call {hook:10.2f} us")
    print("ratios:")
    print(f"  one decision = {us_dec / hook:8.0f} hook calls = {us_dec / lua:8.0f} lupa calls")
    print(f"  vs ygopro-core (23 duels/s, 28,400 decisions/s): {games_s / 23:.2f}x games/s, "
          f"{decs_s / 28_400:.3f}x decisions/s")


if __name__ == "__main__":
    main()
