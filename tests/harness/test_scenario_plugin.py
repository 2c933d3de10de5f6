"""The pytest plugin, as a modder meets it: a folder with only card data, Lua scripts and
scenario files, tested by a bare ``pytest`` in a fresh process where rulestack is installed."""
from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "tiny-mod"


@pytest.fixture
def mod(tmp_path: Path) -> Path:
    """A copy of the modder's folder of docs/examples/tiny-mod."""
    folder = tmp_path / "my-cards"
    shutil.copytree(EXAMPLE, folder)
    return folder


def test_the_plugin_is_registered_as_a_pytest11_entry_point():
    from importlib.metadata import entry_points
    eps = [ep for ep in entry_points(group="pytest11") if ep.name == "rulestack"]
    assert eps and eps[0].value == "rulestack.testing.plugin"


def test_a_bare_pytest_runs_the_scenario_files_of_a_card_folder(mod, bare_pytest):
    assert sorted(p.name for p in mod.rglob("*") if p.is_file()) == [
        "cards.yaml", "ember_imp.lua", "ember_imp.scenario.yaml", "imps.yaml"]
    done = bare_pytest(mod, "-v")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ember_imp.scenario.yaml::playing the imp burns the opponent PASSED" in done.stdout
    assert "ember_imp.scenario.yaml::the imp costs 2 energy PASSED" in done.stdout
    assert "2 passed" in done.stdout


def test_an_edited_script_fails_with_expected_happened_and_the_log_not_a_traceback(mod, bare_pytest):
    script = mod / "ember_imp.lua"
    script.write_text(script.read_text().replace('ctx:damage("opponent", 1)', 'ctx:damage("opponent", 2)'))
    done = bare_pytest(mod)
    assert done.returncode == 1
    out = done.stdout
    assert "1 failed, 1 passed" in out
    assert "scenario 'playing the imp burns the opponent'" in out
    assert "expect.players[1].life: expected 9; happened 8" in out
    assert "event log (last" in out and "damaged [effect]" in out and "(Ember Imp)" in out
    assert "Traceback" not in out and "def runtest" not in out


def test_a_malformed_scenario_file_is_one_failure_naming_file_line_and_field(mod, bare_pytest):
    (mod / "scenario_typo.yaml").write_text(textwrap.dedent("""\
        system: tiny
        cards: cards.yaml
        position:
          players:
            - {life: 10, hnad: [Ember Imp]}
        expect: {}
    """))
    (mod / "broken.scenario.yaml").write_text("system: tiny\nexpect:\n  evnets: [damaged]\n")
    done = bare_pytest(mod)
    out = done.stdout
    assert done.returncode == 1
    assert "malformed scenario file: broken.scenario.yaml:3: expect.evnets: unknown key" in out
    # zone names depend on the system: reported when the scenario is built, with the same precision
    assert "scenario_typo.yaml:5: position.players[0].hnad: unknown zone 'hnad'" in out
    assert "2 failed, 2 passed" in out


def test_python_tests_in_the_folder_get_the_fixtures(mod, bare_pytest):
    (mod / "test_imp.py").write_text(textwrap.dedent("""\
        def test_with_the_scenario_fixture(scenario):
            sc = scenario("tiny", cards=["cards.yaml"])
            sc.set_turn(turn=3, active=0, phase="main")
            for p in (0, 1):
                sc.set_life(p, 10)
                sc.add_many(["Grunt"] * 3, "deck", p)
            sc.set_value(0, "energy", 2)
            sc.add("Ember Imp", "hand", 0)
            sc.answer("play Ember Imp")
            sc.run()
            assert sc.life(1) == 9
            sc.assert_event("damaged", player=1)

        def test_with_the_scenario_file_fixture(scenario_file):
            outcomes = scenario_file("ember_imp.scenario.yaml")
            assert [o.passed for o in outcomes] == [True, True]

        def test_with_the_random_game_fixture(random_game):
            game = random_game("tiny", ["decks/imps.yaml", "beta"], seed=4, cards=["cards.yaml"])
            assert game.state.result is not None
            assert any(e.kind == "played" and e.get("code") == "M01" for e in game.events)
    """))
    done = bare_pytest(mod, "-q")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout
