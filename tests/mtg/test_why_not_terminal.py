"""The terminal's ``?`` at an MTG decision says why a spell is not offered, in Magic's words."""
from __future__ import annotations

import io

from rulestack import GameAborted, RandomAgent
from rulestack.harness.terminal import HumanAgent, PlayerQuit
from rulestack.scenario import Scenario


def test_question_mark_names_the_missing_mana():
    sc = Scenario("mtg")
    sc.set_turn(turn=3, active=0, phase="precombat_main")
    for p in (0, 1):
        sc.add_many(["Wind Drake"] * 5, "library", p)
    sc.add("Shivan Dragon", "hand", 0)
    sc.add_many(["Mountain"] * 5, "battlefield", 0)
    sc.add("Lightning Bolt", "hand", 0)               # something to choose: the decision is asked
    out = io.StringIO()
    sc.game.agents = [HumanAgent(0, io.StringIO("?\nquit\n"), out), RandomAgent(1)]
    try:
        sc.game.play()
    except GameAborted as e:
        assert isinstance(e.cause, PlayerQuit)
    finally:
        sc.game.close()
    assert ("Shivan Dragon (cast): not enough mana: needs {4}{R}{R}, has 5 untapped lands (601.2g-h) "
            "[mtg rules]") in out.getvalue()
