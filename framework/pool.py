"""A system's card pool: every card data entry, each card's validated definition, and decks.

Definitions are built once per process and shared by every game (the expensive parts — YAML,
validation, keyword expansion — are cached by file digest); each game only compiles the Lua of
the cards it uses into its own fresh sandbox.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

import pluggy

from . import hookspecs
from .cards import CardDefinition, CardEntry, Deck, read_card_entries, read_deck
from .errors import CardDataError, ConfigurationError, DeckError
from .scripts import build_definition, convert_functions, display_path

if TYPE_CHECKING:
    from .system import GameSystem

_POOLS: dict[tuple, "CardPool"] = {}


def make_plugin_manager(system: Any, plugins: Iterable[Any] = ()) -> pluggy.PluginManager:
    """A fresh plugin manager for one game (or one pool): hookspecs, the system, extra plugins
    and the host's defaults."""
    from .defaults import HostDefaults
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(HostDefaults(), name="rulestack-defaults")
    pm.register(system, name=f"system:{system.name}")
    for i, plugin in enumerate(plugins):
        pm.register(plugin, name=getattr(plugin, "plugin_name", None) or f"plugin-{i}:{type(plugin).__name__}")
    return pm


#: How many decks a pool keeps read (:meth:`CardPool.deck`).
_DECKS_KEPT = 64


