"""The Phantom Magic Vision checklist of RULES.md part C2, one test per case, named by its ID.

Each builds a position, runs the real game loop with scripted answers (plays, passes, choices)
and pauses at the first decision the script leaves open, then asserts on areas, values and the
event log. Rule numbers are the seed's (001) and the comprehensive rules' cited in RULES.md.
"""
from __future__ import annotations

from rulestack_systems.pmv import names

from .board import act, field, hand, order_of, pass_until, position, settled


# -- 12.2 (seed), 8.1.3: sequential text ------------------------------------------------------------

def test_PMV_01_a_failed_step_stops_the_rest_of_the_text():
    sc = position(nodes=(2, 0))
    sc.add("陰陽玉", "hand", 0)
    target = field(sc, "紅 美鈴", 1)
    act(sc, "play 陰陽玉")
    assert sc.card(target).status.get("damage") == 2                     # part 1 applied
    assert hand(sc, 0) == []                                               # part 3 (draw 1) not applied
    sc.assert_event("step_failed")
    stop = sc.assert_event("resolution_stopped")
    assert not [e for e in sc.events("drew") if e.seq > stop.seq]
    assert sc.zone("netherworld", 0) == ["陰陽玉"]


def test_PMV_01_contrast_with_a_card_in_netherworld_every_step_applies():
    sc = position(nodes=(2, 0))
    sc.add("陰陽玉", "hand", 0)
    sc.add("チルノ", "netherworld", 0)
    field(sc, "紅 美鈴", 1)
    act(sc, "play 陰陽玉")
    assert sorted(hand(sc, 0)) == sorted(["チルノ", "大妖精"])
    sc.assert_no_event("resolution_stopped")


# -- "all" (seed 12.2), 8.1.2.c -----------------------------------------------------------------------

def test_PMV_02a_all_succeeds_when_some_are_unaffected_and_the_next_step_applies():
    sc = position(nodes=(3, 0))
    sc.add("夢想封印", "hand", 0)
    plain = field(sc, "試験の人形", 1)
    shield = field(sc, "霧の盾", 1)
    act(sc, "play 夢想封印")
    assert sc.card(plain).status.get("damage") == 1
    assert not sc.card(shield).status.get("damage")
    assert sc.life(0) == 26
    sc.assert_no_event("resolution_stopped")


def test_PMV_02b_all_with_no_card_is_a_proper_target_and_the_draw_happens():
    sc = position(nodes=(3, 0))
    sc.add("結界", "hand", 0)
    act(sc, "play 結界")
    assert hand(sc, 0) == ["大妖精"]
    sc.assert_no_event("step_failed")


# -- 12.3: names ---------------------------------------------------------------------------------------

def test_PMV_03_a_name_reference_matches_part_of_a_name_same_name_needs_all_of_it():
    sc = position(nodes=(2, 0))
    rank_one = field(sc, '符ノ壱"博麗 霊夢"', 0)
    plain = field(sc, "博麗 霊夢", 0)
    other = field(sc, "大妖精", 0)
    sc.add("博麗神社", "hand", 0)
    act(sc, "play 博麗神社")
    shrine = sc.card("博麗神社", zone="field")
    assert shrine.status.get("sleep") is None                              # a world charm enters active (C7)
    assert sc.value(rank_one, "attack") == 4                               # 3 + 1 (12.3.1)
    assert sc.value(plain, "attack") == 3
    assert sc.value(other, "attack") == 2
    game = sc.game
    assert not names.refers_to(game, shrine, "博麗 霊夢")                     # 博麗神社 holds only part of it
    assert not names.same_name(game, sc.card(rank_one), sc.card(plain))    # 12.3.2
    assert names.same_name(game, sc.card(plain), sc.card(sc.add("博麗 霊夢", "hand", 1)))


def test_PMV_04_disguise_replaces_only_the_own_name_of_a_linked_character():
    sc = position(nodes=(1, 0))
    linked = field(sc, "連結「紅白と白黒」", 0)
    field(sc, "チルノ", 1)
    sc.add("変装", "hand", 0)
    assert names.names_of(sc.game, sc.card(linked)) == ("連結「紅白と白黒」", "博麗 霊夢", "霧雨 魔理沙")
    act(sc, "play 変装")
    assert set(names.names_of(sc.game, sc.card(linked))) == {"チルノ", "博麗 霊夢", "霧雨 魔理沙"}
    assert names.refers_to(sc.game, sc.card(linked), "霧雨")


