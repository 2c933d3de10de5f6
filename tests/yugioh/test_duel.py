"""The duel: setup, turn structure, Summons, positions, battle, the hand limit, and losses."""
from __future__ import annotations

from rulestack import Cause, Game

from .conftest import advance, duel


def options(sc):
    return [o.label for o in sc.decision.options]


def test_setup_8000_lp_five_cards_and_a_coin_toss_for_the_first_player():
    game = Game("yugioh", ["classic_a", "classic_b"], seed=4)
    game.start()
    assert [p.life for p in game.players] == [8000, 8000]
    assert [len(game.cards_in("hand", p)) for p in (0, 1)] == [5, 5]
    assert [len(game.cards_in("deck", p)) for p in (0, 1)] == [35, 35]
    toss = [e for e in game.events if e.kind == "coin_toss"]
    assert len(toss) == 1 and game.state.active_player == toss[0].get("goes_first")
    game.close()


def test_the_coin_toss_winner_chooses_to_go_first_or_second():
    from rulestack import ScriptedAgent
    for choice, winner_first in (("go first", True), ("go second", False)):
        game = Game("yugioh", ["classic_a", "classic_b"], seed=4,
                    agents=[ScriptedAgent([choice]), ScriptedAgent([choice])])
        game.start()
        toss = [e for e in game.events if e.kind == "coin_toss"][0]
        winner = toss.player
        assert (game.state.active_player == winner) is winner_first
        assert game.state.active_player == toss.get("goes_first")
        game.close()


def test_the_first_player_skips_the_first_draw_and_the_battle_phase():
    sc = duel(turn=1, phase="draw")
    sc.add("Vorse Raider", "monster", 0)
    sc.add("Celtic Guardian", "hand", 0)
    sc.run()
    assert sc.decision.player == 0 and "end turn" not in options(sc)    # no Battle Phase to skip to
    assert not sc.events("moved", how="drawn")
    sc.answer("pass")
    sc.run()
    phases = [e.get("phase") for e in sc.events("phase")]
    assert phases[:4] == ["standby", "main1", "end", "draw"]           # turn 1 had no Battle Phase
    assert sc.events("moved", how="drawn")[0].player == 1              # the first draw is turn 2's


def test_normal_summon_once_per_turn_and_tributes_by_level():
    sc = duel()
    sc.add_many(["Vorse Raider", "Summoned Skull", "Blue-Eyes White Dragon"], "hand", 0)
    labels = [a.label for a in sc.game.legal_actions(0, "main")]
    assert "normal summon Vorse Raider" in labels
    assert "tribute summon Summoned Skull" not in labels               # Level 6 needs 1 Tribute
    sc.answer("normal summon Vorse Raider")
    sc.run()
    labels = options(sc)
    assert not [x for x in labels if "summon" in x and "flip" not in x]     # once per turn
    advance(sc, 5, player=0)
    labels = options(sc)
    assert "tribute summon Summoned Skull" in labels
    assert "tribute summon Blue-Eyes White Dragon" not in labels        # Level 8 needs 2
    sc.answer("tribute summon Summoned Skull")
    sc.run()
    tributed = sc.assert_event("moved", how="tributed")
    assert tributed.cause == Cause.ACTION and sc.zone("graveyard", 0) == ["Vorse Raider"]
    assert sc.zone("monster", 0) == ["Summoned Skull"]
    assert sc.assert_event("summoned", how="tribute")


def test_set_monster_flip_summon_next_turn_triggers_its_flip_effect():
    sc = duel()
    bug = sc.add("Man-Eater Bug", "hand", 0)
    sc.add("Vorse Raider", "monster", 1)
    sc.answer("set Man-Eater Bug")
    sc.run()
    assert not sc.card(bug).face_up and sc.card(bug).status["position"] == "defense"
    assert "flip summon Man-Eater Bug" not in options(sc)              # not the turn it was Set
    advance(sc, 5, player=0)
    sc.answer("flip summon Man-Eater Bug", "Vorse Raider")
    sc.run()
    assert sc.card(bug).face_up and sc.card(bug).status["position"] == "attack"
    sc.assert_event("summoned", card=bug, how="flip")
    assert sc.zone("graveyard", 1) == ["Vorse Raider"]


