"""The host's replacement machinery (rulestack.replacement) and ``Game.become`` (a card that is a
copy of another as the same object), proven on the Tiny system with cards written here."""
from __future__ import annotations

import pytest

from rulestack import Game
from rulestack import decisions as d
from rulestack.checker import check_paths
from rulestack.replacement import replace
from tinygame.system import TinyGame

CARDS = """
- {code: X01, name: Scales, type: relic, script: scales.lua}
- {code: X02, name: Doubler, type: relic, script: doubler.lua}
- {code: X03, name: Ward Stone, type: relic, script: ward_stone.lua}
- {code: X04, name: Picky Stone, type: relic, script: picky_stone.lua}
"""
SCRIPTS = {
    "scales.lua": """return { abilities = { { kind = "instead", label = "one more",
        replaces = { event = "counters_added", counter = "charge" }, instead = { add = { n = 1 } } } } }""",
    "doubler.lua": """return { abilities = { { kind = "instead", label = "twice as many",
        replaces = { event = "counters_added", counter = "charge" }, instead = { times = { n = 2 } } } } }""",
    "ward_stone.lua": """return { abilities = { { kind = "instead", label = "no counters on me",
        replaces = { event = "counters_added", self = true }, instead = { prevent = true } } } }""",
    "picky_stone.lua": """return { abilities = { { kind = "instead",
        replaces = { event = "counters_added" },
        condition = function(ctx, facts) return facts.n >= 3 end,
        instead = function(ctx, facts) facts.counter = "doom"; return facts end } } }""",
}


@pytest.fixture
def cards(tmp_path):
    (tmp_path / "cards.yaml").write_text(CARDS)
    for name, text in SCRIPTS.items():
        (tmp_path / name).write_text(text)
    return [str(tmp_path / "cards.yaml")]


def _game(cards, *names):
    game = Game.empty(TinyGame, cards=cards)
    made = [game.create_card(game.pool.code(n), 0, "field", silent=True) for n in names]
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    return game, made, grunt


def test_no_replacement_changes_nothing(cards):
    game, _, grunt = _game(cards)
    assert game.add_counters(grunt, "charge", 2) == 2
    assert replace(game, "counters_added", {"card": grunt.id, "n": 2}) == {"card": grunt.id, "n": 2}


def test_a_table_instead_adds_and_a_function_instead_rewrites_the_facts(cards):
    game, _, grunt = _game(cards, "Scales", "Picky Stone")
    assert game.add_counters(grunt, "charge", 1) == 2              # one more
    # 2 + 1 = 3: only now does the Picky Stone apply (which replacements apply is worked out
    # again after each one, 616.1e), and it makes them doom counters
    assert game.add_counters(grunt, "charge", 2) == 3
    assert grunt.counters == {"charge": 2, "doom": 3}
    assert [e.get("event") for e in game.events if e.kind == "replaced"] == ["counters_added"] * 3


def test_a_prevention_stops_the_event_and_self_limits_it_to_its_own_card(cards):
    game, (stone,), grunt = _game(cards, "Ward Stone")
    assert game.add_counters(stone, "charge", 2) == 0 and not stone.counters
    assert game.add_counters(grunt, "charge", 2) == 2
    replaced = [e for e in game.events if e.kind == "replaced"]
    assert len(replaced) == 1 and replaced[0].get("prevented") is True


def test_several_replacements_are_ordered_by_the_affected_player_and_each_applies_once(cards):
    """MTG 616.1: +1 then x2 gives 6 from 2; x2 then +1 gives 5. Each applies once (614.5)."""
    for first, expected in (("Scales", 6), ("Doubler", 5)):
        game, _, grunt = _game(cards, "Scales", "Doubler")
        asked = []

        def pick(decision, seat, first=first):
            asked.append(decision)
            assert decision.reason == "option" and decision.player == 0
            return [next(i for i, o in enumerate(decision.options) if o.label.startswith(first))]

        game.agents[0].decide = pick
        game.auto_single = False
        assert game.add_counters(grunt, "charge", 2) == expected
        assert len(asked) == 1, "the second one applies without a question: it is the only one left"


