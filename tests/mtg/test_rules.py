"""The MTG rules around the Saga seed: setup, mana, timing, the stack and priority, combat,
triggered abilities, state-based actions, layers and cleanup — each through the real flow."""
from __future__ import annotations

import pytest

from rulestack import Cause, Game, IllegalAction, decisions as d
from rulestack.step import StepGame

from .helpers import Table

CM = "Summon: Choco/Mog"


# -- setup (103) -------------------------------------------------------------------------------------

def _setup(mulligans: dict[int, int]) -> StepGame:
    """A game stepped to the first priority, taking the given number of mulligans per player."""
    game = Game("mtg", ["white_weenie", "red_burn"], seed=4)
    game.auto_single = False        # stop at the very first priority, even a forced pass
    step = StepGame(game)
    taken = {0: 0, 1: 0}
    while not (step.decision.kind == d.ACTION):
        dec = step.decision
        if dec.kind == d.YES_NO and "mulligan" in dec.prompt:
            want = taken[dec.player] < mulligans.get(dec.player, 0)
            taken[dec.player] += want
            step.apply(want)
        elif dec.kind == d.YES_NO:
            step.apply(True)
        else:
            step.apply(list(range(dec.min)))
    return step


def test_setup_twenty_life_seven_cards_and_the_starting_player_skips_the_first_draw():
    step = _setup({})
    game = step.game
    first = game.value_of(None, "starting_player")
    assert game.state.turn == 1 and game.active_player == first
    assert [p.life for p in game.players] == [20, 20]
    assert [len(game.cards_in("hand", p)) for p in (0, 1)] == [7, 7]
    assert (game.state.phase, game.state.step) == ("beginning", "upkeep")
    while game.state.phase != "precombat_main":
        step.apply([next(i for i, o in enumerate(step.decision.options) if o.value.kind == "pass")])
    assert game.state.turn == 1 and len(game.cards_in("hand", first)) == 7     # 103.8a: no draw
    assert len([e for e in game.events if e.kind == "drew"]) == 14


def test_london_mulligan_draws_seven_then_bottoms_one_per_mulligan():
    step = _setup({0: 1, 1: 2})
    game = step.game
    assert [len(game.cards_in("hand", p)) for p in (0, 1)] == [6, 5]
    assert [len(game.cards_in("library", p)) for p in (0, 1)] == [34, 35]
    assert len([e for e in game.events if e.kind == "mulligan"]) == 3


# -- mana (601.2g-h) ----------------------------------------------------------------------------------

def test_a_cost_that_cannot_be_paid_pays_nothing():
    t = Table()
    lands = t.lands("Plains", 4)
    angel = t.add("Serra Angel", "hand")            # {3}{W}{W}: one land short
    t.start()
    assert not t.offers("cast Serra Angel")
    before = len(t.game.events)
    with pytest.raises(IllegalAction, match="cannot be paid"):
        t.sc.activate(angel)
    assert t.card(angel).zone == "hand" and len(t.game.events) == before
    assert not any(t.card(land).status.get("tapped") for land in lands)


def test_colored_mana_must_come_from_lands_of_that_color():
    t = Table()
    t.lands("Mountain", 5)
    t.add("Glory Seeker", "hand")
    t.start()
    assert not t.offers("cast Glory Seeker")


def test_which_lands_to_tap_is_asked_only_when_it_matters():
    t = Table()
    t.lands("Plains", 3)
    t.add("Glory Seeker", "hand")
    t.act("cast Glory Seeker")                       # identical lands: nothing to choose
    assert t.decision.kind == d.ACTION
    assert [c.status.get("tapped") for c in t.game.cards_in("battlefield", 0)].count(True) == 2

    t = Table()
    plains = t.lands("Plains", 2)
    mountains = t.lands("Mountain", 2)
    t.add("Glory Seeker", "hand")
    t.act("cast Glory Seeker")
    assert t.decision.reason == "option" and sorted(o.label for o in t.decision.options) == \
        ["tap Plains, Mountain", "tap Plains, Plains"]
    t.answer("tap Plains, Mountain")
    tapped = {c.id for c in t.game.cards_in("battlefield", 0) if c.status.get("tapped")}
    assert len(tapped & set(plains)) == 1 and len(tapped & set(mountains)) == 1
    assert all(e.cause == Cause.COST for e in t.events("status", key="tapped"))


