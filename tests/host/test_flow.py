"""The flow of one action, proven on the Tiny system (docs/examples/tinygame, imported as tests/tinygame)."""
import pytest

from rulestack import Cause, IllegalAction, ScriptError, UnscriptedDecision
from rulestack.scenario import Scenario


def main_phase(sc, *, energy=5, active=0):
    sc.set_turn(turn=3, active=active, phase="main")
    for p in (0, 1):
        sc.set_life(p, 10)
        sc.set_value(p, "energy", energy)
    for p in (0, 1):  # something to draw
        sc.add_many(["Grunt"] * 5, "deck", p)


def snapshot(game):
    st = game.state
    return ({k: list(z.cards) for k, z in st.zones.items()}, [(p.life, dict(p.values)) for p in st.players],
            len(st.log), [(c.id, c.zone, dict(c.status), c.generation) for c in st.cards.values()])


def test_unpayable_composite_cost_pays_nothing():
    sc = Scenario("tiny")
    main_phase(sc, energy=5)
    study = sc.add("Deep Study", "hand", 0)
    sc.add("Grunt", "hand", 0)          # only one other card: "discard 2" cannot be paid
    before = snapshot(sc.game)
    with pytest.raises(IllegalAction, match="cannot be paid"):
        sc.activate(study)
    assert snapshot(sc.game) == before
    assert sc.game.value_of(0, "energy") == 5
    assert not sc.events("energy_paid")


def test_composite_cost_is_paid_whole_when_payable():
    sc = Scenario("tiny")
    main_phase(sc)
    study = sc.add("Deep Study", "hand", 0)
    sc.add_many(["Grunt", "Brute"], "hand", 0)
    sc.answer("Grunt", "Brute")
    item = sc.activate(study)
    assert sc.game.value_of(0, "energy") == 3
    assert sorted(sc.zone("discard", 0)) == ["Brute", "Grunt"]
    assert all(e.cause == Cause.COST for e in sc.events("moved", to="discard"))
    assert item.paid == {"energy": 2, "cards": item.paid["cards"]} and len(item.paid["cards"]) == 2


def test_a_replacement_that_would_change_a_cost_makes_it_unpayable():
    sc = Scenario("tiny")
    main_phase(sc)
    sc.add("Void Gate", "field", 1)      # cards going to a discard pile go to hand instead
    study = sc.add("Deep Study", "hand", 0)
    sc.add_many(["Grunt", "Brute"], "hand", 0)
    assert not sc.game.activatable(0, "main", zones=["hand"], kinds=["spell"])
    with pytest.raises(IllegalAction):
        sc.activate(study)


def test_cost_contributions_from_other_cards_are_part_of_the_cost():
    sc = Scenario("tiny")
    main_phase(sc, energy=1)
    sc.add("Toll Keeper", "field", 1)   # taxes P0's activations by 1 energy
    spark = sc.add("Spark", "hand", 0)
    sc.add("Grunt", "field", 1)
    assert not sc.game.activatable(0, "main", zones=["hand"])
    sc.set_value(0, "energy", 2)
    sc.answer("Grunt")
    sc.activate(spark)
    assert sc.game.value_of(0, "energy") == 0


def test_targets_are_chosen_at_activation():
    sc = Scenario("tiny")
    main_phase(sc)
    spark = sc.add("Spark", "hand", 0)
    grunt = sc.add("Grunt", "field", 1)
    sc.answer("Grunt")
    item = sc.activate(spark)
    assert item.targets == [[grunt]]
    sc.answer("pass", "pass")
    sc.resolve_top()
    assert sc.card(grunt).status["damage"] == 1


def test_script_error_mid_resolution_rolls_back_and_names_file_and_line():
    sc = Scenario("tiny")
    main_phase(sc)
    gadget = sc.add("Faulty Gadget", "hand", 0)
    sc.activate(gadget)
    before = snapshot(sc.game)
    with pytest.raises(ScriptError) as err:
        sc.resolve_top()
    assert snapshot(sc.game) == before          # the draw inside the resolution was undone
    msg = str(err.value)
    assert "Faulty Gadget" in msg and "faulty_gadget.lua:6" in msg


