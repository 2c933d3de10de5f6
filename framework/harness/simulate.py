"""Simulations: many games between two decks with random agents, on local processes or Ray.

Each game's seed is derived from the master seed and the game's index alone
(:func:`game_seed`), and seats alternate by index, so a game is the same whichever worker plays
it: the results do not depend on the number of workers or the backend. A game that fails is
recorded as a replay (the worker sends the replay back; the driver writes it), so every failure
can be re-run with ``rulestack replay``.
"""
from __future__ import annotations

import functools
import gc
import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, TextIO

import attrs

from ..cards import Deck
from ..escape import escape_text, json_text
from ..search import seat_agents
from ..errors import ConfigurationError
from ..game import Game
from ..system import GameSystem
from ..isolation import Limits, WorkerDied, crash_replay, record_decisions, run_isolated, supervise
from .gamestats import game_stats
from .replay import Replay, describe_error, final_digest
from .report import Z95, figures, html_page, tables, wilson_interval

__all__ = ["LocalBackend", "RayBackend", "SimulationPlan", "Summary", "Z95", "game_seed", "make_backend", "plan_for",
           "play_game", "simulate", "summary_path", "wilson_interval"]
from .systems import SystemRef

def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with master seed ``master`` (48 bits)."""
    digest = hashlib.sha256(f"rulestack-simulate:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@attrs.frozen
class SimulationPlan:
    """What to simulate: the system, the two decks (names or paths), how many games, the
    master seed, the settings, and whether the decks swap seats every other game."""

    system: SystemRef
    decks: tuple[str, ...]
    games: int
    seed: int = 0
    settings: Mapping[str, Any] = attrs.field(factory=dict)
    swap_seats: bool = True
    labels: tuple[str, ...] = ()
    #: ``--agent`` specs, one per seat (see :func:`rulestack.search.seat_agents`); empty: random agents.
    agents: tuple[str, ...] = ()

    def seats(self, index: int) -> tuple[int, ...]:
        """Which deck (by position in ``decks``) sits in each seat for game ``index``."""
        order = tuple(range(len(self.decks)))
        if self.swap_seats and index % 2 == 1:
            return order[1:] + order[:1]
        return order


def deck_labels(decks: Sequence[Deck]) -> tuple[str, ...]:
    """Readable, distinct names for the decks (``alpha``, ``alpha #2`` for a mirror match)."""
    out: list[str] = []
    for d in decks:
        label, n = d.name, 2
        while label in out:
            label, n = f"{d.name} #{n}", n + 1
        out.append(label)
    return tuple(out)


# -- the work of one process -------------------------------------------------------------------------
_CACHE: dict[tuple[SystemRef, tuple[str, ...]], tuple[type[GameSystem], list[Deck]]] = {}


def _prepare(plan: SimulationPlan) -> tuple[type[GameSystem], list[Deck]]:
    key = (plan.system, plan.decks)
    got = _CACHE.get(key)
    if got is None:
        from ..pool import CardPool
        cls = plan.system.load()
        pool = CardPool.for_system(cls)
        got = _CACHE[key] = (cls, [pool.deck(d) for d in plan.decks])
    return got


_NAMES: dict[tuple[SystemRef, tuple[str, ...]], dict[str, str]] = {}


def card_names(plan: SimulationPlan) -> dict[str, str]:
    """The name of every card code of the plan's decks."""
    key = (plan.system, plan.decks)
    names = _NAMES.get(key)
    if names is None:
        from ..pool import CardPool
        cls, decks = _prepare(plan)
        pool = CardPool.for_system(cls)
        codes = sorted({c for d in decks for c in d.all_codes()})
        names = _NAMES[key] = {c: pool.entries[c].name if c in pool.entries else c for c in codes}
    return names


def play_game(plan: SimulationPlan, index: int) -> dict[str, Any]:
    """Play game ``index`` of a plan; return its record (with the replay of a failed game)."""
    cls, decks = _prepare(plan)
    labels = plan.labels or deck_labels(decks)
    seats = plan.seats(index)
    seed = game_seed(plan.seed, index)
    rec: dict[str, Any] = {"index": index, "seed": seed, "seats": [labels[i] for i in seats]}
    start = time.perf_counter()
    game: Game | None = None
    try:
        game = Game(cls, [decks[i] for i in seats], seed=seed, settings=plan.settings,
                    agents=seat_agents(plan.agents, seed, len(seats)))
        record_decisions(game)   # only when replayed alone after a worker died (see _died)
        result = game.play()
        rec.update(winners=list(result.winners), winner_decks=[labels[seats[w]] for w in result.winners],
                   draw=result.draw, reason=result.reason, turns=result.turns, decisions=result.decisions,
                   events=len(game.state.log), error=None, digest=final_digest(game),
                   **game_stats(game, result.reason, card_names(plan).values()))
    except Exception as e:  # every failure is recorded with its replay; the simulation goes on
        rec.update(winners=[], winner_decks=[], draw=False, reason=None,
                   turns=game.state.turn if game is not None else 0,
                   decisions=len(game.decisions) if game is not None else 0,
                   events=len(game.state.log) if game is not None else 0, error=describe_error(e), digest=None)
        if game is not None:
            rec["replay_data"] = Replay.from_game(game, error=e, info={
                "simulation": {"master_seed": plan.seed, "index": index, "seats": rec["seats"]}}).to_dict()
    finally:
        if game is not None:
            game.close()
    rec["seconds"] = round(time.perf_counter() - start, 6)
    return rec


def play_chunk(plan: SimulationPlan, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play several games of a plan (one task of a worker)."""
    return [play_game(plan, i) for i in indices]


def _play_chunk_args(args: tuple[SimulationPlan, Sequence[int]]) -> list[dict[str, Any]]:
    return play_chunk(*args)


def chunks(n: int, size: int) -> list[list[int]]:
    """Game indices ``0..n-1`` in consecutive chunks of ``size``."""
    return [list(range(i, min(n, i + size))) for i in range(0, n, size)]


def chunk_size(games: int, workers: int) -> int:
    """Small enough to balance the load and move the progress bar, big enough to amortize."""
    return max(1, min(25, games // max(1, workers * 8)))


# -- backends -------------------------------------------------------------------------------------------
class LocalBackend:
    """Games on this machine: in this process with one worker, else supervised worker processes
    under OS ``limits`` (:mod:`rulestack.isolation`; default: 4 GiB more address space, 120 s of
    CPU and 600 s of wall-clock time per game). A worker that dies costs the game it was playing,
    recorded with its replay (:func:`_died`); the others go on."""

    name = "local"

    def __init__(self, workers: int | None = None, limits: Limits | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.limits = limits or Limits(wall_seconds=600.0)

    def run(self, plan: SimulationPlan) -> Iterator[list[dict[str, Any]]]:
        """The chunks' records as they finish. The worker processes start now, at the call (before
        a progress bar starts its thread), not at the first iteration."""
        work = chunks(plan.games, chunk_size(plan.games, self.workers))
        if self.workers == 1 or plan.games <= 1:
            return (play_chunk(plan, indices) for indices in work)
        if hasattr(os, "fork"):
            # The workers fork with what this process holds (systems, card pools, compiled scripts)
            # frozen out of the cyclic GC: their full collections skip it instead of walking it and
            # writing to every page of it (copy-on-write). Unfrozen here once they have started;
            # a caller's own freeze is left alone.
            freeze = gc.get_freeze_count() == 0
            if freeze:
                gc.freeze()
            try:
                results = supervise(functools.partial(play_game, plan), range(plan.games), workers=self.workers,
                                    chunk=len(work[0]), limits=self.limits,
                                    on_death=functools.partial(_died, plan, self.limits))
            finally:
                if freeze:
                    gc.unfreeze()
            return _one_by_one(results)
        import multiprocessing as mp
        ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
        pool = ctx.Pool(min(self.workers, len(work)))
        return _closing(pool, pool.imap_unordered(_play_chunk_args, [(plan, c) for c in work]))


def _one_by_one(results: Iterator[tuple[int, dict[str, Any]]]) -> Iterator[list[dict[str, Any]]]:
    try:
        for _, rec in results:
            yield [rec]
    finally:
        results.close()   # type: ignore[attr-defined]


def _died(plan: SimulationPlan, limits: Limits, index: int, died: WorkerDied) -> dict[str, Any]:
    """The record of game ``index``, whose worker process died while playing it. The game is
    played again alone, in a fresh process that streams its decisions: a crash that repeats is
    recorded as the game's error with a replay up to its last decision; one that does not (the
    worker was killed from outside) costs nothing but the time."""
    try:
        rec = run_isolated(play_game, plan, index, limits=limits, record=True)
    except WorkerDied as again:
        cls, decks = _prepare(plan)
        labels = plan.labels or deck_labels(decks)
        error = f"the game's worker process {again.reason}"
        rec = {"index": index, "seed": game_seed(plan.seed, index), "seats": [labels[i] for i in plan.seats(index)],
               "winners": [], "winner_decks": [], "draw": False, "reason": None, "turns": 0,
               "decisions": sum(1 for m in again.messages if m[0] == "decision"), "events": 0, "error": error,
               "digest": None, "seconds": 0.0}
        replay = crash_replay(again.messages, error, info={
            "simulation": {"master_seed": plan.seed, "index": index, "seats": rec["seats"]}})
        if replay is not None:
            rec["replay_data"] = replay.to_dict()
        rec["worker_died"] = f"its first worker process {died.reason}; played again alone, it died again"
        return rec
    rec["worker_died"] = f"its first worker process {died.reason}; played again alone"
    return rec


def _closing(pool: Any, results: Iterator[Any]) -> Iterator[Any]:
    try:
        yield from results
        pool.close()
    finally:
        pool.terminate()
        pool.join()


class RayBackend:
    """Games as Ray tasks: on the cluster at ``address``, on a Ray already initialized in this
    process, or on a local Ray started (and stopped) here.

    A task whose worker dies (killed, out of memory, its node lost) is not retried by Ray: its
    games are played again once, each as a task of its own, and marked ``worker_died`` (the
    summary reports them); a game whose second worker dies too is recorded as failed."""

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        self.address = address
        self.workers = workers

    def run(self, plan: SimulationPlan) -> Iterator[list[dict[str, Any]]]:
        try:
            import ray
        except ImportError:
            raise ConfigurationError("the ray backend needs Ray: pip install 'rulestack[ray]'") from None
        started = False
        if not ray.is_initialized():
            kw: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}
            if self.address:
                kw["address"] = self.address
            else:
                import sys
                kw["runtime_env"] = {"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}}
                if self.workers:
                    kw["num_cpus"] = self.workers
            ray.init(**kw)
            started = True
        try:
            cpus = int(ray.cluster_resources().get("CPU", 1))
            self.workers = self.workers or cpus
            task = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
            work = chunks(plan.games, chunk_size(plan.games, self.workers or cpus))
            # each task's games, and why their first worker died (None: the first attempt)
            pending: dict[Any, tuple[list[int], str | None]] = {task.remote(plan, c): (c, None) for c in work}
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    indices, died = pending.pop(ref)
                    try:
                        records: list[dict[str, Any]] = ray.get(ref)
                    except ray.exceptions.RayTaskError:
                        raise      # the task itself failed (play_chunk records every game's own error)
                    except ray.exceptions.RayError as e:
                        why = _ray_death(e)
                        if died is None:
                            for i in indices:
                                pending[task.remote(plan, [i])] = ([i], why)
                        else:
                            records = [_lost(plan, indices[0], f"its first Ray worker died ({died}); played again "
                                                               f"alone, its worker died again ({why})")]
                            yield records
                        continue
                    if died is not None:
                        for rec in records:
                            rec["worker_died"] = f"its first Ray worker died ({died}); played again alone"
                    yield records
        finally:
            if started:
                ray.shutdown()


def _ray_death(error: Exception) -> str:
    """What a Ray error says about the worker's death, in one line."""
    first = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {first}"[:300]


