"""The base class of game systems and their discovery through entry points.

A game system is a pluggy plugin: a subclass of :class:`GameSystem` whose data (zones, card
fields, ability kinds, cost kinds, Lua vocabulary, layers, settings) is declared as class
attributes, and whose behaviour is given by methods marked with :data:`rulestack.hookimpl`.
It is found through the ``rulestack.systems`` entry-point group, so installing a package that
declares one makes it appear in ``rulestack systems``. One instance is made per game.
"""
from __future__ import annotations

import functools
from importlib import metadata, resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Concatenate, Mapping, TypeAlias

from .cards import AbilityKind, Role
from .errors import ConfigurationError
from .state import ZoneSpec

if TYPE_CHECKING:
    from .cards import CostComponent
    from .context import EffectContext
    from .events import Event
    from .flow import Activation
    from .game import Game
    from .state import Card
    from .values import Modifier

#: ``pay(game, player, component, chosen, activation)``: what :meth:`CostKind.pay` does.
PayFunction: TypeAlias = "Callable[[Game, int, CostComponent, list[int], Activation], dict[str, Any] | None]"
#: ``candidates(game, player, component, activation)``: what :meth:`CostKind.candidates` does.
CandidatesFunction: TypeAlias = "Callable[[Game, int, CostComponent, Activation], list[int] | None]"
#: A word of a system's Lua vocabulary: ``ctx:name(a, b)`` in a script calls ``fn(ctx, a, b)``.
ScriptMethod: TypeAlias = "Callable[Concatenate[EffectContext, ...], Any]"
#: An extra trigger filter key: ``fn(game, card, event, value)``; ``card`` has the triggered ability.
TriggerKey: TypeAlias = "Callable[[Game, Card, Event, Any], bool]"
#: An extra card filter key: ``fn(game, card, value, player)``; ``player`` is the filter's perspective.
FilterKey: TypeAlias = "Callable[[Game, Card, Any, int | None], bool]"
#: An extra modifier op: ``fn(values, modifier)`` changes the card's ``values`` in place.
ModifierOp: TypeAlias = "Callable[[dict[str, Any], Modifier], None]"

ENTRY_POINT_GROUP = "rulestack.systems"


class CostKind:
    """How a system pays one kind of cost component (``pay_life``, ``rest_don``, ``discard`` ...).

    Costs are data: the host checks a whole cost by trying to pay it in a transaction that it then
    rolls back, so a cost kind needs no separate "can I pay?" branch that could drift from its
    payment.
    """

    #: How the cost kind reads in prompts.
    label: str = "pay"

    def candidates(self, game: Game, player: int, component: CostComponent, activation: Activation) -> list[int] | None:
        """The cards the player may choose from to pay this component, or ``None`` when paying
        needs no choice (life points, DON!!, memory)."""
        return None

    def count(self, game: Game, player: int, component: CostComponent, activation: Activation) -> int:
        """How many candidates must be chosen (default: the component's amount)."""
        return component.amount

    def pay(self, game: Game, player: int, component: CostComponent, chosen: list[int],
            activation: Activation) -> dict[str, Any] | None:
        """Pay it, through the game's primitives with cause ``cost``; ``chosen`` are the cards the
        player chose among :meth:`candidates` (empty when there was no choice). Raise
        :class:`~rulestack.flow.CostUnpayable` if it cannot be paid. Return what was paid (merged
        into ``Item.paid``: lists are joined and numbers added), or ``None``."""
        raise NotImplementedError


class FunctionCost(CostKind):
    """A cost kind from plain functions: ``pay(game, player, component, chosen, activation)`` and,
    optionally, ``candidates(game, player, component, activation)``."""

    def __init__(self, pay: PayFunction, candidates: CandidatesFunction | None = None, label: str = "pay") -> None:
        self._pay = pay
        self._candidates = candidates
        self.label = label

    def candidates(self, game: Game, player: int, component: CostComponent, activation: Activation) -> list[int] | None:
        """The ``candidates`` function's answer; ``None`` (no choice) when none was given."""
        return self._candidates(game, player, component, activation) if self._candidates else None

    def pay(self, game: Game, player: int, component: CostComponent, chosen: list[int],
            activation: Activation) -> dict[str, Any] | None:
        """The ``pay`` function's answer."""
        return self._pay(game, player, component, chosen, activation)