def test_script_error_during_play_aborts_the_game_with_state_rolled_back():
    sc = Scenario("tiny")
    main_phase(sc)
    sc.add("Faulty Gadget", "hand", 0)
    sc.answer("activate Faulty Gadget", "pass", "pass")
    with pytest.raises(ScriptError, match="faulty_gadget.lua:6"):
        sc.run()
    # rolled back to before the action that failed (the last pass, which made it resolve):
    # the gadget is still on the stack and nothing was drawn
    assert sc.zone("stack") == ["Faulty Gadget"]
    assert sc.zone("hand", 0) == [] and len(sc.zone("deck", 0)) == 5
    assert not sc.events("drew")


def test_cost_move_is_not_an_effect_move():
    sc = Scenario("tiny")
    main_phase(sc)
    study = sc.add("Deep Study", "hand", 0)
    sc.add_many(["Phoenix Ash", "Grunt"], "hand", 0)
    sc.answer("Phoenix Ash", "Grunt")
    sc.activate(study)
    assert sc.events("moved", code="T07", cause="cost")
    assert not sc.game.state.pending            # discarded as a cost: no trigger


def test_effect_move_triggers_by_effect_listeners():
    sc = Scenario("tiny")
    main_phase(sc)
    sc.add("Mind Rot", "hand", 0)
    sc.add_many(["Phoenix Ash", "Grunt"], "hand", 1)
    sc.answer("activate Mind Rot", "pass", "pass")
    sc.run()
    assert sc.events("moved", code="T07", cause="effect")
    # Phoenix Ash triggered and its controller drew a card
    assert sc.events("drew", player=1) or sc.events("drew", to_player=1)


def test_triggers_are_ordered_by_the_systems_hook():
    sc = Scenario("tiny")
    main_phase(sc)
    w0a, w0b = sc.add("Watcher", "field", 0), sc.add("Watcher", "field", 0)
    w1 = sc.add("Watcher", "field", 1)
    sc.add("Grunt", "hand", 0)
    sc.add("Spark", "hand", 1)                  # so that P1 has a real choice when responding
    # P0 plays Grunt: three Watchers trigger. P0 (turn player) orders theirs first: b then a.
    order_asked = []
    sc.answer("play Grunt", lambda dec: order_asked.append(dec) or [1, 0])
    sc.run()
    assert order_asked and order_asked[0].player == 0
    pushed = [it.card for it in sc.game.state.stack]
    assert pushed == [w0b, w0a, w1]            # APNAP: the non-turn player's trigger is on top
    assert sc.decision.player == 1              # P1 may respond first


def test_state_checks_run_to_a_fixed_point():
    sc = Scenario("tiny")
    main_phase(sc)
    sc.add("Grunt", "field", 1)
    sc.add("Echo Wisp", "field", 1)             # toughness 0 once it is alone
    spark = sc.add("Spark", "hand", 0)
    sc.answer("Grunt")
    sc.activate(spark)
    sc.answer("pass", "pass")
    sc.resolve_top()
    sc.state_checks()
    died = [e.get("code") for e in sc.events("died")]
    assert died == ["T01", "T09"]               # the Grunt, then (next round) the Wisp
    assert sc.zone("field", 1) == []


def test_choice_at_resolution_up_to_allows_zero():
    sc = Scenario("tiny")
    main_phase(sc)
    grunt, brute = sc.add_many(["Grunt", "Brute"], "field", 0)
    rally = sc.add("Rally", "hand", 0)
    sc.activate(rally)
    sc.answer([])                               # choose none of the two
    sc.resolve_top()
    assert sc.value(grunt, "power") == 2 and sc.value(brute, "power") == 4


def test_negation_and_text_that_cannot_be_negated():
    sc = Scenario("tiny")
    main_phase(sc)
    sc.add("Warded Sage", "field", 0)           # unnegatable: [tap] gain 2 life
    silence = sc.add("Silence", "hand", 0)
    sc.activate(silence)
    sc.resolve_top()
    assert sc.game.values(sc.card("Warded Sage"))["negated"] is True
    sc.activate("Warded Sage")
    sc.resolve_top()
    assert sc.life(0) == 12


def test_negating_an_activation():
    sc = Scenario("tiny")
    main_phase(sc)
    sc.add("Unstoppable Bolt", "hand", 0)
    sc.add("Cancel", "hand", 1)
    sc.answer("activate Unstoppable Bolt", "activate Cancel", "pass", "pass", "pass", "pass")
    sc.run()
    assert sc.life(1) == 10                      # the Bolt's activation was negated: no damage
    assert sc.events("activation_negated")


