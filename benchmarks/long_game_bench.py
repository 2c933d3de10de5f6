"""Long games: does the cost of a decision stay flat as the board grows?

Plays seeded random games of Tiny (the example system of ``docs/examples/tinygame``) with decks
grown to 200 cards (the sample decks' 40 and 160 more of the same cards put into the deck after
setup) and a board of permanents put onto the field before the first turn (``--boards``, split
between the players; Tiny has no combat, so the board only grows). The host's CPU time between two
agent decisions is attributed to the board size (units and relics on the field, both players)
at the decision. Printed per board-size bucket: µs per decision and the number of cards that
could act (cards in hand and on the field, both players: what the legal-action lists look at).

The check: from the smallest bucket to the largest, µs per decision must grow no faster than the
number of cards that could act. It is printed (``ok`` / ``GROWS FASTER``), never asserted: these
machines are noisy.

Run: ``python benchmarks/long_game_bench.py [--games N] [--boards 0,10,20,30] [--deck 200]``

Why some decisions cost tens of milliseconds at small boards (found 2026-12-02): the cost follows
the number of live floating effects, not the cards. In some turns the random agents play hundreds
of actions (seed 0, board 10: turn 8 reached 280 live effects, +1 power from Rally and negations
from Silence, all "until end of turn"), so the effects pile up until the End Phase clears them,
and every change of state recomputes derived values: each
effect's filter was searched over every candidate card and a new modifier made per effect and card,
O(effects x cards) per change. The host now searches each distinct filter once per recomputation
and reuses an unchanged effect's modifiers; applying the modifiers to a card is still O(effects on
it), so a turn with hundreds of effects stays slower than a quiet one. The bucket figures mix such
turns with ordinary ones; a turn bound like the runaway guard's (a position repeated too often
ends the game) cuts them short.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "examples" / "tinygame"))   # Tiny, installed or not

from rulestack import Game  # noqa: E402
from rulestack.agents import RandomAgent  # noqa: E402
from rulestack_tiny import TinyGame  # noqa: E402

#: Cards put onto the field before the first turn, in turn: plain units and units with a trigger.
BOARD = ("T01", "T02", "T11", "T14", "T15", "T18", "T08")
BUCKET = 5      # board sizes are grouped by this many permanents


class TimingAgent(RandomAgent):
    """A random agent that attributes the host's CPU time since its last answer to the board size
    and the number of cards that could act at this decision."""

    def __init__(self, seed: int, clock: dict, samples: dict) -> None:
        super().__init__(seed)
        self.clock, self.samples = clock, samples

    def decide(self, decision, seat):
        now = time.process_time()
        game = self.clock["game"]
        board = len(game.cards_in("field", 0)) + len(game.cards_in("field", 1))
        actors = board + len(game.cards_in("hand", 0)) + len(game.cards_in("hand", 1))
        self.samples[board // BUCKET * BUCKET].append((now - self.clock["t"], actors))
        answer = super().decide(decision, seat)
        self.clock["t"] = time.process_time()
        return answer


def long_game(seed: int, deck_size: int, board: int, samples: dict) -> int:
    """Play one long game; return its number of turns."""
    clock: dict = {}
    agents = [TimingAgent(seed * 7919 + i + 1, clock, samples) for i in range(2)]
    game = Game(TinyGame, list(TinyGame.sample_decks), seed=seed, agents=agents)
    clock["game"] = game
    game.start()
    for p in range(2):
        codes = [c.code for c in game.cards_in("deck", p)]
        for i in range(deck_size - len(codes) - len(game.cards_in("hand", p))):
            game.create_card(codes[i % len(codes)], p, "deck")
        for i in range(board // 2 + (board % 2 if p == 0 else 0)):
            game.create_card(BOARD[i % len(BOARD)], p, "field")
    game.shuffle("deck", 0)
    game.shuffle("deck", 1)
    clock["t"] = time.process_time()
    result = game.play()
    game.close()
    return result.turns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per starting board (default 6)")
    parser.add_argument("--boards", default="0,10,20,30", help="starting board sizes (default 0,10,20,30)")
    parser.add_argument("--deck", type=int, default=200, help="cards per deck (default 200)")
    args = parser.parse_args(argv)
    long_game(10_000, 40, 0, defaultdict(list))                 # warm up
    samples: dict[int, list[tuple[float, int]]] = defaultdict(list)
    turns = []
    for board in (int(b) for b in args.boards.split(",")):
        for seed in range(args.games):
            turns.append(long_game(seed, args.deck, board, samples))
    print(f"long Tiny games: decks of {args.deck} cards, starting boards {args.boards}, {args.games} games each, "
          f"{statistics.mean(turns):.0f} turns on average")
    print(f"  {'board':>9} {'decisions':>10} {'CPU us/decision':>16} {'(median)':>9} {'cards that could act':>21}")
    rows = []
    for bucket in sorted(samples):
        times = [t for t, _ in samples[bucket]]
        actors = statistics.mean(a for _, a in samples[bucket])
        mean_us, median_us = statistics.mean(times) * 1e6, statistics.median(times) * 1e6
        rows.append((bucket, len(times), mean_us, actors))
        print(f"  {bucket:>4}-{bucket + BUCKET - 1:<4} {len(times):>10} {mean_us:>16.0f} {median_us:>9.0f} {actors:>21.1f}")
    rows = [r for r in rows if r[1] >= 20] or rows                # buckets with enough decisions
    first, last = rows[0], rows[-1]
    cost_growth, actor_growth = last[2] / first[2], last[3] / first[3]
    verdict = "ok" if cost_growth <= actor_growth else "GROWS FASTER"
    print(f"check: from board {first[0]} to board {last[0]}, us/decision x{cost_growth:.2f}, "
          f"cards that could act x{actor_growth:.2f}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
