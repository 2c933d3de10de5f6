"""Continuous effects in layers with dependency (613.1, 613.7, 613.8), with real cards: Life and
Limb, Yavimaya, Cradle of Growth and Glorious Anthem; test cards for a dependency loop."""
from __future__ import annotations

from rulestack.scenario import Scenario

from rulestack_systems.mtg import mana, rules


def _table(system: str = "mtg") -> Scenario:
    sc = Scenario(system)
    sc.set_turn(turn=3, active=0, phase="precombat_main")
    return sc


def _is_saproling_creature(sc: Scenario, cid: int) -> bool:
    game = sc.game
    card = game.card(cid)
    return (rules.is_creature(game, card) and "Saproling" in rules.subtypes_of(game, card)
            and (game.value(card, "power"), game.value(card, "toughness")) == (1, 1))


def test_CR_613_8a_an_effect_applies_after_one_that_changes_what_it_applies_to():
    """Life and Limb came first, Yavimaya later: Life and Limb depends on Yavimaya (which makes
    every land a Forest), so Yavimaya applies first whatever the timestamps, and every land is a
    1/1 Saproling creature."""
    sc = _table()
    limb = sc.add("Life and Limb", "battlefield", 0)
    plains = sc.add("Plains", "battlefield", 0)
    yavimaya = sc.add("Yavimaya, Cradle of Growth", "battlefield", 1)
    assert sc.game.card(limb).timestamp < sc.game.card(yavimaya).timestamp
    for cid in (plains, yavimaya):
        assert "Forest" in rules.subtypes_of(sc.game, sc.game.card(cid))
        assert _is_saproling_creature(sc, cid)
    assert mana.produced_colors(sc.game, sc.game.card(plains)) == frozenset({"W", "G"})     # 305.6


def test_CR_613_7_without_a_dependency_timestamps_decide_and_later_layers_see_earlier_ones():
    sc = _table()
    sc.add("Yavimaya, Cradle of Growth", "battlefield", 1)
    sc.add("Life and Limb", "battlefield", 0)
    island = sc.add("Island", "battlefield", 0)
    sc.add("Glorious Anthem", "battlefield", 0)
    game = sc.game
    # Layer 4 made the Island a creature; Glorious Anthem (layer 7c) applies to it (613.1).
    assert rules.is_creature(game, game.card(island))
    assert (game.value(island, "power"), game.value(island, "toughness")) == (2, 2)
    assert game.value(island, "colors") == ["G"]                                # layer 5


def test_CR_613_8_nothing_to_depend_on_leaves_the_printed_types():
    sc = _table()
    sc.add("Life and Limb", "battlefield", 0)
    plains = sc.add("Plains", "battlefield", 0)
    forest = sc.add("Forest", "battlefield", 0)
    assert not rules.is_creature(sc.game, sc.game.card(plains))
    assert _is_saproling_creature(sc, forest)


def test_CR_613_8b_a_dependency_loop_falls_back_to_timestamp_order():
    """Each test card changes what the other applies to: a loop, so they apply in timestamp
    order. Forests-become-Swamps first: the Forest becomes a Swamp, then every Swamp becomes a
    Forest. The other way round, everything ends a Swamp."""
    sc = _table("mtg_test")
    sc.add("Test Forests Become Swamps", "battlefield", 0)
    sc.add("Test Swamps Become Forests", "battlefield", 0)
    forest, swamp = sc.add("Forest", "battlefield", 0), sc.add("Swamp", "battlefield", 0)
    game = sc.game
    assert [rules.subtypes_of(game, game.card(c)) for c in (forest, swamp)] == [("Forest",), ("Forest",)]

    sc = _table("mtg_test")
    sc.add("Test Swamps Become Forests", "battlefield", 0)
    sc.add("Test Forests Become Swamps", "battlefield", 0)
    forest, swamp = sc.add("Forest", "battlefield", 0), sc.add("Swamp", "battlefield", 0)
    game = sc.game
    assert [rules.subtypes_of(game, game.card(c)) for c in (forest, swamp)] == [("Swamp",), ("Swamp",)]
