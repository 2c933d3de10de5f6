"""The soak and memory benchmarks run (on a handful of games): they are measured by hand, so
only a test keeps them from rotting. Their figures are printed, never asserted."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_soak_runs_and_reports_every_column(tmp_path, capsys):
    soak = _load("soak")
    assert soak.main(["--games", "8", "--workers", "2", "--systems", "tiny,mtg", "--failures", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "soak: 8 random games over tiny, mtg" in out and "2 worker(s)" in out
    assert "errors  invariant  crashes" in out
    total = next(line for line in out.splitlines() if line.strip().startswith("total"))
    assert total.split()[1] == "8" and total.split()[4:7] == ["0", "0", "0"]


def test_the_soak_counts_a_broken_invariant_and_leaves_a_replay(tmp_path, capsys, monkeypatch):
    soak = _load("soak")
    from robustness import invariants

    def broken(self):
        if self.game.state.turn >= 4:
            raise invariants.InvariantBroken("a card is in two zones (planted by the test)")
    monkeypatch.setattr(invariants.InvariantChecker, "check", broken)
    assert soak.main(["--games", "2", "--workers", "1", "--systems", "tiny", "--failures", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "planted by the test" in out and len(list(tmp_path.glob("soak-tiny-*.replay.json"))) == 2


def test_soak_chunks_add_up_to_the_one_long_run(tmp_path, capsys):
    """--start plays the same games of the master seed's sequence as one long run would; --json
    writes the table as data; --aggregate adds chunks up, refuses overlaps and names gaps."""
    import json

    soak = _load("soak")
    common = ["--workers", "1", "--systems", "tiny,mtg", "--seed", "5", "--failures", str(tmp_path)]
    assert soak.main(["--games", "6", *common, "--json", str(tmp_path / "whole.json")]) == 0
    assert soak.main(["--start", "0", "--games", "4", *common, "--json", str(tmp_path / "a.json")]) == 0
    assert soak.main(["--start", "4", "--games", "2", *common, "--json", str(tmp_path / "b.json")]) == 0
    capsys.readouterr()
    whole = json.loads((tmp_path / "whole.json").read_text())
    a, b = (json.loads((tmp_path / f"{n}.json").read_text()) for n in "ab")
    assert (a["start"], a["games"], b["start"], b["games"]) == (0, 4, 4, 2)
    assert soak.main(["--aggregate", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    out = capsys.readouterr().out
    assert "soak: 6 random games over tiny, mtg; master seed 5; 2 chunk(s)" in out
    assert "games 0..5 of master seed 5, none missing" in out
    assert "memory (RSS per worker, after its first tenth of games -> at its last): 2 workers, " in out
    assert soak.memory_summary([("games 0..9", "38 -> 39 MiB over 5 games"), ("games 10..19", "40 -> 43 MiB over 5 games")]) \
        == "2 workers, 38-40 MiB -> 39-43 MiB; largest growth 3 MiB (games 10..19)"
    total = next(line for line in out.splitlines() if line.strip().startswith("total")).split()
    want = whole["rows"]["total"]
    assert [int(total[1].replace(",", "")), int(total[2].replace(",", ""))] == [want["games"], want["decisions"]]
    for system in ("tiny", "mtg"):    # the same games: the same decisions, system by system
        assert a["rows"][system]["decisions"] + b["rows"][system]["decisions"] == whole["rows"][system]["decisions"]
    with pytest.raises(SystemExit, match="overlap"):
        soak.main(["--aggregate", str(tmp_path / "a.json"), str(tmp_path / "whole.json")])
    assert soak.main(["--aggregate", str(tmp_path / "b.json")]) == 0
    assert "games 4..5 of master seed 5, none missing" in capsys.readouterr().out
    other = dict(b, master=6)
    (tmp_path / "c.json").write_text(json.dumps(other))
    with pytest.raises(SystemExit, match="not of one soak"):
        soak.main(["--aggregate", str(tmp_path / "a.json"), str(tmp_path / "c.json")])
    gap = dict(b, start=5)
    (tmp_path / "d.json").write_text(json.dumps(gap))
    assert soak.main(["--aggregate", str(tmp_path / "a.json"), str(tmp_path / "d.json")]) == 0
    assert "missing: 4..4" in capsys.readouterr().out


def test_the_memory_benchmark_runs(capsys):
    bench = _load("memory_bench")
    assert bench.main(["--games", "3", "--systems", "tiny"]) == 0
    out = capsys.readouterr().out
    assert "3 consecutive games" in out and "slope after game 100" in out and "Lua runtime(s) alive" in out


def test_the_compare_benchmark_alternates_two_interpreters_on_the_same_seeds(capsys):
    import sys

    bench = _load("compare")
    # The same interpreter on both sides (installing an old revision is what a user's run pays).
    assert bench.main(["--old-python", sys.executable, "--games", "1", "--rounds", "2", "--setups", "1",
                       "--systems", "mtg"]) == 0
    out = capsys.readouterr().out
    assert "mtg: 2 rounds of 1 seeded games each" in out
    for row in ("games/s (wall)", "turns per game", "setup ms per game", "peak RSS MB", "noise:"):
        assert row in out
    assert "the same seeds played the same number of turns in every game on both" in out


def test_the_compare_benchmark_counts_instructions_as_the_difference_of_two_runs(tmp_path, monkeypatch, capsys):
    import sys

    # A stand-in for valgrind that runs the worker and reports 1,000 instructions of start-up plus
    # 5 million per game, as cachegrind's summary line does (the real one takes minutes here).
    fake = tmp_path / "valgrind"
    fake.write_text(
        "#!/usr/bin/env python3\n"
        "import subprocess, sys\n"
        "cmd = [a for a in sys.argv[1:] if not a.startswith('--') or a in ('--worker', '--games', '--setups')]\n"
        "out = subprocess.run(cmd, capture_output=True, text=True, check=True)\n"
        "games = int(cmd[cmd.index('--games') + 1])\n"
        "sys.stdout.write(out.stdout)\n"
        "sys.stderr.write(f'==1== I   refs:      {1000 + 5_000_000 * games:,}\\n')\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:{__import__('os').environ['PATH']}")
    bench = _load("compare")
    assert bench.main(["--old-python", sys.executable, "--instructions", "--games", "2", "--systems", "onepiece"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("onepiece"))
    # 5.0 M instructions per game on both sides, the start-up taken out: 1.00x.
    assert row.split()[1:3] == ["5.0", "M/g"] and "1.00x" in row


def test_the_long_game_benchmark_buckets_decisions_by_board_size(capsys):
    bench = _load("long_game_bench")
    assert bench.main(["--games", "1", "--boards", "0,12", "--deck", "60"]) == 0
    out = capsys.readouterr().out
    assert "decks of 60 cards" in out and "cards that could act" in out
    assert "check: from board" in out and ("ok" in out or "GROWS FASTER" in out)
    rows = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert any(line.split()[0].startswith("10-") for line in rows)   # the 12-card board was seen
