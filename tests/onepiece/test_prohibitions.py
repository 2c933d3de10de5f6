"""Prohibitions as data (issue 18 item 7) and a cost that becomes unpayable part way (8-3-1-3-1)."""
from __future__ import annotations

from .board import give_don, leader, position
from .test_checklist import hand_of


def _checked(sc):
    """The position with every ``payable`` answer of a cost kind checked by paying as well."""
    sc.game.flow.check_payable_by_paying = True
    return sc


def _offered(sc):
    return [o.label for o in sc.decision.options]


def test_8_3_1_3_1_a_prohibition_that_starts_part_way_keeps_what_was_paid_and_uses_the_once_per_turn():
    """Four cards in hand: judged before paying, both trashes can be paid. The first brings the hand
    to 3, where Strict Quartermaster's prohibition starts: the second cannot be paid, the first
    stays paid, nothing is drawn, and [Once Per Turn] is used up (10-2-13-5)."""
    sc = _checked(position())
    reader = sc.add("Double Discard Reader", "character", 0)
    sc.add("Strict Quartermaster", "character", 0)
    sc.add_many(["Eager Recruit"] * 4, "hand", 0)
    sc.run()
    assert "activate Double Discard Reader: [Activate: Main]" in _offered(sc)
    sc.answer("activate Double Discard Reader: [Activate: Main]", "Eager Recruit").run()
    assert len(hand_of(sc, 0)) == 3                            # one card trashed, none drawn
    assert len(sc.game.cards_in("trash", 0)) == 1
    assert not sc.events("resolving", card=reader)
    assert "activate Double Discard Reader: [Activate: Main]" not in _offered(sc)


def test_a_cost_judged_before_paying_still_refuses_what_is_prohibited_already():
    sc = _checked(position())
    sc.add("Double Discard Reader", "character", 0)
    sc.add("Strict Quartermaster", "character", 0)
    sc.add_many(["Eager Recruit"] * 3, "hand", 0)              # already at 3: trashing is forbidden
    sc.run()
    assert "activate Double Discard Reader: [Activate: Main]" not in _offered(sc)


def test_mtg_style_whole_cost_check_is_unchanged_without_a_prohibition():
    sc = _checked(position())
    reader = sc.add("Double Discard Reader", "character", 0)
    sc.add_many(["Eager Recruit"] * 2, "hand", 0)
    sc.answer("activate Double Discard Reader: [Activate: Main]", "Eager Recruit").run()
    assert sc.events("resolving", card=reader) and len(hand_of(sc, 0)) == 2   # trashed 2, drew 2


def test_a_prohibition_beats_an_effect_that_would_trash_from_hand():
    sc = _checked(position(don=(1, 0)))
    sc.add("Two From Hand", "hand", 0)
    sc.add("Iron Grip", "character", 1)
    sc.add_many(["Eager Recruit"] * 3, "hand", 1)
    sc.answer("activate Two From Hand").run()
    assert len(hand_of(sc, 1)) == 3
    assert sc.assert_event("prohibited", player=1).get("action") == "trash_from_hand"


def test_cannot_activate_and_cannot_attack_as_data():
    sc = position(don=(2, 0), turn=5)
    sc.add("Nami", "character", 0)
    sc.add("Harbor Silencer", "character", 1)
    give_don(sc, leader(sc, 0))
    sc.run()
    offered = _offered(sc)
    assert not [label for label in offered if label.startswith("activate") or label.startswith("attack")]
