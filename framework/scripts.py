"""Turning a card's data entry and script into a validated :class:`CardDefinition`.

The script's returned table is checked against the host's keys, the role's keys and the system's
ability kinds. Every problem names the script file, the line (found by :mod:`rulestack.lua_source`)
and the key path, e.g. ``card_scripts/mtg/shock.lua:4: abilities[1].cots: unknown key``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from .cards import (BASE_KEYS, MODIFY_KEYS, ROLE_KEYS, TARGET_KEYS, Ability, AbilityKind, CardDefinition,
                    CardEntry, CostComponent, ScriptFunction, check_type, digest_of, lua_type_name, type_name)
from .errors import CardDataError
from .values import HOST_OPS


class _Checker:
    def __init__(self, entry: CardEntry, file: str, source: str | None) -> None:
        self.entry = entry
        self.file = file
        self.source = source

    def fail(self, path: tuple, message: str) -> None:
        line = None
        if self.source is not None:
            from .lua_source import line_of
            line = line_of(self.source, path)
        raise CardDataError(f"card {self.entry.name!r}: {message}", file=self.file, line=line,
                            field=render_path(path) or None)


def render_path(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def convert_functions(data: Any) -> Any:
    """Replace the sandbox's function handles by :class:`ScriptFunction` (sandbox independent)."""
    from .sandbox import LuaFunctionRef
    if isinstance(data, LuaFunctionRef):
        return ScriptFunction(path=tuple(data.path), line=data.line)
    if isinstance(data, dict):
        return {k: convert_functions(v) for k, v in data.items()}
    if isinstance(data, list):
        return [convert_functions(v) for v in data]
    return data


def build_definition(entry: CardEntry, script_data: Any, source: str | None, system: Any, expand: Any) -> CardDefinition:
    """Validate a script's returned data (already converted by :func:`convert_functions`) and the
    keyword expansion, and build the card's definition.

    ``system`` is the GameSystem class; ``expand(entry, abilities)`` expands keywords."""
    chk = _Checker(entry, _display(entry), source)
    keywords = list(entry.keywords)
    abilities_raw: list = []
    extra: dict[str, Any] = {}
    if script_data is not None:
        if isinstance(script_data, list) and not script_data:
            script_data = {}
        if not isinstance(script_data, dict):
            chk.fail((), "a card script must return a table with an 'abilities' list")
        allowed_top = {"abilities": "list", "keywords": "list", **system.script_keys}
        for key, value in script_data.items():
            if key not in allowed_top:
                chk.fail((key,), f"unknown key (a script may return: {', '.join(sorted(allowed_top))})")
            if not check_type(value, allowed_top[key]):
                chk.fail((key,), f"expected {type_name(allowed_top[key])}, got {lua_type_name(value)}")
        abilities_raw = list(script_data.get("abilities") or [])
        for i, kw in enumerate(script_data.get("keywords") or []):
            if not isinstance(kw, str):
                chk.fail(("keywords", i + 1), "a keyword is a string")
            keywords.append(kw)
        extra = {k: v for k, v in script_data.items() if k not in ("abilities", "keywords")}
    for i, raw in enumerate(abilities_raw):
        _check_ability(chk, ("abilities", i + 1), raw, system)
    expanded = expand(entry, keywords, abilities_raw)
    keyword_chk = _Checker(entry, f"{chk.file} (keywords)", None)
    abilities = []
    for i, raw in enumerate(expanded):
        checker = chk if i < len(abilities_raw) and raw is abilities_raw[i] else keyword_chk
        kind = _check_ability(checker, ("abilities", i + 1), raw, system)
        abilities.append(_make_ability(i, kind, raw))
    fields = dict(entry.fields)
    fields.update(extra)
    return CardDefinition(code=entry.code, name=entry.name, fields=fields, keywords=tuple(dict.fromkeys(keywords)),
                          abilities=tuple(abilities), script=chk.file if entry.script_path else None, source=source,
                          digest=digest_of(entry.code, entry.name, repr(sorted(entry.fields.items())),
                                           repr(entry.keywords), source or ""))


def _display(entry: CardEntry) -> str:
    return entry.file if entry.script_path is None else display_path(entry.script_path)


