"""Costs through the real flow: the mana pool (106.4, 500.4), {X} (107.3), hybrid and Phyrexian
symbols (107.4e-f), additional and alternative costs (601.2b, 118.9), kicker (702.33) and cost
changes locked in before payment (601.2f), each with real cards."""
from __future__ import annotations

from rulestack import decisions as d

from .helpers import Table


def _tapped(t: Table, ids: list[int]) -> int:
    return sum(1 for i in ids if t.card(i).status.get("tapped"))


def _pool(t: Table, player: int = 0) -> str:
    return t.game.value_of(player, "mana_pool") or ""


# -- the mana pool (106.4, 500.4) --------------------------------------------------------------------

def test_CR_106_4_mana_from_a_spell_stays_in_the_pool_and_pays_the_next_spell():
    t = Table()
    swamp = t.lands("Swamp", 1)
    t.add("Dark Ritual", "hand")
    t.add("Vampire Nighthawk", "hand")                # {1}{B}{B}: more than the one Swamp makes
    t.start()
    assert not t.offers("cast Vampire Nighthawk")
    t.act("cast Dark Ritual")
    t.resolve_stack()
    assert _pool(t) == "BBB" and _tapped(t, swamp) == 1
    t.sc.assert_event("mana_added", player=0, mana="BBB")
    t.act("cast Vampire Nighthawk")                   # paid from the pool: no land left to tap
    assert _pool(t) == ""
    t.resolve_stack()
    assert t.card("Vampire Nighthawk").zone == "battlefield"


def test_CR_500_4_unspent_mana_empties_as_the_step_ends():
    t = Table()
    t.lands("Swamp", 1)
    t.add("Dark Ritual", "hand")
    t.act("cast Dark Ritual")
    t.resolve_stack()
    assert _pool(t) == "BBB"
    t.to_priority(phase="combat")
    assert _pool(t) == ""
    emptied = t.sc.assert_event("mana_emptied", player=0, mana="BBB")
    assert emptied.get("step") == "precombat_main"


def test_CR_605_3a_floating_mana_tapped_in_response_survives_priority_passes_within_the_step():
    t = Table(active=1)
    t.lands("Mountain", 1, player=1)
    mountain = t.lands("Mountain", 1, player=0)
    t.add("Lightning Bolt", "hand", player=1)
    t.add("Shock", "hand", player=0)
    t.start()
    assert not t.offers("tap Mountain for {R}", player=0)     # empty stack: no mana ability offered
    t.act("cast Lightning Bolt", player=1)
    t.answer("P0")
    t.act("tap Mountain for {R}", player=0)
    assert _pool(t, 0) == "R" and _tapped(t, mountain) == 1
    t.resolve_stack()                                 # Bolt resolves; the step goes on
    assert t.game.state.phase == "precombat_main" and _pool(t, 0) == "R"
    t.act("cast Shock", player=0)                     # the floating {R} pays for it
    t.answer("P1")
    assert _pool(t, 0) == "" and t.game.state.stack


# -- {X} (107.3, 601.2b) ---------------------------------------------------------------------------------

def test_CR_107_3a_X_is_announced_on_casting_up_to_what_the_player_can_pay():
    t = Table()
    t.lands("Mountain", 4)
    t.add("Blaze", "hand")
    t.act("cast Blaze")
    assert t.decision.kind == d.NUMBER and (t.decision.min, t.decision.max) == (0, 3)
    t.answer(3)
    t.answer("P1")
    t.resolve_stack()
    assert t.game.players[1].life == 17
    assert all(c.status.get("tapped") for c in t.game.cards_in("battlefield", 0))


def test_CR_107_3b_X_is_zero_off_the_stack_and_X_zero_can_be_cast():
    t = Table()
    t.lands("Mountain", 1)
    quake = t.add("Earthquake", "hand")
    assert t.game.value(quake, "mana_cost") == "{X}{R}"
    from rulestack_systems.mtg.mana import ManaCost
    assert ManaCost.parse("{X}{R}").value == 1          # 202.3e: X is 0 in the hand
    t.act("cast Earthquake")                          # X can only be 0: nothing asked
    t.resolve_stack()
    assert [p.life for p in t.game.players] == [20, 20]


# -- hybrid and Phyrexian mana (107.4e-f) ------------------------------------------------------------------

def test_CR_107_4e_a_hybrid_symbol_is_paid_with_either_colour():
    for land in ("Plains", "Mountain"):
        t = Table()
        t.lands(land, 1)
        t.add("Boros Recruit", "hand")
        t.act("cast Boros Recruit")
        t.resolve_stack()
        assert t.card("Boros Recruit").zone == "battlefield"
    t = Table()
    t.lands("Forest", 1)
    t.add("Boros Recruit", "hand")
    t.start()
    assert not t.offers("cast Boros Recruit")


