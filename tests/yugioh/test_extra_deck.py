"""Summons from the Extra Deck (Synchro, Xyz, Link, Fusion) and Ritual Summons, through the real
flow: which actions are offered, the material rules, where materials go, and the windows in which
a Summon can be negated (issue 18 item 2)."""
from __future__ import annotations

from .conftest import advance, duel, properly_summoned


def _labels(sc):
    return [o.label for o in sc.decision.options]


def _actions(sc):
    sc.run()
    return _labels(sc)


# -- Synchro ----------------------------------------------------------------------------------------
def test_synchro_summon_needs_a_tuner_and_levels_that_add_up():
    sc = duel()
    sc.add("Junk Synchron", "monster", 0)
    sc.add("Vorse Raider", "monster", 0)                           # 3 + 4 = 7: no Synchro of Level 7
    sc.add_many(["Stardust Dragon", "Junk Warrior"], "extra", 0)
    assert not [a for a in _actions(sc) if "Synchro Summon" in a]
    sc = duel()
    sc.add_many(["Vorse Raider", "Vorse Raider"], "monster", 0)    # 8 Levels but no Tuner
    sc.add("Stardust Dragon", "extra", 0)
    assert not [a for a in _actions(sc) if "Synchro Summon" in a]


def test_synchro_summon_sends_the_materials_to_the_gy_and_passes_the_summon_window():
    sc = duel()
    junk = sc.add("Junk Synchron", "monster", 0)
    hane = sc.add("Hane-Hane", "monster", 0)
    sangan = sc.add("Sangan", "monster", 0)
    sc.add("Vorse Raider", "monster", 0)
    dragon = sc.add("Stardust Dragon", "extra", 0)
    sc.add("Junk Warrior", "extra", 0)
    labels = _actions(sc)
    assert "Synchro Summon Stardust Dragon" in labels and "Synchro Summon Junk Warrior" in labels
    sc.answer("Synchro Summon Stardust Dragon", "Defense Position")  # 3 + 2 + 3 is the only set of 8
    sc.run()
    assert sc.card(dragon).zone == "monster" and sc.card(dragon).face_up
    assert {sc.card(c).zone for c in (junk, hane, sangan)} == {"graveyard"}
    used = sc.assert_event("materials_used", how="synchro")
    assert sorted(used.get("materials")) == sorted([junk, hane, sangan])
    sc.assert_event("summoned", card=dragon, how="synchro", position="defense")


def test_junk_warrior_lists_junk_synchron_and_gains_the_atk_of_small_monsters():
    sc = duel()
    sc.add("Marshmallon", "monster", 0)                             # a Tuner it is not
    sc.add("Hane-Hane", "monster", 0)
    sc.add("Junk Warrior", "extra", 0)
    assert "Synchro Summon Junk Warrior" not in _actions(sc)
    sc = duel()
    sc.add("Junk Synchron", "monster", 0)
    sc.add_many(["Hane-Hane", "Man-Eater Bug"], "monster", 0)      # two Level 2s: one goes, one stays
    warrior = sc.add("Junk Warrior", "extra", 0)
    sc.answer("Synchro Summon Junk Warrior", "Junk Synchron + Hane-Hane", "Attack Position")
    sc.run()
    assert sc.game.values(sc.card(warrior))["atk"] == 2300 + 450   # Man-Eater Bug: 450 ATK


def test_junk_synchron_revives_a_level_2_with_its_effects_negated():
    sc = duel()
    sc.add("Junk Synchron", "hand", 0)
    bug = sc.add("Man-Eater Bug", "graveyard", 0)
    sc.answer("normal summon Junk Synchron")
    sc.run()
    sc.answer("yes")
    sc.run()
    assert sc.card(bug).zone == "monster" and sc.card(bug).status.get("position") == "defense"
    assert sc.card(bug).status.get("effects_negated")


# -- the summon window: Solemn Judgment and Stardust Warrior ------------------------------------------------
def _synchro_ready(sc, player=0):
    sc.add("Junk Synchron", "monster", player)
    sc.add("Hane-Hane", "monster", player)
    return sc.add("Junk Warrior", "extra", player)


def test_solemn_judgment_negates_a_synchro_summon():
    sc = duel()
    warrior = _synchro_ready(sc)
    sc.add("Solemn Judgment", "spell_trap", 1, face_up=False)
    sc.answer("Synchro Summon Junk Warrior", "Attack Position", "activate Solemn Judgment")
    sc.run()
    sc.assert_event("summon_negated", card=warrior)
    assert sc.card(warrior).zone == "graveyard" and not sc.events("summoned")
    assert sc.life(1) == 4000


