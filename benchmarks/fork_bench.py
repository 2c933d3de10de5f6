"""What a fork of a game in progress costs (issue 20 item 1).

Plays a seeded Yu-Gi-Oh! duel with random agents to an action window of the turn player's Main
Phase in mid-game, then prints, as medians of many runs (CPU time of this process, so that other
work on the machine counts less):

- ``game.fork()`` there: a fork by copy (the state copied, the turn re-entered: rulestack.fork);
- the same fork made by replaying the game's recorded answers (the oracle, always available);
- the parts of the copy: the state alone (``rulestack.state_copy``) beside ``GameState.copy``
  (through plain data), and closing a fork (its engine given back to the runtime's pool).

    python benchmarks/fork_bench.py [SEED] [REPEATS]
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any, Callable

from rulestack import Game
from rulestack.fork import copy_fork
from rulestack.search import fork, replay_to
from rulestack.state_copy import copy_state
from rulestack.step import StepGame
from rulestack.system import find_system


def mid_game(seed: int) -> StepGame:
    """A stepped duel at a Main Phase action window about halfway through a full game."""
    decks = list(find_system("yugioh").sample_decks)
    full = Game("yugioh", decks, seed=seed)
    full.play()
    half = len(full.decisions) // 2
    step = StepGame(Game("yugioh", decks, seed=seed))
    for answer in full.decisions[:half]:
        step.apply(answer)
    rng = random.Random(seed)
    while not step.done:
        if step.decision.kind == "action":
            probe = copy_fork(step.game)
            if probe is not None:
                probe.close()
                break
        step.apply(rng.choice(step.legal_answers()))
    return step


def timed(fn: Callable[[], Any], repeats: int, after: Callable[[Any], Any] | None = None) -> float:
    """The median CPU time of ``fn()`` in ms (``after(result)`` runs untimed)."""
    times = []
    for _ in range(repeats):
        t = time.process_time()
        out = fn()
        times.append(time.process_time() - t)
        if after is not None:
            after(out)
    return statistics.median(times) * 1000


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    step = mid_game(seed)
    game = step.game
    first = fork(game)
    method = first.method
    first.close()   # (warms the runtime's engine pool and compiled scripts)
    close = lambda f: f.close()   # noqa: E731
    fork_ms = timed(lambda: fork(game), repeats, close)
    slow = max(5, repeats // 20)
    replay_ms = timed(lambda: replay_to(game, list(game.decisions)), slow, close)
    state_ms = timed(lambda: copy_state(game.state), repeats)
    data_ms = timed(lambda: game.state.copy(), slow)
    close_ms = statistics.median([timed(lambda: None, 1) + _close_time(fork(game)) for _ in range(slow)])
    print(f"yugioh seed {seed}: {game.state.phase} action window at turn {game.state.turn}, after "
          f"{len(game.decisions)} answers, {len(game.state.cards)} cards, {len(game.state.log)} events")
    print(f"  game.fork() (by {method})         {fork_ms:9.3f} ms   (median of {repeats}; goal < 1 ms)")
    print(f"  fork by replay (the oracle)      {replay_ms:9.3f} ms   (median of {slow})")
    print(f"  ratio replay / fork              {replay_ms / fork_ms if fork_ms else float('inf'):9.1f}x")
    print(f"  of which the state copy          {state_ms:9.3f} ms   (rulestack.state_copy)")
    print(f"  GameState.copy() (plain data)    {data_ms:9.3f} ms   ({data_ms / state_ms if state_ms else 0:.0f}x the copy)")
    print(f"  closing a fork                   {close_ms:9.3f} ms")
    step.close()


def _close_time(f: StepGame) -> float:
    t = time.process_time()
    f.close()
    return (time.process_time() - t) * 1000


if __name__ == "__main__":
    main()
