"""Rule processing (CR 9): defeat judgment, and keeping the bookkeeping of the field true.

Rule processing is immediate (9-1-2): the system runs it after every action, every resolution,
every point of damage and every card drawn, and the host repeats it to a fixed point.
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game

from . import don
from .areas import DECK, LIFE

#: Player value: the player's Leader took damage while they had no Life cards (1-2-1-1-1).
HIT_AT_ZERO = "leader_hit_at_zero"

#: The ``simultaneous_defeat`` setting: CR v1.2.0 9-2-1 says every player meeting a defeat
#: condition loses ("all_lose", the default); older CRs (1-2-3) made it a draw ("draw").
ALL_LOSE, DRAW = "all_lose", "draw"


def rule_processing(game: Game) -> bool:
    """One round of rule processing (the ``state_checks`` hook). Returns whether anything changed.
    (Run after every action and resolution: the common case, where no DON!! is orphaned, every Life
    count is right and no defeat condition is met, is read from the state directly.)"""
    state = game.state
    zones, players = state.zones, state.players
    changed = don.return_orphans(game)
    for p in players:
        if p.life != len(zones[(LIFE, p.index)].cards):
            changed = sync_life(game) or changed
            break
    for p in players:
        if p.values.get(HIT_AT_ZERO) or not zones[(DECK, p.index)].cards:
            losers = {p.index: why for p in game.players for why in [defeat_condition(game, p.index)] if why}
            declare_defeat(game, losers)
            break
    return changed


def check_defeat_now(game: Game) -> None:
    """Rule processing right away if a player now meets a defeat condition (9-1-2): called after
    every move an effect makes, so a player whose deck an effect empties loses at once."""
    if any(defeat_condition(game, p.index) for p in game.players):
        game.run_state_checks()


def defeat_condition(game: Game, player: int) -> str | None:
    """The defeat condition ``player`` meets, if any (1-2-1-1, 9-2-1)."""
    if game.value_of(player, HIT_AT_ZERO):
        return "their Leader took damage with 0 Life cards (1-2-1-1-1)"
    if not game.zone(DECK, player).cards:
        return "they have 0 cards in their deck (1-2-1-1-2)"
    return None


def declare_defeat(game: Game, losers: dict[int, str]) -> None:
    """Every player meeting a condition loses (9-2-1), or, with ``simultaneous_defeat = draw``,
    a defeat of both players is a draw. Ends the game."""
    names = {p.index: p.name for p in game.players}
    reason = "; ".join(f"{names[p]} lost: {why}" for p, why in sorted(losers.items()))
    everyone = len(losers) == len(game.players)
    if everyone and game.system.settings.get("simultaneous_defeat") == DRAW:
        game.end_game((), f"draw: {reason} (older CR 1-2-3)")
    for p in losers:
        game.set(game.player(p), "lost", True)
    winners = [p.index for p in game.players if p.index not in losers]
    if everyone:
        reason += " (CR v1.2.0 9-2-1: all of them lose)"
    game.end_game(winners, reason)


def sync_life(game: Game) -> bool:
    """A player's Life is the number of cards in their Life area (2-9, 3-10)."""
    changed = False
    for p in game.players:
        n = len(game.zone(LIFE, p.index).cards)
        if p.life != n:
            game.set_life(p.index, n, cause=Cause.RULE)
            changed = True
    return changed
