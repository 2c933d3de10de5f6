"""The chain: spell speeds and what may chain to what, SEGOC, missing the timing, negating an
activation versus negating an effect, and the "release escape"."""
from __future__ import annotations


from rulestack import Cause

from .conftest import duel, properly_summoned


def labels(sc, player=0, window="main"):
    return [a.label for a in sc.game.legal_actions(player, window)]


def links(sc):
    return [sc.game.card(e.get("card")).name for e in sc.events("chain_link")]


def test_spell_speed_1_starts_chains_only_in_your_own_main_phase():
    sc = duel()
    sc.add("Pot of Greed", "hand", 0)
    sc.add("Pot of Greed", "hand", 1)
    assert "activate Pot of Greed" in labels(sc, 0, "main")
    assert "activate Pot of Greed" not in labels(sc, 1, "open")      # not in the opponent's turn
    sc.set_turn(phase="battle")
    assert "activate Pot of Greed" not in labels(sc, 0, "battle")    # not outside the Main Phase


def test_spell_speed_1_cannot_respond_but_spell_speed_2_can():
    sc = duel()
    sc.add("Hinotama", "hand", 0)
    sc.add("Mystical Space Typhoon", "hand", 0)
    sc.add("Dust Tornado", "spell_trap", 0, face_up=False)
    sc.add("Reinforcements", "spell_trap", 1, face_up=False)
    sc.add("Celtic Guardian", "monster", 1)
    sc.answer("activate Dust Tornado")                             # its only target: Reinforcements
    sc.run()
    # P1 may respond to Dust Tornado with a Normal Trap (SS2 on SS2)
    assert sc.decision.player == 1 and "activate Reinforcements" in [o.label for o in sc.decision.options]
    sc.answer("pass")
    sc.run()
    # now P0's turn to respond to their own link: Hinotama (SS1) is not offered, the Quick-Play is
    assert sc.decision.player == 0 and sc.decision.prompt == "chain"
    assert [o.label for o in sc.decision.options] == ["pass", "activate Mystical Space Typhoon"]


def test_a_trap_cannot_be_activated_the_turn_it_was_set_and_quick_play_from_hand_only_in_your_turn():
    sc = duel()
    sc.add("Reinforcements", "hand", 0)
    sc.add("Celtic Guardian", "monster", 0)
    sc.answer("set Reinforcements")
    sc.run()
    assert sc.decision.player == 0
    assert "activate Reinforcements" not in [o.label for o in sc.decision.options]
    sc.set_turn(turn=4, active=1, phase="main1")                   # the next turn: now it can
    assert "activate Reinforcements" in labels(sc, 0, "open")
    sc.add("Mystical Space Typhoon", "hand", 0)
    sc.add("Mirror Force", "spell_trap", 1, face_up=False)
    assert "activate Mystical Space Typhoon" not in labels(sc, 0, "open")


def test_segoc_orders_simultaneous_triggers_tp_mandatory_ntp_mandatory_tp_optional_ntp_optional():
    sc = duel()
    for p in (0, 1):
        sc.add("Sangan", "monster", p)
        sc.add("Echo Wasp", "monster", p)
    sc.add("Dark Hole", "hand", 0)
    # yes/no for the two optional Wasps (TP's first), then each Sangan's search, last link first
    sc.answer("activate Dark Hole", "yes", "yes", "Celtic Guardian", "Celtic Guardian")
    sc.run()
    order = [(sc.game.card(e.get("card")).name, e.player) for e in sc.events("chain_link")[1:]]
    assert order == [("Sangan", 0), ("Sangan", 1), ("Echo Wasp", 0), ("Echo Wasp", 1)]
    resolved = [(sc.game.card(e.get("card")).name, e.player) for e in sc.events("resolving")[1:]]
    assert resolved == list(reversed(order))
    assert len(sc.zone("hand", 0)) == 2 and len(sc.zone("hand", 1)) == 2    # a draw and a search each


