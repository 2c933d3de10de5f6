"""The seeded games of every bundled system are byte for byte those recorded in ``tests/golden``.

These recordings were taken before the host was reshaped; they change only when a rules fix
changes games on purpose (record them again with ``python tests/golden/record.py SYSTEM`` and say
so in the commit).
"""
from __future__ import annotations

import pytest

from .record import SEEDS, SYSTEMS, play_log, read_golden


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_game_matches_its_golden_log(system: str, seed: int) -> None:
    want = read_golden(system, seed).splitlines()
    got = play_log(system, seed).splitlines()
    for i, (w, g) in enumerate(zip(want, got)):
        assert g == w, f"{system} seed {seed}: event {i + 1} differs\n want {w}\n  got {g}"
    assert len(got) == len(want), f"{system} seed {seed}: {len(got)} events, recorded {len(want)}"
