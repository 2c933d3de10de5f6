"""The documentation stays true: the Lua API reference is the code's, the guide's examples are
the example folder's files, the reference's example scenario passes, and every command line the
docs show is one the ``rulestack`` command accepts."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rulestack.cli import build_parser, main
from rulestack.context import HOST_METHODS
from rulestack.harness.apidoc import host_reference, lua_signature
from rulestack.testing import parse_scenario_text, run_scenario

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def test_the_lua_api_reference_is_generated_from_the_code():
    assert (DOCS / "lua-api.md").read_text(encoding="utf-8") == host_reference(), \
        "docs/lua-api.md is stale: run `rulestack lua-api --write docs/lua-api.md`"


def test_every_host_method_is_in_the_reference_with_its_signature():
    text = (DOCS / "lua-api.md").read_text(encoding="utf-8")
    for name, fn in HOST_METHODS.items():
        assert f"### `{name}`" in text
        assert f"`{lua_signature(name, fn)}`" in text
    assert lua_signature("move", HOST_METHODS["move"]) == "ctx:move(card_id, zone [, opts = nil])"


def test_a_systems_own_words_are_documented_on_demand(capsys):
    assert main(["lua-api", "tiny"]) == 0
    out = capsys.readouterr().out
    assert "`ctx:damage(target, amount)`" in out and "Deal damage to a unit" in out
    assert '`ctx:draw([n = 1] [, who = "you"])`' in out


def _examples(page: str) -> list[tuple[str, str]]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(r"<!-- example: (\S+) -->\n```\w*\n(.*?)```", text, re.S)


def test_the_guides_examples_are_the_example_folders_files():
    examples = _examples("modding.md")
    assert {Path(p).name for p, _ in examples} == {"cards.yaml", "ember_imp.lua", "ember_imp.scenario.yaml",
                                                    "imps.yaml"}
    for path, block in examples:
        assert (ROOT / path).read_text(encoding="utf-8") == block, f"docs/modding.md shows an old {path}"


def test_the_references_example_scenario_passes():
    text = (DOCS / "scenario-files.md").read_text(encoding="utf-8")
    [block] = re.findall(r"<!-- scenario: tiny -->\n```yaml\n(.*?)```", text, re.S)
    for spec in parse_scenario_text(block, "docs/scenario-files.md"):
        outcome = run_scenario(spec)
        assert outcome.passed, outcome.report()


def _command_lines() -> list[tuple[str, str]]:
    out = []
    for page in sorted(DOCS.glob("*.md")):
        for block in re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            for line in block.splitlines():
                line = line.removeprefix("$ ").strip()
                if line.startswith("rulestack "):
                    out.append((page.name, line))
    return out


@pytest.mark.parametrize("page, line", _command_lines())
def test_every_command_in_the_docs_is_accepted(page, line):
    args = shlex.split(line, comments=True)[1:]
    try:
        build_parser().parse_args(args)
    except SystemExit as e:
        pytest.fail(f"{page}: `{line}` is not a valid command (exit {e.code})")
