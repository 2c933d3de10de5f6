"""A triggered ability's resolution sees the :class:`~rulestack.Event` that triggered it as
``ctx.event`` (not only the plain record kept on the item), proven on the Tiny system."""
from __future__ import annotations

from typing import Any

from rulestack import Game
from rulestack.context import triggering_event
from rulestack.windows import resolve_top, settle


def _table() -> Game:
    game = Game.empty("tiny")
    game.journal.setattr(game.state, "phase", "main")
    for p in (0, 1):
        game.set_life(p, 10)
    return game


def test_the_resolution_context_of_a_trigger_carries_the_event_that_triggered_it(monkeypatch):
    game = _table()
    watcher = game.create_card(game.pool.code("Watcher"), 0, "field", silent=True)   # "whenever a unit enters play"
    grunt = game.create_card(game.pool.code("Grunt"), 1, "hand", silent=True)
    game.move(grunt.id, "field", cause="action", kind="played")
    played = game.state.log[-1]
    assert played.kind == "played"
    assert settle(game) is True
    seen: list[Any] = []
    real = game.run_script

    def spy(card: Any, fn: Any, ctx: Any, *args: Any) -> Any:
        seen.append((card.id, ctx.item is not None, ctx.event))
        return real(card, fn, ctx, *args)

    monkeypatch.setattr(game, "run_script", spy)
    resolve_top(game)
    assert (watcher.id, True, played) in seen          # the very Event from the log, not a copy
    assert game.players[0].life == 11                  # and the ability resolved as before


def test_an_item_no_event_triggered_has_no_event():
    game = _table()
    game.set_value(0, "energy", 5)
    spark = game.create_card(game.pool.code("Spark"), 0, "hand", silent=True)
    game.create_card(game.pool.code("Grunt"), 1, "field", silent=True)
    item = game.activate(0, spark.id, 0)
    assert item is not None
    assert item.event is None and triggering_event(game, item) is None
    assert game.context(card=spark, item=item).event is None
