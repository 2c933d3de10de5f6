"""Games in worker processes with OS limits: the outer layer of the sandbox.

The Lua sandbox (:mod:`rulestack.sandbox`) stops what a card script can do inside the interpreter.
What it cannot stop — a memory-safety bug in lupa (``/work/shared/notes/lua-sandbox.md`` §2), a
loop in C nobody has found yet, a bug in a system's Python — must cost one process, never the
host. This module forks such processes and watches them:

* :func:`run_isolated` runs one function (``rulestack play --isolate``: one game) in a child
  process under :class:`Limits` and brings back its result or its exception. If the child dies
  instead, it raises :class:`WorkerDied`, which says how (a signal, the CPU or wall-clock limit).
* :func:`supervise` runs many items (``rulestack simulate``: game indices) on a few long-lived
  workers. Each worker reports every item as it finishes, so when one dies the supervisor knows
  which item it was playing: that item costs one result (``on_death`` makes it), the rest of the
  worker's share goes back in the queue and a fresh worker takes over.
* :func:`record_decisions` streams a game's replay header and each decision from an isolated child
  (started with ``record=True``) to its parent, so that a game whose process died still leaves a
  replay up to its last decision (:func:`crash_replay`).

Children are made with ``fork`` (POSIX only): they inherit the loaded systems, card pools and any
system registered with :func:`rulestack.register_system`, and nothing has to be pickled but the
results. Limits apply to the child only: ``RLIMIT_AS`` (address space, counted on top of what
the child inherits), ``RLIMIT_CPU`` (per item: re-armed before each one), no core files, and a
wall-clock watchdog kept by the parent, which kills a child that overstays.
"""
from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import sys
import time
import traceback
from collections import deque
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import attrs

from .errors import RulestackError

__all__ = ["Limits", "WorkerDied", "WorkerError", "crash_replay", "exit_reason", "play_isolated",
           "record_decisions", "run_isolated", "supervise"]

_FRAME = struct.Struct("!I")
_READ_SIZE = 1 << 16


@attrs.frozen
class Limits:
    """OS limits for a worker process.

    ``memory``: bytes of address space (``RLIMIT_AS``) the worker may add to what it inherits when
    it is forked (a fork starts with its parent's mappings, so an absolute cap would have to guess
    the parent's size). ``cpu_seconds``: CPU time (``RLIMIT_CPU``) for one item of work; a worker
    that exceeds it gets ``SIGXCPU`` and dies. ``wall_seconds``: wall-clock time for one item,
    enforced by the parent with ``SIGKILL``. ``None`` means no limit of that kind.
    """

    memory: int | None = 4 * 2**30
    cpu_seconds: float | None = 120.0
    wall_seconds: float | None = None

    def apply(self) -> None:
        """In the worker: cap the address space and disable core files (call once, after fork)."""
        import resource
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if self.memory is not None:
            cap = _address_space() + int(self.memory)
            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            if hard != resource.RLIM_INFINITY:
                cap = min(cap, hard)
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))

    def arm_cpu(self) -> None:
        """In the worker: allow ``cpu_seconds`` more CPU time from now (before each item).

        ``RLIMIT_CPU`` counts the whole life of a process, so a long-lived worker moves its soft
        limit forward before each item; the hard limit stays where it was, so this is allowed.
        """
        if self.cpu_seconds is None:
            return
        import math
        import resource
        used = resource.getrusage(resource.RUSAGE_SELF)
        soft = math.ceil(used.ru_utime + used.ru_stime + self.cpu_seconds)
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def _address_space() -> int:
    """This process's current virtual memory size in bytes (0 when the OS does not say)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            pages = int(f.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


# -- how a worker ended -------------------------------------------------------------------------------------
_SIGNAL_WORDS = {
    "SIGKILL": "was killed (SIGKILL: out of memory, over its wall-clock limit, or killed from outside)",
    "SIGXCPU": "exceeded its CPU time limit (SIGXCPU)",
    "SIGSEGV": "crashed with a segmentation fault (SIGSEGV)",
    "SIGBUS": "crashed with a bus error (SIGBUS)",
    "SIGABRT": "aborted (SIGABRT)",
    "SIGFPE": "crashed with an arithmetic fault (SIGFPE)",
    "SIGILL": "crashed with an illegal instruction (SIGILL)",
}


def exit_reason(status: int) -> tuple[str, str | None, int | None]:
    """How a child ended, from its ``waitpid`` status: ``(reason, signal name, exit code)``."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = f"signal {sig}"
        return _SIGNAL_WORDS.get(name, f"was killed by {name}"), name, None
    if os.WIFEXITED(status):
        code = os.WEXITSTATUS(status)
        return f"exited with status {code} without reporting a result", None, code
    return f"ended with wait status {status}", None, None


