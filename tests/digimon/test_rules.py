"""The rules of the Digimon Card Game through the real flow: preparation (5-2), the turn (6),
the breeding area (4-17, 4-18), playing (7-1), digivolution (8-1) and inherited effects (15-3),
attacks, blocks, security checks and battles (11-14), pending effects (15-4), immediate-type
effects (15-8-5), rule checks (17) and the end of the turn (6-6). Rule numbers: CRM Ver.4.2."""
from __future__ import annotations

import pytest

from rulestack import Game

from rulestack_systems.digimon import areas

from .board import digimon, memory, position, seqs


def labels(sc, player=0, window="main"):
    return [a.label for a in sc.game.legal_actions(player, window)]


# -- preparation (5-2) ------------------------------------------------------------------------------

def test_preparation_gives_five_cards_five_security_and_memory_zero():
    game = Game("digimon", ["st1_gaia_red", "st2_cocytus_blue"], seed=4)
    game.start()
    for p in (0, 1):
        assert len(game.zone("hand", p).cards) == 5
        assert len(game.zone("security", p).cards) == 5
        assert len(game.zone("deck", p).cards) == 40
        assert len(game.zone("digi_egg_deck", p).cards) == 4
    assert game.value_of(None, "memory") == 0
    first = game.value_of(None, "first_player")
    assert game.state.active_player == first
    # 5-2-1-6: the deck's top card became the bottom security card.
    sets = [e for e in game.events if e.kind == "set_as_security" and e.get("to_player") == first]
    assert game.zone("security", first).cards[0] == sets[0].get("card")


def test_the_first_player_skips_the_draw_of_their_first_turn_only():
    sc = position(turn=1, phase=None, memory=0)
    sc.set_value(None, "first_player", 0)
    sc.add("Red Rookie", "hand", 0)
    sc.run()
    sc.assert_no_event("drew", player=0)


# -- breeding area (4-17, 4-18) --------------------------------------------------------------------------

def test_hatching_and_moving_out():
    sc = position(phase="breeding", memory=3)
    sc.add_many(["Red Egg", "Red Egg"], "digi_egg_deck", 0)
    assert "hatch a Digi-Egg" in labels(sc, window="breeding")
    sc.answer("hatch a Digi-Egg").run()
    egg = sc.assert_event("hatched").get("card")
    assert sc.card(egg).zone == "breeding_area" and sc.card(egg).face_up
    # A Digi-Egg has no DP: it can't be moved out (4-17-2); it can be digivolved there.
    assert not [a for a in sc.game.legal_actions(0, "breeding") if a.kind == "move_out"]


def test_a_digimon_moved_out_can_attack_at_once_and_is_not_played():
    sc = position(phase="breeding", memory=3, turn=5)
    rookie = digimon(sc, "Red Rookie", 0, zone="breeding_area", placed_turn=4, under=["Red Egg"])
    sc.add("Red Egg", "digi_egg_deck", 0)
    assert "hatch a Digi-Egg" not in labels(sc, window="breeding")           # 4-18-3: one card there
    sc.answer("move Red Rookie to the battle area").run()
    assert sc.card(rookie).zone == "battle_area"
    assert len(areas.sources(sc.game, sc.card(rookie))) == 1                 # the stack moves with it
    sc.assert_no_event("played")
    assert "attack your opponent with Red Rookie" in labels(sc)              # MAN: it may attack


# -- playing and digivolving ---------------------------------------------------------------------------

def test_playing_pays_memory_and_a_digimon_played_this_turn_cannot_attack():
    sc = position(memory=5, hand=("Filler Mon",))
    card = sc.add("Red Rookie", "hand", 0)
    sc.answer("play Red Rookie (cost 3)").run()
    assert sc.card(card).zone == "battle_area" and memory(sc) == 2
    assert not [a for a in sc.game.legal_actions(0, "main") if a.kind == "attack"]     # 7-1-2-1


def test_rush_lets_a_digimon_attack_the_turn_it_is_played():
    sc = position(memory=5)
    sc.add("Rusher", "hand", 0)
    sc.answer("play Rusher (cost 3)").run()
    assert "attack your opponent with Rusher" in labels(sc)                  # 16-15


