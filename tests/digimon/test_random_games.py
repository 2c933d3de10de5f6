"""Fifty seeded random games between the two starter decks, played to the end with Digimon's own
invariants (:mod:`.invariants`) checked after every decision."""
from __future__ import annotations

import pytest

from random_games import event_log_of, play_checked
from rulestack import Game

from rulestack_systems.digimon import DigimonSystem

from .invariants import DigimonInvariants, InvariantBroken

SEEDS = range(1, 51)
DECKS = list(DigimonSystem.sample_decks)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_plays_to_the_end_with_digimon_invariants(seed):
    checker = DigimonInvariants()
    game, result = play_checked("digimon", DECKS, seed, checker.check)
    assert game.over and result.turns >= 3
    assert checker.checks == len(game.decisions) + 1          # after every decision, and at the end
    assert "0 security" in result.reason or "draw phase" in result.reason
    assert len(result.winners) == 1


def test_the_random_games_digivolve():
    """The invariant on digivolution is not vacuous: random games do digivolve, often."""
    checker = DigimonInvariants()
    play_checked("digimon", DECKS, 3, checker.check)
    assert checker.digivolutions >= 3


def test_the_checker_catches_a_malformed_stack():
    game = Game("digimon", DECKS, seed=1)
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
    first, second = (event_log_of("digimon", DECKS, 7) for _ in range(2))
    assert first == second and "game_over" in first