def test_stardust_warrior_negates_a_special_summon_and_returns_in_the_end_phase():
    sc = duel()
    warrior = _synchro_ready(sc)
    stardust = sc.add("Stardust Warrior", "monster", 1)
    properly_summoned(sc, stardust)
    sc.answer("Synchro Summon Junk Warrior", "Attack Position", "activate Stardust Warrior")
    sc.run()
    sc.assert_event("summon_negated", card=warrior)
    assert sc.card(warrior).zone == "graveyard" and sc.card(stardust).zone == "graveyard"
    for _ in range(40):                                            # play on, taking the return
        dec = sc.decision
        if sc.card(stardust).zone == "monster" or dec is None or sc.game.state.turn > 3:
            break
        if dec.kind == "yes_no":
            sc.answer("yes")
        elif dec.reason == "action":
            sc.answer("end turn" if "end turn" in _labels(sc) else "pass")
        else:
            sc.answer(lambda d: list(range(max(d.min, 1))))
        sc.run()
    assert sc.card(stardust).zone == "monster"
    sc.assert_event("summoned", card=stardust, how="special")


def test_stardust_warrior_leaving_by_an_opponent_effect_calls_a_warrior_synchro():
    sc = duel(active=1)
    stardust = sc.add("Stardust Warrior", "monster", 0)
    junk = sc.add("Junk Warrior", "extra", 0)
    sc.add("Dark Hole", "hand", 1)
    sc.answer("activate Dark Hole")
    sc.run()
    assert sc.card(stardust).zone == "graveyard"
    sc.answer("yes", "Attack Position")
    sc.run()
    assert sc.card(junk).zone == "monster"
    sc.assert_event("summoned", card=junk, how="synchro")           # treated as a Synchro Summon


def test_stardust_warrior_tributed_as_its_own_cost_calls_nothing():
    sc = duel(active=1)
    _synchro_ready(sc, player=1)
    stardust = sc.add("Stardust Warrior", "monster", 0)
    junk = sc.add("Junk Warrior", "extra", 0)
    sc.answer("Synchro Summon Junk Warrior", "Attack Position", "activate Stardust Warrior")
    sc.run()
    assert sc.card(stardust).zone == "graveyard" and sc.card(junk).zone == "extra"


def test_stardust_warrior_materials_are_a_synchro_tuner_and_synchro_monsters():
    sc = duel()
    sc.add("Formula Synchron", "monster", 0)
    sc.add("Stardust Dragon", "monster", 0)
    sc.add("Stardust Warrior", "extra", 0)
    assert "Synchro Summon Stardust Warrior" in _actions(sc)
    sc = duel()
    sc.add("Junk Synchron", "monster", 0)                          # a Tuner, but not a Synchro Monster
    sc.add("Stardust Dragon", "monster", 0)
    sc.add("Hane-Hane", "monster", 0)
    sc.add("Stardust Warrior", "extra", 0)
    assert "Synchro Summon Stardust Warrior" not in _actions(sc)


# -- Xyz --------------------------------------------------------------------------------------------
def test_xyz_summon_attaches_materials_and_detaching_is_a_cost():
    sc = duel()
    a = sc.add("Vorse Raider", "monster", 0)
    b = sc.add("Celtic Guardian", "monster", 0)
    utopia = sc.add("Number 39: Utopia", "extra", 0)
    sc.answer("Xyz Summon Number 39: Utopia", "Attack Position")
    sc.run()
    for m in (a, b):
        assert sc.card(m).zone == "overlay" and sc.card(m).attached_to == utopia
    sc.assert_event("summoned", card=utopia, how="xyz")
    sc.add("Vorse Raider", "hand", 1)
    advance(sc, 4, player=1)
    sc.answer("normal summon Vorse Raider")
    sc.run()
    while "attack" not in " ".join(_labels(sc)):
        sc.answer("pass")
        sc.run()
    attack = next(lab for lab in _labels(sc) if lab.startswith("attack"))
    sc.answer(attack, "activate Number 39: Utopia", "Vorse Raider")
    sc.run()
    for _ in range(4):                                             # let the chain resolve
        if sc.events("attack_negated"):
            break
        sc.answer("pass")
        sc.run()
    sc.assert_event("attack_negated")
    assert sc.card(a).zone == "graveyard" and sc.card(b).zone == "overlay"   # detached as the cost


