"""Fifty seeded random games between the sample decks, played to the end with the invariants of
:mod:`.invariants` checked after every decision."""
from __future__ import annotations

import pytest

from rulestack import Game

from rulestack_systems.onepiece import OnePieceSystem

from .invariants import InvariantChecker, checking_agents

SEEDS = range(1, 51)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_plays_to_the_end_with_invariants(seed):
    checker = InvariantChecker()
    game = Game("onepiece", list(OnePieceSystem.sample_decks), seed=seed, agents=checking_agents(seed, checker))
    try:
        result = game.play()
        checker.check(game)
    finally:
        game.close()
    assert game.over and result.turns >= 3
    assert checker.checks == len(game.decisions) + 1          # after every decision, and at the end
    assert "lost" in result.reason or "turn limit" in result.reason
    for p in result.winners:
        assert not game.player(p).lost


def test_a_game_is_a_function_of_its_seed():
    logs = []
    for _ in range(2):
        game = Game("onepiece", list(OnePieceSystem.sample_decks), seed=7)
        try:
            game.play()
            logs.append(game.event_log_json())
        finally:
            game.close()
    assert logs[0] == logs[1] and "game_over" in logs[0]
