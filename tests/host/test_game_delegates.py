"""The methods of Game that a game binds to its parts (rulestack.game._DELEGATES) only hand their
arguments on: each has the very signature (names, kinds, defaults) of the part's method it is
replaced by, so a call means the same either way."""
from __future__ import annotations

import inspect

import pytest

from rulestack import Game
from rulestack.game import _DELEGATES
from tinygame.system import TinyGame

_PARTS = {"primitives": "StatePrimitives", "derived": "DerivedValues", "flow": "ActionFlow",
          "asking": "DecisionAsking", "views": "PlayerViews"}


@pytest.mark.parametrize("part,name", [(part, name) for part, names in _DELEGATES for name in names])
def test_a_delegate_has_the_signature_of_the_method_it_is_bound_to(part, name):
    game = Game.empty(TinyGame)
    try:
        bound = getattr(game, name)
        assert bound.__self__ is getattr(game, part) and type(bound.__self__).__name__ == _PARTS[part]
        ours = inspect.signature(getattr(Game, name))
        theirs = inspect.signature(getattr(type(bound.__self__), name))
        assert str(ours) == str(theirs), (name, str(ours), str(theirs))
        source = inspect.getsource(getattr(Game, name))
        assert f"self.{part}.{name}(" in source, "the method of Game hands its arguments to the part's"
    finally:
        game.close()


def test_a_subclass_that_overrides_a_delegate_is_called():
    class Watching(Game):
        moved = 0

        def move(self, *args, **kw):
            type(self).moved += 1
            return super().move(*args, **kw)

    game = Watching.empty(TinyGame)
    try:
        card = game.create_card(game.pool.code("Grunt"), 0, "hand", silent=True)
        game.move(card, "field")
        assert Watching.moved == 1 and card.zone == "field"
    finally:
        game.close()
