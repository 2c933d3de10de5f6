"""Derived values: a card's current power, toughness, cost, keywords ... from its printed values
plus the modifiers that apply, in the system's layer order.

Modifiers come from three places: floating effects created by resolutions, static abilities of
cards that are active, and rules (:func:`~rulestack.hookspecs.modifiers`). They are applied in
layer order, then timestamp order, and recomputed whenever the state changes (the cache is keyed
on the journal's version).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

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
