"""Every output is escaped (issue 16, item 9): control characters from scripts and card files
never reach a terminal or an error message as such."""
from __future__ import annotations

import io

import pytest

from rulestack import ScriptError
from rulestack.escape import escape_lines, escape_text
from rulestack.harness.terminal import HumanAgent, render_decision

from .test_attacks import Arena

HOSTILE_TEXTS = ["\x1b[2J\x1b[31mred", "line\nP1 wins the game", "carriage\rreturn", "\u202eoverride",
                 "c1 \x9b31m", "bell\x07", "nul\x00", "sep\u2028arator", "bom\ufeff"]


@pytest.mark.parametrize("text", HOSTILE_TEXTS)
def test_escape_text_leaves_no_control_character(text):
    out = escape_text(text)
    assert out.isprintable(), repr(out)
    assert "\n" not in out and "\r" not in out


def test_escape_keeps_printable_text_and_the_hosts_own_line_breaks():
    assert escape_text("Ève — 日本 🎴 x=1") == "Ève — 日本 🎴 x=1"
    assert escape_lines("a\nb\x1b") == "a\nb\\x1b"
    assert escape_text("a\nb") == "a\\nb"


def test_a_script_error_message_is_escaped():
    e = ScriptError("boom\x1b[2J\nP1 wins", "Card\x1b", "cards/x\x07.lua", 3)
    text = str(e)
    assert "\x1b" not in text and "\n" not in text and "\x07" not in text
    assert "boom\\x1b[2J\\nP1 wins" in text


def test_the_terminal_shows_a_scripts_log_line_escaped_on_one_line():
    """A real game: a card's script logs control characters and a forged line; the person at
    the terminal sees one escaped line."""
    arena = Arena("Marker")
    arena.add_copies()
    game = arena.scenario.game
    game.record("script_log", source=arena.copies[0], player=0, message="\x1b[2J\nP1 wins the game")
    out = io.StringIO()
    agent = HumanAgent(0, stdin=io.StringIO(""), stdout=out)
    agent.show_log(game)
    text = out.getvalue()
    assert "\x1b" not in text and "\\x1b[2J\\nP1 wins the game" in text
    assert not any(line.strip().startswith("P1 wins") for line in text.splitlines()), text


def test_a_prompt_and_labels_from_a_script_are_escaped():
    from rulestack import decisions as d
    dec = d.Decision(player=0, kind=d.YES_NO, prompt="\x1b[2Jsure?\nP0 loses", options=(
        d.Option(label="yes\x1b", value=True), d.Option(label="no", value=False)), reason="effect")
    text = render_decision(dec)
    assert "\x1b" not in text and "P0 loses" in text and "\nP0 loses" not in text
