"""The rulestack command: systems, play, check, and clear errors instead of tracebacks."""
from pathlib import Path

from rulestack.cli import main

TINY = Path(__file__).resolve().parents[1] / "tinygame"


def test_play_prints_a_log_and_the_result(capsys):
    assert main(["play", "tiny", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "--- turn 1" in out or "turn 2" in out
    assert "result:" in out and ("won" in out or "draw" in out)


def test_play_is_deterministic(capsys):
    main(["play", "tiny", "--seed", "8"])
    first = capsys.readouterr().out
    main(["play", "tiny", "--seed", "8"])
    assert capsys.readouterr().out == first


def test_unknown_system_deck_and_setting_are_clear_errors(capsys):
    assert main(["play", "nope"]) == 2
    assert "unknown game system 'nope'" in capsys.readouterr().err
    assert main(["play", "tiny", "--deck", "alpha", "--deck", "gamma"]) == 2
    assert "unknown deck 'gamma'" in capsys.readouterr().err
    assert main(["play", "tiny", "--set", "speed=3"]) == 2
    assert "has no setting 'speed'" in capsys.readouterr().err


def test_check_clean_cards(capsys):
    assert main(["check", str(TINY / "cards"), "--system", "tiny"]) == 0


def test_check_reports_file_line_and_key(tmp_path, capsys):
    (tmp_path / "cards.yaml").write_text(
        "- {code: X1, name: Bad Spell, type: spell, script: bad.lua}\n"
        "- {code: X2, name: Worse, type: spell, cots: 3}\n")
    (tmp_path / "bad.lua").write_text(
        "return {\n  abilities = {\n    { kind = 'spell',\n      cots = { { 'energy', 1 } },\n"
        "      resolve = function(ctx) end },\n  },\n}\n")
    assert main(["check", str(tmp_path), "--system", "tiny"]) == 1
    out = capsys.readouterr().out
    assert "cards.yaml:2: cots: unknown field" in out


def test_check_reports_unknown_ability_key_with_its_line(tmp_path, capsys):
    (tmp_path / "cards.yaml").write_text("- {code: X1, name: Bad Spell, type: spell, script: bad.lua}\n")
    (tmp_path / "bad.lua").write_text(
        "return {\n  abilities = {\n    { kind = 'spell',\n      cots = { { 'energy', 1 } },\n"
        "      resolve = function(ctx) end },\n  },\n}\n")
    assert main(["check", str(tmp_path), "--system", "tiny"]) == 1
    out = capsys.readouterr().out
    assert "bad.lua" in out and "abilities[1].cots" in out and "unknown key" in out


def test_check_reports_syntax_errors_with_line(tmp_path, capsys):
    (tmp_path / "broken.lua").write_text("return {\n  abilities = {\n    { kind = 'spell' \n    { }\n}\n")
    assert main(["check", str(tmp_path / "broken.lua"), "--system", "tiny"]) == 1
    out = capsys.readouterr().out
    assert "broken.lua:4" in out


def test_check_skips_scenario_files_and_replays_in_a_card_folder(tmp_path, capsys):
    (tmp_path / "cards.yaml").write_text("- {code: X1, name: Fine, type: unit, cost: 1, power: 1, toughness: 1}\n")
    (tmp_path / "fine.scenario.yaml").write_text("system: tiny\nscenarios: []\n")
    (tmp_path / "scenario_more.yaml").write_text("system: tiny\n")
    assert main(["check", str(tmp_path), "--system", "tiny"]) == 0


# -- small things users hit (issue 12, item 9) ---------------------------------------------------------
def test_simulate_help_prints_a_plain_percent_sign(capsys):
    import pytest
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "95% confidence" in " ".join(out.split()) and "%%" not in out


def test_check_prints_its_summary_on_the_same_stream_as_its_problems(tmp_path, capsys):
    (tmp_path / "cards.yaml").write_text("- {code: X2, name: Worse, type: spell, cots: 3}\n")
    assert main(["check", str(tmp_path), "--system", "tiny"]) == 1
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert "cots: unknown field" in lines[0]
    assert lines[-1] == "checked 0 card(s): 1 problem(s)"
    assert captured.err == ""


def test_simulate_refuses_an_illegal_deck_before_playing(tmp_path, capsys):
    deck = tmp_path / "short.yaml"
    deck.write_text("name: short\nmain:\n  - 2 Shock\n")
    replays = tmp_path / "failures"
    code = main(["simulate", "mtg", "--deck", str(deck), "--deck", "red_burn", "--games", "4", "--workers", "1",
                 "--no-progress", "--replays", str(replays)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err.strip() == f"error: {deck}: a deck has at least 40 cards, not 2"
    assert "simulate mtg" not in captured.out and not replays.exists()   # no game was played
