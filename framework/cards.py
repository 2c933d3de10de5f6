"""Card data, card scripts and the abilities they define.

A card is data (a YAML entry: code, name, the system's fields such as cost or power) plus, when it
has abilities beyond keywords, a Lua script that returns a table of abilities. Both are checked
when they load: an unknown key, a wrong type or a missing function is reported with the file,
the line and the key, never discovered halfway through a game.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import attrs

from .datafile import LineDict, LineList, line_of, load_yaml
from .errors import CardDataError, DeckError


def _builtin_sha256() -> Callable[[], Any]:
    """SHA-256 from the interpreter's own module (``_sha2``, ``_sha256`` before Python 3.12):
    importing :mod:`hashlib` loads OpenSSL, about 3.5 MB of resident memory in every process,
    for a hash these few bytes of card text do not need. Same digests; hashlib if neither exists."""
    for name in ("_sha2", "_sha256", "hashlib"):
        try:
            return getattr(importlib.import_module(name), "sha256")
        except (ImportError, AttributeError):
            continue
    raise ImportError("no SHA-256 implementation")


_sha256 = _builtin_sha256()


class Role:
    """What the host does with an ability. Each system names its own ability kinds in the game's
    words (``quick``, ``chapter``, ``on_play`` ...) and maps each onto one of these roles."""

    ACTIVATED = "activated"      #: a player announces it (cards played or used, activated abilities)
    TRIGGERED = "triggered"      #: an event makes it trigger
    STATIC = "static"            #: it changes values or rules while it is active
    REPLACEMENT = "replacement"  #: it changes an event as it happens ("instead")

    ALL = frozenset({ACTIVATED, TRIGGERED, STATIC, REPLACEMENT})


# Types of keys, as written in schemas: a name or a tuple of names.
_TYPE_CHECKS: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "function": lambda v: isinstance(v, ScriptFunction) or callable(v),
    "table": lambda v: isinstance(v, (dict, list)),
    "list": lambda v: isinstance(v, list) or v == {},
    "any": lambda v: True,
}

#: Keys every ability may have, whatever its role.
BASE_KEYS: dict[str, Any] = {
    "kind": "string",
    "label": "string",
    "text": "string",
    "condition": "function",
    "once_per_turn": "boolean",
    "unnegatable": "boolean",
    "tags": "list",
    "zone": ("string", "list"),
}

#: Keys each role adds.
ROLE_KEYS: dict[str, dict[str, Any]] = {
    Role.ACTIVATED: {"cost": "list", "targets": "list", "resolve": "function", "from": ("string", "list")},
    Role.TRIGGERED: {"trigger": "table", "cost": "list", "targets": "list", "resolve": "function",
                     "optional": "boolean"},
    Role.STATIC: {"modify": "list", "affects": ("string", "table")},
    Role.REPLACEMENT: {"replaces": "table", "instead": ("table", "function"), "optional": "boolean"},
}

TARGET_KEYS: dict[str, Any] = {"kind": "string", "who": "string", "count": "integer", "up_to": "boolean",
                               "filter": "table",
                               "prompt": "string", "player": "string"}
MODIFY_KEYS: dict[str, Any] = {"attr": "string", "op": "string", "value": ("number", "string", "function", "table",
                                                                          "boolean"),
                               "affects": ("string", "table"), "layer": "string"}


@attrs.frozen
class AbilityKind:
    """One ability kind of a system: its name in the game's words, its host role, and the extra
    keys it allows (``{"speed": "integer"}``) and requires."""

    name: str
    role: str
    keys: Mapping[str, Any] = attrs.field(factory=dict)
    required: frozenset[str] = frozenset()
    doc: str = ""
    #: Where abilities of this kind function or are activated from, unless the ability says.
    zones: tuple[str, ...] = ()


@attrs.frozen
class ScriptFunction:
    """A Lua function of a card script, named by its key path in the returned table."""

    path: tuple
    line: int | None = None


@attrs.frozen
class CostComponent:
    """One part of a cost, as data: a kind the system knows (``pay_life``, ``rest_don``,
    ``tribute`` ...), an amount and parameters."""

    kind: str
    amount: int = 1
    params: Mapping[str, Any] = attrs.field(factory=dict)
    source: int | None = None      # the card that contributed it, when not the ability's own card

    def describe(self) -> str:
        """The component as shown in errors and prompts: ``pay_life 1000``, ``discard 1 zone=hand``."""
        extra = " ".join(f"{k}={v}" for k, v in self.params.items() if k != "filter")
        return f"{self.kind} {self.amount}{(' ' + extra) if extra else ''}"


@attrs.frozen
class Ability:
    """An ability of a card definition. ``spec`` holds its keys as validated data."""

    index: int
    kind: str
    role: str
    spec: Mapping[str, Any]

    @property
    def label(self) -> str:
        """How the ability is named to players: its ``label`` key, else its kind."""
        return self.spec.get("label") or self.kind

    def get(self, key: str, default: Any = None) -> Any:
        """One key of the ability as the script wrote it (validated): ``zone``, ``resolve`` ..."""
        return self.spec.get(key, default)

    @property
    def cost(self) -> tuple[CostComponent, ...]:
        """The ability's own cost components (contributions from other cards come on top)."""
        return self.spec.get("cost", ())

    @property
    def targets(self) -> list[Mapping[str, Any]]:
        """The ability's target specs (``kind``, ``filter``, ``count``, ``up_to`` ...), chosen at activation."""
        return self.spec.get("targets", [])

    @property
    def trigger(self) -> Mapping[str, Any] | None:
        """A triggered ability's trigger: the event kind and the fields an event must match."""
        return self.spec.get("trigger")

    @property
    def unnegatable(self) -> bool:
        """Whether the ability says its effect cannot be negated (PMV 12.4, MTG "can't be countered")."""
        return bool(self.spec.get("unnegatable", False))


