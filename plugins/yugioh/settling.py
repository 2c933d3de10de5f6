"""Settling the game after an action, and the open game state outside the Main Phase.

Everything that follows an action (state checks, a pending Summon's negation window, trigger effects,
response windows and chain resolution) is settled here, above :mod:`.chain` and :mod:`.summoning`,
which both build on chains; keeping it apart keeps those two modules free of an import circle.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulestack import Game
from rulestack.windows import ResponseWindow, active_player

from . import summoning, timing
from .chain import build, put_triggers, resolve_all
from .rules import run_state_checks
from .windows import may_any_act, respond

if TYPE_CHECKING:
    from .system import YugiohSystem


def settle(game: Game) -> None:
    """Everything that follows an action until the game is open again: state checks, a pending
    Summon's negation window, trigger effects (SEGOC), response windows and chain resolution,
    repeated while resolutions cause more. Returns at once if nothing changed since it last did."""
    st = game.state
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks (no cast() call)
    journal = game.journal
    if system.settled_at == journal.version:
        return
    values = st.values
    while True:
        if system.checked_at != journal.version:   # (nothing the checks read changed since they found nothing)
            run_state_checks(game)
        if values.get("summoning"):
            summoning.finish_summon(game)
            continue
        # Triggers that happened while a chain was built (costs) wait until it has resolved.
        if not st.stack and st.pending:
            put_triggers(game)
        if st.stack or values.get("timing"):
            # A timing with no chain that no one responds to ends with the timing's value cleared (one
            # journal entry) and nothing else changed: the checks, clean before, stay clean.
            clean = not st.stack and system.checked_at == journal.version
            mark = len(journal)
            build(game, game.opponent(st.stack[-1].controller) if st.stack else st.active_player)
            resolve_all(game)
            timing.close_timing(game)
            if clean and len(journal) - mark == 1 and not values.get("timing"):
                system.checked_at = journal.version
            continue
        system.settled_at = journal.version
        return


def enter_phase(game: Game, phase: str | None, step: str | None = None) -> None:
    """``game.set_phase(phase, step)``; when the state checks had found nothing to do just before
    and entering the phase changed nothing but the phase and step, the event's record and the
    triggers it put into ``state.pending`` (counted in the journal: every mutation records at
    least one undo entry), nothing the checks read changed either, and they are known to find
    nothing at the new version too (:attr:`.system.YugiohSystem.checked_at`)."""
    system: YugiohSystem = game.system  # type: ignore[assignment]
    journal = game.journal
    if system.checked_at != journal.version:
        game.set_phase(phase, step)
        return
    st = game.state
    mark = len(journal)
    pending = len(st.pending)
    known = (st.phase is not phase) + (st.step is not step) + 1    # the phase, the step, the event's record
    game.set_phase(phase, step)
    if len(journal) - mark == known + len(st.pending) - pending:
        system.checked_at = journal.version


#: An open game state outside the Main Phase: players may start chains (Spell Speed 2 or more),
#: and after one has resolved the turn player may act again; it ends when both pass in succession.
OPEN = ResponseWindow(window="open", after_action=active_player, resolve=None, settle=settle, ask=respond)


def open_window(game: Game, first: int | None = None) -> None:
    """An open game state outside the Main Phase: players may start chains with Spell Speed 2 or
    more, the turn player first, until both pass in succession with nothing happening. When
    neither player could do anything but pass (:func:`.windows.may_any_act`), the window closes as
    :data:`OPEN` would close it after their two passes, without running it."""
    settle(game)
    st = game.state
    player = st.active_player if first is None else first
    if len(st.players) == 2 and not may_any_act(game, (player, 1 - player), "open"):   # (1 - player: the opponent)
        return
    OPEN.run(game, first)
