"""The hook specifications name the real classes and say how their answers combine.

The annotations in ``rulestack.hookspecs`` are imported for the type checker only; these tests
resolve them against the real modules, so a renamed or moved class breaks a test here and not
only a plugin author's editor.
"""
import inspect
import typing

import pytest

from rulestack import hookspecs
from rulestack.cards import Ability, CardEntry, CostComponent, Deck
from rulestack.events import Event
from rulestack.flow import Action, Activation, ChoiceRequest, GameResult, PendingTrigger
from rulestack.game import Game
from rulestack.state import Card, Item
from rulestack.values import Modifier

NAMESPACE = {cls.__name__: cls for cls in (Ability, CardEntry, CostComponent, Deck, Event, Action, Activation,
                                           ChoiceRequest, GameResult, PendingTrigger, Game, Card, Item, Modifier)}
SPECS = {name: fn for name, fn in vars(hookspecs).items()
         if callable(fn) and hasattr(fn, f"{hookspecs.PROJECT}_spec")}

#: The class each argument name stands for, wherever it appears.
ARGUMENT_CLASSES = {"game": Game, "activation": Activation, "item": Item, "card": Card, "ability": Ability,
                    "action": Action, "request": ChoiceRequest, "deck": Deck, "result": GameResult,
                    "entry": CardEntry}


def test_the_hooks_are_found():
    assert {"setup_game", "play_turn", "can_activate", "push_item", "order_triggers", "game_over"} <= set(SPECS)


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_annotation_resolves_to_real_classes(name):
    fn = SPECS[name]
    hints = typing.get_type_hints(fn, globalns={**vars(hookspecs), **NAMESPACE})
    params = inspect.signature(fn).parameters
    assert set(params) | {"return"} == set(hints), f"{name}: every argument and the result are annotated"
    for arg in params:
        assert hints[arg] is not typing.Any, f"{name}({arg}) is typed Any"
        if arg in ARGUMENT_CLASSES:
            assert ARGUMENT_CLASSES[arg] in (hints[arg], *typing.get_args(hints[arg])), (name, arg, hints[arg])


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_docstring_says_how_answers_combine(name):
    fn = SPECS[name]
    first = getattr(fn, f"{hookspecs.PROJECT}_spec")["firstresult"]
    doc = " ".join(inspect.getdoc(fn).split())
    if first:
        assert "None" in doc, f"{name} stops at the first answer that is not None: say what None means"
    else:
        assert "*firstresult*" not in doc, f"{name} is not firstresult, but its docstring says it is"
        assert "every plugin" in doc.lower(), f"{name} calls every plugin: its docstring must say how answers combine"
