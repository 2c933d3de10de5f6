"""Phantom Magic Vision rules beyond the checklist: setup, phases and turn end, nodes, timing of
each card type, battle and graze, the hand limit, removal order (9.1.4) and winning."""
from __future__ import annotations

import pytest

from rulestack import Action, ConfigurationError, Deck, Game, IllegalAction

from rulestack_systems.pmv import PMVSystem

from .board import act, field, pass_until, position, settled


# -- setup (B2.3.1) ----------------------------------------------------------------------------------

def test_setup_gives_25_life_and_7_cards_and_the_first_player_skips_the_first_draw():
    game = Game("pmv", list(PMVSystem.sample_decks), seed=3)
    try:
        game.start()
        assert [p.life for p in game.players] == [25, 25]
        assert [len(game.cards_in("hand", p)) for p in (0, 1)] == [7, 7]
        assert [len(game.cards_in("deck", p)) for p in (0, 1)] == [43, 43]
        first = game.value_of(None, "first_player")
        game.play()
        draws = [e for e in game.state.log if e.kind == "drew" and e.get("from") == "deck"]
        first_turn_draws = [e for e in draws if e.seq > next(x.seq for x in game.state.log if x.kind == "phase")
                            and e.seq < next(x.seq for x in game.state.log if x.kind == "turn_began")]
        assert not [e for e in first_turn_draws if e.player == first]
    finally:
        game.close()


def test_sample_decks_are_legal_and_four_of_a_name_is_not():
    game = Game.empty("pmv")
    try:
        for name in PMVSystem.sample_decks:
            deck = game.pool.deck(name)
            assert len(deck.sections["main"]) == 50
            assert game.pm.hook.validate_deck(game=game, deck=deck) == [[]]
        base = game.pool.deck("hakurei_shrine")
        main = list(base.sections["main"])
        plain = game.pool.definition("PMV-O-01").code                       # 博麗 霊夢
        bad = Deck(name="four Reimu", sections={"main": tuple(main[:-1] + [plain])})   # 3 符ノ壱 + 1 plain
        problems = game.pm.hook.validate_deck(game=game, deck=bad)[0]
        assert problems == ["4 cards named 「博麗 霊夢」 (at most 3, S2)"]
        short = Deck(name="short", sections={"main": tuple(main[:49])})
        assert "exactly 50" in game.pm.hook.validate_deck(game=game, deck=short)[0][0]
    finally:
        game.close()


# -- the turn (4.2, T2-T9) ------------------------------------------------------------------------------

def test_a_turn_runs_its_phases_in_order_and_turn_end_in_the_order_of_T4():
    sc = position(phase=None, nodes=(0, 0))
    field(sc, "上海人形", 0)                                                 # (自動γ) at your turn end: +1 life
    doll = field(sc, "試験の人形", 0)
    sc.game.set_status(sc.card(doll), "damage", 1, quiet=True)
    sc.game.add_effect("add", "attack", 1, targets=[doll], duration="until_end_of_turn")
    sc.game.add_effect("add", "attack", 1, targets=[doll], duration="this_turn")
    pass_until(sc, lambda s: s.game.state.turn == 4)
    phases = [e.get("phase") for e in sc.events("phase") if e.player == 0]
    assert phases[:6] == ["active", "maintenance", "draw", "main", "discard", "turn_end"]
    reset = sc.assert_event("damage_reset", player=0).seq
    ended = [e for e in sc.events("effect_ended")]
    gained = sc.assert_event("life_gained", player=0).seq
    assert reset < ended[0].seq < gained < ended[1].seq                   # T4 steps 1, 2, 3, 4
    assert ended[0].get("duration") == "until_end_of_turn" and ended[1].get("duration") == "this_turn"
    assert sc.life(0) == 26 and not sc.card(doll).status.get("damage")


def test_the_active_phase_wakes_field_cards_but_not_nodes_and_maintenance_wakes_nodes():
    sc = position(phase=None, nodes=(2, 0))
    char = field(sc, "大妖精", 0, sleep=True)
    for node in sc.game.cards_in("nodes", 0):
        sc.game.set_status(node, "sleep", True, quiet=True)
    sc.run()
    woke = sc.assert_event("status", card=char, key="sleep", value=None)
    nodes_woke = sc.assert_event("nodes_woke", player=0)
    assert woke.seq < sc.assert_event("phase", phase="maintenance").seq < nodes_woke.seq
    assert all(not n.status.get("sleep") for n in sc.game.cards_in("nodes", 0))