def test_when_optional_trigger_misses_the_timing_but_if_does_not():
    sc = duel()
    moth = sc.add("Echo Moth", "monster", 0)
    wasp = sc.add("Echo Wasp", "monster", 0)
    sc.add("Pot of Greed", "hand", 0)
    sc.add("Sudden Collapse", "spell_trap", 1, face_up=False)
    sc.add("Sudden Collapse", "spell_trap", 1, face_up=False)
    # CL1 Pot of Greed; CL2 and CL3: P1 destroys both insects. Pot of Greed resolves last, so the
    # destruction was not the last thing to happen: the "When" Moth misses the timing.
    sc.answer("activate Pot of Greed", "activate Sudden Collapse", "Echo Moth", "activate Sudden Collapse",
              "Echo Wasp", "yes")
    sc.run()
    sc.assert_event("missed_timing", card=moth)
    sc.assert_event("activated", card=wasp)
    assert not sc.events("activated", card=moth)


def test_when_optional_trigger_activates_when_its_event_was_the_last_thing():
    sc = duel()
    moth = sc.add("Echo Moth", "monster", 0)
    sc.add("Sudden Collapse", "spell_trap", 1, face_up=False)
    sc.set_turn(active=1)
    sc.answer("activate Sudden Collapse", "yes")                  # its only target: Echo Moth
    sc.run()
    sc.assert_event("activated", card=moth)
    assert not sc.events("missed_timing")


def test_negating_the_activation_differs_from_negating_the_effect():
    # Activation negated: the link does not resolve at all and the card is destroyed.
    sc = duel(active=1, phase="battle")
    sc.add("Vorse Raider", "monster", 1)
    mirror = sc.add("Mirror Force", "spell_trap", 0, face_up=False)
    sc.add("Seven Tools of the Bandit", "spell_trap", 1, face_up=False)
    sc.answer("attack with Vorse Raider", "activate Mirror Force", "activate Seven Tools of the Bandit")
    sc.run()
    sc.assert_event("activation_negated", card=mirror)
    assert not sc.events("resolving", card=mirror) and not sc.events("effect_negated", card=mirror)
    assert sc.life(0) == 8000 - 1900                               # the attack went on
    # Effect negated: the activation stands (its cost stays paid), the effect does nothing.
    sc = duel()
    sc.add("Skill Drain", "spell_trap", 1)
    soldier = sc.add("Cannon Soldier", "monster", 0)
    sc.add("Celtic Guardian", "monster", 0)
    sc.answer("activate Cannon Soldier", "Celtic Guardian")
    sc.run()
    sc.assert_event("effect_negated", card=soldier)
    assert not sc.events("activation_negated")
    assert sc.life(1) == 8000 and sc.zone("graveyard", 0) == ["Celtic Guardian"]


def test_a_link_whose_effect_is_negated_still_resolves_as_an_activation():
    sc = duel()
    hinotama = sc.add("Hinotama", "hand", 0)
    veil = sc.add("Muffling Veil", "spell_trap", 1, face_up=False)
    sc.answer("activate Hinotama", "activate Muffling Veil")
    sc.run()
    sc.assert_event("effect_negation_applied", source=veil)
    sc.assert_event("effect_negated", card=hinotama)
    assert not sc.events("activation_negated")
    assert sc.life(1) == 8000 and sc.card(hinotama).zone == "graveyard"


def test_YGO_A15_release_escape_stardust_dragon_tributed_as_its_cost_escapes_skill_drain():
    sc = duel()
    sc.add("Skill Drain", "spell_trap", 0)
    stardust = sc.add("Stardust Dragon", "monster", 1)
    properly_summoned(sc, stardust)                              # it was Synchro Summoned before
    hole = sc.add("Dark Hole", "hand", 0)
    sc.add("Vorse Raider", "monster", 0)
    sc.answer("activate Dark Hole", "activate Stardust Dragon: negate a destruction")
    sc.run()
    tribute = sc.assert_event("moved", card=stardust, how="tributed")
    assert tribute.cause == Cause.COST
    sc.assert_event("activation_negated", card=hole)
    assert not sc.events("effect_negated", card=stardust)        # not on the field: not negated
    assert sc.zone("monster", 0) == ["Vorse Raider"]              # Dark Hole did nothing
    assert sc.card(hole).zone == "graveyard"


