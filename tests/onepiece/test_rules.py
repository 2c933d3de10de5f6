"""The One Piece rules beyond the checklist: setup, turns, DON!!, battle, keywords, the order of
resolution and activation details, each with the rule it shows."""
from __future__ import annotations

import pytest

from rulestack import Cause, Game, IllegalAction, hookimpl
from rulestack.agents import ScriptedAgent

from rulestack_systems.onepiece import OnePieceSystem

from .board import give_don, leader, position


def hand_of(sc, p):
    return sc.zone("hand", p)


# -- setup and turns (5-2, 6) --------------------------------------------------------------------

def new_game(seed=3, answers=None):
    agents = None if answers is None else [ScriptedAgent(a, strict=True) for a in answers]
    return Game("onepiece", list(OnePieceSystem.sample_decks), seed=seed, agents=agents)


def test_setup_deals_five_cards_and_life_face_down_with_the_top_card_at_the_bottom():
    game = new_game()
    game.start()
    for p in (0, 1):
        assert len(game.cards_in("hand", p)) == 5
        life = game.cards_in("life", p)
        assert len(life) == 5 and game.player(p).life == 5
        assert all(not c.face_up for c in life)
        assert len(game.cards_in("deck", p)) == 40
        assert len(game.cards_in("don_deck", p)) == 10 and game.cards_in("leader", p)[0].face_up
    moved = [e for e in game.events if e.kind == "moved" and e.get("to") == "life" and e.get("to_player") == 0]
    assert game.zone("life", 0).cards[0] == moved[0].get("card")          # 5-2-1-7: first dealt is lowest


def test_mulligan_returns_the_hand_reshuffles_and_draws_five_first_player_first():
    asked = []

    def answer(decision, seat):
        asked.append((decision.kind, decision.player))
        if decision.kind == "yes_no":
            return decision.player == seat.game.value_of(None, "first_player")
        return [0] if decision.kind != "order" else list(range(len(decision.options)))

    from rulestack import FunctionAgent
    game = Game("onepiece", list(OnePieceSystem.sample_decks), seed=5, agents=[FunctionAgent(answer)] * 2)
    game.start()
    first = game.value_of(None, "first_player")
    mulligans = [e for e in game.events if e.kind == "mulligan"]
    assert [e.player for e in mulligans] == [first]
    yes_no = [p for kind, p in asked if kind == "yes_no"]
    assert yes_no == [first, 1 - first]                                    # 5-2-1-6: first player decides first
    assert len(game.cards_in("hand", first)) == 5
    assert game.state.active_player == first


def test_first_turn_no_draw_one_don_and_no_battle():
    sc = position(turn=1, deck=(5, 5))
    sc.add("Karoo", "hand", 0)
    sc.set_turn(turn=1, active=0, phase=None)
    sc.run()
    assert len(hand_of(sc, 0)) == 1                                       # 6-3-1: no draw
    assert len(sc.zone("cost", 0)) == 1                                   # 6-4-1: one DON!!
    assert not [o for o in sc.decision.options if o.label.startswith("attack")]   # 6-5-6-1


def test_refresh_returns_given_don_and_sets_everything_active_then_draw_and_two_don():
    sc = position(turn=4, active=1, don=(2, 0))
    me = leader(sc, 0)
    karoo = sc.add("Karoo", "character", 0, status={"rested": True})
    give_don(sc, karoo, 2)
    for d in sc.game.cards_in("cost", 0):
        sc.game.set_status(d, "rested", True, quiet=True)
    sc.game.set_status(me, "rested", True, quiet=True)
    sc.set_turn(turn=5, active=0, phase=None)
    sc.run()
    assert not sc.card(karoo).status.get("rested") and not sc.card(me).status.get("rested")
    assert sc.zone("given", 0) == [] and sc.card(karoo).status.get("don") is None
    assert len(sc.zone("cost", 0)) == 6 and all(not c.status.get("rested") for c in sc.game.cards_in("cost", 0))
    assert len(hand_of(sc, 0)) == 1


