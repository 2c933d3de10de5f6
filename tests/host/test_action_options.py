"""The options of an action window: one ``Option(label or kind, action, card)`` per action offered,
made once per Action object (systems offer the same frozen actions again and again) and never
standing for another action, even one equal to it or made where a forgotten one was."""
from __future__ import annotations

import random
from typing import Any

from rulestack import Action, FunctionAgent, Game
from rulestack import _asking
from rulestack.decisions import Option
from tinygame.system import TinyGame


def _game() -> Game:
    return Game.empty(TinyGame)


def test_each_action_gets_the_option_a_fresh_one_would_be():
    asking = _game().asking
    actions = [Action("pass", 0), Action("play", 0, card=7, label="Play Grunt"), Action("attack", 1, card=3)]
    options = asking._action_options(actions)
    assert options == tuple(Option(a.label or a.kind, a, a.card) for a in actions)
    assert all(o.value is a for o, a in zip(options, actions))


def test_an_action_offered_again_gets_the_same_option_and_an_equal_one_its_own():
    asking = _game().asking
    act = Action("play", 0, card=7, label="Play Grunt")
    first = asking._action_options([act])[0]
    assert asking._action_options([act])[0] is first
    twin = Action("play", 0, card=7, label="Play Grunt")   # equal, another object
    other = asking._action_options([twin])[0]
    assert other == first and other.value is twin


def test_the_options_kept_are_bounded(monkeypatch):
    monkeypatch.setattr(_asking, "_KEPT_OPTIONS", 10)
    asking = _game().asking
    for i in range(50):
        options = asking._action_options([Action("play", 0, card=i)])
        assert options[0].value.card == i and options[0].card == i
        assert len(asking._options) <= 11


def test_the_agent_is_offered_the_actions_of_the_window():
    seen: list[Any] = []
    rng = random.Random(5)

    def agent(decision: Any, seat: Any) -> Any:
        if decision.kind == "action":
            seen.append(decision.options)
        return rng.choice(decision.answers(limit=200))

    game = Game("tiny", ["alpha", "beta"], seed=3, agents=[FunctionAgent(agent), FunctionAgent(agent)])
    real = game.asking.legal_actions
    offered: list[list[Action]] = []

    def spy(player: int, window: str) -> list[Action]:
        acts = real(player, window)
        offered.append(acts)
        return acts

    game.asking.legal_actions = spy   # type: ignore[method-assign]
    game.play()
    many = [acts for acts in offered if len(acts) > 1]
    assert len(many) == len(seen) > 5
    for acts, options in zip(many, seen):
        assert [o.value for o in options] == acts and all(o.value is a for o, a in zip(options, acts))
        assert [(o.label, o.card) for o in options] == [(a.label or a.kind, a.card) for a in acts]
