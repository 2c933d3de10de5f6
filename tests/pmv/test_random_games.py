"""Fifty seeded random games between the sample decks, played to the end with the invariants of
:mod:`.invariants` checked before every decision, and the same seed giving the same game."""
from __future__ import annotations

import pytest

from rulestack import Game

from rulestack_systems.pmv import PMVSystem

from .invariants import InvariantChecker, checking_agents

SEEDS = range(1, 51)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_plays_to_the_end_with_invariants(seed):
    checker = InvariantChecker()
    game = Game("pmv", list(PMVSystem.sample_decks), seed=seed, agents=checking_agents(seed, checker))
    try:
        result = game.play()
        checker.check(game)
    finally:
        game.close()
    assert game.over and result.turns >= 3
    assert checker.checks == len(game.decisions) + 1
    assert "lost" in result.reason or "turn limit" in result.reason


def test_a_game_is_a_function_of_its_seed():
    logs = []
    for _ in range(2):
        game = Game("pmv", list(PMVSystem.sample_decks), seed=7)
        try:
            game.play()
            logs.append(game.event_log_json())
        finally:
            game.close()
    assert logs[0] == logs[1] and "game_over" in logs[0]