def test_end_of_your_turn_effects_then_this_turn_effects_end():
    sc = position(don=(1, 0))
    watch = sc.add("Night Watch", "character", 0)
    sc.add("Night Watch", "character", 1)
    sc.add("Weakening Wave", "hand", 0)
    victim = sc.add("Dockhand", "character", 1)
    sc.answer("activate Weakening Wave", "Dockhand", "end the Main Phase").run()
    assert [e.player for e in sc.events("drew", source=watch)] == [0]     # only the turn player's
    assert sc.value(victim, "power") == 1000                              # "this turn" ended (6-6-1-2)


# -- DON!! (6-5-5) ------------------------------------------------------------------------------------

def test_giving_don_is_plus_1000_during_your_turn_only():
    sc = position(don=(2, 0))
    karoo = sc.add("Karoo", "character", 0)
    sc.answer("give DON!! to Karoo").run()
    assert sc.card(karoo).status["don"] == 1 and sc.value(karoo, "power") == 4000
    assert len(sc.zone("cost", 0)) == 1 and len(sc.zone("given", 0)) == 1
    sc.set_turn(active=1, phase="main")
    assert sc.value(karoo, "power") == 3000


def test_don_under_a_card_that_leaves_returns_to_the_cost_area_rested():
    sc = position(active=1, don=(0, 1))
    karoo = sc.add("Karoo", "character", 0, status={"rested": True})
    give_don(sc, karoo, 2)
    sc.answer("attack Karoo with Plain Leader").run()
    assert sc.card(karoo).zone == "trash"
    assert sc.zone("given", 0) == [] and len(sc.zone("cost", 0)) == 2
    assert all(c.status.get("rested") for c in sc.game.cards_in("cost", 0))   # 6-5-5-4


def test_don_conditions_count_given_don():
    sc = position()
    sanji = sc.add("Sanji", "character", 0)
    assert not sc.game.has_keyword(sanji, "Rush")
    give_don(sc, sanji, 2)
    assert sc.game.has_keyword(sanji, "Rush")                              # [DON!! x2] (10-2-9)


def test_opponents_turn_condition_holds_only_in_the_opponents_turn():
    sc = position()
    guard = sc.add("Night Guard", "character", 1)
    assert sc.value(guard, "power") == 3000                               # P0's turn: P1's opponent's turn
    sc.set_turn(active=1, phase="main")
    assert sc.value(guard, "power") == 1000


def test_don_minus_returns_don_from_the_field_to_the_don_deck():
    sc = position(don=(1, 0))
    refund = sc.add("DON Refund", "character", 0)
    give_don(sc, leader(sc, 0), 1)
    sc.answer("activate DON Refund", lambda d: [len(d.options) - 1]).run()
    assert len(sc.zone("don_deck", 0)) == 9 - 1 + 1
    assert sum(len(sc.zone(z, 0)) for z in ("don_deck", "cost", "given")) == 10
    assert len(hand_of(sc, 0)) == 1
    assert sc.assert_event("moved", to="don_deck").cause == "cost"
    assert refund


# -- playing cards (3-7, 3-8) -------------------------------------------------------------------------

def test_OP_14_the_sixth_character_trashes_one_by_rule_which_is_not_a_ko():
    """Playing a sixth Character trashes one already there first: rule processing, not a K.O., so
    its [On K.O.] does not activate (3-7-6-1-1, 10-2-1-3)."""
    sc = position(don=(1, 0))
    comeback = sc.add("Loyal Comeback", "character", 0)
    sc.add_many(["Dockhand"] * 4, "character", 0)
    sc.add("Karoo", "hand", 0)
    sc.answer("play Karoo", "Loyal Comeback").run()
    assert sc.card(comeback).zone == "trash"
    assert sc.assert_event("moved", card=comeback, to="trash").cause == "rule"
    assert not sc.events("ko") and not sc.events("activated", card=comeback)
    assert len(sc.zone("character", 0)) == 5 and "Karoo" in sc.zone("character", 0)


