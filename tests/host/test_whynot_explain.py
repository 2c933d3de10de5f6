"""Hook ``explain_refusal``: a plugin puts a refusal of the host's own checks (here a cost that
cannot be paid) in its game's words for ``rulestack.whynot``, without MTG (the Tiny game)."""
from __future__ import annotations

from typing import Any

from rulestack import hookimpl
from rulestack.scenario import Scenario


class EnergyWords:
    """Says how much energy a card needs and the player has."""

    @hookimpl
    def explain_refusal(self, game: Any, activation: Any, problem: str) -> str | None:
        if "cannot be paid" not in problem:
            return None
        need = sum(c.amount for c in game.assemble_cost(activation))
        return f"needs {need} energy, has {game.value_of(activation.player, 'energy', 0)}"


def _spark(plugins: list) -> Scenario:
    sc = Scenario("tiny", plugins=plugins)
    sc.set_turn(turn=3, active=0, phase="main")
    sc.set_value(0, "energy", 0)
    sc.add("Spark", "hand", 0)
    sc.add("Grunt", "field", 1)
    return sc


def test_without_an_answer_the_host_wording_stands():
    said = _spark([]).why_not()
    assert len(said) == 1 and "cannot be paid" in said[0] and said[0].startswith("Spark (spell)")


def test_a_plugin_answer_replaces_it_and_is_credited():
    sc = _spark([EnergyWords()])
    before = len(sc.game.state.log)
    said = sc.why_not()
    assert len(said) == 1 and said[0].startswith("Spark (spell): needs 1 energy, has 0 [")
    assert len(sc.game.state.log) == before and sc.card("Spark").zone == "hand"
