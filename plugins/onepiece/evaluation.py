"""How good a position is for a player, for the search agents (``evaluate_position``).

Life cards are what a player loses by (1-2-1-1-1: damage with no Life cards left), so each is
worth most; then Characters in play (3-7), weighted by power, and cards in hand. Only what the
player may know is read: counts of secret areas (3-2, 3-4, 3-10) and public cards' power.
"""
from __future__ import annotations

from typing import Any

from rulestack import Game

from .areas import CHARACTER, HAND, LIFE


def evaluate(game: Game, player: int) -> float:
    """Life cards x3, Characters x1 plus their power in thousands x0.2, hand cards x0.5, against
    the opponent's."""
    score = 0.0
    for p in game.state.players:
        sign = 1.0 if p.index == player else -1.0
        chars = game.cards_in(CHARACTER, p.index)
        power = sum(int(game.value(c, "power", 0) or 0) for c in chars)
        score += sign * (3.0 * len(game.cards_in(LIFE, p.index)) + len(chars) + 0.2 * power / 1000
                         + 0.5 * len(game.cards_in(HAND, p.index)))
    return score