# -- 6.1.10: change, swap, add, always ------------------------------------------------------------------

def test_PMV_05_swap_comes_before_addition_whatever_the_timestamps():
    sc = position()
    doll = field(sc, "試験の人形", 1)                                      # 2/5
    sc.add("試験の加算", "hand", 0)
    sc.add("試験の入れ替え", "hand", 0)
    act(sc, "play 試験の加算")                      # t1: +2/+0
    assert (sc.value(doll, "attack"), sc.value(doll, "durability")) == (4, 5)
    act(sc, "play 試験の入れ替え")                  # t2: swap
    assert (sc.value(doll, "attack"), sc.value(doll, "durability")) == (7, 2)   # not 5/4


def test_PMV_07_the_last_change_applied_wins():
    sc = position()
    doll = field(sc, "試験の人形", 1)
    sc.add("試験の変更四", "hand", 0)
    sc.add("試験の変更一", "hand", 0)
    act(sc, "play 試験の変更四")
    act(sc, "play 試験の変更一")
    assert sc.value(doll, "attack") == 1


def test_QA_356_a_variable_is_fixed_first_so_the_change_decides():
    sc = position(nodes=(2, 0))
    sc.add_many(["大妖精"] * 5, "netherworld", 0)
    sc.add("二つの炎", "hand", 0)
    sc.add("眠れる恐怖チーム", "hand", 0)
    act(sc, "play 二つの炎", then=["眠れる恐怖チーム"])
    team = sc.card("眠れる恐怖チーム", zone="field").id
    assert (sc.value(team, "attack"), sc.value(team, "durability")) == (3, 3)   # not 6/6 (5 + the command)


def test_6_1_10_a_variable_is_recomputed_when_it_changes():
    sc = position(nodes=(0, 0))
    team = field(sc, "眠れる恐怖チーム", 0)
    sc.add_many(["大妖精"] * 2, "netherworld", 0)
    assert sc.value(team, "attack") == 2
    sc.add("大妖精", "netherworld", 0)
    assert sc.value(team, "durability") == 3


# -- QA-269: X is what was paid ---------------------------------------------------------------------------

def test_PMV_09_X_is_the_number_of_nodes_actually_paid():
    sc = position(nodes=(5, 0))
    field(sc, "節約の世界", 0)
    giant = field(sc, "試験の巨人", 1)
    sc.add("八卦炉", "hand", 0)
    act(sc, "play 八卦炉", 5)                      # declare X = 5, cost 5 - 1
    asleep = [n for n in sc.game.cards_in("nodes", 0) if n.status.get("sleep")]
    assert len(asleep) == 4
    assert sc.card(giant).status.get("damage") == 4                        # X = 4, not 5 - 1 or 5


# -- 9.2.2.b, 9.2.5 --------------------------------------------------------------------------------------

def test_PMV_10_durability_zero_makes_near_death_through_immunity_and_cannot_be_negated():
    """Also the Q&A of 2013-11-13 (PMV-A23): 四猿ちゃん cannot return a character that 西行寺 幽々子
    made near-death as it entered the field."""
    sc = position(nodes=(4, 0))
    monkeys = field(sc, "四猿ちゃん", 0)
    field(sc, "西行寺 幽々子", 1)                                           # your sleeping characters: -3 durability
    sc.add("藤原 妹紅", "hand", 0)                                           # cannot become near-death, 3/3
    act(sc, "play 藤原 妹紅", then=[True])                                  # P0 uses 四猿ちゃん
    mokou = sc.card("藤原 妹紅").id
    assert sc.card(mokou).zone == "netherworld"
    sc.assert_event("near_death", card=mokou, rule="9.2.2.b")
    sc.assert_event("near_death_not_negated", card=mokou, rule="9.2.5")
    sc.assert_event("status", card=monkeys, key="sleep", cause="cost")    # its cost (S) was paid
    assert "藤原 妹紅" not in hand(sc, 0)                                    # the text stopped (12.2)


