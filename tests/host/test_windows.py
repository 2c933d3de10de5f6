"""The shared response-window and settling helpers (:mod:`rulestack.windows`), proven on the
test-only Tiny system: who receives priority when, what a pass by everyone does, and that settling
runs state checks before putting triggers in the system's order."""
from __future__ import annotations

from typing import Any

import attrs
import pytest

from rulestack import FunctionAgent, Game, RulestackError
from rulestack import decisions as d
from rulestack.agents import resolve_answer
from rulestack.windows import (ResponseWindow, acting_player, active_player, next_player, resolve_top,
                               run_response_window, settle)


class Table:
    """A Tiny position whose players answer from a script of action labels (other decisions: the
    first legal answer), recording every action window they are asked in."""

    def __init__(self, *actions: str) -> None:
        self.script = list(actions)
        self.asked: list[tuple[int, str, str]] = []   # (player, window, answer)
        agents = [FunctionAgent(self.decide) for _ in range(2)]
        self.game = Game.empty("tiny", agents=agents)
        self.game.auto_single = False      # every window is seen, even one offering only a pass
        self.game.journal.setattr(self.game.state, "phase", "main")
        for p in (0, 1):
            self.game.set_life(p, 10)
            self.game.set_value(p, "energy", 5)

    def decide(self, decision: d.Decision, seat: Any) -> Any:
        if decision.kind != d.ACTION:
            return decision.answers(limit=1)[0]
        label = self.script.pop(0) if self.script else "pass"
        answer = resolve_answer(decision, label)
        self.asked.append((decision.player, decision.prompt, decision.options[answer[0]].label))
        return answer

    def add(self, name: str, zone: str, player: int) -> int:
        return self.game.create_card(self.game.pool.code(name), player, zone, silent=True).id

    def names(self, zone: str, player: int | None = None) -> list[str]:
        return [c.name for c in self.game.cards_in(zone, player)]


def test_a_pass_by_everyone_resolves_the_top_item_and_priority_follows_the_rules():
    t = Table("activate Spark")
    t.add("Spark", "hand", 0)
    t.add("Grunt", "field", 1)
    ResponseWindow(window="response", after_action=next_player, after_resolution=active_player).run(t.game, 0)
    assert t.asked == [(0, "response", "activate Spark"),   # P0 casts; the opponent answers first
                       (1, "response", "pass"), (0, "response", "pass"),   # both pass: Spark resolves
                       (0, "response", "pass"), (1, "response", "pass")]   # active first; empty: closed
    assert t.names("discard", 1) == ["Grunt"]               # the state checks ran after resolving
    assert not t.game.state.stack


def test_the_acting_player_keeps_priority_after_an_action():
    t = Table("activate Spark")
    t.add("Spark", "hand", 0)
    t.add("Grunt", "field", 1)
    ResponseWindow(window="priority", after_action=acting_player).run(t.game, 0)
    assert [(p, a) for p, _, a in t.asked] == [(0, "activate Spark"), (0, "pass"), (1, "pass"), (0, "pass"),
                                               (1, "pass")]


def test_priority_after_a_resolution_goes_where_the_system_says():
    t = Table("pass", "activate Spark")       # P0 passes, P1 casts
    t.add("Spark", "hand", 1)
    t.add("Grunt", "field", 0)
    ResponseWindow(after_action=acting_player, after_resolution=lambda game: 1).run(t.game, 0)
    assert [(p, a) for p, _, a in t.asked] == [(0, "pass"), (1, "activate Spark"), (1, "pass"), (0, "pass"),
                                               (1, "pass"), (0, "pass")]


def test_until_empty_closes_the_window_when_the_stack_empties():
    t = Table("activate Spark")
    t.add("Spark", "hand", 0)
    t.add("Grunt", "field", 1)
    ResponseWindow(after_action=next_player, until_empty=True).run(t.game, 0)
    assert [(p, a) for p, _, a in t.asked] == [(0, "activate Spark"), (1, "pass"), (0, "pass")]
    assert t.names("discard", 1) == ["Grunt"]