def test_xyz_needs_two_monsters_of_its_rank():
    sc = duel()
    sc.add("Vorse Raider", "monster", 0)
    sc.add("Sangan", "monster", 0)                                  # Level 3 and Level 4
    sc.add("Gem-Knight Pearl", "extra", 0)
    assert "Xyz Summon Gem-Knight Pearl" not in _actions(sc)


def test_xyz_materials_go_to_the_gy_when_the_xyz_monster_leaves():
    sc = duel()
    a = sc.add("Vorse Raider", "monster", 0)
    b = sc.add("Celtic Guardian", "monster", 0)
    pearl = sc.add("Gem-Knight Pearl", "extra", 0)
    sc.add("Dark Hole", "hand", 0)
    sc.answer("Xyz Summon Gem-Knight Pearl", "Attack Position", "activate Dark Hole")
    sc.run()
    assert sc.card(pearl).zone == "graveyard"
    assert sc.card(a).zone == "graveyard" and sc.card(b).zone == "graveyard"
    assert not sc.game.zone("overlay", 0).cards


# -- Link -------------------------------------------------------------------------------------------
def test_link_summon_counts_materials_and_a_link_monster_may_count_as_its_rating():
    sc = duel()
    sc.add("Vorse Raider", "monster", 0)
    spider = sc.add("Link Spider", "extra", 0)
    sc.add("Gaia Saber, the Lightning Shadow", "extra", 0)
    assert "Link Summon Gaia Saber, the Lightning Shadow" not in _actions(sc)
    sc.answer("Link Summon Link Spider")
    sc.run()
    sc.assert_event("summoned", card=spider, how="link")
    assert sc.card(spider).definition.fields["link_arrows"] == ["Bottom"]


def test_a_link_2_material_counts_as_2_toward_a_link_3():
    sc = duel()
    sc.add_many(["Vorse Raider", "Celtic Guardian"], "monster", 0)
    saber = sc.add("Gaia Saber, the Lightning Shadow", "extra", 0)
    assert "Link Summon Gaia Saber, the Lightning Shadow" not in _actions(sc)   # 2 materials, Link-3
    sc = duel()
    spider = sc.add("Link Spider", "monster", 0)
    a = sc.add("Vorse Raider", "monster", 0)
    b = sc.add("Celtic Guardian", "monster", 0)
    saber = sc.add("Gaia Saber, the Lightning Shadow", "extra", 0)
    sc.answer("Link Summon Gaia Saber, the Lightning Shadow")
    sc.run()
    assert sc.card(saber).zone == "monster"
    assert all(sc.card(c).zone == "graveyard" for c in (spider, a, b))


def test_link_spider_needs_a_normal_monster():
    sc = duel()
    sc.add("Sangan", "monster", 0)
    sc.add("Link Spider", "extra", 0)
    assert "Link Summon Link Spider" not in _actions(sc)


# -- Fusion and Ritual -------------------------------------------------------------------------------------
def test_polymerization_fusion_summons_from_hand_and_field():
    sc = duel()
    sc.add("Polymerization", "hand", 0)
    assert "activate Polymerization" not in _actions(sc)             # no materials yet
    sc = duel()
    sc.add("Polymerization", "hand", 0)
    manip = sc.add("Flame Manipulator", "hand", 0)
    masaki = sc.add("Masaki the Legendary Swordsman", "monster", 0)
    sword = sc.add("Flame Swordsman", "extra", 0)
    sc.answer("activate Polymerization", "Attack Position")
    sc.run()
    assert sc.card(sword).zone == "monster"
    assert sc.card(manip).zone == "graveyard" and sc.card(masaki).zone == "graveyard"
    sc.assert_event("summoned", card=sword, how="fusion")
    assert not sc.events("summon_negated")


def test_a_fusion_summon_is_negated_through_the_spell_not_the_summon():
    sc = duel()
    sc.add("Polymerization", "hand", 0)
    sc.add_many(["M-Warrior #1", "M-Warrior #2"], "hand", 0)
    karb = sc.add("Karbonala Warrior", "extra", 0)
    sc.add("Solemn Judgment", "spell_trap", 1, face_up=False)
    sc.answer("activate Polymerization", "activate Solemn Judgment")
    sc.run()
    assert sc.card(karb).zone == "extra" and not sc.events("summon_negated")
    assert sc.zone("graveyard", 0) == ["Polymerization"]


