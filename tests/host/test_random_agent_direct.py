"""An action window whose player is a plain :class:`RandomAgent` (its class's own ``decide``) and
that no plugin is told the answers of is answered without building the decision: the agent's
:meth:`~RandomAgent.action_index` for the number of actions, recorded as ``decide`` records it.
The games are the ones the full path plays (same draws, same answers, same events), and anything
else (a subclass, a ``decide`` of the instance or of the class, a ``decision_answered`` plugin)
goes the full way."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rulestack import Game, RandomAgent, hookimpl
from rulestack import _asking
from rulestack import decisions as d

_PLAYS = [("tiny", ["alpha", "beta"], 3), ("tiny", ["alpha", "beta"], 8), ("yugioh", None, 1), ("mtg", None, 2),
          ("onepiece", None, 0)]


class _Full(RandomAgent):
    """The same agent, but not of the class itself: its windows go the full way."""


def _decks(system: str, decks: list[str] | None) -> list[Any]:
    if decks is not None:
        return decks
    from rulestack.system import find_system
    return list(find_system(system).sample_decks)[:2]


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the action windows that build their options (the full way)."""
    built = [0]
    real = _asking.DecisionAsking._action_options

    def counted(self: Any, actions: Any) -> Any:
        built[0] += 1
        return real(self, actions)

    monkeypatch.setattr(_asking.DecisionAsking, "_action_options", counted)
    return built


def _play(system: str, decks: list[str] | None, seed: int, agent_cls: type[RandomAgent] = RandomAgent,
          **kw: Any) -> tuple[str, list[Any]]:
    agents = [agent_cls(seed * 7919 + i + 1) for i in range(2)]   # (the game's default agents' seeds)
    game = Game(system, _decks(system, decks), seed=seed, agents=agents, **kw)
    try:
        game.play()
        return game.event_log_json(), list(game.decisions)
    finally:
        game.close()


@pytest.mark.parametrize("system,decks,seed", _PLAYS)
def test_the_direct_answers_play_the_games_of_the_full_path(monkeypatch, system, decks, seed):
    built = _counting(monkeypatch)
    direct = _play(system, decks, seed)
    assert built[0] == 0                       # no window built its decision
    full = _play(system, decks, seed, _Full)
    assert built[0] > 3                        # (the windows with a choice, the full way)
    assert direct == full


def test_the_default_agents_answer_directly(monkeypatch):
    built = _counting(monkeypatch)
    game = Game("tiny", ["alpha", "beta"], seed=5)
    game.play()
    assert built[0] == 0 and len(game.decisions) > 3


def test_an_agent_whose_decide_is_replaced_is_asked(monkeypatch):
    built = _counting(monkeypatch)
    asked: list[d.Decision] = []
    agents = [RandomAgent(1), RandomAgent(2)]
    for agent in agents:
        real = agent.decide
        agent.decide = lambda decision, seat, real=real: asked.append(decision) or real(decision, seat)  # type: ignore[method-assign]
    Game("tiny", ["alpha", "beta"], seed=3, agents=agents).play()
    actions = [x for x in asked if x.kind == d.ACTION]
    assert actions and built[0] == len(actions)


def test_a_decide_replaced_on_the_class_is_asked(monkeypatch):
    built = _counting(monkeypatch)
    asked: list[d.Decision] = []
    real = RandomAgent.decide

    def spy(self: RandomAgent, decision: d.Decision, seat: Any) -> Any:
        asked.append(decision)
        return real(self, decision, seat)

    monkeypatch.setattr(RandomAgent, "decide", spy)
    Game("tiny", ["alpha", "beta"], seed=3).play()
    assert built[0] == len([x for x in asked if x.kind == d.ACTION]) > 3


class _Listener:
    def __init__(self) -> None:
        self.answers: list[tuple[str, Any]] = []

    @hookimpl
    def decision_answered(self, game: Any, decision: Any, answer: Any) -> None:
        self.answers.append((decision.kind, answer))


