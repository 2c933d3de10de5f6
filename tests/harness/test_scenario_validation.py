"""Scenario files are validated like card files (names the system does not have, names two cards
share), stop where they say (right after an event), ask what they say (single-option decisions),
and the scenario API gives card tests what they need without reaching into the game."""
from __future__ import annotations

import textwrap

import pytest

from rulestack import DataError
from rulestack.scenario import Scenario
from rulestack.testing import parse_scenario_text, run_scenario


def run(text: str):
    [spec] = parse_scenario_text(textwrap.dedent(text), "case.scenario.yaml")
    return run_scenario(spec)


def data_error(text: str) -> str:
    with pytest.raises(DataError) as err:
        run(text)
    return str(err.value)


# -- unknown phases and steps, for every system ------------------------------------------------------
@pytest.mark.parametrize("system, phase, message", [
    ("yugioh", "main", "case.scenario.yaml:3: position.phase: unknown phase 'main' (did you mean 'main1'?) "
                       "(phases of yugioh: draw, standby, main1, battle, main2, end)"),
    ("mtg", "main", "case.scenario.yaml:3: position.phase: unknown phase 'main' (phases of mtg: beginning, "
                    "precombat_main, combat, postcombat_main, ending)"),
    ("onepiece", "mian", "case.scenario.yaml:3: position.phase: unknown phase 'mian' (did you mean 'main'?) "
                         "(phases of onepiece: refresh, draw, don, main, end)"),
    ("tiny", "combat", "case.scenario.yaml:3: position.phase: unknown phase 'combat' (phases of tiny: start, main, "
                       "end)"),
])
def test_an_unknown_phase_is_an_error_for_every_system(system, phase, message):
    assert data_error(f"system: {system}\nposition:\n  phase: {phase}\nexpect: {{}}\n") == message


def test_an_unknown_step_and_a_wrong_phase_in_until_or_expect_are_errors_too():
    assert data_error("system: mtg\nposition:\n  phase: combat\n  step: blockers\nexpect: {}\n") == (
        "case.scenario.yaml:4: position.step: unknown step 'blockers' (did you mean 'declare_blockers'?) (steps of "
        "combat: beginning_of_combat, declare_attackers, declare_blockers, first_strike_damage, combat_damage, "
        "end_of_combat)")
    assert data_error("system: yugioh\nuntil: {phase: battel}\nexpect: {}\n") == (
        "case.scenario.yaml:2: until.phase: unknown phase 'battel' (did you mean 'battle'?) (phases of yugioh: draw, "
        "standby, main1, battle, main2, end)")
    assert data_error("system: tiny\nexpect:\n  phase: mian\n") == (
        "case.scenario.yaml:3: expect.phase: unknown phase 'mian' (did you mean 'main'?) (phases of tiny: start, "
        "main, end)")


def test_the_python_api_refuses_an_unknown_phase_too():
    sc = Scenario("yugioh")
    try:
        with pytest.raises(Exception) as err:
            sc.set_turn(active=0, phase="main")
        assert str(err.value) == ("unknown phase 'main' (did you mean 'main1'?) (phases of yugioh: draw, standby, "
                                  "main1, battle, main2, end)")
        with pytest.raises(Exception, match=r"unknown step 'damage_step' \(did you mean 'damage'\?\)"):
            sc.set_turn(phase="battle", step="damage_step")
        sc.set_turn(phase="battle", step="damage")
    finally:
        sc.game.close()


def test_a_yugioh_position_starts_in_the_phase_it_names_and_records_no_life_events():
    out = run("""
        system: yugioh
        position:
          turn: 2
          active: 0
          phase: main1
          players:
            - {hand: [Vorse Raider], deck: [{card: Vorse Raider, count: 3}]}
            - {deck: [{card: Vorse Raider, count: 3}]}
        expect:
          phase: main1
          players: {0: {life: 8000}, 1: {life: 8000}}
          no_events: [life_changed, {kind: phase, phase: draw}]
          decision: {player: 0, offers: [Vorse Raider]}
    """)
    assert out.passed, out.report()


# -- names two cards share --------------------------------------------------------------------------------
def test_a_name_two_cards_share_is_an_error_naming_both():
    message = data_error("""
        system: onepiece
        position:
          players:
            - {hand: [Koby]}
        expect: {}
    """)
    assert message == (
        "case.scenario.yaml:5: position.players[0].hand[0]: 2 cards are called 'Koby': ST02-006 "
        "(card_scripts/onepiece/cards/st02_worst_generation.yaml:12), ST06-002 "
        "(card_scripts/onepiece/cards/st06_navy.yaml:5); write the code of the one you mean")


def test_the_code_picks_one_of_them():
    out = run("""
        system: onepiece
        position:
          players:
            - {hand: [ST06-002]}
        expect:
          cards: [{card: ST06-002, values: {cost: 1}}]
    """)
    assert out.passed, out.report()


def test_an_unknown_card_suggests_the_nearest_name():
    assert "unknown card 'Grnut' in system 'tiny' (did you mean 'Grunt'?)" in data_error(
        "system: tiny\nposition: {players: [{hand: [Grnut]}]}\nexpect: {}\n")