def _check_ability(chk: _Checker, path: tuple, raw: Any, system: Any) -> AbilityKind:
    if not isinstance(raw, dict):
        chk.fail(path, "an ability is a table of keys")
    kind_name = raw.get("kind")
    if kind_name is None:
        chk.fail(path, f"missing 'kind' (one of: {', '.join(sorted(system.ability_kinds))})")
    if kind_name not in system.ability_kinds:
        chk.fail(path + ("kind",), f"unknown ability kind {kind_name!r} "
                                   f"(this system's kinds: {', '.join(sorted(system.ability_kinds))})")
    kind: AbilityKind = system.ability_kinds[kind_name]
    allowed = {**BASE_KEYS, **ROLE_KEYS[kind.role], **kind.keys}
    for key, value in raw.items():
        if key not in allowed:
            chk.fail(path + (key,), f"unknown key for a {kind_name!r} ability "
                                    f"(allowed: {', '.join(sorted(allowed))})")
        if not check_type(value, allowed[key]):
            chk.fail(path + (key,), f"expected {type_name(allowed[key])}, got {lua_type_name(value)}")
    for key in kind.required:
        if key not in raw:
            chk.fail(path, f"a {kind_name!r} ability needs '{key}'")
    if "cost" in raw:
        for j, comp in enumerate(raw["cost"]):
            _check_cost(chk, path + ("cost", j + 1), comp, system)
    for j, spec in enumerate(raw.get("targets") or []):
        _check_keys(chk, path + ("targets", j + 1), spec, TARGET_KEYS, "target")
        if spec.get("kind", "card") not in ("card", "player"):
            chk.fail(path + ("targets", j + 1, "kind"), "a target's kind is 'card' or 'player'")
    if "trigger" in raw:
        trig = raw["trigger"]
        if not isinstance(trig, dict) or not isinstance(trig.get("on"), (str, list)):
            chk.fail(path + ("trigger",), "a trigger needs 'on' (the event kind it listens for)")
    ops = set(HOST_OPS) | set(system.modifier_ops)
    for j, mod in enumerate(raw.get("modify") or []):
        _check_keys(chk, path + ("modify", j + 1), mod, MODIFY_KEYS, "modifier")
        if mod.get("op", "add") not in ops:
            chk.fail(path + ("modify", j + 1, "op"), f"unknown op {mod.get('op')!r} (ops: {', '.join(sorted(ops))})")
    return kind


def _check_keys(chk: _Checker, path: tuple, spec: Any, keys: Mapping[str, Any], what: str) -> None:
    if not isinstance(spec, dict):
        chk.fail(path, f"a {what} is a table of keys")
    for key, value in spec.items():
        if key not in keys:
            chk.fail(path + (key,), f"unknown key for a {what} (allowed: {', '.join(sorted(keys))})")
        if not check_type(value, keys[key]):
            chk.fail(path + (key,), f"expected {type_name(keys[key])}, got {lua_type_name(value)}")


def _check_cost(chk: _Checker, path: tuple, comp: Any, system: Any) -> None:
    kind = comp[0] if isinstance(comp, list) and comp else comp.get("kind") if isinstance(comp, dict) else None
    if not isinstance(kind, str):
        chk.fail(path, "a cost is { 'kind', amount } or { kind = '...', amount = n, ... }")
    if kind not in system.cost_kinds:
        chk.fail(path, f"unknown cost kind {kind!r} (this system's costs: {', '.join(sorted(system.cost_kinds))})")
    amount = comp[1] if isinstance(comp, list) and len(comp) > 1 else \
        comp.get("amount", 1) if isinstance(comp, dict) else 1
    if isinstance(amount, bool) or not isinstance(amount, (int, str)):
        chk.fail(path, f"the amount of a cost is an integer (or a word such as 'X'), got {lua_type_name(amount)}")


def normalize_cost(raw: Any) -> CostComponent:
    """A cost entry from a script (``{"pay_life", 1000}`` or ``{kind=..., amount=..., ...}``)."""
    if isinstance(raw, CostComponent):
        return raw
    if isinstance(raw, list):
        kind = raw[0]
        amount = raw[1] if len(raw) > 1 else 1
        params = dict(raw[2]) if len(raw) > 2 and isinstance(raw[2], dict) else {}
    else:
        params = {k: v for k, v in raw.items() if k not in ("kind", "amount")}
        kind, amount = raw["kind"], raw.get("amount", 1)
    if isinstance(amount, str):
        params["amount_word"] = amount
        amount = 0
    return CostComponent(kind=kind, amount=amount, params=params)


def _make_ability(index: int, kind: AbilityKind, raw: dict) -> Ability:
    spec = dict(raw)
    if "cost" in spec:
        spec["cost"] = tuple(normalize_cost(c) for c in spec["cost"])
    if kind.zones and "zone" not in spec and "from" not in spec:
        spec["zone"] = tuple(kind.zones)
    for key in ("zone", "from"):
        if isinstance(spec.get(key), str):
            spec[key] = (spec[key],)
        elif isinstance(spec.get(key), list):
            spec[key] = tuple(spec[key])
    return Ability(index=index, kind=kind.name, role=kind.role, spec=spec)


def display_path(path: Path | str) -> str:
    """How a card file is named in messages: from ``card_scripts/`` (or ``tests/``) when it lies
    under one, else as given."""
    parts = Path(path).parts
    for anchor in ("card_scripts", "tests"):
        if anchor in parts:
            return "/".join(parts[parts.index(anchor):])
    return str(path)
