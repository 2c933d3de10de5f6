"""The areas of the Digimon Card Game (CRM 3) and small queries about the cards in them.

The field has two parts, the breeding area and the battle area (3-4-6). A Digimon on the field is
a *stack*: its top card stands in the area; the cards under it (its digivolution cards, 4-3-2)
stand in the modelling zone ``digivolution_cards``, each with ``attached_to`` naming the top card,
in zone order from the bottom of the stack up. ``no_area`` holds an Option while it is being used
(9-1-4) and a security card while it is checked (13-1-6).
"""
from __future__ import annotations

from typing import Any

from rulestack import Game, ZoneSpec
from rulestack.state import Card, Visibility

DECK, EGG_DECK, HAND, SECURITY = "deck", "digi_egg_deck", "hand", "security"
BREEDING, BATTLE, SOURCES, TRASH, NO_AREA = "breeding_area", "battle_area", "digivolution_cards", "trash", "no_area"

ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec(DECK, Visibility.HIDDEN, ordered=True),        # 3-2: end of the list is the top
    ZoneSpec(EGG_DECK, Visibility.HIDDEN, ordered=True),    # 3-3: the Digi-Egg deck
    ZoneSpec(HAND, Visibility.PRIVATE),                     # 3-5
    ZoneSpec(SECURITY, Visibility.HIDDEN, ordered=True),    # 3-7: face down, end of the list is the top
    ZoneSpec(BREEDING, Visibility.PUBLIC),                  # 3-4-7: at most 1 card
    ZoneSpec(BATTLE, Visibility.PUBLIC),                    # 3-4-6
    ZoneSpec(SOURCES, Visibility.PUBLIC, ordered=True),     # 4-3-2: the cards under each Digimon
    ZoneSpec(TRASH, Visibility.PUBLIC, ordered=True),       # 3-6
    ZoneSpec(NO_AREA, Visibility.PUBLIC),                   # 9-1-4, 13-1-6
)

#: The field (3-4-6): where Digimon and Tamers stand.
FIELD = (BREEDING, BATTLE)

#: Card statuses, in the game's words.
SUSPENDED = "suspended"                 # 3-4-3: absent means unsuspended
PLACED_TURN = "placed_turn"             # 7-1-2-1: the turn the card was placed on the field
PLACED_BY_EFFECT = "placed_by_effect"   # 17-1-3-2-2: an Option an effect placed in the battle area
USED_OPTION = "used"                    # an Option being used (9-1-4), as opposed to a checked card

OPENING_HAND = 5        # 5-2-1-4
SECURITY_SIZE = 5       # 5-2-1-6
DECK_SIZE = 50          # 1-4-1
MAX_COPIES = 4          # 1-4-1
MAX_EGGS = 5            # 1-4-1

DIGIMON, TAMER, OPTION, EGG = "digimon", "tamer", "option", "digi_egg"


def category(card: Card) -> str:
    """digimon, tamer, option or digi_egg (2-1)."""
    return card.definition.get("category", "")


def colors(card: Card) -> tuple[str, ...]:
    return tuple(card.definition.get("color") or ())


def level(card: Card) -> int | None:
    return card.definition.get("level")


def is_digimon_card(card: Card) -> bool:
    """Digimon cards and Digi-Egg cards are treated as Digimon on the field (4-3-1)."""
    return category(card) in (DIGIMON, EGG)


def is_suspended(card: Card) -> bool:
    return bool(card.status.get(SUSPENDED))


def digimon(game: Game, player: int, zones: tuple[str, ...] = (BATTLE,)) -> list[Card]:
    """``player``'s Digimon (the top cards of their stacks) in ``zones``."""
    return [c for z in zones for c in game.cards_in(z, player) if is_digimon_card(c)]


def tamers(game: Game, player: int) -> list[Card]:
    return [c for c in game.cards_in(BATTLE, player) if category(c) == TAMER]


def sources(game: Game, top: Card) -> list[Card]:
    """The digivolution cards of the Digimon whose top card is ``top``, bottom first."""
    return [c for c in game.cards_in(SOURCES, top.controller) if c.attached_to == top.id]


def top_of(game: Game, card: Card) -> Card | None:
    """The top card of the stack ``card`` belongs to (itself when it is a top card on the field)."""
    if card.zone == SOURCES:
        return game.card(card.attached_to) if card.attached_to is not None else None
    return card if card.zone in FIELD else None


def dp(game: Game, card: Card) -> int:
    """The Digimon's DP now: DP can't go below 0 (1-3-8, WIKI *Deletion*)."""
    return max(0, game.value(card, "dp") or 0)


def has_dp(card: Card) -> bool:
    return card.definition.get("dp") is not None
