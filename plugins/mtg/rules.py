"""Small questions the rules ask about cards and players, shared by every part of the plugin."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from rulestack import Ability, Card, CardDefinition, Game, Role
from rulestack.hookowners import only_by
from rulestack.values import NO_KEYWORDS, keywords_written, union_written

if TYPE_CHECKING:
    from .system import MTGSystem

#: Card types that make a card a permanent (110.4).
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})

#: The keyword abilities the plugin understands (rules read them with ``has_keyword``).
KEYWORDS = frozenset({"Flying", "First strike", "Double strike", "Trample", "Vigilance", "Haste", "Reach", "Flash",
                      "Defender", "Lifelink", "Deathtouch", "Menace", "Read ahead"})


#: Card fields that type-changing effects (layer 4) would change.
TYPE_FIELDS = ("types", "subtypes", "supertypes")


#: The colour of mana each basic land type's intrinsic ability makes (305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


class Printed:
    """What a card definition prints, worked out once per definition (definitions never change):
    the answers of the hot questions ("is it a land?") while printed types hold."""

    __slots__ = ("definition", "types", "subtypes", "supertypes", "land", "creature", "instant", "saga",
                 "legendary", "produces", "mana", "activated", "spells", "least_mana", "keywords",
                 "keyword_writes", "toughness", "lowers_toughness", "final_chapter", "activated_facts", "sba_watch", "mana_activated")

    def __init__(self, definition: CardDefinition) -> None:
        fields = definition.fields
        self.definition = definition
        self.types: Any = fields.get("types") or ()
        self.subtypes: Any = fields.get("subtypes") or ()
        self.supertypes: Any = fields.get("supertypes") or ()
        self.land = "Land" in self.types
        self.creature = "Creature" in self.types
        self.instant = "Instant" in self.types
        self.saga = "Saga" in self.subtypes
        self.legendary = "Legendary" in self.supertypes
        #: The ``produces`` field (mana abilities beyond the basic land types', 605.1a).
        self.produces: Any = fields.get("produces")
        #: The colours of mana its mana abilities make: the printed basic land types' (305.6) and
        #: the ``produces`` field's (:func:`.mana.produced_colors` while printed types hold).
        self.mana = frozenset({BASIC_LAND_MANA[t] for t in self.subtypes if t in BASIC_LAND_MANA}
                              | set(self.produces or ()))
        self.keywords = definition.keywords
        #: The keywords its static abilities could change on a card, wherever the card is (see
        #: :func:`rulestack.values.keywords_written`; ``None``: any).
        self.keyword_writes = union_written(
            keywords_written(spec.get("op", "add"), spec.get("attr", ""), spec.get("value"))
            for ab in definition.abilities if ab.role == Role.STATIC for spec in ab.get("modify") or ())
        #: The printed toughness, and whether one of its static abilities could leave a card's
        #: toughness below that (see :func:`_lowers_toughness`), wherever the card is.
        self.toughness = fields.get("toughness")
        self.lowers_toughness = any(_lowers_toughness(spec.get("op", "add"), spec.get("attr", ""), spec.get("value"))
                                    for ab in definition.abilities if ab.role == Role.STATIC
                                    for spec in ab.get("modify") or ())
        #: The greatest chapter number of its chapter abilities (0 for none, 714.2d; ``None`` when
        #: one is not a number): :func:`.sagas.final_chapter` while it has its abilities.
        self.final_chapter = _final_chapter(definition)
        #: Whether a state-based action looks at it as a permanent while printed types hold: a
        #: creature, a legendary permanent or a Saga (:func:`.sba.quiet`).
        self.sba_watch = self.creature or self.legendary or self.saga
        #: Whether it has an ability of kind ``activated`` (a permanent's, 602).
        self.activated = any(ab.role == Role.ACTIVATED and ab.kind == "activated" for ab in definition.abilities)
        #: Whether one of its abilities of kind ``activated`` costs mana.
        self.mana_activated = any(ab.kind == "activated" and any(c.kind == "mana" for c in ab.cost)
                                  for ab in definition.abilities)
        #: Its ``spell`` abilities, and the least mana each one's own cost can take (filled when
        #: first needed by :func:`.casting.castable`).
        self.spells: tuple[Ability, ...] | None = None
        self.least_mana: tuple[int, ...] | None = None
        #: Its abilities of kind ``activated`` with what their costs need (filled when first needed
        #: by :func:`.casting.activatable`).
        self.activated_facts: tuple[Any, ...] | None = None


def _final_chapter(definition: CardDefinition) -> int | None:
    chapters = [ab.get("chapter") for ab in definition.abilities if ab.kind == "chapter"]
    if not all(type(n) is int for n in chapters):
        return None
    return max(chapters, default=0)


#: id of a definition -> its facts. An entry holds its definition, so the id cannot be reused by
#: another object while the entry exists: the id alone identifies the definition. Hot loops read
#: it directly: ``(PRINTED.get(id(d)) or printed(d))``.
PRINTED: dict[int, Printed] = {}


def printed(definition: CardDefinition) -> Printed:
    """The :class:`Printed` facts of a definition."""
    known = PRINTED.get(id(definition))
    if known is None:
        known = PRINTED[id(definition)] = Printed(definition)
    return known


def printed_types_hold(game: Game) -> bool:
    """True when no continuous effect in the game can change a card's types, so the printed
    types are the current ones and need no layer computation (a hot path: every "is it a
    creature?"). Cached per journal version; static abilities are looked at once per
    :attr:`~rulestack.Game.cards_version` (the same cards with the same definitions)."""
    system: MTGSystem = game.system   # type: ignore[assignment]
    version = game.journal.version
    hold = system.types_hold
    if hold[0] == version:
        return hold[1]
    return _types_hold(game, system, version)


def _types_hold(game: Game, system: "MTGSystem", version: int) -> bool:
    cards_version = game.cards_version
    if system.type_statics[0] != cards_version:
        statics = any(spec.get("attr") in TYPE_FIELDS
                      for c in game.state.cards.values() for ab in c.definition.abilities
                      if ab.role == Role.STATIC for spec in ab.get("modify") or ())
        system.type_statics = (cards_version, statics)
    hold = not system.type_statics[1] and not any(e.attr in TYPE_FIELDS for e in game.state.effects)
    system.types_hold = (version, hold)
    return hold


def _lowers_toughness(op: str, attr: str | None, value: Any) -> bool:
    """Could a modifier with this op, attribute and value leave a card's toughness below its
    printed toughness? Not the ability ops, nor ``set`` or ``add`` of another attribute, nor
    adding a literal amount of 0 or more to toughness; anything else (``set`` or a negative or
    computed ``add`` of toughness, ``swap``, a system's op) is taken to."""
    if op in ("grant", "revoke", "remove_abilities", "negate"):
        return False
    if op == "set":
        return attr == "toughness"
    if op == "add":
        return attr == "toughness" and not (type(value) is int and value >= 0)
    return True


def _printed_holds(game: Game) -> tuple[int, frozenset[str] | None, bool]:
    """(journal version, the keywords a modifier could change now (``None``: any),
    :func:`printed_toughness_is_floor`),
    worked out once per journal version from the floating effects, the static abilities of the
    cards in the host's index of static abilities, and the ``modifiers`` hooks (only this
    system's, which adds counters' power and toughness, 613.4c)."""
    system: MTGSystem = game.system   # type: ignore[assignment]
    version = game.journal.version
    holds = system.printed_holds
    if holds[0] == version:
        return holds
    state = game.state
    cards = state.cards
    known = PRINTED.get
    toughness = only_by(game.pm, system, "modifiers")
    keywords: frozenset[str] | None = NO_KEYWORDS if toughness else None
    for e in state.effects:
        if keywords is not None:
            written = keywords_written(e.op, e.attr, e.value)
            keywords = None if written is None else keywords | written if written else keywords
        toughness = toughness and not _lowers_toughness(e.op, e.attr, e.value)
    statics_key = (game.cards_version, tuple(game.index.static_cards))
    statics = system.printed_statics
    if statics[0] != statics_key:
        # What the static abilities of the cards in the index could change (a function of those
        # cards' definitions: kept while the cards and the index are the same).
        statics_written: frozenset[str] | None = NO_KEYWORDS
        statics_lower = False
        for cid in statics_key[1]:
            definition = cards[cid].definition
            facts = known(id(definition)) or printed(definition)
            if statics_written is not None:
                written = facts.keyword_writes
                statics_written = None if written is None else statics_written | written if written else statics_written
            statics_lower = statics_lower or facts.lowers_toughness
        statics = system.printed_statics = (statics_key, statics_written, statics_lower)
    if keywords is not None:
        written = statics[1]
        keywords = None if written is None else keywords | written if written else keywords
    toughness = toughness and not statics[2]
    holds = (version, keywords, toughness)
    if game.journal.version == version:
        system.printed_holds = holds
    return holds


def printed_keyword_holds(game: Game, keyword: str) -> bool:
    """True when no modifier in the game can give or take ``keyword``, so every card has it as
    printed (``game.has_keyword`` needs no layer computation): no floating effect and no static
    ability of a card listed by the host's index of static abilities could change it
    (:func:`rulestack.values.keywords_written`), and the only ``modifiers`` hook is this system's (which changes
    power and toughness only). Worked out once per journal version."""
    written = _printed_holds(game)[1]
    return written is not None and keyword not in written


def printed_toughness_is_floor(game: Game) -> bool:
    """True when no modifier in the game can leave a card's toughness below its printed
    toughness (:func:`_lowers_toughness`) but the -1/-1 counters of the card itself (this
    system's ``modifiers`` hook adds the net of its +1/+1 and -1/-1 counters). Cached per
    journal version."""
    return _printed_holds(game)[2]


def abilities_never_removed(game: Game) -> bool:
    """True when nothing in the game can make a card lose its abilities: no card in the host's
    index of ability removers, the system removes none by rule and no floating effect has the op
    ``remove_abilities`` (then ``game.abilities_removed`` is ``False`` for every card: the host's
    own shortcut, asked once for a whole scan instead of card by card)."""
    if game.index.ability_removers or game.system.removes_abilities_by_rule:
        return False
    effects = game.state.effects
    return not effects or not any(e.op == "remove_abilities" for e in effects)


def has_keyword(game: Game, card: Card, keyword: str) -> bool:
    """``game.has_keyword``, read from the printed keywords while :func:`printed_keyword_holds`."""
    if printed_keyword_holds(game, keyword):
        return keyword in (PRINTED.get(id(card.definition)) or printed(card.definition)).keywords
    return game.has_keyword(card, keyword)


def types_of(game: Game, card: Card) -> tuple[str, ...]:
    if printed_types_hold(game):
        types: tuple[str, ...] = printed(card.definition).types
        return types
    return tuple(game.values(card).get("types") or ())


def subtypes_of(game: Game, card: Card) -> tuple[str, ...]:
    if printed_types_hold(game):
        subtypes: tuple[str, ...] = printed(card.definition).subtypes
        return subtypes
    return tuple(game.values(card).get("subtypes") or ())


def supertypes_of(game: Game, card: Card) -> tuple[str, ...]:
    if printed_types_hold(game):
        supertypes: tuple[str, ...] = printed(card.definition).supertypes
        return supertypes
    return tuple(game.values(card).get("supertypes") or ())


def has_type(game: Game, card: Card, kind: str) -> bool:
    return kind in types_of(game, card)


def is_creature(game: Game, card: Card) -> bool:
    if printed_types_hold(game):
        creature: bool = printed(card.definition).creature
        return creature
    return "Creature" in (game.values(card).get("types") or ())


def is_land(game: Game, card: Card) -> bool:
    if printed_types_hold(game):
        land: bool = printed(card.definition).land
        return land
    return "Land" in (game.values(card).get("types") or ())


def is_permanent_card(card: Card) -> bool:
    """Does this card become a permanent when it resolves (printed types)?"""
    return bool(PERMANENT_TYPES.intersection(card.definition.get("types") or ()))


def is_saga(game: Game, card: Card) -> bool:
    if printed_types_hold(game):
        saga: bool = printed(card.definition).saga
        return saga
    return "Saga" in (game.values(card).get("subtypes") or ())


def is_token(game: Game, card: Card) -> bool:
    """Is this card a token (111.1)? The game value ``tokens`` lists them (:mod:`.tokens`)."""
    return card.id in (game.value_of(None, "tokens") or ())


def summoning_sick(game: Game, card: Card) -> bool:
    """302.6: a creature that has not been under its controller's control continuously since
    their most recent turn began cannot attack or use {T}, unless it has haste."""
    return bool(card.status.get("sick")) and not has_keyword(game, card, "Haste")


class Battlefield(NamedTuple):
    """What the printed facts of the permanents on the battlefield say, read once per state of the
    battlefield (:func:`battlefield`)."""

    #: The permanents with an ability of kind ``activated`` (printed), in the order of the
    #: battlefield zones in the state and of each zone's cards, whoever controls them.
    activators: tuple[int, ...]
    #: For each battlefield zone (in the state's order), the permanents a state-based action looks
    #: at while printed types hold (:attr:`Printed.sba_watch`), with their facts, in the zone's order.
    watched: tuple[tuple[tuple[int, Printed], ...], ...]


def battlefield(game: Game) -> Battlefield:
    """The :class:`Battlefield` facts now. Worked out once per journal version, and then only when
    the cards of the battlefield zones or the game's cards (:attr:`Game.cards_version`: the same
    card objects with the same definitions) changed since the last time."""
    system: MTGSystem = game.system   # type: ignore[assignment]
    version = game.journal.version
    at = system.battlefield_at
    if at[0] == version:
        return at[1]
    zones = game.state.zones
    fields = system.battlefield_zones
    if fields is None or fields[0] is not zones or fields[1] != len(zones):
        fields = system.battlefield_zones = (
            zones, len(zones), tuple(z for (name, _), z in zones.items() if name == "battlefield"))
    key = (game.cards_version,) + tuple(tuple(z.cards) for z in fields[2])
    by = system.battlefield_by
    if by[0] == key:
        found = by[1]
    else:
        cards = game.state.cards
        known = PRINTED.get
        activators = []
        watched = []
        for z in fields[2]:
            group = []
            for cid in z.cards:
                definition = cards[cid].definition
                facts = known(id(definition)) or printed(definition)
                if facts.activated:
                    activators.append(cid)
                if facts.sba_watch:
                    group.append((cid, facts))
            watched.append(tuple(group))
        found = Battlefield(tuple(activators), tuple(watched))
        system.battlefield_by = (key, found)
    system.battlefield_at = (version, found)
    return found


def creatures(game: Game, player: int | None = None) -> list[Card]:
    """The creatures on the battlefield (of ``player``, or of everyone), in a fixed order."""
    players = [player] if player is not None else range(len(game.players))
    state = game.state
    cards, zones = state.cards, state.zones
    if printed_types_hold(game):
        known = PRINTED.get
        return [c for p in players for c in [cards[i] for i in zones[("battlefield", p)].cards]
                if (known(id(c.definition)) or printed(c.definition)).creature]
    return [c for p in players for c in game.cards_in("battlefield", p) if is_creature(game, c)]


def permanents(game: Game) -> list[Card]:
    state = game.state
    cards, zones = state.cards, state.zones
    return [cards[i] for p in range(len(state.players)) for i in zones[("battlefield", p)].cards]


def power(game: Game, card: Card) -> int:
    return game.value(card, "power", 0) or 0


def toughness(game: Game, card: Card) -> int:
    return game.value(card, "toughness", 0) or 0


def cr(game: Game) -> str:
    """The Comprehensive Rules edition in force (setting ``cr``)."""
    edition: str = game.system.settings["cr"]
    return edition