def test_a_plugin_told_of_answers_hears_every_action_answer():
    listener = _Listener()
    direct = _play("tiny", ["alpha", "beta"], 3)
    heard = _play("tiny", ["alpha", "beta"], 3, plugins=[listener])
    assert heard == direct
    assert [a for _, a in listener.answers] == heard[1]           # every answer, in order
    assert sum(kind == d.ACTION for kind, _ in listener.answers) > 3


def test_action_index_is_the_action_answer_of_decide():
    agent, twin = RandomAgent(11), RandomAgent(11)
    for n in [1, 2, 3, 5, 8, 13, 64, 100] * 20:
        decision = d.Decision(0, d.ACTION, "act", tuple(d.Option(str(i), i) for i in range(n)))
        assert [agent.action_index(n)] == twin.decide(decision, None)   # type: ignore[arg-type]
    assert agent.rng.getstate() == twin.rng.getstate()
    other = RandomAgent(4)
    other.rng = type("Other", (random.Random,), {})(4)    # another generator: its randrange
    assert other.action_index(6) == random.Random(4).randrange(6)


def _chooser(agent: RandomAgent, auto_single: bool = True) -> Game:
    game = Game("tiny", ["alpha", "beta"], seed=2, agents=[agent, RandomAgent(9)])
    game.start()
    game.auto_single = auto_single
    return game


_CHOICES = [(0, 1), (1, 1), (1, 3), (2, 2), (0, 0), (0, 5), (3, 3), (4, 4), (2, 9)]


@pytest.mark.parametrize("auto_single", [True, False])
def test_choose_cards_answers_as_the_full_way(monkeypatch, auto_single):
    built = [0]
    real = _asking.DecisionAsking.card_option

    def counted(self: Any, *args: Any, **kw: Any) -> Any:
        built[0] += 1
        return real(self, *args, **kw)

    monkeypatch.setattr(_asking.DecisionAsking, "card_option", counted)
    direct, full = _chooser(RandomAgent(5), auto_single), _chooser(_Full(5), auto_single)
    ids = sorted(direct.state.cards)[:4]
    assert ids == sorted(full.state.cards)[:4]
    for n in range(5):
        for lo, hi in _CHOICES:
            if lo > n and not (auto_single and lo == hi == 0):
                continue
            for kind in (list, tuple):
                before = built[0]
                got = direct.choose_cards(0, kind(ids[:n]), lo, hi, "pick")
                assert built[0] == before       # (no option built)
                assert got == full.choose_cards(0, kind(ids[:n]), lo, hi, "pick")
                assert type(got) is list and lo <= len(got) <= hi
    assert built[0] > 20 and len(full.decisions) > 20
    assert direct.decisions == full.decisions and [type(x) for x in direct.decisions] == [list] * len(full.decisions)
    assert direct.agents[0].rng.getstate() == full.agents[0].rng.getstate()


def test_choose_cards_goes_the_full_way_for_what_it_cannot_answer():
    game = _chooser(RandomAgent(5))
    ids = sorted(game.state.cards)[:3]
    with pytest.raises(KeyError):
        game.choose_cards(0, ids + [10_000], 1, 1, "pick")         # no such card: said as the full way says it
    with pytest.raises(ValueError):
        game.choose_cards(0, ids, 4, 4, "pick")                    # more than there are: the agent cannot
    assert game.choose_cards(0, iter(ids), 3, 3, "pick") == ids    # (not a list: the full way)


def test_without_auto_single_a_lone_action_is_drawn_as_the_agent_draws_it(monkeypatch):
    def play(agent_cls: type[RandomAgent]) -> tuple[str, list[Any]]:
        game = Game("tiny", ["alpha", "beta"], seed=6, agents=[agent_cls(1), agent_cls(2)])
        game.auto_single = False
        game.play()
        return game.event_log_json(), list(game.decisions)

    built = _counting(monkeypatch)
    direct = play(RandomAgent)
    assert built[0] == 0
    assert direct == play(_Full) and built[0] > 3
