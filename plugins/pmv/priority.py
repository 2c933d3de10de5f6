"""Priority and the interference stack (CR 1.12).

The turn player receives priority first in each phase. Using it to play a card, use an activated
effect, attack or defend passes priority to the next player; setting a node returns it to the same
player (1.12.3). Answering someone's use of priority is interference (干渉). When every player
passes in succession: if interference has started, all of it resolves from the last item back to
the first with no one able to interfere (1.12.8.a), then the battle of an attack that began it
(1.12.8.b), and the turn player receives priority again; if none has started, the phase ends.
"""
from __future__ import annotations

from typing import Any

from . import battle, rules
from .resolution import settle

WINDOW = "priority"
KEEPS_PRIORITY = frozenset({"set_node"})


def interference_started(game: Any) -> bool:
    return bool(game.state.stack) or battle.current(game) is not None


def priority_round(game: Any) -> None:
    """Players use priority until all pass in succession with nothing to resolve."""
    player = game.state.active_player
    passes = 0
    settle(game)
    while True:
        rules.check_defeat(game)
        phase = game.state.phase
        action = game.act(player, WINDOW, prompt=f"priority ({phase}{', interference' if interference_started(game) else ''})")
        settle(game)
        if action.kind != "pass":
            passes = 0
            if action.kind not in KEEPS_PRIORITY:
                player = game.opponent(player)
            continue
        passes += 1
        if passes < len(game.players):
            player = game.opponent(player)
            continue
        if not interference_started(game):
            return
        resolve_interference(game)
        passes, player = 0, game.state.active_player


def resolve_interference(game: Any) -> None:
    """1.12.8.a: resolve every item, last first, without priority in between; 1.12.8.b: then the
    battle of the attack that began it."""
    game.record("interference_resolves", count=len(game.state.stack))
    while game.state.stack:
        item = game.journal.pop(game.state.stack)
        game.resolve(item)
        settle(game)
    battle.fight(game)
