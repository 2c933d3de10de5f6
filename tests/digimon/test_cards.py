"""The starter-deck cards (ST-1 Gaia Red, ST-2 Cocytus Blue) doing what their texts say, through
the real flow; and the decks themselves, card for card."""
from __future__ import annotations

from collections import Counter

from rulestack import Game

from rulestack_systems.digimon import DigimonSystem, areas

from .board import digimon, memory, position


def test_the_starter_decks_are_the_printed_lists():
    game = Game("digimon", list(DigimonSystem.sample_decks), seed=0)
    try:
        red, blue = game.decks
        assert len(red.sections["main"]) == 50 and Counter(red.sections["digi_egg"]) == {"ST1-01": 4}
        assert len(blue.sections["main"]) == 50 and Counter(blue.sections["digi_egg"]) == {"ST2-01": 4}
        counts = Counter(red.sections["main"])
        assert {c for c, n in counts.items() if n == 2} == {"ST1-07", "ST1-10", "ST1-11", "ST1-15", "ST1-16"}
        assert len(counts) == 15 and all(n in (2, 4) for n in counts.values())
        counts = Counter(blue.sections["main"])
        assert {c for c, n in counts.items() if n == 2} == {"ST2-06", "ST2-10", "ST2-11", "ST2-15", "ST2-16"}
    finally:
        game.close()


def test_gaia_force_deletes_any_one_digimon():
    sc = position(memory=9)
    digimon(sc, "Agumon", 0)
    big = digimon(sc, "Plesiomon", 1)
    sc.add("Gaia Force", "hand", 0)
    sc.answer("use Gaia Force (cost 8)").run()
    assert sc.card(big).zone == "trash" and memory(sc) == 1
    assert sc.assert_event("deleted", card=big).cause == "effect"


def test_giga_destroyer_deletes_up_to_two_with_4000_dp_or_less():
    sc = position(memory=9)
    digimon(sc, "Agumon", 0)
    a, b = digimon(sc, "Gomamon", 1), digimon(sc, "Bearmon", 1)
    big = digimon(sc, "Ikkakumon", 1)
    sc.add("Giga Destroyer", "hand", 0)
    sc.answer("use Giga Destroyer (cost 6)", ["Gomamon", "Bearmon"]).run()
    choice = next(d for d in sc.asked if d.prompt == "delete (up to 2)")
    assert choice.min == 0 and sorted(o.value for o in choice.options) == sorted([a, b])
    assert sc.card(a).zone == "trash" and sc.card(b).zone == "trash" and sc.card(big).zone == "battle_area"


def test_tai_kamiya_gives_plus_1000_on_your_turn_only():
    sc = position()
    mon = digimon(sc, "Biyomon", 0)
    sc.add("Tai Kamiya", "battle_area", 0)
    assert sc.game.value(mon, "dp") == 4000
    sc.set_turn(active=1, phase="main")
    assert sc.game.value(mon, "dp") == 3000


def test_wargreymon_gains_security_attack_for_every_two_digivolution_cards():
    sc = position()
    war = digimon(sc, "WarGreymon", 0, under=["Koromon", "Agumon", "Coredramon", "MetalGreymon"])
    assert sc.game.value(war, "security_attack") == 2
    war2 = digimon(sc, "WarGreymon", 0, under=["Koromon", "Agumon", "Greymon", "MetalGreymon"])
    assert sc.game.value(war2, "security_attack") == 3          # + Greymon's inherited +1
    assert sc.game.value(war2, "dp") == 12000 + 1000 + 1000      # Agumon, and Koromon with 4 cards


def test_coredramon_loses_2_memory_when_attacking():
    sc = position(memory=5)
    digimon(sc, "Coredramon", 0)
    sc.answer("attack your opponent with Coredramon").run()
    assert sc.assert_event("memory", why="lost").get("after") == 3


def test_garudamon_gives_3000_when_digivolving():
    sc = position(memory=5)
    digimon(sc, "Birdramon", 0)
    other = digimon(sc, "Agumon", 0)
    garuda = sc.add("Garudamon", "hand", 0)
    sc.answer("digivolve Birdramon into Garudamon (cost 3)", "Agumon").run()
    assert sc.game.value(other, "dp") == 2000 + 3000
    assert sc.game.value(garuda, "dp") == 7000


