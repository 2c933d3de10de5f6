"""Why not, in Magic's words (issue 19 item 5): ``Scenario.why_not`` (and the terminal's ``?``)
say which part of a spell's cost cannot be paid, citing the rule (601.2g-h, 107.4f, 119.4)."""
from __future__ import annotations

from rulestack.scenario import Scenario
from rulestack.whynot import why_not


def _main(**life: int) -> Scenario:
    sc = Scenario("mtg")
    sc.set_turn(turn=3, active=0, phase="precombat_main")
    return sc


def test_CR_601_2g_not_enough_mana_names_the_cost_and_the_lands():
    sc = _main()
    sc.add("Shivan Dragon", "hand", 0)
    sc.add_many(["Mountain"] * 5, "battlefield", 0)
    assert sc.why_not() == ["Shivan Dragon (cast): not enough mana: needs {4}{R}{R}, has 5 untapped lands "
                            "(601.2g-h) [mtg rules]"]
    refused = why_not(sc.game, 0)
    assert refused[0].by == "mtg rules" and refused[0].name == "Shivan Dragon"


def test_CR_601_2g_enough_lands_but_a_colour_missing_says_which():
    sc = _main()
    sc.add("Shivan Dragon", "hand", 0)
    sc.add_many(["Forest"] * 6, "battlefield", 0)
    said = sc.why_not()
    assert said == ["Shivan Dragon (cast): not enough mana: needs {4}{R}{R}, has 6 untapped lands "
                    "(nothing makes {R}{R}) (601.2g-h) [mtg rules]"]


def test_CR_106_4_the_pool_counts_and_is_named():
    sc = _main()
    sc.add("Shivan Dragon", "hand", 0)
    sc.add_many(["Mountain"] * 3, "battlefield", 0)
    sc.set_value(0, "mana_pool", "RR")
    assert sc.why_not() == ["Shivan Dragon (cast): not enough mana: needs {4}{R}{R}, has 3 untapped lands and "
                            "{R}{R} in the mana pool (601.2g-h) [mtg rules]"]
    sc.set_value(0, "mana_pool", "RRG")
    assert sc.why_not() == []


def test_CR_119_4_Phyrexian_mana_says_the_life_it_would_take():
    sc = _main()
    sc.set_life(0, 3)
    sc.add("Dismember", "hand", 0)
    sc.add("Swamp", "battlefield", 0)
    sc.add("Grizzly Bears", "battlefield", 1)
    assert sc.why_not() == ["Dismember (spell): not enough mana: needs {1}{B/P}{B/P}, has 1 untapped land; "
                            "3 life for Phyrexian mana at 2 each (107.4f, 119.4) (601.2g-h) [mtg rules]"]


def test_CR_601_2h_an_additional_cost_with_nothing_to_pay_it_with():
    sc = _main()
    sc.add("Bone Splinters", "hand", 0)
    sc.add("Swamp", "battlefield", 0)
    sc.add("Grizzly Bears", "battlefield", 1)
    assert sc.why_not() == ["Bone Splinters (spell): nothing to sacrifice: needs 1 creature, has 0 (601.2h) "
                            "[mtg rules]"]


def test_asking_why_not_changes_nothing():
    sc = _main()
    sc.add("Shivan Dragon", "hand", 0)
    sc.add_many(["Mountain"] * 5, "battlefield", 0)
    before = len(sc.game.state.log)
    sc.why_not()
    assert len(sc.game.state.log) == before
    assert not any(c.status.get("tapped") for c in sc.game.cards_in("battlefield", 0))
    assert sc.card("Shivan Dragon").zone == "hand"
