"""Runaway games end, with a named, reported result.

A card can make a game that never ends on its own: a trigger that triggers itself again on each
resolution, two cards that answer each other forever. No legal game of a bundled system records
more than a few hundred events in one turn, so :class:`RunawayGuard` sets a bound that no such
game reaches (``max_events_per_turn``, 5,000 by default, about 30 times the most a bundled
system's seeded game records; a system may set the attribute ``max_events_per_turn``) and ends the game when a turn goes past it.

What that end means is the system's rule where it has one: a system class may define

    def runaway_result(self, game, reason: str) -> tuple[Iterable[int], str]:
        '''(winners, reason) of a game that loops.'''

(MTG 104.4b: a loop of mandatory actions that nothing can stop is a draw). The host default is
a draw too, with the reason saying what happened. Either way the result is reported like any
other end of the game (``game_over`` event, :class:`~rulestack.flow.GameResult`).

The guard also starts each turn's script allowance (:meth:`rulestack.sandbox.LuaSandbox.new_turn`),
so that a card which burns time in conditions and values is stopped by name.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .events import Event
    from .game import Game

__all__ = ["DEFAULT_MAX_EVENTS_PER_TURN", "RunawayGuard"]

DEFAULT_MAX_EVENTS_PER_TURN = 5_000   # the bundled systems' seeded games reach 171


class RunawayGuard:
    """Counts a game's events per turn and ends the game when a turn runs away."""

    __slots__ = ("game", "limit", "turn", "count", "ended", "armed")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.limit = DEFAULT_MAX_EVENTS_PER_TURN
        self.turn: Any = None
        self.count = 0
        self.ended = False
        self.armed = False

    def event(self, ev: Event) -> None:
        """Called for every recorded event (outside dry runs)."""
        game = self.game
        turn = game.state.turn
        if turn != self.turn:
            if not self.armed:   # the scripts' allowances per turn and per game (the sandbox's defaults)
                game.sandbox.set_allowances()
                game.sandbox.new_game()   # a reused runtime's sandbox: this game's allowance starts afresh
                self.armed = True
            self.turn, self.count = turn, 0
            self.limit = int(getattr(game.system, "max_events_per_turn", DEFAULT_MAX_EVENTS_PER_TURN))
            game.sandbox.new_turn()
        self.count += 1
        if self.count > self.limit and not self.ended:
            self.ended = True
            reason = (f"the game runs away: more than {self.limit} events in turn {turn} "
                      f"(the last one: {ev.kind})")
            hook = getattr(game.system, "runaway_result", None)
            winners, why = hook(game, reason) if hook is not None else ((), f"a draw: {reason}")
            game.end_game(winners, why)
