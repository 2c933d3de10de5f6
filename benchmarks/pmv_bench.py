"""Phantom Magic Vision benchmark: random full games between the two sample decks, in one process.

Prints games and decisions per second (medians of seeded rounds; wall clock and CPU time), setup
per game, the floor measured in the same run (a bare lupa call, a bare pluggy hook call) with the
ratios, and the ratio to ygopro-core's published figures. See ``benchmarks/common.py``.

Run: ``python benchmarks/pmv_bench.py [--games N] [--rounds R]``
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import system_report  # noqa: E402

from rulestack_systems.pmv import PMVSystem  # noqa: E402

if __name__ == "__main__":
    system_report("pmv", list(PMVSystem.sample_decks), __doc__)
