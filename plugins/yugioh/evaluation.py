"""How good a position is for a player, for the search agents (``evaluate_position``).

A duelist loses at 0 Life Points, so LP count most (one point per 500 LP); then monsters on the
field weighted by ATK, Spells/Traps set or face-up, and cards in hand. Only counts of secret
zones and public cards are read.
"""
from __future__ import annotations

from rulestack import Game

#: How often a search agent's playouts pick each kind of action at an action window, relative to
#: 1 (rulestack.search: ``playout_weights``): a duel is won by attacking and summoning, and a
#: random playout that changes positions and ends turns says little about a move.
PLAYOUT_WEIGHTS = {"attack": 8.0, "summon": 4.0, "flip_summon": 2.0, "activate": 1.5, "set_monster": 1.0,
                   "set_spell_trap": 1.0, "pass": 1.0, "end_turn": 0.5, "change_position": 0.2}


def evaluate(game: Game, player: int) -> float:
    """LP/500; per monster 1.5, plus for a face-up one ATK/1000 (in Attack Position: what it can
    deal) or DEF/1000 x0.5 (in Defense Position); Spell/Trap Zone cards x0.5, hand cards x0.5;
    against the opponent's. Face-down monsters count only as monsters (their faces are unknown)."""
    score = 0.0
    for p in game.state.players:
        sign = 1.0 if p.index == player else -1.0
        mine = (p.life or 0) / 500 + 0.5 * len(game.cards_in("spell_trap", p.index)) + 0.5 * len(game.cards_in("hand", p.index))
        for card in game.cards_in("monster", p.index):
            mine += 1.5
            if card.face_up:
                if card.status.get("position") == "defense":
                    mine += 0.5 * int(game.value(card, "def", 0) or 0) / 1000
                else:
                    mine += int(game.value(card, "atk", 0) or 0) / 1000
        score += sign * mine
    return score