def test_become_is_the_same_object_with_another_definition_until_it_changes_zone():
    game = Game.empty(TinyGame)
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    game.become(grunt, "Brute")
    assert (grunt.name, game.value(grunt, "power"), game.printed_code(grunt)) == ("Brute", 3, "T01")
    copy = game.state.copy()
    assert copy.cards[grunt.id].name == "Brute"                        # a copied state keeps it
    game.move(grunt, "discard")
    assert grunt.name == "Grunt" and game.printed_code(grunt) == "T01"
    assert "printed_codes" not in game.state.values


def test_become_for_the_next_generation_survives_the_move_that_makes_it():
    game = Game.empty(TinyGame)
    grunt = game.create_card(game.pool.code("Grunt"), 0, "hand", silent=True)
    game.become(grunt, "Brute", generation=grunt.generation + 1)    # "enters as a copy"
    game.move(grunt, "field")
    assert grunt.name == "Brute"
    game.move(grunt, "hand")
    assert grunt.name == "Grunt"


def test_become_brings_the_new_abilities_into_play():
    game = Game.empty(TinyGame)
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    game.become(grunt, "Void Gate")
    assert grunt.id in game.index.replacers
    other = game.create_card(game.pool.code("Brute"), 0, "field", silent=True)
    game.move(other, "discard")
    assert other.zone == "hand"           # the Void Gate's replacement, on the Grunt that became one


def test_check_refuses_a_replacement_of_an_event_nothing_replaces(tmp_path, cards):
    (tmp_path / "bad.yaml").write_text("- {code: B01, name: Bad, type: relic, script: bad.lua}\n")
    (tmp_path / "bad.lua").write_text('return { abilities = { { kind = "instead", replaces = { event = "drew" },'
                                      ' instead = { prevent = true } } } }')
    problems, _ = check_paths([tmp_path / "bad.yaml"], system="tiny")
    assert any("nothing can replace 'drew' events" in p for p in problems), problems
    ok, checked = check_paths([tmp_path / "cards.yaml"], system="tiny")
    assert ok == [] and checked == 4


def test_a_system_orders_categories_of_replacements_first_and_the_rest_stay_a_choice(tmp_path):
    """``GameSystem.replacement_steps`` (MTG 616.1a-d): a replacement of an earlier category is
    applied before the others without a question; among the rest the player still chooses."""
    from rulestack import AbilityKind, Role

    class OrderedTiny(TinyGame):
        name = "tiny_ordered_replacements"
        replacement_steps = ("first",)
        ability_kinds = {**TinyGame.ability_kinds,
                         "instead": AbilityKind("instead", Role.REPLACEMENT, keys={"category": "string"},
                                                doc="a replacement, maybe of a category applied first")}

    (tmp_path / "cards.yaml").write_text(CARDS + "- {code: X05, name: Eager Doubler, type: relic, script: eager.lua}\n")
    for name, text in SCRIPTS.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "eager.lua").write_text(
        'return { abilities = { { kind = "instead", label = "twice as many, first", category = "first",'
        ' replaces = { event = "counters_added", counter = "charge" }, instead = { times = { n = 2 } } } } }')
    game = Game.empty(OrderedTiny, cards=[str(tmp_path / "cards.yaml")])
    for n in ("Scales", "Eager Doubler"):
        game.create_card(game.pool.code(n), 0, "field", silent=True)
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    asked = []
    game.agents[0].decide = lambda decision, seat: asked.append(decision) or [0]
    game.auto_single = False
    assert game.add_counters(grunt, "charge", 2) == 5        # x2 first (its category), then +1
    assert asked == []
    # with two of the plain kind and one first: the first applies, then the player orders the rest
    game = Game.empty(OrderedTiny, cards=[str(tmp_path / "cards.yaml")])
    for n in ("Scales", "Doubler", "Eager Doubler"):
        game.create_card(game.pool.code(n), 0, "field", silent=True)
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    game.agents[0].decide = lambda decision, seat: (asked.append(decision), [
        next(i for i, o in enumerate(decision.options) if o.label.startswith("Doubler"))])[1]
    game.auto_single = False
    assert game.add_counters(grunt, "charge", 1) == 5        # ((1 x2) x2) + 1
    assert len(asked) == 1 and sorted(o.label for o in asked[0].options) == ["Doubler: twice as many",
                                                                            "Scales: one more"]
