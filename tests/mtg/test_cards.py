"""The card pool: it loads, the sample decks are legal, and the cards with abilities do what they say."""
from __future__ import annotations

import pytest

from rulestack import CardDataError, Cause, Game, decisions as d
from rulestack.pool import CardPool
from rulestack_systems.mtg import MTGSystem
from rulestack_systems.mtg.mana import ManaCost, find_payment, payment_plans

from .helpers import Table


def test_every_card_loads_and_the_pool_is_big_enough():
    pool = CardPool.for_system(MTGSystem)
    assert pool.check() == []
    assert len(pool.entries) >= 41 and pool.resolve("Summon: Choco/Mog")


def test_sample_decks_are_forty_cards_in_two_colors():
    game = Game("mtg", list(MTGSystem.sample_decks), seed=0)
    colors = []
    for deck in game.decks:
        assert len(deck.sections["main"]) == 40
        cs = set()
        for code in deck.sections["main"]:
            cs.update(ManaCost.parse(game.pool.definition(code).get("mana_cost") or "").colors)
        colors.append(cs)
    assert colors == [{"W"}, {"R"}]


def test_an_unknown_keyword_is_a_load_error(tmp_path):
    data = tmp_path / "bad.yaml"
    data.write_text("- {code: x, name: Flier, types: [Creature], mana_cost: '{1}', keywords: [Flyng]}\n")
    with pytest.raises(CardDataError, match="unknown keyword 'Flyng'"):
        CardPool(MTGSystem, files=[data]).definition("x")


def test_mana_payment_plans():
    w, r = frozenset("W"), frozenset("R")
    srcs = [(1, w), (2, w), (3, r), (4, r)]
    assert find_payment(ManaCost.parse("{1}{W}{W}"), srcs) == [1, 2, 3]
    assert find_payment(ManaCost.parse("{W}{W}{W}"), srcs) is None
    assert sorted(payment_plans(ManaCost.parse("{2}{W}"), srcs)) == [[1, 3, 2], [1, 3, 4]]   # W + WR or W + RR
    assert len(payment_plans(ManaCost.parse("{W}{W}{R}{R}"), srcs)) == 1


# -- cards with abilities ----------------------------------------------------------------------------

def test_prodigal_pyromancer_taps_for_one_damage_but_not_while_summoning_sick():
    t = Table(phase="postcombat_main")
    pyro = t.add("Prodigal Pyromancer", status={"sick": True})
    t.add("Savannah Lions", "hand")
    t.lands("Plains", 1)
    t.start()
    assert not t.offers("activate Prodigal Pyromancer: ping")
    t.game.set_status(t.card(pyro), "sick", None)
    t.step()
    t.act("activate Prodigal Pyromancer: ping")
    t.answer("P1")
    t.resolve_stack()
    assert t.game.players[1].life == 19 and t.card(pyro).status["tapped"]
    assert t.events("status", card=pyro, key="tapped")[0].cause == Cause.COST


def test_shivan_dragon_firebreathing():
    t = Table(phase="postcombat_main")
    t.add("Shivan Dragon")
    t.lands("Mountain", 2)
    for _ in range(2):
        t.act("activate Shivan Dragon: firebreathing")
        t.resolve_stack()
    assert t.pt("Shivan Dragon") == (7, 5)
    t.start()
    assert not t.offers("activate Shivan Dragon: firebreathing")


def test_goblin_guide_gives_the_defending_player_a_land_from_the_top():
    t = Table(phase="combat", step="declare_attackers", library=0)
    t.add("Goblin Guide")
    t.add("Wind Drake", "library", player=1)
    t.add("Island", "library", player=1)
    t.until(lambda g: t.decision.reason == "attack").answer(["Goblin Guide"])
    t.resolve_stack()
    assert t.zone("hand", 1) == ["Island"] and t.events("revealed")


def test_ajanis_pridemate_grows_when_you_gain_life():
    t = Table(phase="postcombat_main")
    t.add("Ajani's Pridemate")
    t.lands("Plains", 1, player=1)
    t.add("Swords to Plowshares", "hand", player=1)
    t.add("Glory Seeker")
    t.act("cast Swords to Plowshares", player=1)
    t.answer("Glory Seeker")
    t.resolve_stack()
    assert t.game.players[0].life == 22 and t.pt("Ajani's Pridemate") == (3, 3)


def test_grateful_apparition_proliferates_after_combat_damage_to_a_player():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Grateful Apparition")
    cm = t.add("Summon: Choco/Mog", counters={"lore": 1})
    lions = t.add("Savannah Lions", counters={"+1/+1": 1})
    t.until(lambda g: t.decision.reason == "attack").answer(["Grateful Apparition"])
    t.until(lambda g: t.decision.reason == "resolution")
    t.answer([i for i, o in enumerate(t.decision.options) if o.card in (cm, lions)])
    assert t.lore(cm) == 2 and t.card(lions).counters["+1/+1"] == 2
    t.to_priority()
    assert t.stack_labels() == ["Summon: Choco/Mog: chapter II - Stampede!"]


def test_merfolk_trickster_taps_and_silences_a_creature_as_it_enters():
    t = Table(active=1, phase="combat", step="beginning_of_combat")
    t.lands("Island", 2)
    t.add("Merfolk Trickster", "hand")
    angel = t.add("Serra Angel", player=1)
    t.act("cast Merfolk Trickster", player=0)
    t.until(lambda g: t.decision.reason == "target").answer("Serra Angel")
    t.resolve_stack()
    assert t.card(angel).status.get("tapped") and not t.game.has_keyword(angel, "Flying")
    t.until(lambda g: g.state.active_player == 0 and t.at_priority())
    assert t.game.has_keyword(angel, "Flying")           # until end of turn only


def test_doom_blade_cannot_target_a_black_creature_and_divine_verdict_needs_combat():
    t = Table(phase="postcombat_main")
    t.lands("Swamp", 2)
    t.lands("Plains", 4)
    t.add("Doom Blade", "hand")
    t.add("Divine Verdict", "hand")
    t.add("Grizzly Bears", player=1)
    t.act("cast Doom Blade")
    opts = [o.label for o in t.decision.options]
    assert opts == ["Grizzly Bears"]
    assert not t.offers("cast Divine Verdict")


def test_dress_down_draws_on_entering_and_is_sacrificed_at_the_end_step():
    t = Table(phase="postcombat_main")
    t.lands("Island", 2)
    t.add("Dress Down", "hand")
    lions = t.add("Savannah Lions")
    t.act("cast Dress Down")
    t.resolve_stack()
    assert len(t.zone("hand", 0)) == 1 and t.game.abilities_removed(lions)
    t.to_priority(phase="ending", step="end")
    t.resolve_stack()
    assert t.zone("graveyard", 0) == ["Dress Down"] and not t.game.abilities_removed(lions)


def test_a_blocked_creature_whose_blocker_left_deals_no_damage_without_trample():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Hill Giant")
    t.add("Grizzly Bears", player=1)
    t.lands("Plains", 1, player=1)
    t.add("Swords to Plowshares", "hand", player=1)
    t.until(lambda g: t.decision.reason == "attack").answer(["Hill Giant"])
    t.until(lambda g: t.decision.kind == d.CHOOSE and "block" in t.decision.prompt).answer("block Hill Giant")
    t.act("cast Swords to Plowshares", player=1)
    t.answer("Grizzly Bears")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.game.players[1].life == 22                   # Swords' life, and no combat damage