def test_digivolving_stacks_pays_draws_and_keeps_the_orientation():
    sc = position(memory=5)
    rookie = digimon(sc, "Red Rookie", 0, suspended=True, under=["Red Egg"])
    champ = sc.add("Red Champion", "hand", 0)
    hand_before = len(sc.zone("hand", 0))
    sc.answer("digivolve Red Rookie into Red Champion (cost 2)").run()
    top = sc.card(champ)
    assert top.zone == "battle_area" and areas.is_suspended(top)             # 8-1-2-3
    assert [c.name for c in areas.sources(sc.game, top)] == ["Red Egg", "Red Rookie"]
    assert memory(sc) == 3
    # the digivolution bonus draw (8-1-3-3) and the card's own <Draw 1> [When Digivolving]
    assert len(sc.zone("hand", 0)) == hand_before - 1 + 2
    dv, bonus, when = seqs(sc, ("digivolved", {"card": champ}), ("drew", {"source": champ}),
                           ("activated", {"card": champ}))
    assert dv < bonus < when


def test_digivolution_needs_the_level_and_colour_of_a_requirement():
    sc = position(memory=9)
    digimon(sc, "Blue Rookie", 0)
    digimon(sc, "Red Champion", 0)
    sc.add("Red Champion", "hand", 0)
    assert not [a for a in sc.game.legal_actions(0, "main") if a.kind == "digivolve"]


def test_a_digimon_played_and_digivolved_this_turn_still_cannot_attack():
    sc = position(memory=9)
    sc.add("Red Rookie", "hand", 0)
    sc.add("Red Champion", "hand", 0)
    sc.answer("play Red Rookie (cost 3)", "digivolve Red Rookie into Red Champion (cost 2)").run()
    assert not [a for a in sc.game.legal_actions(0, "main") if a.kind == "attack"]


def test_when_digivolving_does_not_trigger_in_the_breeding_area():
    sc = position(memory=9)
    digimon(sc, "Red Rookie", 0, zone="breeding_area", under=["Red Egg"])
    champ = sc.add("Red Champion", "hand", 0)
    sc.answer("digivolve Red Rookie into Red Champion (cost 2)").run()
    assert sc.card(champ).zone == "breeding_area"
    assert not [e for e in sc.events("activated") if e.get("card") == champ]        # 3-4-7-4


def test_digisorption_suspends_a_digimon_to_lower_the_cost():
    sc = position(memory=2)
    digimon(sc, "Red Rookie", 0)
    helper = digimon(sc, "Filler Mon", 0)
    absorber = sc.add("Absorber", "hand", 0)
    offered = labels(sc)
    assert "digivolve Red Rookie into Absorber (cost 3)" in offered
    sc.answer("digivolve Red Rookie into Absorber (cost 1), suspending Filler Mon for <Digisorption>").run()
    assert sc.card(absorber).zone == "battle_area" and areas.is_suspended(sc.card(helper))
    assert memory(sc) == 1


# -- inherited effects (15-3) ----------------------------------------------------------------------------

def test_inherited_effects_apply_to_the_digimon_above_on_your_turn():
    sc = position(memory=3)
    top = digimon(sc, "Biyomon", 0, under=["Agumon"])
    assert sc.game.value(top, "dp") == 4000                                 # 3000 + Agumon's +1000
    sc.set_turn(active=1, phase="main")
    assert sc.game.value(top, "dp") == 3000                                 # [Your Turn] only


def test_an_inherited_security_attack_makes_two_checks():
    sc = position(memory=3, security=(3, 3))
    digimon(sc, "Red Rookie", 0, under=["Red Champion"])
    sc.answer("attack your opponent with Red Rookie").run()
    assert len(sc.events("security_checked")) == 2


# -- attacks, blocks, security and battles --------------------------------------------------------------------

def test_only_the_opponent_or_their_suspended_digimon_can_be_attacked():
    sc = position(memory=3)
    digimon(sc, "Red Rookie", 0)
    digimon(sc, "Blue Rookie", 1)
    tired = digimon(sc, "Weak Mon", 1, suspended=True)
    targets = sorted(a.get("target") or 0 for a in sc.game.legal_actions(0, "main") if a.kind == "attack")
    assert targets == sorted([0, tired])


def test_a_battle_deletes_the_lower_dp_and_both_on_a_tie():
    sc = position(memory=3)
    mine = digimon(sc, "Red Rookie", 0)
    tired = digimon(sc, "Blue Rookie", 1, suspended=True)
    sc.answer("attack Blue Rookie with Red Rookie").run()
    assert sc.card(mine).zone == "trash" and sc.card(tired).zone == "trash"            # 14-2-1
    assert all(e.cause == "battle" for e in sc.events("deleted"))