def test_the_hand_limit_discards_down_to_seven_in_the_discard_phase():
    sc = position(phase="discard")
    sc.add_many(["大妖精"] * 9, "hand", 0)                                    # 10 with the keeper
    sc.run()
    assert sc.decision.reason == "hand_limit" and sc.decision.min == 3
    sc.answer([0, 1, 2]).run()
    assert len(sc.zone("hand", 0)) == 7 and len(sc.zone("netherworld", 0)) == 3


# -- nodes (B2.3.3) ------------------------------------------------------------------------------------

def test_a_node_is_set_once_per_turn_and_priority_stays_with_the_player():
    sc = position()
    sc.add("大妖精", "hand", 0)
    sc.answer("set 大妖精 as a node").run()
    assert len(sc.game.cards_in("nodes", 0)) == 1 and sc.decision.player == 0      # 1.12.3
    assert not [o for o in sc.decision.options if "as a node" in o.label]          # N3
    node = sc.game.cards_in("nodes", 0)[0]
    assert not node.face_up and not node.status.get("sleep")


def test_required_nodes_count_sleeping_nodes_and_the_cost_sleeps_active_ones():
    sc = position(nodes=(3, 0))                                              # 東風谷 早苗: 3 nodes, cost 2
    nodes_ = sc.game.cards_in("nodes", 0)
    sc.game.set_status(nodes_[0], "sleep", True, quiet=True)
    sc.add("東風谷 早苗", "hand", 0)
    act(sc, "play 東風谷 早苗")
    assert sc.card("東風谷 早苗").zone == "field" and sc.card("東風谷 早苗").status.get("sleep")   # C2
    assert all(n.status.get("sleep") for n in sc.game.cards_in("nodes", 0))
    sc2 = position(nodes=(2, 0))
    sc2.add("東風谷 早苗", "hand", 0)
    sc2.run()
    assert "play 東風谷 早苗" not in [o.label for o in sc2.decision.options]     # 2 < 3 required (5.2.2.c)


def test_the_caster_rule_waives_nodes_and_cost():
    sc = position(nodes=(0, 0))
    field(sc, "東風谷 早苗", 0)
    chosen = field(sc, "大妖精", 0)
    sc.add("開海「海が割れる日」", "hand", 0)
    act(sc, "play 開海「海が割れる日」", then=["大妖精"])
    assert sc.value(chosen, "attack") == 4


# -- timing (C2-C8) ------------------------------------------------------------------------------------

def test_one_character_per_turn_never_as_interference_but_commands_and_ambush_can_interfere():
    sc = position(nodes=(4, 4))
    attacker = field(sc, "紅 美鈴", 0)
    sc.add_many(["大妖精", "大妖精"], "hand", 0)
    act(sc, "play 大妖精")
    assert "play 大妖精" not in [o.label for o in sc.decision.options]          # once per turn
    sc.add("霊撃", "hand", 1)
    sc.add("亡霊", "hand", 1)
    sc.add("チルノ", "hand", 1)
    sc.answer("attack with 紅 美鈴").run()
    labels = [o.label for o in sc.decision.options]
    assert sc.decision.player == 1 and "play 霊撃" in labels and "play 亡霊" in labels   # C8, 奇襲 (C5)
    assert "play チルノ" not in labels                                           # C2
    assert attacker


def test_a_spell_cannot_be_played_in_the_opponents_turn():
    sc = position(active=1, nodes=(3, 0))
    sc.add("夢想封印", "hand", 0)
    sc.add("霊撃", "hand", 1)
    sc.run()
    assert sc.decision.player == 1
    assert "play 夢想封印" not in [a.label for a in sc.game.legal_actions(0, "priority")]     # C6
    sc.game.set(sc.game.state, "active_player", 0)
    assert "play 夢想封印" in [a.label for a in sc.game.legal_actions(0, "priority")]


# -- battle (B2.3.5) ---------------------------------------------------------------------------------

