"""Crashy Tiny: the Tiny system with a setting that makes the process die at a chosen turn of a
chosen game, the way a memory-safety bug in native code would. Test-only.

``--set crash=segv`` dereferences a null pointer (SIGSEGV), ``kill`` sends SIGKILL to the process,
``abort`` calls ``os.abort()``, ``spin`` loops in Python forever (the CPU limit must stop it),
``hog`` allocates memory without end (the address-space limit must stop it), ``once:PATH`` sends
SIGKILL only if the file PATH does not exist yet, creating it first (a crash that does not happen
again). ``crash_turn`` is the turn it happens at; with ``crash_seed`` set, only the game with
that seed crashes.
"""
from __future__ import annotations

import os
import signal

from rulestack import hookimpl

from tinygame.system import TinyGame


def crash_now(how: str) -> None:
    """Make this process fail the way ``how`` says."""
    if how == "segv":
        import ctypes
        ctypes.string_at(0)
    elif how == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    elif how == "abort":
        os.abort()
    elif how == "spin":
        while True:
            pass
    elif how.startswith("once:"):
        marker = how[len("once:"):]
        if not os.path.exists(marker):
            open(marker, "w").close()
            os.kill(os.getpid(), signal.SIGKILL)
    elif how == "hog":
        hoard = []
        while True:
            hoard.append(bytearray(64 * 2**20))
    else:
        raise ValueError(f"unknown crash {how!r}")


class CrashyTiny(TinyGame):
    """Tiny, plus a crash on demand (see the module docstring)."""

    name = "crashy"
    title = "Crashy Tiny (a test system whose process dies on demand)"
    settings_defaults = {**TinyGame.settings_defaults, "crash": "", "crash_turn": 3, "crash_seed": -1}

    @hookimpl
    def play_turn(self, game):
        s = self.settings
        if (s["crash"] and game.state.turn == s["crash_turn"] and game.state.phase is None
                and s["crash_seed"] in (-1, game.seed)):
            crash_now(s["crash"])
        return super().play_turn(game)