def test_a_blocker_takes_the_attack_and_metalgreymon_gains_memory():
    sc = position(memory=3)
    attacker = digimon(sc, "Red Rookie", 0, under=["MetalGreymon"])
    blocker = digimon(sc, "Blocker Mon", 1)
    sc.answer("attack your opponent with Red Rookie", "block with Blocker Mon").run()
    sc.assert_event("blocked", blocker=blocker)
    assert areas.is_suspended(sc.card(blocker))
    sc.assert_event("battled", card=attacker, other=blocker)
    sc.assert_no_event("security_checked")
    assert memory(sc) == 6                                              # ST1-09 inherited: gain 3


def test_a_security_digimon_battles_and_is_trashed_not_deleted():
    sc = position(memory=3, security=(3, 0))
    attacker = digimon(sc, "Filler Mon", 0)
    sc.add("Blue Rookie", "security", 1)
    sc.answer("attack your opponent with Filler Mon").run()
    sc.assert_event("security_battle", checker_lost=True)
    assert sc.card(attacker).zone == "trash" and sc.zone("trash", 1) == ["Blue Rookie"]
    assert sc.events("deleted")[0].get("card") == attacker                   # 14-2-3


def test_jamming_survives_a_security_digimon():
    sc = position(memory=3, security=(3, 0))
    jammer = digimon(sc, "Jammer", 0)
    sc.add("Blue Rookie", "security", 1)
    sc.answer("attack your opponent with Jammer").run()
    assert sc.card(jammer).zone == "battle_area"
    sc.assert_event("deletion_prevented", card=jammer)


def test_option_and_tamer_security_effects_activate_at_once():
    sc = position(memory=3, security=(3, 0))
    digimon(sc, "Red Rookie", 0, under=["Red Champion"])
    spark = sc.add("Hammer Spark", "security", 1)
    tai = sc.add("Tai Kamiya", "security", 1)
    sc.answer("attack your opponent with Red Rookie").run()
    assert sc.card(tai).zone == "battle_area"                      # played by its [Security]
    assert sc.card(spark).zone == "trash"
    assert sc.assert_event("memory", why="gained").player == 1
    sc.assert_no_event("memory", why="paid")


def test_starlight_explosion_makes_security_digimon_stronger():
    sc = position(memory=3, security=(3, 0))
    attacker = digimon(sc, "Red Rookie", 0, under=["Red Champion"])
    sc.add("Blue Rookie", "security", 1)
    sc.add("Starlight Explosion", "security", 1)
    sc.answer("attack your opponent with Red Rookie").run()
    battle = sc.assert_event("security_battle")
    assert battle.get("security_dp") == 10000 and sc.card(attacker).zone == "trash"


def test_security_attack_minus_means_no_check_and_no_win():
    sc = position(memory=3, security=(3, 0))
    digimon(sc, "Timid Mon", 0)
    sc.add("Red Rookie", "hand", 0)
    sc.answer("attack your opponent with Timid Mon").run()
    assert sc.result is None
    sc.assert_event("attack_failed")                                 # 11-5-1-2-1, 16-4-4


def test_piercing_checks_security_after_deleting_in_battle():
    sc = position(memory=3, security=(3, 2))
    digimon(sc, "Piercer", 0)
    victim = digimon(sc, "Weak Mon", 1, suspended=True)
    sc.answer("attack Weak Mon with Piercer").run()
    deleted, check, end = seqs(sc, ("deleted", {"card": victim}), ("security_checked", {}), ("attack_ended", {}))
    assert deleted < check < end and sc.assert_event("security_checked").get("piercing")


def test_retaliation_deletes_the_winner_only_when_alone_deleted():
    sc = position(memory=3)
    attacker = digimon(sc, "Red Rookie", 0)
    avenger = digimon(sc, "Avenger", 1, suspended=True)
    sc.answer("attack Avenger with Red Rookie").run()
    assert sc.card(avenger).zone == "trash" and sc.card(attacker).zone == "trash"
    assert sc.events("deleted")[-1].cause == "effect"


def test_reboot_unsuspends_in_the_opponents_unsuspend_phase():
    sc = position(memory=1, active=1)
    reb = digimon(sc, "Rebooter", 0, suspended=True)
    sc.add("Filler Mon", "hand", 1)
    sc.add("Filler Mon", "hand", 0)
    sc.answer("pass").run()                                                  # P1 passes; P0's turn
    assert not areas.is_suspended(sc.card(reb))
    sc2 = position(memory=1, active=0)
    reb2 = digimon(sc2, "Rebooter", 1, suspended=True)
    sc2.add("Filler Mon", "hand", 0)
    sc2.answer("pass").run()
    assert not areas.is_suspended(sc2.card(reb2))                            # its owner's own phase too


