"""Fifty seeded random games between the two starter decks, played to the end with Digimon's own
invariants (:mod:`.invariants`) checked after every decision."""
from __future__ import annotations

import pytest

from rulestack import Game

from rulestack_systems.digimon import DigimonSystem

from .invariants import DigimonInvariants, InvariantBroken, checking_agents

SEEDS = range(1, 51)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_plays_to_the_end_with_digimon_invariants(seed):
    checker = DigimonInvariants()
    game = Game("digimon", list(DigimonSystem.sample_decks), seed=seed, agents=checking_agents(seed, checker))
    try:
        result = game.play()
        checker.check(game)
    finally:
        game.close()
    assert game.over and result.turns >= 3
    assert checker.checks == len(game.decisions) + 1          # after every decision, and at the end
    assert "0 security" in result.reason or "draw phase" in result.reason
    assert len(result.winners) == 1


def test_the_random_games_digivolve():
    """The invariant on digivolution is not vacuous: random games do digivolve, often."""
    checker = DigimonInvariants()
    game = Game("digimon", list(DigimonSystem.sample_decks), seed=3, agents=checking_agents(3, checker))
    try:
        game.play()
    finally:
        game.close()
    assert checker.digivolutions >= 3


def test_the_checker_catches_a_malformed_stack():
    game = Game("digimon", list(DigimonSystem.sample_decks), seed=1)
    try:
        game.start()
        checker = DigimonInvariants()
        checker.check(game)
        hand = game.cards_in("hand", 0)
        game.move(hand[0], "battle_area", 0)
        game.move(hand[1], "digivolution_cards", 0)
        game.set(hand[1], "attached_to", hand[0].id)
        game.set(hand[1], "attached_to", 999_999)
        with pytest.raises(InvariantBroken, match="no Digimon on the field"):
            checker.check(game)
    finally:
        game.close()


def test_a_game_is_a_function_of_its_seed():
    logs = []
    for _ in range(2):
        game = Game("digimon", list(DigimonSystem.sample_decks), seed=7)
        try:
            game.play()
            logs.append(game.event_log_json())
        finally:
            game.close()
    assert logs[0] == logs[1] and "game_over" in logs[0]
