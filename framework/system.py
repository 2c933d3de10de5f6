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
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Concatenate, Iterable, Mapping, TypeAlias

import attrs

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
#: ``payable(game, player, component, chosen, activation) -> bool | None``: see :meth:`CostKind.payable`.
PayableFunction: TypeAlias = "Callable[[Game, int, CostComponent, list[int], Activation], bool | None]"
#: A word of a system's Lua vocabulary: ``ctx:name(a, b)`` in a script calls ``fn(ctx, a, b)``.
ScriptMethod: TypeAlias = "Callable[Concatenate[EffectContext, ...], Any]"
#: An extra trigger filter key: ``fn(game, card, event, value)``; ``card`` has the triggered ability.
TriggerKey: TypeAlias = "Callable[[Game, Card, Event, Any], bool]"
#: An extra card filter key: ``fn(game, card, value, player)``; ``player`` is the filter's perspective.
FilterKey: TypeAlias = "Callable[[Game, Card, Any, int | None], bool]"
#: An extra modifier op: ``fn(values, modifier)`` changes the card's ``values`` in place.
ModifierOp: TypeAlias = "Callable[[dict[str, Any], Modifier], None]"

ENTRY_POINT_GROUP = "rulestack.systems"


@attrs.frozen
class EventKind:
    """One kind of event a system records: what it means (one line) and its fields (each field's
    name and a one-line doc). ``rulestack describe`` and ``rulestack check`` read these."""

    doc: str
    fields: Mapping[str, str] = attrs.field(factory=dict)


@attrs.frozen
class Phase:
    """One phase of the turn, in the order the turn plays them, with its steps (name: doc)."""

    name: str
    doc: str
    steps: Mapping[str, str] = attrs.field(factory=dict)


_MOVE_FIELDS = {"card": "the card's id (a new object after the move)", "code": "its card code",
                "from": "the zone it left", "from_player": "whose zone that was (nil: shared)",
                "to": "the zone it entered", "to_player": "whose zone that is (nil: shared)",
                "visible": "who saw the card: \"all\" or a list of player indices"}

#: The events the host itself records, whatever the system. A system's own kinds
#: (:attr:`GameSystem.event_kinds`) come on top; ``card:NAME`` events are recorded by scripts
#: (``ctx:record``). Every event also has ``kind``, ``cause``, ``source``, ``player`` and ``seq``.
HOST_EVENT_KINDS: Mapping[str, EventKind] = {
    "moved": EventKind("a card changed zone (systems name some moves otherwise: drew, cast, played ...)",
                       _MOVE_FIELDS),
    "created": EventKind("a card or token was created in a zone",
                         {"card": "its id", "code": "its card code", "to": "the zone", "to_player": "whose zone"}),
    "shuffled": EventKind("a zone was shuffled", {"zone": "the zone's name"}),
    "status": EventKind("a card's status changed (tapped, rested, position ...)",
                        {"card": "its id", "key": "the status", "value": "the new value", "old": "the old value"}),
    "counters_added": EventKind("counters were put on a card",
                                {"card": "its id", "counter": "the counter kind", "n": "how many",
                                 "before": "the count before", "after": "the count after"}),
    "counters_removed": EventKind("counters were removed from a card",
                                  {"card": "its id", "counter": "the counter kind", "n": "how many",
                                   "before": "the count before", "after": "the count after"}),
    "life_changed": EventKind("a player's life total was set or changed",
                              {"delta": "the change", "life": "the new total", "by": "the player responsible"}),
    "phase": EventKind("a phase (or step) began", {"phase": "its name", "step": "the step's name, or nil"}),
    "turn_began": EventKind("a turn began", {"turn": "the turn number"}),
    "effect_began": EventKind("a continuous effect began",
                              {"effect": "its id", "op": "its operation", "attr": "the value it changes",
                               "value": "the amount", "duration": "how long it lasts",
                               "targets": "the cards it is locked onto, or nil for a filter"}),
    "effect_ended": EventKind("a continuous effect ended", {"effect": "its id", "duration": "how long it lasted"}),
    "activated": EventKind("an ability was activated (or a trigger put on the response structure)",
                           {"card": "the card's id", "code": "its code", "ability": "the ability's index",
                            "kind_of": "the ability's kind", "item": "the item's id",
                            "card_activation": "whether the card itself was activated (a spell, a Trap)"}),
    "targeted": EventKind("targets were chosen for an item", {"item": "the item's id", "targets": "the targets"}),
    "resolving": EventKind("an item began to resolve", {"item": "its id", "card": "the card", "code": "its code"}),
    "resolution_skipped": EventKind("an item was removed without resolving", {"item": "its id", "why": "why"}),
    "resolution_stopped": EventKind("a resolution stopped part way (ctx:stop)", {"item": "its id"}),
    "activation_negated": EventKind("an activation was negated", {"item": "the item", "card": "its card"}),
    "effect_negation_applied": EventKind("an item's effect was negated (it stays, doing nothing)",
                                         {"item": "the item", "card": "its card"}),
    "effect_negated": EventKind("a negated item resolved doing nothing", {"item": "the item", "card": "its card"}),
    "revealed": EventKind("cards were revealed to every player", {"cards": "their ids", "codes": "their codes"}),
    "looked_at": EventKind("a player looked at hidden cards (ctx:look_at_top): only their view shows the codes",
                           {"cards": "their ids, top first", "codes": "their codes", "visible": "who saw them"}),
    "replaced": EventKind("a replacement or prevention effect changed an event as it happened (MTG 614, 615)",
                          {"card": "the card with the replacement ability", "ability": "its index",
                           "event": "the kind of event it changed", "prevented": "whether the event did not happen",
                           "affected": "the card or player the event was about"}),
    "script_log": EventKind("a line a script wrote into the log (ctx:log)", {"message": "the text"}),
    "game_over": EventKind("the game ended", {"winners": "the winners' indices", "reason": "why"}),
}

