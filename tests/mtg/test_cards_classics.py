"""The classic cards of issue 17 item 9 (white/blue/black/red/green_classics.yaml), one scenario per
card that does something distinctive, each through the real flow: cast from the hand with lands,
targets chosen on casting, responses, resolution and the state-based actions."""
from __future__ import annotations

from rulestack import decisions as d

from .helpers import Table


def cast(t: Table, name: str, *targets: str, player: int = 0) -> Table:
    """Cast ``name`` (its lands are on the battlefield), answer its target choices in order and let
    the stack resolve."""
    t.act(f"cast {name}", player=player)
    for target in targets:
        t.answer(target)
    return t.resolve_stack()


def options(t: Table) -> list[str]:
    return [o.label for o in t.decision.options]


def to_choice(t: Table) -> Table:
    """Pass priority until a decision other than an action (a target, a choice on resolution)."""
    return t.until(lambda g: t.decision.kind != d.ACTION)


# -- white ---------------------------------------------------------------------------------------------

def test_inspiring_cleric_and_angel_of_mercy_gain_life_as_they_enter():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 8)
    t.add("Inspiring Cleric", "hand")
    t.add("Angel of Mercy", "hand")
    cast(t, "Inspiring Cleric")
    assert t.game.players[0].life == 24
    cast(t, "Angel of Mercy")
    assert t.game.players[0].life == 27 and t.game.has_keyword(t.card("Angel of Mercy"), "Flying")


def test_pegasus_courser_gives_another_attacker_flying_until_end_of_turn():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Pegasus Courser")
    lions = t.add("Savannah Lions")
    t.add("Giant Spider", player=1)
    t.until(lambda g: t.decision.reason == "attack").answer(["Pegasus Courser", "Savannah Lions"])
    t.until(lambda g: t.decision.reason == "target")
    assert options(t) == ["Savannah Lions"]                 # "another": not itself, and only attackers
    t.answer("Savannah Lions").resolve_stack()
    assert t.game.has_keyword(lions, "Flying")
    t.until(lambda g: g.state.turn == 4 and t.at_priority())
    assert not t.game.has_keyword(lions, "Flying")


def test_wrath_of_god_destroys_every_creature_and_leaves_the_rest():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 4)
    t.add("Wrath of God", "hand")
    t.add("Serra Angel")
    t.add("Glorious Anthem")
    t.add("Grizzly Bears", player=1)
    t.add("Vampire Nighthawk", player=1)
    cast(t, "Wrath of God")
    assert t.zone("battlefield", 0) == ["Plains"] * 4 + ["Glorious Anthem"]
    assert t.zone("battlefield", 1) == []
    assert len(t.events("moved", how="destroyed")) == 3


def test_smite_the_monstrous_targets_only_power_four_or_more():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 4)
    t.add("Smite the Monstrous", "hand")
    t.add("Grizzly Bears", player=1)
    t.add("Serra Angel", player=1)
    t.act("cast Smite the Monstrous")
    assert options(t) == ["Serra Angel"]
    t.answer("Serra Angel").resolve_stack()
    assert t.zone("graveyard", 1) == ["Serra Angel"]


def test_disenchant_destroys_an_enchantment_and_its_anthem_ends():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 2)
    t.add("Disenchant", "hand")
    t.add("Glorious Anthem", player=1)
    bears = t.add("Grizzly Bears", player=1)
    assert t.pt(bears) == (3, 3)
    cast(t, "Disenchant", "Glorious Anthem")
    assert t.zone("graveyard", 1) == ["Glorious Anthem"] and t.pt(bears) == (2, 2)


def test_honor_of_the_pure_pumps_only_its_controllers_white_creatures():
    t = Table(phase="postcombat_main")
    t.add("Honor of the Pure")
    lions = t.add("Savannah Lions")
    drake = t.add("Wind Drake")
    their_lions = t.add("Savannah Lions", player=1)
    assert (t.pt(lions), t.pt(drake), t.pt(their_lions)) == ((3, 2), (2, 2), (2, 1))