def test_ritual_summon_tributes_levels_totalling_at_least_the_ritual_monsters():
    sc = duel()
    sc.add("Black Luster Ritual", "hand", 0)
    bls = sc.add("Black Luster Soldier", "hand", 0)
    sc.add("Vorse Raider", "monster", 0)
    assert "activate Black Luster Ritual" not in _actions(sc)        # 4 Levels of the 8 needed
    sc = duel()
    sc.add("Black Luster Ritual", "hand", 0)
    bls = sc.add("Black Luster Soldier", "hand", 0)
    a = sc.add("Vorse Raider", "monster", 0)
    b = sc.add("Curse of Dragon", "hand", 0)
    sc.answer("activate Black Luster Ritual", "Attack Position")
    sc.run()
    assert sc.card(bls).zone == "monster"
    assert sc.card(a).zone == "graveyard" and sc.card(b).zone == "graveyard"
    sc.assert_event("summoned", card=bls, how="ritual")


def test_mask_of_restrict_stops_ritual_tributes():
    sc = duel()
    sc.add("Mask of Restrict", "spell_trap", 1)
    sc.add("Black Luster Ritual", "hand", 0)
    sc.add("Black Luster Soldier", "hand", 0)
    sc.add_many(["Vorse Raider", "Celtic Guardian"], "monster", 0)
    assert "activate Black Luster Ritual" not in _actions(sc)


def test_extra_deck_monsters_go_back_to_the_extra_deck_not_the_hand():
    sc = duel()
    sword = sc.add("Flame Swordsman", "monster", 0)
    sc.add("Phoenix Wing Wind Blast", "spell_trap", 1, face_up=False)
    sc.add("Celtic Guardian", "hand", 1)
    advance(sc, 4, player=1)
    sc.answer("activate Phoenix Wing Wind Blast", "Celtic Guardian")
    sc.run()
    assert sc.card(sword).zone == "extra"


def test_a_link_monster_is_always_in_attack_position():
    sc = duel()
    sc.add("Vorse Raider", "monster", 0)
    spider = sc.add("Link Spider", "extra", 0)
    sc.answer("Link Summon Link Spider")                           # no position is asked
    sc.run()
    assert sc.card(spider).status.get("position") == "attack"
    advance(sc, 5)
    assert "change Link Spider to defense position" not in _labels(sc)


def test_leviathan_dragon_detaches_for_atk_and_cannot_attack_directly_without_materials():
    sc = duel()
    sc.add_many(["Sangan", "Flame Manipulator"], "monster", 0)
    levi = sc.add("Number 17: Leviathan Dragon", "extra", 0)
    sc.answer("Xyz Summon Number 17: Leviathan Dragon", "Attack Position")
    sc.run()
    sc.answer("activate Number 17: Leviathan Dragon", "Sangan")
    sc.run()
    assert sc.game.values(sc.card(levi))["atk"] == 2500
    assert not [lab for lab in _labels(sc) if "Leviathan" in lab and "activate" in lab]   # once per turn
    advance(sc, 5)
    while sc.game.state.phase != "battle":
        sc.answer("pass")
        sc.run()
    assert "attack with Number 17: Leviathan Dragon" in _labels(sc)   # 1 material left: it may
    sc = duel()
    sc.add_many(["Sangan", "Flame Manipulator"], "monster", 0)
    levi = sc.add("Number 17: Leviathan Dragon", "extra", 0)
    sc.answer("Xyz Summon Number 17: Leviathan Dragon", "Attack Position")
    sc.run()
    for m in list(sc.game.zone("overlay", 0).cards):
        sc.game.move(sc.card(m), "graveyard", 0)
    advance(sc, 5)
    while sc.game.state.phase != "battle":
        sc.answer("pass")
        sc.run()
    assert "attack with Number 17: Leviathan Dragon" not in _labels(sc)


def test_utopia_with_no_material_is_destroyed_when_attacked():
    sc = duel()
    sc.add_many(["Vorse Raider", "Celtic Guardian"], "monster", 0)
    utopia = sc.add("Number 39: Utopia", "extra", 0)
    sc.answer("Xyz Summon Number 39: Utopia", "Attack Position")
    sc.run()
    for m in list(sc.game.zone("overlay", 0).cards):
        sc.game.move(sc.card(m), "graveyard", 0)
    sc.add("Vorse Raider", "hand", 1)
    advance(sc, 4, player=1)
    sc.answer("normal summon Vorse Raider")
    sc.run()
    while "attack" not in " ".join(_labels(sc)):
        sc.answer("pass")
        sc.run()
    sc.answer(next(lab for lab in _labels(sc) if lab.startswith("attack")))
    sc.run()
    for _ in range(6):
        if sc.card(utopia).zone != "monster" or sc.decision is None:
            break
        sc.answer("pass")
        sc.run()
    assert sc.card(utopia).zone == "graveyard"
    destroyed = sc.assert_event("moved", card=utopia, how="destroyed")
    assert destroyed.source == utopia