def test_an_undefended_attack_deals_its_attack_to_the_player_who_may_graze():
    sc = position(deck=(10, 10))
    field(sc, "連結「紅白と白黒」", 0)                                         # 4/5, graze 2
    act(sc, "attack with 連結「紅白と白黒」", then=[True])
    assert sc.life(1) == 21
    grazed = sc.game.cards_in("nodes", 1)
    assert len(grazed) == 2 and all(n.status.get("sleep") for n in grazed)        # G3
    assert len(sc.game.cards_in("deck", 1)) == 8


def test_graze_is_impossible_with_x_or_fewer_cards_left():
    sc = position(deck=(10, 2))
    field(sc, "連結「紅白と白黒」", 0)
    act(sc, "attack with 連結「紅白と白黒」")
    assert sc.life(1) == 21 and not sc.game.cards_in("nodes", 1)             # G4: no question asked


def test_first_strike_deals_its_damage_first_and_a_destroyed_defender_deals_none():
    sc = position()
    youmu = field(sc, "魂魄 妖夢", 0)                                          # 4/3 先制
    mei = field(sc, "大妖精", 1)                                              # 2/2
    act(sc, "attack with 魂魄 妖夢", "defend with 大妖精")
    assert sc.card(mei).zone == "netherworld"
    assert not sc.card(youmu).status.get("damage")


def test_defended_characters_deal_damage_to_each_other_at_once():
    sc = position()
    a = field(sc, "霧雨 魔理沙", 0)                                            # 3/2
    d = field(sc, "大妖精", 1)                                               # 2/2
    act(sc, "attack with 霧雨 魔理沙", "defend with 大妖精")
    assert sc.card(a).zone == "netherworld" and sc.card(d).zone == "netherworld"
    steps = [e.get("step") for e in sc.events("near_death_step")]
    assert steps[:2] == ["making", "making"]                                  # one batch (9.1.5)


def test_a_defender_who_interferes_otherwise_can_no_longer_defend():
    sc = position(nodes=(0, 2))
    field(sc, "大妖精", 0)
    field(sc, "紅 美鈴", 1)
    sc.add("霊撃", "hand", 1)
    sc.answer("attack with 大妖精", "play 霊撃", "大妖精").run()
    while sc.decision is not None and sc.decision.kind == "action" and not settled(sc):
        assert "defend with 紅 美鈴" not in [o.label for o in sc.decision.options]   # B2b
        sc.answer("pass").run()


# -- removal (9.1.4) -------------------------------------------------------------------------------

def test_simultaneous_removals_go_near_death_then_discard_then_exclusion_and_are_rechecked():
    sc = position()
    charm = field(sc, "西行妖", 1)                                            # +1 durability to P1's characters
    hurt = field(sc, "試験の人形", 1)                                          # 2/5 -> 2/6
    sc.game.set_status(sc.card(hurt), "damage", 5, quiet=True)
    gone = field(sc, "大妖精", 1)
    sc.add("一掃", "hand", 0)
    act(sc, "play 一掃", then=["大妖精"])
    discard = sc.assert_event("discarded", card=charm).seq
    near = sc.assert_event("near_death", card=hurt).seq                      # found by the re-check
    excl = sc.assert_event("excluded", card=gone).seq
    assert discard < near < sc.assert_event("discarded", card=hurt).seq < excl


def test_a_removal_made_during_near_death_waits_for_the_near_death_batch():
    sc = position(nodes=(2, 0))
    companion = field(sc, "道連れ", 1)                                        # would become near-death: discard world charms
    charm = field(sc, "西行妖", 0)
    sc.add("霊撃", "hand", 0)
    act(sc, "play 霊撃")
    assert sc.card(charm).zone == "netherworld" and sc.card(companion).zone == "netherworld"
    became = sc.assert_event("near_death_step", card=companion, step="became").seq
    charm_gone = sc.assert_event("discarded", card=charm).seq
    assert became < charm_gone                        # the near-death batch finishes first (9.1.4)
    assert sc.assert_event("marked_discard", card=charm).seq < became       # though marked during it


# -- winning (W1-W3) ---------------------------------------------------------------------------------

def test_life_zero_loses_when_a_player_next_receives_priority():
    sc = position(life=(25, 3))
    field(sc, "連結「紅白と白黒」", 0)
    act(sc, "attack with 連結「紅白と白黒」", then=[False])
    assert sc.result is not None and sc.result.winners == (0,) and "life" in sc.result.reason


