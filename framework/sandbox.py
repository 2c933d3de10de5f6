"""The hardened Lua 5.4 sandbox that runs card scripts.

Card scripts are untrusted. Each :class:`LuaSandbox` owns one lupa ``LuaRuntime`` (pinned to Lua 5.4:
lupa 2.8's default is Lua 5.5, which mixes up Python object identities) configured so that nothing
of Python is reachable from Lua. A trusted bootstrap (``_sandbox_boot.lua``) captures what it needs,
builds guarded library functions, locks the shared string and lupa metatables and scrubs the
globals; every script then runs in a fresh private environment under an instruction budget, a CPU
deadline and the runtime's memory cap. Only plain data crosses the boundary in either direction.

The layered design and the lupa hazards it answers are described in
``/work/shared/notes/lua-sandbox.md``. In-process sandboxing keeps residual risk (lupa memory-safety
bugs, C loops nobody has found yet), so run games in worker processes with OS limits as the outer
layer.

Usage::

    box = LuaSandbox(methods={"draw": lambda ctx_id, n=1: game.draw(ctx_id, n)}, random=rng.randint)
    script = box.load(source, file="card_scripts/yugioh/seven_tools.lua", card="Seven Tools of the Bandit")
    resolve = script.data["abilities"][0]["resolve"]          # a LuaFunctionRef
    box.call(resolve, ctx_id, 3)                               # resolve(ctx, 3) in Lua
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from pathlib import Path
from typing import Any

import attrs
import lupa.lua54 as lupa  # pin Lua 5.4; never `from lupa import LuaRuntime` (Lua 5.5 in 2.8)

from .errors import RulestackError
from .escape import escape_text
from .lua_source import format_path, line_of

try:  # Calls suspended in a greenlet are told apart from nested calls by their greenlet.
    from greenlet import getcurrent as _getcurrent
except ImportError:  # pragma: no cover - greenlet is a dependency, but the sandbox works without it
    def _getcurrent() -> None:
        return None

__all__ = [
    "LoadedScript",
    "LuaFunctionRef",
    "LuaSandbox",
    "ScriptError",
    "ScriptLimitError",
    "ScriptLoadError",
    "ScriptMemoryError",
]

_BOOT_NAME = "rulestack-sandbox"
_BOOT_CODE = Path(__file__).with_name("_sandbox_boot.lua").read_text(encoding="utf-8")

# Fixed limits (the constructor's arguments are the ones hosts tune).
_HOOK_COUNT = 1000            # VM instructions between two runs of the budget hook
_MAX_DEPTH = 32               # nested calls (a host method calling back into the sandbox)
_MAX_DATA_DEPTH = 32          # table nesting of data crossing the boundary
_MAX_NODES = 100_000          # values in one piece of data crossing the boundary
_MAX_REP = 4 * 2**20          # bytes one string.rep may produce
_MAX_VALUES = 8192            # values one table.unpack / string.byte / utf8.codepoint may return
_MAX_TABLE_RANGE = 1_000_000  # elements one table.concat/insert/remove/move/sort may touch
_PATTERN_LIMIT = 1e8          # worst-case matcher steps of one pattern call (~0.2 s measured)
_PLAIN_LIMIT = 4e9            # worst-case byte comparisons of one plain find
_NO_ALLOWANCE = 2**62         # no per-turn / per-game allowance unless set (set_allowances)
_HOST_CALL_COST = 5000        # instructions charged for one host call (its Python work, ~10-50 us, is unseen)
_LUA_IDSIZE = 60              # Lua's LUA_IDSIZE: chunk names are cut to 59 bytes in messages

_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1

_HEADROOM = 256 * 1024        # free heap below the cap for pushing small strings directly
_SCALARS = (type(None), bool, float)


class ScriptError(RulestackError):
    """A card script failed.

    Attributes: ``card`` (str | None), ``file`` (str | None), ``line`` (int | None) and
    ``message`` (str, without position). ``str(e)`` reads like
    ``card 'Seven Tools of the Bandit' (card_scripts/yugioh/seven_tools.lua:12): attempt to index a nil value``.
    """

    def __init__(self, message: str, card: str | None = None, file: str | None = None,
                 line: int | None = None) -> None:
        # Positional args so that pickling (worker processes) round-trips.
        super().__init__(message, card, file, line)
        self.message = message
        self.card = card
        self.file = file
        self.line = line

    def __str__(self) -> str:
        # What a script or card file chose (its message, name, path) never carries control
        # characters into a terminal or a log: they are shown escaped.
        message = escape_text(self.message)
        where = escape_text(self.file or "")
        if self.line is not None:
            where = f"{where}:{self.line}" if where else f"line {self.line}"
        if self.card is not None:   # repr shows a name's control characters escaped already
            return f"card {self.card!r} ({where}): {message}" if where else f"card {self.card!r}: {message}"
        return f"{where}: {message}" if where else message


class ScriptLoadError(ScriptError):
    """A script could not be loaded: bad source, syntax error, runtime error in the chunk, or its
    returned value is not a table of plain data and functions."""


class ScriptLimitError(ScriptError):
    """A script exceeded its instruction budget or CPU deadline, or asked a guarded library function
    for too much work; the message says which."""


class ScriptMemoryError(ScriptError):
    """A script exceeded the sandbox's memory cap (or kept too much memory alive after a call)."""


