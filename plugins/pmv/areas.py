"""The areas of Phantom Magic Vision (CR 3.1.1), card states (5.1.1) and what a card is.

Areas: deck, hand, field (場), node area (ノードエリア, not part of the field), 冥界 (the
netherworld, where discarded cards go, 3.3), the removed area (除外エリア) and the play area
(プレイエリア, shared), where a played card waits while the interference stack holds it.
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Game, Visibility, ZoneSpec

DECK = "deck"
HAND = "hand"
FIELD = "field"
NODES = "nodes"
NETHERWORLD = "netherworld"     # 冥界
REMOVED = "removed"             # 除外エリア
PLAY_AREA = "play_area"         # プレイエリア

ZONES = (
    ZoneSpec(DECK, Visibility.HIDDEN, ordered=True),
    ZoneSpec(HAND, Visibility.PRIVATE),
    ZoneSpec(FIELD, Visibility.PUBLIC),
    ZoneSpec(NODES, Visibility.HIDDEN),           # nodes are face down (B2.3.3 N4)
    ZoneSpec(NETHERWORLD, Visibility.PUBLIC, ordered=True),
    ZoneSpec(REMOVED, Visibility.PUBLIC),
    ZoneSpec(PLAY_AREA, Visibility.PUBLIC, per_player=False, ordered=True),
)

#: Card statuses (5.1.1): sleep (スリープ, horizontal) versus active; accumulated damage.
SLEEP = "sleep"
DAMAGE = "damage"

CHARACTER = "character"
SPELL = "spell"
COMMAND = "command"
WORLD_CHARM = "world_charm"     # 【世界呪符】
EQUIPMENT = "equipment"         # 【装備】: set on a character of yours

STARTING_LIFE = 25              # B2.3.1 S3
OPENING_HAND = 7                # S5
HAND_LIMIT = 7                  # H1
DECK_SIZE = 50                  # S1
MAX_COPIES = 3                  # S2


def card_type(card: Card) -> str:
    """character, spell or command (C1)."""
    return card.definition.get("type", "")


def is_character(game: Game, card: Card) -> bool:
    """A character card on the field is a character (C11)."""
    return card.zone == FIELD and card_type(card) == CHARACTER


def characters(game: Game, player: int | None = None) -> list:
    """The characters on the field (of ``player``, or everyone's), in a fixed order."""
    players = range(len(game.players)) if player is None else (player,)
    return [c for p in players for c in game.cards_in(FIELD, p) if card_type(c) == CHARACTER]


def is_active(card: Card) -> bool:
    return not card.status.get(SLEEP)


def active_nodes(game: Game, player: int) -> list:
    return [c for c in game.cards_in(NODES, player) if is_active(c)]


def equipment(game: Game, player: int | None = None) -> list:
    """The 【装備】 spells on the field (of ``player``, or everyone's)."""
    players = range(len(game.players)) if player is None else (player,)
    return [c for p in players for c in game.cards_in(FIELD, p) if c.definition.get("subtype") == EQUIPMENT]
