"""The Digimon checklist of RULES.md part C4, one scenario per case, named by its ID.

Each scenario builds a position, runs the real game loop (``sc.run()``) with scripted answers and
pauses at the first decision the script does not cover; then it asserts on areas, the memory and
the event log. Rule numbers are those of the Comprehensive Rules Manual Ver.4.2.
"""
from __future__ import annotations

import pytest

from rulestack import Action, IllegalAction

from .board import digimon, memory, position, seqs


def test_DCG_01_using_an_option_runs_the_procedure_of_9_1_9_in_order():
    """Memory 3, a red Digimon, red Option (cost 2) "[Main] Delete 1 of your opponent's Digimon with
    4000 DP or less": reveal -> pay 2 (memory 1) -> [Main] -> the deletion -> the Option trashed ->
    triggered effects -> rule checks (9-1-9, 9-1-5)."""
    sc = position(memory=3)
    digimon(sc, "Red Rookie", 0)
    victim = digimon(sc, "Last Words", 1)
    option = sc.add("Checklist Deleter", "hand", 0)
    sc.answer("use Checklist Deleter").run()
    order = seqs(sc, ("revealed", {"cards": [option]}), ("memory", {"why": "paid"}),
                 ("activated", {"card": option}), ("deleted", {"card": victim}),
                 ("trashed_after_use", {"card": option}), ("activated", {"card": victim}))
    assert order == sorted(order)
    assert sc.assert_event("memory", why="paid").get("after") == 1
    assert sc.card(option).zone == "trash" and sc.card(victim).zone == "trash"
    assert sc.decision.player == 0 and sc.decision.prompt == "main phase"


def test_DCG_02_an_option_needs_a_digimon_or_tamer_of_its_colour():
    """No red Digimon or Tamer on the field: the red Option can't be used (9-1-1, 4-22-2)."""
    sc = position(memory=5)
    digimon(sc, "Blue Rookie", 0)
    option = sc.add("Checklist Deleter", "hand", 0)
    assert not [a for a in sc.game.legal_actions(0, "main") if a.kind == "use"]
    with pytest.raises(IllegalAction, match="colour"):
        sc.game.perform(Action("use", 0, option))
    assert sc.card(option).zone == "hand" and memory(sc) == 5


def test_DCG_02_contrast_a_red_digi_egg_in_the_breeding_area_meets_it():
    """A Digimon in the breeding area counts for the colour requirement (4-22-2, MAN)."""
    sc = position(memory=5)
    digimon(sc, "Red Egg", 0, zone="breeding_area")
    sc.add("Checklist Deleter", "hand", 0)
    assert [a for a in sc.game.legal_actions(0, "main") if a.kind == "use"]


def test_DCG_04_the_option_is_trashed_before_the_on_deletion_activates():
    """[Main] deletes D with [On Deletion]: O is trashed before D's effect activates; nothing
    interrupts between the [Main] and the trashing (9-1-5, 9-1-2)."""
    sc = position(memory=3)
    digimon(sc, "Red Rookie", 0)
    victim = digimon(sc, "Last Words", 1)
    option = sc.add("Checklist Deleter", "hand", 0)
    sc.answer("use Checklist Deleter").run()
    deleted, trashed, on_deletion = seqs(sc, ("deleted", {"card": victim}), ("trashed_after_use", {"card": option}),
                                         ("activated", {"card": victim}))
    assert deleted < trashed < on_deletion
    between = [e for e in sc.events() if deleted < e.seq < trashed]
    assert all(e.kind in ("moved", "trashed_with_stack") for e in between)


def test_DCG_05_an_option_that_places_itself_stays_in_the_battle_area():
    """"[Main] ... Then, place this card in the battle area": it is placed, not trashed (9-1-5),
    and rule checks leave it there (17-1-3-2-2)."""
    sc = position(memory=3)
    digimon(sc, "Red Rookie", 0)
    option = sc.add("Delayed Blast", "hand", 0)
    sc.answer("use Delayed Blast").run()
    assert sc.card(option).zone == "battle_area"
    sc.assert_no_event("trashed_after_use")
    sc.assert_no_event("rule_trash")


def _decree_position(trait_card: str):
    sc = position(memory=5, hand=())
    digimon(sc, "Purple Rookie", 0)
    victim = digimon(sc, "Weak Mon", 1)
    decree = sc.add("Demon Lords' Decree", "hand", 0)
    sc.add(trait_card, "hand", 0)
    return sc, victim, decree


def test_DCG_06_the_seed_example_card_deletes_and_stays_with_a_demon_lord_trashed():
    """The 9-1-3 example: after using it, the player trashes a [Seven Great Demon Lords] card from
    hand, the opponent's level <= 6 Digimon is deleted, and the card is placed in the battle area."""
    sc, victim, decree = _decree_position("Demon Lord")
    sc.answer("use Demon Lords' Decree", True).run()
    assert sc.zone("trash", 0) == ["Demon Lord"]
    assert sc.card(victim).zone == "trash"
    assert sc.card(decree).zone == "battle_area"
    trashed, deleted = seqs(sc, ("trashed", {"code": sc.card("Demon Lord").code}), ("deleted", {"card": victim}))
    assert trashed < deleted