class GameSystem:
    """Base class of a game system. Subclasses declare data as class attributes and implement
    hooks (see :mod:`rulestack.hookspecs`) as methods decorated with :data:`rulestack.hookimpl`."""

    #: The system's short name, used on the command line (``rulestack play mtg``).
    name: ClassVar[str] = ""
    #: The system's version (recorded in replays).
    version: ClassVar[str] = "0"
    #: The game's full name.
    title: ClassVar[str] = ""
    #: The zones of the game.
    zones: ClassVar[tuple[ZoneSpec, ...]] = ()
    #: Deck sections and the zone each section starts in (``{"main": "library"}``).
    deck_sections: ClassVar[Mapping[str, str]] = {"main": "deck"}
    #: Schema of the card data fields beyond ``code``, ``name``, ``script``, ``keywords``:
    #: ``{field: type}`` or ``{field: (type, True)}`` when required, where a type is a name
    #: (``"string"``, ``"integer"``, ``"number"``, ``"boolean"``, ``"list"``, ``"table"``) or a tuple of names.
    card_fields: ClassVar[Mapping[str, Any]] = {}
    #: The ability kinds, in the game's words, and their roles.
    ability_kinds: ClassVar[Mapping[str, AbilityKind]] = {}
    #: Top-level keys a card script may return besides ``abilities`` and ``keywords``, and their
    #: type names (as in :attr:`card_fields`): ``{"equip": "table"}``.
    script_keys: ClassVar[Mapping[str, Any]] = {}
    #: Where abilities of each role function unless the ability says (``zone = ...``).
    default_zones: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: How each cost kind is paid.
    cost_kinds: ClassVar[Mapping[str, CostKind]] = {}
    #: The system's Lua vocabulary: ``ctx:name(...)`` calls ``fn(ctx, ...)`` with an
    #: :class:`~rulestack.context.EffectContext`.
    script_methods: ClassVar[Mapping[str, ScriptMethod]] = {}
    #: Extra trigger filter keys: ``fn(game, card, event, value) -> bool``, ``card`` being the card
    #: whose triggered ability is matched against ``event``.
    trigger_keys: ClassVar[Mapping[str, TriggerKey]] = {}
    #: Extra card filter keys: ``fn(game, card, value, player) -> bool``.
    filter_keys: ClassVar[Mapping[str, FilterKey]] = {}
    #: Layer names in the order they apply, and which layer each op defaults to.
    layers: ClassVar[tuple[str, ...]] = ()
    op_layers: ClassVar[Mapping[str, str]] = {}
    #: Extra modifier ops: ``fn(values, modifier)`` mutating ``values``.
    modifier_ops: ClassVar[Mapping[str, ModifierOp]] = {}
    #: Settings and their defaults; ``rulestack play --set key=value`` changes them.
    settings_defaults: ClassVar[Mapping[str, Any]] = {}
    #: Where the card data and scripts are: a package resource (``"rulestack_cards"``, ``"mtg"``).
    card_resource: ClassVar[tuple[str, str] | None] = None
    #: The two sample decks ``rulestack play`` uses.
    sample_decks: ClassVar[tuple[str, ...]] = ()
    #: A game that reaches this many turns ends in a draw (a guard for random play).
    max_turns: ClassVar[int] = 200
    #: Players in a game.
    player_count: ClassVar[int] = 2
    #: Choose targets before paying the cost (MTG 601.2c before 601.2h; PMV) rather than after (Yu-Gi-Oh!).
    targets_before_cost: ClassVar[bool] = False
    #: Whether the system's ``modifiers`` hook can make cards lose all abilities (otherwise the host
    #: skips that check when no card or effect can).
    removes_abilities_by_rule: ClassVar[bool] = False

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        merged = dict(self.settings_defaults)
        for key, value in (settings or {}).items():
            if key not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise ConfigurationError(f"system {self.name!r} has no setting {key!r} (settings: {known})")
            merged[key] = _coerce(value, merged[key], key)
        self.settings = merged

    # -- data locations ----------------------------------------------------------------------
    @classmethod
    def card_root(cls) -> Path:
        """The folder holding this system's card data (``*.yaml`` under ``cards/``), scripts and decks."""
        if cls.card_resource is None:
            raise ConfigurationError(f"system {cls.name!r} declares no card_resource")
        package, sub = cls.card_resource
        return Path(str(resources.files(package))) / sub

    @classmethod
    def card_files(cls) -> list[Path]:
        """The card data files, in a fixed order."""
        root = cls.card_root() / "cards"
        return sorted(root.glob("*.yaml")) if root.is_dir() else []

    @classmethod
    def deck_dir(cls) -> Path:
        """The folder of the system's decks (``<card_root>/decks``)."""
        return cls.card_root() / "decks"

    @classmethod
    def deck_names(cls) -> list[str]:
        """The names of the system's decks, sorted (the ``.yaml`` files of :meth:`deck_dir`)."""
        return sorted(p.stem for p in cls.deck_dir().glob("*.yaml"))


def _coerce(value: Any, default: Any, key: str) -> Any:
    if isinstance(value, str) and not isinstance(default, str):
        try:
            if isinstance(default, bool):
                if value.lower() in ("1", "true", "yes", "on"):
                    return True
                if value.lower() in ("0", "false", "no", "off"):
                    return False
                raise ValueError
            if isinstance(default, int):
                return int(value)
            if isinstance(default, float):
                return float(value)
        except ValueError:
            raise ConfigurationError(f"setting {key!r} expects a {type(default).__name__}, got {value!r}") from None
    return value


@functools.lru_cache(maxsize=None)
def _entry_points() -> tuple[metadata.EntryPoint, ...]:
    return tuple(sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name))


def available_systems() -> dict[str, metadata.EntryPoint]:
    """The installed game systems by name."""
    return {ep.name: ep for ep in _entry_points()}


_registered: dict[str, type[GameSystem]] = {}


def register_system(cls: type[GameSystem]) -> type[GameSystem]:
    """Make a system class known without an entry point (tests, notebooks)."""
    _registered[cls.name] = cls
    return cls


def find_system(name: str | type[GameSystem]) -> type[GameSystem]:
    """The system class called ``name``; a clear error lists the installed ones when unknown."""
    if isinstance(name, type) and issubclass(name, GameSystem):
        return name
    if name in _registered:
        return _registered[name]
    eps = available_systems()
    if name not in eps:
        known = ", ".join(sorted(set(eps) | set(_registered))) or "none installed"
        raise ConfigurationError(f"unknown game system {name!r} (available: {known})")
    cls = eps[name].load()
    if not (isinstance(cls, type) and issubclass(cls, GameSystem)):
        raise ConfigurationError(f"entry point {name!r} of group {ENTRY_POINT_GROUP} does not name a GameSystem "
                                 f"subclass ({eps[name].value})")
    return cls


def all_roles() -> frozenset[str]:
    """Every ability role (:class:`~rulestack.cards.Role`)."""
    return Role.ALL
