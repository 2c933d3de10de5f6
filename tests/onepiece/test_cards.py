"""Each real card with a script does what its text says, through the real game loop."""
from __future__ import annotations

from .board import give_don, leader, position


def rested(sc, player):
    return sum(1 for c in sc.game.cards_in("cost", player) if c.status.get("rested"))


# -- ST01 (red) --------------------------------------------------------------------------------------

def test_luffy_leader_gives_a_rested_don_once_per_turn():
    sc = position(leaders=("ST01-001", "Plain Leader"), don=(1, 0))
    karoo = sc.add("Karoo", "character", 0)
    sc.game.set_status(sc.game.cards_in("cost", 0)[0], "rested", True, quiet=True)
    sc.answer("activate Monkey.D.Luffy", "Karoo", "1").run()
    assert sc.card(karoo).status["don"] == 1 and sc.value(karoo, "power") == 4000
    assert not [o for o in sc.decision.options if o.label.startswith("activate Monkey.D.Luffy")]


def test_usopp_keeps_big_blockers_out_and_luffy_keeps_all_blockers_out():
    sc = position(don=(1, 0))
    usopp = sc.add("Usopp", "character", 0)
    give_don(sc, usopp, 2)
    sc.add("Tsuru", "character", 1)                      # 2000: may still block
    big = sc.add("Shield Bearer", "character", 1)
    sc.game.add_effect("add", "power", 5000, targets=[big])   # 6000: may not
    sc.answer("attack Plain Leader with Usopp").run()
    assert [o.label for o in sc.decision.options] == ["do not block", "block with Tsuru"]

    sc = position(don=(1, 0))
    luffy = sc.add("ST01-012", "character", 0)
    give_don(sc, luffy, 2)
    sc.add("Tsuru", "character", 1)
    sc.answer("attack Plain Leader with Monkey.D.Luffy").run()
    assert sc.life(1) == 2 and not sc.events("blocked")


def test_jinbe_boosts_another_card_and_zoro_gets_1000_with_don():
    sc = position(don=(1, 0))
    jinbe = sc.add("Jinbe", "character", 0)
    zoro = sc.add("Roronoa Zoro", "character", 0)
    give_don(sc, jinbe, 1)
    assert sc.value(zoro, "power") == 5000
    give_don(sc, zoro, 1)
    assert sc.value(zoro, "power") == 7000                # +1000 DON!!, +1000 its own [DON!! x1]
    sc.answer("attack Plain Leader with Jinbe", "Roronoa Zoro").run()
    assert sc.value(zoro, "power") == 8000


def test_guard_point_counter_and_diable_jambe():
    sc = position(don=(1, 1))
    sc.add("Guard Point", "hand", 1)
    sc.answer("attack Plain Leader with Plain Leader", "activate Guard Point", "Plain Leader").run()
    assert sc.assert_event("battle_result").get("target_power") == 8000 and sc.life(1) == 3

    sc = position(leaders=("ST01-001", "Plain Leader"), don=(1, 0))
    sc.add("Diable Jambe", "hand", 0)
    sc.add("Tsuru", "character", 1)
    sc.answer("activate Diable Jambe", "Monkey.D.Luffy", "attack Plain Leader with Monkey.D.Luffy").run()
    assert not sc.events("blocked") and sc.life(1) == 2


def test_thousand_sunny_rests_to_boost_a_straw_hat():
    sc = position(leaders=("ST01-001", "Plain Leader"))
    sunny = sc.add("Thousand Sunny", "stage", 0)
    sc.answer("activate Thousand Sunny", "Monkey.D.Luffy").run()
    assert sc.card(sunny).status.get("rested") and sc.value(leader(sc, 0), "power") == 6000
    assert not [o for o in sc.decision.options if o.label.startswith("activate Thousand Sunny")]


# -- ST06 (black) ------------------------------------------------------------------------------------

def test_sakazuki_pays_three_don_and_a_card_to_ko_a_cost_zero_character():
    sc = position(leaders=("Sakazuki", "Plain Leader"), don=(3, 0))
    sc.add("Karoo", "hand", 0)
    cheap = sc.add("Tsuru", "character", 1)
    sc.game.add_effect("add", "cost", -2, targets=[cheap])
    sc.answer("activate Sakazuki", "Tsuru").run()
    assert rested(sc, 0) == 3 and sc.zone("trash", 0) == ["Karoo"]
    assert sc.card(cheap).zone == "trash"


def test_koby_optional_cost_may_be_declined_or_paid():
    sc = position(don=(1, 0))
    sc.add("ST06-002", "hand", 0)
    sc.add("Karoo", "hand", 0)
    cheap = sc.add("Dockhand", "character", 1)
    sc.game.add_effect("add", "cost", -1, targets=[cheap])
    sc.answer("play Koby", "no").run()
    assert sc.card(cheap).zone == "character" and sc.zone("hand", 0) == ["Karoo"]

    sc = position(don=(1, 0))
    sc.add("ST06-002", "hand", 0)
    sc.add("Karoo", "hand", 0)
    cheap = sc.add("Dockhand", "character", 1)
    sc.game.add_effect("add", "cost", -1, targets=[cheap])
    sc.answer("play Koby", "yes", "Dockhand").run()
    assert sc.card(cheap).zone == "trash" and sc.zone("trash", 0) == ["Karoo"]


