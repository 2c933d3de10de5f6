"""The runtime: what a process builds once per system, settings and card set, and reuses for many games.

A game needs a system instance and its pluggy plugin manager, the system's validated card pool and
a Lua sandbox with the card scripts compiled in it. None of that depends on the game, and building
it for every game cost most of a game's setup. A :class:`Runtime` keeps it:

- the card pool (validated definitions, shared by every game of the process);
- :class:`Engine` objects, each a system instance, its plugin manager and one sandbox whose
  compiled scripts are kept. A game holds one engine at a time, alone; when it ends (or is closed)
  the engine is made as new — the scripts the game ran are run again in emptied environments
  (:meth:`LuaSandbox.reset <rulestack.sandbox.LuaSandbox.reset>`), the per-game plugins are
  unregistered, the system instance's attributes are put back — and the next game takes it.
  Games alive at the same time (a search agent's copies, interleaved stepped games) each hold
  their own engine, so nothing of one game is ever seen by another.

``Game("mtg", decks, seed=1)`` finds (or builds) the runtime itself through :meth:`Runtime.get`;
pass ``runtime=`` to share one explicitly.
"""
from __future__ import annotations

import copy
import copyreg
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

import pluggy

from .cards import CardDefinition
from .context import HOST_METHODS, checked_method
from .errors import ConfigurationError
from .pool import CardPool, make_plugin_manager
from .sandbox import LuaSandbox
from .system import GameSystem, find_system

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Engine", "Runtime"]

#: Idle engines a runtime keeps for the next games (more are built when games overlap).
MAX_IDLE_ENGINES = 4


def _frozen(mapping: Mapping[str, Any] | None) -> tuple:
    return tuple(sorted((str(k), repr(v)) for k, v in (mapping or {}).items()))


class _Unplanned(Exception):
    """A value :func:`_copier` makes no plan for (copy.deepcopy copies it)."""


_NOTHING = object()


def _copier(value: Any) -> Callable[[], Any]:
    """A function returning, each time it is called, what ``copy.deepcopy(value)`` returns (a new
    copy of every mutable object, the same atoms), for the values a system instance starts with:
    atoms, tuples, lists, dicts, sets and frozensets (exact types), and instances of plain classes (slots or a
    ``__dict__``, a dict subclass's items; the default pickling protocol: no ``__deepcopy__``,
    ``__reduce__``, ``__getstate__``, ``__setstate__``, ``__setattr__`` or ``__new__`` of their
    own). A mutable object reached twice (deepcopy would copy it once) or anything else raises
    :class:`_Unplanned`. ``value`` must not change afterwards (the plan holds its parts)."""
    seen: set[int] = set()

    def plan(v: Any) -> tuple[bool, Any]:   # (constant, the value | a maker)
        cls = type(v)
        if copy._deepcopy_dispatch.get(cls) is copy._deepcopy_atomic:   # type: ignore[attr-defined]
            return True, v
        if id(v) in seen:
            raise _Unplanned
        seen.add(id(v))
        if cls is tuple:
            parts = [plan(x) for x in v]
            if all(c for c, _ in parts):
                seen.discard(id(v))   # deepcopy gives the tuple itself
                return True, v
            makers = [(lambda x=x: x) if c else x for c, x in parts]
            return False, lambda: tuple([m() for m in makers])
        if cls is list:
            parts = [plan(x) for x in v]
            if all(c for c, _ in parts):
                return False, v.copy
            makers = [(lambda x=x: x) if c else x for c, x in parts]
            return False, lambda: [m() for m in makers]
        if cls is dict:
            return False, _items_maker(dict, v.items())
        if cls is set or cls is frozenset:   # deepcopy rebuilds them from a list of their elements
            elements = list(v)
            if not all(plan(x)[0] for x in elements):
                raise _Unplanned
            return False, lambda: cls(elements)
        k: Any = cls   # (its methods compared with object's by identity)
        if (copyreg.dispatch_table.get(cls) is not None or getattr(cls, "__deepcopy__", None) is not None
                or k.__reduce_ex__ is not object.__reduce_ex__ or k.__reduce__ is not object.__reduce__
                or k.__getstate__ is not object.__getstate__ or getattr(cls, "__setstate__", None) is not None
                or k.__setattr__ is not object.__setattr__ or isinstance(v, type)
                or k.__new__ not in (object.__new__, dict.__new__) or (k.__new__ is dict.__new__) != isinstance(v, dict)
                or (isinstance(v, dict) and k.__setitem__ is not dict.__setitem__)):
            raise _Unplanned
        if isinstance(v, (list, set, tuple, frozenset, bytearray)):
            raise _Unplanned
        slots = copyreg._slotnames(cls)   # type: ignore[attr-defined]
        fields = [(name, plan(x)) for name in slots if (x := getattr(v, name, _NOTHING)) is not _NOTHING]
        setters = [(getattr(cls, name).__set__, c, x) for name, (c, x) in fields]
        own = _items_maker(dict, vars(v).items()) if getattr(v, "__dict__", None) else None
        items = _items_maker(dict, v.items()) if isinstance(v, dict) else None
        new: Any = k.__new__

        def make() -> Any:
            y = new(cls)
            if own is not None:
                vars(y).update(own())
            for set_, c, x in setters:
                set_(y, x if c else x())
            if items is not None:
                dict.update(y, items())
            return y
        return False, make

    def _items_maker(kind: type, pairs: Iterable[tuple[Any, Any]]) -> Callable[[], dict]:
        parts = []
        for k, x in list(pairs):
            ck, kk = plan(k)
            if not ck:
                raise _Unplanned
            parts.append((k, plan(x)))
        if all(c for _, (c, _) in parts):
            frozen = {k: x for k, (_, x) in parts}
            return frozen.copy
        return lambda: {k: (x if c else x()) for k, (c, x) in parts}

    constant, made = plan(value)
    return (lambda: made) if constant else made