@attrs.frozen
class CardStat:
    """How events of one kind count in the per-card figures of a simulation (``rulestack simulate``):
    a card ``drawn``, ``played`` (cast, summoned, set, played: put to use from where it was held),
    ``activated`` (one of its abilities announced), ``triggered``, or ``None``: not counted (to keep
    an event out of the host's default, e.g. the ``activated`` event of a spell whose ``cast`` the
    system already counts). ``when`` holds fields the event must have (a tuple: any of those values);
    ``card`` names the data field with the card's id. The first rule that matches an event decides;
    the system's :attr:`GameSystem.card_stats` come before the host's :data:`HOST_CARD_STATS`."""

    kind: str
    counts_as: str | None
    when: Mapping[str, Any] = attrs.field(factory=dict)
    card: str = "card"

    #: The names a rule may count an event as.
    COUNTS: ClassVar[frozenset[str]] = frozenset({"drawn", "played", "activated", "triggered"})

    def __attrs_post_init__(self) -> None:
        if self.counts_as is not None and self.counts_as not in self.COUNTS:
            raise ConfigurationError(f"CardStat for event kind {self.kind!r}: counts_as {self.counts_as!r} is not "
                                     f"one of {sorted(self.COUNTS)} (or None, for not counted)")

    def matches(self, event: "Event") -> bool:
        """Does this rule apply to ``event`` (its kind, and every field of ``when``)?"""
        if event.kind != self.kind:
            return False
        for key, want in self.when.items():
            got = event.get(key)
            if isinstance(want, tuple) and not isinstance(got, tuple):
                if got not in want:
                    return False
            elif got != want:
                return False
        return True


#: What the host's own events say about cards, for every system: a card activated itself (a spell,
#: a Trap: ``card_activation``) was played; any other ``activated`` event counts as ``activated`` or
#: ``triggered`` by the role of its ability kind (the simulation's summary looks the role up).
HOST_CARD_STATS: tuple[CardStat, ...] = (
    CardStat("activated", "played", when={"card_activation": True}),
    CardStat("activated", "activated"),
)


#: The event kinds whose outcome a replacement ability (``replaces = {event = ...}``) can change:
#: the host applies replacements to moves (``instead = {to = ZONE}``), whatever the move is called.
#: Other kinds go through :func:`rulestack.replacement.replace` (``counters_added``, and those a
#: system lists in :attr:`GameSystem.replaceable_events`).
REPLACEABLE_EVENTS: frozenset[str] = frozenset({"moved", "counters_added"})


