"""``Scenario.pass_until``: the real game loop plays on with everyone passing until a condition
holds; proven on the Tiny system."""
from __future__ import annotations

import pytest

from rulestack import decisions as d
from rulestack.scenario import Scenario, ScenarioFailure


def _position(**kw) -> Scenario:
    sc = Scenario("tiny", **kw)
    sc.set_turn(turn=1, active=0, phase="main")
    for p in (0, 1):
        sc.set_life(p, 10)
        sc.add_many(["Grunt"] * 6, "deck", p)
    return sc


def test_everyone_passes_until_the_condition_holds_at_a_decision():
    sc = _position()
    sc.pass_until(lambda g: g.state.turn == 3 and g.state.phase == "main")
    assert sc.game.state.turn == 3 and sc.game.state.active_player == 0
    assert sc.decision is not None and sc.decision.kind == d.ACTION and sc.decision.player == 0
    assert len(sc.zone("hand", 0)) == 1 and len(sc.zone("hand", 1)) == 1    # each drew at their turn start
    assert [e.get("turn") for e in sc.events("turn_began")] == [2, 3]


def test_scripted_answers_come_first_then_passes():
    sc = _position()
    sc.set_value(0, "energy", 5)
    sc.add("Grunt", "hand", 0)
    sc.answer("play Grunt")
    sc.pass_until(lambda g: g.state.turn == 2)
    assert sc.zone("field", 0) == ["Grunt"] and not sc.script


def test_a_condition_that_never_holds_stops_after_the_limit_with_a_failure():
    sc = _position(ask_single=True)        # every window is asked, even one offering only a pass
    with pytest.raises(ScenarioFailure, match="3 passes went by"):
        sc.pass_until(lambda g: False, limit=3)
    # one pass ends each turn here: three went by (turns 1-3), paused at the fourth window
    assert sc.game.state.turn == 4 and sc.decision is not None and sc.decision.kind == d.ACTION
    sc.pass_until(lambda g: g.state.turn == 5)                          # and goes on from there
    assert sc.game.state.turn == 5


def test_the_game_ending_before_the_condition_is_a_failure():
    sc = _position()
    with pytest.raises(ScenarioFailure, match="game ended"):
        sc.pass_until(lambda g: False)     # nobody does anything: the decks run out
    assert sc.result is not None
