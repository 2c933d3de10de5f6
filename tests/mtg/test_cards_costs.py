"""The cards of cost_classics.yaml (issue 17 item 9) through the real flow: {X} spells, rituals
and the mana pool, hybrid and Phyrexian mana, additional and alternative costs, kicker, and
cost changes."""
from __future__ import annotations

from rulestack import decisions as d

from .helpers import Table


def options(t: Table) -> list[str]:
    return [o.label for o in t.decision.options]


def to_choice(t: Table) -> Table:
    """Pass priority until a decision other than an action."""
    return t.until(lambda g: t.decision.kind != d.ACTION)


def life(t: Table) -> list[int]:
    return [p.life for p in t.game.players]


# -- {X} ------------------------------------------------------------------------------------------------

def test_mind_spring_draws_x_and_braingeyser_makes_the_target_draw_x():
    t = Table(phase="postcombat_main")
    t.lands("Island", 5)
    t.add("Mind Spring", "hand")
    t.act("cast Mind Spring")
    assert t.decision.kind == d.NUMBER and (t.decision.min, t.decision.max) == (0, 3)
    t.answer(3).resolve_stack()
    assert t.zone("hand", 0) == ["Wind Drake"] * 3
    t = Table(phase="postcombat_main")
    t.lands("Island", 4)
    t.add("Braingeyser", "hand")
    t.act("cast Braingeyser").answer(2).answer("P1").resolve_stack()
    assert len(t.zone("hand", 1)) == 2 and t.zone("hand", 0) == []


def test_stream_of_life_gains_x_and_hurricane_hits_fliers_and_players():
    t = Table(phase="postcombat_main")
    t.lands("Forest", 8)
    t.add("Stream of Life", "hand")
    t.add("Hurricane", "hand")
    angel = t.add("Serra Angel", player=1)
    bears = t.add("Grizzly Bears", player=1)
    t.act("cast Stream of Life").answer(4).answer("P0").resolve_stack()
    assert life(t) == [24, 20]
    t.act("cast Hurricane").answer(2).resolve_stack()
    assert life(t) == [22, 18]
    assert t.card(angel).status.get("damage") == 2 and not t.card(bears).status.get("damage")


# -- the mana pool -----------------------------------------------------------------------------------------

def test_seething_song_floats_five_red_for_the_rest_of_the_step():
    t = Table(phase="precombat_main")
    t.lands("Mountain", 3)
    t.add("Seething Song", "hand")
    t.add("Fire Elemental", "hand")                            # {3}{R}{R}
    t.act("cast Seething Song").resolve_stack()
    assert t.game.value_of(0, "mana_pool") == "RRRRR"
    t.act("cast Fire Elemental").resolve_stack()
    assert t.card("Fire Elemental").zone == "battlefield" and t.game.value_of(0, "mana_pool") == ""


def test_pyretic_ritual_mana_empties_if_unused():
    t = Table(phase="precombat_main")
    t.lands("Mountain", 2)
    t.add("Pyretic Ritual", "hand")
    t.act("cast Pyretic Ritual").resolve_stack()
    assert t.game.value_of(0, "mana_pool") == "RRR"
    t.to_priority(phase="combat")
    assert t.game.value_of(0, "mana_pool") == ""


# -- cost changes -----------------------------------------------------------------------------------------

def test_goblin_warchief_makes_goblins_cheaper_and_hasty():
    t = Table(phase="precombat_main")
    t.add("Goblin Warchief")
    t.lands("Mountain", 2)
    t.add("Boggart Brute", "hand")                             # {2}{R} -> {1}{R}
    t.add("Gray Ogre", "hand")                                 # an Ogre: still {2}{R}
    t.start()
    assert t.offers("cast Boggart Brute") and not t.offers("cast Gray Ogre")
    t.act("cast Boggart Brute").resolve_stack()
    assert t.game.has_keyword(t.card("Boggart Brute"), "Haste")
    t.until(lambda g: t.decision.reason == "attack")
    assert "Boggart Brute" in options(t)


