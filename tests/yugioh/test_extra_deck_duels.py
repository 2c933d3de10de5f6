"""Seeded random duels between the Extra Deck sample decks (synchron_extreme, legendary_fusions),
with the invariants of the classic duels checked before every decision, plus: every Xyz Material
lies under a face-up Xyz Monster on the field, and Extra Deck monsters are never in a hand or Deck."""
from __future__ import annotations

import pytest

from rulestack import Game

from .test_random_duels import InvariantChecker

EXTRA_FRAMES = ("Fusion", "Synchro", "Xyz", "Link")


class ExtraDeckChecker(InvariantChecker):
    def check(self) -> None:
        super().check()
        st = self.game.state
        for (name, _), zone in st.zones.items():
            for cid in zone.cards:
                card = st.cards[cid]
                if name == "overlay":
                    xyz = st.cards[card.attached_to] if card.attached_to is not None else None
                    assert xyz is not None and xyz.zone == "monster" and \
                        xyz.definition.fields.get("frame") == "Xyz", f"{card} is a material of no Xyz Monster"
                if name in ("hand", "deck"):
                    assert card.definition.fields.get("frame") not in EXTRA_FRAMES, f"{card} is in a {name}"


@pytest.mark.parametrize("seed", range(12))
def test_extra_deck_duel_keeps_invariants(seed):
    checker = ExtraDeckChecker(seed)
    game = Game("yugioh", ["synchron_extreme", "legendary_fusions"], seed=seed,
                agents=[checker.agent(0), checker.agent(1)])
    checker.game = game
    game.auto_single = False
    result = game.play()
    checker.check()
    assert result.reason and checker.checked > 10
    game.close()


def test_random_duels_reach_every_kind_of_summon():
    seen: set = set()
    for seed in range(8):
        game = Game("yugioh", ["synchron_extreme", "legendary_fusions"], seed=seed)
        game.play()
        seen |= {e.get("how") for e in game.state.log if e.kind == "summoned"}
        game.close()
    assert {"synchro", "xyz", "link", "fusion", "ritual"} <= seen


def test_the_host_conformance_kit_passes_with_the_extra_deck_decks(conformance):
    """Every offered Synchro/Xyz/Link Summon and activation is legal when performed, undoing it
    restores the state, views hide what they must, and replays match (the host's kit)."""
    conformance("yugioh", games=2, decks=["synchron_extreme", "legendary_fusions"], probe_options=3)
