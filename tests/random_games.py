"""Shared scaffolding for the systems' seeded random-game tests: random agents that run a system's
own invariant checker before every answer, a game played to the end under it, and the check that a
game is a function of its seed."""
from __future__ import annotations

from typing import Any, Callable

from rulestack import FunctionAgent, Game, GameResult, RandomAgent

#: ``check(game, decision)``: raises when an invariant is broken (``decision`` is None at the end).
Check = Callable[[Game, Any], None]


def checking_agents(seed: int, check: Check, players: int = 2) -> list[FunctionAgent]:
    """Seeded random agents that call ``check(game, decision)`` before answering each decision."""
    def agent(i: int) -> FunctionAgent:
        rnd = RandomAgent(seed * 7919 + i + 1)

        def decide(decision: Any, seat: Any) -> Any:
            check(seat.game, decision)
            return rnd.decide(decision, seat)
        return FunctionAgent(decide)
    return [agent(i) for i in range(players)]


def checks_in_game(system: str, decks: list[Any], seed: int, check: Callable[[Game], int]) -> int:
    """Play one seeded game between two random agents (seeded ``2 * seed + 1`` and ``2 * seed + 2``)
    that run ``check(game)`` before answering each decision; return the sum of what it returned
    (how many things it checked)."""
    checked: list[int] = []

    def agent(agent_seed: int) -> FunctionAgent:
        rnd = RandomAgent(agent_seed)
        return FunctionAgent(lambda decision, seat: checked.append(check(seat.game)) or rnd.decide(decision, seat))
    Game(system, list(decks), seed=seed, agents=[agent(seed * 2 + 1), agent(seed * 2 + 2)]).play()
    return sum(checked)


def play_checked(system: str, decks: list[str], seed: int, check: Check) -> tuple[Game, GameResult]:
    """Play one seeded random game to the end with ``check`` before every decision and at the end."""
    game = Game(system, list(decks), seed=seed, agents=checking_agents(seed, check))
    try:
        result = game.play()
        check(game, None)
    finally:
        game.close()
    return game, result


def event_log_of(system: str, decks: list[str], seed: int) -> str:
    """The JSON event log of one seeded random game played to the end."""
    game = Game(system, list(decks), seed=seed)
    try:
        game.play()
        return game.event_log_json()
    finally:
        game.close()