# -- finding one card of several copies ------------------------------------------------------------------------
def test_add_owner_or_zone_lists_only_the_copies_that_matched():
    out = run("""
        system: tiny
        position:
          players:
            - {field: [Grunt]}
            - {hand: [Grunt], field: [Grunt]}
        expect:
          cards: [{card: Grunt, owner: 1}]
    """)
    assert not out.passed
    assert "case.scenario.yaml:8: expect.cards[0]: 2 copies of Grunt owned by P1 (P1 hand, P1 field): add zone" \
        in out.report()


# -- stopping right after an event ------------------------------------------------------------------------
BURN = """
system: tiny
cards: []
position:
  turn: 3
  active: 0
  phase: main
  players:
    - life: 10
      values: {energy: 3}
      hand: [Spark]
      deck: [{card: Grunt, count: 4}]
    - life: 10
      field: [Brute, Grunt]
      deck: [{card: Grunt, count: 4}]
"""


def test_until_after_an_event_stops_right_there_even_with_no_decision_next():
    out = run(BURN + """
do: [activate Spark, {answer: Grunt, player: 0}]
until: {after: {kind: died, card: Grunt}}
expect:
  events: [{kind: died, card: Grunt, count: 1}]
  players: {1: {field: [Brute], discard: [Grunt]}}
""")
    assert out.passed, out.report()
    assert out.stopped_at is None and out.scenario.stopped_after.kind == "died"
    assert out.scenario.game.state.log[-1] is out.scenario.stopped_after      # nothing happened after it


def test_the_python_api_stops_after_an_event_and_goes_on_from_there(tiny):
    sc = Scenario("tiny")
    try:
        sc.add("Grunt", "hand", 0)
        sc.add("Watcher", "field", 1)
        sc.add_many(["Grunt"] * 4, "deck", 0)
        sc.add_many(["Grunt"] * 4, "deck", 1)
        sc.set_life(0, 10)
        sc.set_life(1, 10)
        sc.set_value(0, "energy", 3)
        sc.set_turn(turn=3, active=0, phase="main")
        sc.answer("play Grunt")
        sc.run(until=lambda g: bool(g.state.pending), at_events=True)
        assert sc.decision is None and sc.stopped_after.kind == "played"
        [pending] = sc.pending                       # Watcher's trigger, not yet on the stack
        assert sc.card(pending.card).name == "Watcher" and sc.stack == []
        assert sc.life(1) == 10
        sc.run()                                     # on to the next decision
        assert sc.decision is not None and sc.pending == [] and sc.life(1) == 11
    finally:
        sc.game.close()


def test_after_and_decision_cannot_be_combined():
    with pytest.raises(DataError, match=r"until.after: 'after' stops right after an event"):
        parse_scenario_text("system: tiny\nuntil: {after: died, decision: {player: 0}}\nexpect: {}\n",
                            "case.scenario.yaml")


# -- asking single-option decisions ---------------------------------------------------------------------------
EMPTY_HANDED = """
system: tiny
position:
  turn: 3
  active: 0
  phase: main
  players:
    - {life: 10, deck: [{card: Grunt, count: 2}]}
    - {life: 10, deck: [{card: Grunt, count: 2}]}
"""


def test_ask_single_asks_the_decisions_the_game_would_answer_itself():
    asked = run(EMPTY_HANDED + """
ask_single: true
expect:
  decision: {player: 0, kind: action, offers: [pass]}
  turn: 3
""")
    assert asked.passed, asked.report()
    assert [o.label for o in asked.stopped_at.options] == ["pass"]
    not_asked = run(EMPTY_HANDED + "expect: {}\n")      # every decision has one answer: the game plays on
    assert not_asked.stopped_at is None or not_asked.scenario.game.state.turn > 3


def test_a_scripted_answer_goes_to_the_single_option_decision_it_was_written_for():
    out = run(EMPTY_HANDED + """
ask_single: true
do: [pass]
expect:
  decision: {player: 1}
""")
    assert out.passed, out.report()
    assert [(s.answer, d.player) for s, d, _ in out.answered] == [("pass", 0)]


# -- the scenario API -------------------------------------------------------------------------------------------
def test_abilities_by_label_and_negated_text(tiny):
    sc = Scenario("tiny")
    try:
        watcher = sc.add("Watcher", "field", 0)
        assert list(sc.abilities(watcher)) == ["when"]
        assert sc.ability(watcher, "when").role == "triggered"
        assert not sc.is_negated(watcher)
        sc.add("Hush Totem", "field", 1)
        assert sc.is_negated(watcher) and sc.is_negated(watcher, "when")
        with pytest.raises(Exception, match="Watcher has no ability labelled 'spell' \\(its abilities: when\\)"):
            sc.ability(watcher, "spell")
    finally:
        sc.game.close()


def test_activate_by_label_and_the_stack_by_name(tiny):
    sc = Scenario("tiny")
    try:
        sc.add("Spark", "hand", 0)
        sc.add("Brute", "field", 1)
        sc.set_value(0, "energy", 1)
        sc.set_turn(turn=3, active=0, phase="main")
        sc.activate("Spark", "spell")
        assert sc.stack_names() == ["Spark"]
    finally:
        sc.game.close()
