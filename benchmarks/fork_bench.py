"""What a fork of a game in progress costs (issue 20 item 1), beside replaying to the same point.

For each system, plays a seeded game with random agents to an action window of the turn
player's main phase in mid-game (for Yu-Gi-Oh!, the goal's case: a duel about halfway through),
then prints, in CPU time of this process (other work on the machine counts less, but a loaded
machine still slows everything down: quote medians, and the ratio measured in the same run):

- ``game.fork()`` there: its median and p90 in µs, and how it was made (``copy``: the state
  copied and the turn re-entered, :mod:`rulestack.fork`; ``replay``: the system's windows are not
  re-entrant, see fork.py's docs);
- the same fork made by replaying the game's recorded answers (the oracle, always available),
  and the ratio of the two medians;
- the part of the fork that copies the state (:func:`rulestack.state_copy.copy_state`), and
  closing a fork (its engine given back to the runtime's pool; not part of the fork's time).

The fork and the state copy are timed in alternating rounds, so that a change of load on the
machine weighs on both alike.

    python benchmarks/fork_bench.py [SYSTEM ...] [--seed N] [--repeats N]

Without systems: Yu-Gi-Oh! (the goal: a fork by copy under 1 ms) and every other bundled system.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any, Callable

from rulestack import Game
from rulestack.fork import copy_fork
from rulestack.search import replay_to
from rulestack.state_copy import copy_state
from rulestack.step import StepGame
from rulestack.system import find_system

SYSTEMS = ("yugioh", "digimon", "onepiece", "mtg", "pmv")
MAIN_PHASES = ("main", "main1", "main2", "precombat_main", "postcombat_main")


def mid_game(system: str, seed: int) -> StepGame:
    """A stepped game of ``system`` at an action window of the turn player's main phase about
    halfway through a full game of the same seed: one a fork can copy when there is one soon
    after, else the first such window (forked by replay)."""
    decks = list(find_system(system).sample_decks)
    full = Game(system, decks, seed=seed)
    full.play()
    answers = list(full.decisions)
    full.close()
    step = StepGame(Game(system, decks, seed=seed))
    for answer in answers[:len(answers) // 2]:
        step.apply(answer)
    rng = random.Random(seed)
    fallback: list[Any] | None = None
    for _ in range(400):
        if step.done:
            break
        state = step.game.state
        if (step.decision.kind == "action" and step.decision.player == state.active_player
                and state.phase in MAIN_PHASES):
            probe = copy_fork(step.game)
            if probe is not None:
                probe.close()
                return step
            if fallback is None:
                fallback = list(step.game.decisions)
        step.apply(rng.choice(step.legal_answers()))
    if fallback is None:
        raise SystemExit(f"{system} seed {seed}: no main-phase action window after mid-game; try another seed")
    step.close()
    step = StepGame(Game(system, decks, seed=seed))
    for answer in fallback:
        step.apply(answer)
    return step


def cpu_times(fn: Callable[[], Any], repeats: int, after: Callable[[Any], Any] | None = None) -> list[float]:
    """CPU times of ``repeats`` calls of ``fn()`` in µs (``after(result)`` runs untimed)."""
    times = []
    clock = time.process_time
    for _ in range(repeats):
        t = clock()
        out = fn()
        times.append((clock() - t) * 1e6)
        if after is not None:
            after(out)
    return times


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def bench(system: str, seed: int, repeats: int) -> dict[str, Any]:
    step = mid_game(system, seed)
    game = step.game
    first = game.fork()
    method = first.method
    first.close()   # (warms the runtime's engine pool and its compiled scripts)
    close: Callable[[Any], None] = lambda f: f.close()   # noqa: E731
    forks: list[float] = []
    copies: list[float] = []
    slow = max(5, repeats // 40)
    many = repeats if method == "copy" else slow   # (a fork by replay is as slow as the oracle)
    rounds = 10
    for _ in range(rounds):   # alternating, so that a change of load weighs on both alike
        forks += cpu_times(game.fork, max(1, many // rounds), close)
        copies += cpu_times(lambda: copy_state(game.state), max(1, many // rounds))
    answers = list(game.decisions)
    replays = cpu_times(lambda: replay_to(game, answers), slow, close)
    closes = []
    for _ in range(slow):
        f = game.fork()
        closes += cpu_times(f.close, 1)
    state = game.state
    out = {"system": system, "seed": seed, "turn": state.turn, "phase": state.phase, "answers": len(answers),
           "cards": len(state.cards), "events": len(state.log), "method": method,
           "fork_median": statistics.median(forks), "fork_p90": p90(forks), "forks": len(forks),
           "replay_median": statistics.median(replays), "replays": len(replays),
           "copy_median": statistics.median(copies), "close_median": statistics.median(closes)}
    step.close()
    return out


def report(r: dict[str, Any]) -> None:
    ratio = r["replay_median"] / r["fork_median"] if r["fork_median"] else float("inf")
    goal = "   (goal < 1000 µs)" if r["system"] == "yugioh" else ""
    print(f"{r['system']} seed {r['seed']}: {r['phase']} action window at turn {r['turn']}, after {r['answers']} "
          f"answers, {r['cards']} cards, {r['events']} events")
    print(f"  game.fork() by {r['method']:7s}  median {r['fork_median']:9.0f} µs  p90 {r['fork_p90']:9.0f} µs"
          f"   (of {r['forks']}){goal}")
    print(f"  fork by replay (the oracle)  median {r['replay_median']:9.0f} µs"
          f"                   (of {r['replays']})")
    print(f"  ratio replay / fork          {ratio:9.1f}x")
    if r["method"] == "copy":
        print(f"  of which the state copy      median {r['copy_median']:9.0f} µs"
              f"   ({100 * r['copy_median'] / r['fork_median']:.0f}% of the fork)")
    print(f"  closing a fork               median {r['close_median']:9.0f} µs   (not in the fork's time)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("systems", nargs="*", default=list(SYSTEMS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=400, help="forks timed per system (default 400)")
    args = parser.parse_args()
    for system in args.systems:
        report(bench(system, args.seed, args.repeats))


if __name__ == "__main__":
    main()
