"""The host's conformance kit on PMV: seeded random games where every offered action is legal,
failed actions leave no trace, views hide what they must and replays reproduce the game."""
from __future__ import annotations


def test_pmv_passes_the_conformance_kit(conformance):
    conformance("pmv", games=2, seed=1)
