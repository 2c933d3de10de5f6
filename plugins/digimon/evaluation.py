"""How good a position is for a player, for the search agents (``evaluate_position``).

A player loses when a Digimon attacks them with no security card left (1-2-3-1), so each
security card counts most; then the Digimon in the battle area (3-4-6) by their DP, Tamers, and
cards in hand. Only what the player may know is read: the counts of the secret areas (security,
hand: 3-5, 3-7) and the public cards' DP.
"""
from __future__ import annotations

from typing import Any

from rulestack import Game, hookimpl

from .areas import HAND, SECURITY, digimon, dp, tamers

#: Weights of the score, in security cards.
SECURITY_CARD, DIGIMON, DP_PER_1000, TAMER, HAND_CARD = 3.0, 1.0, 0.3, 0.7, 0.4


def evaluate(game: Game, player: int) -> float:
    """Security cards x3, Digimon x1 plus 0.3 per 1000 DP, Tamers x0.7, hand cards x0.4; against
    the opponent's."""
    score = 0.0
    for p in game.state.players:
        sign = 1.0 if p.index == player else -1.0
        mine = SECURITY_CARD * len(game.zone(SECURITY, p.index)) + HAND_CARD * len(game.zone(HAND, p.index))
        for card in digimon(game, p.index):
            mine += DIGIMON + DP_PER_1000 * dp(game, card) / 1000
        mine += TAMER * len(tamers(game, p.index))
        score += sign * mine
    return score


@hookimpl
def evaluate_position(self: Any, game: Game, player: int) -> float:
    """The search agents' score of a position for ``player`` (see the module docstring)."""
    return evaluate(game, player)
