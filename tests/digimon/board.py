"""Building Digimon positions for scenario tests.

The test cards in ``cards/`` (codes ``DTEST-...``) carry the exact texts of the RULES.md part C4
checklist; :data:`SYSTEM` is the ``digimon`` system with them added to its card pool.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from rulestack.harness.systems import with_cards
from rulestack.scenario import Scenario

from rulestack_systems.digimon import areas, stacks

CARDS = Path(__file__).parent / "cards"
SYSTEM = with_cards("digimon", [CARDS])
FILLER = "Filler Mon"


def position(*, active: int = 0, turn: int = 3, memory: int = 3, deck: tuple[int, int] = (10, 10),
             security: tuple[int, int] = (3, 3), phase: str = "main", hand: Iterable[str] = ("Red Rookie",),
             plugins: Iterable[Any] = ()) -> Scenario:
    """A position in ``active``'s main phase: ``deck`` and ``security`` filler cards each,
    ``memory`` on the turn player's side, and ``hand`` in player 0's hand (so that player 0 always
    has a choice to make: the host answers a decision with one legal answer by itself)."""
    sc = Scenario(SYSTEM, plugins=plugins)
    sc.add_many(list(hand), "hand", 0)
    for p in (0, 1):
        sc.add_many([FILLER] * deck[p], "deck", p)
        sc.add_many([FILLER] * security[p], "security", p)
    sc.set_value(None, "memory", memory if active == 0 else -memory)
    sc.set_turn(turn=turn, active=active, phase=phase)
    return sc


def digimon(sc: Scenario, name: str, player: int = 0, *, suspended: bool = False, placed_turn: int = 1,
            under: Iterable[str] = (), zone: str = areas.BATTLE) -> int:
    """Put a Digimon on the field (placed on an earlier turn, so it may attack), with the named
    cards under it, bottom first."""
    status = {areas.PLACED_TURN: placed_turn}
    if suspended:
        status[areas.SUSPENDED] = True
    top = sc.add(name, zone, player, status=status)
    for src in under:
        cid = sc.add(src, areas.SOURCES, player)
        sc.game.journal.setattr(sc.game.card(cid), "attached_to", top)
    return top


def memory(sc: Scenario, player: int = 0) -> int:
    from rulestack_systems.digimon import memory as gauge
    return gauge.of(sc.game, player)


def seqs(sc: Scenario, *matches: tuple[str, dict]) -> list[int]:
    """The log positions of the first event matching each ``(kind, fields)``."""
    return [sc.assert_event(kind, **fields).seq for kind, fields in matches]


__all__ = ["SYSTEM", "position", "digimon", "memory", "seqs", "stacks"]
