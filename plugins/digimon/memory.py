"""The memory gauge shared by both players (CRM 1-4-2, 4-1, 4-2).

The gauge is one game value, ``memory``, counted from player 0's side: +3 is 3 on player 0's side,
-3 is 3 on player 1's side. :func:`of` reads it from a player's point of view. Gains above 10 are
lost and the marker never passes 10 on either side (1-4-2-2); a cost moves it exactly its value
toward the opponent and can be paid only when it can move that far (4-2-2, MAN: from 0 a cost of
11 can't be paid).
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, CostUnpayable, FunctionCost, Game

MEMORY = "memory"
LIMIT = 10          # 1-4-2-2
PASS_TO = 3         # 6-5-1-7-1: a pass moves the memory to 3 on the opponent's side


def of(game: Game, player: int) -> int:
    """The memory as ``player`` reads it: positive on their side, negative on the opponent's."""
    m = game.value_of(None, MEMORY, 0)
    return m if player == 0 else -m


def _set(game: Game, player: int, value: int, *, cause: str, source: int | None, why: str) -> int:
    """Put the marker at ``value`` as ``player`` reads it; records ``memory`` (from and to, read from
    player 0's side, and the change for ``player``)."""
    before = of(game, player)
    absolute = value if player == 0 else -value
    old = game.value_of(None, MEMORY, 0)
    if absolute != old:
        game.set_value(None, MEMORY, absolute)
    show(game)
    game.record("memory", cause=cause, source=source, player=player, why=why, before=before, after=value,
                gauge=absolute)
    return value


def show(game: Game) -> None:
    """Mirror the gauge into each player's values (as that player reads it), so that every
    player's view — an agent's, the terminal's — shows the memory."""
    for p in game.players:
        game.set_value(p.index, MEMORY, of(game, p.index))


def can_pay(game: Game, player: int, cost: int) -> bool:
    """4-2-2: the marker must be able to move exactly ``cost`` spaces toward the opponent."""
    return cost >= 0 and of(game, player) - cost >= -LIMIT


def pay(game: Game, player: int, cost: int, *, source: int | None = None, cause: str = Cause.COST) -> None:
    """Pay a cost of ``cost`` memory (4-2-1), or raise :class:`CostUnpayable` and move nothing."""
    if not can_pay(game, player, cost):
        raise CostUnpayable(f"a cost of {cost} can't be paid with the memory at {of(game, player)} (4-2-2)")
    _set(game, player, of(game, player) - cost, cause=cause, source=source, why="paid")


def gain(game: Game, player: int, n: int, *, source: int | None = None, cause: str = Cause.EFFECT) -> int:
    """4-1-4: move the marker ``n`` toward ``player``; anything above 10 is lost (1-4-2-2)."""
    return _set(game, player, min(LIMIT, of(game, player) + n), cause=cause, source=source, why="gained")


def lose(game: Game, player: int, n: int, *, source: int | None = None, cause: str = Cause.EFFECT) -> int:
    """4-1-4: move the marker ``n`` toward ``player``'s opponent, to at most 10 there."""
    return _set(game, player, max(-LIMIT, of(game, player) - n), cause=cause, source=source, why="lost")


def pass_turn(game: Game, player: int) -> None:
    """6-5-1-7-1: the memory goes to 3 on the opponent's side, wherever it was."""
    _set(game, player, -PASS_TO, cause=Cause.ACTION, source=None, why="passed")


def turn_ends(game: Game, player: int) -> bool:
    """6-1-4-1: the turn end condition — memory at 1 or more on the opponent's side."""
    return of(game, player) <= -1


def _pay_memory(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> dict:
    pay(game, player, comp.amount, source=act.card.id)
    return {"memory": comp.amount}


COST_KINDS = {"memory": FunctionCost(_pay_memory, label="pay memory")}
