"""Tokens (111, 704.5d), copies (707) and entering the battlefield by any route (110.2, 400.7,
603.6a, 302.6, 714.3a), played through the real flow of casting and resolving."""
from __future__ import annotations

import pytest

from rulestack import DeckError, Game
from rulestack.cards import Deck

from .helpers import Table


def _names(t: Table, zone: str, player: int = 0) -> list[str]:
    return t.zone(zone, player)


def _ids(t: Table, name: str, zone: str = "battlefield") -> list[int]:
    return [c.id for c in t.game.state.cards.values() if c.name == name and c.zone == zone]


def _cast(t: Table, name: str, *answers: str) -> Table:
    t.act(f"cast {name}")
    for a in answers:
        t.answer(a)
    return t.resolve_stack()


# -- 111: tokens ------------------------------------------------------------------------------------

def test_111_2_raise_the_alarm_creates_two_soldiers_owned_and_controlled_by_the_caster():
    t = Table(phase="postcombat_main")
    t.add("Raise the Alarm", "hand")
    t.lands("Plains", 2)
    _cast(t, "Raise the Alarm")
    soldiers = [t.card(i) for i in _ids(t, "Soldier Token")]
    assert len(soldiers) == 2
    assert all(c.owner == 0 and c.controller == 0 for c in soldiers)                        # 111.2
    assert all(t.pt(c.id) == (1, 1) and t.game.value(c, "colors") == ["W"] for c in soldiers)
    assert all(c.status.get("sick") for c in soldiers)                                       # 302.6
    entered = t.events("moved", to="battlefield", how="token")
    assert [e.get("card") for e in entered] == [c.id for c in soldiers]


def test_704_5d_a_token_that_dies_goes_to_the_graveyard_then_ceases_to_exist():
    t = Table(phase="postcombat_main")
    t.add("Dragon Fodder", "hand")
    t.add("Lightning Bolt", "hand")
    t.lands("Mountain", 3)
    _cast(t, "Dragon Fodder")
    goblin = _ids(t, "Goblin Token")[0]
    _cast(t, "Lightning Bolt", "Goblin Token")
    died = t.events("moved", card=goblin, to="graveyard")
    assert died, "the token is put into the graveyard first (it dies, 700.4)"
    ceased = t.events("ceased", card=goblin)
    assert ceased and ceased[0].seq > died[0].seq and ceased[0].get("from") == "graveyard"
    assert "Goblin Token" not in _names(t, "graveyard")                                     # 704.5d
    assert t.card(goblin).zone == "nowhere"


def test_111_8_a_flickered_token_stays_in_exile_and_ceases_to_exist():
    t = Table(phase="postcombat_main")
    t.add("Raise the Alarm", "hand")
    t.add("Cloudshift", "hand")
    t.lands("Plains", 3)
    _cast(t, "Raise the Alarm")
    soldier = _ids(t, "Soldier Token")[0]
    _cast(t, "Cloudshift", "Soldier Token")
    assert t.card(soldier).zone == "nowhere"
    assert not t.events("moved", card=soldier, **{"from": "exile"})
    assert len(_ids(t, "Soldier Token")) == 1


def test_111_1_a_deck_cannot_hold_a_token_card():
    game = Game.empty("mtg")
    deck = Deck(name="tokens", sections={"main": ("soldier_token",) * 40})
    with pytest.raises(DeckError, match="is a token"):
        game.load_deck(0, deck)


# -- entering by any route: flicker, reanimation ---------------------------------------------------

def test_400_7_a_flickered_creature_is_a_new_object_and_enters_by_the_same_rules():
    t = Table(phase="postcombat_main")
    trickster = t.add("Merfolk Trickster")
    t.add("Savannah Lions", player=1)
    t.add("Giant Growth", "hand")
    t.add("Cloudshift", "hand")
    t.lands("Forest", 1)
    t.lands("Plains", 1)
    _cast(t, "Giant Growth", "Merfolk Trickster")
    t.game.set_status(t.card(trickster), "damage", 1)
    assert t.pt(trickster) == (5, 5)
    generation = t.card(trickster).generation
    _cast(t, "Cloudshift", "Merfolk Trickster")
    card = t.card(trickster)
    assert card.zone == "battlefield" and card.generation > generation
    assert t.pt(trickster) == (2, 2), "the pump was locked onto the old object (400.7, 611.2c)"
    assert "damage" not in card.status and card.status.get("sick")                        # 302.6
    # its enters-the-battlefield ability triggered again (603.6a) and tapped the Lions
    assert t.card("Savannah Lions").status.get("tapped")
    assert t.events("moved", card=trickster, to="exile") and \
        t.events("moved", card=trickster, to="battlefield", **{"from": "exile"})


