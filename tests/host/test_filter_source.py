"""Card filters that read the card they belong to: the built-in ``attached_to_self`` and
``host_of_self`` keys, and a system's filter-key function that asks for ``source``; proven on the
Tiny system and a test system built on it."""
from __future__ import annotations

from typing import Any

from rulestack import Game
from rulestack.filters import takes_source
from tinygame.system import TinyGame


def _lineup(game: Game) -> dict[str, Any]:
    cards = {name: game.create_card(game.pool.code(name), 0, "field", silent=True)
             for name in ("Grunt", "Brute", "Watcher")}
    cards["Hush Totem"] = game.create_card(game.pool.code("Hush Totem"), 0, "field", silent=True)
    game.set(cards["Hush Totem"], "attached_to", cards["Brute"].id)    # the relic hangs on the Brute
    game.set(cards["Watcher"], "attached_to", cards["Brute"].id)
    return cards


def _names(game: Game, spec: dict, source: Any) -> list[str]:
    return sorted(c.name for c in game.find(spec, 0, source))


def test_host_of_self_is_the_card_the_filters_card_is_attached_to():
    game = Game.empty("tiny")
    cards = _lineup(game)
    totem = cards["Hush Totem"]
    assert _names(game, {"zone": "field", "host_of_self": True}, totem) == ["Brute"]
    assert _names(game, {"zone": "field", "host_of_self": False}, totem) == ["Grunt", "Hush Totem", "Watcher"]
    assert _names(game, {"zone": "field", "host_of_self": True}, cards["Grunt"]) == []   # attached to nothing


def test_attached_to_self_is_every_card_attached_to_the_filters_card():
    game = Game.empty("tiny")
    cards = _lineup(game)
    assert _names(game, {"zone": "field", "attached_to_self": True}, cards["Brute"]) == ["Hush Totem", "Watcher"]
    assert _names(game, {"zone": "field", "attached_to_self": True}, cards["Grunt"]) == []
    assert _names(game, {"zone": "field", "attached_to_self": True}, None) == []          # no card: nothing


def _stronger_than_me(game: Any, card: Any, want: Any, player: Any, source: Any = None) -> bool:
    mine = game.value(source, "power") if source is not None else 0
    return ((game.value(card, "power") or 0) > mine) == bool(want)


def _old_style(game: Any, card: Any, want: Any, player: Any) -> bool:
    return card.name == want


class SourceTiny(TinyGame):
    """Tiny with two extra filter keys: one that reads the filter's card, one that does not."""

    name = "sourcetiny"
    title = "Source Tiny (a test system whose filter keys read the filter's card)"
    filter_keys = {**TinyGame.filter_keys, "stronger_than_me": _stronger_than_me, "named": _old_style}


def test_a_system_filter_key_asking_for_source_gets_the_filters_card():
    assert takes_source(_stronger_than_me) and not takes_source(_old_style)
    game = Game.empty(SourceTiny)
    cards = _lineup(game)
    grunt = cards["Grunt"]
    assert game.value(cards["Brute"], "power") > game.value(grunt, "power")
    assert _names(game, {"zone": "field", "stronger_than_me": True}, grunt) == ["Brute"]
    assert "Brute" not in _names(game, {"zone": "field", "stronger_than_me": True}, cards["Brute"])
    assert _names(game, {"zone": "field", "named": "Brute"}, grunt) == ["Brute"]   # the 4-argument form still works
