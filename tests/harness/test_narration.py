"""Narration: every event of a seeded game of every installed system is told in that game's words,
as the chosen viewer may see it, and narrating a game does not change it."""
from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from rulestack import Game, hookimpl
from rulestack.cli import main
from rulestack.narrate import LiveNarrator, explain, narrate, printable
from rulestack.system import available_systems, find_system

#: A raw field of an event (``card=32``) or a repr leaking into a line.
RAW = re.compile(r"\b(card|item|effect|target|source|player|code)=|\{'|\[\[")
GOLDEN = Path(__file__).resolve().parents[1] / "golden"

#: Every installed system (digimon and pmv too, once merged) and the host's test system.
SYSTEMS = sorted(set(available_systems()) | {"tiny"})
VIEWS = (None, 0, 1, "omniscient")


class _Who:
    """Notes, as each event happens, who narrated it (the system, the host, or nobody: ``raw``)."""

    def __init__(self) -> None:
        self.by: list[tuple[object, str, str | None]] = []

    @hookimpl
    def on_event(self, game, event):
        said, by = explain(game, event, None, omniscient=True)
        self.by.append((event, by, said))


def _play(system: str, seed: int, views=VIEWS, *extra) -> tuple[Game, LiveNarrator]:
    narrator = LiveNarrator(views)
    game = Game(system, list(find_system(system).sample_decks), seed=seed, plugins=[narrator, *extra])
    game.play()
    return game, narrator


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_event_of_a_seeded_game_is_narrated_without_raw_fields(system, seed):
    who = _Who()
    game, narrator = _play(system, seed, VIEWS, who)
    try:
        kinds = {ev.kind for ev in game.state.log}
        for ev, lines in narrator.entries():
            for view, line in zip(VIEWS, lines):
                assert line is None or not RAW.search(line), f"{system}: raw field in {line!r} for {ev}"
        for ev, by, said in who.by:
            assert by != "raw", f"{system}: event kind {ev.kind!r} has no narration: {said}"
        assert len(who.by) >= len(game.state.log) and len(narrator.lines("omniscient")) > 20 and len(kinds) > 5
        assert narrator.lines("omniscient")[-1] == who.by[-1][2]
        assert "wins the game" in narrator.lines(None)[-1] or "draw" in narrator.lines(None)[-1]
    finally:
        game.close()


@pytest.mark.parametrize("system", ["mtg", "yugioh", "onepiece"])
def test_narrating_a_game_live_leaves_it_byte_for_byte_the_golden_game(system):
    game, narrator = _play(system, 3)
    try:
        golden = gzip.decompress((GOLDEN / system / "seed-03.jsonl.gz").read_bytes()).decode()
        assert game.event_log_json() == golden
        assert len(narrator.entries()) == len(game.state.log)
    finally:
        game.close()


def test_a_spectator_sees_no_hidden_card_a_player_sees_their_own_and_omniscience_sees_all():
    game, narrator = _play("yugioh", 1)
    try:
        spectator, p0, everything = narrator.lines(None), narrator.lines(0), narrator.lines("omniscient")
        assert "P0 draws a card" in spectator and "P1 draws a card" in spectator
        assert "P0 draws Luster Dragon" in p0 and "P0 draws Luster Dragon" not in spectator
        assert "P1 draws a card" in p0                                        # the opponent's hand stays hidden
        assert "P0 draws Luster Dragon" in everything and "P1 draws Dust Tornado" in everything
        # Hane-Hane was Set face down when Marshmallon attacked it: judged at the moment of the attack.
        assert "P1's Marshmallon attacks P0's face-down monster" in spectator
        assert "P1's Marshmallon attacks P0's Hane-Hane" in everything
        assert "P0 Sets a monster" in spectator and "P0 Sets a monster (Hane-Hane)" in p0
        for line in spectator:
            assert "Hane-Hane" not in line or not line.startswith("P0 Sets")
    finally:
        game.close()