class WorkerDied(RulestackError):
    """A worker process ended without a result: a crash, a signal, or a limit.

    ``reason`` says how in words; ``signal`` is the signal's name (``"SIGSEGV"``) or ``None``;
    ``exitcode`` the exit status of a worker that exited; ``item`` what it was working on;
    ``messages`` what it sent with :func:`record_decisions` before it died.
    """

    def __init__(self, reason: str, *, signal: str | None = None, exitcode: int | None = None,
                 item: Any = None, messages: Sequence[Any] = ()) -> None:
        super().__init__(f"worker process {reason}")
        self.reason = reason
        self.signal = signal
        self.exitcode = exitcode
        self.item = item
        self.messages = list(messages)

    def __reduce__(self) -> Any:
        return (_rebuild_died, (self.reason, self.signal, self.exitcode, self.item, self.messages))


def _rebuild_died(reason: str, sig: str | None, code: int | None, item: Any, messages: list) -> WorkerDied:
    return WorkerDied(reason, signal=sig, exitcode=code, item=item, messages=messages)


class WorkerError(RulestackError):
    """The work raised an exception in the worker that cannot travel back as itself (it does not
    pickle). ``type_name`` and ``remote_traceback`` say what it was."""

    def __init__(self, type_name: str, message: str, remote_traceback: str = "") -> None:
        super().__init__(f"{type_name}: {message}" if message else type_name)
        self.type_name = type_name
        self.remote_traceback = remote_traceback

    def __reduce__(self) -> Any:
        return (WorkerError, (self.type_name, str(self), self.remote_traceback))


def _portable(exc: BaseException) -> BaseException:
    """``exc`` if it survives a pickle round trip, else a :class:`WorkerError` describing it."""
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        back = pickle.loads(pickle.dumps(exc))
        if type(back) is not type(exc):
            raise TypeError("changed type")
    except Exception:  # noqa: BLE001 - anything that does not round-trip is described instead
        return WorkerError(type(exc).__name__, str(exc), tb)
    try:
        back.remote_traceback = tb   # type: ignore[attr-defined]
    except AttributeError:
        pass
    return back


