"""Soak run: many random games across every installed system, with the invariants checked before
every decision, on supervised worker processes (a worker that dies costs one game).

    python benchmarks/soak.py                          # 10,000 games over all installed systems
    python benchmarks/soak.py --games 600 --workers 2 --systems mtg,onepiece --seed 7

A long soak runs in chunks, on different days or machines, and is added up afterwards:

    python benchmarks/soak.py --seed 1 --start 0     --games 10000 --json soak-00.json
    python benchmarks/soak.py --seed 1 --start 10000 --games 10000 --json soak-01.json
    python benchmarks/soak.py --aggregate soak-00.json soak-01.json

``--start N`` plays games N..N+games-1 of the master seed's sequence (the same games, seeds and
seats as in one long run); ``--json OUT`` writes the table as data; ``--aggregate FILES`` prints
the combined table of chunks of one master seed and system list (refusing overlapping chunks,
and naming the gaps).

Game ``i`` is system ``i mod k`` of the ``k`` chosen systems, between its sample decks (seats
swap every other round), seeded with ``game_seed(seed, i)`` as ``rulestack simulate`` does, and
played by the default seeded random agents wrapped so that the invariants of
``tests/robustness/invariants.py`` (no card in two zones, the card count conserved, life equal to
its recorded changes, ...) are checked before every answer and at the end. A progress line shows
the count as it goes; at the end a table gives, per system and in total: games, decisions,
errors, invariant failures, worker crashes, and the wall time. Every game that failed leaves a
replay in ``--failures``. Exit status 1 if anything failed.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))     # the invariants live with the robustness tests

from robustness.invariants import CheckingAgent, InvariantBroken, InvariantChecker  # noqa: E402

from rulestack import Game  # noqa: E402
from rulestack.escape import escape_text, json_text  # noqa: E402
from rulestack.harness.replay import Replay, describe_error  # noqa: E402
from rulestack.harness.simulate import game_seed  # noqa: E402
from rulestack.isolation import Limits, WorkerDied, supervise  # noqa: E402
from rulestack.system import available_systems, find_system  # noqa: E402


def soak_game(system: str, index: int, master: int, failures: Path) -> dict[str, Any]:
    """Play game ``index`` of the soak with invariant checks; return its record."""
    cls = find_system(system)
    decks = list(cls.sample_decks)
    if (index // 2) % 2:   # each system gets every other of its games with the seats swapped
        decks.reverse()
    seed = game_seed(master, index)
    rec: dict[str, Any] = {"system": system, "index": index, "seed": seed, "error": None, "invariant": None,
                           "crash": None, "decisions": 0, "turns": 0, "pid": os.getpid(), "rss": 0}
    start = time.perf_counter()
    game = Game(cls, decks, seed=seed)
    checker = InvariantChecker(game)
    game.agents = [CheckingAgent(agent, checker) for agent in game.agents]
    failure: BaseException | None = None
    try:
        result = game.play()
        checker.check()
        rec["turns"] = result.turns
    except InvariantBroken as e:
        rec["invariant"] = str(e)
        failure = e
    except Exception as e:  # noqa: BLE001 - a game error (or a bug in a system): recorded with its replay
        rec["error"] = describe_error(e)
        failure = e
    finally:
        rec["decisions"] = len(game.decisions)
        rec["seconds"] = time.perf_counter() - start
    if failure is not None:
        rec["replay"] = str(Replay.from_game(game, error=failure).save(
            failures / f"soak-{system}-seed{master}-game{index:06d}.replay.json"))
    game.close()
    rec["pid"] = os.getpid()
    rec["rss"] = _rss()
    return rec


def _rss() -> int:
    """This process's resident memory in bytes (0 where /proc is not available)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def memory_parts(records: list[dict[str, Any]]) -> list[str]:
    """Flat memory: per worker process, its resident memory after its first games and at its
    last game (a leak shows as growth that keeps going with the number of games)."""
    by_pid: dict[int, list[int]] = defaultdict(list)
    for r in sorted(records, key=lambda r: r["index"]):
        if r.get("rss"):
            by_pid[r["pid"]].append(r["rss"])
    parts = []
    for pid, sizes in sorted(by_pid.items()):
        early = sizes[min(len(sizes) - 1, max(0, len(sizes) // 10))]
        parts.append(f"{early / 2**20:.0f} -> {sizes[-1] / 2**20:.0f} MiB over {len(sizes)} games")
    return parts


def memory_summary(parts: list[tuple[str, str]]) -> str:
    """One line for many workers' :func:`memory_parts` (``(where, part)`` pairs, e.g. one per worker
    of every chunk): how many workers, the range of their early and last sizes, and the largest
    growth with where it was."""
    sizes = []
    for where, part in parts:
        m = re.match(r"(\d+) -> (\d+) MiB", part)
        if m:
            sizes.append((int(m[1]), int(m[2]), where))
    if not sizes:
        return "not measured"
    early, last = [s[0] for s in sizes], [s[1] for s in sizes]
    grow, _, _, where = max((b - a, a, b, w) for a, b, w in sizes)
    return (f"{len(sizes)} workers, {min(early)}-{max(early)} MiB -> {min(last)}-{max(last)} MiB; "
            f"largest growth {grow} MiB ({where})")


def _crashed(item: tuple[str, int], died: WorkerDied, master: int) -> dict[str, Any]:
    system, index = item
    return {"system": system, "index": index, "seed": game_seed(master, index), "error": None, "invariant": None,
            "crash": died.reason, "decisions": 0, "turns": 0, "seconds": 0.0}


class Progress:
    """A progress line on stderr, redrawn at most every half second."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.bad = 0
        self.start = time.perf_counter()
        self.shown = 0.0

    def add(self, rec: dict[str, Any]) -> None:
        self.done += 1
        self.bad += bool(rec["error"] or rec["invariant"] or rec["crash"])
        now = time.perf_counter()
        if now - self.shown >= 0.5 or self.done == self.total:
            self.shown = now
            rate = self.done / max(now - self.start, 1e-9)
            eta = (self.total - self.done) / rate if rate else 0.0
            sys.stderr.write(f"\rsoak: {self.done:,}/{self.total:,} games, {self.bad} failed, "
                             f"{rate:6.1f} games/s, eta {eta / 60:4.1f} min ")
            sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")


def table(records: list[dict[str, Any]], systems: list[str], seconds: float, workers: int, master: int,
          start: int = 0) -> dict[str, Any]:
    """The summary table as data (what ``--json`` writes and ``--aggregate`` adds up)."""
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in records:
        for key in (r["system"], "total"):
            row = rows[key]
            row["games"] += 1
            row["decisions"] += r["decisions"]
            row["turns"] += r["turns"]
            row["errors"] += bool(r["error"])
            row["invariants"] += bool(r["invariant"])
            row["crashes"] += bool(r["crash"])
            row["cpu"] += r["seconds"]
    failures = [{k: r.get(k) for k in ("system", "index", "seed", "error", "invariant", "crash", "replay")}
                for r in records if r["error"] or r["invariant"] or r["crash"]]
    return {"master": master, "systems": list(systems), "start": start, "games": len(records),
            "workers": workers, "seconds": seconds,
            "rows": {key: {k: (round(v, 3) if k == "cpu" else int(v)) for k, v in rows[key].items()}
                     for key in [*systems, "total"] if key in rows},
            "failures": failures, "memory": memory_parts(records)}


def render(data: dict[str, Any], chunks: int = 1) -> str:
    """The table, from :func:`table`'s data (or several chunks' added up)."""
    n, seconds = data["games"], data["seconds"]
    where = f"{chunks} chunk(s), " if chunks > 1 else ""
    lines = [f"soak: {n:,} random games over {', '.join(data['systems'])}; master seed {data['master']}; "
             f"{where}{data['workers']} worker(s); wall time {seconds:.1f} s ({n / max(seconds, 1e-9):.1f} games/s)",
             f"  {'system':10} {'games':>7} {'decisions':>10} {'dec/game':>9} {'errors':>7} {'invariant':>10} "
             f"{'crashes':>8} {'game-seconds':>13}"]
    for key in [*data["systems"], "total"]:
        row = defaultdict(float, data["rows"].get(key, {}))
        g = row["games"] or 1
        lines.append(f"  {key:10} {int(row['games']):>7,} {int(row['decisions']):>10,} {row['decisions'] / g:>9.1f} "
                     f"{int(row['errors']):>7} {int(row['invariants']):>10} {int(row['crashes']):>8} "
                     f"{row['cpu']:>13.1f}")
    bad = data["failures"]
    for r in bad[:10]:
        what = r["error"] or r["invariant"] or f"worker crashed: {r['crash']}"
        lines.append(f"    {r['system']} game {r['index']} (seed {r['seed']}): {what}"
                     + (f"  [replay: {r['replay']}]" if r.get("replay") else ""))
    if len(bad) > 10:
        lines.append(f"    ... and {len(bad) - 10} more")
    lines.append("  memory (RSS per worker, after its first tenth of games -> at its last): "
                 + "; ".join(data["memory"]))
    return "\n".join(escape_text(line) for line in lines)   # errors and replay paths come from scripts' text


def report(records: list[dict[str, Any]], systems: list[str], seconds: float, workers: int, master: int) -> str:
    """The summary table."""
    return render(table(records, systems, seconds, workers, master))


def aggregate(paths: list[str]) -> tuple[str, bool]:
    """The combined table of chunks written by ``--json``; and whether any game failed. Chunks
    must share the master seed and the systems, and must not overlap."""
    chunks = [json.loads(Path(p).read_text(encoding="utf-8")) for p in paths]
    if not chunks:
        raise SystemExit("--aggregate needs at least one file written by --json")
    first = chunks[0]
    for path, c in zip(paths, chunks):
        if (c["master"], c["systems"]) != (first["master"], first["systems"]):
            raise SystemExit(f"{path}: master seed {c['master']} over {c['systems']}, but {paths[0]} has "
                             f"{first['master']} over {first['systems']}: these chunks are not of one soak")
    spans = sorted((c["start"], c["start"] + c["games"], p) for p, c in zip(paths, chunks))
    for (a0, a1, pa), (b0, b1, pb) in zip(spans, spans[1:]):
        if b0 < a1:
            raise SystemExit(f"{pa} (games {a0}..{a1 - 1}) and {pb} (games {b0}..{b1 - 1}) overlap")
    gaps = [f"{a1}..{b0 - 1}" for (_, a1, _), (b0, _, _) in zip(spans, spans[1:]) if b0 > a1]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for c in chunks:
        for key, row in c["rows"].items():
            for k, v in row.items():
                rows[key][k] += v
    data = {"master": first["master"], "systems": first["systems"], "games": sum(c["games"] for c in chunks),
            "seconds": sum(c["seconds"] for c in chunks), "workers": max(c["workers"] for c in chunks),
            "rows": rows, "failures": [f for c in chunks for f in c["failures"]],
            "memory": [memory_summary([(f"games {c['start']}..{c['start'] + c['games'] - 1}", m)
                                       for c in chunks for m in c["memory"]])]}
    text = render(data, chunks=len(chunks))
    text += f"\n  games {spans[0][0]}..{spans[-1][1] - 1} of master seed {first['master']}" + \
        (f"; missing: {', '.join(gaps)}" if gaps else ", none missing")
    return text, bool(data["failures"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="how many games in all (default 10,000)")
    parser.add_argument("--systems", default="", help="comma-separated systems (default: every installed one)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: the number of CPUs; 1 plays in this process)")
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    parser.add_argument("--failures", default=str(Path("soak-failures")), help="where failed games leave replays")
    parser.add_argument("--start", type=int, default=0,
                        help="the first game's index in the master seed's sequence (default 0): a chunk of a long soak")
    parser.add_argument("--json", metavar="OUT", help="also write the table as data (for --aggregate)")
    parser.add_argument("--aggregate", nargs="+", metavar="FILE",
                        help="print the combined table of chunks written by --json, and play nothing")
    args = parser.parse_args(argv)
    if args.aggregate:
        text, failed = aggregate(args.aggregate)
        print(text)
        return 1 if failed else 0
    if args.start < 0 or args.games < 0:
        parser.error("--start and --games must not be negative")
    systems = [s for s in args.systems.split(",") if s] or sorted(available_systems())
    for s in systems:
        find_system(s)
    failures = Path(args.failures)
    failures.mkdir(parents=True, exist_ok=True)
    items = [(systems[i % len(systems)], i) for i in range(args.start, args.start + args.games)]
    progress = Progress(len(items))
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    try:
        if args.workers <= 1:
            for system, index in items:
                records.append(soak_game(system, index, args.seed, failures))
                progress.add(records[-1])
        else:
            results = supervise(lambda item: soak_game(*item, args.seed, failures), items, workers=args.workers,
                                chunk=20, limits=Limits(wall_seconds=600.0),
                                on_death=lambda item, died: _crashed(item, died, args.seed))
            for _, rec in results:
                records.append(rec)
                progress.add(rec)
    finally:
        progress.close()
    seconds = time.perf_counter() - start
    records.sort(key=lambda r: r["index"])
    data = table(records, systems, seconds, args.workers, args.seed, args.start)
    print(render(data))
    if args.json:
        Path(args.json).write_text(json_text(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 1 if any(r["error"] or r["invariant"] or r["crash"] for r in records) else 0


if __name__ == "__main__":
    raise SystemExit(main())