def test_position_change_once_per_turn_not_the_turn_it_arrived():
    sc = duel()
    sc.add("Celtic Guardian", "hand", 0)
    old = sc.add("Vorse Raider", "monster", 0)
    sc.answer("normal summon Celtic Guardian")
    sc.run()
    assert "change Celtic Guardian to defense position" not in options(sc)
    sc.answer("change Vorse Raider to defense position")
    sc.run()
    assert sc.card(old).status["position"] == "defense"
    assert "change Vorse Raider to attack position" not in options(sc)


def test_scenario_docstring_example_mirror_force():
    sc = duel(active=1, phase="battle")
    sc.add("Vorse Raider", "monster", 1)
    sc.add("Mirror Force", "spell_trap", 0, face_up=False)
    sc.answer("attack with Vorse Raider", "activate Mirror Force")
    sc.run()
    assert sc.zone("graveyard", 1) == ["Vorse Raider"] and sc.life(0) == 8000


def test_battle_damage_atk_against_atk_def_and_direct():
    sc = duel(phase="battle")
    skull = sc.add("Summoned Skull", "monster", 0)
    raider = sc.add("Vorse Raider", "monster", 0)
    guard = sc.add("Celtic Guardian", "monster", 1)
    wall = sc.add("Mystical Elf", "monster", 1, status={"position": "defense"})
    sc.answer("attack with Summoned Skull", "Celtic Guardian", "attack with Vorse Raider")
    sc.run()
    assert sc.card(guard).zone == "graveyard" and sc.life(1) == 8000 - 1100
    # Vorse Raider (1900) into Mystical Elf (DEF 2000): nothing destroyed, 100 damage to P0
    assert sc.card(raider).zone == "monster" and sc.card(wall).zone == "monster" and sc.life(0) == 7900
    damage = sc.events("damaged")
    assert all(e.cause == Cause.BATTLE for e in damage)
    # direct attack next turn once the wall is gone
    sc2 = duel(phase="battle")
    sc2.add("Summoned Skull", "monster", 0)
    sc2.answer("attack with Summoned Skull")
    sc2.run()
    assert sc2.life(1) == 5500


def test_face_down_marshmallon_is_not_destroyed_and_stings_the_attacker():
    sc = duel(phase="battle")
    sc.add("Vorse Raider", "monster", 0)
    mallon = sc.add("Marshmallon", "monster", 1, face_up=False, status={"position": "defense"})
    sc.answer("attack with Vorse Raider")
    sc.run()
    assert sc.card(mallon).zone == "monster" and sc.card(mallon).face_up
    assert sc.life(0) == 7000 and sc.life(1) == 8000


def test_giant_rat_destroyed_by_battle_calls_an_earth_monster():
    sc = duel(phase="battle")
    sc.add("Vorse Raider", "monster", 0)
    rat = sc.add("Giant Rat", "monster", 1)
    sc.add("Hane-Hane", "deck", 1)
    sc.answer("attack with Vorse Raider", "yes", "Hane-Hane")
    sc.run()
    assert sc.card(rat).zone == "graveyard"
    sc.assert_event("activated", card=rat)
    assert sc.zone("monster", 1) == ["Hane-Hane"]


def test_hand_limit_discards_down_to_six_in_the_end_phase():
    sc = duel(phase="end")
    sc.add_many(["Celtic Guardian"] * 8, "hand", 0)
    sc.answer(lambda d: [0, 1])
    sc.run()
    assert len(sc.zone("hand", 0)) == 6 and len(sc.zone("graveyard", 0)) == 2
    assert all(e.cause == Cause.RULE for e in sc.events("moved", how="discarded"))


def test_drawing_from_an_empty_deck_loses():
    sc = duel(phase="draw", deck=0)
    sc.run()
    assert sc.result is not None and sc.result.winners == (1,)
    assert "empty Deck" in sc.result.reason


def test_zero_lp_loses_at_once():
    sc = duel(lp=(8000, 500))
    sc.add("Hinotama", "hand", 0)
    sc.answer("activate Hinotama")
    sc.run()
    assert sc.result.winners == (0,) and sc.life(1) == 0


