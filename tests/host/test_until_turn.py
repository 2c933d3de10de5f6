"""An effect that lasts "until the end of turn N" (``until_turn``), ended by the host as turn N
ends, proven on the Tiny system with a test card."""
from __future__ import annotations

import pytest

from rulestack import Game
from rulestack.scenario import Scenario
from rulestack.state import UNTIL_END_OF_TURN_N


def _game() -> Game:
    game = Game.empty("tiny")
    game.journal.setattr(game.state, "turn", 3)
    return game


def test_an_effect_until_a_later_turn_survives_the_turns_before_it_and_ends_with_that_turn():
    game = _game()
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    base = game.value(grunt, "power")
    eff = game.add_effect("add", "power", 2, targets=[grunt.id], until_turn=4)   # "until the end of the next turn"
    assert eff.until_turn == 4 and eff.duration == UNTIL_END_OF_TURN_N
    assert game.value(grunt, "power") == base + 2
    game.next_turn()                                   # turn 3 ends: the effect goes on
    assert game.state.turn == 4 and game.value(grunt, "power") == base + 2
    game.next_turn()                                   # turn 4 ends: it ends with it
    assert game.value(grunt, "power") == base
    ended = [e for e in game.events if e.kind == "effect_ended"]
    assert [(e.get("effect"), e.get("duration")) for e in ended] == [(eff.id, UNTIL_END_OF_TURN_N)]


def test_a_named_duration_with_a_turn_keeps_its_name_and_the_helper_ends_it_early():
    game = _game()
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    kept = game.add_effect("add", "power", 1, targets=[grunt.id], duration="until_end_of_turn")
    eff = game.add_effect("add", "power", 5, targets=[grunt.id], duration="my_words", until_turn=3)
    assert eff.duration == "my_words"
    assert game.end_effects_of_turn() == 1             # a system's own cleanup step, this turn
    assert list(game.state.effects) == [kept]         # effects without a turn are untouched


def test_until_turn_must_be_a_turn_number():
    game = _game()
    with pytest.raises(TypeError, match="turn number"):
        game.add_effect("add", "power", 1, targets=[], until_turn="next")  # type: ignore[arg-type]


def test_a_script_makes_an_effect_last_until_the_end_of_the_next_turn(tmp_path):
    sc = Scenario("tiny")
    sc.set_turn(turn=5, active=0, phase="main")
    sc.set_value(0, "energy", 5)
    (tmp_path / "cards.yaml").write_text("- {code: U1, name: Long Rally, type: spell, script: long_rally.lua}\n")
    (tmp_path / "long_rally.lua").write_text(
        "return { abilities = { { kind = 'spell', resolve = function(ctx)\n"
        "  ctx:modify({ zone = 'field', player = 'you' },\n"
        "             { attr = 'power', op = 'add', value = 3, until_turn = ctx:turn() + 1 })\n"
        "end } } }\n")
    sc.game.pool.add_file(tmp_path / "cards.yaml")
    try:
        grunt = sc.add("Grunt", "field", 0)
        base = sc.value(grunt, "power")
        sc.activate(sc.add("Long Rally", "hand", 0))
        sc.resolve_top()
        assert sc.value(grunt, "power") == base + 3
        sc._direct(sc.game.next_turn)
        assert sc.value(grunt, "power") == base + 3      # the opponent's turn 6: still there
        sc._direct(sc.game.next_turn)
        assert sc.value(grunt, "power") == base          # ended with turn 6
    finally:
        sc.game.pool.entries.pop("U1")
