""""Your" and "your opponent's" in a card filter reach cards in a shared zone (one with no
player, like Tiny's stack) by comparing the perspective player with the card's controller."""
from __future__ import annotations

from rulestack import Game
from tinygame.system import TinyGame


def _names(game: Game, spec: dict, player: int) -> list[str]:
    return sorted(c.name for c in game.find(spec, player))


def test_your_cards_in_a_shared_zone_are_the_ones_you_control():
    game = Game.empty(TinyGame)
    spark = game.create_card(game.pool.code("Spark"), 0, "stack", silent=True)
    game.create_card(game.pool.code("Ember"), 1, "stack", silent=True)
    assert spark.zone_player is None                  # the zone is shared
    assert _names(game, {"zone": "stack", "player": "you"}, 0) == ["Spark"]
    assert _names(game, {"zone": "stack", "player": "opponent"}, 0) == ["Ember"]
    assert _names(game, {"zone": "stack", "controller": "you"}, 1) == ["Ember"]
    assert _names(game, {"zone": "stack", "player": "any"}, 0) == ["Ember", "Spark"]


def test_control_not_ownership_decides_in_a_shared_zone():
    game = Game.empty(TinyGame)
    spark = game.create_card(game.pool.code("Spark"), 0, "stack", silent=True)
    game.set(spark, "controller", 1)                  # P1 has taken control of P0's card
    assert _names(game, {"zone": "stack", "player": "you"}, 1) == ["Spark"]
    assert _names(game, {"zone": "stack", "player": "you"}, 0) == []
    assert _names(game, {"zone": "stack", "owner": "you"}, 0) == ["Spark"]


def test_a_card_moved_into_a_shared_zone_stays_under_its_owners_control():
    game = Game.empty(TinyGame)
    spark = game.create_card(game.pool.code("Spark"), 1, "hand", silent=True)
    game.move(spark.id, "stack")
    assert _names(game, {"zone": "stack", "player": "you"}, 1) == ["Spark"]
