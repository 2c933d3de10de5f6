"""How good a position is for a player, for the search agents (``evaluate_position``).

A player loses at 0 life (704.5a), so each point of life counts one; then what wins the race:
creatures on the battlefield (302) by their power and toughness, the other permanents (lands
are mana: 305), and cards in hand (options). Only what the player may know is read: public
permanents and the counts of the secret zones (hand, library).
"""
from __future__ import annotations

from rulestack import Game, GameSystem, hookimpl

from . import rules

#: Weights of the score, in points of life.
CREATURE, POWER, TOUGHNESS, LAND, OTHER_PERMANENT, HAND = 1.0, 1.0, 0.5, 1.0, 1.0, 0.5


def evaluate(game: Game, player: int) -> float:
    """Life, plus per creature 1 + power + toughness/2, per land or other permanent 1, per card
    in hand 0.5 (a card played is worth more than a card held); against the opponent's."""
    score = 0.0
    for p in game.state.players:
        sign = 1.0 if p.index == player else -1.0
        mine = float(p.life or 0)
        for card in game.cards_in("battlefield", p.index):
            if rules.is_creature(game, card):
                mine += CREATURE + POWER * rules.power(game, card) + TOUGHNESS * rules.toughness(game, card)
            elif rules.is_land(game, card):
                mine += LAND
            else:
                mine += OTHER_PERMANENT
        mine += HAND * len(game.zone("hand", p.index))
        score += sign * mine
    return score


@hookimpl
def evaluate_position(self: GameSystem, game: Game, player: int) -> float:
    """The search agents' score of a position for ``player`` (see the module docstring)."""
    return evaluate(game, player)
