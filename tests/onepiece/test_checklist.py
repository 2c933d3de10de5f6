"""The One Piece checklist of RULES.md part C1, one scenario per case, named by its ID.

Each scenario builds a position, runs the real game loop (``sc.run()``) with scripted answers
and pauses at the first decision the script does not cover, usually the turn player's next Main
Phase action; then it asserts on zones, values and the event log.
"""
from __future__ import annotations

import pytest

from rulestack import IllegalAction, IllegalAnswer

from .board import give_don, leader, position


def hand_of(sc, p):
    return sc.zone("hand", p)


# -- 8-3-1-3, 8-4-1-3: all or nothing ----------------------------------------------------------------

def test_OP_01_an_unpayable_activation_cost_pays_nothing():
    """"② , trash 1 card from your hand: draw 2" with 2 active DON!! and an empty hand: the
    activation is refused and no DON!! is rested (8-3-1-3, 8-4-1-3)."""
    sc = position(don=(2, 0))
    reader = sc.add("Costly Reader", "character", 0)
    offered = [a.label for a in sc.game.legal_actions(0, "main")]
    assert not [label for label in offered if "Costly Reader" in label and "activate" in label]
    with pytest.raises(IllegalAction, match="cannot be paid"):
        sc.activate(reader)
    assert all(not c.status.get("rested") for c in sc.game.cards_in("cost", 0))
    assert not sc.events("status", key="rested") and not sc.events("drew")
    assert hand_of(sc, 0) == [] and len(sc.zone("deck", 0)) == 5


def test_OP_01_contrast_a_payable_cost_is_paid_whole_then_the_effect_resolves():
    sc = position(don=(2, 0))
    sc.add("Costly Reader", "character", 0)
    sc.add("Karoo", "hand", 0)
    sc.answer("activate Costly Reader").run()
    assert all(c.status.get("rested") for c in sc.game.cards_in("cost", 0))
    assert sc.zone("trash", 0) == ["Karoo"]
    assert len(hand_of(sc, 0)) == 2
    paid = [e for e in sc.events() if e.cause == "cost"]
    first_draw = sc.events("drew")[0].seq
    assert paid and all(e.seq < first_draw for e in paid)        # 8-4-1-3 before 8-4-1-5


# -- 8-4-4: choices at resolution ---------------------------------------------------------------------

def test_OP_03_up_to_allows_choosing_none():
    """"K.O. up to 1 of your opponent's Characters with cost 3 or less" with a legal choice: the
    player may choose 0 and the effect resolves without a K.O. (8-4-4-1, 1-3-5-1, 4-8-1)."""
    sc = position(don=(1, 0))
    sc.add("Up To Strike", "hand", 0)
    target = sc.add("Dockhand", "character", 1)
    sc.answer("activate Up To Strike", []).run()
    choice = next(d for d in sc.asked if d.reason == "resolution")
    assert choice.min == 0 and choice.max == 1 and [o.value for o in choice.options] == [target]
    assert sc.card(target).zone == "character"
    assert not sc.events("ko")
    assert sc.zone("trash", 0) == ["Up To Strike"]


def test_OP_04_as_many_as_possible_chosen_at_resolution():
    """"Your opponent trashes 2 cards from their hand" with 1 card: they must trash it (as many as
    possible, 8-4-4-1, 1-3-2), chosen when the effect resolves (8-4-4)."""
    sc = position(don=(1, 0))
    sc.add("Two From Hand", "hand", 0)
    only = sc.add("Karoo", "hand", 1)
    sc.answer("activate Two From Hand").run()
    assert sc.card(only).zone == "trash" and hand_of(sc, 1) == []
    trashed = sc.assert_event("moved", card=only, to="trash")
    assert trashed.cause == "effect" and trashed.player == 1
    assert sc.assert_event("resolving").seq < trashed.seq
    assert not sc.events("targeted")                          # nothing was chosen at activation


def test_OP_04_more_cards_than_asked_means_choosing_exactly_that_many():
    sc = position(don=(1, 0))
    sc.add("Two From Hand", "hand", 0)
    sc.add_many(["Karoo", "Nami", "Brook"], "hand", 1)
    sc.answer("activate Two From Hand", ["Karoo", "Brook"]).run()
    choice = next(d for d in sc.asked if d.reason == "resolution")
    assert (choice.player, choice.min, choice.max) == (1, 2, 2)
    assert hand_of(sc, 1) == ["Nami"]


