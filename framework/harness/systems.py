"""Finding a game system for the harness, with a modder's own card data added to its pool.

A modder's folder holds card data (``*.yaml``) and Lua scripts that are not part of the installed
system. :func:`with_cards` makes a subclass of the system whose card pool also reads those files,
so a scenario, a game at the terminal or a simulation can use the modder's cards beside the
system's own. The subclass keeps the system's name and version; it is cached per set of files,
so every game of a process shares one pool.

:class:`SystemRef` names a system (and its extra card files) as plain data, so that a worker
process or a Ray task can find the same system again.
"""
from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from typing import Iterable, Sequence

import attrs

from ..errors import ConfigurationError
from ..system import GameSystem, find_system

#: File names that are scenario files, never card data.
SCENARIO_PATTERNS = ("*.scenario.yaml", "*.scenario.yml", "scenario_*.yaml", "scenario_*.yml")

_WITH_CARDS: dict[tuple[type, tuple[str, ...]], type[GameSystem]] = {}


def parse_settings(pairs: Iterable[str] | None) -> dict[str, str]:
    """A system's settings from ``--set key=value`` pairs (as typed on the command line).

    Raises :class:`~rulestack.errors.ConfigurationError` naming the pair that has no ``=`` or no key."""
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ConfigurationError(f"--set expects key=value, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def is_scenario_file(path: Path) -> bool:
    """Whether a file name is one of :data:`SCENARIO_PATTERNS`."""
    return any(path.match(p) for p in SCENARIO_PATTERNS)


def card_data_files(paths: Iterable[str | Path]) -> list[Path]:
    """The card data files named by ``paths``: a file stands for itself; a folder for its
    ``*.yaml`` files (recursively), except scenario files, replays and anything under ``decks/``."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw).expanduser()
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                rel = f.relative_to(p)
                if (f.is_file() and f.suffix in (".yaml", ".yml") and "decks" not in rel.parts
                        and not is_scenario_file(f) and ".replay." not in f.name):
                    out.append(f.resolve())
        elif p.is_file():
            out.append(p.resolve())
        else:
            raise ConfigurationError(f"card data {str(raw)!r} not found (give a .yaml file or a folder)")
    return list(dict.fromkeys(out))


def with_cards(system: str | type[GameSystem], paths: Iterable[str | Path] = ()) -> type[GameSystem]:
    """The system, with the card data files named by ``paths`` added to its card pool.

    Without paths this is the system itself. A card code that is both in the system and in the
    added files is an error naming both places (raised when the pool is first built).
    """
    cls = find_system(system)
    files = tuple(str(f) for f in card_data_files(paths))
    if not files:
        return cls
    key = (cls, files)
    found = _WITH_CARDS.get(key)
    if found is None:
        base_files = cls.card_files
        extra = [Path(f) for f in files]

        def card_files(sub: type) -> list[Path]:
            return list(base_files()) + extra

        found = type(cls.__name__, (cls,), {
            "__module__": cls.__module__,
            "__doc__": cls.__doc__,
            "card_files": classmethod(card_files),
            "extra_card_files": files,
            "base_system": cls,
        })
        _WITH_CARDS[key] = found
    return found


def base_system(cls: type[GameSystem]) -> type[GameSystem]:
    """The installed system a :func:`with_cards` class extends (or the class itself)."""
    return getattr(cls, "base_system", cls)


@attrs.frozen
class SystemRef:
    """A game system as plain, picklable data: its name, where its class lives (for systems made
    known with :func:`rulestack.register_system` rather than an entry point) and extra card files."""

    name: str
    module: str = ""
    qualname: str = ""
    cards: tuple[str, ...] = ()

    @classmethod
    def of(cls, system: str | type[GameSystem], cards: Sequence[str | Path] = ()) -> "SystemRef":
        """A reference to ``system`` (a name or a class) with extra card data ``cards``."""
        sys_cls = base_system(find_system(system))
        extra = tuple(getattr(find_system(system), "extra_card_files", ()))
        extra += tuple(str(f) for f in card_data_files(cards))
        return cls(sys_cls.name, sys_cls.__module__, sys_cls.__qualname__, tuple(dict.fromkeys(extra)))

    def load(self) -> type[GameSystem]:
        """The system class (importing its module if it is not installed as an entry point)."""
        try:
            cls = find_system(self.name)
        except ConfigurationError:
            if not self.module:
                raise
            try:
                obj: object = importlib.import_module(self.module)
            except ImportError as e:
                raise ConfigurationError(f"game system {self.name!r}: cannot import {self.module} ({e})") from None
            for part in self.qualname.split("."):
                obj = getattr(obj, part)
            if not (isinstance(obj, type) and issubclass(obj, GameSystem)):
                raise ConfigurationError(f"{self.module}:{self.qualname} is not a GameSystem") from None
            cls = obj
        return with_cards(cls, self.cards)


def load_system_spec(spec: str) -> type[GameSystem]:
    """A system from a name (``mtg``) or a ``module:Class`` path (``mygame.system:MyGame``)."""
    if ":" in spec:
        module, _, qualname = spec.partition(":")
        return SystemRef(name="", module=module, qualname=qualname).load()
    return find_system(spec)


def card_digest(definition: object) -> str:
    """A digest of everything that makes a card what it is: code, name, fields, keywords and the
    script text (the host's own digest leaves the keywords out)."""
    h = hashlib.sha256()
    for part in (definition.code, definition.name, repr(sorted(definition.fields.items())),  # type: ignore[attr-defined]
                 repr(tuple(definition.keywords)), definition.source or ""):  # type: ignore[attr-defined]
        h.update(str(part).encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:16]