def test_link_spider_special_summons_only_a_normal_monster_from_the_hand():
    sc = duel()
    sc.add("Vorse Raider", "monster", 0)
    sc.add("Sangan", "hand", 0)                                     # an Effect Monster: not eligible
    sc.add("Link Spider", "extra", 0)
    sc.answer("Link Summon Link Spider")
    sc.run()
    assert "activate Link Spider: Special Summon from the hand" not in _labels(sc)
    sc = duel()
    sc.add("Vorse Raider", "monster", 0)
    celt = sc.add("Celtic Guardian", "hand", 0)
    sc.add("Link Spider", "extra", 0)
    sc.answer("Link Summon Link Spider", "activate Link Spider", "Attack Position")
    sc.run()
    assert sc.card(celt).zone == "monster"


def test_an_extra_deck_monster_never_properly_summoned_cannot_be_revived():
    sc = duel()
    sc.add("Monster Reborn", "hand", 0)
    sc.add("Stardust Dragon", "graveyard", 0)                       # sent there without a Synchro Summon
    assert "activate Monster Reborn" not in _actions(sc)
    sc = duel()
    _synchro_ready(sc)
    sc.add("Monster Reborn", "hand", 0)
    sc.add("Dark Hole", "hand", 0)
    warrior = sc.game.zone("extra", 0).cards[0]
    sc.answer("Synchro Summon Junk Warrior", "Attack Position", "activate Dark Hole")
    sc.run()
    assert sc.card(warrior).zone == "graveyard"                     # properly Summoned, then destroyed
    sc.answer("activate Monster Reborn", "Junk Warrior", "Attack Position")
    sc.run()
    assert sc.card(warrior).zone == "monster"


def test_a_ritual_monster_cannot_be_normal_summoned_or_set():
    sc = duel()
    sc.add("Black Luster Soldier", "hand", 0)
    sc.add_many(["Vorse Raider", "Celtic Guardian"], "monster", 0)
    labels = _actions(sc)
    assert not [lab for lab in labels if "Black Luster Soldier" in lab]


def test_stardust_warrior_destroyed_by_battle_calls_a_warrior_synchro():
    sc = duel()
    stardust = sc.add("Stardust Warrior", "monster", 0)
    junk = sc.add("Junk Warrior", "extra", 0)
    sc.add("Blue-Eyes White Dragon", "monster", 1)                 # 3000 ATK: both are destroyed
    advance(sc, 4, player=1)
    while "attack" not in " ".join(_labels(sc)):
        sc.answer("pass")
        sc.run()
    sc.answer("attack with Blue-Eyes White Dragon")
    sc.run()
    for _ in range(8):
        if sc.card(junk).zone == "monster" or sc.decision is None:
            break
        dec = sc.decision
        if dec.kind == "yes_no":
            sc.answer("yes")
        elif dec.reason == "action":
            sc.answer("pass")
        else:
            sc.answer("Attack Position" if "Attack Position" in _labels(sc) else 0)
        sc.run()
    assert sc.card(stardust).zone == "graveyard"
    sc.assert_event("moved", card=stardust, cause="battle")
    assert sc.card(junk).zone == "monster"
    sc.assert_event("summoned", card=junk, how="synchro")


def test_an_xyz_summon_with_five_monsters_on_the_field_fits():
    sc = duel()
    sc.add_many(["Vorse Raider", "Celtic Guardian", "Battle Ox", "Sangan", "Hane-Hane"], "monster", 0)
    pearl = sc.add("Gem-Knight Pearl", "extra", 0)
    sc.answer("Xyz Summon Gem-Knight Pearl", "Vorse Raider + Celtic Guardian", "Attack Position")
    sc.run()
    assert sc.card(pearl).zone == "monster" and len(sc.game.zone("monster", 0).cards) == 4
    assert [sc.card(c).attached_to for c in sc.game.zone("overlay", 0).cards] == [pearl, pearl]
