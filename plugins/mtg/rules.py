"""Small questions the rules ask about cards and players, shared by every part of the plugin."""
from __future__ import annotations

from rulestack import Card, Game, Role

#: Card types that make a card a permanent (110.4).
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})

#: The keyword abilities the plugin understands (rules read them with ``has_keyword``).
KEYWORDS = frozenset({"Flying", "First strike", "Double strike", "Trample", "Vigilance", "Haste", "Reach", "Flash",
                      "Defender", "Lifelink", "Deathtouch", "Menace", "Read ahead"})


#: Card fields that type-changing effects (layer 4) would change.
TYPE_FIELDS = ("types", "subtypes", "supertypes")


def printed_types_hold(game: Game) -> bool:
    """True when no continuous effect in the game can change a card's types, so the printed
    types are the current ones and need no layer computation (a hot path: every "is it a
    creature?"). Cached per journal version; static abilities are looked at once per set of cards."""
    system = game.system
    version = game.journal.version
    if system.types_hold[0] == version:
        return system.types_hold[1]
    count = len(game.state.cards)
    if system.type_statics[0] != count:
        statics = any(spec.get("attr") in TYPE_FIELDS
                      for c in game.state.cards.values() for ab in c.definition.abilities
                      if ab.role == Role.STATIC for spec in ab.get("modify") or ())
        system.type_statics = (count, statics)
    hold = not system.type_statics[1] and not any(e.attr in TYPE_FIELDS for e in game.state.effects)
    system.types_hold = (version, hold)
    return hold


def types_of(game: Game, card: Card) -> tuple[str, ...]:
    if printed_types_hold(game):
        return card.definition.fields.get("types") or ()
    return tuple(game.values(card).get("types") or ())


def subtypes_of(game: Game, card: Card) -> tuple[str, ...]:
    if printed_types_hold(game):
        return card.definition.fields.get("subtypes") or ()
    return tuple(game.values(card).get("subtypes") or ())


def supertypes_of(game: Game, card: Card) -> tuple[str, ...]:
    if printed_types_hold(game):
        return card.definition.fields.get("supertypes") or ()
    return tuple(game.values(card).get("supertypes") or ())


def has_type(game: Game, card: Card, kind: str) -> bool:
    return kind in types_of(game, card)


def is_creature(game: Game, card: Card) -> bool:
    return has_type(game, card, "Creature")


def is_land(game: Game, card: Card) -> bool:
    return has_type(game, card, "Land")


def is_permanent_card(card: Card) -> bool:
    """Does this card become a permanent when it resolves (printed types)?"""
    return bool(PERMANENT_TYPES.intersection(card.definition.get("types") or ()))


def is_saga(game: Game, card: Card) -> bool:
    return "Saga" in subtypes_of(game, card)


def is_token(game: Game, card: Card) -> bool:
    """Is this card a token (111.1)? The game value ``tokens`` lists them (:mod:`.tokens`)."""
    return card.id in (game.value_of(None, "tokens") or ())


def summoning_sick(game: Game, card: Card) -> bool:
    """302.6: a creature that has not been under its controller's control continuously since
    their most recent turn began cannot attack or use {T}, unless it has haste."""
    return bool(card.status.get("sick")) and not game.has_keyword(card, "Haste")


def creatures(game: Game, player: int | None = None) -> list[Card]:
    """The creatures on the battlefield (of ``player``, or of everyone), in a fixed order."""
    players = [player] if player is not None else range(len(game.players))
    return [c for p in players for c in game.cards_in("battlefield", p) if is_creature(game, c)]


def permanents(game: Game) -> list[Card]:
    return [c for p in range(len(game.players)) for c in game.cards_in("battlefield", p)]


def power(game: Game, card: Card) -> int:
    return game.value(card, "power", 0) or 0


def toughness(game: Game, card: Card) -> int:
    return game.value(card, "toughness", 0) or 0


def cr(game: Game) -> str:
    """The Comprehensive Rules edition in force (setting ``cr``)."""
    return game.system.settings["cr"]
