"""Fifty seeded random games between the sample decks, played to the end with the invariants of
:mod:`.invariants` checked before every decision, and the same seed giving the same game."""
from __future__ import annotations

import pytest

from random_games import event_log_of, play_checked

from rulestack_systems.pmv import PMVSystem

from .invariants import InvariantChecker

SEEDS = range(1, 51)
DECKS = list(PMVSystem.sample_decks)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_plays_to_the_end_with_invariants(seed):
    checker = InvariantChecker()
    game, result = play_checked("pmv", DECKS, seed, checker.check)
    assert game.over and result.turns >= 3
    assert checker.checks == len(game.decisions) + 1          # before every decision, and at the end
    assert "lost" in result.reason or "turn limit" in result.reason


def test_a_game_is_a_function_of_its_seed():
    first, second = (event_log_of("pmv", DECKS, 7) for _ in range(2))
    assert first == second and "game_over" in first
