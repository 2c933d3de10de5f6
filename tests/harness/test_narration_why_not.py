"""Why not? The abilities a player could otherwise use now, each with the reason that refused it and
the plugin that gave it: ``Scenario.why_not`` in tests, ``?`` at the terminal."""
from __future__ import annotations

import io

from rulestack import GameAborted, RandomAgent
from rulestack.harness.terminal import HumanAgent, PlayerQuit
from rulestack.scenario import Scenario
from rulestack.whynot import why_not


def test_mtg_says_the_cost_and_the_timing_with_the_rule():
    sc = Scenario("mtg")
    sc.set_turn(turn=3, active=0, phase="precombat_main")
    shivan = sc.add("Shivan Dragon", "hand", 0)
    sc.add_many(["Mountain"] * 5, "battlefield", 0)
    sc.add("Lightning Bolt", "hand", 0)
    sc.add("Shock", "library", 0)                        # not where it is cast from: not listed
    said = sc.why_not()
    assert said == ["Shivan Dragon (cast): not enough mana: needs {4}{R}{R}, has 5 untapped lands (601.2g-h) "
                    "[mtg rules]"]       # the host's refusal in MTG's words (hook explain_refusal)
    sc.set_turn(phase="combat", step="declare_attackers")
    said = sc.why_not()
    assert "Shivan Dragon (cast): only in your main phase while the stack is empty (307.1) [mtg rules]" in said
    assert not any(s.startswith("Lightning Bolt") for s in said)             # an instant may be cast now
    assert sc.why_not(card=shivan) == said[:1]


def test_yugioh_says_a_trap_was_set_this_turn_and_asking_changes_nothing():
    sc = Scenario("yugioh")
    sc.set_turn(turn=3, active=0, phase="main1")
    sc.add("Trap Hole", "spell_trap", 0, face_up=False, status={"set_turn": 3})
    game = sc.game
    before = (len(game.state.log), game.journal.version)
    assert sc.why_not() == ["Trap Hole (activate): Trap Hole was Set this turn [yugioh rules]"]
    assert (len(game.state.log), game.journal.version) == before
    sc.set_turn(turn=4, active=1, phase="main1")
    assert sc.why_not(player=0) == ["Trap Hole (activate): the timing of Trap Hole has not come [yugioh rules]"]
    refused = why_not(game, 0)
    assert refused[0].by == "yugioh rules" and refused[0].name == "Trap Hole"


def test_the_terminal_answers_question_mark_at_a_decision():
    sc = Scenario("tiny")
    sc.set_turn(turn=3, active=0, phase="main")
    for p in (0, 1):
        sc.set_life(p, 10)
        sc.add_many(["Grunt"] * 4, "deck", p)
    sc.set_value(0, "energy", 0)
    sc.add_many(["Spark"], "hand", 0)
    out = io.StringIO()
    sc.game.agents = [HumanAgent(0, io.StringIO("?\nquit\n"), out), RandomAgent(1)]
    try:
        sc.game.play()
    except GameAborted as e:
        assert isinstance(e.cause, PlayerQuit)
    finally:
        sc.game.close()
    text = out.getvalue()
    asked = text[text.index("choose one action"):]
    assert "  Spark (spell): Spark (spell) has no legal target" in asked      # no unit to aim at: not offered
    assert "activate Spark" not in asked
