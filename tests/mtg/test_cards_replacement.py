"""The cards of replacement_classics.yaml (issue 17 item 9) through the real flow: damage and life
gain replaced or prevented (614, 615)."""
from __future__ import annotations

from rulestack import decisions as d

from .helpers import Table


def life(t: Table) -> list[int]:
    return [p.life for p in t.game.players]


def test_torbran_adds_two_to_red_damage_against_the_opponent_only():
    t = Table(phase="postcombat_main")
    t.add("Torbran, Thane of Red Fell")
    t.lands("Mountain", 3)
    for _ in range(3):
        t.add("Shock", "hand")
    angel = t.add("Serra Angel", player=1)
    t.act("cast Shock").answer("P1").resolve_stack()
    assert life(t) == [20, 16]
    t.act("cast Shock").answer("Serra Angel").resolve_stack()
    assert t.card(angel).zone == "graveyard"                        # 2 + 2 = 4 damage
    t.act("cast Shock").answer("P0").resolve_stack()
    assert life(t) == [18, 16]                                      # not against its controller


def test_gratuitous_violence_doubles_only_its_controllers_creatures_damage():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Gratuitous Violence")
    t.add("Hill Giant")
    t.lands("Mountain", 1)
    t.add("Shock", "hand")
    t.until(lambda g: t.decision.reason == "attack").answer(["Hill Giant"])
    t.to_priority(phase="combat", step="end_of_combat")
    assert life(t) == [20, 14]
    t.act("cast Shock").answer("P1").resolve_stack()
    assert life(t) == [20, 12]                                      # a spell is no creature


def test_fiery_emancipation_triples_and_dictate_doubles_everyones_damage():
    t = Table(phase="postcombat_main")
    t.add("Fiery Emancipation")
    t.lands("Mountain", 1)
    t.add("Shock", "hand")
    t.act("cast Shock").answer("P1").resolve_stack()
    assert life(t) == [20, 14]
    t = Table(active=1, phase="postcombat_main")
    t.lands("Mountain", 5)
    t.add("Dictate of the Twin Gods", "hand")
    t.lands("Mountain", 1, player=1)
    t.add("Shock", "hand", player=1)
    t.act("cast Shock", player=1).answer("P0")
    t.act("cast Dictate of the Twin Gods", player=0)                 # flash: in response
    t.resolve_stack()
    assert life(t) == [16, 20]


def test_rhox_faithmender_doubles_life_gain_and_two_doublers_quadruple():
    t = Table(phase="postcombat_main")
    t.add("Rhox Faithmender")
    t.lands("Plains", 5)
    t.add("Angel of Mercy", "hand")
    t.act("cast Angel of Mercy").resolve_stack()
    assert life(t) == [26, 20]
    t.add("Boon Reflection")
    t.lands("Plains", 2)
    t.add("Lone Missionary", "hand")
    t.step()
    t.act("cast Lone Missionary")
    t.until(lambda g: t.decision.kind != d.ACTION or not g.state.stack)
    while t.decision.kind != d.ACTION:
        t.step()                                                    # 616.1: either order, the same
    t.resolve_stack()
    assert life(t) == [42, 20]                                      # 4 x 2 x 2


def test_personal_sanctuary_prevents_damage_to_its_controller_on_their_turn_only():
    t = Table(active=1, phase="postcombat_main")
    t.add("Personal Sanctuary")
    t.lands("Mountain", 2, player=1)
    t.add("Shock", "hand", player=1)
    t.add("Shock", "hand", player=1)
    t.act("cast Shock", player=1).answer("P0").resolve_stack()
    assert life(t) == [18, 20]                                      # the opponent's turn
    t.until(lambda g: g.state.active_player == 0 and t.at_priority())
    t.act("cast Shock", player=1).answer("P0").resolve_stack()
    assert life(t) == [18, 20] and t.events("replaced", event="damage")