def test_CR_601_2b_the_player_announces_how_hybrid_mana_is_paid_when_both_ways_work():
    t = Table()
    plains = t.lands("Plains", 1)
    mountain = t.lands("Mountain", 1)
    t.add("Boros Recruit", "hand")
    t.act("cast Boros Recruit")
    assert sorted(o.label for o in t.decision.options) == ["pay {R}", "pay {W}"]
    t.answer("pay {W}")
    assert _tapped(t, plains) == 1 and _tapped(t, mountain) == 0


def test_CR_107_4f_a_Phyrexian_symbol_is_paid_with_its_colour_or_2_life():
    t = Table()                                       # no land at all: 2 life
    t.add("Gut Shot", "hand")
    t.act("cast Gut Shot")                            # one way to pay it: nothing asked
    t.answer("P1")
    assert t.game.players[0].life == 18
    t.resolve_stack()
    assert t.game.players[1].life == 19

    t = Table()
    mountain = t.lands("Mountain", 1)
    t.add("Gut Shot", "hand")
    t.act("cast Gut Shot")                            # 601.2b comes before the target (601.2c)
    assert sorted(o.label for o in t.decision.options) == ["pay 2 life", "pay {R}"]
    t.answer("pay {R}")
    t.answer("P1")
    assert t.game.players[0].life == 20 and _tapped(t, mountain) == 1


def test_CR_119_4_Phyrexian_life_cannot_be_paid_beyond_the_life_total():
    t = Table()
    t.sc.set_life(0, 3)
    t.lands("Swamp", 1)
    t.add("Dismember", "hand")                        # {1}{B/P}{B/P}: {1} + 4 life at best
    t.add("Grizzly Bears", "battlefield", player=1)
    t.start()
    assert not t.offers("cast Dismember")
    t = Table()
    t.lands("Swamp", 1)
    t.add("Dismember", "hand")
    bears = t.add("Grizzly Bears", "battlefield", player=1)
    t.act("cast Dismember")
    t.answer("Grizzly Bears")
    assert t.game.players[0].life == 16
    t.resolve_stack()
    assert t.card(bears).zone == "graveyard"


# -- additional and alternative costs (601.2b, 601.2h, 118.9) and kicker (702.33) -------------------------

def test_CR_601_2h_a_sacrifice_as_additional_cost_is_needed_and_paid():
    t = Table()
    t.lands("Swamp", 1)
    t.add("Bone Splinters", "hand")
    t.add("Grizzly Bears", "battlefield", player=1)
    t.start()
    assert not t.offers("cast Bone Splinters")        # no creature of its caster to sacrifice
    t = Table()
    t.lands("Swamp", 1)
    t.add("Bone Splinters", "hand")
    mine = t.add("Glory Seeker", "battlefield")
    theirs = t.add("Grizzly Bears", "battlefield", player=1)
    t.act("cast Bone Splinters")
    t.answer("Grizzly Bears")                         # target (601.2c)
    assert t.decision.reason == "cost"                # what to sacrifice (601.2h)
    t.answer("Glory Seeker")
    assert t.card(mine).zone == "graveyard"
    t.sc.assert_event("moved", card=mine, how="sacrificed")
    t.resolve_stack()
    assert t.card(theirs).zone == "graveyard"


def test_CR_601_2b_a_discard_as_additional_cost_needs_another_card():
    t = Table()
    t.lands("Mountain", 2)
    t.add("Thrill of Possibility", "hand")
    t.start()
    assert not t.offers("cast Thrill of Possibility")
    t = Table()
    t.lands("Mountain", 2)
    t.add("Thrill of Possibility", "hand")
    t.add("Hill Giant", "hand")
    t.act("cast Thrill of Possibility")
    t.answer("Hill Giant")                            # the card to discard (601.2h)
    assert t.card("Hill Giant").zone == "graveyard"
    t.resolve_stack()
    assert len(t.game.cards_in("hand", 0)) == 2


def test_CR_702_33_kicker_is_a_second_way_to_cast_and_the_spell_knows_it_was_kicked():
    t = Table()
    t.lands("Mountain", 1)
    t.add("Burst Lightning", "hand")
    t.start()
    assert t.offers("cast Burst Lightning") and not t.offers("cast Burst Lightning (with kicker)")
    t = Table()
    t.lands("Mountain", 5)
    t.add("Burst Lightning", "hand")
    t.act("cast Burst Lightning (with kicker)")
    t.answer("P1")
    t.resolve_stack()
    assert t.game.players[1].life == 16


