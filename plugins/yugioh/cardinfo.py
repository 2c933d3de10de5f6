"""What a card is, read from its data: card type, Spell/Trap property, Level, position, spell speed.

Card data fields (``card_scripts/yugioh/cards/*.yaml``):

* ``card_type`` — ``Monster``, ``Spell`` or ``Trap``.
* ``property`` — a Spell's or Trap's property: ``Normal``, ``Quick-Play``, ``Continuous``,
  ``Equip``, ``Field``, ``Ritual`` (Spells); ``Normal``, ``Continuous``, ``Counter`` (Traps).
* ``frame`` — a Monster's card frame: ``Normal``, ``Effect``, ``Fusion``, ``Synchro``, ``Ritual``.
* ``attribute``, ``type`` (the monster Type: Dragon, Warrior ...), ``level``, ``atk``, ``def``.
* ``text`` — a short summary of the card's text, in this project's own words.
"""
from __future__ import annotations

from typing import Any, Mapping

from rulestack import Ability, Action, Card, Game, IllegalAction, Item
from rulestack.state import GameState, Zone

#: The zones of the field (a card "on the field" is in one of these).
FIELD_ZONES = ("monster", "spell_trap")
#: How many cards each field zone holds per player (Main Monster Zones, Spell & Trap Zones).
ZONE_CAPACITY = {"monster": 5, "spell_trap": 5}
#: Monsters that start in the Extra Deck.
EXTRA_FRAMES = frozenset({"Fusion", "Synchro", "Xyz", "Link"})
#: Spell/Trap properties whose card goes to the GY once its activation has resolved.
ONE_SHOT = frozenset({"Normal", "Quick-Play", "Counter", "Ritual"})
#: Spell/Trap properties whose card stays on the field after its activation resolves; such a card
#: must still be on the field for its activation to resolve (Premature Burial, B3.1).
LASTING = frozenset({"Continuous", "Equip", "Field"})

ATTACK, DEFENSE = "attack", "defense"

#: Where each kind of activated ability is used from, unless the ability says (``from``/``zone``).
ACTIVATION_ZONES = {"activate": ("hand", "spell_trap"), "effect": ("spell_trap",),
                    "ignition": ("monster",), "quick": ("monster",)}


def card_type(card: Card) -> str:
    kind: str = card.definition.fields.get("card_type", "")
    return kind


def is_monster(card: Card) -> bool:
    return card_type(card) == "Monster"


def is_spell(card: Card) -> bool:
    return card_type(card) == "Spell"


def is_trap(card: Card) -> bool:
    return card_type(card) == "Trap"


def prop(card: Card) -> str:
    """The property of a Spell or Trap card (``Normal``, ``Quick-Play``, ``Counter`` ...)."""
    word: str = card.definition.fields.get("property", "Normal")
    return word


def is_extra_deck_monster(definition_fields: Mapping[str, Any]) -> bool:
    return definition_fields.get("frame") in EXTRA_FRAMES


def on_field(card: Card) -> bool:
    return card.zone in FIELD_ZONES


def position(card: Card) -> str:
    """A monster's battle position: ``attack`` or ``defense`` (face-down monsters are in defense)."""
    pos: str | None = card.status.get("position")
    if pos is not None:
        return pos
    return ATTACK if card.face_up else DEFENSE


def tributes_needed(level: int) -> int:
    """Tributes a Normal Summon or Set needs: 0 up to Level 4, 1 for Levels 5-6, 2 for 7 and more."""
    if level <= 4:
        return 0
    return 1 if level <= 6 else 2


def acting_card(game: Game, action: Action) -> Card:
    """The card an action is done with (a Summon, a Set, an attack, an activation)."""
    if action.card is None:
        raise IllegalAction(f"P{action.player}'s action {action.kind!r} names no card")
    return game.card(action.card)


def link_card(game: Game, item: Item) -> Card:
    """The card a chain link comes from (every Yu-Gi-Oh! chain link is a card's or an effect's)."""
    if item.card is None:
        raise IllegalAction(f"chain link #{item.id} ({item.kind}) names no card")
    return game.card(item.card)


def ability_at(card: Card, index: int | None) -> Ability:
    """The ability of ``card`` an action or a chain link names by its index."""
    if index is None:
        raise IllegalAction(f"no ability of {card.name} is named")
    return card.definition.abilities[index]


#: What an action is made of, in :class:`~rulestack.Action`'s order: kind, player, card, ability,
#: data and label.
ActionKey = tuple[str, int, "int | None", "int | None", tuple[Any, ...], str]


class ActionCache(dict[tuple[Any, ...], Action]):
    """The actions of a game made so far, by what they are made of (see :func:`cached_action`). A
    type of its own, not a plain dict: a fork does not copy it (``rulestack.fork`` copies a system's
    plain values only) but starts with an empty one, which holds as well."""


def action_cache(game: Game) -> ActionCache:
    """The actions of this game made so far, by what they are made of (see :func:`cached_action`)."""
    cache: ActionCache = game.system.action_cache  # type: ignore[attr-defined]   # YugiohSystem's
    return cache


