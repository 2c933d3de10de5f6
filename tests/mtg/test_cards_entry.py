"""The cards of entry_classics.yaml (issue 17 item 9) through the real flow: tokens, copies,
entering the battlefield by any route, flicker, replacement effects and read ahead."""
from __future__ import annotations

from rulestack import decisions as d

from .helpers import Table


def options(t: Table) -> list[str]:
    return [o.label for o in t.decision.options]


def to_choice(t: Table) -> Table:
    """Pass priority until a decision other than an action."""
    return t.until(lambda g: t.decision.kind != d.ACTION)


def names(t: Table, player: int = 0) -> list[str]:
    return sorted(t.zone("battlefield", player))


def life(t: Table) -> list[int]:
    return [p.life for p in t.game.players]


# -- Sagas ----------------------------------------------------------------------------------------------

def test_history_of_benalia_makes_two_knights_then_pumps_knights():
    t = Table(phase="precombat_main")
    t.lands("Plains", 3)
    t.add("History of Benalia", "hand")
    squire = t.add("Youthful Knight")                          # a Knight card: pumped by III too
    t.act("cast History of Benalia").resolve_stack()
    assert t.zone("battlefield", 0).count("Knight Token") == 1
    t.until(lambda g: g.state.turn == 5 and g.state.phase == "precombat_main" and not g.state.stack
            and t.at_priority())
    assert t.zone("battlefield", 0).count("Knight Token") == 2
    knight = next(c for c in t.game.cards_in("battlefield", 0) if c.name == "Knight Token")
    assert t.game.has_keyword(knight, "Vigilance") and t.pt(knight.id) == (2, 2)
    t.until(lambda g: g.state.turn == 7 and g.state.phase == "precombat_main" and not g.state.stack
            and t.at_priority())
    assert t.pt(knight.id) == (4, 3) and t.pt(squire) == (4, 2)
    assert "History of Benalia" in t.zone("graveyard", 0)


def at_main(t: Table, turn: int) -> Table:
    """Pass until the precombat main phase of ``turn``, with an empty stack."""
    return t.until(lambda g: g.state.turn == turn and g.state.phase == "precombat_main" and not g.state.stack
                   and t.at_priority())


def test_rite_of_belzenloks_demon_eats_a_creature_each_upkeep_or_burns_its_controller():
    t = Table(phase="beginning", step="upkeep")
    t.add("Rite of Belzenlok", counters={"lore": 1})
    corpse = t.add("Walking Corpse")
    at_main(t, 3)                                               # chapter II
    assert t.zone("battlefield", 0).count("Cleric Token") == 2
    at_main(t, 5)                                               # chapter III, then sacrificed (714.4)
    assert "Demon Token" in t.zone("battlefield", 0) and "Rite of Belzenlok" in t.zone("graveyard", 0)
    at_main(t, 7)                                               # upkeep: another creature is sacrificed
    assert t.card(corpse).zone == "graveyard" and life(t)[0] == 20
    at_main(t, 11)
    assert "Cleric Token" not in t.zone("battlefield", 0) and life(t)[0] == 20
    at_main(t, 13)                                              # nothing else to sacrifice: 6 damage
    assert life(t)[0] == 14 and "Demon Token" in t.zone("battlefield", 0)


def test_chainers_torment_drains_twice_then_makes_a_horror_of_half_your_life():
    t = Table(phase="precombat_main")
    t.lands("Swamp", 4)
    t.add("Chainer's Torment", "hand")
    t.act("cast Chainer's Torment").resolve_stack()
    assert life(t) == [22, 18]
    at_main(t, 5)
    assert life(t) == [24, 16]
    at_main(t, 7)
    horror = next(c for c in t.game.cards_in("battlefield", 0) if c.name == "Nightmare Horror Token")
    assert t.pt(horror.id) == (12, 12) and life(t) == [12, 16]


# -- tokens -------------------------------------------------------------------------------------------------