def test_a_new_stage_replaces_the_old_one():
    sc = position(don=(2, 0))
    old = sc.add("Navy HQ", "stage", 0)
    sc.add("Thousand Sunny", "hand", 0)
    sc.answer("play Thousand Sunny").run()
    assert sc.zone("stage", 0) == ["Thousand Sunny"] and sc.card(old).zone == "trash"


def test_playing_rests_don_equal_to_the_cost_and_on_play_resolves():
    sc = position(don=(3, 0))
    sc.add("Brook", "hand", 0)
    sc.answer("play Brook", "Plain Leader", "2").run()
    rested = [c for c in sc.game.cards_in("cost", 0) if c.status.get("rested")]
    # Brook costs 2; its [On Play] then gives up to 2 rested DON!! (both of them) to the Leader.
    assert len(rested) == 0 and len(sc.zone("given", 0)) == 2
    assert sc.card(leader(sc, 0)).status["don"] == 2


# -- battle (7) ------------------------------------------------------------------------------------------

def test_a_character_cannot_attack_the_turn_it_is_played_unless_it_has_rush():
    sc = position(don=(2, 0))
    sc.add("Karoo", "hand", 0)
    sc.add("Banish Brawler", "hand", 0)
    sc.answer("play Karoo", "play Banish Brawler").run()
    labels = [o.label for o in sc.decision.options]
    assert "attack Plain Leader with Banish Brawler" in labels
    assert not [x for x in labels if x.startswith("attack") and "with Karoo" in x]


def test_only_rested_characters_can_be_attacked():
    sc = position()
    sc.add("Karoo", "character", 1)
    sc.add("Nami", "character", 1, status={"rested": True})
    labels = [a.label for a in sc.game.legal_actions(0, "main")]
    assert "attack Nami with Plain Leader" in labels and "attack Karoo with Plain Leader" not in labels


def test_blocker_becomes_the_new_target_and_on_block_activates():
    sc = position(don=(1, 0))
    bearer = sc.add("Shield Bearer", "character", 1)
    sc.answer("attack Plain Leader with Plain Leader", "block with Shield Bearer", "no more counters").run()
    assert sc.assert_event("blocked", card=bearer)
    assert sc.card(bearer).zone == "trash"                                # 5000 vs 1000: K.O.'d
    assert len(hand_of(sc, 1)) == 1                                       # [On Block] drew
    assert sc.life(1) == 3


def test_attacker_loses_when_its_power_is_lower():
    sc = position(don=(1, 0))
    sc.add("Karoo", "hand", 1)
    sc.answer("attack Plain Leader with Plain Leader", "counter with Karoo").run()
    result = sc.assert_event("battle_result")
    assert (result.get("attacker_power"), result.get("target_power"), result.get("won")) == (5000, 6000, False)
    assert sc.life(1) == 3 and sc.zone("trash", 1) == ["Karoo"]
    assert sc.value(leader(sc, 1), "power") == 5000                       # "this battle" is over


def test_counter_event_pays_its_cost_and_is_a_card_activation():
    sc = position(active=0, don=(1, 2))
    sc.add("Shockwave", "hand", 1)
    sc.answer("attack Plain Leader with Plain Leader", "activate Shockwave", "Plain Leader").run()
    assert sc.assert_event("activated", kind_of="counter").get("card_activation") is True
    assert all(c.status.get("rested") for c in sc.game.cards_in("cost", 1))
    assert sc.life(1) == 3 and not sc.assert_event("battle_result").get("won")


