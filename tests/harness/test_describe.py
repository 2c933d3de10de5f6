"""``rulestack describe``: a system's reference from its own data, and docs/systems/<name>.md kept current."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rulestack import GameSystem, ZoneSpec
from rulestack.cli import main
from rulestack.harness.describe import describe_markdown, describe_text, undocumented
from rulestack.system import HOST_EVENT_KINDS, find_system

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ("mtg", "yugioh", "onepiece")


@pytest.mark.parametrize("name", BUNDLED)
def test_each_system_page_is_generated_from_the_plugin(name):
    page = ROOT / "docs" / "systems" / f"{name}.md"
    assert page.read_text(encoding="utf-8") == describe_markdown(find_system(name)), (
        f"{page} is stale: run `rulestack describe {name} --markdown --write docs/systems/{name}.md`")


def test_modding_guide_links_each_system_page():
    guide = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
    for name in BUNDLED:
        assert f"(systems/{name}.md)" in guide


@pytest.mark.parametrize("name", [*BUNDLED, "tiny"])
def test_every_entry_of_the_reference_has_a_one_line_doc(name):
    assert undocumented(find_system(name)) == []


def _golden_events(name: str):
    for path in sorted((ROOT / "tests" / "golden" / name).glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_event_phase_and_step_of_the_golden_games_is_declared(name):
    """The declarations are complete: every kind of event that 20 seeded games recorded, and every
    phase and step they entered, is in the system's reference (with the fields it carried)."""
    system = find_system(name)
    kinds = system.all_event_kinds()
    phases = set(system.phase_names())
    undeclared, fields_missing, bad_phases = set(), set(), set()
    for ev in _golden_events(name):
        kind = ev["kind"]
        if kind == "phase":
            if ev["phase"] not in phases or (ev["step"] is not None and ev["step"] not in system.step_names(ev["phase"])):
                bad_phases.add((ev["phase"], ev["step"]))
        if kind not in kinds:
            undeclared.add(kind)
            continue
        for key in ev:
            if key not in ("seq", "kind", "cause", "source", "player") and key not in kinds[kind].fields:
                fields_missing.add(f"{kind}.{key}")
    assert not undeclared and not bad_phases and not fields_missing, (undeclared, bad_phases, fields_missing)


def test_describe_prints_every_section(capsys):
    assert main(["describe", "tiny"]) == 0
    out = capsys.readouterr().out
    for section in ("Zones:", "Phases and steps:", "Action windows:", "Event kinds:", "Player values:",
                    "Settings:", "Cost kinds:", "Ability kinds:", "Keywords:", "Lua words:"):
        assert section in out
    assert "  energy  what the player can spend this turn (up to 5)" in out
    assert "  damage             Deal damage to a unit (by id) or to a player" in out
    assert "  response  a player may respond to the top of the stack" in out
    assert "fields: delta, life, by" in out


def test_describe_markdown_writes_the_page(tmp_path, capsys):
    out = tmp_path / "tiny.md"
    assert main(["describe", "tiny", "--markdown", "--write", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# tiny (`tiny` 1.0)\n") or text.startswith("# ")
    assert "| `died` | a unit was discarded by the rules (damage reached its toughness) |" in text
    assert "| `main / ` " not in text


class _Bare(GameSystem):
    """A third-party system that declares only what it needs to run."""

    name = "bare"
    zones = (ZoneSpec("deck"),)


def test_a_system_without_declarations_still_describes():
    text = describe_text(_Bare)
    assert "Phases and steps:\n  (none declared)" in text
    assert "Event kinds:\n  moved" in text                 # the host's events are always there
    assert set(_Bare.all_event_kinds()) == set(HOST_EVENT_KINDS)
    assert _Bare.phase_names() == () and _Bare.step_names() == ()
