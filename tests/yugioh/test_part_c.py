"""The Yu-Gi-Oh! checklist of RULES.md Part C (YGO-01 ... YGO-17), each played through the real flow.

Player A is P0 and player B is P1 unless a test says otherwise.
"""
from __future__ import annotations

import pytest

from rulestack import Activation, Cause, IllegalAction
from rulestack_systems.yugioh import timing

from .conftest import duel


def snapshot(game):
    st = game.state
    return ({k: list(z.cards) for k, z in st.zones.items()}, [(p.life, dict(p.values)) for p in st.players],
            len(st.log), len(st.stack))


def test_YGO_01_negated_seven_tools_keeps_its_1000_lp_paid():
    # B (P1) attacks; A (P0) activates Mirror Force; B chains Seven Tools (pays 1000);
    # A chains Solemn Judgment (pays half: 4000).
    sc = duel(active=1, phase="battle")
    sc.add("Vorse Raider", "monster", 1)
    elf = sc.add("Mystical Elf", "monster", 1, status={"position": "defense"})
    sc.add("Mirror Force", "spell_trap", 0, face_up=False)
    sc.add("Solemn Judgment", "spell_trap", 0, face_up=False)
    tools = sc.add("Seven Tools of the Bandit", "spell_trap", 1, face_up=False)
    sc.answer("attack with Vorse Raider", "activate Mirror Force", "activate Seven Tools of the Bandit",
              "activate Solemn Judgment")
    sc.run()
    assert sc.life(1) == 7000                      # no refund
    assert sc.life(0) == 4000
    paid = sc.events("lp_paid")
    assert [(e.player, e.get("delta"), e.cause) for e in paid] == [(1, -1000, Cause.COST), (0, -4000, Cause.COST)]
    assert not sc.events("lp_gained")
    sc.assert_event("activation_negated", card=tools)
    sc.assert_event("resolution_skipped", source=tools)
    # CL3 resolved first, CL1 last: Mirror Force destroyed the Attack Position monster only
    resolving = [sc.game.card(e.get("card")).name for e in sc.events("resolving")]
    assert resolving == ["Solemn Judgment", "Mirror Force"]
    assert "Vorse Raider" in sc.zone("graveyard", 1) and "Seven Tools of the Bandit" in sc.zone("graveyard", 1)
    assert sc.card(elf).zone == "monster"
    assert sorted(sc.zone("graveyard", 0)) == ["Mirror Force", "Solemn Judgment"]


def test_YGO_02_a_cost_that_cannot_be_paid_in_full_pays_nothing():
    sc = duel()
    golem = sc.add("Twin Offering Golem", "monster", 0)        # the only monster: "Tribute 2" is unpayable
    assert not any(a.card == golem for a in sc.game.legal_actions(0, "main") if a.kind == "activate")
    before = snapshot(sc.game)
    with pytest.raises(IllegalAction, match="cannot be paid"):
        sc.activate(golem)
    assert snapshot(sc.game) == before
    assert sc.card(golem).zone == "monster" and not sc.events("moved")
    # with a second monster the same cost is payable and paid whole
    sc.add("Celtic Guardian", "monster", 0)
    sc.answer("Celtic Guardian")                                  # the host asks one Tribute at a time
    item = sc.activate(golem)
    assert sorted(sc.zone("graveyard", 0)) == ["Celtic Guardian", "Twin Offering Golem"]
    assert len(item.paid["tributed"]) == 2


def test_YGO_03_macro_cosmos_makes_a_send_to_the_gy_cost_unpayable():
    sc = duel()
    sc.add("Macro Cosmos", "spell_trap", 1)                     # face-up
    courier = sc.add("Ash Courier", "hand", 0)
    sc.add("Celtic Guardian", "hand", 0)
    assert not [a for a in sc.game.legal_actions(0, "main") if a.kind == "activate"]
    before = snapshot(sc.game)
    with pytest.raises(IllegalAction, match="cannot be paid"):
        sc.activate(courier)
    assert snapshot(sc.game) == before
    # without Macro Cosmos the same cost is paid as written
    clean = duel()
    courier = clean.add("Ash Courier", "hand", 0)
    clean.add("Celtic Guardian", "hand", 0)
    clean.activate(courier)
    assert clean.zone("graveyard", 0) == ["Celtic Guardian"]


def test_YGO_04_a_card_discarded_as_a_cost_is_not_sent_by_a_card_effect():
    sc = duel()
    dragon = sc.add("Shaddoll Dragon", "hand", 0)
    sc.add("Phoenix Wing Wind Blast", "spell_trap", 0, face_up=False)
    sc.add("Vorse Raider", "monster", 1)
    sc.add("Mirror Force", "spell_trap", 1, face_up=False)
    sc.answer("activate Phoenix Wing Wind Blast", "Vorse Raider")
    sc.run()
    moved = sc.assert_event("moved", card=dragon, to="graveyard")
    assert moved.cause == Cause.COST and moved.get("how") == "discarded"
    assert sc.card(dragon).zone == "graveyard"
    assert not sc.events("activated", card=dragon)              # "if sent by a card effect" did not trigger
    assert sc.zone("deck", 1)[-1] == "Vorse Raider"             # the effect itself resolved

    # Contrast: discarded by an effect ("each player discards 1 card"), it triggers.
    sc = duel()
    dragon = sc.add("Shaddoll Dragon", "hand", 0)
    sc.add("Gale of Discards", "hand", 0)
    sc.add("Celtic Guardian", "hand", 1)
    mirror = sc.add("Mirror Force", "spell_trap", 1, face_up=False)
    sc.answer("activate Gale of Discards", "yes")               # yes: use Shaddoll Dragon's optional effect
    sc.run()
    assert sc.assert_event("moved", card=dragon, to="graveyard").cause == Cause.EFFECT
    sc.assert_event("activated", card=dragon)
    assert sc.card(mirror).zone == "graveyard"


def test_YGO_05_skill_drain_lets_the_effect_activate_and_pay_but_negates_it():
    sc = duel()
    sc.add("Skill Drain", "spell_trap", 1)                      # face-up, applying
    golem = sc.add("Study Golem", "monster", 0)
    fodder = sc.add("Celtic Guardian", "hand", 0)
    acts = [a.label for a in sc.game.legal_actions(0, "main") if a.kind == "activate"]
    assert acts == ["activate Study Golem"]                     # still activatable under Skill Drain
    sc.answer("activate Study Golem")
    sc.run()
    discard = sc.assert_event("moved", card=fodder, to="graveyard")
    assert discard.cause == Cause.COST
    sc.assert_event("effect_negated", card=golem)
    assert not sc.events("moved", how="drawn")                  # no card drawn
    assert sc.zone("hand", 0) == []


def test_YGO_07_tribute_paid_before_mask_of_restrict_is_chained_stays_paid():
    sc = duel()
    soldier = sc.add("Cannon Soldier", "monster", 0)
    sc.add("Celtic Guardian", "monster", 0)
    mask = sc.add("Mask of Restrict", "spell_trap", 1, face_up=False)
    sc.answer("activate Cannon Soldier", "Celtic Guardian", "activate Mask of Restrict")
    sc.run()
    tribute = sc.assert_event("moved", to="graveyard", how="tributed")
    assert tribute.cause == Cause.COST
    assert sc.events("chain_link")[0].seq > tribute.seq         # paid before the link existed
    assert sc.card(mask).face_up and sc.card(mask).zone == "spell_trap"
    assert sc.life(1) == 7500                                    # Cannon Soldier resolved: 500 damage
    # From now on no Tribute can be paid: Cannon Soldier can no longer be activated.
    assert not [a for a in sc.game.legal_actions(0, "main") if a.kind == "activate" and a.card == soldier]


def test_YGO_09_negated_premature_burial_keeps_its_800_lp_paid():
    sc = duel()
    burial = sc.add("Premature Burial", "hand", 0)
    skull = sc.add("Summoned Skull", "graveyard", 0)
    sc.add("Solemn Judgment", "spell_trap", 1, face_up=False)
    sc.answer("activate Premature Burial", "activate Solemn Judgment")
    sc.run()
    assert sc.life(0) == 7200                                    # the 800 LP stay paid
    assert sc.life(1) == 4000
    sc.assert_event("activation_negated", card=burial)
    assert sc.card(skull).zone == "graveyard"                    # nothing was Summoned
    assert not sc.events("summoned")
    assert sc.card(burial).zone == "graveyard"


