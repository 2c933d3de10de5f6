"""The step API: drive a game one decision at a time (``legal actions → apply → observe``).

The game keeps its ordinary synchronous flow — a card script asks for a choice and gets the answer
back as a return value — and runs inside a greenlet that switches back to the caller at each
decision. Only one side runs at a time, in the same thread, so there are no locks and no races,
and a switch costs about a microsecond (a thread hand-off costs tens).
"""
from __future__ import annotations

from typing import Any

import greenlet

from .agents import Seat, resolve_answer
from .decisions import Decision
from .errors import RulestackError
from .flow import GameResult
from .game import Game


class _Handoff:
    """The agent of every seat in a stepped game: hands the decision to the driver."""

    def __init__(self, stepper: "StepGame") -> None:
        self.stepper = stepper

    def decide(self, decision: Decision, seat: Seat) -> Any:
        return self.stepper._yield_decision(decision)


class StepGame:
    """A game driven one decision at a time.

    >>> step = StepGame(Game("mtg", ["white_weenie", "red_burn"], seed=3))
    >>> while not step.done:
    ...     step.apply(step.legal_answers()[0])
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        game.agents = [_Handoff(self) for _ in game.agents]
        self.decision: Decision | None = None
        self.result: GameResult | None = None
        self.error: BaseException | None = None
        self._driver: greenlet.greenlet | None = None
        self._runner = greenlet.greenlet(self._run)
        self._advance(None)

    def _run(self, _: Any) -> tuple[str, Any]:
        try:
            return ("over", self.game.play())
        except Exception as e:  # reported to the driver, which re-raises it
            return ("error", e)

    def _yield_decision(self, decision: Decision) -> Any:
        assert self._driver is not None
        return self._driver.switch(("decision", decision))

    def _advance(self, answer: Any) -> None:
        self._driver = greenlet.getcurrent()
        kind, payload = self._runner.switch(answer)
        if kind == "decision":
            self.decision = payload
        elif kind == "over":
            self.decision, self.result = None, payload
        else:
            self.decision, self.error = None, payload
            raise payload

    @property
    def done(self) -> bool:
        """True once the game has ended (or failed)."""
        return self.decision is None

    @property
    def player(self) -> int | None:
        """Who must decide now."""
        return None if self.decision is None else self.decision.player

    def legal_answers(self, limit: int = 10_000) -> list[Any]:
        """The legal answers to the pending decision (see :mod:`rulestack.decisions`)."""
        if self.decision is None:
            return []
        return self.decision.answers(limit=limit)

    def apply(self, answer: Any) -> None:
        """Answer the pending decision and run until the next one. An illegal answer raises
        :class:`~rulestack.errors.IllegalAnswer` and changes nothing."""
        if self.decision is None:
            raise RulestackError("the game is over; there is nothing to answer")
        canonical = self.decision.validate(resolve_answer(self.decision, answer))
        self._advance(canonical)

    def observe(self, player: int | None = None) -> dict[str, Any]:
        """A player's view (default: the player who must decide)."""
        who = self.player if player is None else player
        return self.game.view(0 if who is None else who)

    def close(self) -> None:
        """Abandon the game (unwinds it) and release its Lua runtime."""
        if self._runner and not self._runner.dead:
            self._runner.throw(greenlet.GreenletExit)
        self.game.close()
