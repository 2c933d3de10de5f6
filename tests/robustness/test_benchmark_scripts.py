"""The soak and memory benchmarks run (on a handful of games): they are measured by hand, so
only a test keeps them from rotting. Their figures are printed, never asserted."""
from __future__ import annotations

import importlib.util
from pathlib import Path

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


def test_the_memory_benchmark_runs(capsys):
    bench = _load("memory_bench")
    assert bench.main(["--games", "3", "--systems", "tiny"]) == 0
    out = capsys.readouterr().out
    assert "3 consecutive games" in out and "slope after game 100" in out and "Lua runtime(s) alive" in out