@attrs.frozen
class CardDefinition:
    """What a card is: its code, name, the system's fields, keywords and abilities. Immutable and
    shared by every copy of the card in every game of the process."""

    code: str
    name: str
    fields: Mapping[str, Any]
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    script: str | None = None        # display path of the script
    source: str | None = None        # the script text
    digest: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        """A field of the card data (``type``, ``cost``, ``power`` ...)."""
        return self.fields.get(key, default)

    def has_keyword(self, keyword: str) -> bool:
        """Whether the printed card has ``keyword`` (from its data or its script; not granted ones)."""
        return keyword in self.keywords

    def abilities_of(self, role: str) -> Iterable[Ability]:
        """The card's abilities of one :class:`Role`, in printed order."""
        return (a for a in self.abilities if a.role == role)


@attrs.frozen
class CardEntry:
    """A card's entry in a data file, before its script is loaded."""

    code: str
    name: str
    fields: Mapping[str, Any]
    keywords: tuple[str, ...]
    script_path: Path | None
    file: str
    line: int | None


def check_type(value: Any, expected: Any) -> bool:
    """Whether ``value`` has the schema type ``expected`` (a type name or a tuple of names)."""
    names = expected if isinstance(expected, tuple) else (expected,)
    return any(_TYPE_CHECKS[n](value) for n in names)


def type_name(expected: Any) -> str:
    """A schema type as read in errors: ``"string"``, ``"integer or string"``."""
    return " or ".join(expected) if isinstance(expected, tuple) else str(expected)


def lua_type_name(value: Any) -> str:
    """The Lua name of a value's type, for errors about script data (``"table"``, ``"function"`` ...)."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, ScriptFunction) or callable(value):
        return "function"
    if isinstance(value, (list, dict)):
        return "table"
    return type(value).__name__


def digest_of(*parts: str) -> str:
    """A short, stable hash of text parts (16 hex digits): how replays recognise a card's version."""
    h = _sha256()
    for p in parts:
        h.update(p.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:16]


def read_card_entries(path: Path, fields: Mapping[str, Any], display: str | None = None) -> list[CardEntry]:
    """Read one card data file. ``fields`` is the system's schema of card fields:
    ``{name: type}`` or ``{name: (type, True)}`` for a required field."""
    shown = display or str(path)
    data = load_yaml(path)
    if isinstance(data, dict) and "cards" in data:
        data = data["cards"]
    if not isinstance(data, list):
        raise CardDataError("a card data file is a list of cards (or a mapping with a 'cards' list)",
                            file=shown, line=getattr(data, "line", 1))
    entries = []
    for i, raw in enumerate(data):
        line = data.line_of(i) if isinstance(data, LineList) else None
        if not isinstance(raw, dict):
            raise CardDataError("each card is a mapping of fields", file=shown, line=line)
        entries.append(_entry(raw, fields, path, shown, line))
    return entries


