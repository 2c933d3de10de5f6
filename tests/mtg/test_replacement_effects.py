"""Replacement and prevention effects on any event (614, 615, 616.1) and read ahead (702.155),
played through the real flow with real cards."""
from __future__ import annotations

from rulestack.checker import check_paths

from .helpers import Table


def _cast(t: Table, name: str, *answers, player: int | None = None) -> Table:
    t.act(f"cast {name}", player)
    for a in answers:
        t.answer(a)
    return t.resolve_stack()


def _ids(t: Table, name: str, zone: str = "battlefield") -> list[int]:
    return [c.id for c in t.game.state.cards.values() if c.name == name and c.zone == zone]


# -- counters (614.1a, 614.1c) ----------------------------------------------------------------------

def test_614_1c_enters_with_counters_go_through_hardened_scales():
    t = Table(phase="postcombat_main")
    t.add("Hardened Scales")
    snake = t.add("Hagra Constrictor", "hand")
    t.lands("Swamp", 3)
    _cast(t, "Hagra Constrictor")
    assert t.card(snake).counters == {"+1/+1": 3} and t.pt(snake) == (3, 3)
    assert t.game.has_keyword(t.card(snake), "Menace")
    assert t.events("replaced", event="counters_added")


def test_614_1a_hardened_scales_applies_to_a_triggered_counter_on_your_creature_only():
    t = Table(phase="postcombat_main")
    t.add("Hardened Scales")
    mine = t.add("Ajani's Pridemate")
    theirs = t.add("Ajani's Pridemate", player=1)
    t.game.add_counters(t.card(mine), "+1/+1", 1)
    t.game.add_counters(t.card(theirs), "+1/+1", 1)
    assert t.card(mine).counters["+1/+1"] == 2 and t.card(theirs).counters["+1/+1"] == 1


# -- damage and prevention (615, 616.1) -------------------------------------------------------------

def test_614_1a_furnace_of_rath_doubles_a_bolt_to_a_player():
    t = Table(phase="postcombat_main")
    t.add("Furnace of Rath", player=1)
    t.add("Lightning Bolt", "hand")
    t.lands("Mountain", 1)
    _cast(t, "Lightning Bolt", "P1")
    assert t.game.players[1].life == 14


def test_615_7_mending_hands_prevents_the_next_four_damage_then_is_used_up():
    t = Table(phase="postcombat_main")
    t.add("Mending Hands", "hand")
    t.add("Lightning Bolt", "hand")
    t.add("Lightning Bolt", "hand")
    t.lands("Plains", 1)
    t.lands("Mountain", 2)
    _cast(t, "Mending Hands", "P1")
    _cast(t, "Lightning Bolt", "P1")
    assert t.game.players[1].life == 20               # 3 of the shield's 4 used
    _cast(t, "Lightning Bolt", "P1")
    assert t.game.players[1].life == 18               # 1 left: 2 of 3 dealt
    assert len(t.events("replaced", event="damage")) == 2


def test_616_1_the_affected_player_orders_furnace_of_rath_and_a_prevention_shield():
    """Shield first: the 3 damage is all prevented, nothing left to double. Furnace first: 6
    damage, 4 prevented, 2 dealt. P1, the affected player, chooses (a real decision)."""
    for first, life in (("prevent", 20), ("Furnace of Rath", 18)):
        t = Table(phase="postcombat_main")
        t.add("Furnace of Rath")
        t.add("Mending Hands", "hand")
        t.add("Lightning Bolt", "hand")
        t.lands("Plains", 1)
        t.lands("Mountain", 1)
        _cast(t, "Mending Hands", "P1")
        t.act("cast Lightning Bolt")
        t.answer("P1")
        t.until(lambda g: t.decision.prompt.startswith("which replacement applies first"))
        assert t.decision.player == 1
        t.answer(next(o.label for o in t.decision.options if o.label.startswith(first)))
        t.resolve_stack()
        assert t.game.players[1].life == life, first


def test_614_sulfuric_vortex_deals_upkeep_damage_and_stops_lifelink_and_life_gain():
    t = Table(phase="beginning", step="upkeep", active=1)
    t.add("Sulfuric Vortex")
    t.add("Swords to Plowshares", "hand", player=0)
    lions = t.add("Savannah Lions", player=1)
    t.start()
    t.resolve_stack()
    assert t.game.players[1].life == 18               # its upkeep: 2 damage to the active player
    t.game.players[0].life = 20
    t.to_priority(player=0)
    t.lands("Plains", 1)
    _cast(t, "Swords to Plowshares", "Savannah Lions", player=0)
    assert t.card(lions).zone == "exile" and t.game.players[1].life == 18   # no life gained
    assert t.events("replaced", event="life_gain", prevented=True)


