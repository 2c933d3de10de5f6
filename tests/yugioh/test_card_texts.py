"""Cards whose scripts once did something other than their text says (issue 18): each test fails
with the old script and passes with the text as printed."""
from __future__ import annotations

from .conftest import advance, duel, properly_summoned


def _labels(sc):
    return [o.label for o in sc.decision.options]


def test_call_of_the_haunted_stays_when_its_monster_leaves_without_being_destroyed():
    sc = duel()
    call = sc.add("Call of the Haunted", "spell_trap", 0, face_up=False)
    skull = sc.add("Summoned Skull", "graveyard", 0)
    sc.add("Summoned Skull", "hand", 0)
    sc.answer("activate Call of the Haunted")
    sc.run()
    assert sc.card(skull).zone == "monster"
    sc.answer("tribute summon Summoned Skull")                   # the revived Skull is the Tribute
    sc.run()
    assert sc.card(skull).zone == "graveyard"
    assert sc.card(call).zone == "spell_trap"                    # Tributed, not destroyed: the trap stays


def test_call_of_the_haunted_leaving_by_any_means_destroys_its_monster():
    sc = duel()
    call = sc.add("Call of the Haunted", "spell_trap", 0, face_up=False)
    skull = sc.add("Summoned Skull", "graveyard", 0)
    sc.add("Phoenix Wing Wind Blast", "spell_trap", 1, face_up=False)
    sc.add("Celtic Guardian", "hand", 1)
    sc.answer("activate Call of the Haunted")
    sc.run()
    advance(sc, 4, player=1)
    sc.answer("activate Phoenix Wing Wind Blast", "Celtic Guardian", "Call of the Haunted")
    sc.run()
    assert sc.card(call).zone == "deck"                          # returned, not destroyed
    assert sc.card(skull).zone == "graveyard"
    destroyed = sc.assert_event("moved", card=skull, how="destroyed")
    assert destroyed.source == call


def test_premature_burial_returned_to_the_deck_leaves_its_monster_on_the_field():
    sc = duel()
    burial = sc.add("Premature Burial", "hand", 0)
    skull = sc.add("Summoned Skull", "graveyard", 0)
    sc.add("Phoenix Wing Wind Blast", "spell_trap", 1, face_up=False)
    sc.add("Celtic Guardian", "hand", 1)
    sc.answer("activate Premature Burial")
    sc.run()
    advance(sc, 4, player=1)
    sc.answer("activate Phoenix Wing Wind Blast", "Celtic Guardian", "Premature Burial")
    sc.run()
    assert sc.card(burial).zone == "deck"
    assert sc.card(skull).zone == "monster"                      # only a destroyed Burial takes it along


def test_fiendish_chain_stays_when_its_monster_is_tributed_and_goes_when_it_is_destroyed():
    sc = duel(active=1)
    sangan = sc.add("Sangan", "monster", 0)
    chain = sc.add("Fiendish Chain", "spell_trap", 1, face_up=False)
    sc.add("Summoned Skull", "hand", 0)
    sc.answer("activate Fiendish Chain")
    sc.run()
    advance(sc, 4, player=0)
    sc.answer("tribute summon Summoned Skull")
    sc.run()
    assert sc.card(sangan).zone == "graveyard"
    assert sc.card(chain).zone == "spell_trap"                   # its monster was Tributed, not destroyed

    sc = duel(active=1)
    guard = sc.add("Mystic Tomato", "monster", 0)
    chain = sc.add("Fiendish Chain", "spell_trap", 1, face_up=False)
    sc.add("Sudden Collapse", "spell_trap", 1, face_up=False)
    sc.answer("activate Fiendish Chain", "pass")                 # let the chain resolve first
    sc.run()
    sc.answer("activate Sudden Collapse")
    sc.run()
    assert sc.card(guard).zone == "graveyard" and sc.card(chain).zone == "graveyard"


def test_stardust_dragon_returns_when_its_effect_resolved_even_if_its_negation_found_nothing_to_negate():
    sc = duel()
    stardust = sc.add("Stardust Dragon", "monster", 1)
    properly_summoned(sc, stardust)                              # it was Synchro Summoned before
    sc.add("Late Verdict", "spell_trap", 1, face_up=False)
    hole = sc.add("Dark Hole", "hand", 0)
    # Dark Hole (link 1), Stardust Dragon (link 2), Late Verdict (link 3) negates Dark Hole first:
    # Stardust's own effect still resolves un-negated, so it may come back in the End Phase.
    sc.answer("activate Dark Hole", "activate Stardust Dragon: negate a destruction", "activate Late Verdict")
    sc.run()
    negations = sc.events("activation_negated", card=hole)
    assert len(negations) == 1 and negations[0].source != stardust
    assert not sc.events("effect_negated", card=stardust)
    sc.answer("end turn", "yes")
    sc.run()
    summoned = sc.assert_event("summoned", card=stardust, how="special")
    assert summoned.seq > sc.assert_event("phase", phase="end").seq


def test_sangan_searches_once_per_turn_and_locks_the_added_name():
    sc = duel()
    sc.add("Cannon Soldier", "monster", 0)
    sc.add("Sangan", "monster", 0)
    sc.add("Sangan", "monster", 0)
    searched = sc.add("Cannon Soldier", "deck", 0)
    sc.add("Celtic Guardian", "monster", 0)
    sc.add("Dark Hole", "hand", 0)
    sc.run()
    assert "activate Cannon Soldier: fire" in _labels(sc)
    sc.answer("activate Cannon Soldier: fire", "Sangan", "Cannon Soldier")   # Tribute a Sangan; it searches
    sc.run()
    assert sc.card(searched).zone == "hand"
    assert "activate Cannon Soldier: fire" not in _labels(sc)          # that name is locked for this turn
    # The second Sangan goes to the GY the same turn: its search is already used (by name).
    sc.answer("activate Dark Hole")
    sc.run()
    assert [c.name for c in sc.game.cards_in("monster", 0)] == []
    searches = [e for e in sc.events("moved") if e.get("to") == "hand" and e.cause == "effect"]
    assert len(searches) == 1


def test_mask_of_restrict_stops_tributes_from_the_hand_too():
    sc = duel()
    sc.add("Hand Offering", "hand", 0)
    sc.add("Celtic Guardian", "hand", 0)
    sc.run()
    assert "activate Hand Offering" in _labels(sc)
    sc = duel()
    sc.add("Hand Offering", "hand", 0)
    sc.add("Celtic Guardian", "hand", 0)
    sc.add("Mask of Restrict", "spell_trap", 1, face_up=True)
    sc.run()
    assert "activate Hand Offering" not in _labels(sc)