def test_PMV_10_contrast_damage_does_not_make_the_immune_character_near_death():
    sc = position(nodes=(2, 0))
    mokou = field(sc, "藤原 妹紅", 1)
    sc.add("霊撃", "hand", 0)
    act(sc, "play 霊撃")
    assert sc.card(mokou).zone == "field" and sc.card(mokou).status.get("damage") == 3
    sc.assert_no_event("near_death")


def test_9_2_4_negating_near_death_resets_damage_and_the_text_goes_on():
    sc = position(nodes=(2, 0))
    field(sc, "四猿ちゃん", 1)
    mei = field(sc, "紅 美鈴", 1)
    sc.add("霊撃", "hand", 0)
    sc.game.set_status(sc.card(mei), "damage", 2, quiet=True)
    act(sc, "play 霊撃", then=["紅 美鈴", True])
    sc.assert_event("near_death_negated", card=mei)
    assert "紅 美鈴" in hand(sc, 1)


# -- 9.2.2.a, 1.10.12.f, 9.2.3, QA-363 ---------------------------------------------------------------------

def _battle_position():
    sc = position(nodes=(4, 0))
    attacker = field(sc, "大妖精", 0)                                        # 2/2 attacker S
    record = field(sc, "戦いの記録", 1)                                      # 1/3, 2 damage already
    sc.game.set_status(sc.card(record), "damage", 2, quiet=True)
    return sc, attacker, record


def test_PMV_11a_battle_damage_makes_near_death_with_its_source_and_the_steps_in_order():
    sc, attacker, record = _battle_position()
    act(sc, "attack with 大妖精", "defend with 戦いの記録")
    nd = sc.assert_event("near_death", card=record)
    assert nd.cause == "battle" and nd.source == attacker and nd.get("rule") == "9.2.2.a"
    steps = [e.get("step") for e in sc.events("near_death_step", card=record)]
    assert steps == ["making", "would", "made", "became"]
    discard = sc.assert_event("discarded", card=record)
    assert discard.seq > max(order_of(sc, "near_death_step", card=record))     # 9.2.3.e last
    assert sc.life(1) == 30                                                # "by battle" was met
    assert sc.card(record).zone == "netherworld"


def test_PMV_11b_near_death_by_an_effect_during_battle_is_not_by_battle():
    sc, attacker, record = _battle_position()
    sc.add("即死", "hand", 0)
    act(sc, "attack with 大妖精", "defend with 戦いの記録", "play 即死", then=["戦いの記録"])
    nd = sc.assert_event("near_death", card=record)
    assert nd.cause == "effect" and nd.get("rule") == "9.2.2.c"
    assert sc.life(1) == 25                                                # QA-363: not met
    assert sc.card(record).zone == "netherworld"


# -- 2.12.3, 12.4, QA-020, QA-102 ----------------------------------------------------------------------------

def test_PMV_13a_negation_leaves_bracketed_text_working():
    for negator in ("禁弾「カタディオプトリック」", "自動封じ"):
        sc = position(nodes=(2, 0))
        faces = field(sc, "二つの顔", 1)
        assert (sc.value(faces, "attack"), sc.value(faces, "durability")) == (3, 3)
        sc.add(negator, "hand", 0)
        act(sc, f"play {negator}")
        assert (sc.value(faces, "attack"), sc.value(faces, "durability")) == (3, 2), negator


def test_PMV_13b_a_negation_that_includes_brackets_negates_both():
    sc = position()
    faces = field(sc, "二つの顔", 1)
    sc.add("全封じ", "hand", 0)
    act(sc, "play 全封じ")
    assert (sc.value(faces, "attack"), sc.value(faces, "durability")) == (2, 2)


def test_PMV_14_an_effect_gained_from_bracketed_text_can_be_negated():
    sc = position(nodes=(5, 0))
    chosen = field(sc, "大妖精", 0)
    sc.add("開海「海が割れる日」", "hand", 0)
    sc.add("禁弾「カタディオプトリック」", "hand", 0)
    act(sc, "play 開海「海が割れる日」")
    assert sc.value(chosen, "attack") == 4
    act(sc, "play 禁弾「カタディオプトリック」")
    assert sc.value(chosen, "attack") == 2


