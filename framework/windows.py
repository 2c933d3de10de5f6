"""Response windows and settling: the machinery of priority, stacks and triggers that most card
games share, in game-agnostic terms.

Two helpers, each a few lines of the system's own choices away from any game's rules:

:func:`settle`
    The state checks to a fixed point, then every pending triggered ability activated in the order
    the system's ``order_triggers`` hook gives (APNAP, SEGOC, turn player first ...), and again
    until nothing is pending. What "before a player receives priority" means in most games.

:class:`ResponseWindow` (and :func:`run_response_window`)
    Players get priority in turn. A player acts or passes; when every player has passed in
    succession, the top item of the stack (``game.state.stack``) resolves, or the window closes
    when nothing is left. Where priority goes after an action and after a resolution, what may be
    done (the window name given to the ``legal_actions`` hook), how the stack resolves and what
    happens before each player receives priority are the system's choices: parameters.

A window is a value (``attrs`` frozen): build it once per kind of window, run it many times::

    from rulestack.windows import ResponseWindow, acting_player, active_player

    PRIORITY = ResponseWindow(window="priority", after_action=acting_player,   # MTG 117.3c
                              after_resolution=active_player)                   # MTG 117.3b

    def main_phase(game):
        PRIORITY.run(game, first=game.active_player)

The window calls :meth:`Game.act` to ask a player (which lists the legal actions with the
``legal_actions`` hook and performs the chosen one as one transaction), so a system's action
window works unchanged inside it; a pass is an :class:`~rulestack.Action` of kind ``"pass"``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import attrs

from .errors import RulestackError
from .flow import Action

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PASS", "ResponseWindow", "acting_player", "active_player", "next_player", "resolve_top",
           "run_response_window", "settle"]

#: The kind of the action that passes priority.
PASS = "pass"

#: Who receives priority after an action: ``(game, action) -> player index``.
AfterAction = Callable[["Game", Action], int]
#: Who receives priority after a resolution: ``(game) -> player index``.
AfterResolution = Callable[["Game"], int]
#: The window name given to ``legal_actions``, per player: ``(game, player) -> str``.
WindowName = Callable[["Game", int], str]
#: How a player is asked to act: ``(game, player, window) -> Action`` (default :meth:`Game.act`).
Ask = Callable[["Game", int, str], Action]
#: Which pending trigger to settle next: ``(game, pending) -> one of them``.
PickNext = Callable[["Game", list], Any]


# -- where priority goes ---------------------------------------------------------------------------

def acting_player(game: "Game", action: Action) -> int:
    """After an action, the player who acted receives priority again (MTG 117.3c)."""
    return action.player


def next_player(game: "Game", action: Action) -> int:
    """After an action, the next player in turn order receives priority (the opponent in a
    two-player game: each activation is answered by the other player first)."""
    return game.opponent(action.player)


def active_player(game: "Game", action: Action | None = None) -> int:
    """The active (turn) player receives priority (MTG 117.3b after a resolution). Usable both as
    ``after_action`` and as ``after_resolution``."""
    return game.state.active_player


# -- settling -------------------------------------------------------------------------------------

def settle(game: "Game", *, pick_next: PickNext | None = None, limit: int = 1000) -> bool:
    """State checks to a fixed point (the ``state_checks`` hook, :meth:`Game.run_state_checks`),
    then the pending triggered abilities activated one by one (:meth:`Game.put_trigger`: optional
    ones are asked, those without a payable cost or a target are dropped) in the order the
    system's ``order_triggers`` hook gives (:meth:`Game.take_triggers`); repeated until nothing is
    pending. Returns whether anything happened.

    Activating a trigger puts it where the system's ``push_item`` hook says (a stack, a chain, or
    resolved at once); activating it may raise further triggers and state changes, which the next
    round deals with.

    ``pick_next(game, pending) -> trigger`` settles one trigger at a time instead, for games whose
    players choose the next effect after each one (Digimon 15-4-3-4): the state checks run, the
    system picks one of the pending triggers (``order_triggers`` is not asked), it is taken off the
    pending list and activated, and again until nothing is pending.

    ``limit`` bounds the rounds (a loop of triggers raising triggers is an error naming the limit,
    not a hang)."""
    anything = False
    for _ in range(limit):
        if game.run_state_checks():
            anything = True
        if pick_next is not None:
            pending = list(game.state.pending)
            if not pending:
                return anything
            chosen = pick_next(game, pending)
            if chosen not in pending:
                raise RulestackError(f"settle: pick_next returned {chosen!r}, which is not one of the pending "
                                     f"triggers ({len(pending)} pending)")
            game.journal.remove(game.state.pending, chosen)
            triggered = [chosen]
        else:
            triggered = game.take_triggers()
            if not triggered:
                return anything
        anything = True
        for trigger in triggered:
            game.put_trigger(trigger)
    raise RulestackError(f"settle: triggered abilities kept triggering after {limit} rounds of state checks and "
                         "triggers (a loop of cards triggering each other?)")


# -- the response window ------------------------------------------------------------------------------

def resolve_top(game: "Game") -> Any:
    """Take the top item off ``game.state.stack`` and resolve it (:meth:`Game.resolve`); returns
    the item. The default way a :class:`ResponseWindow` resolves."""
    item = game.journal.pop(game.state.stack)
    game.resolve(item)
    return item


def _fixed_window(name: str) -> WindowName:
    def window(game: "Game", player: int) -> str:
        return name
    window.__name__ = f"window_{name}"
    return window


def _window_name(value: str | WindowName) -> WindowName:
    return _fixed_window(value) if isinstance(value, str) else value


def _act(game: "Game", player: int, window: str) -> Action:
    return game.act(player, window)


@attrs.frozen
class ResponseWindow:
    """A response window: players receive priority in turn, and a pass by every player in
    succession resolves the top item of the stack (or closes the window when nothing is left).

    The system's rules are the fields:

    ``window``
        The window name given to the ``legal_actions`` hook: a string, or ``(game, player) -> str``
        (Yu-Gi-Oh! names the window after the state of the chain).
    ``after_action``
        Who receives priority after a player acted: ``(game, action) -> player``, asked right
        after the action (before settling).
        :func:`acting_player` (MTG 117.3c, the default), :func:`next_player` (Yu-Gi-Oh!: the
        opponent responds first), :func:`active_player`, or the system's own.
    ``after_resolution``
        Who receives priority after the top item resolved: ``(game) -> player``;
        :func:`active_player` by default (MTG 117.3b).
    ``resolve``
        What a pass by everyone does to a non-empty stack: ``(game) -> Any``, by default
        :func:`resolve_top` (one item, then the window goes on). ``None`` closes the window
        instead, leaving the items to the caller (Yu-Gi-Oh! builds a whole chain in a window, then
        resolves every link with no window between them).
    ``until_empty``
        Close the window as soon as a resolution (and the settling after it) leaves the stack
        empty, instead of giving priority once more (a game where nobody may act on an empty stack
        in this window).
    ``settle``
        What happens before a player receives priority: ``(game) -> Any``, run when the window
        opens, after every action and after every resolution (not after a pass, which changes
        nothing). :func:`settle` by default; ``None`` for nothing.
    ``ask``
        How a player is asked: ``(game, player, window) -> Action``; :meth:`Game.act` by default.
        A system may wrap it (a prompt of its own, a cheap test that passes a window where the
        player provably has nothing to do).

    Run it with :meth:`run`. It is a frozen value: build one per kind of window, at import time.
    """

    window: WindowName = attrs.field(default="priority", converter=_window_name)  # type: ignore[assignment]  # converted
    after_action: AfterAction = acting_player
    after_resolution: AfterResolution = active_player
    resolve: Callable[["Game"], Any] | None = resolve_top
    until_empty: bool = False
    settle: Callable[["Game"], Any] | None = settle
    ask: Ask = _act

    def run(self, game: "Game", first: int | None = None) -> None:
        """Run the window, ``first`` (default: the active player) receiving priority first.
        Returns when every player passed in succession with nothing left to resolve (or, with
        ``resolve=None``, when every player passed), or ends with the game (:class:`GameOver`)."""
        players = len(game.state.players)
        player = game.state.active_player if first is None else first
        passes = 0
        if self.settle is not None:
            self.settle(game)
        while True:
            action = self.ask(game, player, self.window(game, player))
            if action.kind != PASS:
                passes = 0
                player = self.after_action(game, action)
                if self.settle is not None:
                    self.settle(game)
                continue
            passes += 1
            if passes < players:
                player = game.opponent(player)
                continue
            if not game.state.stack or self.resolve is None:
                return
            self.resolve(game)
            if self.settle is not None:
                self.settle(game)
            if self.until_empty and not game.state.stack:
                return
            passes = 0
            player = self.after_resolution(game)


def run_response_window(game: "Game", first: int | None = None, **rules: Any) -> None:
    """Run a :class:`ResponseWindow` built from ``rules`` (its fields, by keyword) once:
    ``run_response_window(game, game.active_player, window="priority")``. A system that opens
    the same kind of window often builds the :class:`ResponseWindow` once instead."""
    ResponseWindow(**rules).run(game, first)
