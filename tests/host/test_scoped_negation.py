"""A ``negate`` that says which abilities it reaches (``{kinds = {...}, include_unnegatable =
...}``), read by ``Game.is_text_negated``; proven on the Tiny system."""
from __future__ import annotations

import pytest

from rulestack import Game
from rulestack.values import NegationScope, negation_scope
from tinygame.system import TinyGame


def _card(game: Game, name: str, zone: str = "field"):
    return game.create_card(game.pool.code(name), 0, zone, silent=True)


def test_a_negation_of_some_kinds_reaches_only_abilities_of_those_kinds():
    game = Game.empty(TinyGame)
    watcher, bearer = _card(game, "Watcher"), _card(game, "Banner Bearer")   # a "when", a "static"
    for c in (watcher, bearer):
        game.add_effect("negate", None, {"kinds": ["when"]}, targets=[c.id])
    assert game.is_text_negated(watcher, watcher.definition.abilities[0])
    assert not game.is_text_negated(bearer, bearer.definition.abilities[0])


def test_kinds_may_name_host_roles_and_no_kinds_means_every_kind():
    game = Game.empty(TinyGame)
    watcher, bearer = _card(game, "Watcher"), _card(game, "Banner Bearer")
    game.add_effect("negate", None, {"kinds": ["static"]}, targets=[bearer.id])      # the role (and Tiny's word)
    game.add_effect("negate", None, {"kinds": ["triggered"]}, targets=[watcher.id])  # a role, not Tiny's word
    assert game.is_text_negated(bearer, bearer.definition.abilities[0])
    assert game.is_text_negated(watcher, watcher.definition.abilities[0])
    grunt_game = Game.empty(TinyGame)
    w2 = _card(grunt_game, "Watcher")
    grunt_game.add_effect("negate", None, {}, targets=[w2.id])
    assert grunt_game.is_text_negated(w2, w2.definition.abilities[0])


def test_unnegatable_text_is_reached_only_when_the_negation_says_so():
    game = Game.empty(TinyGame)
    bolt = _card(game, "Unstoppable Bolt", "hand")
    ability = bolt.definition.abilities[0]
    assert ability.unnegatable
    game.add_effect("negate", None, {"kinds": ["spell"]}, targets=[bolt.id])
    assert not game.is_text_negated(bolt, ability)
    game.add_effect("negate", None, {"kinds": ["spell"], "include_unnegatable": True}, targets=[bolt.id])
    assert game.is_text_negated(bolt, ability)


def test_the_plain_negation_is_unchanged():
    game = Game.empty(TinyGame)
    bolt, watcher = _card(game, "Unstoppable Bolt", "hand"), _card(game, "Watcher")
    for c in (bolt, watcher):
        game.add_effect("negate", None, True, targets=[c.id])
    assert game.is_text_negated(watcher, watcher.definition.abilities[0])
    assert not game.is_text_negated(bolt, bolt.definition.abilities[0])


def test_a_scope_with_an_unknown_key_is_an_error_that_names_it():
    assert negation_scope({"kinds": {1: "when"}}) == NegationScope(frozenset({"when"}))   # a Lua list
    with pytest.raises(ValueError, match="unknown key.*'kind'"):
        negation_scope({"kind": ["when"]})
