"""Shared setup for the Yu-Gi-Oh! tests: a test variant of the system whose pool adds the scripted
test cards of Part C ("Card X" with exactly the text a checklist row gives), and a duel builder."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulestack.scenario import Scenario
from rulestack_systems.yugioh import YugiohSystem

HERE = Path(__file__).parent


class YugiohTestSystem(YugiohSystem):
    """The Yu-Gi-Oh! system plus the test-only cards in ``tests/yugioh/cards``."""

    @classmethod
    def card_files(cls) -> list[Path]:
        return super().card_files() + sorted((HERE / "cards").glob("*.yaml"))


def duel(*, active: int = 0, phase: str = "main1", turn: int = 3, lp: tuple[int, int] = (8000, 8000),
         deck: int = 5) -> Scenario:
    """A position in the middle of a duel: both players at ``lp``, a few cards left in each Deck,
    ``active``'s turn at ``phase``."""
    sc = Scenario(YugiohTestSystem)
    for p in (0, 1):
        sc.set_life(p, lp[p])
        sc.add_many(["Celtic Guardian"] * deck, "deck", p)
    sc.set_turn(turn=turn, active=active, phase=phase)
    return sc


def properly_summoned(sc: Scenario, *cards: int) -> None:
    """Treat Extra Deck or Ritual Monsters a scenario placed as properly Summoned before (so they may
    be Special Summoned from the GY later, like a real Synchro Summoned monster)."""
    sc.game.set_value(None, "properly_summoned", tuple(sc.game.value_of(None, "properly_summoned", ())) + cards)


@pytest.fixture
def make_duel():
    return duel


def advance(sc: Scenario, turn: int, phase: str = "main1", player: int | None = None) -> Scenario:
    """Play on, doing nothing (passing, ending turns, declining), until ``turn``'s ``phase`` asks
    for an action (of ``player``, if given)."""
    for _ in range(200):
        st = sc.game.state
        dec = sc.decision
        if dec is not None and dec.reason == "action" and st.turn == turn and st.phase == phase and (
                player is None or dec.player == player):
            return sc
        if dec is None:
            sc.run()
            continue
        if dec.kind == "yes_no":
            sc.answer("no")
        elif dec.reason == "action":
            labels = [o.label for o in dec.options]
            sc.answer("end turn" if "end turn" in labels else "pass")
        else:
            sc.answer(lambda d: list(range(d.min)) if d.kind == "choose" else list(range(len(d.options))))
        sc.run()
    raise AssertionError(f"did not reach turn {turn} {phase}")