def _lost(plan: SimulationPlan, index: int, why: str) -> dict[str, Any]:
    """The record of a game that could not be played: its worker died on both attempts."""
    cls, decks = _prepare(plan)
    labels = plan.labels or deck_labels(decks)
    return {"index": index, "seed": game_seed(plan.seed, index), "seats": [labels[i] for i in plan.seats(index)],
            "winners": [], "winner_decks": [], "draw": False, "reason": None, "turns": 0, "decisions": 0,
            "events": 0, "error": f"the game's worker died twice: {why}", "digest": None, "seconds": 0.0,
            "worker_died": why, "replay": None}


def make_backend(name: str, workers: int | None = None, address: str | None = None) -> Any:
    """A backend by name: ``local`` or ``ray``."""
    if name == "local":
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(address, workers)
    raise ConfigurationError(f"unknown backend {name!r} (local or ray)")


# -- the summary -------------------------------------------------------------------------------------------
@attrs.define
class Summary:
    """The outcome of a simulation: every game's record, in index order, and the totals."""

    plan: SimulationPlan
    records: list[dict[str, Any]]
    seconds: float = 0.0
    backend: str = "local"
    workers: int = 1

    @property
    def labels(self) -> tuple[str, ...]:
        return self.plan.labels

    @property
    def errors(self) -> list[dict[str, Any]]:
        return [r for r in self.records if r["error"]]

    @property
    def finished(self) -> list[dict[str, Any]]:
        return [r for r in self.records if not r["error"]]

    def wins(self, label: str) -> int:
        return sum(1 for r in self.finished if label in r["winner_decks"])

    @property
    def draws(self) -> int:
        return sum(1 for r in self.finished if r["draw"])

    def seat_wins(self, seat: int) -> int:
        return sum(1 for r in self.finished if seat in r["winners"])

    def average(self, key: str) -> float:
        done = self.finished
        return sum(r[key] for r in done) / len(done) if done else 0.0

    def totals(self) -> dict[str, Any]:
        """The summary as plain data (no timings: the same for any number of workers): the counts
        it always had (``decks``, ``draws``, ``seat_wins``, averages, ``errors``) and the
        publisher's figures of :func:`rulestack.harness.report.figures` (``first_player``, ``ends``,
        ``length``, ``cards``), with ``worker_deaths``: the games whose worker died and which were
        played again."""
        cls, decks = _prepare(self.plan)
        deck_codes = {label: d.all_codes() for label, d in zip(self.labels, decks)}
        f = figures(self.records, self.labels, card_names(self.plan), deck_codes)
        n = f["finished"]
        for d in f["decks"].values():
            d["rate"] = d["rate"] if d["rate"] is not None else 0.0
        died = [r["index"] for r in self.records if r.get("worker_died")]
        return {"system": self.plan.system.name, "games": len(self.records), "seed": self.plan.seed,
                "agents": list(self.plan.agents), "finished": n, "decks": f["decks"], "draws": f["draws"],
                "seat_wins": [self.seat_wins(s) for s in range(len(self.plan.decks))],
                "average_turns": self.average("turns"), "average_decisions": self.average("decisions"),
                "errors": len(self.errors), "first_player": f["first_player"], "ends": f["ends"],
                "length": f["length"], "cards": f["cards"],
                "worker_deaths": {"games": len(died), "indices": died,
                                  "lost": [r["index"] for r in self.records if r.get("worker_died") and r["error"]]}}

    def text(self, totals: Mapping[str, Any] | None = None) -> str:
        """The summary as readable text: wins per deck with intervals, then the publisher's tables."""
        t = totals or self.totals()
        n = t["finished"]
        rate = len(self.records) / self.seconds if self.seconds else 0.0
        agents = f", agents {' vs '.join(t['agents'])}" if t.get("agents") else ""
        lines = [f"simulate {t['system']}: {t['games']} games, master seed {t['seed']}, "
                 f"{self.workers} worker(s) ({self.backend}), {self.seconds:.1f} s ({rate:.1f} games/s){agents}"]
        width = max([len(x) for x in self.labels] + [5])
        for label, d in t["decks"].items():
            lo, hi = d["ci95"]
            lines.append(f"  {label:<{width}}  wins {d['wins']:>5}  {100 * d['rate']:5.1f}%   "
                         f"95% CI [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
        if n:
            lines.append(f"  {'draws':<{width}}       {t['draws']:>5}  {100 * t['draws'] / n:5.1f}%")
        seats = ", ".join(f"seat {i}: {w}" for i, w in enumerate(t["seat_wins"]))
        lines.append(f"  wins by seat ({'decks swap seats every game' if self.plan.swap_seats else 'fixed seats'}):"
                     f" {seats}")
        lines.append(f"  average turns {t['average_turns']:.1f}, average decisions {t['average_decisions']:.1f}"
                     f" (over {n} finished games)")
        lines += tables(t)
        deaths = t["worker_deaths"]
        if deaths["games"]:
            lines.append(f"  worker processes died in {deaths['games']} game(s), each played again once: "
                         f"{deaths['games'] - len(deaths['lost'])} finished, {len(deaths['lost'])} failed again")
        lines.append(f"  errors: {t['errors']}")
        for r in self.errors[:10]:
            where = f" (replay: {r['replay']})" if r.get("replay") else ""
            lines.append(f"    game {r['index']} (seed {r['seed']}){where}: {r['error']}")
        if len(self.errors) > 10:
            lines.append(f"    ... and {len(self.errors) - 10} more (see --out)")
        return "\n".join(escape_text(line) for line in lines)   # deck names and errors come from files

    def html(self, totals: Mapping[str, Any] | None = None) -> str:
        """The ``--report`` page: one self-contained HTML document (see :func:`rulestack.harness.report.html_page`)."""
        t = totals or self.totals()
        agents = f" ({' vs '.join(t['agents'])})" if t.get("agents") else ""
        return html_page(t, f"rulestack simulate {t['system']}: {' vs '.join(self.labels)}{agents}")


class _OrderedWriter:
    """Writes records as JSON lines in game order while they arrive in any order."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.waiting: dict[int, dict[str, Any]] = {}
        self.next = 0

    def add(self, rec: dict[str, Any]) -> None:
        if self.stream is None:
            return
        self.waiting[rec["index"]] = rec
        while self.next in self.waiting:
            self.stream.write(json.dumps(self.waiting.pop(self.next), sort_keys=True) + "\n")
            self.next += 1


def summary_path(out: str | Path) -> Path:
    """Where ``--out FILE`` puts the summary: beside FILE, ``games.jsonl`` -> ``games.summary.json``."""
    path = Path(out)
    return path.with_name(f"{path.name.split('.')[0] or path.name}.summary.json")


def replay_path(folder: Path, plan: SimulationPlan, index: int) -> Path:
    """Where the replay of failed game ``index`` goes."""
    return folder / f"{plan.system.name}-seed{plan.seed}-game{index:05d}.replay.json"


def simulate(plan: SimulationPlan, backend: Any = None, *, out: str | Path | None = None,
             replays: str | Path = "rulestack-failures", progress: bool = True,
             on_record: Callable[[dict[str, Any]], None] | None = None) -> Summary:
    """Run a simulation. Writes one JSON line per game to ``out`` (in game order) and the replay
    of every failed game into the folder ``replays``; shows a progress bar unless told not to."""
    from tqdm import tqdm

    backend = backend or LocalBackend(1)
    cls, decks = _prepare(plan)                 # configuration errors show before any work starts
    cls(plan.settings)                          # an unknown setting, too
    if len(decks) != cls.player_count:
        raise ConfigurationError(f"{cls.name} needs {cls.player_count} decks, got {len(decks)}")
    if not plan.labels:
        plan = attrs.evolve(plan, labels=deck_labels(decks))
    records: dict[int, dict[str, Any]] = {}
    folder = Path(replays)
    stream = open(out, "w", encoding="utf-8") if out else None
    writer = _OrderedWriter(stream)
    errors = 0                                  # failed games so far (the bar's postfix)
    start = time.perf_counter()
    try:
        results = backend.run(plan)   # a process pool starts here, before the bar's thread
        with tqdm(total=plan.games, unit="game", disable=not progress, desc=f"simulate {plan.system.name}",
                  leave=True, dynamic_ncols=True) as bar:
            for chunk in results:
                for rec in chunk:
                    data = rec.pop("replay_data", None)
                    if data is not None:
                        path = replay_path(folder, plan, rec["index"])
                        path.parent.mkdir(parents=True, exist_ok=True)
                        path.write_text(json_text(data), encoding="utf-8")
                        rec["replay"] = str(path)
                    elif rec["error"]:
                        rec["replay"] = None
                    if rec["error"]:
                        errors += 1
                    records[rec["index"]] = rec
                    writer.add(rec)
                    if on_record is not None:
                        on_record(rec)
                bar.update(len(chunk))
                if records:
                    bar.set_postfix(errors=errors, refresh=False)
    finally:
        if stream is not None:
            stream.close()
    ordered = [records[i] for i in sorted(records)]
    return Summary(plan, ordered, seconds=time.perf_counter() - start, backend=getattr(backend, "name", "?"),
                   workers=getattr(backend, "workers", None) or 1)


def plan_for(system: str | type, decks: Sequence[str] | None = None, *, games: int = 100, seed: int = 0,
             settings: Mapping[str, Any] | None = None, cards: Iterable[str | Path] = (),
             swap_seats: bool = True, agents: Sequence[str] = ()) -> SimulationPlan:
    """A plan for ``system`` (default: its sample decks), with ``--agent`` specs per seat."""
    ref = SystemRef.of(system, list(cards))
    cls = ref.load()
    chosen = tuple(str(d) for d in (decks or cls.sample_decks))
    if len(chosen) != cls.player_count:
        raise ConfigurationError(f"{cls.name} needs {cls.player_count} decks (--deck twice), got {len(chosen)}")
    resolved = tuple(str(Path(d).resolve()) if Path(d).suffix else d for d in chosen)
    if games < 1:
        raise ConfigurationError("--games must be at least 1")
    return SimulationPlan(system=ref, decks=resolved, games=games, seed=seed, settings=dict(settings or {}),
                          swap_seats=swap_seats, agents=tuple(agents))