def test_a_sleeping_character_cannot_attack_and_a_second_node_cannot_be_set():
    sc = position()
    char = field(sc, "大妖精", 0, sleep=True)
    with pytest.raises(IllegalAction, match="cannot attack"):
        sc.game.perform(Action("attack", 0, char))
    sc.add("チルノ", "hand", 0)
    sc.answer("set チルノ as a node").run()
    keeper = sc.card("試験の巨人", player=0).id
    with pytest.raises(IllegalAction, match="once per turn"):
        sc.game.perform(Action("set_node", 0, keeper))


def test_maintenance_costs_are_paid_with_nodes_or_the_card_is_discarded():
    for pay in (True, False):
        sc = position(phase="maintenance", nodes=(1, 0))
        charm = field(sc, "西行妖", 0)
        for node in sc.game.cards_in("nodes", 0):
            sc.game.set_status(node, "sleep", True, quiet=True)       # woken by the phase first (N13)
        sc.answer(pay).run()
        if pay:
            sc.assert_event("maintenance_paid", card=charm, amount=1)
            assert sc.card(charm).zone == "field"
            assert all(n.status.get("sleep") for n in sc.game.cards_in("nodes", 0))
        else:
            assert sc.card(charm).zone == "netherworld"
            sc.assert_event("discarded", card=charm)


def test_an_equipment_is_set_on_its_character_and_follows_it_to_netherworld():
    """C7: a 【装備】 is set on the 目標 character of yours; when that character leaves the field
    the equipment is discarded by the rules."""
    sc = position(nodes=(1, 2))
    fairy = field(sc, "大妖精", 0)                                           # 2/2
    sc.add("お祓い棒", "hand", 0)
    act(sc, "play お祓い棒")
    rod = sc.card("お祓い棒").id
    assert sc.card(rod).zone == "field" and sc.card(rod).attached_to == fairy
    assert (sc.value(fairy, "attack"), sc.value(fairy, "durability")) == (3, 3)
    sc.add("霊撃", "hand", 1)
    act(sc, "pass", "play 霊撃")                                             # P1 answers P0's pass
    assert sc.card(fairy).zone == "netherworld" and sc.card(rod).zone == "netherworld"
    assert sc.assert_event("discarded", card=rod).get("near_death") is False


def test_an_equipment_whose_goal_is_gone_goes_to_netherworld_unset():
    sc = position(nodes=(1, 4))
    field(sc, "大妖精", 0)
    sc.add("お祓い棒", "hand", 0)
    sc.add("即死", "hand", 1)
    act(sc, "play お祓い棒", "play 即死")                                    # 即死 answers it
    assert sc.card("お祓い棒").zone == "netherworld"
    sc.assert_event("resolution_skipped")


def test_an_effect_that_makes_a_player_draw_from_an_empty_deck_makes_them_lose():
    sc = position(nodes=(3, 0), deck=(0, 5))
    sc.add("結界", "hand", 0)                                                # sleep all, then draw 1
    act(sc, "play 結界")
    assert sc.result is not None and sc.result.winners == (1,) and "empty deck" in sc.result.reason


def test_a_scenario_may_start_at_turn_end():
    sc = position(phase="turn_end")
    field(sc, "上海人形", 0)
    sc.run()
    assert sc.life(0) == 26 and sc.game.state.turn == 4


def test_the_unconfirmed_node_rules_are_settings():
    """B2.3.10 item 1-2 [U]: when nodes wake and how a set node enters are named settings."""
    sc = position(phase=None, nodes=(1, 0), settings={"nodes_wake": "never", "new_node": "sleep"})
    node = sc.game.cards_in("nodes", 0)[0]
    sc.game.set_status(node, "sleep", True, quiet=True)
    sc.add("チルノ", "hand", 0)
    sc.run()
    assert sc.card(node.id).status.get("sleep")                             # not woken
    sc.answer("set チルノ as a node").run()
    assert all(n.status.get("sleep") for n in sc.game.cards_in("nodes", 0))   # set asleep


def test_an_unknown_setting_value_is_refused_with_the_choices():
    with pytest.raises(ConfigurationError, match="nodes_wake.*maintenance, never"):
        PMVSystem({"nodes_wake": "draw"})
