"""Scenario files: the format, strictness, failure reports and malformed files (on Tiny)."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rulestack import DataError
from rulestack.testing import (ScenarioFailed, check_scenario_file, parse_scenario_text, run_scenario,
                               run_scenario_file)

HERE = Path(__file__).parent

MAIN = """
system: tiny
position:
  turn: 3
  active: 0
  phase: main
  players:
    - life: 10
      values: {energy: 3}
      hand: [Spark, Grunt]
      deck: [{card: Grunt, count: 4}]
    - life: 10
      field: [Grunt, Brute]
      deck: [{card: Grunt, count: 4}]
"""


def run(text: str):
    """Run the single scenario of a YAML text."""
    [spec] = parse_scenario_text(textwrap.dedent(text), "case.scenario.yaml")
    return run_scenario(spec)


def test_a_scenario_plays_the_answers_and_checks_zones_values_and_events():
    out = run(MAIN + """
do: [activate Spark, Grunt]   # Spark, then its target (two units: a real choice)
expect:
  players:
    0: {values: {energy: 2}, discard: [Spark], hand: [Grunt]}
    1: {field: [Brute], discard: [Grunt], life: 10}
  events: [{kind: died, card: Grunt, cause: rule, count: 1}]
  no_events: [{kind: died, card: Brute}]
  cards: [{card: Brute, zone: field, values: {power: 3}, status: {damage: null}}]
  decision: {player: 0, kind: action, prompt: main, offers: [play Grunt], does_not_offer: [activate Spark]}
  turn: 3
  active: 0
""")
    assert out.passed, out.report()
    assert [s.answer for s, _, _ in out.answered] == ["activate Spark", "Grunt"]


def test_failures_show_expected_happened_the_answers_and_the_log_tail():
    out = run(MAIN + """
do: [activate Spark, Brute]
expect:
  players:
    1: {discard: [Grunt], life: 7}
  events: [{kind: died, card: Brute}]
""")
    assert not out.passed
    report = out.report()
    assert "case.scenario.yaml:" in report
    assert "expect.players[1].discard: expected ['Grunt'] (bottom to top); happened []" in report
    assert "expect.players[1].life: expected 7; happened 10" in report
    assert "expect.events[0]: expected an event {kind: died, card: Brute}; happened none" in report
    assert "answers used:" in report and "'Brute' -> P0 choose" in report
    assert "event log (last" in report and "cast [rule]" in report and "(Spark)" in report
    assert "stopped at: P0 action 'main'" in report


def test_an_unscripted_decision_fails_naming_it():
    out = run(MAIN + """
do: [activate Spark]          # the target is not scripted
until: game_over
expect: {}
""")
    assert not out.passed
    report = out.report()
    assert "the game asked a decision that the file does not script" in report
    assert "after do[0]" in report
    assert "P0 choose" in report and "Grunt" in report and "Brute" in report
    # the log shown is the one from before the unfinished action rolled back
    assert "cast [rule]" in report


def test_an_illegal_answer_fails_naming_its_line():
    out = run(MAIN + """
do:
  - play Brute                # not in hand
expect: {}
""")
    assert not out.passed
    assert "case.scenario.yaml:17: do[0]: 'play Brute': not a legal answer (no option matches)" in out.report()


def test_an_answer_for_the_wrong_player_or_prompt_fails():
    out = run(MAIN + """
do:
  - {answer: pass, player: 1}
expect: {}
""")
    assert "do[0]: 'pass': scripted for P1, but P0 decides" in out.report()
    out = run(MAIN + """
do:
  - {answer: pass, prompt: response}
expect: {}
""")
    assert "scripted for a prompt with 'response'" in out.report()


def test_answers_left_over_are_a_failure():
    out = run(MAIN + """
do: [activate Spark, Grunt, pass, pass, pass]
until: {event: {kind: died}}
expect: {}
""")
    assert not out.passed
    assert "'until' (event {kind: died}) held with 3 answer(s) unused: do[2], do[3], do[4]" in out.report()


def test_until_a_state_stops_there_and_until_game_over_needs_the_end():
    out = run(MAIN + """