# -- timing (307.1, 304.1, 702.8) and land plays (305.2) -----------------------------------------------------

def test_sorcery_speed_needs_own_main_phase_and_empty_stack_instants_do_not():
    t = Table(active=1, phase="postcombat_main")
    t.lands("Plains", 2)
    t.lands("Mountain", 1)
    t.add("Glory Seeker", "hand")
    t.add("Lightning Bolt", "hand")
    t.to_priority(player=0)
    labels = [o.label for o in t.decision.options]
    assert "cast Lightning Bolt" in labels and "cast Glory Seeker" not in labels


def test_flash_granted_this_turn_lets_a_creature_be_cast_in_response():
    t = Table(phase="postcombat_main")
    t.lands("Island", 2)
    t.lands("Plains", 2)
    t.add("Borne Upon a Wind", "hand")
    t.add("Glory Seeker", "hand")
    t.add("Lightning Bolt", "hand", player=1)
    t.lands("Mountain", 1, player=1)
    t.act("cast Borne Upon a Wind")
    t.resolve_stack()
    t.act("pass", player=0)
    t.act("cast Lightning Bolt", player=1)
    t.answer("P1")
    assert t.offers("cast Glory Seeker", player=0) is False
    t.step()                                          # P1 keeps priority and passes
    assert t.offers("cast Glory Seeker", player=0)    # a creature with the stack not empty


def test_one_land_per_turn():
    t = Table()
    t.add("Plains", "hand")
    t.add("Plains", "hand")
    t.act("play Plains")
    assert not t.offers("play Plains")
    assert t.events("moved", to="battlefield")[0].cause == Cause.ACTION


# -- the stack and priority (405, 117) ----------------------------------------------------------------

def test_the_caster_receives_priority_again_and_the_top_resolves_first():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 1)
    bears = t.add("Grizzly Bears", player=1)
    t.add("Shock", "hand")
    t.lands("Forest", 1, player=1)
    t.add("Giant Growth", "hand", player=1)
    t.act("cast Shock")
    t.answer("Grizzly Bears")
    assert t.decision.player == 0 and t.zone("stack") == ["Shock"]      # 117.3c
    t.step()
    t.act("cast Giant Growth", player=1)
    t.answer("Grizzly Bears")
    assert t.zone("stack") == ["Shock", "Giant Growth"]
    t.resolve_stack()
    assert t.card(bears).zone == "battlefield" and t.card(bears).status["damage"] == 2
    assert t.pt(bears) == (5, 5)


def test_all_players_must_pass_in_succession_before_the_top_resolves():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 2)
    t.add("Shock", "hand")
    t.add("Lightning Bolt", "hand")
    t.act("cast Shock")
    t.answer("P1")
    t.step()                                          # P0 passes
    assert t.decision.player == 1 and t.zone("stack") == ["Shock"]
    t.step()                                          # P1 passes: Shock resolves
    assert t.game.players[1].life == 18 and t.decision.player == 0      # 117.3b


def test_counterspell_counters_a_spell():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 1)
    t.add("Lava Spike", "hand")
    t.lands("Island", 2, player=1)
    t.add("Counterspell", "hand", player=1)
    t.act("cast Lava Spike")
    t.answer("P1")
    t.act("cast Counterspell", player=1)
    t.answer("Lava Spike")
    t.resolve_stack()
    assert t.game.players[1].life == 20
    assert sorted(t.zone("graveyard", 0)) == ["Lava Spike"] and t.zone("graveyard", 1) == ["Counterspell"]


