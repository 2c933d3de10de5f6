"""Compare this checkout's speed with an older revision's, in one run, on the same seeds.

Installs revision REV beside this one (``git archive REV`` unpacked into a temporary directory and
installed into its own venv; both are kept and reused by later runs), then plays the same seeded
random games on both, alternating which goes first in each round, each batch in a fresh worker
process so that peak RSS belongs to one engine and one system. Systems: Yu-Gi-Oh! (classic_a vs
classic_b), MTG (white_weenie vs red_burn) and One Piece (its sample decks).

Printed per system and engine (medians of rounds): games/s, the new/old ratio, turns per game
(the issue asks that they stay within 15% unless a rules fix changed the games), decisions per
game, setup ms per game, and peak RSS of the worker. The spread of the per-round rates
(min-max as a % of the median) says how noisy the run was: on a shared 2-core machine, ratios
are far more trustworthy than absolute rates.

Same seeds give the same games only if the rules did not change in between. On main, Yu-Gi-Oh!
rules fixes changed the games on purpose after 0ad438a (the coin toss for who goes first, the
Damage Step, "end turn" offered in the Battle Phase), so Yu-Gi-Oh! turns per duel differ between
the two and the duels/s ratio compares different (longer or shorter) games: read it together with
the µs per decision, which does not depend on game length.

With ``--instructions`` the rates are not timed: each engine's batch runs under valgrind's
cachegrind, once with the games and once without (the same imports and warm-up), and the
difference gives instructions per game and per decision. Instruction counts ignore cache and
branch effects, so they are not time, but they do not move with the machine's load: on a shared
machine they are the steadiest way to see what a change did.

After the systems, a summary gives each system's CPU and wall games/s ratios and CPU µs per
decision, and ygopro-core's figures from ``benchmarks/common.py``: reference figures from another
machine and day, not measured by this run.

Run: ``python benchmarks/compare.py REV [--games N] [--rounds R] [--systems yugioh,mtg,onepiece]``
or ``python benchmarks/compare.py REV --instructions [--games N] [--systems ...]`` (needs valgrind).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Decks per system, by name; ``None`` means the system's ``sample_decks``.
DECKS: dict[str, tuple[str, ...] | None] = {
    "yugioh": ("classic_a", "classic_b"),
    "mtg": ("white_weenie", "red_burn"),
    "onepiece": None,
}


# ---------------------------------------------------------------------------------------------
# Worker: runs inside either interpreter; uses only the API both revisions share.

def _decks(system: str) -> list:
    from rulestack.system import find_system

    system_cls = find_system(system)
    names = DECKS.get(system) or tuple(system_cls.sample_decks)
    try:
        from rulestack.pool import CardPool

        pool = CardPool.for_system(system_cls)
        return [pool.deck(name) for name in names]   # read once, as a simulator would
    except Exception:                                  # a system or revision without a pool
        return list(names)


def worker(system: str, first_seed: int, games: int, setups: int) -> dict:
    """Play the seeded games and return the figures as a dict (printed as JSON)."""
    from rulestack import Game

    decks = _decks(system)
    for seed in (10_000, 10_001):                      # warm up: card pool, compiled scripts
        Game(system, list(decks), seed=seed).play()
    setup = []
    for seed in range(setups):
        t = time.perf_counter()
        game = Game(system, list(decks), seed=seed)
        game.start()
        setup.append(time.perf_counter() - t)
        game.close()
    decisions = turns = 0
    per_game_turns = []
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Game(system, list(decks), seed=seed)
        result = game.play()
        game.close()
        decisions += result.decisions
        turns += result.turns
        per_game_turns.append(result.turns)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"wall": wall, "cpu": cpu, "games": games, "decisions": decisions, "turns": turns,
            "turns_each": per_game_turns, "setup_ms": statistics.median(setup) * 1000 if setup else None,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


# ---------------------------------------------------------------------------------------------
# Driver.

def install(rev: str, where: Path | None = None) -> Path:
    """Install revision ``rev`` of this repository into its own venv; return its python.

    The tree comes from ``git archive`` (no worktree is registered), the venv is reused if present."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=10", rev], check=True,
                         capture_output=True, text=True).stdout.strip()
    base = where or Path(tempfile.gettempdir()) / f"rulestack-compare-{sha}"
    python = base / "venv" / "bin" / "python"
    if python.exists() and (base / "installed").exists():
        return python
    tree = base / "tree"
    tree.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "venv", str(base / "venv")], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(tree)], check=True)
    (base / "installed").write_text(sha + "\n")
    return python