do: [pass, pass]              # P0 passes; P1 (turn 4) passes
until: {turn: 5, phase: main}
expect:
  turn: 5
  players: {0: {hand: {count: 3, contains: [Grunt, Spark], lacks: [Brute]}}}
""")
    assert out.passed, out.report()
    out = run(MAIN + """
do: [pass]
until: game_over
expect: {result: {winner: 0}}
""")
    assert not out.passed and "the file does not script" in out.report()


def test_a_game_that_ends_is_checked_by_result():
    out = run("""
system: tiny
position:
  turn: 2
  active: 1
  players:
    - {life: 10, deck: [Grunt, Grunt]}
    - {life: 10}              # P1 must draw from an empty deck
until: game_over
expect:
  result: {winners: [0], reason: empty deck}
""")
    assert out.passed, out.report()
    out = run("""
system: tiny
position:
  turn: 2
  active: 1
  players: [{life: 10, deck: [Grunt]}, {life: 10}]
until: game_over
expect:
  result: draw
""")
    assert "expected a draw; happened P0 won" in out.report()


def test_an_expected_error_passes_and_a_surprise_error_fails():
    base = MAIN.replace("hand: [Spark, Grunt]", "hand: [Faulty Gadget, Grunt]")
    out = run(base + """
do: [activate Faulty Gadget]
expect:
  error: faulty_gadget.lua:6
  players: {0: {hand: [Grunt]}}      # the failed resolution rolled back: nothing was drawn
""")
    assert out.passed, out.report()
    out = run(base + """
do: [activate Faulty Gadget]
expect: {}
""")
    assert not out.passed and "the game failed:" in out.report() and "faulty_gadget.lua:6" in out.report()


def test_card_expectations_find_one_card_or_say_why_not():
    out = run(MAIN + """
expect:
  cards:
    - {card: Grunt, values: {power: 1}}
    - {card: Brute, owner: 0}
""")
    report = out.report()
    assert "copies of Grunt" in report and "add owner or zone" in report
    assert "expected a Brute owned by P0; happened: none (copies: P1 field)" in report


def test_zone_order_matters_only_in_ordered_zones():
    out = run(MAIN + """
expect:
  players:
    1:
      field: [Brute, Grunt]            # the field is not ordered
      deck: [Grunt, Grunt, Grunt, Grunt]