def test_CR_118_9_an_alternative_cost_replaces_the_mana_cost():
    t = Table(active=1)
    t.lands("Mountain", 1, player=1)
    t.add("Lightning Bolt", "hand", player=1)
    fow = t.add("Force of Will", "hand", player=0)
    t.add("Counterspell", "hand", player=0)           # the blue card to exile
    t.act("cast Lightning Bolt", player=1)
    t.answer("P0")
    assert not t.offers("cast Force of Will", player=0)        # no land for {3}{U}{U}
    t.act("cast Force of Will (pay 1 life, exile a blue card)", player=0)
    t.answer("Lightning Bolt")                        # the spell to counter
    t.answer("Counterspell")                          # the blue card to exile
    assert t.card("Counterspell").zone == "exile" and t.game.players[0].life == 19
    t.resolve_stack()
    assert t.card("Lightning Bolt").zone == "graveyard" and t.game.players[0].life == 19
    assert t.card(fow).zone == "graveyard"


# -- cost increases and reductions (601.2f) ----------------------------------------------------------------

def test_CR_601_2f_reductions_lower_only_the_generic_part_and_increases_add_to_it():
    t = Table()
    t.lands("Mountain", 4)
    t.add("Goblin Electromancer", "battlefield")
    t.add("Lava Axe", "hand")                         # {4}{R} - {1} = {3}{R}
    t.act("cast Lava Axe")
    t.answer("P1")
    assert all(c.status.get("tapped") for c in t.game.cards_in("battlefield", 0) if c.name == "Mountain")

    t = Table()
    t.lands("Mountain", 1)
    t.add("Goblin Electromancer", "battlefield")
    t.add("Lightning Bolt", "hand")                   # {R}: nothing generic to reduce
    t.add("Thalia, Guardian of Thraben", "battlefield", player=1)
    t.start()
    assert t.offers("cast Lightning Bolt")            # +{1} (Thalia) -{1} (Electromancer)

    t = Table()
    t.lands("Mountain", 1)
    t.add("Lightning Bolt", "hand")
    t.add("Grizzly Bears", "hand")
    t.add("Thalia, Guardian of Thraben", "battlefield", player=1)
    t.start()
    assert not t.offers("cast Lightning Bolt")        # {1}{R} now


def test_CR_601_2f_the_total_cost_is_locked_before_the_costs_are_paid():
    t = Table()
    swamps = t.lands("Swamp", 1)
    t.add("Bone Splinters", "hand")
    t.add("Thalia, Guardian of Thraben", "battlefield")
    t.add("Grizzly Bears", "battlefield", player=1)
    t.start()
    assert not t.offers("cast Bone Splinters")        # {1}{B}, though Thalia could be sacrificed
    t = Table()
    swamps = t.lands("Swamp", 2)
    t.add("Bone Splinters", "hand")
    thalia = t.add("Thalia, Guardian of Thraben", "battlefield")
    t.add("Grizzly Bears", "battlefield", player=1)
    t.act("cast Bone Splinters")
    t.answer("Grizzly Bears")
    assert t.decision.reason == "cost"
    t.answer("Thalia, Guardian of Thraben")
    assert t.card(thalia).zone == "graveyard" and _tapped(t, swamps) == 2


def test_the_pool_and_the_costs_are_narrated_in_players_words():
    from rulestack.narrate import narrate
    t = Table()
    t.lands("Swamp", 1)
    t.add("Dark Ritual", "hand")
    t.add("Village Rites", "hand")
    t.add("Glory Seeker", "battlefield")
    t.act("cast Dark Ritual")
    t.resolve_stack()
    t.act("cast Village Rites")
    t.answer("Glory Seeker")
    t.resolve_stack()
    t.to_priority(phase="combat")
    lines = [narrate(t.game, e, viewer=None) for e in t.game.state.log]
    assert "P0 adds {B}{B}{B} with Dark Ritual (mana pool: {B}{B}{B}, 106.4)" in lines
    assert "P0 sacrifices Glory Seeker to pay for Village Rites" in lines
    assert "P0's unspent {B}{B} empties from their mana pool as the precombat main phase ends (500.4)" in lines


def test_CR_605_1a_a_creature_with_a_mana_ability_pays_once_it_is_no_longer_summoning_sick():
    t = Table()
    t.lands("Forest", 1)
    elves = t.add("Llanowar Elves", "battlefield", status={"sick": True})
    t.add("Grizzly Bears", "hand")                    # {1}{G}: the Forest and the Elves
    t.start()
    assert not t.offers("cast Grizzly Bears")         # 302.6: a sick creature cannot use {T}
    t = Table()
    t.lands("Forest", 1)
    elves = t.add("Llanowar Elves", "battlefield")
    t.add("Grizzly Bears", "hand")
    t.act("cast Grizzly Bears")
    assert t.card(elves).status.get("tapped")