def test_unscripted_decision_is_an_error_when_a_stop_point_is_given():
    sc = Scenario("tiny")
    main_phase(sc)
    sc.add("Grunt", "hand", 0)
    with pytest.raises(UnscriptedDecision, match="P0 action"):
        sc.run(until=lambda g: g.state.turn > 5)


def test_secret_zones_are_hidden_in_the_other_players_view():
    sc = Scenario("tiny")
    main_phase(sc)
    sc.add("Brute", "hand", 0)
    v1 = sc.game.view(1)
    hand0 = v1["zones"]["hand/0"]
    assert hand0["count"] == 1 and hand0["cards"] == []
    assert v1["zones"]["deck/1"]["cards"] == []
    v0 = sc.game.view(0)
    assert v0["zones"]["hand/0"]["cards"][0]["name"] == "Brute"


def test_a_static_that_removes_abilities_switches_off_another_cards_static():
    sc = Scenario("tiny")
    main_phase(sc)
    grunt = sc.add("Grunt", "field", 0)
    sc.add("Banner Bearer", "field", 0)
    assert sc.value(grunt, "power") == 2
    sc.add("Hush Totem", "field", 1)
    assert sc.value(grunt, "power") == 1          # the Bearer lost its abilities: no bonus
    assert sc.game.abilities_removed(sc.card("Banner Bearer"))


def test_a_bad_argument_to_a_host_method_is_a_script_error_at_the_scripts_line(tmp_path):
    from rulestack.pool import CardPool
    from tinygame.system import TinyGame
    sc = Scenario("tiny")
    main_phase(sc)
    (tmp_path / "cards.yaml").write_text("- {code: B1, name: Bad Call, type: spell, script: bad_call.lua}\n")
    (tmp_path / "bad_call.lua").write_text(
        "return { abilities = { { kind = 'spell', resolve = function(ctx)\n"
        "  ctx:move(ctx:self(), 'nowhere')\nend } } }\n")
    sc.game.pool.add_file(tmp_path / "cards.yaml")
    try:
        card = sc.add("Bad Call", "hand", 0)
        sc.activate(card)
        with pytest.raises(ScriptError) as err:
            sc.resolve_top()
        assert err.value.line == 2 and "nowhere" in err.value.message
    finally:
        sc.game.pool.entries.pop("B1")


def test_a_cost_outside_an_activation_is_paid_whole_or_not_at_all():
    from rulestack import CostComponent, CostUnpayable
    sc = Scenario("tiny")
    main_phase(sc, energy=3)
    grunt = sc.add("Grunt", "field", 0)
    sc.add("Brute", "hand", 0)
    before = snapshot(sc.game)
    with pytest.raises(CostUnpayable):
        sc._direct(lambda: sc.game.pay_cost(0, [CostComponent("energy", 2), CostComponent("discard", 2)], grunt))
    assert snapshot(sc.game) == before
    paid = sc._direct(lambda: sc.game.pay_cost(0, [CostComponent("energy", 2), CostComponent("discard", 1)], grunt))
    assert paid["energy"] == 2 and sc.zone("discard", 0) == ["Brute"]


def test_players_can_be_targets_chosen_at_activation():
    sc = Scenario("tiny")
    main_phase(sc)
    ember = sc.add("Ember", "hand", 0)
    sc.answer("P1")
    item = sc.activate(ember)
    assert item.targets == [[1]] and item.data["target_kinds"] == ["player"]
    sc.resolve_top()
    assert sc.life(1) == 8 and sc.life(0) == 10


def test_an_abort_from_inside_a_script_names_the_card_whose_script_ran():
    from rulestack import FunctionAgent, GameAborted

    def agent(dec, seat):
        if dec.reason == "action":
            labels = [o.label for o in dec.options]
            return [labels.index("activate Rally")] if "activate Rally" in labels else [labels.index("pass")]
        return [99]                                   # an illegal answer to Rally's choice

    sc = Scenario("tiny")
    main_phase(sc)
    sc.add_many(["Grunt", "Brute"], "field", 0)
    sc.add("Rally", "hand", 0)
    sc.game.agents = [FunctionAgent(agent), FunctionAgent(agent)]
    with pytest.raises(GameAborted, match=r"illegal answer .*while running Rally \(\S*/rulestack_tiny/cards/rally.lua\)"):
        sc.game.play()