def test_a_spell_whose_only_target_is_gone_does_not_resolve():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 1)
    t.lands("Plains", 1, player=1)
    bears = t.add("Grizzly Bears", player=1)
    t.add("Lightning Bolt", "hand")
    t.add("Swords to Plowshares", "hand", player=1)
    t.act("cast Lightning Bolt")
    t.answer("Grizzly Bears")
    t.act("cast Swords to Plowshares", player=1)
    t.answer("Grizzly Bears")
    t.resolve_stack()
    assert t.card(bears).zone == "exile"
    assert t.events("fizzled", card=t.card("Lightning Bolt").id)
    assert t.zone("graveyard", 0) == ["Lightning Bolt"]


def test_no_legal_target_no_cast():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 1)
    t.add("Brute Force", "hand")
    t.start()
    assert not t.offers("cast Brute Force")


# -- combat (506-511) ---------------------------------------------------------------------------------

def _attack(t: Table, *names: str) -> Table:
    t.until(lambda g: t.decision.reason == "attack")
    return t.answer(list(names))


def test_summoning_sick_creatures_cannot_attack_unless_they_have_haste():
    t = Table(phase="postcombat_main", turn=3)
    t.lands("Mountain", 2)
    t.add("Raging Goblin", "hand")
    t.add("Savannah Lions", "hand")
    t.sc.set_turn(turn=3, active=0, phase="precombat_main")
    t.lands("Plains", 1)
    t.act("cast Raging Goblin")
    t.resolve_stack()
    t.act("cast Savannah Lions")
    t.resolve_stack()
    t.until(lambda g: t.decision.reason == "attack")
    assert [o.label for o in t.decision.options] == ["Raging Goblin"]


def test_flying_is_blocked_only_by_flying_or_reach():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Suntail Hawk")
    t.add("Grizzly Bears", player=1)
    t.add("Giant Spider", player=1)
    _attack(t, "Suntail Hawk")
    t.until(lambda g: t.decision.prompt.endswith("block?"))
    assert t.decision.prompt == "Giant Spider: block?"      # the Bears were not asked
    t.answer("block Suntail Hawk")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.card("Suntail Hawk").zone == "graveyard" and t.game.players[1].life == 20


def test_first_strike_deals_damage_first():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Youthful Knight")                       # 2/1 first strike
    t.add("Glory Seeker", player=1)                # 2/2
    _attack(t, "Youthful Knight")
    t.until(lambda g: t.decision.prompt.endswith("block?")).answer("block Youthful Knight")
    t.to_priority(phase="combat", step="first_strike_damage")
    assert t.card("Glory Seeker").zone == "graveyard"
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.card("Youthful Knight").zone == "battlefield"


def test_trample_assigns_lethal_damage_then_the_rest_to_the_player():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Colossal Dreadmaw")                     # 6/6 trample
    t.add("Grizzly Bears", player=1)
    _attack(t, "Colossal Dreadmaw")
    t.until(lambda g: t.decision.prompt.endswith("block?")).answer("block Colossal Dreadmaw")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.card("Grizzly Bears").zone == "graveyard" and t.game.players[1].life == 16
    assert t.events("damaged", player=1)[0].cause == Cause.BATTLE


def test_vigilance_and_lifelink():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Serra Angel")
    t.lands("Plains", 2)
    t.add("Moment of Heroism", "hand")
    _attack(t, "Serra Angel")
    assert not t.card("Serra Angel").status.get("tapped")
    t.act("cast Moment of Heroism")
    t.answer("Serra Angel")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.game.players[1].life == 14 and t.game.players[0].life == 26


def test_unblocked_attackers_damage_the_defending_player_and_defenders_cannot_attack():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Savannah Lions")
    t.add("Wall of Wood")
    t.until(lambda g: t.decision.reason == "attack")
    assert [o.label for o in t.decision.options] == ["Savannah Lions"]
    t.answer(["Savannah Lions"])
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.game.players[1].life == 18