def test_inspired_charge_pumps_only_the_creatures_there_as_it_resolves():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 6)
    t.add("Inspired Charge", "hand")
    t.add("Savannah Lions", "hand")
    lions = t.add("Savannah Lions")
    bears = t.add("Grizzly Bears", player=1)
    cast(t, "Inspired Charge")
    cast(t, "Savannah Lions")
    later = [c.id for c in t.game.cards_in("battlefield", 0) if c.name == "Savannah Lions" and c.id != lions][0]
    assert (t.pt(lions), t.pt(later), t.pt(bears)) == ((4, 2), (2, 1), (2, 2))


def test_righteousness_needs_a_blocking_creature():
    t = Table(active=1, phase="combat", step="declare_attackers")
    t.lands("Plains", 1)
    t.add("Righteousness", "hand")
    bears = t.add("Grizzly Bears")
    t.add("Hill Giant", player=1)
    t.start()
    assert not t.offers("cast Righteousness", player=0)     # no blocker yet
    t.until(lambda g: t.decision.reason == "attack").answer(["Hill Giant"])
    t.until(lambda g: t.decision.kind == d.CHOOSE and "block" in t.decision.prompt).answer("block Hill Giant")
    t.act("cast Righteousness", player=0)
    assert options(t) == ["Grizzly Bears"]
    t.answer("Grizzly Bears")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.zone("graveyard", 1) == ["Hill Giant"] and t.pt(bears) == (9, 9)


def test_triumph_of_gerrard_grows_the_strongest_then_gives_it_three_keywords():
    t = Table(phase="precombat_main")
    t.lands("Plains", 2)
    t.add("Triumph of Gerrard", "hand")
    lions = t.add("Savannah Lions")
    bears = t.add("Grizzly Bears")                          # 2/2: power 2 like the Lions
    t.add("Hill Giant", player=1)                            # not the controller's
    t.act("cast Triumph of Gerrard")
    t.until(lambda g: t.decision.reason == "target")
    assert sorted(options(t)) == ["Grizzly Bears", "Savannah Lions"]   # tied for the greatest power
    t.answer("Grizzly Bears").resolve_stack()
    assert t.card(bears).counters == {"+1/+1": 1}
    t.until(lambda g: g.state.turn == 5 and g.state.phase == "precombat_main" and t.decision.reason == "target")
    assert options(t) == ["Grizzly Bears"]                   # 3/3 now: the only greatest
    t.answer("Grizzly Bears").resolve_stack()
    t.until(lambda g: g.state.turn == 7 and g.state.phase == "precombat_main" and t.decision.reason == "target")
    t.answer("Grizzly Bears").resolve_stack()
    assert all(t.game.has_keyword(bears, k) for k in ("Flying", "First strike", "Lifelink"))
    assert not t.game.has_keyword(lions, "Flying")
    assert "Triumph of Gerrard" in t.zone("graveyard", 0)    # after its last chapter (714.4)


# -- blue ----------------------------------------------------------------------------------------------

def test_man_o_war_returns_a_creature_and_cloudkin_seer_draws():
    t = Table(phase="postcombat_main")
    t.lands("Island", 6)
    t.add("Man-o'-War", "hand")
    t.add("Cloudkin Seer", "hand")
    t.add("Serra Angel", player=1)
    to_choice(t.act("cast Man-o'-War")).answer("Serra Angel").resolve_stack()
    assert t.zone("hand", 1) == ["Serra Angel"]
    cast(t, "Cloudkin Seer")
    assert t.zone("hand", 0) == ["Wind Drake"]


def test_man_o_war_alone_must_return_itself():
    t = Table(phase="postcombat_main")
    t.lands("Island", 3)
    t.add("Man-o'-War", "hand")
    t.act("cast Man-o'-War")
    t.until(lambda g: t.decision.reason == "target")
    assert options(t) == ["Man-o'-War"]
    t.answer("Man-o'-War").resolve_stack()
    assert t.zone("hand", 0) == ["Man-o'-War"]


def test_inspiration_and_sign_in_blood_target_a_player():
    t = Table(phase="postcombat_main")
    t.lands("Island", 4)
    t.lands("Swamp", 2)
    t.add("Inspiration", "hand")
    t.add("Sign in Blood", "hand")
    cast(t, "Sign in Blood", "P0")
    assert len(t.zone("hand", 0)) == 3 and t.game.players[0].life == 18
    cast(t, "Inspiration", "P1")
    assert len(t.zone("hand", 1)) == 2 and len(t.zone("hand", 0)) == 2