def test_614_tainted_remedy_turns_an_opponents_life_gain_into_loss():
    t = Table(phase="postcombat_main")
    t.add("Tainted Remedy")
    t.add("Savannah Lions", player=1)
    t.add("Swords to Plowshares", "hand")
    t.lands("Plains", 1)
    _cast(t, "Swords to Plowshares", "Savannah Lions")
    assert t.game.players[1].life == 18


def test_120_3a_bloodletter_doubles_the_life_an_opponent_loses_to_damage_on_your_turn_only():
    t = Table(phase="postcombat_main")
    t.add("Bloodletter of Aclazotz")
    t.add("Lava Spike", "hand")
    t.lands("Mountain", 1)
    _cast(t, "Lava Spike", "P1")
    assert t.game.players[1].life == 14
    t2 = Table(phase="postcombat_main", active=1)
    t2.add("Bloodletter of Aclazotz")
    t2.add("Lava Spike", "hand", player=1)
    t2.lands("Mountain", 1, player=1)
    _cast(t2, "Lava Spike", "P0", player=1)
    assert t2.game.players[0].life == 17               # its controller's life: not an opponent


# -- draws (121.6) and zone changes ---------------------------------------------------------------------

def test_614_notion_thief_takes_an_opponents_extra_draw_but_not_their_draw_step_draw():
    t = Table(phase="beginning", step="upkeep", active=1)
    t.add("Notion Thief")
    t.add("Contentious Plan", "hand", player=1)
    t.lands("Island", 2, player=1)
    hand0, hand1 = len(t.zone("hand", 0)), len(t.zone("hand", 1))
    t.to_priority(player=1, phase="precombat_main")
    assert len(t.zone("hand", 1)) == hand1 + 1         # the draw step's draw (504.1) is theirs
    _cast(t, "Contentious Plan", player=1)
    assert len(t.zone("hand", 1)) == hand1 and len(t.zone("hand", 0)) == hand0 + 1
    assert t.events("replaced", event="draw")


def test_614_rest_in_peace_exiles_what_would_die_and_a_dying_token_then_ceases_to_exist():
    t = Table(phase="postcombat_main")
    t.add("Rest in Peace")
    lions = t.add("Savannah Lions", player=1)
    t.add("Lightning Bolt", "hand")
    t.add("Lightning Bolt", "hand")
    t.add("Dragon Fodder", "hand")
    t.lands("Mountain", 4)
    _cast(t, "Lightning Bolt", "Savannah Lions")
    assert t.card(lions).zone == "exile" and "Lightning Bolt" in t.zone("exile", 0)
    _cast(t, "Dragon Fodder")
    goblin = _ids(t, "Goblin Token")[0]
    _cast(t, "Lightning Bolt", "Goblin Token")
    assert t.card(goblin).zone == "nowhere" and t.events("ceased", card=goblin)[0].get("from") == "exile"


def test_614_anointed_procession_doubles_the_tokens_an_effect_creates_under_your_control():
    t = Table(phase="postcombat_main")
    t.add("Anointed Procession")
    t.add("Raise the Alarm", "hand")
    t.lands("Plains", 2)
    _cast(t, "Raise the Alarm")
    assert len(_ids(t, "Soldier Token")) == 4


def test_check_refuses_an_mtg_replacement_of_an_event_nothing_replaces(tmp_path):
    (tmp_path / "c.yaml").write_text("- {code: z, name: Zed, types: [Enchantment], mana_cost: '{1}', script: z.lua}\n")
    (tmp_path / "z.lua").write_text('return { abilities = { { kind = "replacement", replaces = { event = "attacks" },'
                                    ' instead = { prevent = true } } } }')
    problems, _ = check_paths([tmp_path / "c.yaml"], system="mtg")
    assert any("nothing can replace 'attacks' events" in p for p in problems), problems


# -- read ahead (702.155) ---------------------------------------------------------------------------

