"""How good a position is for a player, for the search agents (``evaluate_position``).

A duelist loses at 0 Life Points, so LP count most (one point per 500 LP); then monsters on the
field weighted by ATK, Spells/Traps set or face-up, and cards in hand. Only counts of secret
zones and public cards are read.
"""
from __future__ import annotations

from rulestack import Game


def evaluate(game: Game, player: int) -> float:
    """LP/500, monsters x1.5 plus ATK/1000 x0.5 (face-up ones), Spell/Trap Zone cards x0.5, hand
    cards x0.5, against the opponent's."""
    score = 0.0
    for p in game.state.players:
        sign = 1.0 if p.index == player else -1.0
        monsters = game.cards_in("monster", p.index)
        atk = sum(int(game.value(c, "atk", 0) or 0) for c in monsters if c.face_up)
        score += sign * ((p.life or 0) / 500 + 1.5 * len(monsters) + 0.5 * atk / 1000
                         + 0.5 * len(game.cards_in("spell_trap", p.index)) + 0.5 * len(game.cards_in("hand", p.index)))
    return score