def test_banish_trashes_the_life_card_and_no_trigger():
    sc = position(don=(1, 0))
    brawler = sc.add("Banish Brawler", "character", 0)
    guard = sc.add("Guard Point", "life", 1)
    sc.answer(f"attack Plain Leader with Banish Brawler").run()
    assert sc.card(guard).zone == "trash" and not sc.events("activated", card=guard)
    assert not [d for d in sc.asked if d.kind == "yes_no"]
    assert brawler and sc.life(1) == 3


def test_a_trigger_may_activate_the_cards_main_effect():
    """Gum-Gum Jet Pistol: "[Trigger] Activate this card's [Main] effect" (a keyword ability)."""
    sc = position(active=1, don=(0, 1))
    sc.add("Gum-Gum Jet Pistol", "life", 0)
    victim = sc.add("Dockhand", "character", 1)
    sc.answer("attack Plain Leader with Plain Leader", "yes", "Dockhand").run()
    assert sc.card(victim).zone == "trash" and sc.assert_event("ko", card=victim).cause == "effect"
    assert sc.zone("trash", 0) == ["Gum-Gum Jet Pistol"]


def test_declining_a_trigger_adds_the_card_to_hand_unrevealed():
    sc = position(don=(1, 0))
    guard = sc.add("Guard Point", "life", 1)
    sc.answer("attack Plain Leader with Plain Leader", "no").run()
    moved = sc.assert_event("moved", card=guard, to="hand")
    assert moved.get("visible") == [1] and not sc.events("revealed", cards=[guard])


def test_trigger_play_this_card_plays_it_from_no_area():
    sc = position(don=(1, 0))
    usopp = sc.add("Usopp", "life", 1)
    sc.answer("attack Plain Leader with Plain Leader", "yes").run()
    assert sc.card(usopp).zone == "character"
    assert sc.assert_event("played", card=usopp).get("from") == "no_area"


def test_a_battle_whose_target_leaves_goes_straight_to_its_end():
    """The [When Attacking] effect K.O.s the target: no Block, Counter or Damage Step (7-1-1-4)."""
    sc = position(don=(1, 0))
    target = sc.add("Dockhand", "character", 1, status={"rested": True})
    sc.add("Ambusher", "character", 0)
    sc.add("Shield Bearer", "character", 1)
    sc.answer("attack Dockhand with Ambusher", "Dockhand").run()
    assert sc.card(target).zone == "trash"
    assert sc.assert_event("battle_ended")
    assert not sc.events("phase", step="block") and not sc.events("battle_result")


# -- activation and resolution (8) ---------------------------------------------------------------------

class EmptyHandOnceDonRests:
    """A test plugin: when a DON!! is rested to pay a cost (outside the dry run: observers are not
    called during one), the payer's hand is trashed — so the rest of the cost becomes unpayable
    part way through the payment."""

    plugin_name = "test:empty-hand-once-don-rests"

    def __init__(self):
        self.fired = False

    @hookimpl
    def on_event(self, game, event):
        if not self.fired and event.kind == "status" and event.cause == Cause.COST and event.get("key") == "rested":
            self.fired = True
            for card in list(game.cards_in("hand", event.player)):
                game.move(card, "trash", cause=Cause.RULE)


def test_payment_failing_part_way_keeps_what_was_paid_and_uses_up_once_per_turn():
    """8-3-1-3-1: payment that becomes impossible during payment keeps what was paid; the effect
    does not resolve, and [Once Per Turn] is used up (10-2-13-5)."""
    sc = position(don=(2, 0), plugins=[EmptyHandOnceDonRests()])
    reader = sc.add("Thrifty Reader", "character", 0)
    sc.add("Karoo", "hand", 0)
    sc.answer("activate Thrifty Reader").run()
    assert sum(1 for c in sc.game.cards_in("cost", 0) if c.status.get("rested")) == 1
    assert not sc.events("drew") and not sc.events("resolving", card=reader)
    sc.add("Nami", "hand", 0)
    assert not [o for o in sc.decision.options if o.label.startswith("activate Thrifty Reader")]