def _entry(raw: dict, fields: Mapping[str, Any], path: Path, shown: str, line: int | None) -> CardEntry:
    def where(key: str) -> int | None:
        return raw.line_of(key) if isinstance(raw, LineDict) else line

    for key in ("code", "name"):
        if key not in raw:
            raise CardDataError("missing required field", file=shown, line=line, field=key)
        if not isinstance(raw[key], (str, int)) or isinstance(raw[key], bool):
            raise CardDataError("must be a string", file=shown, line=where(key), field=key)
    code, name = str(raw["code"]), str(raw["name"])
    extra = {}
    for key, value in raw.items():
        if key in ("code", "name", "script", "keywords"):
            continue
        if key not in fields:
            known = ", ".join(sorted(set(fields) | {"code", "name", "script", "keywords"}))
            raise CardDataError(f"unknown field for card {name!r} (known fields: {known})",
                                file=shown, line=where(key), field=key)
        spec = fields[key]
        expected = spec[0] if isinstance(spec, list) or (isinstance(spec, tuple) and isinstance(spec[-1], bool)) \
            else spec
        if value is not None and not check_type(value, expected):
            raise CardDataError(f"card {name!r}: expected {type_name(expected)}, got {lua_type_name(value)}",
                                file=shown, line=where(key), field=key)
        extra[key] = _plain(value)
    for key, spec in fields.items():
        required = isinstance(spec, tuple) and len(spec) == 2 and spec[1] is True
        if required and key not in raw:
            raise CardDataError(f"card {name!r}: missing required field", file=shown, line=line, field=key)
    keywords = raw.get("keywords", [])
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        raise CardDataError(f"card {name!r}: keywords must be a list of strings", file=shown,
                            line=where("keywords"), field="keywords")
    script = raw.get("script")
    script_path = None
    if script is not None:
        if not isinstance(script, str):
            raise CardDataError("must be a file name", file=shown, line=where("script"), field="script")
        script_path = path.parent / script
        if not script_path.is_file():
            raise CardDataError(f"card {name!r}: script file {script!r} not found next to the data file",
                                file=shown, line=where("script"), field="script")
    return CardEntry(code=code, name=name, fields=extra, keywords=tuple(keywords), script_path=script_path,
                     file=shown, line=line)


def _plain(value: Any) -> Any:
    """Strip the line bookkeeping of loaded YAML."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


@attrs.frozen
class Deck:
    """A deck: a name and its sections (``main``, ``extra``, ``leader`` ...), each a list of card
    codes with repeats."""

    name: str
    sections: Mapping[str, tuple[str, ...]]
    file: str | None = None

    def all_codes(self) -> list[str]:
        """Every card code of every section, with repeats."""
        return [c for codes in self.sections.values() for c in codes]


def read_deck(path: Path, resolve: Callable[[str], str | None], sections: Iterable[str],
              display: str | None = None) -> Deck:
    """Read a deck file. Each section is a list of ``"N Card Name"`` strings (or ``Card Name`` for
    one copy); ``resolve`` turns a name or code into a code, or ``None`` when unknown."""
    shown = display or str(path)
    data = load_yaml(path)
    if not isinstance(data, dict):
        raise DeckError("a deck file is a mapping with a name and its sections", file=shown, line=1)
    allowed = set(sections)
    out: dict[str, tuple[str, ...]] = {}
    for key, value in data.items():
        if key == "name":
            continue
        if key not in allowed:
            raise DeckError(f"unknown deck section (this system's sections: {', '.join(sorted(allowed))})",
                            file=shown, line=line_of(data, key), field=key)
        if not isinstance(value, list):
            raise DeckError("a section is a list of '<count> <card name>' lines", file=shown,
                            line=line_of(data, key), field=key)
        codes: list[str] = []
        for i, item in enumerate(value):
            line = value.line_of(i) if isinstance(value, LineList) else None
            count, name = _parse_deck_line(item, shown, line, key)
            code = resolve(name)
            if code is None:
                raise DeckError(f"unknown card {name!r}", file=shown, line=line, field=key)
            codes.extend([code] * count)
        out[key] = tuple(codes)
    name = data.get("name") or path.stem
    return Deck(name=str(name), sections=out, file=shown)


def _parse_deck_line(item: Any, file: str, line: int | None, section: str) -> tuple[int, str]:
    if isinstance(item, str):
        head, _, rest = item.strip().partition(" ")
        if head.isdigit() and rest.strip():
            return int(head), rest.strip()
        return 1, item.strip()
    if isinstance(item, dict) and set(item) <= {"card", "count"} and "card" in item:
        count = item.get("count", 1)
        if not isinstance(count, int) or count < 1:
            raise DeckError("count must be a positive integer", file=file, line=line, field=section)
        return count, str(item["card"])
    raise DeckError("expected '<count> <card name>'", file=file, line=line, field=section)
