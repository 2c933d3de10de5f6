"""The exceptions rulestack raises.

Every error a user can cause names what was wrong and where (file, line, field or decision), so
that a bad script, deck, scenario or answer can be fixed without reading a traceback.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .decisions import Decision
    from .flow import GameResult


class RulestackError(Exception):
    """Base class of every error rulestack raises on purpose."""


class ConfigurationError(RulestackError):
    """An unknown system, deck or card, or a setting with a bad value."""


class DataError(RulestackError):
    """A malformed data file (card data, deck, scenario, replay).

    ``file``, ``line`` and ``field`` locate the problem; ``str(e)`` reads ``file:line: field: problem``.
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        super().__init__(self._render())

    def _render(self) -> str:
        where = self.file or "<data>"
        if self.line is not None:
            where += f":{self.line}"
        what = f"{self.field}: " if self.field else ""
        return f"{where}: {what}{self.message}"


class CardDataError(DataError):
    """A card data entry or card script that does not validate."""


class DeckError(DataError):
    """A deck that names an unknown card, has the wrong size or too many copies."""


class IllegalAnswer(RulestackError):
    """An agent's answer is not one of the legal answers of the decision it was asked.

    The game is unchanged: the decision is still pending.
    """

    def __init__(self, decision: Decision, answer: Any, reason: str) -> None:
        self.decision = decision
        self.answer = answer
        self.reason = reason
        super().__init__(f"illegal answer {answer!r} to {decision.describe()}: {reason}")


class UnscriptedDecision(RulestackError):
    """A strict scripted agent was asked a decision that its script does not answer."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        super().__init__(f"unscripted decision: {decision.describe()}")


class IllegalAction(RulestackError):
    """An action that the rules do not allow now (wrong timing, unpayable cost, no target ...)."""


class GameAborted(RulestackError):
    """The game could not go on (a card script failed); the state was rolled back to before the
    action that failed. ``cause`` is the original error."""

    def __init__(self, message: str, cause: BaseException | None = None) -> None:
        self.cause = cause
        super().__init__(message)


class GameOver(Exception):
    """Control flow, not an error: raised when the game ends, caught by :meth:`Game.play`."""

    def __init__(self, result: GameResult) -> None:
        self.result = result
        super().__init__(f"game over: {result}")


class StopResolution(Exception):
    """Control flow: the resolving text stops here (a failed 'if', a part that could not be
    applied). Raised by ``ctx:stop()``; the resolution ends normally."""