def test_smoker_cannot_be_ko_d_by_effects_and_double_attacks_with_a_cost_zero_character():
    sc = position(don=(1, 0), life=(3, 3))
    smoker = sc.add("Smoker", "character", 1)
    sc.add("Up To Strike", "hand", 0)
    sc.game.add_effect("add", "cost", -5, targets=[smoker])
    sc.answer("activate Up To Strike", "Smoker").run()
    assert sc.card(smoker).zone == "character" and sc.assert_event("ko_prevented", card=smoker)

    sc = position(active=1, don=(0, 1))
    smoker = sc.add("Smoker", "character", 1)
    give_don(sc, smoker, 1)
    assert not sc.game.has_keyword(smoker, "Double Attack")
    sc.add("Dockhand", "character", 0)
    cheap = sc.add("Dockhand", "character", 0)
    sc.game.add_effect("add", "cost", -1, targets=[cheap])
    assert sc.game.has_keyword(smoker, "Double Attack")
    sc.answer("attack Plain Leader with Smoker").run()
    assert sc.life(0) == 1


def test_cost_reducers_and_garp():
    sc = position(don=(3, 0))
    sc.add("Hina", "hand", 0)
    target = sc.add("Franky", "character", 1)
    sc.answer("play Hina", "Franky").run()
    assert sc.value(target, "cost") == 0
    sc = position(don=(1, 0))
    sengoku = sc.add("Sengoku", "character", 0)
    target = sc.add("Franky", "character", 1)
    sc.answer("attack Plain Leader with Sengoku", "Franky").run()
    assert sc.value(target, "cost") == 0
    sc = position()
    sc.add("Tashigi", "character", 0)
    target = sc.add("Franky", "character", 1)
    sc.answer("activate Tashigi", "Franky").run()
    assert sc.value(target, "cost") == 2
    sc = position(don=(2, 0))
    sc.add("Helmeppo", "hand", 0)
    target = sc.add("Franky", "character", 1)
    sc.answer("play Helmeppo", "Franky").run()
    assert sc.value(target, "cost") == 1
    sc = position()
    garp = sc.add("Monkey.D.Garp", "character", 0)
    target = sc.add("Franky", "character", 1)
    sc.add("Karoo", "hand", 0)
    sc.answer("activate Monkey.D.Garp", "Franky").run()
    assert sc.card(target).zone == "trash" and sc.card(garp).status.get("rested")


def test_navy_hq_needs_a_navy_leader_for_its_activate_main():
    for leader_name, reduced in (("Sakazuki", True), ("Plain Leader", False)):
        sc = position(leaders=(leader_name, "Plain Leader"))
        sc.add("Navy HQ", "stage", 0)
        target = sc.add("Franky", "character", 1)
        sc.answer("activate Navy HQ", *(["Franky"] if reduced else [])).run()
        assert sc.value(target, "cost") == (3 if reduced else 4)


def test_white_out_trigger_protects_characters_this_turn():
    sc = position(active=1, don=(0, 1))
    sc.add("White Out", "life", 0)
    karoo = sc.add("Karoo", "character", 0)
    sc.add("Weakening Wave", "hand", 1)
    sc.add("Up To Strike", "hand", 1)
    sc.answer("attack Plain Leader with Plain Leader", "yes", "activate Up To Strike", "Karoo").run()
    assert sc.card(karoo).zone == "character" and sc.assert_event("ko_prevented", card=karoo)


# -- ST02 (green) ------------------------------------------------------------------------------------

def test_kid_leader_stands_up_again():
    sc = position(leaders=("ST02-001", "Plain Leader"), don=(4, 0))
    kid = leader(sc, 0)
    sc.add("Karoo", "hand", 0)
    sc.answer("attack Plain Leader with Eustass", "activate Eustass").run()
    assert not sc.card(kid).status.get("rested") and rested(sc, 0) == 3


def test_urouge_killer_and_drake():
    sc = position(don=(3, 0))
    urouge = sc.add("Urouge", "character", 0)
    give_don(sc, urouge, 1)
    sc.add_many(["Karoo", "Karoo"], "character", 0)
    assert sc.value(urouge, "power") == 6000                # 3000 + 1000 DON!! + 2000
    victim = sc.add("Tsuru", "character", 1, status={"rested": True})
    sc.add("Killer", "hand", 0)
    sc.answer("play Killer", "Tsuru").run()
    assert sc.card(victim).zone == "trash"

    sc = position(leaders=("Sakazuki", "Plain Leader"), don=(1, 0))
    drake = sc.add("X.Drake", "character", 0)
    give_don(sc, drake, 1)
    assert sc.value(leader(sc, 0), "power") == 5000
    sc.answer("attack Plain Leader with X.Drake").run()
    assert sc.value(leader(sc, 0), "power") == 6000         # a {Navy} Leader, while Drake is rested


def test_bonney_searches_five_for_a_supernovas_card():
    sc = position(don=(1, 0))
    sc.add("Jewelry Bonney", "character", 0)
    picks = sc.add_many(["Heat", "Urouge", "Bepo", "Vito", "Karoo"], "deck", 0)
    sc.answer("activate Jewelry Bonney").run()
    assert sc.decision.reason == "search" and len(sc.decision.options) == 5
    sc.answer(["Urouge"], [0, 1, 2, 3]).run()
    assert sc.card(picks[1]).zone == "hand" and rested(sc, 0) == 1


def test_apoo_rests_an_opponents_don_and_kid_stands_at_end_of_turn():
    sc = position(don=(1, 2))
    apoo = sc.add("Scratchmen Apoo", "character", 0)
    give_don(sc, apoo, 1)
    sc.answer("attack Plain Leader with Scratchmen Apoo", lambda d: [0]).run()
    assert rested(sc, 1) == 1

    sc = position(don=(1, 0))
    kid = sc.add("ST02-013", "character", 0)
    give_don(sc, kid, 1)
    sc.answer("attack Plain Leader with Eustass", "end the Main Phase").run()
    assert sc.assert_event("resolving", card=kid)
    assert sc.card(kid).zone == "character" and not sc.card(kid).status.get("rested")
