"""Replays: recording a game, verifying it, and finding the first event that differs when a
card's script changed."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import attrs
import pytest

from rulestack import DataError, Game, register_system
from rulestack.cli import main
from rulestack.harness.replay import Replay, first_difference, replay_game, verify_replay
from rulestack.pool import CardPool

TINY = Path(__file__).resolve().parents[1] / "tinygame"


def test_play_records_and_replay_verifies(tmp_path, capsys):
    path = tmp_path / "game.replay.json"
    assert main(["play", "tiny", "--seed", "3", "--quiet", "--replay", str(path)]) == 0
    assert "replay written to" in capsys.readouterr().err
    data = json.loads(path.read_text())
    assert data["format"] == "rulestack-replay" and data["system"] == "tiny" and data["system_version"] == "1.0"
    assert data["seed"] == 3 and [d["name"] for d in data["decks"]] == ["alpha", "beta"]
    assert set(data["cards"]) >= set(data["decks"][0]["sections"]["main"])      # a digest per card used
    assert data["decisions"] and data["result"]["winners"] and len(data["final_digest"]) == 64
    assert len(data["events"]) > 50
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "verified: all" in out and "final state digest match" in out


def test_a_compressed_replay_is_read_the_same(tmp_path):
    game = Game("tiny", ["beta", "alpha"], seed=8)
    game.play()
    path = Replay.from_game(game).save(tmp_path / "g.replay.json.gz")
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    check = verify_replay(path)
    assert check.ok, check.report()
    assert check.digest == Replay.load(path).digest


class TinyCopy:
    """Builds a copy of the Tiny system whose cards live in a folder we may edit."""

    @staticmethod
    def make(root: Path):
        from tinygame.system import TinyGame
        shutil.copytree(TINY / "cards", root / "cards")
        shutil.copytree(TINY / "decks", root / "decks")

        class TinyCopyGame(TinyGame):
            name = "tinycopy"

            @classmethod
            def card_root(cls) -> Path:
                return root

        register_system(TinyCopyGame)
        return TinyCopyGame


def _first_spark_damage(events, spark_ids):
    for i, ev in enumerate(events):
        if ev["kind"] == "status" and ev.get("key") == "damage" and ev.get("source") in spark_ids:
            return i
    return None


def test_an_edited_script_is_reported_with_the_first_event_that_differs(tmp_path, capsys):
    system = TinyCopy.make(tmp_path / "cards-root")
    path = tmp_path / "g.replay.json"
    for seed in range(40):                       # a game in which a Spark resolves on a unit
        game = Game(system, ["alpha", "beta"], seed=seed)
        game.play()
        rec = Replay.from_game(game)
        sparks = {c.id for c in game.state.cards.values() if c.code == "T03"}
        index = _first_spark_damage(rec.events, sparks)
        game.close()
        if index is not None:
            break
    assert index is not None
    rec.save(path)
    script = tmp_path / "cards-root" / "cards" / "spark.lua"
    script.write_text(script.read_text().replace("ctx:damage(t, 1)", "ctx:damage(t, 2)"))
    _forget_pool(system)                # a new process would read the edited script
    check = verify_replay(path)
    assert not check.ok
    assert check.difference is not None and check.difference.index == index
    assert check.difference.recorded["value"] + 1 == check.difference.replayed["value"]
    report = check.report()
    assert "changed since the recording: Spark (T03): its data or script changed" in report
    assert f"the game differs from the recording at event {index + 1}" in report
    assert "recorded: #" in report and "replayed: #" in report
    check.game.close()
    assert main(["replay", str(path)]) == 1
    assert f"at event {index + 1}" in capsys.readouterr().out


def _forget_pool(system) -> None:
    from rulestack.pool import CardPool
    CardPool.forget(system)


def _gadget_deck(tmp_path: Path) -> Path:
    deck = tmp_path / "gadgets.yaml"
    deck.write_text("name: gadgets\nmain:\n  - 6 Faulty Gadget\n  - 6 Grunt\n  - 4 Brute\n  - 4 Spark\n")
    return deck


def test_a_failed_game_leaves_a_replay_that_reproduces_the_failure(tmp_path, capsys):
    path = tmp_path / "failed.replay.json"
    assert main(["play", "tiny", "--deck", str(_gadget_deck(tmp_path)), "--deck", "beta", "--seed", "1",
                 "--quiet", "--replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "faulty_gadget.lua:6" in err and "replay written to" in err
    data = json.loads(path.read_text())
    assert "faulty_gadget.lua:6" in data["error"] and data["result"] is None
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "verified" in out and "the recorded failure reproduces" in out and "faulty_gadget.lua:6" in out


def test_a_recording_missing_answers_is_reported(tmp_path):
    game = Game("tiny", ["alpha", "beta"], seed=5)
    game.play()
    short = attrs.evolve(Replay.from_game(game), decisions=game.decisions[:10])
    check = replay_game(short)
    assert not check.ok
    assert "no answer left for decision 11" in check.report()
    assert check.difference is not None


def test_first_difference():
    a = [{"seq": 1, "kind": "x"}, {"seq": 2, "kind": "y"}]
    assert first_difference(a, list(a)) is None
    assert first_difference(a, a[:1]).index == 1
    assert first_difference(a, [a[0], {"seq": 2, "kind": "z"}]).replayed == {"seq": 2, "kind": "z"}


@pytest.mark.parametrize("content, message", [
    ("{not json", "not a JSON replay"),
    ('{"format": "something else"}', 'format: not a rulestack replay'),
    ('{"format": "rulestack-replay", "format_version": 99}', "format_version: replay format version 99"),
    ('{"format": "rulestack-replay", "format_version": 1, "system": "tiny", "seed": "x", "decks": [], '
     '"decisions": []}', "seed: expected an integer seed"),
])
def test_malformed_replay_files_are_clear_errors(tmp_path, capsys, content, message):
    path = tmp_path / "bad.replay.json"
    path.write_text(content)
    with pytest.raises(DataError, match=message):
        Replay.load(path)
    assert main(["replay", str(path)]) == 2
    assert message in capsys.readouterr().err


# -- portable replays: card data by content ---------------------------------------------------------------
def _mod_folder(root: Path) -> Path:
    """A modder's folder: one card with a script, and a deck that plays it."""
    root.mkdir(parents=True)
    (root / "cards.yaml").write_text(
        "- {code: M01, name: Ember Imp, type: unit, cost: 2, power: 1, toughness: 1, script: ember_imp.lua}\n")
    (root / "ember_imp.lua").write_text(
        "-- Ember Imp: when it is played, it deals 1 damage to the opponent.\n"
        "return {\n  abilities = {\n    { kind = 'when', trigger = { on = 'played', self = true },\n"
        "      resolve = function(ctx) ctx:damage('opponent', 1) end },\n  },\n}\n")
    (root / "decks").mkdir()
    (root / "decks" / "imps.yaml").write_text(
        "name: imps\nmain:\n  - 6 Ember Imp\n  - 6 Grunt\n  - 4 Brute\n  - 4 Spark\n")
    return root