""")
    assert out.passed, out.report()


def test_a_file_with_several_scenarios_and_a_shared_position(tmp_path):
    f = tmp_path / "two.scenario.yaml"
    f.write_text(textwrap.dedent("""
        system: tiny
        scenarios:
          - name: first
            position: &pos
              turn: 3
              phase: main
              players:
                - {life: 10, values: {energy: 1}, hand: [Spark, Grunt]}
                - {life: 10, field: [Grunt, Brute]}
            expect: {decision: {offers: [activate Spark]}}
          - name: second
            position:
              <<: *pos
              players:                  # overrides the merged key
                - {life: 4, values: {energy: 0}, hand: [Spark, Grunt]}
                - {life: 10, field: [Grunt]}
            expect: {players: {0: {life: 4}}}
    """))
    outcomes = run_scenario_file(f)
    assert [o.spec.name for o in outcomes] == ["first", "second"]
    assert all(o.passed for o in outcomes), [o.report() for o in outcomes]


def test_check_scenario_file_raises_with_the_report(tmp_path):
    f = tmp_path / "bad.scenario.yaml"
    f.write_text(textwrap.dedent(MAIN + "expect: {players: {0: {life: 3}}}\n"))
    with pytest.raises(ScenarioFailed, match=r"expect.players\[0\].life: expected 3; happened 10"):
        check_scenario_file(f)


@pytest.mark.parametrize("body, where", [
    ("position: {players: [{life: ten}]}\nexpect: {}",
     "case.scenario.yaml:2: position.players[0].life: expected an integer"),
    ("position: {turn: 1, phsae: main}\nexpect: {}",
     "case.scenario.yaml:2: position.phsae: unknown key (allowed here: turn, active"),
    ("do: [{anwser: pass}]\nexpect: {}", "case.scenario.yaml:2: do[0].anwser: unknown key"),
    ("expect: {players: {0: {life: 1}}, evnets: []}", "case.scenario.yaml:2: expect.evnets: unknown key"),
    ("until: forever\nexpect: {}", "case.scenario.yaml:2: until: expected answers_used or game_over"),
    ("do: [pass]", "case.scenario.yaml:1: expect: missing"),
    ("expect:\n  events: [{kind: died, count: many}]",
     "case.scenario.yaml:3: expect.events[0].count: expected an integer"),
    ("expect: {result: {winner: 0, winners: [0]}}", "expect.result.winner: give 'winner' or 'winners', not both"),
    ("position:\n  players:\n    - hand: [Grunt]\n      hand: [Brute]\nexpect: {}",
     "case.scenario.yaml:5: hand: duplicate key 'hand'"),
    ("expect: [1, 2]", "case.scenario.yaml:2: expect: expected a mapping, got a list"),
    ("position: {players: [{hand: [Grunt}]}", "case.scenario.yaml:2: not valid YAML"),
])
def test_malformed_files_name_the_file_line_and_field(body, where):
    with pytest.raises(DataError) as err:
        parse_scenario_text("system: tiny\n" + body + "\n", "case.scenario.yaml")
    assert where in str(err.value)


@pytest.mark.parametrize("body, where", [
    ("position: {players: [{hnad: [Grunt]}]}", "case.scenario.yaml:2: position.players[0].hnad: unknown zone 'hnad' "
                                              "(zones of tiny: deck, hand, field, discard, stack)"),
    ("position: {players: [{hand: [Grnut]}]}",
     "case.scenario.yaml:2: position.players[0].hand[0]: unknown card 'Grnut'"),
    ("position: {zones: {hand: [Grunt]}}", "position.zones.hand: zone 'hand' belongs to a player"),
    ("position: {players: [{stack: [Spark]}]}", "zone 'stack' is shared: list it under position.zones"),
    ("position: {players: [{}, {}, {life: 3}]}", "position.players: no player 2 (a game of tiny has 2)"),
    ("position:\n  active: 2", "case.scenario.yaml:3: position.active: no player 2 (a game of tiny has 2)"),
    ("expect: {players: {1: {field: [Grnut]}}}", "case.scenario.yaml:2: expect.players[1].field: unknown card 'Grnut'"),
])
def test_names_the_system_does_not_know_are_reported_with_their_line(body, where):
    [spec] = parse_scenario_text("system: tiny\n" + body + "\nexpect: {}\n" * ("expect" not in body),
                                 "case.scenario.yaml")
    with pytest.raises(DataError) as err:
        run_scenario(spec)
    assert where in str(err.value)


def test_unknown_system_and_setting_point_at_their_keys():
    [spec] = parse_scenario_text("system: nosuch\nexpect: {}\n", "case.scenario.yaml")
    with pytest.raises(DataError, match=r"case.scenario.yaml:1: system: unknown game system 'nosuch'"):
        run_scenario(spec)
    [spec] = parse_scenario_text("system: tiny\nsettings: {speed: 2}\nexpect: {}\n", "case.scenario.yaml")
    with pytest.raises(DataError, match=r"case.scenario.yaml:2: settings: system 'tiny' has no setting 'speed'"):
        run_scenario(spec)


def test_extra_card_data_is_added_to_the_system(tmp_path):
    (tmp_path / "cards.yaml").write_text(
        "- {code: X01, name: Tall Grunt, type: unit, cost: 1, power: 1, toughness: 5}\n")
    f = tmp_path / "tall.scenario.yaml"
    f.write_text(textwrap.dedent("""
        system: tiny
        cards: cards.yaml
        position:
          turn: 3
          phase: main
          players:
            - {life: 10, values: {energy: 1}, hand: [Spark, Grunt]}
            - {life: 10, field: [Tall Grunt, Grunt]}
        do: [activate Spark, Tall Grunt]
        expect:
          cards: [{card: Tall Grunt, zone: field, values: {toughness: 5}}]     # survived
          events: [{kind: status, card: Tall Grunt, key: damage, value: 1}]
    """))
    [out] = run_scenario_file(f)
    assert out.passed, out.report()