class CardPool:
    """The cards of one game system."""

    def __init__(self, system_cls: type[GameSystem], files: Iterable[Path] | None = None) -> None:
        self.system_cls = system_cls
        self.entries: dict[str, CardEntry] = {}
        self._by_name: dict[str, str] = {}
        self._definitions: dict[str, CardDefinition] = {}
        self._sources: dict[str, str] = {}
        #: Decks read so far, by file, its bytes and the number of cards known when it was read
        #: (a deck names cards, and files added later may make more names known).
        self._decks: dict[tuple[str, bytes, int], Deck] = {}
        self._pm = make_plugin_manager(system_cls())
        for path in (files if files is not None else system_cls.card_files()):
            self.add_file(Path(path))

    @classmethod
    def for_system(cls, system_cls: type[GameSystem], extra_files: Iterable[Path | str] = ()) -> "CardPool":
        """The process-wide pool of a system (built on first use), optionally with extra card
        data files (a modder's cards) added to the system's own."""
        extra = tuple(str(Path(p).resolve()) for p in extra_files)
        key = (system_cls, extra)
        pool = _POOLS.get(key)
        if pool is None:
            pool = cls(system_cls)
            for path in extra:
                pool.add_file(Path(path))
            _POOLS[key] = pool
        return pool

    @classmethod
    def forget(cls, system_cls: type[GameSystem] | None = None) -> None:
        """Drop cached pools (of one system, or all), so edited card files are read again."""
        for key in [k for k in _POOLS if system_cls is None or k[0] is system_cls]:
            del _POOLS[key]

    def add_file(self, path: Path) -> list[CardEntry]:
        """Add the cards of one data file; duplicate codes are an error naming both places."""
        fields = dict(self.system_cls.card_fields)
        entries = read_card_entries(path, fields, display=_display(path))
        seen: dict[str, CardEntry] = {}
        for e in entries:   # check the whole file first: a refused file adds nothing
            first = self.entries.get(e.code) or seen.get(e.code)
            if first is not None:
                raise CardDataError(f"duplicate card code {e.code!r} (first defined at {first.file}:{first.line})",
                                    file=e.file, line=e.line, field="code")
            seen[e.code] = e
        for e in entries:
            self.entries[e.code] = e
            self._by_name.setdefault(e.name.lower(), e.code)
        return entries

    # -- lookup --------------------------------------------------------------------------------
    def resolve(self, name_or_code: str) -> str | None:
        """The code of a card given its code or its name (case-insensitive)."""
        if name_or_code in self.entries:
            return name_or_code
        return self._by_name.get(str(name_or_code).strip().lower())

    def code(self, name_or_code: str) -> str:
        code = self.resolve(name_or_code)
        if code is None:
            raise ConfigurationError(f"unknown card {name_or_code!r} in system {self.system_cls.name!r}")
        return code

    def source(self, code: str) -> str | None:
        """The Lua source of a card's script (``None`` for a card without one)."""
        entry = self.entries[code]
        if entry.script_path is None:
            return None
        if code not in self._sources:
            try:
                self._sources[code] = entry.script_path.read_text(encoding="utf-8")
            except UnicodeDecodeError as e:
                raise CardDataError(f"script is not UTF-8 text ({e.reason})", file=_display(entry.script_path)) from None
        return self._sources[code]

    def definition(self, code: str) -> CardDefinition:
        """The validated definition of a card (loads and checks its script on first use)."""
        d = self._definitions.get(code)
        if d is None:
            d = self._definitions[code] = self._build(code)
        return d

    def _build(self, code: str) -> CardDefinition:
        from .sandbox import LuaSandbox, ScriptError
        entry = self.entries[code]
        source = self.source(code)
        data = None
        if source is not None and entry.script_path is not None:   # a source comes from the script file
            sandbox = LuaSandbox(methods={}, random=lambda a, b: a)
            try:
                loaded = sandbox.load(source, file=_display(entry.script_path), card=entry.name)
            except ScriptError as e:
                raise CardDataError(f"card {entry.name!r}: {e.message}", file=e.file or _display(entry.script_path),
                                    line=e.line) from None
            finally:
                sandbox.close()
            data = convert_functions(loaded.data)
        return build_definition(entry, data, source, self.system_cls, self._expand)

    def _expand(self, entry: CardEntry, keywords: list[str], abilities: list) -> list:
        out = self._pm.hook.expand_keywords(entry=_WithKeywords(entry, keywords), abilities=list(abilities))
        return list(abilities) if out is None else list(out)

    def check(self, codes: Iterable[str] | None = None) -> list[CardDataError]:
        """Validate cards; return every problem instead of stopping at the first."""
        problems = []
        for code in (codes if codes is not None else list(self.entries)):
            try:
                self.definition(code)
            except CardDataError as e:
                problems.append(e)
        return problems

    # -- decks ---------------------------------------------------------------------------------
    def deck(self, name_or_path: str | Path) -> Deck:
        """A deck by name (one of the system's bundled decks) or by file path."""
        p = Path(name_or_path)
        if not p.suffix:
            candidate = self.system_cls.deck_dir() / f"{name_or_path}.yaml"
            if not candidate.is_file():
                known = ", ".join(self.system_cls.deck_names()) or "none"
                raise ConfigurationError(f"unknown deck {str(name_or_path)!r} for system {self.system_cls.name!r} "
                                         f"(bundled decks: {known}; or give a path to a .yaml deck file)")
            p = candidate
        elif not p.is_file():
            raise DeckError("deck file not found", file=str(p))
        # Reading a deck (YAML, then every card name) costs milliseconds, more than setting up a
        # game: a file read again with the same bytes gives the deck read before.
        raw = p.read_bytes()
        key = (str(p.resolve()), raw, len(self.entries))
        deck = self._decks.get(key)
        if deck is None:
            deck = read_deck(p, self.resolve, self.system_cls.deck_sections, display=_display(p))
            if p.read_bytes() == raw:     # not rewritten while it was being read
                if len(self._decks) >= _DECKS_KEPT:          # many deck files (a deck search): keep the newest
                    del self._decks[next(iter(self._decks))]
                self._decks[key] = deck
        return deck


class _WithKeywords:
    """A card entry seen by ``expand_keywords``: the entry's fields plus all its keywords."""

    def __init__(self, entry: CardEntry, keywords: list[str]) -> None:
        self._entry = entry
        self.keywords = tuple(dict.fromkeys(keywords))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._entry, name)


_display = display_path
