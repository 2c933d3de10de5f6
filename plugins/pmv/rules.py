"""Winning and losing (B2.3.6) and drawing.

* W1/W3: a player whose life is 0 or less loses when any player next receives priority (the
  comprehensive rules replaced the older "at the end of an interference" check).
* W1/W2: a player who must draw but cannot loses; an empty deck by itself is not a loss.
* W5 (both players at once) is not in any source: both lose and the game is a draw.
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game

from . import deck_rule
from .areas import DECK, HAND


def check_defeat(game: Game) -> None:
    """Before a player receives priority: players at 0 life or less lose (W3)."""
    losers = [p.index for p in game.players if (p.life or 0) <= 0]
    if not losers:
        return
    winners = [p.index for p in game.players if p.index not in losers]
    names = ", ".join(game.players[p].name for p in losers)
    game.end_game(winners, f"{names} lost: life 0 or less (W1)")


def draw(game: Game, player: int, n: int = 1, *, cause: str = Cause.RULE, source: int | None = None) -> int:
    """Draw ``n`` cards one at a time. A player who must draw and cannot loses at once (W1, W2).
    A deck an earlier effect saw whole is shuffled first (3.2.5)."""
    drawn = 0
    for _ in range(n):
        deck = game.zone(DECK, player)
        if not deck.cards:
            game.record("could_not_draw", cause=cause, source=source, player=player)
            game.end_game([game.opponent(player)], f"{game.players[player].name} lost: had to draw from an empty deck (W1)")
        deck_rule.before_manipulation(game, player)
        game.move(game.zone(DECK, player).cards[-1], HAND, player, cause=cause, source=source, by=player, kind="drew")
        drawn += 1
    return drawn