def test_attended_knight_and_captain_of_the_watch_make_soldiers_the_captain_pumps():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 9)
    t.add("Attended Knight", "hand")
    t.add("Captain of the Watch", "hand")
    t.act("cast Attended Knight").resolve_stack()
    assert t.zone("battlefield", 0).count("Soldier Token") == 1
    t.act("cast Captain of the Watch").resolve_stack()
    soldiers = [c for c in t.game.cards_in("battlefield", 0) if c.name == "Soldier Token"]
    assert len(soldiers) == 4 and all(t.pt(s.id) == (2, 2) and t.game.has_keyword(s, "Vigilance") for s in soldiers)
    assert t.pt("Attended Knight") == (2, 2) and t.pt("Captain of the Watch") == (3, 3)


def test_midnight_haunting_makes_two_flying_spirits():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 3)
    t.add("Midnight Haunting", "hand")
    t.act("cast Midnight Haunting").resolve_stack()
    spirits = [c for c in t.game.cards_in("battlefield", 0) if c.name == "Spirit Token"]
    assert len(spirits) == 2 and all(t.game.has_keyword(s, "Flying") for s in spirits)


def test_siege_gang_commander_makes_goblins_and_flings_them():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 7)
    t.add("Siege-Gang Commander", "hand")
    t.act("cast Siege-Gang Commander").resolve_stack()
    assert t.zone("battlefield", 0).count("Goblin Token") == 3
    t.act("activate Siege-Gang Commander: fling a Goblin").answer("P1")
    to_choice(t).answer("Goblin Token").resolve_stack()
    assert life(t) == [20, 18] and t.zone("battlefield", 0).count("Goblin Token") == 2
    assert t.events("ceased")                                   # the sacrificed token is gone (704.5d)


def test_beetleback_chief_makes_two_goblins():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 4)
    t.add("Beetleback Chief", "hand")
    t.act("cast Beetleback Chief").resolve_stack()
    assert t.zone("battlefield", 0).count("Goblin Token") == 2


def test_thragtusk_gains_five_and_leaves_a_beast_behind_however_it_leaves():
    t = Table(phase="postcombat_main")
    t.lands("Forest", 5)
    t.lands("Island", 1, player=1)
    t.add("Thragtusk", "hand")
    t.add("Unsummon", "hand", player=1)
    t.act("cast Thragtusk").resolve_stack()
    assert life(t) == [25, 20]
    t.act("cast Unsummon", player=1).answer("Thragtusk").resolve_stack()
    assert t.zone("hand", 0) == ["Thragtusk"] and "Beast Token" in t.zone("battlefield", 0)
    assert t.pt("Beast Token") == (3, 3)


def test_saproling_migration_kicked_makes_four():
    t = Table(phase="postcombat_main")
    t.lands("Forest", 6)
    t.add("Saproling Migration", "hand")
    t.act("cast Saproling Migration (with kicker)").resolve_stack()
    assert t.zone("battlefield", 0).count("Saproling Token") == 4


def test_selesnya_guildmage_makes_saprolings_and_rallies():
    t = Table(phase="postcombat_main")
    t.add("Selesnya Guildmage")
    t.lands("Forest", 4)
    t.lands("Plains", 4)
    t.act("activate Selesnya Guildmage: a Saproling").resolve_stack()
    t.act("activate Selesnya Guildmage: rally").resolve_stack()
    assert t.pt("Saproling Token") == (2, 2) and t.pt("Selesnya Guildmage") == (3, 3)


# -- replacement effects ------------------------------------------------------------------------------------

def test_dryad_militant_exiles_instants_and_sorceries_bound_for_a_graveyard():
    t = Table(phase="postcombat_main")
    t.add("Dryad Militant")
    t.lands("Mountain", 1, player=1)
    t.add("Shock", "hand", player=1)
    t.act("cast Shock", player=1).answer("P0").resolve_stack()
    assert t.zone("exile", 1) == ["Shock"] and t.zone("graveyard", 1) == []
    t.lands("Swamp", 3)
    t.add("Murder", "hand")
    t.add("Grizzly Bears", player=1)
    t.step()
    t.act("cast Murder").answer("Grizzly Bears").resolve_stack()
    assert t.zone("graveyard", 1) == ["Grizzly Bears"] and t.zone("exile", 0) == ["Murder"]   # creatures are not