def run_worker(python: Path | str, system: str, first_seed: int, games: int, setups: int) -> dict:
    """One batch in a fresh process of ``python`` (run from a neutral directory so that neither
    checkout's sources shadow the installed package)."""
    out = subprocess.run([str(python), str(Path(__file__).resolve()), "--worker", system,
                          "--first-seed", str(first_seed), "--games", str(games), "--setups", str(setups)],
                         check=True, capture_output=True, text=True, cwd=tempfile.gettempdir(),
                         env={**os.environ, "PYTHONPATH": ""})
    return json.loads(out.stdout.strip().splitlines()[-1])


def count_instructions(python: Path | str, system: str, games: int) -> dict:
    """Instructions of ``games`` seeded games (seeds 0..games-1) of ``python``'s engine: two runs of
    the worker under cachegrind, with the games and without, the same imports and warm-up in both,
    and the same string hashes (``PYTHONHASHSEED=0``; random ones move the counts by about 1%)."""
    counts, figures = [], {}
    for n in (0, games):
        out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              str(python), str(Path(__file__).resolve()), "--worker", system, "--games", str(n),
                              "--setups", "0"],
                             check=True, capture_output=True, text=True, cwd=tempfile.gettempdir(),
                             env={**os.environ, "PYTHONPATH": "", "PYTHONHASHSEED": "0"})
        found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
        if not found:
            raise SystemExit(f"cachegrind printed no instruction count:\n{out.stderr[-2000:]}")
        counts.append(int(found.group(1).replace(",", "")))
        figures = json.loads(out.stdout.strip().splitlines()[-1])
    return {**figures, "instructions": counts[1] - counts[0]}


def compare_instructions(old_python: Path | str, new_python: Path | str, systems: list[str], games: int,
                         label: str) -> None:
    """Print instructions per game and per decision of both engines on each system, and the ratios."""
    print(f"instructions (cachegrind) of seeds 0-{games - 1} per system; old/new is the speed-up they imply")
    print(f"  {'system':10}{'old ' + label:>22}{'new (this tree)':>22}{'old/new':>9}   per decision (k), old/new")
    for system in systems:
        o, n = count_instructions(old_python, system, games), count_instructions(new_python, system, games)
        per_game = [b["instructions"] / b["games"] / 1e6 for b in (o, n)]
        per_dec = [b["instructions"] / max(b["decisions"], 1) / 1e3 for b in (o, n)]
        print(f"  {system:10}{per_game[0]:>17.1f} M/g{per_game[1]:>17.1f} M/g{per_game[0] / per_game[1]:>8.2f}x"
              f"   {per_dec[0]:.0f} -> {per_dec[1]:.0f} ({per_dec[0] / per_dec[1]:.2f}x);"
              f" turns per game {o['turns'] / o['games']:.1f} -> {n['turns'] / n['games']:.1f}")


def _spread(values: list[float]) -> float:
    mid = statistics.median(values)
    return (max(values) - min(values)) / mid * 100 if mid else 0.0


def compare(old_python: Path | str, new_python: Path | str, systems: list[str], games: int, rounds: int,
            setups: int, label: str) -> dict[str, dict[str, list[dict]]]:
    """Alternate old and new on each system for ``rounds`` rounds; print and return the batches."""
    results: dict[str, dict[str, list[dict]]] = {}
    for system in systems:
        batches: dict[str, list[dict]] = {"old": [], "new": []}
        for r in range(rounds):
            order = [("old", old_python), ("new", new_python)]
            if r % 2:
                order.reverse()
            for name, python in order:
                batches[name].append(run_worker(python, system, r * games, games, setups))
        results[system] = batches
        report(system, batches, label)
    return results


