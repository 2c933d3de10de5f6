"""Simulations: seeds by game index (results independent of the workers), the summary, JSON
lines, a replay for every failed game, the progress bar, and the Ray backend."""
from __future__ import annotations

import importlib.util
import os
import json
from pathlib import Path

import pytest

from rulestack.harness.replay import verify_replay
from rulestack.harness.simulate import (LocalBackend, RayBackend, game_seed, plan_for, simulate, wilson_interval)

TESTS = Path(__file__).resolve().parents[1]


def _without_timing(records):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_game_seeds_depend_only_on_the_master_seed_and_the_index():
    assert game_seed(7, 3) == game_seed(7, 3)
    assert len({game_seed(7, i) for i in range(1000)}) == 1000
    assert game_seed(7, 3) != game_seed(8, 3)
    assert 0 <= game_seed(123, 456) < 2 ** 48


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_results_do_not_depend_on_the_number_of_workers():
    plan = plan_for("tiny", games=24, seed=11)
    one = simulate(plan, LocalBackend(1), progress=False)
    two = simulate(plan, LocalBackend(2), progress=False)
    assert [r["index"] for r in two.records] == list(range(24))
    assert _without_timing(one.records) == _without_timing(two.records)
    assert one.totals() == two.totals()
    # and the decks swap seats: game 1 is game 0's decks the other way round
    assert one.records[0]["seats"] == ["alpha", "beta"] and one.records[1]["seats"] == ["beta", "alpha"]


def test_the_summary_counts_wins_per_deck_with_an_interval():
    summary = simulate(plan_for("tiny", games=20, seed=2), LocalBackend(1), progress=False)
    t = summary.totals()
    assert t["games"] == 20 and t["finished"] == 20 and t["errors"] == 0
    wins = {k: v["wins"] for k, v in t["decks"].items()}
    assert sum(wins.values()) + t["draws"] == 20
    for d in t["decks"].values():
        lo, hi = d["ci95"]
        assert lo <= d["rate"] <= hi
    assert t["average_turns"] == pytest.approx(sum(r["turns"] for r in summary.records) / 20)
    text = summary.text()
    assert "alpha" in text and "95% CI" in text and "average turns" in text and "errors: 0" in text


def test_the_command_shows_progress_writes_json_lines_and_summarizes(tmp_path, rulestack_cli):
    out = tmp_path / "games.jsonl"
    done = rulestack_cli("simulate", "tiny", "--games", "12", "--workers", "2", "--seed", "5", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "12/12" in done.stderr and "100%" in done.stderr and "game/s" in done.stderr   # the progress bar
    assert "simulate tiny: 12 games, master seed 5, 2 worker(s) (local)" in done.stdout
    assert "95% CI" in done.stdout and "errors: 0" in done.stdout
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["index"] for r in lines] == list(range(12))
    assert {"seed", "seats", "winners", "winner_decks", "turns", "decisions", "error", "digest"} <= set(lines[0])
    assert lines[3]["seed"] == game_seed(5, 3)


def test_every_failed_game_leaves_a_replay(tmp_path, rulestack_cli):
    deck = tmp_path / "gadgets.yaml"
    deck.write_text("name: gadgets\nmain:\n  - 6 Faulty Gadget\n  - 6 Grunt\n  - 4 Brute\n  - 4 Spark\n")
    replays = tmp_path / "failures"
    out = tmp_path / "games.jsonl"
    done = rulestack_cli("simulate", "tiny", "--deck", str(deck), "--deck", "beta", "--games", "6", "--workers", "1",
                         "--replays", str(replays), "--out", str(out), "--no-progress")
    assert done.returncode == 1
    records = [json.loads(x) for x in out.read_text().splitlines()]
    failed = [r for r in records if r["error"]]
    assert failed, "the Faulty Gadget deck should make games fail"
    assert sorted(Path(r["replay"]).name for r in failed) == sorted(p.name for p in replays.iterdir())
    assert f"errors: {len(failed)}" in done.stdout and "faulty_gadget.lua:6" in done.stdout
    check = verify_replay(failed[0]["replay"])       # the failure reproduces from its replay
    assert check.ok, check.report()
    assert "faulty_gadget.lua:6" in check.error


def test_configuration_errors_stop_before_any_game(rulestack_cli):
    done = rulestack_cli("simulate", "tiny", "--deck", "alpha", "--deck", "nosuch", "--games", "3")
    assert done.returncode == 2 and "unknown deck 'nosuch'" in done.stderr
    done = rulestack_cli("simulate", "tiny", "--set", "speed=2", "--games", "3")
    assert done.returncode == 2 and "has no setting 'speed'" in done.stderr


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="ray is not installed (pip install 'rulestack[ray]')")
def test_the_ray_backend_gives_the_same_games_on_a_local_ray():
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             # workers import Tiny from the checkout's example (tests/tinygame puts it on the path)
             runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(
                 [str(TESTS), str(TESTS.parent / "docs" / "examples" / "tinygame")])}})
    try:
        plan = plan_for("tiny", games=10, seed=3)
        on_ray = simulate(plan, RayBackend(), progress=False)
    finally:
        ray.shutdown()
    local = simulate(plan, LocalBackend(1), progress=False)
    assert on_ray.backend == "ray"
    assert _without_timing(on_ray.records) == _without_timing(local.records)