# -- triggered abilities (603) ------------------------------------------------------------------------

def test_simultaneous_triggers_go_on_the_stack_APNAP():
    """603.3b: the active player's triggers go on the stack first, so the other player's resolve first."""
    t = Table(phase="ending", step="end")
    t.add("Dress Down", player=0)
    t.add("Dress Down", player=1)
    t.to_priority()
    assert [t.game.card(it.card).controller for it in t.game.state.stack] == [0, 1]


def test_each_controller_orders_their_own_simultaneous_triggers():
    t = Table(phase="ending", step="end")
    first, second = t.add("Ball Lightning"), t.add("Ball Lightning")
    t.add("Ball Lightning", player=1)
    t.until(lambda g: t.decision.kind == d.ORDER)
    assert t.decision.player == 0 and [o.value.card for o in t.decision.options] == [first, second]
    t.answer([1, 0])
    assert [it.card for it in t.game.state.stack][:2] == [second, first]     # then P1's on top


def test_several_chapters_crossed_at_once_trigger_together_and_their_controller_orders_them():
    t = Table(system="mtg_test", phase="postcombat_main")
    cm = t.add(CM, counters={"lore": 1})
    t.lands("Plains", 1)
    t.add("Test Lore Surge", "hand")
    t.act("cast Test Lore Surge")
    t.answer(CM)
    t.until(lambda g: t.decision.kind == d.ORDER)
    assert sorted(o.label for o in t.decision.options) == [f"{CM}: chapter II - Stampede!",
                                                           f"{CM}: chapter III - Stampede!"]
    t.answer([1, 0])
    assert t.lore(cm) == 3 and len(t.game.state.stack) == 2


def test_removing_lore_counters_triggers_nothing_and_the_chapter_triggers_again_later():
    t = Table(system="mtg_test", phase="postcombat_main")
    cm = t.add(CM, counters={"lore": 2})
    t.lands("Plains", 2)
    t.add("Test Lore Thief", "hand")
    t.add("Test Lore Surge", "hand")
    t.act("cast Test Lore Thief")
    t.answer(CM)
    t.resolve_stack()
    assert t.lore(cm) == 1 and not t.events("activated", kind_of="chapter")
    t.act("cast Test Lore Surge")
    t.answer(CM)
    t.until(lambda g: t.decision.kind == d.ORDER).answer([0, 1])
    assert sorted(t.stack_labels()) == [f"{CM}: chapter II - Stampede!", f"{CM}: chapter III - Stampede!"]


def test_targets_of_a_trigger_are_chosen_as_it_goes_on_the_stack():
    t = Table(phase="combat", step="beginning_of_combat")
    t.add("Luminarch Aspirant")
    t.add("Savannah Lions")
    t.until(lambda g: t.decision.reason == "target")
    assert not t.game.state.stack and t.game.state.pending == []
    t.answer("Savannah Lions")
    assert t.game.state.stack[0].targets == [[t.card("Savannah Lions").id]]
    t.resolve_stack()
    assert t.pt("Savannah Lions") == (3, 2)


def test_a_trigger_without_a_legal_target_is_removed():
    t = Table(phase="postcombat_main")
    t.lands("Island", 2)
    t.add("Merfolk Trickster", "hand")
    t.act("cast Merfolk Trickster")
    t.resolve_stack()
    assert t.card("Merfolk Trickster").zone == "battlefield"
    assert not t.events("activated", kind_of="triggered")


# -- state-based actions (704) -----------------------------------------------------------------------

def test_a_player_at_zero_life_loses():
    t = Table(phase="postcombat_main")
    t.sc.set_life(1, 3)
    t.lands("Mountain", 1)
    t.add("Lava Spike", "hand")
    t.act("cast Lava Spike")
    t.answer("P1")
    with pytest.raises(AssertionError, match="game ended"):
        t.resolve_stack()
    assert t.sc.result.winners == (0,) and "704.5a" in t.sc.result.reason