class CostKind:
    """How a system pays one kind of cost component (``pay_life``, ``rest_don``, ``discard`` ...).

    Costs are data: the host checks a whole cost by trying to pay it in a transaction that it then
    rolls back, so a cost kind needs no separate "can I pay?" branch that could drift from its
    payment. (A kind may still answer for the last component of a check, where paying would
    only be rolled back: :meth:`payable`, exact or ``None``.)
    """

    #: How the cost kind reads in prompts.
    label: str = "pay"
    #: One line for the system's reference (``rulestack describe``); default: the label.
    doc: str = ""

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

    def payable(self, game: Game, player: int, component: CostComponent, chosen: list[int],
                activation: Activation) -> bool | None:
        """Would :meth:`pay` succeed now with ``chosen``, when it is the last component of a cost
        whose payability the host checks (a dry run)? ``None`` (the default): not known, the
        host pays it and rolls back. A kind may answer ``True`` (:meth:`pay` would return) or
        ``False`` (it would raise :class:`~rulestack.flow.CostUnpayable`) only when that is
        exactly what :meth:`pay` would do in this state; where paying could run anything whose
        outcome it cannot tell (a card script, a replacement effect, a hook that may fail), it
        answers ``None``. The host then skips paying that component and rolling it back. Tests
        set ``game.flow.check_payable_by_paying`` to have the host pay as well and compare."""
        return None

    def answers_payable(self) -> bool:
        """Could :meth:`payable` answer anything but ``None``? (Asked once per kind: the host does
        not ask :meth:`payable` of a kind that never answers.) Default: whether the class
        overrides it."""
        return type(self).payable is not CostKind.payable


