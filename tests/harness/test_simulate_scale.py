"""Simulations at scale: the same games for any number of workers and on Ray, with the smart
agents too; a worker that dies (killed for real, in the test) costs only its games, which are
played again once and reported in the summary."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from rulestack import register_system
from rulestack.harness.simulate import LocalBackend, RayBackend, game_seed, plan_for, simulate

from robustness.crashers import CrashyTiny
from short_games import ShortTiny

register_system(CrashyTiny)
register_system(ShortTiny)

TESTS = Path(__file__).resolve().parents[1]
SMART = ("greedy", "mcts:playouts=3,depth=8")     # on Short Tiny: each playout forks (replays) the game
MASTER, DOOMED = 6, 3


def _without(records, *keys):
    drop = {"seconds", "replay", *keys}
    return [{k: v for k, v in r.items() if k not in drop} for r in records]


def test_smart_agents_give_the_same_games_for_one_and_two_workers():
    plan = plan_for("short-tiny", games=4, seed=21, agents=SMART)
    one = simulate(plan, LocalBackend(1), progress=False)
    two = simulate(plan, LocalBackend(2), progress=False)
    assert not one.errors
    assert _without(one.records) == _without(two.records)
    assert one.totals() == two.totals()
    assert one.totals()["agents"] == list(SMART)
    # the agents play: a different pair of agents gives different games
    random_games = simulate(plan_for("short-tiny", games=4, seed=21), LocalBackend(1), progress=False)
    assert [r["digest"] for r in random_games.records] != [r["digest"] for r in one.records]


def test_a_local_worker_killed_once_costs_nothing_and_is_reported(tmp_path):
    marker = tmp_path / "killed-once"
    settings = {"crash": f"once:{marker}", "crash_seed": game_seed(MASTER, DOOMED)}
    plan = plan_for("crashy", ["alpha", "beta"], games=8, seed=MASTER, settings=settings)
    summary = simulate(plan, LocalBackend(2), progress=False, replays=tmp_path / "replays")
    assert marker.exists()                   # the worker really was killed
    assert not summary.errors
    t = summary.totals()
    assert t["worker_deaths"] == {"games": 1, "indices": [DOOMED], "lost": []}
    assert "worker processes died in 1 game(s), each played again once: 1 finished, 0 failed again" in summary.text()
    calm = simulate(plan_for("crashy", ["alpha", "beta"], games=8, seed=MASTER, settings={"crash_seed": -1}),
                    LocalBackend(1), progress=False)
    assert _without(summary.records, "worker_died") == _without(calm.records)


ray_only = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                              reason="ray is not installed (pip install 'rulestack[ray]')")


@pytest.fixture(scope="module")
def local_ray():
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             # workers import Tiny from the checkout's example, Crashy and Short Tiny from the tests
             runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(
                 [str(TESTS), str(TESTS / "harness"), str(TESTS.parent / "docs" / "examples" / "tinygame")])}})
    yield ray
    ray.shutdown()


@ray_only
def test_ray_plays_the_smart_agents_and_gives_the_same_games(local_ray):
    plan = plan_for("short-tiny", games=4, seed=21, agents=SMART)
    on_ray = simulate(plan, RayBackend(), progress=False)
    local = simulate(plan, LocalBackend(1), progress=False)
    assert on_ray.backend == "ray" and not on_ray.errors
    assert _without(on_ray.records) == _without(local.records)
    assert on_ray.totals() == local.totals()


@ray_only
def test_a_ray_worker_killed_once_costs_only_its_games_played_again(local_ray, tmp_path):
    marker = tmp_path / "killed-once"
    settings = {"crash": f"once:{marker}", "crash_seed": game_seed(MASTER, DOOMED)}
    plan = plan_for("crashy", ["alpha", "beta"], games=8, seed=MASTER, settings=settings)
    summary = simulate(plan, RayBackend(), progress=False, replays=tmp_path / "replays")
    assert marker.exists()
    assert not summary.errors
    died = summary.totals()["worker_deaths"]
    assert DOOMED in died["indices"] and died["lost"] == []
    for r in summary.records:            # the games of the dead task, and only those, were played again
        assert ("worker_died" in r) == (r["index"] in died["indices"])
        if "worker_died" in r:
            assert r["worker_died"].startswith("its first Ray worker died (") and "played again alone" in r["worker_died"]
    calm = simulate(plan_for("crashy", ["alpha", "beta"], games=8, seed=MASTER, settings={"crash_seed": -1}),
                    LocalBackend(1), progress=False)
    assert _without(summary.records, "worker_died") == _without(calm.records)


@ray_only
def test_a_game_that_kills_its_ray_worker_every_time_is_lost_alone(local_ray, tmp_path):
    settings = {"crash": "kill", "crash_seed": game_seed(MASTER, DOOMED)}
    plan = plan_for("crashy", ["alpha", "beta"], games=8, seed=MASTER, settings=settings)
    summary = simulate(plan, RayBackend(), progress=False, replays=tmp_path / "replays")
    assert [r["index"] for r in summary.errors] == [DOOMED]
    lost = summary.errors[0]
    assert lost["error"].startswith("the game's worker died twice: its first Ray worker died (")
    t = summary.totals()
    assert t["worker_deaths"]["lost"] == [DOOMED] and t["errors"] == 1
    assert {e["reason"]: e["games"] for e in t["ends"]}["the game failed (an error)"] == 1
    assert "failed again" in summary.text()
    calm = simulate(plan_for("crashy", ["alpha", "beta"], games=8, seed=MASTER, settings={"crash_seed": -1}),
                    LocalBackend(1), progress=False)
    for got, want in zip(summary.records, calm.records, strict=True):
        if got["index"] != DOOMED:
            assert _without([got], "worker_died") == _without([want])


def test_workers_fork_with_the_heap_frozen_and_the_caller_gets_it_back_unfrozen():
    import gc
    from rulestack.harness import simulate as sim
    seen = []
    real = sim.supervise

    def spy(*args, **kwargs):
        seen.append(gc.get_freeze_count())      # what the workers are forked with
        return real(*args, **kwargs)
    plan = plan_for("short-tiny", games=4, seed=21)
    try:
        sim.supervise = spy
        assert gc.get_freeze_count() == 0
        two = simulate(plan, LocalBackend(2), progress=False)
        assert seen[0] > 0 and gc.get_freeze_count() == 0
        gc.freeze()                              # a caller's own freeze is left as it is
        frozen = gc.get_freeze_count()
        simulate(plan, LocalBackend(2), progress=False)
        assert gc.get_freeze_count() == frozen
    finally:
        sim.supervise = real
        gc.unfreeze()
    assert _without(two.records) == _without(simulate(plan, LocalBackend(1), progress=False).records)