def test_essence_scatter_counters_creatures_and_negate_the_rest():
    t = Table(active=1, phase="postcombat_main")
    t.lands("Island", 4)
    t.lands("Mountain", 4, player=1)
    t.add("Essence Scatter", "hand")
    t.add("Negate", "hand")
    t.add("Hill Giant", "hand", player=1)
    t.add("Lava Axe", "hand", player=1)
    t.act("cast Hill Giant", player=1)
    t.until(lambda g: t.at_priority(player=0))
    assert t.offers("cast Essence Scatter") and not t.offers("cast Negate")
    t.answer("cast Essence Scatter").answer("Hill Giant").resolve_stack()
    assert t.zone("graveyard", 1) == ["Hill Giant"]


def test_exclude_counters_a_creature_spell_and_draws():
    t = Table(active=1, phase="postcombat_main")
    t.lands("Island", 3)
    t.lands("Mountain", 3, player=1)
    t.add("Exclude", "hand")
    t.add("Gray Ogre", "hand", player=1)
    t.act("cast Gray Ogre", player=1)
    t.act("cast Exclude", player=0)
    t.answer("Gray Ogre").resolve_stack()
    assert t.zone("graveyard", 1) == ["Gray Ogre"] and t.zone("hand", 0) == ["Wind Drake"]


def test_time_ebb_puts_a_creature_on_top_of_its_owners_library():
    t = Table(phase="postcombat_main")
    t.lands("Island", 3)
    t.add("Time Ebb", "hand")
    t.add("Serra Angel", player=1)
    cast(t, "Time Ebb", "Serra Angel")
    top = t.game.zone("library", 1).cards[-1]
    assert t.game.card(top).name == "Serra Angel" and t.zone("battlefield", 1) == []


def test_brainstorm_draws_three_and_puts_two_back_in_the_chosen_order():
    t = Table(phase="postcombat_main", library=0)
    t.lands("Island", 1)
    t.add("Brainstorm", "hand")
    for name in ("Shock", "Counterspell", "Lava Axe", "Murder"):
        t.add(name, "library")                               # Murder is the top card
    t.act("cast Brainstorm").until(lambda g: t.decision.reason == "resolution")
    assert sorted(options(t)) == ["Counterspell", "Lava Axe", "Murder"]
    t.answer("Murder")
    t.until(lambda g: t.decision.reason == "resolution").answer("Lava Axe")
    t.resolve_stack()
    library = [t.game.card(c).name for c in t.game.zone("library", 0).cards]
    assert library == ["Shock", "Murder", "Lava Axe"] and t.zone("hand", 0) == ["Counterspell"]


# -- black ---------------------------------------------------------------------------------------------

def test_gravedigger_may_return_a_creature_card_from_its_controllers_graveyard():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 4)
    t.add("Gravedigger", "hand")
    t.add("Serra Angel", "graveyard")
    t.add("Murder", "graveyard")
    t.add("Hill Giant", "graveyard", player=1)
    t.act("cast Gravedigger").until(lambda g: t.decision.reason == "target")
    assert options(t) == ["Serra Angel"] and t.decision.min == 0   # "up to one", own creature cards
    t.answer("Serra Angel").resolve_stack()
    assert t.zone("hand", 0) == ["Serra Angel"]


def test_vampire_sovereign_drains_three_and_dusk_legion_zealot_pays_one_life_for_a_card():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 7)
    t.add("Vampire Sovereign", "hand")
    t.add("Dusk Legion Zealot", "hand")
    to_choice(t.act("cast Vampire Sovereign"))
    assert options(t) == ["P1"]                              # an opponent
    t.answer("P1").resolve_stack()
    assert [p.life for p in t.game.players] == [23, 17]
    assert not t.events("damaged")                           # life loss, not damage
    cast(t, "Dusk Legion Zealot")
    assert t.game.players[0].life == 22 and t.zone("hand", 0) == ["Wind Drake"]


