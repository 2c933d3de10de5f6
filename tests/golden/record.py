"""Record the event logs of seeded games of every bundled system (the golden logs).

The golden logs pin the behaviour of the bundled systems: a refactor of the host must leave every
seeded game byte for byte the same (``test_golden_logs.py``). A rules fix that changes games on
purpose records them again with this script and says so in its commit message::

    python tests/golden/record.py            # every bundled system
    python tests/golden/record.py yugioh     # one system
"""
from __future__ import annotations

import gzip
import sys
from pathlib import Path

from rulestack import Game
from rulestack.system import find_system

HERE = Path(__file__).parent
SYSTEMS = ("mtg", "yugioh", "onepiece")
SEEDS = range(20)


def golden_path(system: str, seed: int) -> Path:
    return HERE / system / f"seed-{seed:02d}.jsonl.gz"


def play_log(system: str, seed: int) -> str:
    """The event log of the seeded game between the system's two sample decks."""
    game = Game(system, list(find_system(system).sample_decks), seed=seed)
    try:
        game.play()
        return game.event_log_json()
    finally:
        game.close()


def read_golden(system: str, seed: int) -> str:
    return gzip.decompress(golden_path(system, seed).read_bytes()).decode()


def record(system: str) -> None:
    (HERE / system).mkdir(exist_ok=True)
    for seed in SEEDS:
        # mtime=0 keeps the file's bytes a function of the log alone.
        golden_path(system, seed).write_bytes(gzip.compress(play_log(system, seed).encode(), mtime=0))


if __name__ == "__main__":
    for name in sys.argv[1:] or SYSTEMS:
        record(name)
        print(f"recorded {len(SEEDS)} games of {name}")