class HostUsageError(RulestackError):
    """Raised by a host method when a script called it wrongly (a bad argument). Unlike any other
    exception from a host method, it becomes an ordinary Lua error at the script's calling line,
    so the resulting :class:`ScriptError` names the script's file and line."""


@attrs.frozen
class LuaFunctionRef:
    """A handle to a Lua function found in a script's returned table.

    ``script`` is the script id within its sandbox, ``path`` the key path in the returned table
    (``("abilities", 1, "resolve")``; list positions are 1-based like in Lua), ``line`` the line
    where the function is defined.
    """

    script: int
    path: tuple
    line: int | None


@attrs.frozen
class LoadedScript:
    """A loaded card script: its id, card name, display file and returned table as plain data
    (dicts, lists, scalars; functions replaced by :class:`LuaFunctionRef`)."""

    script: int
    card: str | None
    file: str
    data: Any


def _deny_get(obj: object, name: object) -> object:
    """lupa attribute handler: no Python attribute or item is ever readable from Lua."""
    raise AttributeError("access denied")


def _deny_set(obj: object, name: object, value: object) -> None:
    """lupa attribute handler: no Python attribute or item is ever writable from Lua."""
    raise AttributeError("access denied")


def _decode(value: Any, it: Iterator[Any]) -> Any:
    """Decode one value of the flat stream the bootstrap's emit() produces: a scalar is itself,
    ``None, False`` is None, ``None, n`` is followed by n values (a list) and ``None, -n`` by n
    key/value pairs (a dict)."""
    if value is not None:
        return value
    n = next(it)
    if n is False:
        return None
    if n >= 0:
        return [_decode(next(it), it) for _ in range(n)]
    return {next(it): _decode(next(it), it) for _ in range(-n)}


def _decode_values(stream: Iterator[Any], n: int) -> list[Any]:
    """Decode n consecutive values of a stream."""
    return [_decode(next(stream), stream) for _ in range(n)]


def _fatal(message: str) -> None:
    """Abort the process: the Lua stack is about to be corrupted, which is worse than a crash."""
    sys.stderr.write(f"rulestack.sandbox: fatal: {message}\n")
    sys.stderr.flush()
    os.abort()


_ORDER_VIOLATION = (
    "a host method returned into Lua while a later LuaSandbox.call on the same sandbox was still "
    "suspended (greenlet switch); calls on one sandbox must finish in LIFO order")


class _Script:
    """Bookkeeping of one loaded script (Python side)."""

    __slots__ = ("card", "file", "chunkid", "alive")

    def __init__(self, card: str | None, file: str) -> None:
        self.card = card
        self.file = file
        self.chunkid = _chunkid(file)
        self.alive = True


def _chunkid(file: str) -> str:
    """The file name as Lua prints it in messages ("=file" sources are cut to 59 bytes)."""
    raw = file.encode("utf-8")
    if len(raw) < _LUA_IDSIZE:
        return file
    raw = raw[: _LUA_IDSIZE - 1]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:  # the bootstrap escapes such messages byte by byte
        return "".join(chr(c) if c < 128 else f"\\x{c:02X}" for c in raw)


_LINE_RE = re.compile(r"(\d+): ")


