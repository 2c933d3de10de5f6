"""How the search agents fare against the random agent, system by system (issue 20 item 2).

Each agent plays seeded games against the random agent on the system's sample decks, seats
alternating (game ``i`` on seed ``i``; the agent sits first in even games); the bench prints its
wins with the 95% Wilson interval, and the CPU seconds per game. The tests
(tests/host/test_search_agents.py) assert a lower bound over a few games; this is the bigger
measurement.

    python benchmarks/agents_bench.py                       # every bundled system, the tests' mcts and greedy
    python benchmarks/agents_bench.py --systems mtg yugioh --agents mcts:playouts=16 --games 40
"""
from __future__ import annotations

import argparse
import time

from rulestack import Game
from rulestack.agents import RandomAgent
from rulestack.harness.simulate import wilson_interval
from rulestack.search import make_agent
from rulestack.system import find_system

SYSTEMS = ("mtg", "yugioh", "onepiece", "digimon", "pmv")
#: The Monte Carlo settings the tests use per system (tests/host/test_search_agents.py), and greedy.
MCTS = {"mtg": "mcts:playouts=8,turns=0,depth=40"}
MCTS_DEFAULT = "mcts:playouts=8,policy=passive,turns=0"


def duel(system: str, spec: str, games: int, first_seed: int = 0) -> tuple[int, int, float, float]:
    """``games`` seeded games of the agent ``spec`` against the random agent, seats alternating:
    (wins, draws, CPU seconds per game, average turns)."""
    decks = list(find_system(system).sample_decks)
    wins = draws = turns = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        seat = seed % 2
        agents: list = [RandomAgent(seed + 100), RandomAgent(seed + 200)]
        agents[seat] = make_agent(spec, seed)
        result = Game(system, decks, seed=seed, agents=agents).play()
        wins += seat in result.winners
        draws += not result.winners
        turns += result.turns
    return wins, draws, (time.process_time() - start) / games, turns / games


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--systems", nargs="*", default=list(SYSTEMS))
    ap.add_argument("--agents", nargs="*", default=None,
                    help="agent specs, e.g. mcts:playouts=16 (default: the tests' mcts settings, and greedy)")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(f"{'system':<9} {'agent':<22} {'wins':>9} {'95% interval':>14} {'draws':>5} {'turns':>6} {'cpu s/game':>10}")
    for system in args.systems:
        for spec in args.agents or [MCTS.get(system, MCTS_DEFAULT), "greedy"]:
            wins, draws, cpu, turns = duel(system, spec, args.games, args.first_seed)
            low, high = wilson_interval(wins, args.games)
            print(f"{system:<9} {spec:<22} {wins:>4}/{args.games:<4} [{low:.2f}, {high:.2f}]   {draws:>5} {turns:>6.1f}"
                  f" {cpu:>10.2f}", flush=True)


if __name__ == "__main__":
    main()