def test_702_155_read_ahead_enters_at_the_chosen_chapter_and_only_that_chapter_triggers():
    t = Table(phase="postcombat_main")
    saga = t.add("The Elder Dragon War", "hand")
    t.lands("Mountain", 4)
    t.act("cast The Elder Dragon War")
    t.until(lambda g: t.decision.prompt.startswith("read ahead"))
    dec = t.decision
    assert (dec.player, dec.min, dec.max) == (0, 1, 3)
    t.answer(3)
    t.resolve_stack()
    lore = t.events("counters_added", card=saga, counter="lore")
    assert [(e.get("before"), e.get("after")) for e in lore] == [(0, 3)]     # enters with 3 (702.155b)
    chapters = [t.game.card(e.get("card")).definition.abilities[e.get("ability")].label
                for e in t.events("activated", kind_of="chapter")]
    assert chapters == ["chapter III - The dragon"]            # I and II did not trigger (702.155c)
    assert len(_ids(t, "Dragon Token")) == 1
    assert t.game.players[1].life == 20
    assert t.card(saga).zone == "graveyard"                       # final chapter done: sacrificed (714.4)


def test_702_155_a_saga_entering_at_chapter_two_goes_on_to_three_next_turn():
    t = Table(phase="postcombat_main")
    saga = t.add("The Elder Dragon War", "hand")
    t.lands("Mountain", 4)
    t.act("cast The Elder Dragon War")
    t.until(lambda g: t.decision.prompt.startswith("read ahead"))
    t.answer(2)
    t.resolve_stack()
    assert t.lore(saga) == 2
    assert [e.get("ability") for e in t.events("activated", kind_of="chapter")] == [1]
    t.until(lambda g: g.state.turn > 3 and g.state.active_player == 0 and t.at_priority(0, "precombat_main"))
    t.resolve_stack()
    assert len(_ids(t, "Dragon Token")) == 1                      # chapter III on the next turn


def test_615_12_and_119_7_after_skullcrack_damage_cant_be_prevented_and_nobody_gains_life():
    t = Table(phase="postcombat_main")
    t.add("Mending Hands", "hand")
    t.add("Skullcrack", "hand")
    t.add("Swords to Plowshares", "hand")
    t.add("Savannah Lions", player=1)
    t.lands("Plains", 2)
    t.lands("Mountain", 2)
    _cast(t, "Mending Hands", "P1")
    _cast(t, "Skullcrack", "P1")
    assert t.game.players[1].life == 17                # the shield can't apply (615.12)
    _cast(t, "Swords to Plowshares", "Savannah Lions")
    assert t.game.players[1].life == 17                # no life gained (119.7)
    assert not t.events("replaced")


def test_121_6_thought_reflection_makes_each_draw_two_and_the_extra_cards_are_not_replaced_again():
    t = Table(phase="postcombat_main")
    t.add("Thought Reflection")
    t.add("Contentious Plan", "hand")
    t.lands("Island", 2)
    hand = len(t.zone("hand", 0))
    _cast(t, "Contentious Plan")
    assert len(t.zone("hand", 0)) == hand - 1 + 2                 # the spell left; one draw became two
    assert len(t.events("replaced", event="draw")) == 1            # 614.5: once for the one draw
    assert len(t.events("drew", player=0)) == 2


def test_616_1_the_moving_cards_controller_orders_two_zone_change_replacements():
    """Rest in Peace (P0) and Dryad Militant (P1) both replace a resolved Lightning Bolt going to the
    graveyard: the Bolt's controller chooses which applies first (a real decision), and the other no
    longer applies once the Bolt is headed for exile (614.5). Savannah Lions dying meets only Rest
    in Peace (Dryad Militant's filter is instants and sorceries): nothing to choose."""
    for first in ("Rest in Peace", "Dryad Militant"):
        t = Table(phase="postcombat_main")
        t.add("Rest in Peace")
        t.add("Dryad Militant", player=1)
        lions = t.add("Savannah Lions", player=1)
        bolt = t.add("Lightning Bolt", "hand")
        t.lands("Mountain", 1)
        t.act("cast Lightning Bolt")
        t.answer("Savannah Lions")
        t.until(lambda g: t.decision.prompt.startswith("which replacement applies first"))
        assert t.decision.player == 0
        assert sorted(o.label.split(":")[0] for o in t.decision.options) == ["Dryad Militant", "Rest in Peace"]
        t.answer(next(o.label for o in t.decision.options if o.label.startswith(first)))
        asked_again = 0
        while t.game.state.stack or not t.at_priority():
            asked_again += t.decision.prompt.startswith("which replacement applies first")
            t.step()
        assert t.card(bolt).zone == "exile" and t.card(lions).zone == "exile", first
        assert asked_again == 0, "the Lions met one replacement only: nothing to order"