def test_trap_hole_destroys_a_normal_summoned_monster():
    sc = duel()
    sc.add("Vorse Raider", "hand", 0)
    sc.add("Trap Hole", "spell_trap", 1, face_up=False)
    sc.answer("normal summon Vorse Raider", "activate Trap Hole")
    sc.run()
    assert sc.zone("graveyard", 1) == ["Trap Hole"] and sc.zone("graveyard", 0) == ["Vorse Raider"]


def test_solemn_judgment_negates_a_summon_and_stardust_warrior_cannot_answer_a_normal_summon():
    sc = duel()
    sc.add("Vorse Raider", "hand", 0)
    sc.add("Solemn Judgment", "spell_trap", 1, face_up=False)
    sc.answer("normal summon Vorse Raider", "activate Solemn Judgment")
    sc.run()
    sc.assert_event("summon_negated")
    assert not sc.events("summoned") and sc.zone("graveyard", 0) == ["Vorse Raider"]
    assert sc.life(1) == 4000
    sc = duel()
    sc.add("Vorse Raider", "hand", 0)
    warrior = sc.add("Stardust Warrior", "monster", 1)
    sc.answer("normal summon Vorse Raider")
    sc.run()
    assert sc.card(warrior).zone == "monster"                    # it answers Special Summons only
    sc.assert_event("summoned", how="normal")


def test_YGO_A17_chain_energy_charges_summons_sets_and_activations_from_the_hand():
    sc = duel(lp=(1200, 8000))
    sc.add("Chain Energy", "spell_trap", 1)
    sc.add_many(["Vorse Raider", "Hinotama", "Reinforcements"], "hand", 0)
    sc.answer("normal summon Vorse Raider", "activate Hinotama")
    sc.run()
    assert sc.life(0) == 200 and sc.life(1) == 7500
    assert [e.get("delta") for e in sc.events("lp_paid")] == [-500, -500]
    assert "set Reinforcements" not in options(sc)                       # 500 LP needed, 200 left


def test_YGO_A17_dark_panther_attack_costs_500_lp_and_cannot_attack_without_it():
    sc = duel(phase="battle", lp=(700, 8000))
    sc.add("Dark Panther", "monster", 0)
    sc.answer("attack with Dark Panther")
    sc.run()
    paid = sc.assert_event("lp_paid", player=0)
    assert paid.cause == Cause.COST and paid.seq < sc.assert_event("attack_declared").seq
    assert sc.life(0) == 200 and sc.life(1) == 8000 - 1800
    sc2 = duel(phase="battle", lp=(499, 8000))
    sc2.add("Dark Panther", "monster", 0)
    assert "attack with Dark Panther" not in [a.label for a in sc2.game.legal_actions(0, "battle")]


def test_messenger_of_peace_and_swords_stop_attacks():
    sc = duel(phase="battle")
    sc.add("Messenger of Peace", "spell_trap", 1)
    sc.add_many(["Vorse Raider", "Celtic Guardian"], "monster", 0)
    assert [a.label for a in sc.game.legal_actions(0, "battle") if a.kind == "attack"] == \
        ["attack with Celtic Guardian"]
    sc = duel(phase="battle")
    swords = sc.add("Swords of Revealing Light", "spell_trap", 1)
    sc.add("Celtic Guardian", "monster", 0)
    assert not [a for a in sc.game.legal_actions(0, "battle") if a.kind == "attack"]
    sc.answer("pass")                                                  # end the Battle Phase
    for turn in (4, 6):
        advance(sc, turn)                # P1's turns: P0's End Phases 3 and 5 have been counted
        assert sc.card(swords).zone == "spell_trap"
    assert sc.card(swords).counters == {"turn": 2}
    advance(sc, 8)
    assert sc.card(swords).zone == "graveyard"


def test_macro_cosmos_banishes_a_destroyed_monster():
    sc = duel(phase="battle")
    sc.add("Macro Cosmos", "spell_trap", 1)
    sc.add("Summoned Skull", "monster", 0)
    guard = sc.add("Celtic Guardian", "monster", 1)
    sc.answer("attack with Summoned Skull")
    sc.run()
    assert sc.card(guard).zone == "banished"


