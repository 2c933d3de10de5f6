"""``Game.carry_effects``: a game object that goes on as another card keeps the effects locked
onto it; proven on the Tiny system."""
from __future__ import annotations

from rulestack import Game
from tinygame.system import TinyGame


def _two(game: Game):
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    brute = game.create_card(game.pool.code("Brute"), 0, "hand", silent=True)
    return grunt, brute


def test_effects_on_the_old_card_apply_to_the_card_that_takes_its_place():
    game = Game.empty(TinyGame)
    grunt, brute = _two(game)
    eff = game.add_effect("add", "power", 3, targets=[grunt.id])
    before = grunt.generation
    brute_power = game.value(brute, "power")
    game.move(brute, "field")                       # the Brute takes the Grunt's place...
    game.move(grunt, "discard")                     # ...which leaves: a new object, the effect stops
    assert game.carry_effects(grunt, brute, old_generation=before) == 1
    assert game.value(brute, "power") == brute_power + 3
    assert eff.targets == [grunt.id, brute.id]
    assert game.value(grunt, "power") == game.card(grunt.id).definition.get("power")   # still not on the old one


def test_only_effects_on_the_given_generation_are_carried():
    game = Game.empty(TinyGame)
    grunt, brute = _two(game)
    game.add_effect("add", "power", 1, targets=[grunt.id])           # on the Grunt as it was first
    game.move(grunt, "hand")
    game.move(grunt, "field")                                        # a new object
    now = grunt.generation
    game.add_effect("add", "power", 2, targets=[grunt.id])           # on the Grunt as it is now
    game.move(brute, "field")
    assert game.carry_effects(grunt, brute, old_generation=now) == 1
    assert game.value(brute, "power") == game.card(brute.id).definition.get("power") + 2
    assert game.carry_effects(grunt, brute, old_generation=now) == 0  # already carried: not twice


def test_effects_are_carried_and_undone_with_the_transaction():
    game = Game.empty(TinyGame)
    grunt, brute = _two(game)
    eff = game.add_effect("add", "power", 3, targets=[grunt.id])
    mark = game.journal.mark()
    game.carry_effects(grunt.id, brute.id)
    game.journal.rollback(mark)
    assert eff.targets == [grunt.id]