def test_shadow_wing_security_gives_security_attack_to_the_defenders_digimon():
    sc = position(memory=3, security=(3, 0))
    digimon(sc, "Agumon", 0)
    theirs = digimon(sc, "Gomamon", 1)
    sc.add("Shadow Wing", "security", 1)
    sc.answer("attack your opponent with Agumon").run()
    assert sc.game.value(theirs, "security_attack") == 1


def test_gabumon_inherited_trashes_the_bottom_card_of_an_opponents_digimon():
    sc = position(memory=3)
    digimon(sc, "Ikkakumon", 0, under=["Tsunomon", "Gabumon"])
    theirs = digimon(sc, "Birdramon", 1, under=["Koromon", "Biyomon"])
    sc.answer("attack your opponent with Ikkakumon").run()
    assert [c.name for c in areas.sources(sc.game, sc.card(theirs))] == ["Biyomon"]


def test_zudomon_trashes_two_from_the_bottom_when_digivolving():
    sc = position(memory=5)
    digimon(sc, "Ikkakumon", 0)
    theirs = digimon(sc, "Garudamon", 1, under=["Koromon", "Biyomon", "Birdramon"])
    sc.add("Zudomon", "hand", 0)
    sc.answer("digivolve Ikkakumon into Zudomon (cost 3)").run()
    assert [c.name for c in areas.sources(sc.game, sc.card(theirs))] == ["Birdramon"]


def test_weregarurumon_inherited_security_attack_while_the_opponent_has_a_bare_digimon():
    sc = position()
    mine = digimon(sc, "MetalGarurumon", 0, under=["WereGarurumon"])
    assert sc.game.value(mine, "security_attack") in (None, 0)
    digimon(sc, "Agumon", 1)
    assert sc.game.value(mine, "security_attack") == 1


def test_tsunomon_inherited_plus_1000_against_a_bare_digimon():
    sc = position(memory=3)
    mine = digimon(sc, "Gomamon", 0, under=["Tsunomon"])
    bare = digimon(sc, "Dracomon", 1, suspended=True)
    sc.answer(f"attack Dracomon with Gomamon").run()
    battle = sc.assert_event("battled")
    assert battle.get("dp") == 4000 and sorted(battle.get("losers")) == sorted([mine, bare])


def test_matt_ishida_gains_memory_at_the_start_of_the_turn():
    sc = position(memory=1, active=1)
    sc.add("Matt Ishida", "battle_area", 0)
    digimon(sc, "Agumon", 1)
    sc.add("Filler Mon", "hand", 1)
    sc.answer("pass").run()
    matt = sc.card("Matt Ishida")
    assert sc.assert_event("activated", card=matt.id)
    assert sc.assert_event("memory", why="gained").get("after") == 4


def test_sorrow_blue_stops_a_bare_digimon_attacking_and_blocking():
    sc = position(memory=5)
    digimon(sc, "Gomamon", 0)
    theirs = digimon(sc, "Grizzlymon", 1)
    sc.add("Sorrow Blue", "hand", 0)
    sc.answer("use Sorrow Blue (cost 2)").run()
    assert sc.game.value(theirs, "cannot_attack") and sc.game.value(theirs, "cannot_block")
    sc.answer("attack your opponent with Gomamon").run()
    sc.assert_no_event("blocked")


def test_kaiser_nail_plays_a_digimon_from_under_one_of_yours():
    sc = position(memory=5)
    top = digimon(sc, "Ikkakumon", 0, under=["Tsunomon", "Gomamon"])
    sc.add("Kaiser Nail", "hand", 0)
    sc.answer("use Kaiser Nail (cost 4)").run()
    goma = sc.card("Gomamon")
    assert goma.zone == "battle_area" and [c.name for c in areas.sources(sc.game, sc.card(top))] == ["Tsunomon"]
    sc.assert_event("played", card=goma.id)


def test_cocytus_breath_returns_a_digimon_and_trashes_its_stack():
    sc = position(memory=9)
    digimon(sc, "Gomamon", 0)
    theirs = digimon(sc, "Greymon", 1, under=["Koromon", "Agumon"])
    sc.add("Cocytus Breath", "hand", 0)
    sc.answer("use Cocytus Breath (cost 7)").run()
    assert sc.card(theirs).zone == "hand"
    assert sorted(sc.zone("trash", 1)) == ["Agumon", "Koromon"]


def test_hammer_spark_costs_nothing_and_gains_1():
    sc = position(memory=2)
    digimon(sc, "Gomamon", 0)
    sc.add("Hammer Spark", "hand", 0)
    sc.answer("use Hammer Spark (cost 0)").run()
    assert memory(sc) == 3