def test_DCG_06_contrast_without_the_trait_the_card_is_trashed():
    sc, victim, decree = _decree_position("Filler Mon")
    sc.answer("use Demon Lords' Decree", True).run()
    assert sc.card(victim).zone == "trash" and sc.card(decree).zone == "trash"


def test_DCG_06_contrast_declining_to_trash_deletes_nothing():
    """"By trashing ..." is an optional processing condition: not done, nothing else is (15-7-2)."""
    sc, victim, decree = _decree_position("Demon Lord")
    sc.answer("use Demon Lords' Decree", False).run()
    assert sc.card(victim).zone == "battle_area" and sc.card(decree).zone == "trash"


def test_DCG_08_cards_are_used_one_at_a_time():
    """Two Options at once are rejected (9-1-7): each use action names one card, and an action
    naming two is refused without changing anything."""
    sc = position(memory=8)
    digimon(sc, "Red Rookie", 0)
    first = sc.add("Checklist Deleter", "hand", 0)
    second = sc.add("Delayed Blast", "hand", 0)
    uses = [a for a in sc.game.legal_actions(0, "main") if a.kind == "use"]
    assert sorted(a.card for a in uses) == sorted([first, second])
    with pytest.raises(IllegalAction, match="one at a time"):
        sc.game.perform(Action("use", 0, first, 0, data=(("cards", (first, second)),)))
    assert sc.card(first).zone == "hand" and sc.card(second).zone == "hand" and memory(sc) == 8


def test_DCG_09_the_main_resolves_in_full_and_the_turn_passes_after():
    """Memory 1, O costs 3: memory goes to 2 on the opponent's side, the [Main] (<Draw 2>) still
    resolves fully, and the turn passes only after all of it."""
    sc = position(memory=1)
    digimon(sc, "Red Rookie", 0)
    sc.add("Big Draw", "hand", 0)
    sc.answer("use Big Draw").run()
    paid = sc.assert_event("memory", why="paid")
    assert paid.get("after") == -2
    draws = [e for e in sc.events("drew") if e.player == 0 and e.seq > paid.seq]
    end = sc.assert_event("end_of_turn", player=0)
    assert len(draws) == 2 and all(d.seq < end.seq for d in draws)
    assert sc.game.state.active_player == 1 and memory(sc, 1) == 2


def test_DCG_10_memory_never_exceeds_10_and_a_cost_of_11_cannot_be_paid_from_0():
    sc = position(memory=8)
    digimon(sc, "Red Rookie", 0)
    sc.add_many(["Memory Surge", "Memory Surge"], "hand", 0)
    sc.answer("use Memory Surge (cost 0)").run()
    assert memory(sc) == 10                      # 8 + 2
    sc.answer("use Memory Surge (cost 0)").run()
    assert memory(sc) == 10                      # 10 + 2: the excess is lost (1-4-2-2)
    assert [e.get("after") for e in sc.events("memory", why="gained")] == [10, 10]
    sc2 = position(memory=0)
    digimon(sc2, "Red Rookie", 0)
    huge = sc2.add("Huge Option", "hand", 0)
    assert not [a for a in sc2.game.legal_actions(0, "main") if a.kind == "use"]
    with pytest.raises(IllegalAction, match="can't be paid|cannot be paid"):
        sc2.game.perform(Action("use", 0, huge, 0))
    assert sc2.card(huge).zone == "hand" and memory(sc2) == 0    # 9-1-8: the memory doesn't move


def test_DCG_11_a_pass_moves_the_memory_to_3_on_the_opponents_side():
    sc = position(memory=7)
    sc.add("Red Rookie", "hand", 0)
    sc.answer("pass").run()
    assert sc.assert_event("memory", why="passed").get("after") == -3
    assert sc.game.state.active_player == 1 and memory(sc, 1) == 3
    sc.assert_event("end_of_turn", player=0)


def test_DCG_12_the_turn_player_activates_all_of_theirs_first_in_their_order():
    """Both players' "when a Digimon is played" effects trigger: the turn player's first (in the
    order they choose), then the non-turn player's (15-4-3-5)."""
    sc = position(memory=9, hand=())
    mine_a = digimon(sc, "Herald", 0)
    mine_b = digimon(sc, "Herald", 0)
    theirs = digimon(sc, "Herald", 1)
    sc.add("Red Rookie", "hand", 0)
    # TP has three pending (both old Heralds and none new: Red Rookie is not a Herald); they choose
    # the second Herald first.
    sc.answer("play Red Rookie", 1).run()
    acts = [e.get("card") for e in sc.events("activated")]
    assert acts == [mine_b, mine_a, theirs]