def test_lines_name_the_player_first_the_targets_and_the_owner_the_event_is_about():
    game, narrator = _play("mtg", 1)
    try:
        lines = narrator.lines(None)
        assert "P0 casts Swords to Plowshares targeting Goblin Guide" in lines
        assert "Swords to Plowshares exiles P1's Goblin Guide" in lines          # P1's card, P0's spell
        assert "P1: 20 → 22 life (Swords to Plowshares)" in lines
        assert "P1 casts Shock targeting P0" in lines
        assert "Shock deals 2 damage to P0: 20 → 18 life" in lines
        assert "Grateful Apparition gets +3/+0 until end of turn (Brute Force)" in lines
        assert "P0's Glory Seeker blocks P1's Raging Goblin" in lines
        assert "P0's Luminarch Aspirant dies (lethal damage, 704.5g)" in lines
        assert "--- turn 2: P1 ---" in lines and "· Declare attackers step" in lines
        assert "P1 taps Mountain for Goblin Guide" in lines
    finally:
        game.close()


def test_one_piece_battles_counters_and_life_are_told():
    game, narrator = _play("onepiece", 1)
    try:
        lines = narrator.lines(None)
        assert "P0's Monkey.D.Luffy attacks P1's Sakazuki" in lines
        assert "P1 trashes Fullbody for its Counter +1000" in lines
        assert "Monkey.D.Luffy (5000 power) loses the battle against P1's Sakazuki (6000 power)" in lines
        assert "P0's Karoo is K.O.'d by Jango" in lines
        assert "P0 takes a card from their Life into their hand" in lines        # hidden from a spectator
        assert any(x.startswith("P0 takes Nico Robin from their Life") for x in narrator.lines(0)) or \
            "P0 takes a card from their Life into their hand" in narrator.lines(0)
    finally:
        game.close()


class _Loud:
    """A house-rule plugin that narrates draws its own way and silences shuffles."""

    @hookimpl(tryfirst=True)
    def narrate_event(self, game, event, viewer):
        if event.kind == "shuffled":
            return ""
        if event.kind == "drew":
            return "a card is drawn"
        return None


def test_a_plugin_answers_first_and_an_empty_line_is_silence():
    narrator, who = LiveNarrator([None]), _Who()
    game = Game("tiny", ["alpha", "beta"], seed=2, plugins=[_Loud(), narrator, who])
    try:
        game.play()
        shuffles = [(said, by) for ev, by, said in who.by if ev.kind == "shuffled"]
        assert shuffles and all(said is None and by == "system" for said, by in shuffles)
        assert "a card is drawn" in narrator.lines(None)
        assert not any("shuffle" in line for line in narrator.lines(None))
    finally:
        game.close()


def test_names_from_card_files_are_printed_without_control_characters(tmp_path):
    cards = tmp_path / "evil.yaml"
    cards.write_text('- {code: E01, name: "Evil\\e[2J\\nGrunt\\u202e", type: unit, cost: 1, power: 1, toughness: 1}\n')
    game = Game.empty("tiny", cards=[str(cards)])
    try:
        card = game.create_card("E01", 0, "hand")
        game.move(card, "field", 0, by=0)
        line = narrate(game, game.state.log[-1])
        assert line is not None and "\x1b" not in line and "\n" not in line and "\u202e" not in line
        assert "Evil\\x1b[2J\\x0aGrunt\\u202e" in line
    finally:
        game.close()
    assert printable("a\tb\x07") == "a\\x09b\\x07"


def test_play_shows_a_spectators_view_by_default_and_the_other_views_on_request(capsys):
    assert main(["play", "yugioh", "--seed", "1"]) == 0
    spectator = capsys.readouterr().out
    assert main(["play", "yugioh", "--seed", "1", "--view", "0"]) == 0
    p0 = capsys.readouterr().out
    assert main(["play", "yugioh", "--seed", "1", "--omniscient"]) == 0
    everything = capsys.readouterr().out
    assert main(["play", "yugioh", "--seed", "1", "--events"]) == 0
    events = capsys.readouterr().out
    assert "P0 draws Luster Dragon" not in spectator and "P0 draws Luster Dragon" in p0
    assert "P1 draws Dust Tornado" not in p0 and "P1 draws Dust Tornado" in everything
    assert "#1 shuffled [rule] player=0 zone=deck" in events and "chain_link" in events
    for out in (spectator, p0, everything, events):
        assert out.rstrip().splitlines()[-1].startswith("result: P1 (classic_b) won")
    assert main(["play", "yugioh", "--view", "5"]) == 2