# -- framing ----------------------------------------------------------------------------------------------
def _send(fd: int, obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(_FRAME.pack(len(data)) + data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


class _Frames:
    """Reassembles length-prefixed pickles from the bytes of a pipe."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.ready: deque[Any] = deque()   # complete messages not yet taken (_read_blocking)

    def feed(self, data: bytes) -> list[Any]:
        """Add bytes; return the messages they complete."""
        self.buffer += data
        out = []
        while len(self.buffer) >= _FRAME.size:
            (n,) = _FRAME.unpack_from(self.buffer)
            if len(self.buffer) < _FRAME.size + n:
                break
            out.append(pickle.loads(bytes(self.buffer[_FRAME.size:_FRAME.size + n])))
            del self.buffer[:_FRAME.size + n]
        return out


def _read_blocking(fd: int, frames: _Frames) -> Any:
    """The next message from ``fd`` (``None`` at end of file)."""
    while not frames.ready:
        data = os.read(fd, _READ_SIZE)
        if not data:
            return None
        frames.ready.extend(frames.feed(data))
    return frames.ready.popleft()


# -- the flight recorder ------------------------------------------------------------------------------------
_channel: int | None = None   # in a child started with record=True: the write end to the parent


class _StreamedDecisions(list):
    """``Game.decisions`` in a recorded child: each answer also goes to the parent at once."""

    def __init__(self, fd: int, existing: Iterable[Any]) -> None:
        super().__init__(existing)
        self._fd = fd

    def append(self, answer: Any) -> None:
        super().append(answer)
        _send(self._fd, ("decision", answer))


def record_decisions(game: Any) -> None:
    """In a child started with ``run_isolated(..., record=True)``, send ``game``'s replay header
    now and each decision as it is made, so that the parent can write a replay even if this
    process dies. Anywhere else it does nothing (and costs nothing)."""
    fd = _channel
    if fd is None:
        return
    from .harness.replay import Replay
    _send(fd, ("game", Replay.from_game(game).to_dict()))
    game.decisions = _StreamedDecisions(fd, game.decisions)


def crash_replay(messages: Sequence[Any], error: str, info: Mapping[str, Any] | None = None) -> Any:
    """The replay of a game whose process died, from what :func:`record_decisions` sent: the game
    as it began, every decision up to the crash, and ``error``. Its event log and final digest
    are unknown (empty). ``None`` if the child died before the game began."""
    from .harness.replay import Replay
    header = next((m[1] for m in messages if isinstance(m, tuple) and m and m[0] == "game"), None)
    if header is None:
        return None
    data = dict(header)
    data.update(decisions=[m[1] for m in messages if isinstance(m, tuple) and m and m[0] == "decision"],
                error=error, result=None, events=[], final_digest="",
                info={**dict(header.get("info") or {}), **dict(info or {}), "crashed": True})
    return Replay.from_dict(data, "<crashed game>")


# -- one function in one child --------------------------------------------------------------------------------
def _child_prepare(limits: Limits) -> None:
    """First steps of every child: its own SIGINT policy (the parent handles Ctrl-C and kills
    it) and its limits."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    limits.apply()


def _child_exit(code: int) -> None:
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def run_isolated(fn: Callable[..., Any], *args: Any, limits: Limits = Limits(), record: bool = False,
                 **kwargs: Any) -> Any:
    """Run ``fn(*args, **kwargs)`` in a forked child process under ``limits``; return its result
    or raise its exception here (as itself when it pickles, else as :class:`WorkerError`).

    If the child dies first — a crash, a signal, the CPU limit, or the parent's wall-clock
    watchdog — raise :class:`WorkerDied`. With ``record``, :func:`record_decisions` in the child
    streams the game's header and decisions, kept in ``WorkerDied.messages``. The child shares
    the terminal: what it prints appears as it prints it.
    """
    global _channel
    r, w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:   # the child
        code = 0
        try:
            os.close(r)
            _channel = w if record else None
            _child_prepare(limits)
            limits.arm_cpu()
            try:
                outcome = ("ok", fn(*args, **kwargs))
            except BaseException as exc:  # noqa: BLE001 - everything goes back to the parent
                outcome = ("raised", _portable(exc))
            try:
                _send(w, outcome)
            except Exception as exc:  # noqa: BLE001 - an unpicklable result
                _send(w, ("raised", WorkerError(type(exc).__name__, f"the result could not be sent back: {exc}")))
        except BaseException:  # noqa: BLE001 - never return into the parent's code
            code = 70
        _child_exit(code)

    os.close(w)
    frames = _Frames()
    messages: list[Any] = []
    outcome: tuple | None = None
    killed_for: str | None = None
    deadline = time.monotonic() + limits.wall_seconds if limits.wall_seconds is not None else None
    try:
        while True:
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([r], [], [], timeout)
            if not ready:
                killed_for = f"exceeded its wall-clock limit of {limits.wall_seconds:g} s (killed)"
                os.kill(pid, signal.SIGKILL)
                deadline = None
                continue
            data = os.read(r, _READ_SIZE)
            if not data:
                break
            for msg in frames.feed(data):
                if msg[0] in ("ok", "raised"):
                    outcome = msg
                else:
                    messages.append(msg)
        _, status = os.waitpid(pid, 0)
        pid = 0
    finally:
        os.close(r)
        if pid:   # interrupted (Ctrl-C) or failed while the child runs: it must not outlive us
            _kill_and_reap(pid)
    if outcome is not None:
        if outcome[0] == "ok":
            return outcome[1]
        raise outcome[1]
    reason, sig, code = exit_reason(status)
    raise WorkerDied(killed_for or reason, signal=sig, exitcode=code, messages=messages)


def _kill_and_reap(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


# -- many items on supervised workers --------------------------------------------------------------------------
class _Worker:
    """The parent's handle on one worker: its pid, pipes, and the items it has not reported yet."""

    __slots__ = ("pid", "to_child", "from_child", "frames", "assigned", "started", "killed_for")

    def __init__(self, pid: int, to_child: int, from_child: int) -> None:
        self.pid = pid
        self.to_child = to_child
        self.from_child = from_child
        self.frames = _Frames()
        self.assigned: deque[Any] = deque()
        self.started = time.monotonic()
        self.killed_for: str | None = None


def _worker_main(inbox: int, outbox: int, work: Callable[[Any], Any], limits: Limits) -> None:
    """A worker's life: take a share of items, report each result as soon as it is done."""
    frames = _Frames()
    while True:
        share = _read_blocking(inbox, frames)
        if share is None or share == "stop":
            return
        for item in share:
            limits.arm_cpu()
            try:
                _send(outbox, ("done", item, work(item)))
            except BaseException as exc:  # noqa: BLE001 - reported; the parent decides
                _send(outbox, ("raised", item, _portable(exc)))


def supervise(work: Callable[[Any], Any], items: Iterable[Any], *, workers: int, chunk: int = 1,
              limits: Limits = Limits(),
              on_death: Callable[[Any, WorkerDied], Any]) -> Iterator[tuple[Any, Any]]:
    """Run ``work(item)`` for every item on ``workers`` forked worker processes under ``limits``
    and yield ``(item, result)`` pairs as they finish (in no particular order).

    Workers take up to ``chunk`` items at a time (fewer as the queue runs low, down to one, so
    that they finish together) and report each one; a worker's next share is sent while it works
    on the last item of the current one, so it never waits for the supervisor. When a worker
    dies, the item it was working on yields ``(item, on_death(item, died))`` — called here, in
    the parent — and the items it had not started go back to the queue for a fresh worker. An
    exception raised by ``work`` stops everything and is raised here. The workers start at the
    call, not at the first iteration; every worker is gone when the iterator is exhausted or
    closed.
    """
    queue: deque[Any] = deque(items)
    cap, spread = max(1, chunk), 4 * max(1, workers)
    pool: dict[int, _Worker] = {}

    def spawn() -> None:
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:   # the worker
            code = 0
            try:
                for other in pool.values():   # another worker's pipes must not stay open here
                    os.close(other.to_child)
                    os.close(other.from_child)
                os.close(in_w)
                os.close(out_r)
                _child_prepare(limits)
                _worker_main(in_r, out_w, work, limits)
            except BaseException:  # noqa: BLE001 - never return into the parent's code
                code = 70
            _child_exit(code)
        os.close(in_r)
        os.close(out_w)
        worker = _Worker(pid, in_w, out_r)
        pool[out_r] = worker
        feed(worker)

    def give(worker: _Worker) -> bool:
        """Send the worker its next share (``"stop"`` when the queue is empty); ``False`` if it
        is dead already."""
        size = min(cap, max(1, len(queue) // spread))   # a quarter of each worker's part, at most
        share = [queue.popleft() for _ in range(min(size, len(queue)))]
        try:
            _send(worker.to_child, share or "stop")
        except BrokenPipeError:   # it died already: its end of file says so
            queue.extendleft(reversed(share))
            return False
        if not worker.assigned:   # it starts on this share now (else after the items it has)
            worker.started = time.monotonic()
        worker.assigned.extend(share)
        return True

    def feed(worker: _Worker) -> None:
        """Keep the worker's next share in its pipe while it works on its last item; tell it to
        stop once it has nothing left and the queue is empty."""
        if queue:
            while queue and len(worker.assigned) <= 1 and give(worker):
                pass
        elif not worker.assigned:
            give(worker)

    for _ in range(min(max(1, workers), len(queue))):
        spawn()
    return _supervised(pool, queue, spawn, feed, limits, on_death)


def _supervised(pool: dict[int, _Worker], queue: deque, spawn: Callable[[], None],
                feed: Callable[[_Worker], None], limits: Limits,
                on_death: Callable[[Any, WorkerDied], Any]) -> Iterator[tuple[Any, Any]]:
    try:
        while pool:
            timeout = None
            if limits.wall_seconds is not None:
                now = time.monotonic()
                for w in pool.values():
                    if w.assigned and w.killed_for is None:
                        left = w.started + limits.wall_seconds - now
                        if left <= 0:
                            w.killed_for = f"exceeded its wall-clock limit of {limits.wall_seconds:g} s (killed)"
                            _kill_quietly(w.pid)
                        else:
                            timeout = left if timeout is None else min(timeout, left)
            ready, _, _ = select.select(list(pool), [], [], timeout)
            for fd in ready:
                w = pool[fd]
                data = os.read(fd, _READ_SIZE)
                if data:
                    for kind, item, payload in w.frames.feed(data):
                        w.assigned.popleft()
                        w.started = time.monotonic()
                        if kind == "raised":
                            raise payload
                        yield item, payload
                    feed(w)
                    continue
                # End of file: the worker is gone, on purpose (told to stop) or not.
                del pool[fd]
                os.close(w.from_child)
                os.close(w.to_child)
                _, status = os.waitpid(w.pid, 0)
                if w.assigned:
                    reason, sig, code = exit_reason(status)
                    item = w.assigned.popleft()
                    queue.extendleft(reversed(w.assigned))
                    died = WorkerDied(w.killed_for or reason, signal=sig, exitcode=code, item=item)
                    yield item, on_death(item, died)
                if queue:
                    spawn()
    finally:
        for w in pool.values():
            _kill_quietly(w.pid)
        for w in pool.values():
            for fd in (w.from_child, w.to_child):
                try:
                    os.close(fd)
                except OSError:
                    pass
            try:
                os.waitpid(w.pid, 0)
            except ChildProcessError:
                pass
        pool.clear()


def _kill_quietly(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


# -- rulestack play --isolate -------------------------------------------------------------------------------------
def play_isolated(args: Any, play: Callable[[Any], int], limits: Limits | None = None) -> int:
    """``rulestack play --isolate``: run ``play(args)`` (the ordinary play command) in a child
    process under ``limits`` and report a crash cleanly.

    The game prints as usual. If its process dies (a crash in native code, the CPU or memory
    limit), the parent says how and writes the replay of the game up to its last decision to
    ``--replay FILE`` (default ``rulestack-crash-<system>-seed<N>.replay.json``). Returns the
    command's exit status: the game's own, or 1 after a crash or a failure.
    """
    import copy
    child_args = copy.copy(args)
    child_args.isolate = False
    try:
        return int(run_isolated(play, child_args, limits=limits or Limits(), record=True) or 0)
    except WorkerDied as died:
        error = f"the game's process {died.reason}"
        print(f"error: {error}", file=sys.stderr)
        replay = crash_replay(died.messages, error, info={"isolated": True})
        if replay is not None:
            path = args.replay or f"rulestack-crash-{args.system}-seed{args.seed}.replay.json"
            replay.save(path)
            print(f"replay of the game up to its last decision ({len(replay.decisions)} decisions) written to {path}",
                  file=sys.stderr)
        return 1
    except RulestackError:
        raise   # the command's own errors: reported by the CLI as without --isolate
    except Exception as exc:  # noqa: BLE001 - a bug or a limit (MemoryError) inside the game's process
        tb = getattr(exc, "remote_traceback", "")
        if tb:
            sys.stderr.write(tb)
        print(f"error: the game failed: {type(exc).__name__}: {exc}".rstrip(": "), file=sys.stderr)
        return 1
