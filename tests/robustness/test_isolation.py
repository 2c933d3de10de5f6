"""The outer layer: games in worker processes with OS limits. A worker that dies — a crash in
native code, a signal, the CPU or memory limit — costs one game, recorded with its replay, never
the batch; ``rulestack play --isolate`` reports such a crash cleanly. The crashes are real (a
null-pointer read, SIGKILL, a spinning loop, unbounded allocation), made on demand by the
test-only Crashy Tiny system."""
from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from rulestack import Game
from rulestack.harness.replay import Replay, replay_game
from rulestack.harness.simulate import LocalBackend, game_seed, plan_for, simulate
from rulestack.isolation import Limits, WorkerDied, run_isolated, supervise

MASTER = 4
DOOMED = 5          # the index of the game that crashes


def _without_timing(rec: dict) -> dict:
    return {k: v for k, v in rec.items() if k not in ("seconds", "replay")}


def _plan(crash: str, games: int = 16):
    return plan_for("crashy", ["alpha", "beta"], games=games, seed=MASTER,
                    settings={"crash": crash, "crash_seed": game_seed(MASTER, DOOMED)})


def _children() -> set[int]:
    """Our child processes, running or unreaped (from /proc: each process's parent id)."""
    me, out = os.getpid(), set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == me:
                out.add(int(entry.name))
    return out


_BEFORE: set[int] = set()


@pytest.fixture(autouse=True)
def _children_before_the_test():
    """Children other tests of the session left running (a Ray node, a browser driver) are not
    this test's: only those it made must be gone."""
    _BEFORE.clear()
    _BEFORE.update(_children())


def _no_children_left() -> bool:
    """No child process this test made is left, running or unreaped."""
    return not (_children() - _BEFORE)


@pytest.mark.parametrize("crash, words", [
    ("kill", "was killed (SIGKILL"),
    ("segv", "crashed with a segmentation fault (SIGSEGV)"),
    ("abort", "aborted (SIGABRT)"),
])
def test_a_worker_that_dies_costs_one_game_recorded_with_its_replay(crash, words, tmp_path):
    summary = simulate(_plan(crash), LocalBackend(2), progress=False, replays=tmp_path)
    assert [r["index"] for r in summary.records] == list(range(16))
    failed = summary.errors
    assert [r["index"] for r in failed] == [DOOMED]
    assert failed[0]["error"].startswith("the game's worker process ") and words in failed[0]["error"]
    # every other game is exactly what it is in a batch where nothing crashes
    calm = simulate(_plan(""), LocalBackend(1), progress=False, replays=tmp_path / "none")
    for got, want in zip(summary.records, calm.records, strict=True):
        if got["index"] != DOOMED:
            assert _without_timing(got) == _without_timing(want)
    # the replay: the game as it began and every decision up to the crash
    replay = Replay.load(failed[0]["replay"])
    assert replay.seed == game_seed(MASTER, DOOMED) and replay.settings["crash"] == crash
    assert replay.info["crashed"] is True and replay.info["simulation"]["index"] == DOOMED
    assert len(replay.decisions) == failed[0]["decisions"] > 0
    assert words in replay.error
    # ... which reproduces the crash (in a process of its own, of course)
    with pytest.raises(WorkerDied) as again:
        run_isolated(replay_game, replay, keep_game=False)
    assert words in again.value.reason
    assert _no_children_left()


def test_a_crash_that_does_not_repeat_costs_nothing(tmp_path):
    marker = tmp_path / "crashed-once"
    summary = simulate(_plan(f"once:{marker}", games=8), LocalBackend(2), progress=False, replays=tmp_path)
    assert marker.exists() and not summary.errors
    played_again = [r for r in summary.records if r.get("worker_died")]
    assert [r["index"] for r in played_again] == [DOOMED]
    assert "was killed (SIGKILL" in played_again[0]["worker_died"]
    calm = simulate(_plan("", games=8), LocalBackend(1), progress=False, replays=tmp_path / "none")
    assert _without_timing(calm.records[DOOMED]) == {k: v for k, v in _without_timing(played_again[0]).items()
                                                      if k != "worker_died"}


def test_the_memory_limit_turns_unbounded_allocation_into_a_failed_game(tmp_path):
    plan = _plan("hog", games=6)
    summary = simulate(plan, LocalBackend(2, limits=Limits(memory=512 * 2**20, wall_seconds=60)),
                       progress=False, replays=tmp_path)
    (failed,) = summary.errors
    assert failed["index"] == DOOMED and failed["error"].startswith("MemoryError")
    assert Path(failed["replay"]).is_file()
    assert summary.totals()["finished"] == 5


def test_the_cpu_limit_stops_a_spinning_game():
    settings = {"crash": "spin", "crash_turn": 2}
    with pytest.raises(WorkerDied) as died:
        run_isolated(_play, "crashy", settings, limits=Limits(cpu_seconds=1), record=True)
    assert died.value.signal == "SIGXCPU" and "CPU time limit" in str(died.value)   # the kernel's limit killed it
    kinds = [m[0] for m in died.value.messages]
    assert kinds[0] == "game" and "decision" in kinds     # what it had done was streamed out