def test_doubling_season_doubles_the_tokens_and_counters_of_its_controller():
    t = Table(phase="postcombat_main")
    t.add("Doubling Season")
    t.lands("Plains", 2)
    t.add("Raise the Alarm", "hand")
    t.act("cast Raise the Alarm").resolve_stack()
    assert t.zone("battlefield", 0).count("Soldier Token") == 4
    t = Table(phase="combat", step="beginning_of_combat")
    t.add("Doubling Season")
    t.add("Luminarch Aspirant")
    bears = t.add("Grizzly Bears")
    t.until(lambda g: t.decision.reason == "target").answer("Grizzly Bears").resolve_stack()
    assert t.card(bears).counters == {"+1/+1": 2}


def test_doubling_season_and_vizier_of_remedies_are_ordered_by_the_affected_player():
    """616.1: Vizier first leaves no counter to double; Doubling Season first makes 2, then 1."""
    for first, left in (("Vizier of Remedies", {}), ("Doubling Season", {"-1/-1": 1})):
        t = Table(active=1, phase="postcombat_main")
        t.add("Doubling Season")
        t.add("Vizier of Remedies")
        lions = t.add("Serra Angel")
        t.lands("Swamp", 3, player=1)
        t.add("Pith Driller", "hand", player=1)
        t.act("cast Pith Driller", player=1).answer("pay {2}{B}")
        to_choice(t).answer("Serra Angel")
        to_choice(t)
        assert t.decision.player == 0 and sorted(options(t)) == [
            "Doubling Season: twice the counters", "Vizier of Remedies: one fewer -1/-1 counter"]
        t.answer(next(o for o in options(t) if o.startswith(first))).resolve_stack()
        assert t.card(lions).counters == left, first


def test_vizier_of_remedies_stops_a_single_minus_counter():
    t = Table(phase="postcombat_main")
    t.add("Vizier of Remedies")
    hawk = t.add("Suntail Hawk")
    t.lands("Swamp", 3, player=1)
    t.add("Pith Driller", "hand", player=1)
    t.act("cast Pith Driller", player=1).answer("pay {2}{B}")
    to_choice(t).answer("Suntail Hawk").resolve_stack()
    assert t.card(hawk).zone == "battlefield" and not t.card(hawk).counters


def test_two_parallel_lives_double_and_double_again():
    t = Table(phase="postcombat_main")
    t.add("Parallel Lives")
    t.add("Parallel Lives")
    t.lands("Plains", 2)
    t.add("Raise the Alarm", "hand")
    t.act("cast Raise the Alarm")
    to_choice(t)
    assert options(t) == ["Parallel Lives: twice the tokens"] * 2     # 616.1: which first (the same)
    t.answer(0).resolve_stack()
    assert t.zone("battlefield", 0).count("Soldier Token") == 8
    assert t.zone("battlefield", 1).count("Soldier Token") == 0

def test_kalonian_hydra_enters_with_four_counters_and_doubles_them_on_attacking():
    t = Table(phase="precombat_main")
    t.lands("Forest", 5)
    t.add("Kalonian Hydra", "hand")
    lions = t.add("Savannah Lions", counters={"+1/+1": 1})
    t.act("cast Kalonian Hydra").resolve_stack()
    hydra = t.card("Kalonian Hydra")
    assert hydra.counters == {"+1/+1": 4} and t.pt(hydra.id) == (4, 4)
    t.game.set_status(hydra, "sick", None)
    t.until(lambda g: t.decision.reason == "attack").answer(["Kalonian Hydra"]).resolve_stack()
    assert t.card(hydra.id).counters == {"+1/+1": 8} and t.card(lions).counters == {"+1/+1": 2}


# -- flicker, copies, put onto the battlefield --------------------------------------------------------------