def test_OP_05_a_face_down_life_choice_may_be_declined():
    """"Add 1 {Straw Hat Crew} card from your Life to your hand": the Life cards are face down, so
    the player may decline even though one might qualify (8-4-4-2)."""
    sc = position()
    sc.add("Nami", "life", 0)                                 # a {Straw Hat Crew} card on top of Life
    sc.add("Life Search", "hand", 0)
    sc.answer("activate Life Search", []).run()
    choice = next(d for d in sc.asked if d.reason == "resolution")
    assert choice.min == 0 and choice.max == 1
    assert all(o.label.startswith("a face-down card") for o in choice.options)   # faces unseen
    assert sc.zone("life", 0)[-1] == "Nami" and sc.life(0) == 4


def test_OP_05_a_chosen_life_card_is_added_only_if_it_really_qualifies():
    sc = position()
    nami = sc.add("Nami", "life", 0)
    sc.add("Life Search", "hand", 0)
    sc.answer("activate Life Search", lambda d: [[o.value for o in d.options].index(nami)]).run()
    assert sc.card(nami).zone == "hand" and sc.life(0) == 3

    sc = position()
    filler = sc.game.cards_in("life", 0)[-1].id                 # a Dockhand: not {Straw Hat Crew}
    sc.add("Life Search", "hand", 0)
    sc.answer("activate Life Search", lambda d: [[o.value for o in d.options].index(filler)]).run()
    assert sc.card(filler).zone == "life" and sc.life(0) == 3


def test_OP_06_a_deck_search_shows_the_faces_and_must_match():
    """"Look at 5 ...; reveal up to 1 {Navy} card and add it to your hand": the chooser sees the five
    faces, only a real {Navy} card may be chosen, and the rest go to the bottom (8-4-4-4, 11-2-1)."""
    sc = position(deck=(2, 5))
    top = sc.add_many(["Karoo", "Jango", "Nami", "Fullbody", "Brook"], "deck", 0)   # Brook on top
    sc.add("Navy Lookout", "hand", 0)
    sc.answer("activate Navy Lookout").run()
    search = sc.decision
    assert search.reason == "search" and search.player == 0
    assert [o.label for o in search.options] == ["Brook", "Fullbody", "Nami", "Jango", "Karoo"]
    assert all(o.info and o.info.get("code") for o in search.options)
    with pytest.raises(IllegalAnswer, match="does not match"):
        search.validate([0])                                  # Brook is not {Navy}
    sc.answer(["Jango"], [3, 2, 1, 0]).run()
    assert sc.card(top[1]).zone == "hand"
    assert sc.assert_event("revealed", cards=[top[1]])
    deck = sc.zone("deck", 0)
    assert deck[:4] == ["Karoo", "Nami", "Fullbody", "Brook"]  # put at the bottom, in the chosen order
    assert len(deck) == 6
    looked = sc.assert_event("looked_at")
    assert looked.get("visible") == [0]                       # only the searcher saw the faces


def test_OP_07_an_effect_naming_no_card_applies_to_its_own_card():
    """Leader "[DON!! x1] [Your Turn] gains +1000 power": the boost applies to the Leader itself
    (8-4-4-3)."""
    sc = position()
    me = leader(sc, 0)
    assert sc.value(me, "power") == 5000
    give_don(sc, me, 1)
    assert sc.value(me, "power") == 7000                      # +1000 for the DON!! (6-5-5-2), +1000 its own
    sc.set_turn(active=1, phase="main")
    assert sc.value(me, "power") == 5000                      # neither applies in the opponent's turn


# -- 8-5: card activation and effect activation; 8-4-2 ----------------------------------------------------

def test_OP_08_activating_an_event_is_card_activation_and_the_event_is_trashed_first():
    """NTP's "when your opponent activates an Event, draw 1": not met by a Stage's [Activate: Main]
    (effect activation), met once by an Event from hand (card activation), which is already in the
    trash when its effect resolves (8-5-2 to 8-5-4, 8-4-2)."""
    sc = position(don=(1, 0))
    sunny = sc.add("Thousand Sunny", "stage", 0)
    eruption = sc.add("Great Eruption", "hand", 0)
    sc.add("Event Watcher", "character", 1)
    sc.answer("activate Thousand Sunny").run()          # no {Straw Hat Crew} card to choose
    assert sc.assert_event("activated", card=sunny).get("card_activation") is False
    assert hand_of(sc, 1) == []                               # Y did not trigger
    sc.answer("activate Great Eruption", []).run()
    assert sc.assert_event("activated", card=eruption).get("card_activation") is True
    assert len(hand_of(sc, 1)) == 1                           # Y triggered once
    trashed = sc.assert_event("moved", card=eruption, to="trash")
    resolving = sc.assert_event("resolving", card=eruption)
    assert trashed.seq < resolving.seq
    watcher_draw = [e for e in sc.events("drew", player=1)]
    assert len(watcher_draw) == 1 and watcher_draw[0].seq > sc.events("drew", player=0)[0].seq  # 8-6-3


