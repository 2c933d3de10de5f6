"""Cards found wrong by the card-by-card audit of issue 18 (card_scripts/yugioh/AUDIT.md): each test
fails with the card as it was before the audit and passes with the official card."""
from __future__ import annotations

from .conftest import advance, duel


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


def test_axe_of_despair_returns_to_the_deck_by_tributing_a_monster_not_by_a_card_from_the_hand():
    sc = duel()
    axe = sc.add("Axe of Despair", "hand", 0)
    raider = sc.add("Vorse Raider", "monster", 0)
    guardian = sc.add("Celtic Guardian", "monster", 0)
    kept = sc.add("Hinotama", "hand", 0)
    sc.add("Mystical Space Typhoon", "spell_trap", 1, face_up=False)
    sc.answer("activate Axe of Despair", "Vorse Raider", "pass")            # the opponent lets it resolve
    sc.run()
    assert sc.card(axe).attached_to == raider
    advance(sc, 4, player=1)
    sc.answer("activate Mystical Space Typhoon")                          # its only target: the Axe
    for _ in range(20):                                      # play on to Axe's "When" trigger
        sc.run()
        dec = sc.decision
        if dec is None or dec.player == 0 and "Celtic Guardian" in _labels(sc):
            break
        if dec.kind == "yes_no":
            sc.answer(True)                                  # use Axe's effect
            continue
        labels = _labels(sc)
        sc.answer("pass" if "pass" in labels else labels[0])
    assert "Celtic Guardian" in _labels(sc)                  # the cost is a Tribute of a monster
    sc.answer("Celtic Guardian")
    sc.run()
    assert sc.card(guardian).zone == "graveyard"
    assert sc.card(kept).zone == "hand"                      # no card from the hand is put back
    assert sc.card(axe).zone == "deck" and sc.zone("deck", 0)[-1] == "Axe of Despair"   # on top


def test_chain_energy_charges_a_special_summon_from_the_hand():
    from .conftest import duel
    sc = duel()
    sc.add("Chain Energy", "spell_trap", 1, face_up=True)
    sc.add("Link Spider", "monster", 0)
    guardian = sc.add("Celtic Guardian", "hand", 0)
    sc.answer("activate Link Spider: Special Summon from the hand", "attack")
    sc.run()
    assert sc.card(guardian).zone == "monster"
    assert sc.life(0) == 8000 - 500                    # the toll on a Special Summon from the hand