def test_drawing_from_an_empty_library_loses():
    t = Table(phase="beginning", step="draw", library=0)
    t.start()
    assert t.sc.result.winners == (1,) and "704.5b" in t.sc.result.reason


def test_toughness_zero_and_lethal_damage_are_one_batch():
    t = Table(phase="postcombat_main")
    bears = t.add("Grizzly Bears", player=1)
    lions = t.add("Savannah Lions", player=1)
    t.game.add_effect("add", "toughness", -2, targets=[bears], duration="until_end_of_turn")
    t.game.set_status(t.card(lions), "damage", 1)
    t.start()
    moves = t.events("moved", to="graveyard")
    assert {(e.get("card"), e.get("how")) for e in moves} == {(bears, "toughness_zero"), (lions, "destroyed")}
    assert all(e.cause == Cause.RULE for e in moves)


def test_legend_rule():
    t = Table(phase="postcombat_main")
    t.add("Isamaru, Hound of Konda")
    t.lands("Plains", 1)
    t.add("Isamaru, Hound of Konda", "hand")
    t.act("cast Isamaru, Hound of Konda")
    t.until(lambda g: t.decision.reason == "legend_rule")
    t.answer([0])
    assert t.zone("battlefield", 0).count("Isamaru, Hound of Konda") == 1
    assert t.zone("graveyard", 0) == ["Isamaru, Hound of Konda"]


# -- layers (613) and "until end of turn" (514.2) ---------------------------------------------------------

def test_setting_base_power_applies_before_pumps_whatever_the_timestamps():
    t = Table(phase="postcombat_main")
    t.lands("Island", 2)
    t.lands("Mountain", 1)
    bears = t.add("Grizzly Bears", player=1, counters={"+1/+1": 1})
    t.add("Brute Force", "hand")
    t.add("Ovinize", "hand")
    t.act("cast Brute Force")
    t.answer("Grizzly Bears")
    t.resolve_stack()
    assert t.pt(bears) == (6, 6)
    t.act("cast Ovinize")
    t.answer("Grizzly Bears")
    t.resolve_stack()
    assert t.pt(bears) == (4, 5)                     # 0/1 (7b), then +3/+3 and the counter (7c)


def test_abilities_lost_and_gained_apply_in_timestamp_order():
    t = Table(phase="postcombat_main")
    t.lands("Plains", 2)
    angel = t.add("Serra Angel")
    t.add("Dress Down")
    t.add("Moment of Heroism", "hand")
    t.start()
    assert not t.game.has_keyword(angel, "Flying")
    t.act("cast Moment of Heroism")
    t.answer("Serra Angel")
    t.resolve_stack()
    assert t.game.has_keyword(angel, "Lifelink") and not t.game.has_keyword(angel, "Flying")


def test_anthems_and_counters_add_up():
    t = Table(phase="postcombat_main")
    t.add("Glorious Anthem")
    t.add("Benalish Marshal")
    lions = t.add("Savannah Lions", counters={"+1/+1": 2})
    assert t.pt(lions) == (6, 5) and t.pt("Benalish Marshal") == (4, 4)


def test_until_end_of_turn_effects_and_damage_end_in_cleanup():
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 2)
    lions = t.add("Savannah Lions")
    t.add("Brute Force", "hand")
    t.add("Shock", "hand")
    t.act("cast Brute Force")
    t.answer("Savannah Lions")
    t.resolve_stack()
    t.act("cast Shock")
    t.answer("Savannah Lions")
    t.resolve_stack()
    assert t.pt(lions) == (5, 4) and t.card(lions).status["damage"] == 2
    t.until(lambda g: g.state.active_player == 1 and t.at_priority())
    assert t.pt(lions) == (2, 1) and not t.card(lions).status.get("damage")