def test_110_2_flicker_of_fate_returns_the_permanent_under_its_owners_control():
    t = Table(phase="postcombat_main")
    lions = t.add("Savannah Lions", player=1)
    t.add("Flicker of Fate", "hand")
    t.lands("Plains", 2)
    _cast(t, "Flicker of Fate", "Savannah Lions")
    assert t.card(lions).zone == "battlefield" and t.card(lions).controller == 1


def test_603_6a_a_creature_returned_from_the_graveyard_triggers_and_is_summoning_sick():
    t = Table(phase="postcombat_main")
    t.add("Merfolk Trickster", "graveyard")
    t.add("Savannah Lions", player=1)
    t.add("Zombify", "hand")
    t.lands("Swamp", 4)
    _cast(t, "Zombify", "Merfolk Trickster")
    card = t.card("Merfolk Trickster")
    assert card.zone == "battlefield" and card.controller == 0 and card.status.get("sick")
    assert t.card("Savannah Lions").status.get("tapped")


# -- 707: copies --------------------------------------------------------------------------------------

def test_707_2_clone_enters_as_a_copy_with_the_copied_abilities_and_is_itself_again_in_the_graveyard():
    t = Table(phase="postcombat_main")
    t.add("Merfolk Trickster", player=1)
    t.add("Savannah Lions", player=1)
    clone = t.add("Clone", "hand")
    t.lands("Island", 4)
    t.act("cast Clone")
    t.until(lambda g: t.decision.kind == "yes_no")
    t.answer(True)
    t.answer("Merfolk Trickster")
    t.answer("Savannah Lions")          # the copied trigger's target (603.3d)
    t.resolve_stack()
    card = t.card(clone)
    assert card.zone == "battlefield" and card.name == "Merfolk Trickster" and t.pt(clone) == (2, 2)
    assert t.game.has_keyword(card, "Flash")
    # the copied enters ability triggered as it entered (707.2 copies abilities; 603.6a)
    assert t.card("Savannah Lions").status.get("tapped")
    t.game.move(card, "graveyard", 0)
    assert t.card(clone).name == "Clone" and t.game.printed_code(clone) == "clone"


def test_707_2_clone_with_nothing_to_copy_is_a_0_0_and_dies():
    t = Table(phase="postcombat_main")
    clone = t.add("Clone", "hand")
    t.lands("Island", 4)
    _cast(t, "Clone")
    assert t.card(clone).zone == "graveyard"


def test_707_2_a_token_copy_copies_copiable_values_only_not_counters_or_effects():
    t = Table(phase="postcombat_main")
    lions = t.add("Savannah Lions")
    t.game.add_counters(t.card(lions), "+1/+1", 1)
    t.add("Giant Growth", "hand")
    t.add("Cackling Counterpart", "hand")
    t.lands("Forest", 1)
    t.lands("Island", 3)
    _cast(t, "Giant Growth", "Savannah Lions")
    assert t.pt(lions) == (6, 5)
    _cast(t, "Cackling Counterpart", "Savannah Lions")
    copies = [i for i in _ids(t, "Savannah Lions") if i != lions]
    assert len(copies) == 1
    copy = t.card(copies[0])
    assert t.pt(copy.id) == (2, 1) and not copy.counters
    assert copy.status.get("sick")


def test_707_9b_a_copy_of_a_copy_keeps_the_exceptions_as_copiable_values():
    t = Table(phase="postcombat_main")
    t.add("Raise the Alarm", "hand")
    t.lands("Plains", 2)
    _cast(t, "Raise the Alarm")
    from rulestack_systems.mtg import tokens
    soldier = t.card(_ids(t, "Soldier Token")[0])
    big = tokens.create(t.game, "soldier_token", 0, copy_of=soldier, characteristics={"power": 3, "toughness": 3})
    again = tokens.create(t.game, "soldier_token", 0, copy_of=t.card(big[0]))
    assert t.pt(big[0]) == (3, 3) and t.pt(again[0]) == (3, 3)


