"""The test-only MTG variant: the real pool plus the scripted test cards of tests/mtg/cards."""
from __future__ import annotations

from pathlib import Path

from rulestack import register_system
from rulestack_systems.mtg import MTGSystem

HERE = Path(__file__).parent


class MTGTestSystem(MTGSystem):
    """MTG with the test cards ("Card X" of RULES.md Part C) added to the pool."""

    name = "mtg_test"

    @classmethod
    def card_files(cls) -> list[Path]:
        return MTGSystem.card_files() + sorted((HERE / "cards").glob("*.yaml"))


register_system(MTGTestSystem)
