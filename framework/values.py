"""Derived values: a card's current power, toughness, cost, keywords ... from its printed values
plus the modifiers that apply, in the system's layer order.

Modifiers come from three places: floating effects created by resolutions, static abilities of
cards that are active, and rules (:func:`~rulestack.hookspecs.modifiers`). They are applied in
layer order, then timestamp order, and recomputed whenever the state changes (the cache is keyed
on the journal's version).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, TypeVar

import attrs

#: Ops every system understands. Systems add more with ``GameSystem.modifier_ops``.
#: ``set`` replaces the value, ``add`` adds a number, ``swap`` exchanges ``attr`` with the
#: attribute named by ``value``, ``grant``/``revoke`` add or remove a keyword, ``remove_abilities``
#: makes the card lose all abilities, ``negate`` negates its effects (``value="all"`` also negates
#: unnegatable text; a table ``{kinds = {...}, include_unnegatable = bool}`` negates only the
#: abilities of those kinds or roles, see :func:`negation_scope`).
HOST_OPS = ("set", "add", "swap", "grant", "revoke", "remove_abilities", "negate")

#: Ops that change which abilities a card has; computed before every other modifier.
ABILITY_OPS = frozenset({"remove_abilities", "negate", "grant", "revoke"})

T = TypeVar("T")


@attrs.frozen
class Modifier:
    """One change to one card's values."""

    card: int
    attr: str
    op: str
    value: Any
    timestamp: int = 0
    layer: str | None = None
    source: int | None = None


def _apply_op(values: dict[str, Any], mod: Modifier, extra_ops: Mapping[str, Callable]) -> None:
    op, attr = mod.op, mod.attr
    if op == "set":
        values[attr] = mod.value
    elif op == "add":
        current = values.get(attr) or 0
        values[attr] = current + mod.value
    elif op == "swap":
        other = mod.value
        values[attr], values[other] = values.get(other), values.get(attr)
    elif op == "grant":
        kws = values.setdefault("keywords", ())
        if mod.value not in kws:
            values["keywords"] = tuple(kws) + (mod.value,)
    elif op == "revoke":
        values["keywords"] = tuple(k for k in values.get("keywords", ()) if k != mod.value)
    elif op == "remove_abilities":
        values["abilities_removed"] = True
        values["keywords"] = ()
    elif op == "negate":
        if isinstance(mod.value, Mapping):
            values["negated_scopes"] = tuple(values.get("negated_scopes", ())) + (negation_scope(mod.value),)
        else:
            values["negated"] = "all" if mod.value == "all" or values.get("negated") == "all" else True
    elif op in extra_ops:
        extra_ops[op](values, mod)
    else:
        raise ValueError(f"unknown modifier op {op!r}")


@attrs.frozen
class NegationScope:
    """Which abilities one scoped ``negate`` reaches: those whose kind or role is in ``kinds``
    (None: every kind), and unnegatable ones only with ``include_unnegatable``."""

    kinds: frozenset[str] | None
    include_unnegatable: bool = False

    def reaches(self, kind: str, role: str, unnegatable: bool) -> bool:
        """Does this negation reach an ability of ``kind``/``role``?"""
        if unnegatable and not self.include_unnegatable:
            return False
        return self.kinds is None or kind in self.kinds or role in self.kinds


def negation_scope(value: Mapping[str, Any]) -> NegationScope:
    """The :class:`NegationScope` of a ``negate`` value given as a table:
    ``{kinds = {"trigger", "static"}, include_unnegatable = false}`` (both keys optional)."""
    unknown = set(value) - {"kinds", "include_unnegatable"}
    if unknown:
        raise ValueError(f"negate: unknown key(s) {sorted(unknown)} in {dict(value)!r} "
                         "(use kinds = {...} and include_unnegatable = true/false)")
    kinds = value.get("kinds")
    if kinds is not None:
        items = kinds.values() if isinstance(kinds, Mapping) else [kinds] if isinstance(kinds, str) else kinds
        kinds = frozenset(str(k) for k in items)
    return NegationScope(kinds=kinds, include_unnegatable=bool(value.get("include_unnegatable", False)))