def test_707_a_token_copy_of_a_saga_has_its_own_lore_counters_and_chapters():
    t = Table(phase="postcombat_main")
    saga = t.add("Summon: Choco/Mog")
    t.game.add_counters(t.card(saga), "lore", 2)
    t.resolve_stack()
    t.add("Cackling Counterpart", "hand")
    t.lands("Island", 3)
    before = len(t.events("activated", kind_of="chapter"))
    _cast(t, "Cackling Counterpart", "Summon: Choco/Mog")
    copy = [i for i in _ids(t, "Summon: Choco/Mog") if i != saga][0]
    assert t.lore(copy) == 1 and t.lore(saga) == 2                                        # 714.3a
    chapters = t.events("activated", kind_of="chapter")[before:]
    assert [e.get("card") for e in chapters] == [copy], "only the copy's chapter I triggered"


# -- more routes and rules ---------------------------------------------------------------------------

def test_400_7_a_spell_aimed_at_a_creature_that_was_flickered_in_response_does_not_resolve():
    t = Table(phase="postcombat_main", active=1)
    lions = t.add("Savannah Lions")
    t.add("Cloudshift", "hand")
    t.add("Lightning Bolt", "hand", player=1)
    t.lands("Plains", 1)
    t.lands("Mountain", 1, player=1)
    t.act("cast Lightning Bolt", 1)
    t.answer("Savannah Lions")
    t.act("cast Cloudshift", 0)                       # in response
    t.answer("Savannah Lions")
    t.resolve_stack()
    assert t.card(lions).zone == "battlefield" and "damage" not in t.card(lions).status
    assert t.events("fizzled", card=t.card("Lightning Bolt").id)                       # 608.2b


def test_714_3a_a_flickered_saga_comes_back_with_one_lore_counter_and_chapter_one_triggers_again():
    t = Table(phase="postcombat_main")
    saga = t.add("Summon: Choco/Mog")
    t.game.add_counters(t.card(saga), "lore", 2)
    t.resolve_stack()
    t.add("Flicker of Fate", "hand")
    t.lands("Plains", 2)
    before = len(t.events("activated", kind_of="chapter"))
    _cast(t, "Flicker of Fate", "Summon: Choco/Mog")
    assert t.lore(saga) == 1
    assert len(t.events("activated", kind_of="chapter")) == before + 1


def test_613_2a_other_layers_apply_on_top_of_a_copy_and_its_exceptions():
    t = Table(phase="postcombat_main")
    t.add("Raise the Alarm", "hand")
    t.add("Giant Growth", "hand")
    t.lands("Plains", 2)
    t.lands("Forest", 1)
    _cast(t, "Raise the Alarm")
    from rulestack_systems.mtg import tokens
    soldier = t.card(_ids(t, "Soldier Token")[0])
    big = tokens.create(t.game, "soldier_token", 0, copy_of=soldier, characteristics={"power": 3, "toughness": 3})[0]
    t.act("cast Giant Growth")
    t.answer(next(i for i, o in enumerate(t.decision.options) if o.card == big))
    t.resolve_stack()
    assert t.pt(big) == (6, 6)                                  # layer 1 (3/3), then 7c (+3/+3)


def test_the_log_tells_tokens_being_made_and_ceasing_to_exist():
    from rulestack.narrate import narrate
    t = Table(phase="postcombat_main")
    t.add("Dragon Fodder", "hand")
    t.add("Lightning Bolt", "hand")
    t.lands("Mountain", 3)
    _cast(t, "Dragon Fodder")
    _cast(t, "Lightning Bolt", "Goblin Token")
    lines = [narrate(t.game, ev, None) for ev in t.game.state.log]
    assert "P0 creates a Goblin Token (Dragon Fodder) (111.2)" in lines
    assert "The Goblin Token ceases to exist (704.5d)" in lines


def test_305_1_a_land_played_enters_tapped_and_its_enters_ability_triggers():
    t = Table(phase="precombat_main")
    land = t.add("Scoured Barrens", "hand")
    t.act("play Scoured Barrens")
    t.resolve_stack()
    assert t.card(land).zone == "battlefield" and t.card(land).status.get("tapped")       # 614.1c
    assert t.game.players[0].life == 21                                                 # 603.6a
