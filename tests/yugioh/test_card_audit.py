"""Cards found wrong by the card-by-card audit of issue 18 (card_scripts/yugioh/AUDIT.md): each test
fails with the card as it was before the audit and passes with the official card."""
from __future__ import annotations

from .conftest import duel


def _labels(sc):
    return [o.label for o in sc.decision.options]


def test_chain_energy_is_a_continuous_spell_activated_from_the_hand():
    sc = duel()
    energy = sc.add("Chain Energy", "hand", 0)
    sc.add("Vorse Raider", "hand", 1)
    sc.run()
    assert "activate Chain Energy" in _labels(sc)            # a Spell: played from the hand in the Main Phase
    sc.answer("activate Chain Energy")
    sc.run()
    card = sc.card(energy)
    assert card.zone == "spell_trap" and card.face_up
    assert sc.life(0) == 8000                                # its own activation is not charged
    assert sc.game.pool.entries[card.code].fields["card_type"] == "Spell"