def test_DCG_14_a_pending_effect_of_a_digimon_that_left_does_not_activate():
    """M's [When Attacking] is pending; the Tamer's pending effect returns M to hand first: M's
    effect doesn't activate (15-4-4-3)."""
    sc = position(memory=5)
    attacker = digimon(sc, "Eager Attacker", 0)
    tamer = sc.add("Bouncer Tamer", "battle_area", 0)
    sc.answer(f"attack your opponent with Eager Attacker", "Bouncer Tamer [Your Turn] when one of your Digimon attacks").run()
    assert sc.card(attacker).zone == "hand"
    lapsed = sc.assert_event("effect_lapsed", card=attacker)
    assert "new card" in lapsed.get("why")
    assert not [e for e in sc.events("activated") if e.get("card") == attacker]
    assert [e.get("card") for e in sc.events("activated")] == [tamer]
    sc.assert_event("attack_failed")                                  # 11-5-1-4


def test_DCG_15_end_of_turn_pending_processing_is_ordered_with_the_end_of_turn_triggers():
    """"Lose 2 memory at the end of the turn" is pending processing (18-1-1); with a Tamer's
    [End of Your Turn] effect, the turn player orders them as simultaneous triggers (18-1-2)."""
    sc = position(memory=2)
    digimon(sc, "Red Rookie", 0)
    tamer = sc.add("Evening Tamer", "battle_area", 0)
    surge = sc.add("Memory Surge", "hand", 0)
    # use it (memory 4), pass (memory -3), then at the end of turn: the Tamer first, then "lose 2".
    sc.answer("use Memory Surge", "pass", "Evening Tamer [End of Your Turn]").run()
    end = sc.assert_event("end_of_turn", player=0)
    acts = [e.get("card") for e in sc.events("activated") if e.seq > end.seq]
    assert acts == [tamer, surge]
    choice = next(d for d in sc.asked if d.prompt == "activate which pending effect first?")
    assert len(choice.options) == 2
    assert sc.game.state.active_player == 1 and memory(sc, 1) == 3 - 1 + 2


def test_DCG_15_contrast_the_other_order():
    sc = position(memory=2)
    digimon(sc, "Red Rookie", 0)
    tamer = sc.add("Evening Tamer", "battle_area", 0)
    surge = sc.add("Memory Surge", "hand", 0)
    sc.answer("use Memory Surge", "pass", "Memory Surge lose 2 memory").run()
    end = sc.assert_event("end_of_turn", player=0)
    assert [e.get("card") for e in sc.events("activated") if e.seq > end.seq] == [surge, tamer]


def test_DCG_17_an_unblocked_attack_on_a_player_with_no_security_wins_at_once():
    """The attack succeeds with 0 security: the attacking player wins at the confirming timing
    (11-5-1-2-1, 1-2-3-1); the game ends there (1-2-2)."""
    sc = position(memory=3, security=(3, 0))
    digimon(sc, "Red Rookie", 0)
    sc.answer("attack your opponent with Red Rookie").run()
    assert sc.result is not None and sc.result.winners == (0,)
    over = sc.assert_event("game_over")
    assert sc.assert_event("attack_succeeded").seq < over.seq
    sc.assert_no_event("attack_ended")


def test_DCG_18_a_player_with_an_empty_deck_loses_in_their_draw_phase():
    sc = position(memory=0, deck=(0, 5), phase=None)
    sc.answer("pass").run()
    assert sc.result is not None and sc.result.winners == (1,)
    assert "draw phase" in sc.result.reason


def test_DCG_18_contrast_an_empty_deck_at_other_times_is_no_loss():
    """An effect's draw from an empty deck is simply not carried out (1-3-2)."""
    sc = position(memory=3, deck=(0, 5))
    digimon(sc, "Red Rookie", 0)
    sc.add("Big Draw", "hand", 0)
    sc.answer("use Big Draw").run()
    assert sc.result is None and sc.decision is not None


def test_DCG_A4_a_used_option_is_in_no_area_while_its_main_resolves():
    """9-1-4: from the activation of its [Main] until it has resolved, the card is in no area;
    then it is trashed (9-1-5)."""
    sc = position(memory=3)
    digimon(sc, "Red Rookie", 0)
    option = sc.add("Where Am I", "hand", 0)
    sc.answer("use Where Am I").run()
    assert sc.assert_event("script_log").get("message") == "in no area"
    assert sc.card(option).zone == "trash"


def test_DCG_A1_options_are_used_only_in_the_turn_players_main_phase():
    """15-8-4-2, 9-1-1: not in the opponent's turn, nor during an attack."""
    sc = position(memory=3, active=1)
    digimon(sc, "Red Rookie", 0)
    sc.add("Where Am I", "hand", 0)
    assert not [a for a in sc.game.legal_actions(0, "main") if a.kind == "use"]
    sc2 = position(memory=3)
    digimon(sc2, "Red Rookie", 0)
    sc2.add("Where Am I", "hand", 0)
    sc2.set_value(None, "attack", {"attacker": 0, "attacker_generation": 0, "target": None,
                                   "target_generation": None, "defender": 1})
    option = sc2.card("Where Am I")
    with pytest.raises(IllegalAction):
        sc2.game.perform(Action("use", 0, option.id, 0))