class FunctionCost(CostKind):
    """A cost kind from plain functions: ``pay(game, player, component, chosen, activation)`` and,
    optionally, ``candidates(game, player, component, activation)`` and
    ``payable(game, player, component, chosen, activation)`` (:meth:`CostKind.payable`)."""

    def __init__(self, pay: PayFunction, candidates: CandidatesFunction | None = None, label: str = "pay",
                 doc: str = "", payable: PayableFunction | None = None) -> None:
        self._pay = pay
        self._candidates = candidates
        self._payable = payable
        self.label = label
        self.doc = doc

    def candidates(self, game: Game, player: int, component: CostComponent, activation: Activation) -> list[int] | None:
        """The ``candidates`` function's answer; ``None`` (no choice) when none was given."""
        return self._candidates(game, player, component, activation) if self._candidates else None

    def pay(self, game: Game, player: int, component: CostComponent, chosen: list[int],
            activation: Activation) -> dict[str, Any] | None:
        """The ``pay`` function's answer."""
        return self._pay(game, player, component, chosen, activation)

    def payable(self, game: Game, player: int, component: CostComponent, chosen: list[int],
                activation: Activation) -> bool | None:
        """The ``payable`` function's answer (see :meth:`CostKind.payable`); ``None`` when none was given."""
        return self._payable(game, player, component, chosen, activation) if self._payable else None

    def answers_payable(self) -> bool:
        """Whether a ``payable`` function was given."""
        return self._payable is not None


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
    #: Whether static abilities apply layer by layer with dependencies (MTG 613.8): each entry's
    #: cards are found on the values earlier layers made, and within a layer an entry that another
    #: would change what it applies to applies after it (timestamps otherwise; a loop falls back
    #: to timestamps). Off: statics find their cards on printed and floating values, in
    #: timestamp order.
    layer_dependencies: ClassVar[bool] = False

    # -- the system's reference (``rulestack describe``, ``rulestack check``); all optional --------
    #: The events the system records beyond the host's (:data:`HOST_EVENT_KINDS`), by kind. Left
    #: empty, ``check`` cannot tell a misspelt trigger event and does not try.
    event_kinds: ClassVar[Mapping[str, EventKind]] = {}
    #: How the system's events count in a simulation's per-card figures (drawn, played, activated):
    #: rules tried in order before the host's :data:`HOST_CARD_STATS`. Left empty, only the host's
    #: ``activated`` events count (nothing is ever "drawn").
    card_stats: ClassVar[tuple[CardStat, ...]] = ()
    #: The phases of a turn in order, with their steps. Left empty, phase names are not checked.
    phases: ClassVar[tuple[Phase, ...]] = ()
    #: The action windows (the ``window`` of ``legal_actions``) and what each is.
    windows: ClassVar[Mapping[str, str]] = {}
    #: The named values a player has (``game.value_of(player, key)``), each with a one-line doc.
    player_values: ClassVar[Mapping[str, str]] = {}
    #: A one-line doc for each setting of :attr:`settings_defaults`.
    settings_docs: ClassVar[Mapping[str, str]] = {}
    #: The keywords card data may list (``keywords: [...]``), each with a one-line doc.
    keywords: ClassVar[Mapping[str, str]] = {}
    #: A one-line doc for each zone of :attr:`zones`.
    zone_docs: ClassVar[Mapping[str, str]] = {}
    #: The events the system performs through :func:`rulestack.replacement.replace`, so that
    #: replacement abilities (``replaces = {event = KIND}``) can change them: kind -> {fact: doc}.
    #: ``rulestack check`` refuses a replacement on any other kind (nothing would ever apply it).
    replaceable_events: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    #: The categories of replacement effects that must be chosen before the others, in order
    #: (MTG 616.1a-d: self-replacement effects, then those changing who controls an entering
    #: object, then "enters as a copy"). When several replacements apply to one event, only those
    #: of the first category present are offered; a replacement's category is its ability's
    #: ``category`` key (a key the system's replacement kinds declare) or
    #: :attr:`rulestack.replacement.ReplacementEffect.category`. Empty: one choice among all.
    replacement_steps: ClassVar[tuple[str, ...]] = ()

    # -- play beyond the rules: forks, search, runaway guards, the viewer, learning; all optional --
    #: The action windows the system's turn can be re-entered at from the recorded phase and step
    #: (``legal_actions``' ``window``): a fork by copy (:mod:`rulestack.fork`) resumes a game
    #: waiting in one of them; at any other decision a fork replays. Empty: forks always replay.
    resumable_windows: ClassVar[frozenset[str]] = frozenset()
    #: Weights of action kinds (``Action.kind``) in the search agents' random playouts
    #: (:mod:`rulestack.search`, ``policy=random``), e.g. attacks more often than passes; kinds
    #: not listed weigh 1. Empty: every legal action is as likely.
    playout_weights: ClassVar[Mapping[str, float]] = {}
    #: The runaway guard (:mod:`rulestack.runaway`): a position that comes back this many times in
    #: one turn ends the game (``None``: the host's default, 8).
    max_position_repeats: ClassVar[int | None] = None
    #: The action windows of a turn before the guard starts taking positions (``None``: 64).
    position_warmup: ClassVar[int | None] = None
    #: A turn that records more events than this ends the game as a runaway (``None``: 5,000).
    max_events_per_turn: ClassVar[int | None] = None
    #: A layout hint for the HTML replay viewer (:mod:`rulestack.harness.html_replay`): each
    #: player's rows of zones, the shared zones, the card stats shown, the statuses drawn turned.
    #: ``None``: the viewer's own arrangement.
    board_layout: ClassVar[Mapping[str, Any] | None] = None
    #: The size of the action space of the PettingZoo environment (:mod:`rulestack.rl`): the most
    #: legal options one decision may offer (``None``: that module's default).
    rl_max_actions: ClassVar[int | None] = None

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        merged = dict(self.settings_defaults)
        for key, value in (settings or {}).items():
            if key not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise ConfigurationError(f"system {self.name!r} has no setting {key!r} (settings: {known})")
            merged[key] = _coerce(value, merged[key], key)
        self.settings = merged

    def runaway_result(self, game: Game, reason: str) -> tuple[Iterable[int], str] | None:
        """What a game that runs away means in this system's rules: ``(winners, reason)``, e.g.
        MTG 104.4b (a loop of mandatory actions nothing can stop is a draw). ``None`` (the
        default): the host's answer, a draw with ``reason`` saying what happened
        (:mod:`rulestack.runaway`)."""
        return None

    # -- the reference ------------------------------------------------------------------------
    @classmethod
    def all_event_kinds(cls) -> dict[str, EventKind]:
        """Every event kind a game of this system may record: the host's, then the system's."""
        return {**HOST_EVENT_KINDS, **cls.event_kinds}

    @classmethod
    def phase_names(cls) -> tuple[str, ...]:
        """The names of the phases, in turn order (empty when the system declares none)."""
        return tuple(p.name for p in cls.phases)

    @classmethod
    def step_names(cls, phase: str | None = None) -> tuple[str, ...]:
        """The names of the steps of ``phase`` (of every phase when None), in turn order."""
        return tuple(dict.fromkeys(s for p in cls.phases if phase is None or p.name == phase for s in p.steps))

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
    loaded = _loaded.get(name)
    if loaded is not None:
        return loaded
    eps = available_systems()
    if name not in eps:
        known = ", ".join(sorted(set(eps) | set(_registered))) or "none installed"
        raise ConfigurationError(f"unknown game system {name!r} (available: {known})")
    cls = eps[name].load()
    if not (isinstance(cls, type) and issubclass(cls, GameSystem)):
        raise ConfigurationError(f"entry point {name!r} of group {ENTRY_POINT_GROUP} does not name a GameSystem "
                                 f"subclass ({eps[name].value})")
    _loaded[name] = cls
    return cls


#: Systems loaded from their entry points, by name (loading one imports its module: once is enough).
_loaded: dict[str, type[GameSystem]] = {}


def all_roles() -> frozenset[str]:
    """Every ability role (:class:`~rulestack.cards.Role`)."""
    return Role.ALL