def test_without_resolve_a_pass_by_everyone_closes_the_window_and_leaves_the_items():
    t = Table("activate Spark")
    t.add("Spark", "hand", 0)
    t.add("Grunt", "field", 1)
    ResponseWindow(after_action=next_player, resolve=None).run(t.game, 0)
    assert [(p, a) for p, _, a in t.asked] == [(0, "activate Spark"), (1, "pass"), (0, "pass")]
    assert [t.game.card(i.card).name for i in t.game.state.stack] == ["Spark"]
    resolve_top(t.game)                       # the caller resolves them when its rules say
    assert not t.game.state.stack and t.game.card(t.game.cards_in("field", 1)[0].id).status["damage"] == 1
    settle(t.game)
    assert t.names("discard", 1) == ["Grunt"]


def test_the_window_name_may_depend_on_the_player_and_the_ask_may_be_wrapped():
    t = Table()
    calls = []

    def ask(game: Game, player: int, window: str) -> Any:
        calls.append((player, window))
        return game.act(player, window, prompt=f"{window}!")

    run_response_window(t.game, None, window=lambda game, p: "main" if p == game.active_player else "response",
                        ask=ask)
    assert calls == [(0, "main"), (1, "response")]       # first: the active player by default
    assert [w for _, w, _ in t.asked] == ["main!", "response!"]


def test_the_window_settles_when_it_opens_and_after_actions_but_not_after_passes():
    t = Table("activate Spark")
    t.add("Spark", "hand", 0)
    t.add("Grunt", "field", 1)
    settled = []
    window = ResponseWindow(after_action=next_player, settle=lambda game: settled.append(len(t.asked)))
    window.run(t.game, 0)
    # when it opens (0 asked), after the cast (1), after the resolution (3); never after a pass
    assert settled == [0, 1, 3]


def test_a_window_is_a_frozen_value():
    window = ResponseWindow(window="priority")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        window.until_empty = True   # type: ignore[misc]
    assert window.window(None, 0) == "priority"


# -- settle -----------------------------------------------------------------------------------------

def test_settle_puts_simultaneous_triggers_in_the_systems_order():
    t = Table()
    t.add("Watcher", "field", 0)     # whenever a unit enters play, its controller gains 1 life
    t.add("Watcher", "field", 1)
    grunt = t.add("Grunt", "hand", 0)
    t.game.move(grunt, "field", cause="action", kind="played")
    assert len(t.game.state.pending) == 2
    assert settle(t.game) is True
    # Tiny orders APNAP: the active player's trigger goes on the stack first, so it resolves last
    assert [i.controller for i in t.game.state.stack] == [0, 1]
    assert not t.game.state.pending
    assert settle(t.game) is False          # nothing more to do
    resolve_top(t.game)
    assert [p.life for p in t.game.players] == [10, 11]


def test_settle_runs_state_checks_before_putting_triggers():
    t = Table()
    t.add("Watcher", "field", 1)
    wisp = t.add("Echo Wisp", "hand", 0)    # toughness 0 while alone: the rules discard it
    t.game.move(wisp, "field", cause="action", kind="played")
    assert settle(t.game) is True
    assert t.names("discard", 0) == ["Echo Wisp"]
    kinds = [e.kind for e in t.game.events]
    assert kinds.index("died") < kinds.index("activated")   # the state check came first
    assert [i.controller for i in t.game.state.stack] == [1]


@attrs.define
class _Looping:
    """A stand-in game whose every trigger raises another: settling must stop with an error."""

    rounds: list[str] = attrs.Factory(list)

    def run_state_checks(self) -> bool:
        self.rounds.append("checks")
        return False

    def take_triggers(self) -> list[str]:
        self.rounds.append("take")
        return ["again"]

    def put_trigger(self, trigger: str) -> None:
        self.rounds.append("put")


def test_settle_stops_a_loop_of_triggers_with_an_error_naming_the_limit():
    game = _Looping()
    with pytest.raises(RulestackError, match="after 3 rounds"):
        settle(game, limit=3)   # type: ignore[arg-type]
    assert game.rounds == ["checks", "take", "put"] * 3