def test_restoration_angel_flickers_a_creature_which_enters_again():
    t = Table(active=1, phase="combat", step="beginning_of_combat")
    t.lands("Plains", 4)
    t.add("Restoration Angel", "hand")
    cleric = t.add("Inspiring Cleric")
    before = t.card(cleric).generation
    t.act("cast Restoration Angel", player=0)
    to_choice(t)
    assert options(t) == ["Inspiring Cleric"]                   # not the Angel itself
    t.answer("Inspiring Cleric").resolve_stack()
    back = t.card("Inspiring Cleric")
    assert back.zone == "battlefield" and life(t) == [24, 20]   # a new object: its enters trigger again
    assert back.generation > before


def test_essence_flux_returns_a_creature_under_its_owners_control():
    t = Table(phase="postcombat_main")
    t.lands("Island", 1)
    t.add("Essence Flux", "hand")
    t.add("Man-o'-War")
    t.add("Serra Angel", player=1)
    t.act("cast Essence Flux").answer("Man-o'-War")
    to_choice(t).answer("Serra Angel").resolve_stack()
    assert t.zone("hand", 1) == ["Serra Angel"] and "Man-o'-War" in t.zone("battlefield", 0)


def test_ghostly_flicker_returns_two_permanents():
    t = Table(phase="postcombat_main")
    t.lands("Island", 3)
    t.add("Ghostly Flicker", "hand")
    t.add("Cloudkin Seer")
    t.add("Elvish Visionary")
    t.act("cast Ghostly Flicker").answer(["Cloudkin Seer", "Elvish Visionary"]).resolve_stack()
    assert len(t.zone("hand", 0)) == 2                          # two enters triggers drew two cards


def test_mirror_image_copies_a_creature_its_controller_controls():
    t = Table(phase="postcombat_main")
    t.lands("Island", 4)
    t.add("Mirror Image", "hand")
    t.add("Serra Angel")
    t.add("Mahamoti Djinn", player=1)
    t.act("cast Mirror Image")
    to_choice(t).answer(True)                                   # "you may": enter as a copy
    to_choice(t)
    assert options(t) == ["Serra Angel"]                        # of a creature its controller controls
    t.answer("Serra Angel").resolve_stack()
    assert t.zone("battlefield", 0).count("Serra Angel") == 2


def test_rite_of_replication_kicked_makes_five_copies():
    t = Table(phase="postcombat_main")
    t.lands("Island", 9)
    t.add("Rite of Replication", "hand")
    t.add("Grizzly Bears", player=1)
    t.act("cast Rite of Replication (with kicker)").answer("Grizzly Bears").resolve_stack()
    assert t.zone("battlefield", 0).count("Grizzly Bears") == 5


def test_breath_of_life_returns_a_creature_that_enters_like_any_other():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 5)
    t.add("Breath of Life", "hand")
    t.add("Angel of Mercy", "graveyard")
    t.act("cast Breath of Life").answer("Angel of Mercy").resolve_stack()
    angel = t.card("Angel of Mercy")
    assert angel.zone == "battlefield" and angel.status.get("sick") and life(t) == [23, 20]


def test_rampant_growth_and_cultivate_fetch_basic_lands():
    t = Table(phase="postcombat_main", library=0)
    t.lands("Forest", 5)
    t.add("Rampant Growth", "hand")
    t.add("Cultivate", "hand")
    for name in ("Plains", "Island", "Wind Drake", "Swamp"):
        t.add(name, "library")
    t.act("cast Rampant Growth")
    to_choice(t)
    assert sorted(options(t)) == ["Island", "Plains", "Swamp"]
    t.answer("Island").resolve_stack()
    island = t.card("Island")
    assert island.zone == "battlefield" and island.status.get("tapped")
    t.act("cast Cultivate")
    to_choice(t).answer(["Plains", "Swamp"])
    to_choice(t).answer("Swamp").resolve_stack()
    assert t.card("Swamp").zone == "battlefield" and t.zone("hand", 0) == ["Plains"]