class Engine:
    """What one game uses at a time: the system instance, its plugin manager (the host's
    defaults, the system, then the game's own plugins) and the Lua sandbox with the scripts of
    the cards played so far. Taken with :meth:`Runtime.engine`, given back with :meth:`release`."""

    def __init__(self, runtime: "Runtime") -> None:
        self.runtime = runtime
        self.system: GameSystem = runtime.system_cls(runtime.settings)
        self._system_vars = copy.deepcopy(vars(self.system))
        #: Makes what ``copy.deepcopy(self._system_vars)`` would, each time, for less (see :func:`_copier`).
        self._fresh_vars: Callable[[], dict[str, Any]]
        try:
            self._fresh_vars = _copier(self._system_vars)
        except _Unplanned:
            self._fresh_vars = lambda: copy.deepcopy(self._system_vars)
        self.pm: pluggy.PluginManager = make_plugin_manager(self.system)
        #: The game holding this engine (``None`` while idle).
        self.game: Game | None = None
        #: Effect contexts of the script calls running now, by the id Lua passes back.
        self.contexts: dict[int, Any] = {}
        self.next_ctx = 1
        self.script_ids: dict[str, int] = {}   # card code -> script id in the sandbox
        self.called: set[int] = set()            # scripts run since the engine was taken
        self._plugins: list[Any] = []
        methods = {**HOST_METHODS, **self.system.script_methods}
        self.sandbox = LuaSandbox(methods={name: self._method(checked_method(name, fn)) for name, fn in methods.items()},
                                  random=self._random, **dict(runtime.sandbox_options))

    def _random(self, lo: int, hi: int) -> int:
        game = self.game
        if game is None:
            raise ConfigurationError("math.random called in a sandbox no game holds")
        return game.rng.randint(lo, hi)

    def _method(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        contexts = self.contexts

        def call(ctx_id: int, *args: Any) -> Any:
            return fn(contexts[ctx_id], *args)
        call.__name__ = getattr(fn, "__name__", "method")
        return call

    def script(self, definition: CardDefinition) -> int:
        """The sandbox's script id for a card's script, compiling it on first use."""
        sid = self.script_ids.get(definition.code)
        if sid is None:
            assert definition.source is not None
            loaded = self.sandbox.load(definition.source, file=definition.script or definition.code,
                                       card=definition.name)
            sid = self.script_ids[definition.code] = loaded.script
        return sid

    def take(self, game: "Game", plugins: Iterable[Any] = ()) -> None:
        """Give the engine to ``game`` with the game's own plugins registered after the system."""
        self.game = game
        for i, plugin in enumerate(plugins):
            name = getattr(plugin, "plugin_name", None) or f"plugin-{i}:{type(plugin).__name__}"
            self.pm.register(plugin, name=name)
            self._plugins.append(plugin)

    def release(self) -> None:
        """Make the engine as new and give it back to its runtime: the game's plugins unregistered,
        the scripts it ran reset, the system instance's attributes restored. An engine that
        cannot be made as new (a script call still suspended) is dropped instead."""
        for plugin in self._plugins:
            self.pm.unregister(plugin)
        self._plugins.clear()
        self.game = None
        reusable = not self.contexts
        if reusable:
            try:
                failed = set(self.sandbox.reset(sorted(self.called)))
            except RuntimeError:   # a call is still running (an abandoned stepped game)
                reusable = False
            else:
                if failed:
                    self.script_ids = {code: sid for code, sid in self.script_ids.items() if sid not in failed}
        self.called.clear()
        state = vars(self.system)
        state.clear()
        state.update(self._fresh_vars())
        if reusable:
            self.runtime._give_back(self)
        else:
            self.close()

    def close(self) -> None:
        """Release the Lua runtime (the engine is not used again)."""
        self.sandbox.close()


class Runtime:
    """The per-process, per-(system, settings, card set) part of playing games: the card pool and
    reusable engines. Build it with :meth:`get` (cached) or directly for a private one."""

    _cache: dict[tuple, "Runtime"] = {}

    def __init__(self, system: str | type[GameSystem], settings: Mapping[str, Any] | None = None,
                 cards: Iterable[str | Path] = (), sandbox_options: Mapping[str, Any] | None = None) -> None:
        self.system_cls = find_system(system)
        self.settings: dict[str, Any] = dict(settings or {})
        self.system_cls(self.settings)   # settings are checked now, with a clear error
        self.cards = tuple(str(c) for c in cards)
        self.sandbox_options: dict[str, Any] = dict(sandbox_options or {})
        self.pool = CardPool.for_system(self.system_cls, self.cards)
        self._idle: list[Engine] = []
        #: What each card definition means for a game's card index (see ``rulestack._primitives``).
        self.card_facts: dict[str, Any] = {}

    @classmethod
    def get(cls, system: str | type[GameSystem], settings: Mapping[str, Any] | None = None,
            cards: Iterable[str | Path] = (), sandbox_options: Mapping[str, Any] | None = None) -> "Runtime":
        """The process's runtime for this system, settings, card files and sandbox options (built
        on first use)."""
        system_cls = find_system(system)
        cards = tuple(str(Path(c).resolve()) for c in cards)
        key = (system_cls, _frozen(settings), cards, _frozen(sandbox_options))
        runtime = cls._cache.get(key)
        if runtime is None or runtime.pool is not CardPool.for_system(system_cls, cards):
            runtime = cls._cache[key] = cls(system_cls, settings, cards, sandbox_options)
        return runtime

    @classmethod
    def forget(cls, system: type[GameSystem] | None = None) -> None:
        """Drop cached runtimes (of one system, or all) and close their idle engines."""
        for key in [k for k in cls._cache if system is None or k[0] is system]:
            cls._cache.pop(key).close()

    def engine(self, game: "Game", plugins: Iterable[Any] = ()) -> Engine:
        """An engine for ``game`` alone (an idle one when there is one), with its plugins."""
        engine = self._idle.pop() if self._idle else Engine(self)
        engine.take(game, plugins)
        return engine

    def _give_back(self, engine: Engine) -> None:
        if len(self._idle) < MAX_IDLE_ENGINES:
            self._idle.append(engine)
        else:
            engine.close()

    def close(self) -> None:
        """Close the idle engines' Lua runtimes."""
        while self._idle:
            self._idle.pop().close()

    def __repr__(self) -> str:
        return f"<Runtime {self.system_cls.name} settings={self.settings} cards={len(self.pool.entries)}>"