def test_festering_goblin_shrinks_a_creature_when_it_dies():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 1, player=1)
    t.add("Shock", "hand", player=1)
    t.add("Festering Goblin")
    elf = t.add("Savannah Lions", player=1)
    t.act("cast Shock", player=1)
    t.answer("Festering Goblin")
    t.until(lambda g: t.decision.reason == "target").answer("Savannah Lions")
    t.resolve_stack()
    assert t.zone("graveyard", 0) == ["Festering Goblin"] and t.zone("graveyard", 1) == ["Shock", "Savannah Lions"]
    assert t.events("moved", card=elf, how="toughness_zero")


def test_mind_rot_makes_the_target_player_discard_two_of_their_choice():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 3)
    t.add("Mind Rot", "hand")
    for name in ("Shock", "Murder", "Lava Axe"):
        t.add(name, "hand", player=1)
    t.act("cast Mind Rot").answer("P1").until(lambda g: t.decision.reason == "resolution")
    assert t.decision.player == 1 and t.decision.min == 2
    t.answer(["Shock", "Lava Axe"]).resolve_stack()
    assert t.zone("hand", 1) == ["Murder"] and sorted(t.zone("graveyard", 1)) == ["Lava Axe", "Shock"]


def test_cast_down_spares_legends_and_go_for_the_throat_kills_the_rest():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 4)
    t.add("Cast Down", "hand")
    t.add("Go for the Throat", "hand")
    t.add("Isamaru, Hound of Konda", player=1)
    t.add("Grizzly Bears", player=1)
    t.act("cast Cast Down")
    assert options(t) == ["Grizzly Bears"]
    t.answer("Grizzly Bears").resolve_stack()
    cast(t, "Go for the Throat", "Isamaru, Hound of Konda")
    assert t.zone("battlefield", 1) == []


def test_disfigure_kills_by_toughness_and_grasp_of_darkness_by_more():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 3)
    t.add("Disfigure", "hand")
    t.add("Grasp of Darkness", "hand")
    bears = t.add("Grizzly Bears", player=1)
    angel = t.add("Serra Angel", player=1)
    cast(t, "Disfigure", "Grizzly Bears")
    assert t.events("moved", card=bears, how="toughness_zero")
    cast(t, "Grasp of Darkness", "Serra Angel")
    assert t.events("moved", card=angel, how="toughness_zero")


def test_cruel_edict_lets_the_opponent_choose_what_to_sacrifice():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 2)
    t.add("Cruel Edict", "hand")
    t.add("Serra Angel", player=1)
    t.add("Grizzly Bears", player=1)
    t.act("cast Cruel Edict").until(lambda g: t.decision.reason == "resolution")
    assert t.decision.player == 1
    t.answer("Grizzly Bears").resolve_stack()
    assert t.zone("graveyard", 1) == ["Grizzly Bears"] and [e.player for e in t.events("moved", how="sacrificed")] == [1]


def test_pestilence_pings_everything_and_goes_when_no_creature_is_left():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 2)
    t.add("Pestilence")
    t.add("Savannah Lions")
    t.add("Suntail Hawk", player=1)
    t.act("activate Pestilence: 1 damage to everything").resolve_stack()
    assert [p.life for p in t.game.players] == [19, 19]
    assert t.zone("battlefield", 1) == [] and "Savannah Lions" in t.zone("graveyard", 0)
    t.to_priority(phase="ending", step="end")
    t.resolve_stack()
    assert "Pestilence" in t.zone("graveyard", 0)


def test_pestilence_stays_while_a_creature_remains():
    t = Table(phase="postcombat_main")
    t.add("Pestilence")
    t.add("Serra Angel", player=1)
    t.to_priority(phase="ending", step="end")
    t.resolve_stack()
    assert "Pestilence" in t.zone("battlefield", 0) and not t.stack_labels()


# -- red -----------------------------------------------------------------------------------------------

def test_pyroclasm_and_flame_slash():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 3)
    t.add("Pyroclasm", "hand")
    t.add("Flame Slash", "hand")
    t.add("Savannah Lions")
    t.add("Serra Angel", player=1)
    t.add("Grizzly Bears", player=1)
    cast(t, "Pyroclasm")
    assert t.zone("battlefield", 1) == ["Serra Angel"] and "Savannah Lions" in t.zone("graveyard", 0)
    t.act("cast Flame Slash")
    assert options(t) == ["Serra Angel"]                     # a creature, never a player
    t.answer("Serra Angel").resolve_stack()
    assert t.zone("battlefield", 1) == []