def compute(base: Mapping[str, Any], mods: Iterable[Modifier], layer_rank: Mapping[str, int],
            op_layers: Mapping[str, str], extra_ops: Mapping[str, Callable]) -> dict[str, Any]:
    """Apply ``mods`` to a copy of ``base`` in layer order (then timestamp order)."""
    values = dict(base)
    default_rank = len(layer_rank)

    def key(m: Modifier) -> tuple[int, int]:
        layer = m.layer or op_layers.get(m.op)
        return (layer_rank.get(layer, default_rank) if layer else default_rank, m.timestamp)

    for mod in sorted(mods, key=key):
        _apply_op(values, mod, extra_ops)
    return values


# -- dependency within a layer (MTG 613.8) ---------------------------------------------------------

#: Filter keys that read no derived value (zones, players, names, statuses, counters).
_FILTER_KEYS_NOT_VALUES = frozenset({"zone", "player", "controller", "owner", "name", "name_contains", "code",
                                     "face_up", "other", "attached_to_self", "host_of_self", "status", "counters"})


def filter_reads(spec: Any, system_keys: Iterable[str] = ()) -> frozenset[str] | None:
    """The derived values a card filter reads (``{types = "Creature", keyword = "Flying"}`` reads
    ``types`` and ``keywords``); ``None`` when it cannot be told (a ``where`` function, a system's
    own filter key): then it may read anything. ``"self"`` and other non-tables read nothing."""
    if not isinstance(spec, Mapping):
        return frozenset()
    extra = set(system_keys)
    out: set[str] = set()
    for key, value in spec.items():
        if key in _FILTER_KEYS_NOT_VALUES:
            continue
        if key == "where" or key in extra:
            return None
        if key == "keyword":
            out.add("keywords")
        elif key in ("min", "max") and isinstance(value, Mapping):
            out.update(str(k) for k in value)
        else:
            out.add(str(key))
    return frozenset(out)


def modify_writes(spec: Mapping[str, Any]) -> frozenset[str]:
    """The derived values one ``modify`` entry changes: its ``attr`` (and the other side of a
    ``swap``); ``keywords`` and the ability flags for the ability ops."""
    op, attr = spec.get("op", "add"), spec.get("attr", "")
    if op in ABILITY_OPS:
        return frozenset({"keywords", "abilities_removed", "negated", "negated_scopes"})
    if op == "swap":
        return frozenset({str(attr), str(spec.get("value"))})
    return frozenset({str(attr)})


#: No keyword (what :func:`keywords_written` says of a modifier that changes none).
NO_KEYWORDS: frozenset[str] = frozenset()


def keywords_written(op: str, attr: str | None, value: Any) -> frozenset[str] | None:
    """The keywords a modifier with this op, attribute and value could give a card or take from it
    (``None``: it cannot be told, any): none for ``set``/``add`` of another attribute, nor for
    ``negate``; the one a ``grant`` or ``revoke`` names literally; any for the rest
    (``remove_abilities``, a computed grant, ``swap``, a system's own op, a change of ``keywords``
    itself). A system reads a card's printed keywords instead of its derived ones while no
    modifier that could apply writes the keyword it asks about."""
    if op in ("set", "add"):
        return None if attr == "keywords" else NO_KEYWORDS
    if op in ("grant", "revoke") and isinstance(value, str):
        return frozenset((value,))
    if op == "negate":
        return NO_KEYWORDS
    return None


def union_written(groups: Iterable[frozenset[str] | None]) -> frozenset[str] | None:
    """The union of :func:`keywords_written` answers (``None`` as soon as one is ``None``)."""
    out: frozenset[str] = NO_KEYWORDS
    for group in groups:
        if group is None:
            return None
        if group:
            out = out | group
    return out


def dependency_order(entries: Sequence[T], timestamp: Callable[[T], int],
                     depends: Callable[[T, T], bool]) -> Iterator[T]:
    """613.8 within one layer: yield the entries one at a time, each the earliest by timestamp
    among those that depend on no other entry still to apply (613.8a, 613.7); when every one left
    depends on another (a dependency loop, 613.8b), the earliest by timestamp. The caller applies
    each entry before asking for the next, so dependencies are judged again after each (613.8c)."""
    remaining = sorted(entries, key=timestamp)
    while remaining:
        pick = remaining[0]
        if len(remaining) > 1:
            free = [a for a in remaining if not any(b != a and depends(a, b) for b in remaining)]
            if free:
                pick = free[0]
        remaining.remove(pick)
        yield pick
