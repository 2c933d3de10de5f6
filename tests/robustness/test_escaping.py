"""Every output is escaped (issue 16, item 9): control characters from scripts and card files
never reach a terminal or an error message as such."""
from __future__ import annotations

import io
import json

import pytest
from pathlib import Path

from rulestack import Deck, Game, ScriptError, register_system
from rulestack.harness.replay import Replay, replay_game
from rulestack.escape import escape_lines, escape_text
from rulestack.harness.terminal import HumanAgent, render_decision

from .hostile import HostileTiny
from .test_attacks import Arena

HERE = Path(__file__).resolve().parent

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


# -- files: the event log's JSON, replays, the HTML viewer (issue 16 item 9) ---------------------------

#: What JSON leaves raw but a terminal, an editor or a browser acts on: C1 controls (CSI 0x9b),
#: DEL, bidi embeddings/overrides/isolates, line and paragraph separators, the BOM.
DISPLAY_CONTROLS = "\x9b\x85\x7f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029\ufeff\u200f"
HOSTILE_NAME = "</script><script>alert(1)</script><img src=x onerror=alert(2)>\u202eevil\x9b2J\u2028"
HOSTILE_LOG = "\x1b[2J</script><b onmouseover=alert(3)>\u2066P1 wins\u2069\x85\nP0 loses"


def _raw_controls(text: str) -> set[str]:
    return {ch for ch in text if ch in DISPLAY_CONTROLS or (ord(ch) < 0x20 and ch not in "\n")}


def test_an_events_json_escapes_what_json_leaves_raw():
    from rulestack.events import Event
    ev = Event(1, "script_log", "effect", 3, 0, {"message": "a" + DISPLAY_CONTROLS + "\x1b b", "name": "Ève 日本"})
    text = ev.to_json()
    assert not _raw_controls(text), repr(text)
    assert json.loads(text)["message"] == "a" + DISPLAY_CONTROLS + "\x1b b"     # the same data once parsed
    assert "Ève 日本" in text                                                    # printable text stays as it is


class EvilNames(HostileTiny):
    """Hostile Tiny plus X01, whose name is markup and display controls and whose script logs more
    (tests/robustness/evil_names)."""

    name = "evil-names"

    @classmethod
    def card_files(cls):
        return HostileTiny.card_files() + [HERE / "evil_names" / "cards.yaml"]


register_system(EvilNames)


def _hostile_game():
    deck = Deck(name="evil\x1b[2J\nP1 wins the game", sections={"main": ("X01",) * 12 + ("T01",) * 8})
    for seed in range(1, 30):
        game = Game("evil-names", [deck, "beta"], seed=seed)
        game.play()
        if any(e.kind == "script_log" for e in game.events):
            return game
        game.close()
    raise AssertionError("no seed played the hostile card")


def test_a_replay_file_and_the_event_log_carry_no_raw_display_controls(tmp_path):
    game = _hostile_game()
    try:
        log = game.event_log_json()
        assert not _raw_controls(log)
        assert any(json.loads(line).get("message") == HOSTILE_LOG for line in log.splitlines())
        path = Replay.from_game(game).save(tmp_path / "evil.replay.json")
    finally:
        game.close()
    text = path.read_text(encoding="utf-8")
    assert not _raw_controls(text.replace("\n", "")), sorted(map(hex, map(ord, _raw_controls(text))))
    check = replay_game(Replay.load(path), keep_game=False)
    assert check.ok, check.report()
    report = check.report()
    assert "\x1b" not in report and "evil\\x1b[2J\\nP1 wins the game" in report
    assert not any(line.startswith("P1 wins") for line in report.splitlines())


def test_the_html_viewer_never_turns_a_card_name_or_log_line_into_markup(tmp_path):
    """A hostile card name, card text and script log line written into a replay: the generated page
    has only its own two script elements, no markup of the card's, no raw display control, and the
    embedded data still holds the exact name (the page shows it as text)."""
    from rulestack.harness.html_replay import embedded_data, replay_to_html
    game = _hostile_game()
    try:
        path = Replay.from_game(game).save(tmp_path / "evil.replay.json")
    finally:
        game.close()
    check, page = replay_to_html(path, tmp_path / "evil.html")
    assert check.ok and page is not None
    html = page.read_text(encoding="utf-8")
    assert html.count("<script") == 2 and html.count("</script>") == 2
    assert "<img" not in html and "<iframe" not in html and "<b onmouseover" not in html
    assert "alert(" not in html.split('id="replay-data">')[0]        # nothing of the card's before the data
    assert not _raw_controls(html.replace("\n", ""))
    data = embedded_data(html)
    assert HOSTILE_NAME in json.dumps(data, ensure_ascii=False)       # the exact name, as data
    # The page's own code puts text into the page as text, never as markup.
    script = html.split("<script>")[-1] if "<script>" in html else html
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in script, sink