def test_helm_of_awakening_and_sphere_of_resistance_change_every_spells_cost():
    t = Table(phase="postcombat_main")
    t.add("Helm of Awakening", player=1)                       # its controller does not matter
    t.lands("Mountain", 3)
    t.add("Hill Giant", "hand")                                # {3}{R} -> {2}{R}
    t.act("cast Hill Giant").resolve_stack()
    assert t.card("Hill Giant").zone == "battlefield"
    t = Table(phase="postcombat_main")
    t.add("Sphere of Resistance")
    t.lands("Mountain", 1)
    t.add("Lightning Bolt", "hand")                            # {R} -> {1}{R}
    t.start()
    assert not t.offers("cast Lightning Bolt")
    t.lands("Mountain", 1)
    t.step()
    t.act("cast Lightning Bolt").answer("P1").resolve_stack()
    assert life(t) == [20, 17]


# -- additional and alternative costs, kicker ---------------------------------------------------------------

def test_altars_reap_sacrifices_a_creature_to_draw_two():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 2)
    t.add("Altar's Reap", "hand")
    t.start()
    assert not t.offers("cast Altar's Reap")                   # nothing to sacrifice
    t.add("Grizzly Bears")
    t.step()
    t.act("cast Altar's Reap").resolve_stack()
    assert t.zone("graveyard", 0) == ["Grizzly Bears", "Altar's Reap"] and len(t.zone("hand", 0)) == 2


def test_tormenting_voice_and_cathartic_reunion_discard_as_a_cost():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 4)
    t.add("Tormenting Voice", "hand")
    t.add("Cathartic Reunion", "hand")
    t.add("Hill Giant", "hand")
    t.act("cast Tormenting Voice").answer("Hill Giant").resolve_stack()
    assert t.zone("graveyard", 0) == ["Hill Giant", "Tormenting Voice"]
    assert sorted(t.zone("hand", 0)) == ["Cathartic Reunion", "Wind Drake", "Wind Drake"]
    t.act("cast Cathartic Reunion").answer("Wind Drake").answer("Wind Drake").resolve_stack()   # one at a time
    assert t.zone("hand", 0) == ["Wind Drake"] * 3


def test_collateral_damage_sacrifices_for_three_damage():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 1)
    t.add("Collateral Damage", "hand")
    t.add("Savannah Lions")
    t.act("cast Collateral Damage").answer("P1")
    to_choice(t)
    t.answer("Savannah Lions").resolve_stack()
    assert life(t) == [20, 17] and "Savannah Lions" in t.zone("graveyard", 0)


def test_fireblast_can_be_cast_by_sacrificing_two_mountains():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 2)
    t.add("Fireblast", "hand")
    t.start()
    assert not t.offers("cast Fireblast") and t.offers("cast Fireblast (sacrifice two Mountains)")
    t.act("cast Fireblast (sacrifice two Mountains)").answer("P1").answer("Mountain").answer("Mountain")
    t.resolve_stack()
    assert life(t) == [20, 16] and t.zone("battlefield", 0) == []


def test_into_the_roil_kicked_bounces_a_nonland_permanent_and_draws():
    t = Table(phase="postcombat_main")
    t.lands("Island", 4)
    t.add("Into the Roil", "hand")
    t.add("Glorious Anthem", player=1)
    t.add("Forest", player=1)
    t.act("cast Into the Roil (with kicker)")
    assert options(t) == ["Glorious Anthem"]                   # a land is no target
    t.answer("Glorious Anthem").resolve_stack()
    assert t.zone("hand", 1) == ["Glorious Anthem"] and t.zone("hand", 0) == ["Wind Drake"]


