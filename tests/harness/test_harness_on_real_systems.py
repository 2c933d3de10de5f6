"""The harness on the bundled systems (skipped for a system that does not load yet): a recorded
game verifies, simulations are the same with 1 and 2 workers, the terminal shows a view, and
the system's own Lua words are documented."""
from __future__ import annotations

import pytest

from rulestack import Game
from rulestack.harness.apidoc import system_reference
from rulestack.harness.replay import Replay, replay_game
from rulestack.harness.simulate import LocalBackend, plan_for, simulate
from rulestack.harness.terminal import render_board


def _system(name: str):
    try:
        from rulestack import find_system
        cls = find_system(name)
        if len(cls.sample_decks) != cls.player_count:
            pytest.skip(f"{name} has no sample decks yet")
        return cls
    except Exception as e:  # a system still being written may fail to import in any way
        pytest.skip(f"{name} does not load yet: {e}")


SYSTEMS = ("mtg", "yugioh", "onepiece")


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_recorded_game_verifies(name, tmp_path):
    cls = _system(name)
    game = Game(cls, list(cls.sample_decks), seed=1)
    try:
        game.play()
        error = None
    except Exception as e:  # a failing game must replay to the same failure
        error = e
    replay = Replay.load(Replay.from_game(game, error=error).save(tmp_path / "game.replay.json.gz"))
    game.close()
    check = replay_game(replay, keep_game=False)
    assert check.ok, check.report()


@pytest.mark.parametrize("name", SYSTEMS)
def test_simulations_do_not_depend_on_workers(name, tmp_path):
    _system(name)
    plan = plan_for(name, games=4, seed=9)
    one = simulate(plan, LocalBackend(1), progress=False, replays=tmp_path / "one")
    two = simulate(plan, LocalBackend(2), progress=False, replays=tmp_path / "two")
    assert _comparable(one.records) == _comparable(two.records)


def _comparable(records):
    return [{k: v for k, v in r.items() if k not in ("seconds", "replay")} for r in records]


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_terminal_view_and_the_lua_words(name):
    cls = _system(name)
    game = Game(cls, list(cls.sample_decks), seed=2)
    game.start()
    board = render_board(game.view(0))
    game.close()
    assert "(you)" in board and "turn 1" in board
    text = system_reference(cls)
    for word in cls.script_methods:
        assert f"### `{word}`" in text

