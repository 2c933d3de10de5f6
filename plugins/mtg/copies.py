"""Copies (707): an object that copies another takes its *copiable values* — the values printed
on it (its code's definition: name, mana cost, types, power and toughness, keywords and
abilities) as changed by other copy effects and by the exceptions of the effect that made it
(707.2, 707.9) — and nothing else: not counters, damage, tapped status, or other continuous
effects. Copy effects apply in layer 1 (613.2a), before every other effect.

A copy is the same object with another card's definition (the host's ``game.become``) for as
long as it stays that object; the exceptions and a token's own characteristics (111.3) are
continuous effects of the ``copy`` layer locked onto it (op ``set``), which a copy of the copy
copies too. A copy of a Saga is a Saga with its own lore counters and chapter abilities.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from rulestack import Card, Cause, Game, RulestackError
from rulestack.context import ScriptUsageError

if TYPE_CHECKING:
    from .system import MTGSystem

COPY_LAYER = "copy"

#: The characteristics an effect may give a token or a copy as an exception (111.3, 707.9b).
CHARACTERISTICS = ("name", "mana_cost", "types", "subtypes", "supertypes", "power", "toughness", "colors",
                   "keywords")
#: Exceptions that add to a characteristic rather than set it: "except it has flying" (707.9a:
#: the ability gained is a copiable value too), "except it's an artifact in addition to its other
#: types"; each names the characteristic it adds to.
ADDITIONS = {"add_keywords": "keywords", "add_types": "types", "add_subtypes": "subtypes"}
_ADDED_BY = {attr: key for key, attr in ADDITIONS.items()}


def exceptions_of(game: Game, card: Card) -> list[tuple[str, Any]]:
    """The copy-layer values set on ``card`` (its exceptions and a token's characteristics), in
    timestamp order: part of its copiable values (707.2)."""
    out: list[tuple[int, str, Any]] = []
    for eff in game.state.effects:
        if eff.layer != COPY_LAYER or not eff.targets or card.id not in eff.targets:
            continue
        if eff.data.get("generations", {}).get(card.id, card.generation) != card.generation:
            continue
        if eff.attr is None:
            raise RulestackError(f"a copy-layer effect (#{eff.id}, op {eff.op!r}) on {card.name} (card #{card.id}) "
                                 "names no characteristic; copy effects set or add to one (see set_characteristics)")
        attr = _ADDED_BY[eff.attr] if eff.op == "include" and eff.attr in _ADDED_BY else eff.attr
        out.append((eff.timestamp, attr, eff.value))
    return [(attr, value) for _, attr, value in sorted(out, key=lambda t: t[0])]


def set_characteristics(game: Game, card: Card, values: Mapping[str, Any], *, source: int | None = None,
                        controller: int | None = None) -> None:
    """Give ``card`` these copiable values (layer 1), for as long as it is this object: a
    characteristic set (``power = 1``), or added to (``add_keywords = {"Flying"}``, 707.9a)."""
    for attr, value in values.items():
        if attr not in CHARACTERISTICS and attr not in ADDITIONS:
            raise ScriptUsageError(f"a token or copy characteristic is one of {', '.join(CHARACTERISTICS)}, "
                                   f"or an addition {', '.join(ADDITIONS)}; not {attr!r}")
        op = "include" if attr in ADDITIONS else "set"
        attr = ADDITIONS.get(attr, attr)
        if attr == "keywords":
            value = tuple(value.values()) if isinstance(value, dict) else \
                (value,) if isinstance(value, str) else tuple(value)
        elif isinstance(value, dict):
            value = list(value.values())
        elif op == "include" and isinstance(value, str):
            value = [value]
        game.add_effect(op, attr, value, targets=[card.id], layer=COPY_LAYER, duration="permanent",
                        source=source, controller=controller, cause=Cause.EFFECT)
    _forget_type_caches(game)


def copiable(game: Game, original: Card) -> tuple[str, list[tuple[str, Any]]]:
    """The copiable values of ``original`` as a card code and copy-layer values (707.2)."""
    return original.code, exceptions_of(game, original)


def become_copy(game: Game, card: Card, original: Card, *, generation: int | None = None) -> None:
    """``card`` becomes a copy of ``original`` (its definition now; the exceptions follow with
    :func:`keep_exceptions` once the card is the object the copy applies to)."""
    game.become(card, original.code, generation=generation)
    _forget_type_caches(game)


def copy_as_it_enters(game: Game, card: Card, original: Card) -> None:
    """707.2 / 614.1c: "enter as a copy of": the copy applies to the object the card becomes as it
    enters (its next generation), so it enters already a copy and its enters abilities are the
    copied ones."""
    become_copy(game, card, original, generation=card.generation + 1)


def merged(*groups: Any) -> dict[str, Any]:
    """Characteristics and exceptions (pairs or mappings, in timestamp order) as one table: a
    value set later replaces an earlier one; additions (``add_keywords`` ...) accumulate."""
    out: dict[str, Any] = {}
    for group in groups:
        for attr, value in (group.items() if isinstance(group, Mapping) else group):
            if attr in ADDITIONS and attr in out:
                have = [out[attr]] if isinstance(out[attr], str) else list(out[attr])
                more = [value] if isinstance(value, str) else list(value.values() if isinstance(value, dict) else value)
                out[attr] = have + [v for v in more if v not in have]
            else:
                out[attr] = value
    return out


def keep_exceptions(game: Game, card: Card, original: Card) -> None:
    """Give ``card`` the copy-layer values of ``original`` (a copy of a copy copies them too)."""
    values = merged(exceptions_of(game, original))
    if values:
        set_characteristics(game, card, values, source=original.id, controller=card.controller)


def choose_copy_as_enters(game: Game, card: Card, controller: int) -> Card | None:
    """The permanent ``card`` enters as a copy of, when one of its ``enters`` abilities says
    ``copy = FILTER`` (Clone): chosen by its controller as it enters, or none ("you may")."""
    for ab in card.definition.abilities:
        if ab.kind != "enters" or not isinstance(ab.get("copy"), dict):
            continue
        spec = {"zone": "battlefield", **ab.get("copy")}
        choices = [c.id for c in game.find(spec, controller, card) if c.id != card.id]
        if not choices:
            return None
        if ab.get("optional") and not game.yes_no(controller, f"{card.name}: enter as a copy?", source=card.id):
            return None
        picked = game.choose_cards(controller, choices, 1, 1, f"{card.name} enters as a copy of", reason="resolution",
                                   source=card.id)
        return game.card(picked[0]) if picked else None
    return None


def exceptions_as_enters(card: Card) -> dict[str, Any]:
    """The exceptions of the card's own "enter as a copy" ability (``except = {...}``: Phyrexian
    Metamorph "except it's an artifact in addition to its other types", 707.9a-b), read before
    the card becomes the copy."""
    for ab in card.definition.abilities:
        if ab.kind == "enters" and isinstance(ab.get("copy"), dict):
            return dict(ab.get("except") or {})
    return {}


def _forget_type_caches(game: Game) -> None:
    """A copy can bring static abilities that change types: the plugin's caches must look again."""
    system = cast("MTGSystem", game.system)
    system.type_statics = (-1, True)
    system.types_hold = (-1, False)
