"""Yu-Gi-Oh! benchmark: random full duels between the classic decks, in one process.

Prints duels and decisions per second (medians of seeded rounds; wall clock and CPU time), setup
per duel, the floor measured in the same run (a bare lupa call, a bare pluggy hook call) with the
ratios, and the ratio to the peer: ygopro-core played the same decks at 37.0 random duels/s and
45,560 decisions/s with 13.7 ms of setup per duel (reference figures from another machine and
day, 2026-12-01, not measured by this run; ``benchmarks/compare.py`` compares revisions of
rulestack within one run). Decisions are the
agents' answers; windows with a single legal answer are answered by the host and counted only in
the "single-option decisions too" line (ygopro-core counts those). See ``benchmarks/common.py``.

Run: ``python benchmarks/yugioh_bench.py [--games N] [--rounds R] [--extra]`` (``--extra``: the Extra
Deck sample decks synchron_extreme and legendary_fusions instead of the classic ones, to see what
listing Synchro/Xyz/Link Summons and Fusion/Ritual Spells costs)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import system_report  # noqa: E402

from rulestack.pool import CardPool  # noqa: E402
from rulestack.system import find_system  # noqa: E402

if __name__ == "__main__":
    pool = CardPool.for_system(find_system("yugioh"))
    names = ("classic_a", "classic_b")
    if "--extra" in sys.argv:
        sys.argv.remove("--extra")
        names = ("synchron_extreme", "legendary_fusions")
    decks = [pool.deck(name) for name in names]  # read once, as a simulator would
    system_report("yugioh", decks, __doc__, unit="duels")
