"""Small questions the rules ask about cards and players, shared by every part of the plugin."""
from __future__ import annotations

from typing import Any

#: Card types that make a card a permanent (110.4).
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})

#: The keyword abilities the plugin understands (rules read them with ``has_keyword``).
KEYWORDS = frozenset({"Flying", "First strike", "Double strike", "Trample", "Vigilance", "Haste", "Reach", "Flash",
                      "Defender", "Lifelink", "Deathtouch"})


def types_of(game: Any, card: Any) -> tuple[str, ...]:
    return tuple(game.values(card).get("types") or ())


def has_type(game: Any, card: Any, kind: str) -> bool:
    return kind in types_of(game, card)


def is_creature(game: Any, card: Any) -> bool:
    return has_type(game, card, "Creature")


def is_land(game: Any, card: Any) -> bool:
    return has_type(game, card, "Land")


def is_permanent_card(card: Any) -> bool:
    """Does this card become a permanent when it resolves (printed types)?"""
    return bool(PERMANENT_TYPES.intersection(card.definition.get("types") or ()))


def is_saga(game: Any, card: Any) -> bool:
    return "Saga" in (game.values(card).get("subtypes") or ())


def summoning_sick(game: Any, card: Any) -> bool:
    """302.6: a creature that has not been under its controller's control continuously since
    their most recent turn began cannot attack or use {T}, unless it has haste."""
    return bool(card.status.get("sick")) and not game.has_keyword(card, "Haste")


def creatures(game: Any, player: int | None = None) -> list[Any]:
    """The creatures on the battlefield (of ``player``, or of everyone), in a fixed order."""
    players = [player] if player is not None else range(len(game.players))
    return [c for p in players for c in game.cards_in("battlefield", p) if is_creature(game, c)]


def permanents(game: Any) -> list[Any]:
    return [c for p in range(len(game.players)) for c in game.cards_in("battlefield", p)]


def power(game: Any, card: Any) -> int:
    return game.value(card, "power", 0) or 0


def toughness(game: Any, card: Any) -> int:
    return game.value(card, "toughness", 0) or 0


def cr(game: Any) -> str:
    """The Comprehensive Rules edition in force (setting ``cr``)."""
    return game.system.settings["cr"]
