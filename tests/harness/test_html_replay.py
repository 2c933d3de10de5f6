"""``rulestack replay FILE --html OUT``: one self-contained page with the board step by step and the
narrated log in every view (checked here without a browser; test_viewer_browser.py opens it in one)."""
from __future__ import annotations

import re

import pytest

from rulestack import Game
from rulestack.cli import main
from rulestack.harness.html_replay import BoardRecorder, embedded_data, render_html, view_lines, write_html
from rulestack.system import available_systems, register_system

from tinygame.system import TinyGame


def _page(tmp_path, capsys, system: str, seed: int) -> tuple[str, dict]:
    rec, out = tmp_path / f"{system}.json", tmp_path / f"{system}.html"
    assert main(["play", system, "--seed", str(seed), "--quiet", "--replay", str(rec)]) == 0
    assert main(["replay", str(rec), "--html", str(out)]) == 0
    said = capsys.readouterr()
    assert "replay viewer written to" in said.err and "verified: all" in said.out
    html = out.read_text(encoding="utf-8")
    return html, embedded_data(html)


def _play_lines(capsys, system: str, seed: int, *flags: str) -> list[str]:
    assert main(["play", system, "--seed", str(seed), *flags]) == 0
    return capsys.readouterr().out.rstrip("\n").splitlines()[:-1]      # without the result line


@pytest.mark.parametrize("system", sorted(set(available_systems()) | {"tiny"}))
def test_the_page_is_self_contained_and_holds_every_event(tmp_path, capsys, system):
    html, data = _page(tmp_path, capsys, system, 2)
    assert not re.search(r"https?:|//[a-z0-9.-]+\.[a-z]{2,}/", html, re.I)        # no address to fetch
    assert not re.search(r"<script[^>]*\bsrc=|<link\b|@import|url\(|<iframe|<img\b", html, re.I)
    assert html.count("<script") == 2 and "Content-Security-Policy" in html and "default-src 'none'" in html
    assert data["system"] == system and len(data["players"]) == 2
    steps = [s for s in data["steps"] if s["seq"] is not None]      # the others: passes, turn 1's header
    assert [s["seq"] for s in steps] == list(range(1, len(steps) + 1))
    assert len(steps) > 100 and data["result"] is not None
    assert {s["kind"] for s in data["steps"] if s["seq"] is None} <= {"decision", "turn_header"}
    assert steps[-1]["kind"] == "game_over"


def test_each_view_shows_the_events_that_view_may_see(tmp_path, capsys):
    html, data = _page(tmp_path, capsys, "yugioh", 1)
    assert view_lines(data, None) == _play_lines(capsys, "yugioh", 1)
    assert view_lines(data, 0) == _play_lines(capsys, "yugioh", 1, "--view", "0")
    assert view_lines(data, 1) == _play_lines(capsys, "yugioh", 1, "--view", "1")
    assert view_lines(data, "omniscient") == _play_lines(capsys, "yugioh", 1, "--omniscient")
    assert "P0 draws Luster Dragon" in view_lines(data, 0) and "P0 draws Luster Dragon" not in view_lines(data, None)


def test_the_board_says_who_may_see_each_card_at_each_step(tmp_path, capsys):
    _, data = _page(tmp_path, capsys, "yugioh", 1)
    cards = dict(data["initial"]["cards"])
    assert all(c["seen"] == [] for c in cards.values() if c["z"].startswith("deck/"))
    set_monster = None
    for step in data["steps"]:
        cards.update(step.get("c", {}))
        for cid, c in step.get("c", {}).items():
            if c["z"].startswith("hand/"):
                assert c["seen"] == [int(c["z"].split("/")[1])], (step["seq"], cid, c)
            if c["z"].startswith("monster/") and not c["up"] and set_monster is None:
                set_monster = (cid, c)
    assert set_monster is not None
    cid, c = set_monster
    owner = int(c["z"].split("/")[1])
    assert c["seen"] == [owner] and data["cards"][cid]["name"]          # face-down: only its controller sees it


class LaidOutTiny(TinyGame):
    """Tiny with a layout hint, as a third-party system may give one."""
    name = "tiny_laid_out"
    board_layout = {"rows": [["hand"], ["field"], ["deck", "discard"]], "shared": ["stack"]}


def test_a_system_without_code_of_its_own_gets_a_page_and_a_layout_hint_is_passed_on(tmp_path):
    register_system(LaidOutTiny)
    recorder = BoardRecorder()
    game = Game("tiny_laid_out", ["alpha", "beta"], seed=5, plugins=[recorder])
    try:
        game.play()
        page = write_html(recorder, tmp_path / "tiny.html")
    finally:
        game.close()
    data = embedded_data(page.read_text(encoding="utf-8"))
    assert data["layout"] == LaidOutTiny.board_layout
    assert {z["name"] for z in data["zones"]} == {"deck", "hand", "field", "discard", "stack"}
    assert len([s for s in data["steps"] if s["seq"] is not None]) == len(game.state.log)


def test_text_from_card_files_cannot_break_out_of_the_page(tmp_path):
    cards = tmp_path / "evil.yaml"
    cards.write_text('- {code: E01, name: "</script><script>alert(1)</script>", type: unit, cost: 1, power: 1, '
                     'toughness: 1, text: "<img src=x onerror=alert(2)> & \\u2028"}\n')
    recorder = BoardRecorder()
    game = Game.empty("tiny", cards=[str(cards)], plugins=[recorder])
    try:
        card = game.create_card("E01", 0, "hand")
        game.move(card, "field", 0, by=0)
        html = render_html(recorder.data(title="<b>evil</b>"))
    finally:
        game.close()
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>evil" not in html
    assert html.count("</script>") == 2
    data = embedded_data(html)
    assert data["cards"][str(card.id)]["name"] == "</script><script>alert(1)</script>"
    assert data["steps"][-1]["lines"][0].startswith("P0's </script>")