def cached_action(cache: ActionCache, key: ActionKey) -> Action:
    """``Action(*key)``, made once per game: an action is a frozen value, and making one costs
    several times more than finding the same one again (action lists are rebuilt at every window)."""
    found = cache.get(key)
    if found is None:
        found = cache[key] = Action(*key)
    return found


#: The labels of the actions :func:`named_action` makes, from the card's name and a detail.
ACTION_LABELS = {"flip_summon": "flip summon {name}", "change_position": "change {name} to {detail} position",
                 "set_spell_trap": "set {name}", "attack": "attack with {name}"}


def named_action(cache: ActionCache, kind: str, player: int, card: int, name: str, detail: str = "") -> Action:
    """The action of ``kind`` (one of :data:`ACTION_LABELS`) with a card, labelled from the card's
    name and ``detail``: made once per game, like :func:`cached_action`, and found by what its
    label is made of (the name, the same string every time, hashes once; the label would not)."""
    key = (kind, player, card, name, detail)
    found = cache.get(key)
    if found is None:
        found = cache[key] = Action(kind, player, card, label=ACTION_LABELS[kind].format(name=name, detail=detail))
    return found


def free_zones(game: Game, zone: str, player: int) -> int:
    return ZONE_CAPACITY[zone] - len(game.zone(zone, player).cards)


def ability_speed(card: Card, ability: Ability) -> int:
    """The spell speed of an ability (an explicit ``speed`` key wins).

    Spell Speed 1: Normal, Equip, Continuous, Field and Ritual Spells; Ignition, Trigger and FLIP
    effects. Spell Speed 2: Quick-Play Spells, Normal and Continuous Traps, Quick Effects.
    Spell Speed 3: Counter Traps (B3.1)."""
    return ability_speed_of(card.definition.fields, ability)


def ability_speed_of(fields: Mapping[str, Any], ability: Ability) -> int:
    """:func:`ability_speed` from the card's data fields (its ``card_type`` and ``property``)."""
    speed = ability.get("speed")
    if speed:
        return int(speed)
    kind = ability.kind
    trap = fields.get("card_type", "") == "Trap"
    if kind == "activate":
        if trap:
            return 3 if fields.get("property", "Normal") == "Counter" else 2
        return 2 if fields.get("property", "Normal") == "Quick-Play" else 1
    if kind == "quick":
        return 2
    if kind == "effect":
        return 2 if trap else 1
    return 1


#: The game value where the host records the cards that became another (``Game.become``; it puts a new
#: object there at each change, and a rollback puts back the one before). Its name is the host's
#: (a test compares them): the host's module that names it is private.
PRINTED_CODES = "printed_codes"


class CardsSeen:
    """What a per-game cache of facts about the game's cards was worked out for: the state's cards
    (by identity) and the game's :attr:`~rulestack.Game.cards_version`, the number the host gives
    the game's cards and their definitions (a new one whenever a card is created or forgotten, or
    gets another definition; journaled, so a rollback gives back the number of the cards it
    returns to). While they are the same, no card has been created or forgotten and no definition
    has changed (:meth:`holds`). :attr:`count` says how many cards there were (-1: none seen yet)."""

    __slots__ = ("cards", "cards_version", "count")

    def __init__(self) -> None:
        self.cards: dict[int, Card] | None = None
        self.cards_version = -1
        self.count = -1

    def holds(self, game: Game) -> bool:
        """Are ``game``'s cards and their definitions those last seen (:meth:`see`)?"""
        return self.cards_version == game.cards_version and self.cards is game.state.cards

    def see(self, game: Game) -> None:
        """Remember ``game``'s cards as they are now."""
        self.cards, self.cards_version, self.count = game.state.cards, game.cards_version, len(game.state.cards)


class ZoneGroups:
    """A state's zones grouped by name (each with the player it belongs to, ``None`` for a shared
    one), in the state's order; for one state's zones (a game's zones are made with it and never
    replaced). A type of its own: a fork starts with an empty one."""

    __slots__ = ("zones", "by_name")

    def __init__(self) -> None:
        self.zones: dict[tuple[str, int | None], Zone] | None = None
        self.by_name: dict[str, list[tuple[int | None, Zone]]] = {}

    def find(self, state: GameState) -> None:
        by_name: dict[str, list[tuple[int | None, Zone]]] = {}
        for (name, zp), zone in state.zones.items():
            by_name.setdefault(name, []).append((zp, zone))
        self.by_name, self.zones = by_name, state.zones


def zone_groups(game: Game) -> dict[str, list[tuple[int | None, Zone]]]:
    """The game's zones grouped by name (:class:`ZoneGroups`, kept by the system)."""
    groups: ZoneGroups = game.system.zone_groups  # type: ignore[attr-defined]   # YugiohSystem's
    state = game.state
    if groups.zones is not state.zones:
        groups.find(state)
    return groups.by_name