def test_CR_605_3a_a_mana_creature_can_be_tapped_in_response_for_any_colour():
    t = Table(active=1)
    t.lands("Mountain", 1, player=1)
    t.add("Lightning Bolt", "hand", player=1)
    t.add("Birds of Paradise", "battlefield", player=0)
    t.add("Giant Growth", "hand", player=0)
    t.act("cast Lightning Bolt", player=1)
    t.answer("Birds of Paradise")
    t.to_priority(player=0)
    assert t.offers("tap Birds of Paradise for {W}", player=0) and t.offers("tap Birds of Paradise for {G}", player=0)
    t.answer("tap Birds of Paradise for {G}")
    assert _pool(t, 0) == "G"


def test_CR_118_9_a_spell_cast_without_paying_its_mana_cost_during_a_resolution_ignores_timing():
    """Electrodominance (X = 1) in the opponent's turn: 1 damage, then Lava Spike, a sorcery of
    mana value 1, is cast for free (608.2g) and resolves after it."""
    t = Table(active=1)
    mountains = t.lands("Mountain", 3)
    t.add("Electrodominance", "hand")
    spike = t.add("Lava Spike", "hand")
    t.add("Lava Axe", "hand")                         # mana value 5: not offered
    t.start()
    t.act("cast Electrodominance", player=0)
    t.answer(1)                                       # X (107.3a): at most 1 with three lands
    t.answer("P1")
    t.until(lambda g: t.decision.reason == "resolution")
    assert sorted(o.label for o in t.decision.options) == ["Lava Spike"]
    t.answer("Lava Spike")
    t.answer("P1")                                    # Lava Spike's target, as it is cast
    assert t.card(spike).zone == "stack" and _tapped(t, mountains) == 3
    t.resolve_stack()
    assert t.game.players[1].life == 20 - 1 - 3


def test_CR_118_9_a_free_spell_still_pays_its_additional_costs():
    t = Table()
    t.lands("Mountain", 4)
    t.add("Electrodominance", "hand")
    thrill = t.add("Thrill of Possibility", "hand")   # {1}{R} and discard a card: mana value 2
    giant = t.add("Hill Giant", "hand")
    t.act("cast Electrodominance")
    t.answer(2)
    t.answer("P1")
    t.until(lambda g: t.decision.reason == "resolution")
    t.answer("Thrill of Possibility")
    assert t.decision.reason == "cost"                # the discard is still paid (601.2h)
    t.answer("Hill Giant")
    assert t.card(giant).zone == "graveyard" and t.card(thrill).zone == "stack"
    assert [e for e in t.events("status", key="tapped") if e.source == thrill] == []   # no mana paid for it
    assert len(t.events("status", key="tapped")) == 4
    t.resolve_stack()
    assert t.game.players[1].life == 18 and len(t.game.cards_in("hand", 0)) == 2


def test_CR_702_74a_evoke_is_an_alternative_cost_and_the_evoked_permanent_is_sacrificed():
    t = Table()
    t.lands("Island", 3)
    drifter = t.add("Mulldrifter", "hand")
    t.start()
    assert t.offers("cast Mulldrifter (evoke)") and not t.offers("cast Mulldrifter")
    t.act("cast Mulldrifter (evoke)")
    t.until(lambda g: len(g.state.stack) == 2)        # both of its enters triggers
    labels = sorted(t.stack_labels())
    assert labels == ["Mulldrifter: draw two", "Mulldrifter: evoked: sacrifice it"]
    t.resolve_stack()
    assert t.card(drifter).zone == "graveyard" and len(t.game.cards_in("hand", 0)) == 2

    t = Table()
    t.lands("Island", 5)
    drifter = t.add("Mulldrifter", "hand")
    t.act("cast Mulldrifter")                         # its mana cost: no sacrifice
    t.resolve_stack()
    assert t.card(drifter).zone == "battlefield" and len(t.game.cards_in("hand", 0)) == 2


def test_CR_107_4e_a_monocolored_hybrid_symbol_is_paid_with_its_colour_or_two_generic():
    from rulestack_systems.mtg.mana import ManaCost
    assert ManaCost.parse("{2/R}{2/R}{2/R}").value == 6                         # 202.3f
    for lands, castable in ((["Plains"] * 6, True), (["Mountain"] * 3, True), (["Plains"] * 3 + ["Mountain"], False)):
        t = Table()
        for land in lands:
            t.add(land)
        t.add("Flame Javelin", "hand")
        t.start()
        assert t.offers("cast Flame Javelin") == castable, lands
    t = Table()
    t.lands("Plains", 2)
    t.lands("Mountain", 2)
    t.add("Flame Javelin", "hand")
    t.act("cast Flame Javelin")                       # {2}{R}{R}: the only way with these lands
    t.answer("P1")
    t.resolve_stack()
    assert t.game.players[1].life == 16