def test_premature_burial_revives_and_takes_the_monster_with_it():
    sc = duel()
    burial = sc.add("Premature Burial", "hand", 0)
    skull = sc.add("Summoned Skull", "graveyard", 0)
    sc.add("Mystical Space Typhoon", "hand", 1)
    sc.answer("activate Premature Burial")
    sc.run()
    assert sc.card(skull).zone == "monster" and sc.card(burial).attached_to == skull and sc.life(0) == 7200
    advance(sc, 4, player=1)
    sc.answer("activate Mystical Space Typhoon")
    sc.run()
    assert sc.card(burial).zone == "graveyard" and sc.card(skull).zone == "graveyard"


def test_axe_of_despair_adds_1000_atk_and_reinforcements_500_until_end_of_turn():
    sc = duel()
    raider = sc.add("Vorse Raider", "monster", 0)
    sc.add("Axe of Despair", "hand", 0)
    sc.add("Reinforcements", "spell_trap", 0, face_up=False)
    sc.answer("activate Axe of Despair", "activate Reinforcements")
    sc.run()
    assert sc.value(raider, "atk") == 3400
    sc.answer("end turn")
    sc.run()
    assert sc.value(raider, "atk") == 2900


def test_magic_cylinder_and_waboku():
    sc = duel(active=1, phase="battle")
    sc.add("Summoned Skull", "monster", 1)
    sc.add("Magic Cylinder", "spell_trap", 0, face_up=False)
    sc.answer("attack with Summoned Skull", "activate Magic Cylinder")
    sc.run()
    assert sc.life(1) == 5500 and sc.life(0) == 8000
    sc = duel(active=1, phase="battle")
    sc.add("Summoned Skull", "monster", 1)
    guard = sc.add("Celtic Guardian", "monster", 0)
    sc.add("Waboku", "spell_trap", 0, face_up=False)
    sc.answer("pass", "attack with Summoned Skull", "activate Waboku")    # Waboku may wait for the attack
    sc.run()
    assert sc.life(0) == 8000 and sc.card(guard).zone == "monster"


def test_call_of_the_haunted_and_its_monster_are_bound():
    sc = duel()
    call = sc.add("Call of the Haunted", "spell_trap", 0, face_up=False)
    skull = sc.add("Summoned Skull", "graveyard", 0)
    sc.add("Sudden Collapse", "spell_trap", 1, face_up=False)
    sc.answer("activate Call of the Haunted")
    sc.run()
    assert sc.card(skull).zone == "monster"
    advance(sc, 4, player=1)
    sc.answer("activate Sudden Collapse")                          # its only target: the Skull
    sc.run()
    assert sc.card(skull).zone == "graveyard" and sc.card(call).zone == "graveyard"


def test_a_monster_arriving_during_a_direct_attack_causes_a_replay():
    sc = duel(active=1, phase="battle")
    sc.add("Summoned Skull", "monster", 1)
    sc.add("Call of the Haunted", "spell_trap", 0, face_up=False)
    guard = sc.add("Celtic Guardian", "graveyard", 0)
    # P0 keeps the trap through the Start Step, then answers the direct attack with it
    sc.answer("pass", "attack with Summoned Skull", "activate Call of the Haunted", "yes")
    sc.run()
    assert sc.card(guard).zone == "graveyard"                         # the replayed attack hit it
    assert sc.life(0) == 8000 - 1100                                  # not 2500: no direct attack
    assert sc.asked[-1].kind == "action" and any("replay" in d.prompt for d in sc.asked)


def test_from_the_battle_phase_the_turn_player_may_go_on_to_the_end_phase():
    sc = duel(phase="battle")
    sc.add("Vorse Raider", "monster", 0)
    sc.run()
    assert {"pass", "end turn", "attack with Vorse Raider"} <= set(options(sc))
    sc.answer("end turn")
    sc.run()
    phases = [e.get("phase") for e in sc.events("phase")]
    assert "end" in phases and "main2" not in phases           # Main Phase 2 passed through
