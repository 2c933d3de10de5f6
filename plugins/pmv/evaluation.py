"""How good a position is for a player, for the search agents (``evaluate_position``).

A player loses at 0 life (W1; 25 to start, B2.3.1 S3), so each point of life counts one; then
characters on the field (C11) by their attack, other cards on the field, active nodes (what pays
for plays), and cards in hand. Only what the player may know is read: public cards and the
counts of the secret zones (hand, deck, nodes).
"""
from __future__ import annotations

from typing import Any

from rulestack import Game, hookimpl

from .areas import FIELD, HAND, active_nodes, card_type, CHARACTER

#: Weights of the score, in points of life.
CHARACTER_CARD, ATTACK, OTHER_FIELD, NODE, HAND_CARD = 2.0, 0.5, 1.0, 0.7, 0.5


def evaluate(game: Game, player: int) -> float:
    """Life, plus per character 2 + attack/2, per other card on the field 1, per active node 0.7,
    per card in hand 0.5; against the opponent's."""
    score = 0.0
    for p in game.state.players:
        sign = 1.0 if p.index == player else -1.0
        mine = float(p.life or 0) + HAND_CARD * len(game.zone(HAND, p.index))
        for card in game.cards_in(FIELD, p.index):
            if card_type(card) == CHARACTER:
                mine += CHARACTER_CARD + ATTACK * max(0, game.value(card, "attack") or 0)
            else:
                mine += OTHER_FIELD
        mine += NODE * len(active_nodes(game, p.index))
        score += sign * mine
    return score


@hookimpl
def evaluate_position(self: Any, game: Game, player: int) -> float:
    """The search agents' score of a position for ``player`` (see the module docstring)."""
    return evaluate(game, player)