def test_QA_102_a_bracketed_played_effect_is_not_negated_with_the_play():
    sc = position(active=1, nodes=(2, 1))
    chosen = field(sc, "チルノ", 1)
    sc.add("近接戦闘", "hand", 1)
    sc.add("封魔陣", "hand", 0)
    act(sc, "play 近接戦闘", "play 封魔陣")
    sc.assert_event("effect_negation_applied")
    assert sc.value(chosen, "attack") == 5                                 # 3 + 2: 【】 still applies


# -- 3.2.5 ---------------------------------------------------------------------------------------------

def test_PMV_15a_looking_at_the_whole_deck_shuffles_at_the_end_of_resolution():
    sc = position(nodes=(1, 0), deck=(20, 10))
    sc.add("チルノ", "deck", 0, position="bottom")
    sc.add("お賽銭", "hand", 0)
    act(sc, "play お賽銭", then=["チルノ"])
    assert hand(sc, 0) == ["チルノ"]
    shuffle = sc.assert_event("deck_shuffled_3_2_5", player=0)
    assert shuffle.seq > sc.assert_event("moved", to="hand").seq
    assert shuffle.seq < sc.assert_event("to_netherworld").seq             # part of this card's resolution


def test_PMV_15b_looking_at_part_of_the_deck_does_not_shuffle():
    sc = position(nodes=(1, 0), deck=(20, 10))
    sc.add("占い", "hand", 0)
    act(sc, "play 占い", then=[[0, 1, 2]])
    sc.assert_event("looked_at_deck", count=3, whole=False)
    assert not sc.events("deck_shuffled_3_2_5") and not sc.events("shuffled")


def test_3_2_5_b_a_number_given_does_not_shuffle_even_when_it_was_the_whole_deck():
    sc = position(nodes=(1, 0), deck=(3, 10))
    sc.add("占い", "hand", 0)
    act(sc, "play 占い", then=[[0, 1, 2]])
    sc.assert_event("looked_at_deck", count=3, whole=True)
    assert not sc.events("shuffled")


def test_PMV_17_an_interrupting_draw_shuffles_the_seen_deck_first():
    sc = position(deck=(6, 10))
    will = field(sc, "遺言の人形", 0)
    sc.add("見通しの一撃", "hand", 0)
    act(sc, "play 見通しの一撃", then=["大妖精"])
    shuffle = sc.assert_event("deck_shuffled_3_2_5", player=0)
    draw = sc.assert_event("drew", player=0)
    assert shuffle.seq < draw.seq
    assert not [e for e in sc.events("shuffled") if e.seq > draw.seq]      # once, not again at the end
    assert sc.card(will).zone == "netherworld"
    assert len(hand(sc, 0)) == 2                                           # the draw, then the chosen card


# -- 1.12.8.a -------------------------------------------------------------------------------------------

def test_PMV_19_interference_resolves_last_first_with_no_one_able_to_interfere():
    sc = position()
    k1 = sc.add("試験の命令", "hand", 0)
    k2 = sc.add("試験の加算", "hand", 1)
    k3 = sc.add("試験の変更四", "hand", 0)
    field(sc, "試験の人形", 1)
    act(sc, "play 試験の命令", "play 試験の加算", "play 試験の変更四")
    order = [e.get("card") for e in sc.events("resolving")]
    assert order == [k3, k2, k1]
    starts = sc.assert_event("interference_resolves")
    between = [e.kind for e in sc.events() if e.seq > starts.seq]
    assert "interference" not in between and "played" not in between
    assert settled(sc) and sc.decision.player == 0


# -- W1, W2 ----------------------------------------------------------------------------------------------

def test_PMV_20_an_empty_deck_loses_only_when_a_draw_is_required():
    sc = position(active=0, deck=(10, 0))
    sc.add("試験の命令", "hand", 1)
    pass_until(sc, lambda s: s.game.state.active_player == 1 and s.game.state.phase == "main")
    assert sc.result is not None
    assert sc.result.winners == (0,) and "draw" in sc.result.reason
    assert sc.result.turns == 4                                            # not during turn 3
    sc.assert_event("could_not_draw", player=1)
