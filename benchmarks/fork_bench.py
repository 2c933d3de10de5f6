"""What a fork of a game in progress costs (issue 20 item 1).

Plays a seeded Yu-Gi-Oh! duel with random agents to an action window in mid-game, then prints:
the time of ``game.fork()`` there (a fork replays the game's recorded answers: a game paused at a
decision sits on a greenlet whose frames cannot be copied), the time of replaying the same
answers by hand (the oracle), and the time of copying the state as data (``GameState.copy``),
which is what a copy-based fork at an action window would cost at the least.

    python benchmarks/fork_bench.py [SEED] [REPEATS]
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from rulestack import Game
from rulestack.search import fork, replay_to
from rulestack.step import StepGame
from rulestack.system import find_system


def mid_game(seed: int) -> StepGame:
    """A stepped duel at an action window about halfway through a full game."""
    decks = list(find_system("yugioh").sample_decks)
    full = Game("yugioh", decks, seed=seed)
    full.play()
    half = len(full.decisions) // 2
    step = StepGame(Game("yugioh", decks, seed=seed))
    for answer in full.decisions[:half]:
        step.apply(answer)
    rng = random.Random(seed)
    while not step.done and step.decision.kind != "action":
        step.apply(rng.choice(step.legal_answers()))
    return step


def timed(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    step = mid_game(seed)
    game = step.game
    fork(game).close()   # warm the runtime (engines, compiled scripts)
    fork_ms = timed(lambda: fork(game).close(), repeats)
    replay_ms = timed(lambda: replay_to(game, list(game.decisions)).close(), repeats)
    copy_ms = timed(lambda: game.state.copy(), repeats)
    print(f"yugioh seed {seed}: action window at turn {game.state.turn}, after {len(game.decisions)} answers")
    print(f"  game.fork() (replay)        {fork_ms:9.2f} ms   (median of {repeats})")
    print(f"  replay to the same point    {replay_ms:9.2f} ms")
    print(f"  GameState.copy() (data)     {copy_ms:9.2f} ms   (goal for a copying fork: < 1 ms)")
    print(f"  ratio fork / state copy     {fork_ms / copy_ms if copy_ms else float('inf'):9.1f}x")
    step.close()


if __name__ == "__main__":
    main()
