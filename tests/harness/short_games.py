"""Short Tiny: Tiny whose games stop (a draw) after 8 turns, so that tests can afford the
Monte Carlo agent (each of its playouts forks the game) in many games. Test-only."""
from __future__ import annotations

from tinygame.system import TinyGame


class ShortTiny(TinyGame):
    """Tiny with a turn limit of 8 (see the module docstring)."""

    name = "short-tiny"
    title = "Short Tiny (a test system: Tiny, a draw after 8 turns)"
    max_turns = 8