def test_YGO_A15_stardust_dragon_under_fiendish_chain_still_escapes_and_returns_in_the_end_phase():
    sc = duel()
    stardust = sc.add("Stardust Dragon", "monster", 1)
    properly_summoned(sc, stardust)                              # it was Synchro Summoned before
    chain = sc.add("Fiendish Chain", "spell_trap", 0, face_up=False)
    sc.add("Dark Hole", "hand", 0)
    sc.answer("activate Fiendish Chain")
    sc.run()
    assert sc.game.is_text_negated(sc.card(stardust), sc.card(stardust).definition.abilities[0])
    assert sc.card(chain).zone == "spell_trap"
    sc.answer("activate Dark Hole", "activate Stardust Dragon: negate a destruction", "end turn", "yes")
    sc.run()
    sc.assert_event("activation_negated", card=sc.card("Dark Hole").id)
    assert sc.card(chain).zone == "spell_trap"                   # Tributed, not destroyed: the chain stays
    summoned = sc.assert_event("summoned", card=stardust, how="special")
    assert summoned.seq > sc.assert_event("phase", phase="end").seq


def test_segoc_each_player_orders_their_own_triggers_within_a_category():
    # (Two Echo Wasps: Sangan's errata allows its search only once per turn.)
    sc = duel()
    first = sc.add("Echo Wasp", "monster", 0)
    second = sc.add("Echo Wasp", "monster", 0)
    sc.add("Dark Hole", "hand", 0)
    # P0 puts the second Wasp first (Chain Link 1), then draws twice, last link first
    sc.answer("activate Dark Hole", lambda d: [1, 0], "yes", "yes")
    sc.run()
    order_asked = [d for d in sc.asked if d.kind == "order"]
    assert len(order_asked) == 1 and order_asked[0].player == 0
    assert [e.get("card") for e in sc.events("chain_link")[1:]] == [second, first]


def test_a_quick_effect_usable_from_the_hand_is_offered_in_the_opponents_turn():
    # A "hand trap": the response windows of the opponent's turn must not skip the hand (a Spell's
    # or Trap's activation from the hand is what they may skip there).
    sc = duel(active=1)
    sc.add("Hand Ward Imp", "hand", 0)
    sc.add("Hinotama", "hand", 0)
    sc.add("Dian Keto the Cure Master", "hand", 1)
    assert labels(sc, 0, "open") == ["pass", "activate Hand Ward Imp"]
    sc.answer("activate Dian Keto the Cure Master")
    sc.run()
    assert sc.decision.player == 0 and sc.decision.prompt == "chain"
    assert [o.label for o in sc.decision.options] == ["pass", "activate Hand Ward Imp"]
    sc.answer("activate Hand Ward Imp")
    sc.run()
    while sc.decision.prompt == "chain":                              # nobody adds a third link
        sc.answer("pass")
        sc.run()
    assert links(sc) == ["Dian Keto the Cure Master", "Hand Ward Imp"]
    assert sc.game.state.players[0].life == 8000 - 100 + 600
    assert sc.game.state.players[1].life == 9000


def test_a_card_that_becomes_a_hand_trap_is_offered_in_the_opponents_turn():
    # The zones searched for activations (worked out once for the game's cards) follow a card that
    # becomes another (Game.become): the card count does not change.
    sc = duel(active=1)
    guardian = sc.add("Celtic Guardian", "hand", 0)
    sc.add("Dian Keto the Cure Master", "hand", 1)
    assert labels(sc, 0, "open") == ["pass"]
    sc.game.become(guardian, "T113")                                 # now a Hand Ward Imp
    sc.answer("activate Dian Keto the Cure Master")
    sc.run()
    assert sc.decision.player == 0 and [o.label for o in sc.decision.options] == ["pass", "activate Hand Ward Imp"]