# -- 8-6: the order of resolution --------------------------------------------------------------------

def test_OP_10_the_turn_players_effect_resolves_first():
    """TP plays P with [On Play]; NTP's Q triggers on the same play: P's [On Play] resolves before
    Q's effect (8-6-1, 1-3-10)."""
    sc = position(don=(1, 0))
    p = sc.add("Eager Recruit", "hand", 0)
    q = sc.add("Rival Watcher", "character", 1)
    sc.answer("play Eager Recruit").run()
    (p_at,), (q_at,) = [e.seq for e in sc.events("resolving", card=p)], [e.seq for e in sc.events("resolving", card=q)]
    assert p_at < q_at
    assert len(hand_of(sc, 0)) == 1 and len(hand_of(sc, 1)) == 1


def test_OP_09_a_new_turn_player_effect_waits_behind_pending_ones():
    """A (TP's [On Play] draw), B (TP's "when you play a Character") and X (NTP's) are met together;
    resolving A meets C (TP's "when you draw"). C waits behind B (8-6-1-1) and behind NTP's X
    (8-6-1): the order is A, B, X, C."""
    sc = position(don=(1, 0))
    a = sc.add("Eager Recruit", "hand", 0)
    b = sc.add("Crew Greeter", "character", 0)
    c = sc.add("Draw Echo", "character", 0)
    x = sc.add("Rival Watcher", "character", 1)
    sc.answer("play Eager Recruit", ["Eager Recruit", "Crew Greeter"]).run()
    order = sorted((e.seq, e.get("card")) for e in sc.events("resolving"))
    assert [card for _, card in order] == [a, b, x, c]
    assert sc.value(c, "power") == 2000 and sc.value(b, "power") == 2000


# -- 7-1-4, 8-6-2, 10-1-5: damage, [Trigger], held effects -------------------------------------------------

def test_OP_11_double_attack_trigger_and_effects_held_until_damage_processing_ends():
    sc = position(leaders=("Twin Strike Leader", "Plain Leader"), life=(3, 1), don=(1, 0))
    guard = sc.add("Guard Point", "life", 1)                  # the top Life card has [Trigger]
    below = sc.game.cards_in("life", 1)[0].id
    z = sc.add("Life Listener", "character", 1)
    sc.answer("attack Plain Leader with Twin Strike Leader", "yes", []).run()
    # Damage 1: the [Trigger] card is revealed and activated instead of going to hand; it is in no
    # area while activating and trashed afterwards.
    assert sc.assert_event("moved", card=guard, to="no_area").get("revealed") is True
    activated = sc.assert_event("activated", card=guard)
    assert activated.get("kind_of") == "trigger" and activated.get("card_activation") is False
    assert sc.card(guard).zone == "trash"
    # Damage 2: the next Life card goes to hand.
    to_hand = sc.assert_event("moved", card=below, to="hand")
    assert to_hand.cause == "battle"
    assert sc.life(1) == 0 and hand_of(sc, 1)[0] == "Dockhand"
    # Z triggered once (card 2 only) and resolved only after all damage processing.
    z_runs = sc.events("resolving", card=z)
    assert len(z_runs) == 1
    assert z_runs[0].seq > max(e.seq for e in sc.events("damage"))
    assert z_runs[0].seq > to_hand.seq and len(hand_of(sc, 1)) == 2
    assert [e.get("life_before") for e in sc.events("damage")] == [2, 1]


def test_OP_12_damage_at_zero_life_ends_the_game_at_once():
    """NTP has 0 Life; TP's attack on the Leader wins: NTP loses when damage is determined
    (7-1-4-1-1-1, 1-2-1-1-1)."""
    sc = position(life=(3, 0))
    sc.answer("attack Plain Leader with Plain Leader").run()
    assert sc.result is not None and sc.result.winners == (0,)
    assert "0 Life" in sc.result.reason
    assert sc.game.player(1).lost
    damage = sc.assert_event("damage", player=1)
    assert damage.get("life_before") == 0
    assert sc.assert_event("game_over").seq > damage.seq
    assert not sc.events("moved", to="hand")