def test_recovery_puts_the_top_of_the_deck_on_security():
    sc = position(memory=5)
    top = sc.game.zone("deck", 0).cards[-1]
    sc.add("Recoverer", "hand", 0)
    sc.answer("play Recoverer (cost 3)").run()
    assert len(sc.game.zone("security", 0).cards) == 4 and sc.game.zone("security", 0).cards[-1] == top


# -- pending effects (15-4), immediate-type effects (15-8-5), rule checks (17) ----------------------------------

def test_a_derived_trigger_of_the_non_turn_player_goes_before_older_pending_effects():
    """15-4-5-2/-3: the Tamer's effect plays a Digimon while Eager Attacker's [When Attacking] is
    still pending: the opponent's Herald (derived) activates before it."""
    sc = position(memory=3)
    attacker = digimon(sc, "Eager Attacker", 0)
    tamer = sc.add("Summoner Tamer", "battle_area", 0)
    herald = digimon(sc, "Herald", 1)
    sc.add("Red Rookie", "hand", 0)
    sc.answer("attack your opponent with Eager Attacker", "Summoner Tamer").run()
    assert [e.get("card") for e in sc.events("activated")] == [tamer, herald, attacker]


def test_an_immediate_effect_interrupts_after_the_reveal_and_before_the_cost():
    sc = position(memory=3)
    digimon(sc, "Red Rookie", 0)
    bell = sc.add("Warning Bell", "battle_area", 1)
    option = sc.add("Checklist Deleter", "hand", 0)
    sc.answer("use Checklist Deleter").run()
    revealed, bell_act, paid = seqs(sc, ("revealed", {"cards": [option]}), ("activated", {"card": bell}),
                                    ("memory", {"why": "paid"}))
    assert revealed < bell_act < paid                                        # 9-1-6
    assert memory(sc) == 3 - 1 - 2


def test_a_zero_dp_digimon_is_deleted_by_the_rules_after_the_effect():
    sc = position(memory=3)
    digimon(sc, "Red Rookie", 0)
    victim = digimon(sc, "Last Words", 1)
    sc.add("Shrinker", "hand", 0)
    sc.answer("use Shrinker").run()
    deleted = sc.assert_event("deleted", card=victim)
    assert deleted.cause == "rule" and deleted.seq > sc.assert_event("trashed_after_use").seq   # 17-1-2-2
    sc.assert_event("activated", card=victim)                                # [On Deletion] still triggers


def test_rule_checks_trash_a_digi_egg_in_the_battle_area_without_deleting_it():
    sc = position(memory=3)
    egg = sc.add("Red Egg", "battle_area", 0)
    sc.add("Red Rookie", "hand", 0)
    sc.run()
    assert sc.card(egg).zone == "trash"
    sc.assert_event("rule_trash", card=egg)
    sc.assert_no_event("deleted")


def test_start_of_turn_effects_come_before_unsuspending():
    sc = position(memory=1, active=1)
    digimon(sc, "Red Rookie", 0, suspended=True)
    dawn = sc.add("Dawn Tamer", "battle_area", 0)
    sc.add("Filler Mon", "hand", 1)
    sc.add("Filler Mon", "hand", 0)
    sc.answer("pass").run()
    act = sc.assert_event("activated", card=dawn)
    unsuspend = sc.assert_event("status", key="suspended", value=None)
    assert act.seq < unsuspend.seq                                            # 6-2-1-1


def test_the_end_of_turn_is_postponed_when_the_memory_comes_back():
    sc3 = position(memory=0)
    digimon(sc3, "Red Rookie", 0)
    sc3.add("Evening Tamer", "battle_area", 0)
    sc3.add("Filler Mon", "hand", 0)
    sc3.set_value(None, "memory", 2)
    sc3.add("Last Words", "hand", 0)
    # memory 2 - 3 = -1; Evening Tamer at end of turn: +1 -> 0: the turn goes on (6-6-4).
    sc3.answer("play Filler Mon (cost 3)").run()
    sc3.assert_event("end_of_turn_postponed")
    assert sc3.game.state.active_player == 0 and sc3.decision.player == 0


def test_once_per_turn_metalgarurumon_unsuspends_once():
    sc = position(memory=3, security=(3, 5))
    mg = digimon(sc, "MetalGarurumon", 0)
    sc.answer("attack your opponent with MetalGarurumon").run()
    assert not areas.is_suspended(sc.card(mg))
    sc.answer("attack your opponent with MetalGarurumon").run()
    assert areas.is_suspended(sc.card(mg))
    assert len([e for e in sc.events("activated") if e.get("card") == mg]) == 1


