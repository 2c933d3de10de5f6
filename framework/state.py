"""The game state: one store for everything that changes during a game.

Nothing here mutates itself: :class:`rulestack.Game` changes the state through its primitives,
each of which journals the change and records an event. The state is also journaled by
construction: its lists and dicts are :class:`~rulestack.journal.JournaledList` and
:class:`~rulestack.journal.JournaledDict`, and its objects (:class:`Card`, :class:`Player`,
:class:`Zone`, :class:`Item`, :class:`FloatingEffect`) are :class:`~rulestack.journal.Journaled`,
so a raw ``state.stack.append(item)`` or ``card.face_up = True`` from a plugin or a card is
recorded and undone by a rollback like a primitive (it records no event, though: use the
primitives). Card scripts never hold state; they ask the host to remember values for them
(:attr:`Card.memory`).
"""
from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

import attrs

_osetattr = object.__setattr__
_NOTHING: Any = attrs.NOTHING
_new_object, _new_dict = object.__new__, dict.__new__

from .events import Event
from .journal import Journal, Journaled, JournaledDict

if TYPE_CHECKING:
    from .cards import CardDefinition


class EventData(dict):
    """An event's data: a dict that cannot be changed, since an event records what happened
    (record a new event instead). Copies (``dict(x)``, ``copy``, ``pickle``) are plain dicts."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kw: Any) -> Any:
        raise TypeError("an event's data cannot be changed: it records what happened (record a new event instead)")

    __setitem__ = __delitem__ = pop = popitem = setdefault = update = clear = __ior__ = _refuse

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (dict, (dict(self),))


class Visibility:
    """Who may see the faces of the cards in a zone."""

    PUBLIC = "public"     #: everyone (face-down cards: only their controller)
    PRIVATE = "private"   #: the zone's owner only (a hand)
    HIDDEN = "hidden"     #: nobody (a deck, One Piece Life cards)

    ALL = frozenset({PUBLIC, PRIVATE, HIDDEN})


@attrs.frozen
class ZoneSpec:
    """A kind of zone a game system declares.

    ``per_player`` zones exist once per player (hand, deck); shared zones once per game (the MTG
    stack). ``ordered`` zones keep their order meaningful (decks: the end of the list is the top).
    """

    name: str
    visibility: str = Visibility.PUBLIC
    per_player: bool = True
    ordered: bool = False

    def __attrs_post_init__(self) -> None:
        if self.visibility not in Visibility.ALL:
            raise ValueError(f"zone {self.name!r}: visibility must be one of {sorted(Visibility.ALL)}")


class Zone(Journaled):
    """One zone: an ordered list of card ids; index -1 is the top."""

    __slots__ = ("spec", "player", "cards", "_journal")
    _containers = ("cards",)

    def __init__(self, spec: ZoneSpec, player: int | None) -> None:
        _osetattr(self, "_journal", None)
        self.spec = spec
        self.player = player
        self.cards: list[int] = []

    @property
    def name(self) -> str:
        return self.spec.name

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[int]:
        return iter(self.cards)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __repr__(self) -> str:
        who = "shared" if self.player is None else f"P{self.player}"
        return f"<Zone {self.name} {who}: {len(self.cards)} cards>"

    def to_data(self) -> dict[str, Any]:
        """The zone as plain data."""
        return {"spec": to_plain(self.spec), "player": self.player, "cards": list(self.cards)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> "Zone":
        zone = cls(from_plain(data["spec"]), data["player"])
        zone.cards = list(data["cards"])
        return zone


class Card(Journaled):
    """A card object. ``id`` is stable for the whole game; ``generation`` increases each time the
    card changes zone, because a card that moves becomes a new object for most rules."""

    __slots__ = ("id", "code", "owner", "controller", "zone", "zone_player", "face_up", "status",
                 "counters", "memory", "generation", "timestamp", "attached_to", "definition", "_journal")
    _containers = ("status", "counters", "memory")

    # The fields, for the type checker: __init__ sets them through the slots.
    id: int
    code: str
    owner: int
    controller: int
    zone: str                  # None only while create_card builds it
    zone_player: int | None
    face_up: bool
    status: dict[str, Any]
    counters: dict[str, int]
    memory: dict[str, Any]
    generation: int
    timestamp: int
    attached_to: int | None
    definition: CardDefinition

    def __init__(self, card_id: int, definition: Any, owner: int) -> None:
        init = _osetattr   # not bound to a journal yet: plain sets, without the journaling __setattr__
        init(self, "_journal", None)
        init(self, "id", card_id)
        init(self, "definition", definition)   # the CardDefinition (immutable card data + abilities)
        init(self, "code", definition.code)
        init(self, "owner", owner)
        init(self, "controller", owner)
        init(self, "zone", None)
        init(self, "zone_player", None)
        init(self, "face_up", False)
        init(self, "status", {})      # tapped / rested / position / summoning sick ... (system words)
        init(self, "counters", {})
        init(self, "memory", {})      # what a card script asked the host to remember
        init(self, "generation", 0)
        init(self, "timestamp", 0)
        init(self, "attached_to", None)

    @classmethod
    def loaded(cls, journal: Journal, card_id: int, definition: Any, owner: int, controller: int, zone: str,
               zone_player: int | None, face_up: bool, timestamp: int) -> "Card":
        """A card of a deck being loaded, bound to ``journal`` at once: what ``Card(...)``, setting
        its place and timestamp, then binding it would make, in one step (a game's setup makes
        every card of its decks this way)."""
        if cls is Card:   # built as a _CardInBuilding, its slots set plainly, then made a Card
            built: Any = _new_object(_CardInBuilding)
            built._journal = journal
            built.id = card_id
            built.definition = definition
            built.code = definition.code
            built.owner = owner
            built.controller = controller
            built.zone = zone
            built.zone_player = zone_player
            built.face_up = face_up
            empty = _new_dict(JournaledDict)     # status, counters, memory: empty journaled dicts
            empty._journal = journal
            built.status = empty
            empty = _new_dict(JournaledDict)
            empty._journal = journal
            built.counters = empty
            empty = _new_dict(JournaledDict)
            empty._journal = journal
            built.memory = empty
            built.generation = 0
            built.timestamp = timestamp
            built.attached_to = None
            built.__class__ = Card
            return built   # (a Card now)
        card = _new_object(cls)
        init = _osetattr
        init(card, "_journal", journal)
        init(card, "id", card_id)
        init(card, "definition", definition)
        init(card, "code", definition.code)
        init(card, "owner", owner)
        init(card, "controller", controller)
        init(card, "zone", zone)
        init(card, "zone_player", zone_player)
        init(card, "face_up", face_up)
        for name in cls._containers:          # status, counters, memory: empty journaled dicts
            empty = _new_dict(JournaledDict)
            empty._journal = journal
            init(card, name, empty)
        init(card, "generation", 0)
        init(card, "timestamp", timestamp)
        init(card, "attached_to", None)
        return card

    @property
    def name(self) -> str:
        return self.definition.name

    def __repr__(self) -> str:
        return f"<Card #{self.id} {self.name!r} P{self.owner} in {self.zone}>"

    _FIELDS = ("id", "code", "owner", "controller", "zone", "zone_player", "face_up", "status", "counters",
               "memory", "generation", "timestamp", "attached_to")

    def to_data(self) -> dict[str, Any]:
        """The card as plain data (its definition by code)."""
        return {name: to_plain(getattr(self, name)) for name in self._FIELDS}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], definition: Callable[[str], Any]) -> "Card":
        card = cls(data["id"], definition(data["code"]), data["owner"])
        for name in cls._FIELDS[3:]:
            setattr(card, name, from_plain(data[name]))
        return card


class _CardInBuilding(Journaled):
    """A :class:`Card` being built by :meth:`Card.loaded`: the same slots, in the same order (so
    the same object layout), set by plain attribute stores (no journaling ``__setattr__``, no
    ``object.__setattr__`` call per field); the finished object is made a Card by assigning its
    class. Never seen outside ``Card.loaded``."""

    __slots__ = Card.__slots__
    __setattr__ = object.__setattr__   # type: ignore[assignment]


class Player(Journaled):
    """A player: an index (0, 1, ...), a life total if the game has one, and named values for
    everything else the system tracks (mana pool, DON!! counts, land drops, flags)."""

    __slots__ = ("index", "name", "life", "values", "lost", "conceded", "_journal")
    _containers = ("values",)

    def __init__(self, index: int, name: str) -> None:
        _osetattr(self, "_journal", None)
        self.index = index
        self.name = name
        self.life: int | None = None
        self.values: dict[str, Any] = {}
        self.lost = False
        self.conceded = False

    def __repr__(self) -> str:
        return f"<Player {self.index} {self.name!r} life={self.life}>"

    _FIELDS = ("index", "name", "life", "values", "lost", "conceded")

    def to_data(self) -> dict[str, Any]:
        """The player as plain data."""
        return {name: to_plain(getattr(self, name)) for name in self._FIELDS}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> "Player":
        player = cls(data["index"], data["name"])
        for name in cls._FIELDS[2:]:
            setattr(player, name, from_plain(data[name]))
        return player


@attrs.define(eq=False, slots=False, on_setattr=attrs.setters.NO_OP)
class Item(Journaled):
    """An item in the game's response structure: a spell or ability on the MTG stack, a Yu-Gi-Oh!
    chain link, a PMV interference entry, a pending One Piece or Digimon effect.

    Fields are mutated only through the journal (see :meth:`Game.set`): once the item is in the
    state (pushed), setting a field records it there.
    """

    _containers = ("targets", "paid", "event", "data")

    id: int
    kind: str                        # "activation", "trigger", or a system word
    card: int | None                 # the source card
    ability: int | None              # index of the ability in the card's definition
    controller: int
    generation: int = 0              # the source card's generation when the item was made
    card_activation: bool = False    # using the card itself (an Event, a Spell card), not an effect of it
    targets: list = attrs.field(factory=list)
    paid: dict = attrs.field(factory=dict)       # what the cost actually took: {"x": 4, "cards": [...], ...}
    event: dict | None = None                    # the event that triggered it (plain data)
    activation_negated: bool = False
    effect_negated: bool | str = False          # "all": negated even if the ability is unnegatable
    resolved: bool = False
    data: dict = attrs.field(factory=dict)       # system-specific fields (spell speed, chapter ...)

    def describe(self, game: Any) -> str:
        """A one-line description for logs and prompts."""
        if self.card is None:
            return f"{self.kind} #{self.id}"
        card = game.card(self.card)
        ab = card.definition.abilities[self.ability] if self.ability is not None else None
        label = f" ({ab.label})" if ab is not None and ab.label else ""
        return f"{card.name}{label}"


def _item_init(self: Item, id: int, kind: str, card: int | None, ability: int | None, controller: int,
               generation: int = 0, card_activation: bool = False, targets: Any = _NOTHING, paid: Any = _NOTHING,
               event: dict | None = None, activation_negated: bool = False, effect_negated: bool | str = False,
               resolved: bool = False, data: Any = _NOTHING) -> None:
    # attrs' __init__ for Item, with the fields written into the instance dict at once: the one attrs
    # makes sets each through Journaled.__setattr__ (a Python call per field). Same fields, same order,
    # a new list or dict per object for the factory defaults; an unbound item keeps ``_journal`` None.
    self.__dict__.update({
        "id": id, "kind": kind, "card": card, "ability": ability, "controller": controller,
        "generation": generation, "card_activation": card_activation,
        "targets": [] if targets is _NOTHING else targets, "paid": {} if paid is _NOTHING else paid,
        "event": event, "activation_negated": activation_negated, "effect_negated": effect_negated,
        "resolved": resolved, "data": {} if data is _NOTHING else data})


_item_init.__qualname__ = "Item.__init__"
assert [f.name for f in attrs.fields(Item)] == list(_item_init.__code__.co_varnames[1:15])
setattr(Item, "__init__", _item_init)


#: The duration of an effect that ends at the end of a given turn (its ``until_turn``): "until the
#: end of your opponent's next turn" is ``until_turn = turn + 1`` (or ``+ 2``, said on their turn).
UNTIL_END_OF_TURN_N = "until_end_of_turn_n"


@attrs.define(eq=False, slots=False, on_setattr=attrs.setters.NO_OP)
class FloatingEffect(Journaled):
    """A continuous effect created by a resolution ("gets +1/+0 until end of turn"), or by rules.

    ``targets`` lists the card ids it was locked onto when it began (MTG 611.2c); ``None`` means
    it applies to whatever matches ``filter`` at each recomputation.
    """

    _containers = ("targets", "filter", "data")

    id: int
    source: int | None
    controller: int | None
    op: str                          # "add", "set", "swap", "grant", "remove_abilities", "negate", system ops ...
    attr: str | None
    value: Any
    targets: list[int] | None
    filter: dict | None
    duration: str                    # "until_end_of_turn", "this_battle", "permanent", system words ...
    timestamp: int
    layer: str | None = None
    data: dict = attrs.field(factory=dict)

    @property
    def until_turn(self) -> int | None:
        """The turn at whose end this effect ends (``data["until_turn"]``, set by
        :meth:`Game.add_effect`'s ``until_turn``), or None for an effect that does not end so."""
        turn = self.data.get("until_turn")
        return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


class GameState(Journaled):
    """The single store of mutable game state, journaled in ``journal`` (a state built without
    one gets its own).

    It is data: :meth:`to_data` gives it as JSON-able plain data, :meth:`from_data` builds it
    back, :meth:`copy` gives an independent equal copy (with its own journal), and two states are
    equal when their data are. Besides the board it holds the game's random generator
    (``random``, whose state is part of the data) and the answers given so far (``decisions``:
    kept by a rollback, since a replay needs every answer given).
    """

    _containers = ("players", "cards", "zones", "values", "stack", "pending", "effects", "log")

    def __init__(self, journal: Journal | None = None) -> None:
        self.players: list[Player] = []
        self.cards: dict[int, Card] = {}
        self.zones: dict[tuple[str, int | None], Zone] = {}
        self.turn = 0
        self.active_player = 0
        self.phase: str | None = None
        self.step: str | None = None
        self.values: dict[str, Any] = {}            # game-wide named values (Digimon's memory gauge ...)
        self.stack: list[Item] = []                 # the response structure; its meaning is the system's
        self.pending: list[Any] = []                # triggered abilities waiting to be put somewhere
        self.effects: list[FloatingEffect] = []
        self.log: list[Event] = []
        self.next_id = 1
        self.next_timestamp = 1
        self.result: Any = None
        self.random = random.Random(0)              # the game's RNG (see rulestack.rng.GameRandom)
        self.decisions: list[Any] = []              # every answer an agent gave, in order
        self._bind(journal if journal is not None else Journal())

    @property
    def journal(self) -> Journal:
        """The journal recording every change of this state."""
        return self._journal  # type: ignore[return-value]  # bound in __init__

    # -- the state as data -------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """Everything in the state as JSON-able plain data (see :func:`to_plain`)."""
        return {
            "players": [p.to_data() for p in self.players],
            "cards": [c.to_data() for c in self.cards.values()],
            "zones": [z.to_data() for z in self.zones.values()],
            "turn": self.turn, "active_player": self.active_player, "phase": self.phase, "step": self.step,
            "values": to_plain(self.values),
            "stack": to_plain(list(self.stack)),
            "pending": to_plain(list(self.pending)),
            "effects": to_plain(list(self.effects)),
            "log": [[e.seq, e.kind, e.cause, e.source, e.player, to_plain(dict(e.data))] for e in self.log],
            "next_id": self.next_id, "next_timestamp": self.next_timestamp,
            "result": to_plain(self.result),
            "random": to_plain(self.random.getstate()),
            "decisions": to_plain(list(self.decisions)),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any], definition: Callable[[str], Any],
                  journal: Journal | None = None) -> "GameState":
        """The state ``data`` describes (from :meth:`to_data`, possibly through JSON);
        ``definition(code)`` gives a card code's definition (``game.pool.definition``)."""
        state = cls.__new__(cls)
        state.players = [Player.from_data(p) for p in data["players"]]
        state.cards = {c["id"]: Card.from_data(c, definition) for c in data["cards"]}
        zones = [Zone.from_data(z) for z in data["zones"]]
        state.zones = {(z.name, z.player): z for z in zones}
        for name in ("turn", "active_player", "phase", "step", "next_id", "next_timestamp"):
            setattr(state, name, data[name])
        for name in ("values", "stack", "pending", "effects", "result", "decisions"):
            setattr(state, name, from_plain(data[name]))
        state.log = [Event(seq, kind, cause, source, player, EventData(from_plain(d)))
                     for seq, kind, cause, source, player, d in data["log"]]
        state.random = random.Random()
        state.random.setstate(from_plain(data["random"]))
        state._bind(journal if journal is not None else Journal())
        return state

    def copy(self, journal: Journal | None = None) -> "GameState":
        """An independent copy, equal to this state, journaled in ``journal`` (or its own): a
        change of one does not touch the other."""
        definitions = {c.code: c.definition for c in self.cards.values()}
        return GameState.from_data(self.to_data(), definitions.__getitem__, journal)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]

    def zone(self, name: str, player: int | None = None) -> Zone:
        """The zone ``name`` of ``player`` (``None`` for a shared zone)."""
        try:
            return self.zones[(name, player)]
        except KeyError:
            if (name, None) in self.zones:
                return self.zones[(name, None)]
            known = sorted({z for z, _ in self.zones})
            raise KeyError(f"no zone {name!r} for player {player}; zones are {known}") from None


