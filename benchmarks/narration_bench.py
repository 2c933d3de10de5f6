"""What watching a game costs: seeded games of each bundled system played plain, with live narration
in four views (``rulestack play`` uses one), and with the replay viewer's board recorder.

Prints the median seconds per game over rounds and the ratio to the plain game measured in the same
run (compare the ratios: these machines are noisy)::

    python benchmarks/narration_bench.py [--rounds 3] [--seeds 3]
"""
from __future__ import annotations

import argparse
import statistics
import time

from rulestack import Game
from rulestack.harness.html_replay import BoardRecorder
from rulestack.narrate import LiveNarrator
from rulestack.system import find_system

SYSTEMS = ("mtg", "yugioh", "onepiece")


def seconds_per_game(system: str, seeds: int, rounds: int, watcher) -> float:
    samples = []
    decks = list(find_system(system).sample_decks)
    for _ in range(rounds):
        total = 0.0
        for seed in range(seeds):
            game = Game(system, decks, seed=seed, plugins=[watcher()] if watcher else ())
            t = time.perf_counter()
            game.play()
            total += time.perf_counter() - t
            game.close()
        samples.append(total / seeds)
    return statistics.median(samples)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seeds", type=int, default=3)
    args = ap.parse_args()
    watchers = {"plain": None, "narrated (4 views)": lambda: LiveNarrator([None, 0, 1, "omniscient"]),
                "board recorder": BoardRecorder}
    print(f"{'system':10} " + " ".join(f"{name:>28}" for name in watchers))
    for system in SYSTEMS:
        plain = None
        cells = []
        for name, watcher in watchers.items():
            s = seconds_per_game(system, args.seeds, args.rounds, watcher)
            plain = plain or s
            cells.append(f"{s:8.3f} s/game ({s / plain:4.1f}x)")
        print(f"{system:10} " + " ".join(f"{c:>28}" for c in cells))


if __name__ == "__main__":
    main()