class LuaSandbox:
    """One hardened Lua 5.4 runtime for the card scripts of a game.

    ``methods`` are the host functions scripts reach as ``ctx:name(...)``; each is called as
    ``methods[name](ctx_id, *args)`` with plain Python data and returns plain data (a tuple returns
    several Lua values). ``random(m, n)`` returns an integer in ``[m, n]`` and backs ``math.random``
    (without it, math.random is Lua's generator with a fixed seed). ``max_memory`` caps the Lua heap
    in bytes, ``instruction_limit`` and ``cpu_seconds`` bound every top-level call (time spent in
    host methods does not count), ``max_source`` bounds a script's size in bytes.

    Not thread-safe: use a sandbox from one thread at a time. Calls may nest (a host method calling
    :meth:`call`) and may be suspended in a greenlet while another greenlet uses the sandbox, as long
    as they finish in LIFO order.
    """

    def __init__(self, *, methods: Mapping[str, Callable[..., Any]],
                 random: Callable[[int, int], int] | None = None,
                 max_memory: int = 64 * 2**20, instruction_limit: int = 20_000_000,
                 cpu_seconds: float = 2.0, max_source: int = 256 * 1024,
                 turn_allowance: int | None = None, game_allowance: int | None = None) -> None:
        for name, fn in methods.items():
            if not isinstance(name, str) or not callable(fn):
                raise TypeError(f"methods must map names to callables, got {name!r}: {fn!r}")
        if random is not None and not callable(random):
            raise TypeError("random must be a callable random(m, n) -> int")
        if max_memory <= 0 or instruction_limit <= 0 or cpu_seconds <= 0 or max_source <= 0:
            raise ValueError("max_memory, instruction_limit, cpu_seconds and max_source must be positive")
        self._max_memory = int(max_memory)
        # After a call, a heap above this is garbage-collected; still above it, the called
        # script is held responsible and unloaded (notes 4.9).
        self._soft_memory = self._max_memory // 2
        self._max_source = int(max_source)
        self._frames: list[list[Any]] = []   # [greenlet, exception from a host function] per call
        #: Whether a script may have used some of its allowance for the turn since the last
        #: :meth:`new_turn` (else that call is skipped: there is nothing to start again).
        self._turn_used = True
        self._lock = threading.RLock()
        self._scripts: dict[int, _Script] = {}
        self._handles: dict[tuple[int, tuple], int] = {}
        self._next_id = 1
        self._random = random

        rt = lupa.LuaRuntime(register_eval=False, register_builtins=False, unpack_returned_tuples=True,
                             max_memory=self._max_memory, attribute_handlers=(_deny_get, _deny_set))
        self._rt = rt
        self._abort = rt.table()   # returned by dispatchers when a host function raised
        self._usage = rt.table()   # returned (with a message) when it raised HostUsageError
        cfg = rt.table_from({
            "instruction_limit": int(instruction_limit), "cpu_seconds": float(cpu_seconds),
            "hook_count": _HOOK_COUNT, "max_depth": _MAX_DEPTH, "max_data_depth": _MAX_DATA_DEPTH,
            "max_nodes": _MAX_NODES, "max_rep": _MAX_REP, "max_values": _MAX_VALUES,
            "max_table_range": _MAX_TABLE_RANGE, "pattern_limit": _PATTERN_LIMIT,
            "plain_limit": _PLAIN_LIMIT, "host_call_cost": _HOST_CALL_COST,
            "turn_allowance": int(turn_allowance or _NO_ALLOWANCE),
            "game_allowance": int(game_allowance or _NO_ALLOWANCE), "boot_source": "=" + _BOOT_NAME, "abort": self._abort,
            "usage": self._usage,
        })
        dispatchers = rt.table_from({name: rt.table_from(self._make_dispatchers(name, fn))
                                     for name, fn in methods.items()})
        boot = rt.globals().load(_BOOT_CODE, "=" + _BOOT_NAME, "t")
        if type(boot) is tuple:  # pragma: no cover - (nil, message): the bootstrap is ours
            raise RuntimeError(f"sandbox bootstrap does not compile: {boot[1]}")
        api = boot(cfg, dispatchers, self._random_dispatch if random is not None else None)
        self._run = api.run
        self._define = api.define
        self._unwind = api.unwind
        self._wipe = api.wipe
        self._reset = api.reset
        self._sethook = api.sethook   # the C function debug.sethook: calling it runs no VM code
        self._new_turn = api.new_turn
        self._usage_mark, self._usage_rollback = api.usage_mark, api.usage_rollback
        self._usage_get, self._usage_put = api.usage_get, api.usage_put
        self._cfg = cfg
        self._instruction_limit = int(instruction_limit)
        del api, boot, dispatchers

    # ----------------------------------------------------------------------------------------
    # Public API
    # ----------------------------------------------------------------------------------------

    def load(self, source: str, *, file: str, card: str | None = None) -> LoadedScript:
        """Compile and run a card script in a fresh private environment and return its table.

        The chunk runs under the same limits as a call and must return a table of plain data
        and functions of the script; anything else raises :class:`ScriptLoadError` (with the line
        and the key path when known).
        """
        define = self._define
        if define is None:
            raise RuntimeError("LuaSandbox is closed")
        if not isinstance(file, str):
            raise TypeError("file must be a str (the display path of the script)")
        if not isinstance(source, str):
            raise ScriptLoadError("script source must be a str", card, file)
        if source.startswith("\ufeff"):
            source = source[1:]
        try:
            data = source.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ScriptLoadError(f"script source is not valid text ({exc.reason})", card, file) from None
        if len(data) > self._max_source:
            raise ScriptLoadError(f"script source too large ({len(data)} bytes, limit {self._max_source})",
                                  card, file)
        if b"\x1b" in data:
            # Lua binary chunks start with ESC; text never needs a raw ESC byte.
            raise ScriptLoadError("binary chunks are not allowed (the source contains an ESC byte)",
                                  card, file)
        sid = self._next_id
        self._next_id += 1
        info = _Script(card, file)
        self._scripts[sid] = info
        if self._room(len(data) + 4 * len(file)):
            r = self._enter(define, sid, (sid, data, file))
        else:
            r = self._enter(define, sid, (sid, self._pack([source, file])[0]))
        try:
            self._after(sid, r)
            if r[0] is not True:
                raise self._failure(r, sid, source, load=True)
        except BaseException:
            info.alive = False
            raise
        # r = (True, data stream..., function records...): see emit() in _sandbox_boot.lua.
        it = iter(r)
        next(it)
        value = _decode(next(it), it)
        for i in range(1, next(it) + 1):
            line = next(it)
            path = tuple(islice(it, next(it)))
            ref = LuaFunctionRef(sid, path, line)
            self._handles[(sid, path)] = i
            node = value
            for key in path[:-1]:
                node = node[key - 1] if type(node) is list else node[key]
            last = path[-1]
            if type(node) is list:
                node[last - 1] = ref
            else:
                node[last] = ref
        return LoadedScript(sid, card, file, value)

    def call(self, ref: LuaFunctionRef, ctx: int | None, *args: Any) -> Any:
        """Call a script function: ``fn(ctx, *args)`` (``fn(*args)`` when ``ctx`` is None).

        Arguments are converted to Lua (None, bool, int, float, str; lists/tuples become sequence
        tables, dicts tables). Returns None, the single result, or a tuple of results, as plain
        data. Raises :class:`ScriptError` (or a subclass) when the script fails, and re-raises the
        original exception when a host method raised.
        """
        run = self._run
        if run is None:
            raise RuntimeError("LuaSandbox is closed")
        try:
            sid = ref.script
            idx = self._handles[sid, ref.path]
        except (AttributeError, KeyError, TypeError):
            raise self._bad_ref(ref) from None
        if ctx is not None and type(ctx) is not int:
            raise TypeError(f"ctx must be an int context id or None, not {type(ctx).__name__}")
        if args:
            args = self._args_to_lua(args)
        else:
            args = (False,)
        frames = self._frames
        glet = _getcurrent()
        # Each card pays for itself: a call made from inside a host method of the running call
        # shares its budget only when it runs the same script (a card running its own functions
        # again); another card's function (a trigger condition checked during this card's host
        # call) gets its own budget and deadline, and is blamed for its own limits. A call from
        # another greenlet (the running one is suspended there) is independent.
        nested = bool(frames) and frames[-1][0] is glet
        shared = nested and frames[-1][2] == sid
        base = self._nested_base() if nested else None
        r = self._enter(run, sid, (sid, idx, shared, ctx, *args), glet)
        self._after(sid, r, base=base)
        if r is True:
            return None
        if type(r) is tuple:
            status = r[0]
            if status is True:
                return r[1] if len(r) == 2 else r[1:]
            if status == "stream":      # ("stream", n, encoded values...)
                it = iter(r)
                next(it)
                n = next(it)
                values = _decode_values(it, n)
                return values[0] if n == 1 else tuple(values)
        raise self._failure(r, sid)

    def reset(self, scripts: Iterable[int]) -> list[int]:
        """Make loaded scripts as just loaded, without compiling them again: each chunk runs again
        in its emptied environment, so nothing a call left behind (a global, a top-level local)
        survives. Used between two games on one sandbox. Returns the ids of the scripts that could
        not be reset (no longer loaded, or their chunk failed or returned another table when run
        again): those are unloaded, and their handles stop working.
        """
        if self._reset is None:
            raise RuntimeError("LuaSandbox is closed")
        if self._frames:
            raise RuntimeError("cannot reset a LuaSandbox while one of its calls is running")
        failed = []
        for sid in scripts:
            info = self._scripts.get(sid)
            r = self._enter(self._reset, sid, (sid,)) if info is not None and info.alive else None
            if r is not True and not (type(r) is tuple and r[0] is True):
                failed.append(sid)
                if info is not None and info.alive:
                    self._wipe(sid)
                    info.alive = False
        return failed
    def set_allowances(self, turn: int | None = None, game: int | None = None) -> None:
        """Bound what each script may use over many calls: ``turn`` instructions per turn and
        ``game`` per game, all its calls included (nested calls of other scripts are theirs).
        Defaults: twice and five times ``instruction_limit``. A game sets them (the runaway
        guard, :mod:`rulestack.runaway`); a bare sandbox has none."""
        if self._cfg is None:
            raise RuntimeError("LuaSandbox is closed")
        self._cfg.turn_allowance = int(turn or 2 * self._instruction_limit)
        self._cfg.game_allowance = int(game or 5 * self._instruction_limit)

    def new_turn(self) -> None:
        """A new turn: every script's allowance for the turn (``turn_allowance`` instructions over
        all its calls, nested ones included; see :meth:`set_allowances`) starts again."""
        if self._new_turn is not None and self._turn_used:
            self._uncounted()
            self._new_turn(False)
            # Until a script runs again (or usage is put back), every allowance of the turn is
            # still whole: the next new turn has nothing to start again. A call running now
            # (this one is made from a host method) still charges what it uses when it ends.
            self._turn_used = bool(self._frames)

    def new_game(self) -> None:
        """A new game on this sandbox: the per-turn and per-game allowances start again."""
        if self._new_turn is not None:
            self._uncounted()
            self._new_turn(True)
            self._turn_used = bool(self._frames)

    def usage_mark(self) -> int:
        """Remember every script's allowance usage so far (per turn and per game); returns a mark
        for :meth:`usage_rollback`. For look-aheads that are undone (:class:`rulestack.search.Trial`):
        instructions spent in a trial are not charged to the real game."""
        if self._usage_mark is None:
            raise RuntimeError("LuaSandbox is closed")
        self._uncounted()
        return int(self._usage_mark())

    def usage(self) -> dict[int, tuple[int, int]]:
        """Every script's use of its allowances so far, for the scripts that used any: script id
        -> (instructions this turn, this game). A fork of a game (:mod:`rulestack.fork`) carries
        its parent's over with :meth:`set_usage`."""
        if self._usage_get is None:
            raise RuntimeError("LuaSandbox is closed")
        out: dict[int, tuple[int, int]] = {}
        self._uncounted()
        listed = str(self._usage_get())
        for entry in listed.split(";") if listed else ():
            sid, turn, game = entry.split(" ")
            out[int(sid)] = (int(turn), int(game))
        return out

    def set_usage(self, usage: Mapping[int, tuple[int, int]]) -> None:
        """Make every script's allowance usage the one given (script id -> (this turn, this
        game), as :meth:`usage` gives it; 0 for the scripts not named, as after :meth:`new_game`;
        ids of scripts not loaded are ignored)."""
        if self._usage_put is None:
            raise RuntimeError("LuaSandbox is closed")
        self._turn_used = True
        self._uncounted()
        self._usage_put(";".join(f"{int(sid)} {int(t)} {int(g)}" for sid, (t, g) in usage.items()))

    def usage_rollback(self, mark: int) -> None:
        """Put every script's allowance usage back as it was at ``mark`` (and forget later marks)."""
        if self._usage_rollback is not None:
            self._turn_used = True
            self._uncounted()
            self._usage_rollback(mark)

    def _uncounted(self) -> None:
        """Before the host runs its own Lua bookkeeping (allowance usage, a new turn) while a
        script call is running or paused (a decision asked from inside it): take the count hook
        off, so that the bookkeeping's instructions are not charged to that call, which would then
        be charged more the more often its usage is read. The script's Lua code only runs again
        through a host method's return or a new call, which both put the hook back with a fresh
        count (_sandbox_boot.lua: after_host, enter). No VM code runs here."""
        if self._frames:
            self._sethook()

    def in_call(self) -> bool:
        """Whether a script call of this sandbox is running in the current greenlet (so that a
        call made now is nested inside it, e.g. a condition checked during another card's host
        call)."""
        frames = self._frames
        return bool(frames) and frames[-1][0] is _getcurrent()

    def memory_used(self) -> int:
        """Bytes of Lua heap in use (what ``max_memory`` limits)."""
        if self._rt is None:
            raise RuntimeError("LuaSandbox is closed")
        return self._rt.get_memory_used()

    def close(self) -> None:
        """Release the Lua runtime. Later calls raise RuntimeError; closing twice is fine."""
        if self._rt is None:
            return
        if self._frames:
            raise RuntimeError("cannot close a LuaSandbox while one of its calls is running")
        self._run = self._define = self._unwind = self._wipe = self._reset = self._sethook = self._new_turn = None
        self._usage_mark = self._usage_rollback = self._usage_get = self._usage_put = None
        self._cfg = None
        self._abort = self._usage = None
        self._rt = None
        self._handles.clear()
        for info in self._scripts.values():
            info.alive = False

    def __enter__(self) -> LuaSandbox:
        """``with LuaSandbox(...) as box:`` closes the sandbox at the end."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the sandbox."""
        self.close()

    # ----------------------------------------------------------------------------------------
    # Running a frame
    # ----------------------------------------------------------------------------------------

    def _enter(self, runner: Any, sid: int, args: tuple, glet: Any = None) -> Any:
        """Run ``runner(*args)`` (the Lua run/define function) as a new frame."""
        frames = self._frames
        frame = [glet if glet is not None else _getcurrent(), None, sid]
        self._turn_used = True   # a script runs: its allowances are used (see new_turn)
        # lupa releases the GIL while Lua runs: keep a second thread out until the frame is done.
        with self._lock:
            frames.append(frame)
            try:
                r = runner(*args)
            except BaseException as exc:
                r = self._escaped(exc, len(frames) - 1)
            finally:
                if frames[-1] is not frame:
                    _fatal(_ORDER_VIOLATION)
                frames.pop()
        if type(r) is tuple and r[0] is False and r[1] == "host":
            exc = frame[1]
            frame[1] = None
            if exc is not None:
                if isinstance(exc, ScriptError) and exc.file is None:   # ours, e.g. from _pack
                    info = self._scripts.get(sid)
                    if info is not None:
                        exc.card, exc.file = info.card, info.file
                self._after(sid, r, quiet=True)
                try:
                    raise exc
                finally:   # the traceback holds this frame: no reference cycle through its local
                    del exc
        return r

    def _escaped(self, exc: BaseException, target: int) -> Any:
        """The runner failed outside its protected call (only possible at the memory cap, or when
        lupa could not convert an argument): put the Lua frame state back to ``target``."""
        rt = self._rt
        rt.set_max_memory(0)   # no limit while restoring: the restore itself must not fail
        try:
            if target == 0:
                self._sethook()
            self._unwind(target)
        finally:
            rt.gccollect()
            rt.set_max_memory(self._max_memory)
        if isinstance(exc, lupa.LuaMemoryError):
            return (False, "memory", "not enough memory", False)
        if isinstance(exc, lupa.LuaError):
            return (False, "error", str(exc).split("\nstack traceback:", 1)[0], False)
        raise exc

    def _nested_base(self) -> int:
        """The heap before a nested call (collected first when it is high, so that the growth
        measured after the call is what the nested script kept)."""
        rt = self._rt
        used = rt.get_memory_used()
        if used > self._soft_memory // 2:
            rt.gccollect()
            used = rt.get_memory_used()
        return used

    def _after(self, sid: int, r: Any, quiet: bool = False, base: int | None = None) -> None:
        """Memory accounting after a frame: collect, and unload a script that keeps the heap above
        the soft limit (the next script must not pay for it). ``quiet``: collect only (the frame
        already ends with another exception). ``base``: the heap before a nested call, whose
        script is blamed for what it kept (not the card whose host call ran it)."""
        rt = self._rt
        memory_error = type(r) is tuple and r[0] is False and r[1] == "memory"
        if not memory_error and rt.get_memory_used() <= self._soft_memory // (2 if base is not None else 1):
            return
        rt.gccollect()
        used = rt.get_memory_used()
        if quiet:
            return
        if base is not None:
            # A nested call: only what it added since it began is its own (the outer frames'
            # live memory is theirs, judged when they end).
            if used - base <= self._soft_memory // 2:
                return
            used = used - base
        elif used <= self._soft_memory or self._frames:
            return
        info = self._scripts.get(sid)
        self._wipe(sid)
        rt.gccollect()
        if info is not None:
            info.alive = False
        raise ScriptMemoryError(
            # The limit, not the heap measured: the heap also holds the other scripts of a reused
            # sandbox, and a replay must end with the same message.
            f"script retained too much memory (over {self._soft_memory // 1024} KiB live after garbage "
            "collection); unloaded",
            info.card if info else None, info.file if info else None)

    def _failure(self, r: tuple, sid: int, source: str | None = None, load: bool = False) -> BaseException:
        """Turn a runner's failure report ``(False, kind, message, line|path)`` into an exception."""
        info = self._scripts.get(sid)
        card, file = (info.card, info.file) if info else (None, None)
        kind, msg = r[1], r[2]
        extra = r[3] if len(r) > 3 else None
        line = extra if type(extra) is int else None
        if kind == "limit":
            return ScriptLimitError(msg, card, file, line)
        if kind == "memory":
            if msg == "not enough memory":
                msg = f"memory limit exceeded ({self._max_memory // 2**20} MiB)"
            return ScriptMemoryError(msg, card, file, line)
        if kind == "data":
            path = tuple(r[3:])
            if load:
                if path:
                    msg = f"{msg} (at {format_path(path)})"
                    if source is not None:
                        line = line_of(source, path)
                return ScriptLoadError(msg, card, file, line)
            where = f" (at {format_path(path[1:])})" if len(path) > 1 else ""
            index = f" #{path[0]}" if path else ""
            return ScriptError(f"bad return value{index}: {msg}{where}", card, file, None)
        if kind == "host":   # the host function's exception was lost (should not happen)
            return ScriptError("a host function raised an exception", card, file, line)
        if kind in ("nesting", "gone"):
            return ScriptError(f"{msg} (limit {_MAX_DEPTH})" if kind == "nesting" else msg, card, file)
        # "error" and "syntax": Lua messages, usually "file:line: text".
        if msg is False or msg is None:
            text = "error object is not a string"
        elif type(msg) is str:
            text = msg
        elif type(msg) is float:
            text = "%.14g" % msg
        else:
            text = str(msg)
        if info is not None and text.startswith(info.chunkid + ":"):
            m = _LINE_RE.match(text, len(info.chunkid) + 1)
            if m:
                line = int(m.group(1))
                text = text[m.end():]
        cls = ScriptLoadError if load else ScriptError
        return cls(text, card, file, line)

    def _bad_ref(self, ref: object) -> BaseException:
        """The exception for a call with an unknown or unloaded function reference."""
        if not isinstance(ref, LuaFunctionRef):
            return TypeError(f"expected a LuaFunctionRef, got {type(ref).__name__}")
        info = self._scripts.get(ref.script)
        if info is None:
            return ValueError(f"no script {ref.script} in this sandbox")
        if not info.alive:
            return ScriptError("script is not loaded (it failed to load or was unloaded)", info.card, info.file)
        return ValueError(f"script {ref.script} has no function at {format_path(ref.path)}")

    # ----------------------------------------------------------------------------------------
    # Python -> Lua
    # ----------------------------------------------------------------------------------------

    def _room(self, size: int) -> bool:
        """True when pushing ``size`` more bytes of strings cannot hit the memory cap."""
        return self._rt.get_memory_used() + 2 * size + _HEADROOM < self._max_memory

    def _pack(self, values: list[Any]) -> tuple[Any, int]:
        """Build ``values`` as one Lua table (``(table, n)``) with the memory cap lifted.

        lupa pushes Python values into Lua outside any protected call; an allocation failure there
        aborts the process ("PANIC: unprotected error in call to Lua API"). So anything that
        allocates in Lua (strings, tables) is built here, then handed over as one existing table,
        which pushes without allocating.
        """
        rt = self._rt
        rt.set_max_memory(0)
        try:
            pack = rt.table_from([self._to_lua(v, 0) for v in values])
            over = rt.get_memory_used() > self._max_memory
        finally:
            rt.set_max_memory(self._max_memory)
        if over:
            del pack
            rt.gccollect()
            raise ScriptMemoryError(f"memory limit exceeded ({self._max_memory // 2**20} MiB) "
                                    "by data passed to the script")
        return pack, len(values)

    def _args_to_lua(self, args: tuple) -> tuple:
        """The runner's ``packed, ...`` arguments: ``(False, *args)`` when every argument is a
        scalar that can be pushed directly, else ``(pack, n)``."""
        size = 0
        for a in args:
            t = type(a)
            if t in _SCALARS or (t is int and _INT_MIN <= a <= _INT_MAX):
                continue
            if t is str:
                size += len(a)
                continue
            return self._pack(list(args))
        if size:
            if not self._room(4 * size):
                return self._pack(list(args))
            return (False, *[a.encode("utf-8") if type(a) is str else a for a in args])
        return (False, *args)

    def _to_lua(self, v: Any, depth: int) -> Any:
        """Convert plain Python data to Lua values (strings encoded, containers as tables).
        Only called with the memory cap lifted (see :meth:`_pack`)."""
        t = type(v)
        if v is None or t is bool or t is float:
            return v
        if t is int:
            if _INT_MIN <= v <= _INT_MAX:
                return v
            raise OverflowError(f"integer {v} does not fit in a Lua integer")
        if t is str:
            return v.encode("utf-8")
        if depth >= _MAX_DATA_DEPTH:
            raise ValueError(f"data nested deeper than {_MAX_DATA_DEPTH} levels (or cyclic)")
        if t is list or t is tuple:
            return self._rt.table_from([self._to_lua(x, depth + 1) for x in v])
        if t is dict:
            return self._rt.table_from({self._key_to_lua(k): self._to_lua(x, depth + 1) for k, x in v.items()})
        # Subclasses (IntEnum, namedtuple, OrderedDict, ...) are converted as their base type.
        if isinstance(v, bool):
            return bool(v)
        if isinstance(v, int):
            return self._to_lua(int(v), depth)
        if isinstance(v, float):
            return float(v)
        if isinstance(v, str):
            return str(v).encode("utf-8")
        if isinstance(v, (list, tuple)):
            return self._to_lua(list(v), depth)
        if isinstance(v, Mapping):
            return self._to_lua(dict(v), depth)
        raise TypeError(f"cannot pass a {t.__name__} to a Lua script "
                        "(only None, bool, int, float, str, list, tuple and dict)")

    def _key_to_lua(self, k: Any) -> Any:
        """Table keys: str or int only (what comes back from Lua, too)."""
        if type(k) is str:
            return k.encode("utf-8")
        if type(k) is int or (isinstance(k, int) and not isinstance(k, bool)):
            return self._to_lua(int(k), 0)
        if isinstance(k, str):
            return str(k).encode("utf-8")
        raise TypeError(f"table keys passed to Lua must be str or int, not {type(k).__name__}")

    def _ret_to_lua(self, v: Any) -> Any:
        """Convert a host method's return value (a tuple is several Lua values): scalars as they
        are, anything that allocates in Lua as a pack (see :meth:`_pack`)."""
        t = type(v)
        if t in _SCALARS or (t is int and _INT_MIN <= v <= _INT_MAX):
            return v
        if t is str and len(v) < 4096 and self._room(4 * len(v)):
            return v.encode("utf-8")
        if t is tuple:
            if all(type(x) in _SCALARS or (type(x) is int and _INT_MIN <= x <= _INT_MAX) for x in v):
                return v
            return self._pack(list(v))
        return self._pack([v])

    # ----------------------------------------------------------------------------------------
    # Lua -> Python host functions
    # ----------------------------------------------------------------------------------------

    def _make_dispatchers(self, name: str, fn: Callable[..., Any]) -> list[Callable[..., Any]]:
        """The Python side of ``ctx:name(...)``: one dispatcher for scalar arguments and one for
        arguments the Lua side encoded as a stream (when a table is among them).

        They never raise into Lua: any exception is kept on the running frame and the Lua side
        gets the abort marker (an uncatchable kill); :meth:`call` re-raises it.
        """
        frames = self._frames
        to_lua = self._ret_to_lua

        def finish(frame: list[Any], args: Any) -> Any:
            try:
                result = to_lua(fn(*args))
            except HostUsageError as exc:
                result = (self._usage, str(exc)[:1000])
            except BaseException as exc:
                frame[1] = exc
                result = self._abort
            if frames[-1] is not frame:
                _fatal(_ORDER_VIOLATION)
            return result

        def dispatch(ctx_id: int, *args: Any) -> Any:
            return finish(frames[-1] if frames else [None, None, None], (ctx_id, *args))

        def dispatch_stream(ctx_id: int, n: int, *stream: Any) -> Any:
            frame = frames[-1] if frames else [None, None, None]
            try:
                args = (ctx_id, *_decode_values(iter(stream), n))
            except BaseException as exc:   # never raise into Lua
                frame[1] = exc
                return self._abort
            return finish(frame, args)

        dispatch.__name__ = dispatch.__qualname__ = f"dispatch_{name}"
        dispatch_stream.__name__ = dispatch_stream.__qualname__ = f"dispatch_{name}_stream"
        return [dispatch, dispatch_stream]

    def _random_dispatch(self, lo: int, hi: int) -> Any:
        """The Python side of math.random: ``random(lo, hi)``, checked."""
        frames = self._frames
        frame = frames[-1] if frames else [None, None, None]
        try:
            r = self._random(lo, hi)
            if type(r) is not int or not lo <= r <= hi:
                raise ValueError(f"random({lo}, {hi}) returned {r!r}, not an int in that range")
        except BaseException as exc:
            frame[1] = exc
            r = self._abort
        if frames[-1] is not frame:
            _fatal(_ORDER_VIOLATION)
        return r
