"""Priority and the interference stack (CR 1.12), on the host's shared response window
(:mod:`rulestack.windows`).

The turn player receives priority first in each phase. Using it to play a card, use an activated
effect, attack or defend passes priority to the next player; setting a node returns it to the same
player (1.12.3). Answering someone's use of priority is interference (干渉). An attack begins an
interference too: it is the bottom item of the stack, so its battle comes after everything that
answered it (1.12.8.b). When every player passes in succession: if interference has started, all
of it resolves from the last item back to the first with no one able to interfere (1.12.8.a), and
the turn player receives priority again; if none has started, the phase ends. Before anyone
receives priority, a player at 0 life or less loses (W3).
"""
from __future__ import annotations

from typing import Any

from rulestack import Action, Game
from rulestack.windows import ResponseWindow, acting_player, active_player, next_player

from . import rules
from .resolution import settle

WINDOW = "priority"
KEEPS_PRIORITY = frozenset({"set_node"})


def _after_action(game: Game, action: Action) -> int:
    """1.12.3: setting a node keeps priority; any other use passes it on."""
    return acting_player(game, action) if action.kind in KEEPS_PRIORITY else next_player(game, action)


def _ask(game: Game, player: int, window: str) -> Action:
    rules.check_defeat(game)
    state = " (interference)" if game.state.stack else ""
    return game.act(player, window, prompt=f"priority: {game.state.phase}{state}")


def resolve_interference(game: Game) -> None:
    """1.12.8.a: resolve every item, last first, with no priority in between (an attack's battle
    is its item's resolution, so it comes last, 1.12.8.b)."""
    game.record("interference_resolves", count=len(game.state.stack))
    while game.state.stack:
        item = game.journal.pop(game.state.stack)
        game.resolve(item)
        settle(game)


PRIORITY = ResponseWindow(window=WINDOW, after_action=_after_action, after_resolution=active_player,
                          resolve=resolve_interference, settle=settle, ask=_ask)


def priority_round(game: Game) -> None:
    """Players use priority until all pass in succession with nothing to resolve (T2)."""
    PRIORITY.run(game, first=game.state.active_player)