# -- plain data ------------------------------------------------------------------------------------
_TUPLE, _DICT, _EVENT, _OBJECT = "(tuple)", "(dict)", "(event)", "(object)"
_PLAIN_SCALARS = (type(None), bool, int, float, str)


def to_plain(value: Any) -> Any:
    """``value`` as JSON-able data that :func:`from_plain` turns back into an equal value: lists
    and str-keyed dicts as themselves; tuples, other dicts, events and attrs objects (items,
    effects, pending triggers, a system's own records) tagged. Anything else in the state is an
    error naming its type: the state holds plain values only."""
    t = type(value)
    if t in _PLAIN_SCALARS:
        return value
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    if isinstance(value, tuple):
        return {_TUPLE: [to_plain(v) for v in value]}
    if isinstance(value, dict):
        if all(type(k) is str for k in value) and not ({_TUPLE, _DICT, _EVENT, _OBJECT} & value.keys()):
            return {k: to_plain(v) for k, v in value.items()}
        return {_DICT: [[to_plain(k), to_plain(v)] for k, v in value.items()]}
    if isinstance(value, Event):
        return {_EVENT: [value.seq, value.kind, value.cause, value.source, value.player, to_plain(dict(value.data))]}
    if attrs.has(t):
        fields = {(getattr(f, "alias", None) or f.name.lstrip("_")): to_plain(getattr(value, f.name))
                  for f in attrs.fields(t) if f.init}
        return {_OBJECT: f"{t.__module__}:{t.__qualname__}", "fields": fields}
    if isinstance(value, (bool, int, float, str)):   # subclasses (IntEnum ...) as their base type
        return to_plain(t.__mro__[-2](value))
    raise TypeError(f"the game state holds a {t.__module__}.{t.__qualname__} ({value!r:.80}); state values must be "
                    "plain data (None, bool, int, float, str, list, tuple, dict) or attrs records of them")


def from_plain(data: Any) -> Any:
    """The value :func:`to_plain` gave ``data`` for."""
    t = type(data)
    if t in _PLAIN_SCALARS:
        return data
    if t is list:
        return [from_plain(v) for v in data]
    if len(data) == 1 and _TUPLE in data:
        return tuple(from_plain(v) for v in data[_TUPLE])
    if len(data) == 1 and _DICT in data:
        return {from_plain(k): from_plain(v) for k, v in data[_DICT]}
    if len(data) == 1 and _EVENT in data:
        seq, kind, cause, source, player, d = data[_EVENT]
        return Event(seq, kind, cause, source, player, EventData(from_plain(d)))
    if _OBJECT in data:
        module, _, name = data[_OBJECT].partition(":")
        cls: Any = importlib.import_module(module)
        for part in name.split("."):
            cls = getattr(cls, part)
        return cls(**{k: from_plain(v) for k, v in data["fields"].items()})
    return {k: from_plain(v) for k, v in data.items()}