def test_the_wall_clock_watchdog_kills_a_stuck_worker():
    """A game that spins forever with no CPU limit: only the watchdog can end it. (One game alone:
    in a batch under a 1 s wall limit, a healthy game on a busy machine is killed too.)"""
    settings = {"crash": "spin", "crash_turn": 2}
    with pytest.raises(WorkerDied) as died:
        run_isolated(_play, "crashy", settings, limits=Limits(cpu_seconds=None, wall_seconds=1.0), record=True)
    assert "wall-clock limit of 1 s" in str(died.value), str(died.value)
    kinds = [m[0] for m in died.value.messages]
    assert kinds[0] == "game" and "decision" in kinds     # what it had done was streamed out
    assert _no_children_left()


def _play(system: str, settings: dict) -> str:
    from rulestack.isolation import record_decisions
    game = Game(system, ["alpha", "beta"], seed=2, settings=settings)
    record_decisions(game)
    try:
        return game.play().reason
    finally:
        game.close()


def test_run_isolated_brings_back_results_and_exceptions():
    assert run_isolated(_play, "crashy", {}) == Game("crashy", ["alpha", "beta"], seed=2).play().reason
    with pytest.raises(ZeroDivisionError) as err:
        run_isolated(lambda: 1 / 0)
    assert "ZeroDivisionError" in err.value.remote_traceback


def test_supervise_requeues_the_share_of_a_dead_worker():
    def work(i):
        if i == 7:
            os.kill(os.getpid(), signal.SIGKILL)
        return i * i
    deaths = []
    results = dict(supervise(work, range(30), workers=2, chunk=5,
                             on_death=lambda item, died: deaths.append((item, died.signal)) or "dead"))
    assert deaths == [(7, "SIGKILL")]
    assert results == {i: ("dead" if i == 7 else i * i) for i in range(30)}
    assert _no_children_left()


def test_supervise_shares_shrink_toward_the_end_so_that_workers_finish_together(monkeypatch):
    from rulestack import isolation
    parent, sent = os.getpid(), []
    real_send = isolation._send

    def spy(fd, obj):
        if os.getpid() == parent and isinstance(obj, list):
            sent.append(list(obj))
        real_send(fd, obj)
    monkeypatch.setattr(isolation, "_send", spy)
    results = dict(supervise(lambda i: i + 1, range(100), workers=2, chunk=6, on_death=lambda item, died: None))
    assert results == {i: i + 1 for i in range(100)}
    assert sorted(i for share in sent for i in share) == list(range(100))   # each item sent once
    sizes = [len(share) for share in sent]
    assert max(sizes) == 6 and sizes[-4:] == [1, 1, 1, 1]     # up to chunk, one at a time at the end
    assert sizes == sorted(sizes, reverse=True)
    assert _no_children_left()


def test_supervise_stops_on_an_exception_of_the_work_and_leaves_no_worker():
    def work(i):
        if i == 3:
            raise KeyError("boom")
        return i
    with pytest.raises(KeyError):
        list(supervise(work, range(10), workers=2, chunk=2, on_death=lambda item, died: None))
    assert _no_children_left()


# -- rulestack play --isolate ----------------------------------------------------------------------------
def test_play_isolate_reports_a_crash_and_leaves_a_replay(tmp_path, rulestack_cli):
    replay = tmp_path / "crash.replay.json"
    done = rulestack_cli("play", "crashy", "--seed", "2", "--set", "crash=segv", "--isolate", "--quiet",
                         "--replay", str(replay))
    assert done.returncode == 1
    assert "error: the game's process crashed with a segmentation fault (SIGSEGV)" in done.stderr
    assert f"written to {replay}" in done.stderr and "Traceback" not in done.stderr
    data = json.loads(replay.read_text())
    assert data["error"].endswith("(SIGSEGV)") and data["decisions"] and data["info"]["crashed"] is True
    # without --isolate the same game takes the whole command down
    bare = rulestack_cli("play", "crashy", "--seed", "2", "--set", "crash=segv", "--quiet")
    assert bare.returncode == -signal.SIGSEGV


def test_play_isolate_without_a_replay_path_still_leaves_one(tmp_path, rulestack_cli):
    done = rulestack_cli("play", "crashy", "--seed", "2", "--set", "crash=kill", "--isolate", "--quiet",
                         cwd=tmp_path)
    assert done.returncode == 1 and "was killed (SIGKILL" in done.stderr
    assert (tmp_path / "rulestack-crash-crashy-seed2.replay.json").is_file()


def test_play_isolate_plays_a_normal_game_exactly_as_without(rulestack_cli):
    isolated = rulestack_cli("play", "tiny", "--seed", "5", "--isolate")
    bare = rulestack_cli("play", "tiny", "--seed", "5")
    assert isolated.returncode == bare.returncode == 0
    assert isolated.stdout == bare.stdout and "result:" in bare.stdout


def test_play_isolate_keeps_the_commands_own_errors(rulestack_cli):
    done = rulestack_cli("play", "crashy", "--set", "nope=1", "--isolate")
    assert done.returncode == 2 and "has no setting 'nope'" in done.stderr