def test_shivan_fire_deals_four_when_kicked_and_gift_of_growth_gives_four():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 5)
    t.add("Shivan Fire", "hand")
    angel = t.add("Serra Angel", player=1)
    t.act("cast Shivan Fire (with kicker)").answer("Serra Angel").resolve_stack()
    assert t.zone("graveyard", 1) == ["Serra Angel"] and t.events("damage_dealt", card=angel, amount=4)
    t = Table(phase="postcombat_main")
    t.lands("Forest", 2)
    t.add("Gift of Growth", "hand")
    bears = t.add("Grizzly Bears")
    t.act("cast Gift of Growth").answer("Grizzly Bears").resolve_stack()
    assert t.pt(bears) == (4, 4)


# -- hybrid and Phyrexian mana ------------------------------------------------------------------------------

def test_crag_puca_switches_with_blue_or_red_mana():
    t = Table(phase="postcombat_main")
    puca = t.add("Crag Puca")
    t.lands("Island", 1)
    t.lands("Mountain", 1)
    t.act("activate Crag Puca: switch").resolve_stack()
    assert t.pt(puca) == (4, 2)
    t.act("activate Crag Puca: switch").resolve_stack()
    assert t.pt(puca) == (2, 4)


def test_boartusk_liege_pumps_other_red_and_other_green_creatures():
    t = Table(phase="postcombat_main")
    t.add("Boartusk Liege")
    ogre = t.add("Gray Ogre")
    bears = t.add("Grizzly Bears")
    lions = t.add("Savannah Lions")
    theirs = t.add("Hill Giant", player=1)
    assert (t.pt(ogre), t.pt(bears), t.pt(lions), t.pt(theirs)) == ((3, 3), (3, 3), (2, 1), (3, 3))
    assert t.pt("Boartusk Liege") == (3, 4)


def test_phyrexian_cards_can_be_paid_with_life():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 2)
    t.add("Porcelain Legionnaire", "hand")
    t.act("cast Porcelain Legionnaire")                      # two lands for three mana: {W/P} is 2 life
    t.resolve_stack()
    assert t.card("Porcelain Legionnaire").zone == "battlefield" and life(t) == [18, 20]
    assert t.game.has_keyword(t.card("Porcelain Legionnaire"), "First strike")


def test_tezzerets_gambit_draws_two_then_proliferates():
    t = Table(phase="postcombat_main")
    t.lands("Island", 4)
    t.add("Tezzeret's Gambit", "hand")
    bears = t.add("Grizzly Bears", counters={"+1/+1": 1})
    t.act("cast Tezzeret's Gambit")
    assert sorted(options(t)) == ["pay {3} and 2 life", "pay {3}{U}"]   # both ways work: announced (601.2b)
    t.answer("pay {3}{U}")
    t.until(lambda g: t.decision.reason == "resolution").answer("Grizzly Bears").resolve_stack()
    assert len(t.zone("hand", 0)) == 2 and t.card(bears).counters == {"+1/+1": 2} and life(t) == [20, 20]


def test_pith_driller_puts_a_minus_one_counter_that_kills_a_one_toughness_creature():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 3)
    t.add("Pith Driller", "hand")
    hawk = t.add("Suntail Hawk", player=1)
    t.act("cast Pith Driller").answer("pay {2} and 2 life")
    to_choice(t).answer("Suntail Hawk").resolve_stack()
    assert t.events("moved", card=hawk, how="toughness_zero") and life(t) == [18, 20]


def test_moltensteel_dragon_firebreathes_for_life():
    t = Table(phase="postcombat_main")
    dragon = t.add("Moltensteel Dragon")
    t.act("activate Moltensteel Dragon: firebreathing").resolve_stack()
    assert t.pt(dragon) == (5, 4) and life(t) == [18, 20]


def test_noxious_revival_puts_a_graveyard_card_on_top_of_its_owners_library():
    t = Table(phase="postcombat_main")
    t.lands("Forest", 1)
    t.add("Noxious Revival", "hand")
    t.add("Serra Angel", "graveyard", player=1)
    t.act("cast Noxious Revival").answer("pay {G}").answer("Serra Angel").resolve_stack()
    assert t.game.card(t.game.zone("library", 1).cards[-1]).name == "Serra Angel"
