"""The game state: one store for everything that changes during a game.

Nothing here mutates itself: :class:`rulestack.Game` changes the state only through its
primitives, each of which journals the change and records an event. Card scripts never hold
state; they ask the host to remember values for them (:attr:`Card.memory`).
"""
from __future__ import annotations

from typing import Any, Iterator

import attrs

from .events import Event


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


class Zone:
    """One zone: an ordered list of card ids; index -1 is the top."""

    __slots__ = ("spec", "player", "cards")

    def __init__(self, spec: ZoneSpec, player: int | None) -> None:
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


class Card:
    """A card object. ``id`` is stable for the whole game; ``generation`` increases each time the
    card changes zone, because a card that moves becomes a new object for most rules."""

    __slots__ = ("id", "code", "owner", "controller", "zone", "zone_player", "face_up", "status",
                 "counters", "memory", "generation", "timestamp", "attached_to", "definition")

    def __init__(self, card_id: int, definition: Any, owner: int) -> None:
        self.id = card_id
        self.definition = definition          # the CardDefinition (immutable card data + abilities)
        self.code: str = definition.code
        self.owner = owner
        self.controller = owner
        self.zone: str | None = None
        self.zone_player: int | None = None
        self.face_up = False
        self.status: dict[str, Any] = {}     # tapped / rested / position / summoning sick ... (system words)
        self.counters: dict[str, int] = {}
        self.memory: dict[str, Any] = {}     # what a card script asked the host to remember
        self.generation = 0
        self.timestamp = 0
        self.attached_to: int | None = None

    @property
    def name(self) -> str:
        return self.definition.name

    def __repr__(self) -> str:
        return f"<Card #{self.id} {self.name!r} P{self.owner} in {self.zone}>"


class Player:
    """A player: an index (0, 1, ...), a life total if the game has one, and named values for
    everything else the system tracks (mana pool, DON!! counts, land drops, flags)."""

    __slots__ = ("index", "name", "life", "values", "lost", "conceded")

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name
        self.life: int | None = None
        self.values: dict[str, Any] = {}
        self.lost = False
        self.conceded = False

    def __repr__(self) -> str:
        return f"<Player {self.index} {self.name!r} life={self.life}>"


@attrs.define(eq=False)
class Item:
    """An item in the game's response structure: a spell or ability on the MTG stack, a Yu-Gi-Oh!
    chain link, a PMV interference entry, a pending One Piece or Digimon effect.

    Fields are mutated only through the journal (see :meth:`Game.set`).
    """

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
    effect_negated: bool = False
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


@attrs.define(eq=False)
class FloatingEffect:
    """A continuous effect created by a resolution ("gets +1/+0 until end of turn"), or by rules.

    ``targets`` lists the card ids it was locked onto when it began (MTG 611.2c); ``None`` means
    it applies to whatever matches ``filter`` at each recomputation.
    """

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


class GameState:
    """The single store of mutable game state."""

    def __init__(self) -> None:
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

    def zone(self, name: str, player: int | None = None) -> Zone:
        """The zone ``name`` of ``player`` (``None`` for a shared zone)."""
        try:
            return self.zones[(name, player)]
        except KeyError:
            if (name, None) in self.zones:
                return self.zones[(name, None)]
            known = sorted({z for z, _ in self.zones})
            raise KeyError(f"no zone {name!r} for player {player}; zones are {known}") from None
