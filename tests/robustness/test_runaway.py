"""Runaway games end (issue 16, item 6): a trigger that triggers itself on each resolution makes a
game that would never end; the host ends it with a named, reported result (a draw, as MTG 104.4b
rules for a mandatory loop), and a card that burns time in its conditions is stopped by name."""
from __future__ import annotations

from rulestack import Deck, Game, ScriptLimitError

from .test_attacks import Arena

LOOP_DECK = Deck(name="echo", sections={"main": ("R08",) * 14 + ("R02",) * 6})   # seed 1 plays the loop


def test_a_self_triggering_loop_ends_the_game_as_a_reported_draw():
    game = Game("hostile", [LOOP_DECK, "beta"], seed=1)
    game.system.max_events_per_turn = 1000   # the default (5000) takes longer to reach
    try:
        result = game.play()
    finally:
        game.close()
    assert result.winners == ()
    assert "the game runs away: more than 1000 events in turn" in result.reason, result.reason
    assert result.reason.startswith("a draw")
    assert game.events[-1].kind == "game_over"


def test_a_system_rule_decides_what_a_runaway_game_means():
    """A system's own ``runaway_result`` (MTG 104.4b style) is what ends the game."""
    game = Game("hostile", [LOOP_DECK, "beta"], seed=1)
    game.system.max_events_per_turn = 500
    game.system.runaway_result = lambda g, reason: ((1,), f"P1 wins by house rule: {reason}")
    try:
        result = game.play()
    finally:
        game.close()
    assert result.winners == (1,) and "more than 500 events" in result.reason


def test_a_condition_that_burns_under_its_budget_each_time_is_stopped_by_name():
    """Meddler Burn uses ~12M of its 20M budget each time its condition is checked; the turn
    allowance is 40M: three host checks and Marker's first mark use 48M, so at Marker's second
    mark the Meddler is stopped, by name (not Marker)."""
    arena = Arena("Marker")
    arena.scenario.add("Meddler Burn", "field", 1)
    arena.add_copies()
    game = arena.scenario.game
    for _ in range(3):
        game.record("marked", what="host")   # checks in this turn, outside any script
    error, _ = arena.play(0)
    assert type(error) is ScriptLimitError, repr(error)
    assert error.card == "Meddler Burn" and "allowance" in str(error) and "this turn" in str(error)


def test_mtg_104_4b_a_runaway_mtg_game_is_a_draw():
    """MTG answers the guard with its own rule (104.4b). A bound far below a real game's turn
    (171 events at most in the seeded games) makes an ordinary game count as running away."""
    game = Game("mtg", ["white_weenie", "red_burn"], seed=3)
    game.system.max_events_per_turn = 20
    try:
        result = game.play()
    finally:
        game.close()
    assert result.winners == ()
    assert result.reason.startswith("a draw (104.4b: a loop of mandatory actions): the game runs away: "
                                    "more than 20 events in turn"), result.reason