def _record(folder: Path, replay: Path, capsys) -> None:
    assert main(["play", "tiny", "--cards", str(folder), "--deck", str(folder / "decks" / "imps.yaml"),
                 "--deck", "beta", "--seed", "2", "--quiet", "--replay", str(replay)]) == 0
    capsys.readouterr()
    data = json.loads(replay.read_text())
    assert data["card_data"] == [{"file": "cards.yaml", "text": (folder / "cards.yaml").read_text(),
                                  "scripts": {"ember_imp.lua": (folder / "ember_imp.lua").read_text()}}]
    assert any(e.get("code") == "M01" for e in data["events"])          # the imp was in the game


def test_a_replay_in_the_mod_folder_replays_after_the_folder_moved(tmp_path, capsys):
    folder = _mod_folder(tmp_path / "before" / "my-cards")
    _record(folder, folder / "imp-game.json", capsys)
    moved = tmp_path / "after" / "renamed-cards"
    shutil.move(str(folder.parent), str(tmp_path / "after"))
    (tmp_path / "after" / "my-cards").rename(moved)
    assert main(["replay", str(moved / "imp-game.json")]) == 0
    out = capsys.readouterr().out
    assert "note: card data found beside the replay file (moved since the recording)" in out
    assert "verified: all" in out
    (moved / "ember_imp.lua").write_text((moved / "ember_imp.lua").read_text().replace("1)", "2)"))
    CardPool.forget()                                                   # as a new `rulestack replay` would
    assert main(["replay", str(moved / "imp-game.json")]) == 1          # the moved files are the ones read
    assert "Ember Imp (M01): its data or script changed" in capsys.readouterr().out


def test_a_replay_elsewhere_uses_its_own_copy_or_the_cards_given(tmp_path, capsys):
    folder = _mod_folder(tmp_path / "my-cards")
    replay = tmp_path / "replays" / "imp-game.json.gz"
    assert main(["play", "tiny", "--cards", str(folder), "--deck", str(folder / "decks" / "imps.yaml"),
                 "--deck", "beta", "--seed", "2", "--quiet", "--replay", str(replay)]) == 0
    capsys.readouterr()
    shutil.move(str(folder), str(tmp_path / "elsewhere"))
    assert main(["replay", str(replay)]) == 0
    out = capsys.readouterr().out
    assert f"note: card data taken from the copy in the replay: {folder / 'cards.yaml'} no longer exist(s)" in out
    assert "verified: all" in out
    assert main(["replay", str(replay), "--cards", str(tmp_path / "elsewhere")]) == 0
    out = capsys.readouterr().out
    assert f"note: card data from {tmp_path / 'elsewhere'}" in out and "verified: all" in out


def test_a_replay_whose_cards_are_gone_says_to_give_their_place(tmp_path, capsys):
    folder = _mod_folder(tmp_path / "my-cards")
    path = tmp_path / "imp-game.json"
    _record(folder, path, capsys)
    data = json.loads(path.read_text())
    data["card_data"] = []                       # an old replay, without a copy
    path.write_text(json.dumps(data))
    shutil.rmtree(folder)
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert (f"the replay's card data is gone ({folder / 'cards.yaml'}) and the replay carries no copy; give its new "
            "place with --cards PATH") in out