def test_a_would_be_deleted_immediate_effect_prevents_the_deletion():
    """15-8-5-1/-2: an immediate-type effect interrupts right before the deletion and, having
    suspended the Digimon, prevents it; suspended already, it can't (the <Evade> model)."""
    sc = position(memory=9)
    digimon(sc, "Red Rookie", 0)
    evader = digimon(sc, "Evader", 1)
    sc.add_many(["Checklist Deleter", "Checklist Deleter"], "hand", 0)
    sc.answer("use Checklist Deleter (cost 2)").run()
    would, act = seqs(sc, ("would_be_deleted", {"card": evader}), ("activated", {"card": evader}))
    assert would < act and sc.card(evader).zone == "battle_area" and areas.is_suspended(sc.card(evader))
    sc.assert_no_event("deleted")
    sc.answer("use Checklist Deleter (cost 2)").run()
    assert sc.card(evader).zone == "trash"


def test_retaliation_does_not_trigger_when_both_are_deleted():
    """16-13-2: only when just this Digimon is deleted (a tie deletes both; nothing to retaliate)."""
    sc = position(memory=3)
    attacker = digimon(sc, "Filler Mon", 0)
    avenger = digimon(sc, "Avenger", 1, suspended=True)
    sc.answer("attack Avenger with Filler Mon").run()
    assert sc.card(avenger).zone == "trash" and sc.card(attacker).zone == "trash"
    assert all(e.cause == "battle" for e in sc.events("deleted"))
    assert not sc.events("activated")


def test_an_unknown_keyword_is_refused_when_the_card_loads(tmp_path):
    from rulestack import CardDataError
    from rulestack.harness.systems import with_cards
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {code: BAD-1, name: Bad Mon, category: digimon, color: [red], level: 3, dp: 1000, cost: 1,\n"
                   "   keywords: [Flying]}\n")
    game = Game.empty(with_cards("digimon", [bad]))
    with pytest.raises(CardDataError, match="unknown keyword 'Flying'") as err:
        game.definition("BAD-1")
    assert "bad.yaml" in str(err.value)


def test_a_digivolved_digimon_keeps_the_effects_on_it():
    """3-4-5: a digivolved Digimon is the same Digimon: +3000 DP for the turn stays with it."""
    sc = position(memory=9)
    rookie = digimon(sc, "Red Rookie", 0)
    champ = sc.add("Red Champion", "hand", 0)
    sc.add("Shadow Wing", "hand", 0)
    sc.answer("use Shadow Wing (cost 1)", "digivolve Red Rookie into Red Champion (cost 2)").run()
    assert sc.game.value(champ, "dp") == 5000 + 3000
    assert sc.card(rookie).zone == "digivolution_cards"


def test_each_players_view_shows_the_memory_as_they_read_it():
    sc = position(memory=3)
    sc.add("Filler Mon", "hand", 0)
    sc.answer("play Filler Mon (cost 3)").run()
    for p, expected in ((0, 0), (1, 0)):
        assert sc.game.view(p)["players"][p]["values"]["memory"] == expected
    sc2 = position(memory=5, hand=("Filler Mon", "Filler Mon"))
    sc2.answer("play Filler Mon (cost 3)").run()
    assert [sc2.game.view(0)["players"][p]["values"]["memory"] for p in (0, 1)] == [2, -2]


def test_an_on_play_still_resolves_when_its_cost_crossed_to_the_opponents_side():
    """WIKI (official Q&A): the [On Play] resolves, then the turn passes (6-1-4-1)."""
    sc = position(memory=1)
    card = sc.add("Recoverer", "hand", 0)
    sc.answer("play Recoverer (cost 3)").run()
    paid, played, recovered, end = seqs(sc, ("memory", {"why": "paid"}), ("played", {"card": card}),
                                        ("recovered", {}), ("end_of_turn", {"player": 0}))
    assert paid < played < recovered < end
    assert sc.game.state.active_player == 1


def test_an_attack_finishes_its_security_checks_after_the_memory_crossed():
    """Coredramon's [When Attacking] loses 2 memory (1 -> 1 on the opponent's side): the attack
    still checks security and ends before the turn passes."""
    sc = position(memory=1, security=(3, 3))
    digimon(sc, "Coredramon", 0)
    sc.answer("attack your opponent with Coredramon").run()
    lost, check, ended, end = seqs(sc, ("memory", {"why": "lost"}), ("security_checked", {}), ("attack_ended", {}),
                                   ("end_of_turn", {"player": 0}))
    assert lost < check < ended < end
    assert sc.game.state.active_player == 1