def test_an_auto_effect_whose_card_moved_before_activation_does_not_activate():
    """NTP's "when your opponent plays a Character" is met, but TP's [On Play] resolves first and
    K.O.s that Character: its effect is not activated (8-1-3-1-3)."""
    sc = position(don=(1, 0))
    watcher = sc.add("Rival Watcher", "character", 1)
    sc.add("Herald of Ruin", "hand", 0)
    sc.answer("play Herald of Ruin", "Rival Watcher").run()
    assert sc.card(watcher).zone == "trash"
    assert not sc.events("activated", card=watcher) and hand_of(sc, 1) == []
    assert sc.assert_event("effect_lapsed", card=watcher).get("rule") == "8-1-3-1-3"


def test_an_auto_effect_met_by_moving_its_card_into_a_secret_area_does_not_activate():
    """"When this Character is returned to your hand, draw 1": the hand is a secret area (8-4-5)."""
    sc = position()
    sailor = sc.add("Homesick Sailor", "character", 0)
    sc.add("Recall", "hand", 0)
    sc.answer("activate Recall", "Homesick Sailor").run()
    assert sc.card(sailor).zone == "hand" and not sc.events("drew")
    assert sc.assert_event("effect_lapsed", card=sailor).get("rule") == "8-4-5"


def test_activate_main_is_refused_outside_the_main_phase_and_for_the_non_turn_player():
    sc = position(don=(2, 0))
    nami = sc.add("Nami", "character", 1)
    with pytest.raises(IllegalAction):
        sc.activate(nami)                                   # not P1's turn


def test_once_per_turn_is_once_per_card_per_turn():
    sc = position(don=(1, 0))
    sc.add("Nami", "character", 0)
    sc.answer("activate Nami").run()
    assert not [o for o in sc.decision.options if o.label.startswith("activate Nami")]


# -- rule processing and defeat (9) ---------------------------------------------------------------------

def test_simultaneous_defeat_all_lose_by_default_and_draw_as_a_setting():
    for setting, lost in (("all_lose", True), ("draw", False)):
        sc = position(deck=(0, 0), settings={"simultaneous_defeat": setting})
        sc.run()
        assert sc.result.winners == () and sc.result.draw
        assert all(sc.game.player(p).lost == lost for p in (0, 1))
        assert ("9-2-1" in sc.result.reason) == (setting == "all_lose")


def test_the_sample_decks_are_legal_and_a_bad_deck_is_refused(tmp_path):
    from rulestack import DeckError
    Game("onepiece", list(OnePieceSystem.sample_decks), seed=1).close()
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nleader:\n  - 1 Sakazuki\nmain:\n  - 5 Karoo\ndon:\n  - 10 DON!!\n")
    with pytest.raises(DeckError) as err:
        Game("onepiece", [str(bad), "black_navy"], seed=1)
    message = str(err.value)
    assert "exactly 50" in message and "at most 4" in message and "colour" in message



def test_an_auto_effect_whose_timing_card_moved_before_activation_does_not_activate():
    """NTP's "when your opponent plays a Character" is met by Fleeting Scout, whose own [On Play]
    (TP's, first) returns it to the hand: the card that met the timing has moved, so the
    watcher's effect is not activated (8-1-3-1-3), though the watcher itself never moved."""
    sc = position(don=(1, 0))
    watcher = sc.add("Rival Watcher", "character", 1)
    scout = sc.add("Fleeting Scout", "hand", 0)
    sc.answer("play Fleeting Scout").run()
    assert sc.card(scout).zone == "hand" and sc.card(watcher).zone == "character"
    assert not sc.events("activated", card=watcher) and hand_of(sc, 1) == []
    lapsed = sc.assert_event("effect_lapsed", card=watcher)
    assert lapsed.get("rule") == "8-1-3-1-3" and "met the timing" in lapsed.get("why")