def test_flametongue_kavu_must_hit_itself_when_it_is_the_only_creature():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 4)
    t.add("Flametongue Kavu", "hand")
    to_choice(t.act("cast Flametongue Kavu"))
    assert options(t) == ["Flametongue Kavu"]
    t.answer("Flametongue Kavu").resolve_stack()
    assert "Flametongue Kavu" in t.zone("graveyard", 0)


def test_fervor_and_goblin_chieftain_give_haste():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 3)
    t.add("Goblin Chieftain", "hand")
    guide = t.add("Raging Goblin", status={"sick": True})
    ogre = t.add("Gray Ogre", status={"sick": True})
    cast(t, "Goblin Chieftain")
    chief = t.card("Goblin Chieftain").id
    assert t.pt(guide) == (2, 2) and t.pt(chief) == (2, 2) and t.pt(ogre) == (2, 2)
    assert not t.game.has_keyword(ogre, "Haste")
    t.add("Fervor")
    assert t.game.has_keyword(ogre, "Haste") and not t.game.has_keyword(t.add("Grizzly Bears", player=1), "Haste")


def test_keldon_raider_may_discard_to_draw():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 4)
    t.add("Keldon Raider", "hand")
    t.add("Lava Axe", "hand")
    t.act("cast Keldon Raider").until(lambda g: t.decision.reason == "resolution")
    assert t.decision.min == 0
    t.answer("Lava Axe").resolve_stack()
    assert t.zone("graveyard", 0) == ["Lava Axe"] and t.zone("hand", 0) == ["Wind Drake"]


def test_borderland_marauder_gets_two_power_when_it_attacks():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Borderland Marauder")
    t.until(lambda g: t.decision.reason == "attack").answer(["Borderland Marauder"])
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.game.players[1].life == 17


# -- green ---------------------------------------------------------------------------------------------

def test_pelakka_wurm_gains_seven_on_entering_and_draws_when_it_dies():
    t = Table(phase="postcombat_main")
    t.lands("Forest", 7)
    t.lands("Swamp", 3, player=1)
    t.add("Pelakka Wurm", "hand")
    t.add("Murder", "hand", player=1)
    cast(t, "Pelakka Wurm")
    assert t.game.players[0].life == 27
    t.act("cast Murder", player=1)
    t.answer("Pelakka Wurm").resolve_stack()
    assert t.zone("hand", 0) == ["Wind Drake"]


def test_overrun_pumps_and_gives_trample_to_the_creatures_there():
    t = Table(phase="precombat_main")
    t.lands("Forest", 5)
    t.add("Overrun", "hand")
    bears = t.add("Grizzly Bears")
    other = t.add("Hill Giant", player=1)
    cast(t, "Overrun")
    assert t.pt(bears) == (5, 5) and t.game.has_keyword(bears, "Trample") and t.pt(other) == (3, 3)


def test_plummet_only_hits_fliers_and_deadly_recluse_reaches_them():
    t = Table(phase="postcombat_main")
    t.lands("Forest", 2)
    t.add("Plummet", "hand")
    t.add("Serra Angel", player=1)
    t.add("Grizzly Bears", player=1)
    t.act("cast Plummet")
    assert options(t) == ["Serra Angel"]


def test_deadly_recluse_blocks_a_flier_and_kills_it():
    t = Table(active=1, phase="combat", step="declare_attackers")
    t.add("Deadly Recluse")
    t.add("Serra Angel", player=1)
    t.until(lambda g: t.decision.reason == "attack").answer(["Serra Angel"])
    t.until(lambda g: t.decision.kind == d.CHOOSE and "block" in t.decision.prompt).answer("block Serra Angel")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.zone("graveyard", 1) == ["Serra Angel"] and t.zone("graveyard", 0) == ["Deadly Recluse"]


def test_harmonize_draws_three():
    t = Table(phase="postcombat_main")
    t.lands("Forest", 4)
    t.add("Harmonize", "hand")
    cast(t, "Harmonize")
    assert t.zone("hand", 0) == ["Wind Drake"] * 3
