"""``rulestack describe``: a system's reference from its own data, and docs/systems/<name>.md kept current."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rulestack import Game, GameSystem, ZoneSpec
from rulestack.cli import main
from rulestack.harness.describe import describe_markdown, describe_text, undocumented
from rulestack.system import HOST_EVENT_KINDS, CardStat, find_system

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ("mtg", "yugioh", "onepiece", "digimon", "pmv")
#: The systems pinned by golden logs (tests/golden); the others are checked on games played here.
GOLDEN = ("mtg", "yugioh", "onepiece")
PLAYED_SEEDS = range(6)


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


def _played_events(name: str):
    """The events of seeded games between the system's sample decks, played now."""
    for seed in PLAYED_SEEDS:
        game = Game(name, list(find_system(name).sample_decks), seed=seed)
        try:
            game.play()
            log = game.event_log_json()
        finally:
            game.close()
        for line in log.splitlines():
            if line.strip():
                yield json.loads(line)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_event_phase_and_step_of_the_golden_games_is_declared(name):
    """The declarations are complete: every kind of event that seeded games recorded (the 20 golden
    games, or games played here for a system without golden logs), and every phase and step they
    entered, is in the system's reference (with the fields it carried)."""
    system = find_system(name)
    kinds = system.all_event_kinds()
    phases = set(system.phase_names())
    undeclared, fields_missing, bad_phases = set(), set(), set()
    events = list(_golden_events(name) if name in GOLDEN else _played_events(name))
    assert len({ev["kind"] for ev in events}) > 15, f"too few seeded games of {name} to check its reference"
    for ev in events:
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


@pytest.mark.parametrize("name", ["digimon", "pmv"])
def test_the_bundled_cards_use_only_declared_events_phases_and_steps(name):
    """Declaring a reference turns on ``rulestack check``'s name checks (trigger events and keys,
    phases, steps): every bundled card of the system passes them."""
    assert main(["check", str(ROOT / "card_scripts" / name)]) == 0


def test_check_reads_step_as_a_turn_step_only_on_phase_events(tmp_path, capsys):
    """PMV's ``near_death_step`` has a ``step`` field of its own (9.2.3.a-d); a trigger on the
    ``phase`` event still has its ``step`` checked against the turn's steps."""
    (tmp_path / "cards.yaml").write_text(
        "- {code: t1, name: Near, type: character, nodes: 0, cost: 1, attack: 1, durability: 1, script: t1.lua}\n"
        "- {code: t2, name: Phased, type: character, nodes: 0, cost: 1, attack: 1, durability: 1, script: t2.lua}\n",
        encoding="utf-8")
    body = ('return {{ abilities = {{ {{ kind = "auto_gamma", trigger = {{ on = "{on}", step = "{step}" }}, '
            'resolve = function(ctx) end }} }} }}\n')
    (tmp_path / "t1.lua").write_text(body.format(on="near_death_step", step="would"), encoding="utf-8")
    (tmp_path / "t2.lua").write_text(body.format(on="phase", step="would"), encoding="utf-8")
    assert main(["check", str(tmp_path), "--system", "pmv"]) == 1
    out = capsys.readouterr().out
    assert "t2.lua" in out and "unknown step 'would'" in out
    assert "t1.lua" not in out


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


def test_describe_shows_how_yugiohs_events_count_in_the_card_figures(capsys):
    """The section lists the system's card_stats rules, then the host's, in the order simulate tries
    them: a Flip Summon is left out before a Summon counts as played."""
    assert main(["describe", "yugioh"]) == 0
    out = capsys.readouterr().out
    section = out.split("Card figures of a simulation:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    rows = [" ".join(line.split()) for line in section]
    assert rows == [
        "moved (how = drawn) counts as drawn [system]",
        "summoned (how = flip) not counted [system]",
        "summoned counts as played [system]",
        "monster_set counts as played [system]",
        "activated (card_activation = true) counts as played [host]",
        "activated counts as activated (as triggered, if its ability kind is a triggered one) [host]",
    ]


class _Counted(GameSystem):
    """A third-party system counting its own events, one of them by another field than ``card``."""

    name = "counted"
    zones = (ZoneSpec("deck"), ZoneSpec("hand"))
    card_stats = (CardStat("moved", "drawn", when={"to": "hand", "how": ("drawn", "searched")}),
                  CardStat("equipped", "played", card="equipment"),
                  CardStat("activated", None, when={"card_activation": True}))


def test_card_figures_of_a_third_party_system_show_its_fields_and_values():
    text = describe_text(_Counted)
    section = text.split("Card figures of a simulation:\n", 1)[1].split("\n\n", 1)[0]
    rows = [" ".join(line.split()) for line in section.splitlines()]
    assert rows == [
        "moved (to = hand, how = drawn or searched) counts as drawn [system]",
        "equipped counts as played [system; the card is field `equipment`]",
        "activated (card_activation = true) not counted [system]",
        "activated (card_activation = true) counts as played [host]",
        "activated counts as activated (as triggered, if its ability kind is a triggered one) [host]",
    ]
    page = describe_markdown(_Counted)
    assert "## Card figures of a simulation" in page
    assert "| `equipped` | counts as played | system; the card is field `equipment` |" in page


def test_a_system_without_card_stats_lists_only_the_hosts_rules():
    text = describe_text(_Bare)
    assert ("Card figures of a simulation:\n  activated (card_activation = true)  counts as played  [host]\n"
            "  activated") in text