def test_YGO_A19_premature_burial_destroyed_in_the_chain_summons_nothing():
    # Seed example 4.1.3: Premature Burial destroyed in response never resolves; 800 LP stay paid.
    sc = duel()
    burial = sc.add("Premature Burial", "hand", 0)
    skull = sc.add("Summoned Skull", "graveyard", 0)
    sc.add("Dust Tornado", "spell_trap", 1, face_up=False)
    sc.answer("activate Premature Burial", "activate Dust Tornado")
    sc.run()
    assert sc.life(0) == 7200
    assert sc.card(burial).zone == "graveyard" and sc.card(skull).zone == "graveyard"
    sc.assert_event("resolution_skipped", source=burial)


def test_YGO_10_mandatory_trigger_with_an_unpayable_cost_is_not_activated():
    sc = duel()
    sc.add("Grave Tithe Beast", "hand", 0)                       # GY is empty: "banish 1" cannot be paid
    sc.answer("normal summon Grave Tithe Beast")
    sc.run()
    assert sc.assert_event("summoned", how="normal")
    assert not sc.events("activated") and not sc.events("chain_link")
    assert sc.life(0) == 8000 and sc.zone("banished", 0) == [] and sc.zone("hand", 0) == []
    # Contrast: with a card in the GY the mandatory trigger is activated and its cost paid.
    sc = duel()
    sc.add("Grave Tithe Beast", "hand", 0)
    sc.add("Celtic Guardian", "graveyard", 0)
    sc.answer("normal summon Grave Tithe Beast")
    sc.run()
    assert sc.zone("banished", 0) == ["Celtic Guardian"] and len(sc.zone("hand", 0)) == 1


def test_YGO_11_declining_an_optional_cost_pays_nothing_and_makes_no_link():
    sc = duel()
    sc.add("Toll Sprite", "hand", 0)
    sc.answer("normal summon Toll Sprite", "no")
    sc.run()
    assert sc.life(0) == 8000
    assert not sc.events("chain_link") and not sc.events("lp_paid")
    # Contrast: accepting pays 500 and makes a link.
    sc = duel()
    sc.add("Toll Sprite", "hand", 0)
    sc.answer("normal summon Toll Sprite", "yes")
    sc.run()
    assert sc.life(0) == 7500 and len(sc.events("chain_link")) == 1


@pytest.mark.parametrize("pay", [True, False])
def test_YGO_12_messenger_of_peace_maintenance_is_paid_or_the_card_is_destroyed(pay):
    sc = duel(phase="standby")
    messenger = sc.add("Messenger of Peace", "spell_trap", 0)
    sc.answer("yes" if pay else "no")
    sc.run()
    assert not sc.events("chain_link") and not sc.events("activated")   # a maintenance cost is no link
    if pay:
        paid = sc.assert_event("lp_paid", player=0)
        assert paid.cause == Cause.COST and sc.life(0) == 7900
        assert sc.card(messenger).zone == "spell_trap"
    else:
        assert sc.life(0) == 8000 and sc.card(messenger).zone == "graveyard"


def test_YGO_12_messenger_of_peace_is_destroyed_when_the_lp_cannot_be_paid():
    sc = duel(phase="standby", lp=(100 - 1, 8000))
    messenger = sc.add("Messenger of Peace", "spell_trap", 0)
    sc.run()
    assert sc.card(messenger).zone == "graveyard" and sc.life(0) == 99


def test_YGO_14_only_spell_speed_3_may_chain_to_a_counter_trap():
    sc = duel()
    sc.add("Pot of Greed", "hand", 0)
    mst = sc.add("Mystical Space Typhoon", "hand", 0)            # Quick-Play, own turn: SS2
    sc.add("Reinforcements", "spell_trap", 0, face_up=False)     # Normal Trap: SS2
    sc.add("Seven Tools of the Bandit", "spell_trap", 0, face_up=False)   # Counter Trap: SS3
    sc.add("Solemn Judgment", "spell_trap", 1, face_up=False)
    sc.answer("activate Pot of Greed", "activate Solemn Judgment")
    sc.run()
    assert [sc.game.card(it.card).name for it in sc.stack] == ["Pot of Greed", "Solemn Judgment"]
    offered = [o.label for o in sc.decision.options]
    assert sc.decision.player == 0
    assert offered == ["pass", "activate Seven Tools of the Bandit"]
    with pytest.raises(IllegalAction, match="only Spell Speed 3 can respond to Spell Speed 3"):
        sc.game.activate(0, mst, 0, card_activation=True, window="chain")
    why = timing.timing_problem(sc.game, Activation(player=0, card=sc.card(mst), ability=sc.card(mst).definition
                                                    .abilities[0], window="chain"))
    assert why == "only Spell Speed 3 can respond to Spell Speed 3"


def test_YGO_17_cost_and_targets_come_before_the_link_so_no_one_can_respond_before_the_cost():
    sc = duel()
    sc.add("Phoenix Wing Wind Blast", "spell_trap", 0, face_up=False)
    fodder = sc.add("Celtic Guardian", "hand", 0)
    raider = sc.add("Vorse Raider", "monster", 1)
    sc.add("Reinforcements", "spell_trap", 1, face_up=False)     # B has something to respond with
    seen = {}

    def probe(decision):
        seen["links"] = len(sc.game.state.stack)
        seen["fodder_zone"] = sc.card(fodder).zone
        seen["targets"] = list(sc.game.state.stack[-1].targets)
        return [0]                                               # pass

    sc.answer("activate Phoenix Wing Wind Blast", "Vorse Raider", probe)
    sc.run()
    # B's first chance to act came after the cost was paid and the target chosen, with the link made.
    assert seen == {"links": 1, "fodder_zone": "graveyard", "targets": [[raider]]}
    kinds = [e.kind for e in sc.game.state.log if e.kind in ("moved", "targeted", "activated", "chain_link")]
    assert kinds[:4] == ["moved", "targeted", "activated", "chain_link"]
    first_b = next(d for d in sc.asked if d.player == 1)
    assert first_b.reason == "action" and first_b.prompt == "chain"


def test_YGO_A4_hidden_armory_sends_the_top_card_of_the_deck_as_its_cost():
    sc = duel()
    sc.add("Hidden Armory", "hand", 0)
    sc.add("Axe of Despair", "deck", 0, position="bottom")
    top = sc.add("Vorse Raider", "deck", 0)                       # the top card
    sc.add("Celtic Guardian", "hand", 0)
    sc.answer("activate Hidden Armory")
    sc.run()
    sent = sc.assert_event("moved", card=top, to="graveyard")
    assert sent.cause == Cause.COST and sent.seq < sc.events("chain_link")[0].seq
    assert "Axe of Despair" in sc.zone("hand", 0)
    # the turn you activate it you cannot Normal Summon or Set
    assert not [o for o in sc.decision.options if "Celtic Guardian" in o.label]
    # under Macro Cosmos the top card would be banished, so the cost cannot be paid (YGO-A13)
    sc = duel()
    sc.add("Macro Cosmos", "spell_trap", 1)
    sc.add("Hidden Armory", "hand", 0)
    sc.add("Axe of Despair", "graveyard", 0)
    assert not [a for a in sc.game.legal_actions(0, "main") if a.kind == "activate"]


def test_fiendish_chain_negates_and_stops_attacks_only_while_it_stays():
    sc = duel(phase="battle")
    cannon = sc.add("Cannon Soldier", "monster", 0)
    chain = sc.add("Fiendish Chain", "spell_trap", 1, face_up=False)
    sc.add("Mystical Space Typhoon", "hand", 0)
    # P0 passes the Start Step; P1 activates Fiendish Chain; P0 does not respond with the Typhoon yet
    sc.answer("pass", "activate Fiendish Chain", "pass")
    sc.run()
    assert sc.card(chain).face_up
    labels = [o.label for o in sc.decision.options]
    assert "attack with Cannon Soldier" not in labels             # it cannot attack
    assert sc.game.is_text_negated(sc.card(cannon), sc.card(cannon).definition.abilities[0])
    sc.answer("activate Mystical Space Typhoon")                  # its only target: Fiendish Chain
    sc.run()
    assert sc.card(chain).zone == "graveyard"
    assert "attack with Cannon Soldier" in [o.label for o in sc.decision.options]
    assert not sc.game.is_text_negated(sc.card(cannon), sc.card(cannon).definition.abilities[0])