def report(system: str, batches: dict[str, list[dict]], label: str) -> None:
    """Print one system's side-by-side figures."""
    fig = {}
    for name, runs in batches.items():
        rates = [b["games"] / b["wall"] for b in runs]
        cpu_rates = [b["games"] / b["cpu"] for b in runs]
        us_dec = [b["wall"] / max(b["decisions"], 1) * 1e6 for b in runs]
        cpu_us_dec = [b["cpu"] / max(b["decisions"], 1) * 1e6 for b in runs]
        games = sum(b["games"] for b in runs)
        fig[name] = {"rate": statistics.median(rates), "spread": _spread(rates),
                     "cpu_rate": statistics.median(cpu_rates), "us_dec": statistics.median(us_dec),
                     "cpu_us_dec": statistics.median(cpu_us_dec),
                     "turns": sum(b["turns"] for b in runs) / games,
                     "decisions": sum(b["decisions"] for b in runs) / games,
                     "setup": statistics.median(b["setup_ms"] for b in runs),
                     "rss": max(b["rss_mb"] for b in runs)}
    o, n = fig["old"], fig["new"]
    rounds, games = len(batches["new"]), batches["new"][0]["games"]
    print(f"{system}: {rounds} rounds of {games} seeded games each, alternating; medians")
    print(f"  {'':22}{'old ' + label:>24}{'new (this tree)':>18}{'new/old':>10}")
    rows = [("games/s (wall)", "rate", "{:.1f}", "x"), ("games/s (CPU)", "cpu_rate", "{:.1f}", "x"),
            ("us per decision", "us_dec", "{:.0f}", "t"),
            ("CPU us per decision", "cpu_us_dec", "{:.0f}", "t"), ("turns per game", "turns", "{:.1f}", "t"),
            ("decisions per game", "decisions", "{:.0f}", "t"), ("setup ms per game", "setup", "{:.2f}", "t"),
            ("peak RSS MB", "rss", "{:.1f}", "t")]
    for title, key, fmt, _ in rows:
        ratio = n[key] / o[key] if o[key] else float("nan")
        print(f"  {title:22}{fmt.format(o[key]):>24}{fmt.format(n[key]):>18}{ratio:>9.2f}x")
    print(f"  noise: per-round wall rates spread {o['spread']:.0f}% (old) and {n['spread']:.0f}% (new)"
          f" of the median (min to max)")
    drift = abs(n["turns"] / o["turns"] - 1) * 100 if o["turns"] else 0.0
    same = all(a["turns_each"] == b["turns_each"] for a, b in zip(batches["old"], batches["new"]))
    if same:
        print("  games: the same seeds played the same number of turns in every game on both")
    else:
        print(f"  games: turns per game differ by {drift:.0f}% on average (the issue allows 15% unless a "
              f"rules fix changed the games{'; within it' if drift <= 15 else '; OUTSIDE it'})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", nargs="?", help="the older revision (e.g. 0ad438a)")
    parser.add_argument("--games", type=int, default=20, help="games per batch (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per system (default 5)")
    parser.add_argument("--setups", type=int, default=10, help="games timed for setup per batch (default 10)")
    parser.add_argument("--systems", default="yugioh,mtg,onepiece")
    parser.add_argument("--old-python", help="use this interpreter as the old side (skips installing REV)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under cachegrind instead of timing (noise-free; needs valgrind)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--first-seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.first_seed, args.games, args.setups)))
        return 0
    if not args.rev and not args.old_python:
        parser.error("give the older revision (REV) or --old-python")
    old = Path(args.old_python) if args.old_python else install(args.rev)
    label = "(given python)"
    if args.rev:
        sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=7", args.rev], check=True,
                             capture_output=True, text=True).stdout.strip()
        label = args.rev if args.rev.startswith(sha) else f"{args.rev} = {sha}"
    if args.instructions:
        compare_instructions(old, sys.executable, args.systems.split(","), args.games, label)
        return 0
    results = compare(old, sys.executable, args.systems.split(","), args.games, args.rounds, args.setups, label)
    summary(results, label)
    return 0


def _median_of(runs: list[dict], num: str, den: str, scale: float = 1.0) -> float:
    return statistics.median(b[num] / b[den] * scale if b[den] else float("nan") for b in runs)


def summary(results: dict[str, dict[str, list[dict]]], label: str) -> None:
    """One line per system (the ratios the issue's targets are about), then the peer's reference
    figures, which are not measured by this run."""
    print(f"summary, new (this tree) against old {label}, medians of this run:")
    print(f"  {'system':10}{'CPU games/s':>14}{'wall games/s':>14}{'CPU us/decision':>22}")
    for system, batches in results.items():
        o, n = batches["old"], batches["new"]
        cpu = _median_of(n, "games", "cpu") / _median_of(o, "games", "cpu")
        wall = _median_of(n, "games", "wall") / _median_of(o, "games", "wall")
        us_o, us_n = _median_of(o, "cpu", "decisions", 1e6), _median_of(n, "cpu", "decisions", 1e6)
        print(f"  {system:10}{cpu:>13.2f}x{wall:>13.2f}x{us_o:>10.0f} -> {us_n:<6.0f}({us_n / us_o:.2f}x)")
    if "yugioh" in results:
        try:
            from common import PEER, PEER_SOURCE     # benchmarks/common.py, beside this file
        except ImportError:                           # run from elsewhere: the figures are in its docs
            return
        n = results["yugioh"]["new"]
        rate = _median_of(n, "games", "cpu")     # per CPU second: the closest to a quiet machine's wall rate
        print(f"  ygopro-core on the same Yu-Gi-Oh! decks: {PEER['games_s']:.1f} duels/s, "
              f"{PEER['decisions_s']:,.0f} decisions/s counting single-option ones, {PEER['setup_ms']:.1f} ms "
              f"setup, {PEER['rss_mb']:.1f} MB peak RSS ({PEER_SOURCE}); this tree's {rate:.1f} duels per CPU "
              f"second here would be {rate / PEER['games_s']:.2f}x of it only if the machines were alike")


if __name__ == "__main__":
    sys.exit(main())