def test_OP_13_an_empty_deck_loses_at_the_next_rule_processing_without_a_draw():
    """The last deck card is moved to hand by an effect in the middle of the Main Phase: that player
    loses at once (1-2-1-1-2, 9-1-2, 9-2-1-2); no draw from an empty deck is needed."""
    sc = position(deck=(1, 5), don=(1, 0))
    sc.add("Great Eruption", "hand", 0)
    target = sc.add("Dockhand", "character", 1)
    sc.answer("activate Great Eruption").run()
    assert sc.result is not None and sc.result.winners == (1,)
    assert "0 cards in their deck" in sc.result.reason
    assert sc.zone("deck", 0) == [] and sc.game.player(0).lost
    # Rule processing was immediate: the rest of the effect (the -2 cost choice) never happened.
    assert not any(d.reason == "resolution" for d in sc.asked)
    assert sc.card(target).zone == "character"


def test_OP_15_on_ko_is_activated_on_the_field_and_resolves_from_the_trash():
    """"[On K.O.] play up to 1 Character with cost 2 or less from your trash" is activated on the
    field, the card is then trashed, and the effect resolves in the trash, so it may choose itself
    (10-2-17)."""
    sc = position()
    comeback = sc.add("Loyal Comeback", "character", 1, status={"rested": True})
    sc.answer("attack Loyal Comeback with Plain Leader", "Loyal Comeback").run()
    ko = sc.assert_event("ko", card=comeback)
    activated = sc.assert_event("activated", card=comeback)
    trashed = sc.assert_event("moved", card=comeback, to="trash")
    resolving = sc.assert_event("resolving", card=comeback)
    replayed = sc.assert_event("played", card=comeback)
    assert ko.seq < activated.seq < trashed.seq < resolving.seq < replayed.seq
    assert trashed.get("ko") is True and trashed.cause == "battle"
    assert sc.card(comeback).zone == "character"


def test_OP_18_negative_power_does_not_trash_a_character():
    """A 1000-power Character gets -3000: its power is -2000 and it stays (1-3-6-1-1)."""
    sc = position()
    sc.add("Weakening Wave", "hand", 0)
    victim = sc.add("Dockhand", "character", 1)
    sc.answer("activate Weakening Wave", "Dockhand").run()
    assert sc.value(victim, "power") == -2000
    assert sc.card(victim).zone == "character"


def test_OP_19_a_failed_if_suppresses_what_follows():
    """"If you have 2 or less Life, trash 1 card from your hand. Then, draw 1." with 4 Life:
    nothing happens (4-10-1, 8-3-3)."""
    sc = position(life=(4, 3))
    sc.add("Careful Plan", "hand", 0)
    sc.add("Karoo", "hand", 0)
    sc.answer("activate Careful Plan").run()
    assert hand_of(sc, 0) == ["Karoo"] and not sc.events("drew")


def test_OP_19_contrast_then_still_resolves_after_an_impossible_part():
    """"Trash 1 card from your hand. Then, draw 1." with an empty hand still draws 1 (4-10-2)."""
    sc = position()
    sc.add("Bold Plan", "hand", 0)
    sc.answer("activate Bold Plan").run()
    assert hand_of(sc, 0) == ["Dockhand"] and len(sc.events("drew")) == 1


def test_OP_20_each_player_trashes_turn_player_first():
    """"Each player trashes 1 card from hand": TP chooses and trashes first, then NTP (1-3-10, 1-3-4)."""
    sc = position(active=1)
    sc.add("Equal Toll", "hand", 1)
    sc.add_many(["Karoo", "Nami"], "hand", 1)
    sc.add_many(["Jango", "Tsuru"], "hand", 0)
    sc.answer("activate Equal Toll", player=1).answer("Nami", player=1).answer("Tsuru", player=0).run()
    choices = [d for d in sc.asked if d.reason == "resolution"]
    assert [d.player for d in choices] == [1, 0]
    tp, ntp = sc.assert_event("moved", to="trash", player=1, cause="effect"), \
        sc.assert_event("moved", to="trash", player=0, cause="effect")
    assert tp.seq < ntp.seq
    assert hand_of(sc, 1) == ["Karoo"] and hand_of(sc, 0) == ["Jango"]
