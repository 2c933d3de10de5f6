"""Forks by copy (issue 20 item 1): a copied state, the turn re-entered at a re-entrant action
window, replay everywhere else — independent of the parent, and played on exactly like it."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rulestack import Game
from rulestack.events import Event
from rulestack.fork import ForkedGame, copy_fork
from rulestack.journal import Journaled
from rulestack.search import fork, replay_to
from rulestack.state_copy import copy_state
from rulestack.step import StepGame
from rulestack.system import find_system


def at_window(system: str, seed: int, after: int, window_kind: str = "action") -> StepGame:
    """A stepped game of ``system`` played at random for ``after`` answers, then on to the next
    action window of the turn player's main phase that a fork can copy."""
    step = StepGame(Game(system, list(find_system(system).sample_decks), seed=seed))
    rng = random.Random(seed)
    for _ in range(after):
        step.apply(rng.choice(step.legal_answers()))
    for _ in range(500):
        assert not step.done, "the game ended before a main-phase window"
        if step.decision.kind == window_kind and step.decision.player == step.game.state.active_player \
                and step.game.state.phase in ("main", "main1", "main2"):
            probe = copy_fork(step.game)
            if probe is not None:
                probe.close()
                return step
        step.apply(rng.choice(step.legal_answers()))
    raise AssertionError("no copyable window found")


def mutable_objects(value: Any, seen: dict[int, Any] | None = None) -> dict[int, Any]:
    """Every mutable object reachable from a state (dicts, lists, journaled objects, attrs
    records, the RNG), by id; events and card definitions are immutable and not walked."""
    seen = {} if seen is None else seen
    if isinstance(value, (int, str, float, bool, type(None), Event)) or id(value) in seen:
        return seen
    if isinstance(value, tuple):
        for v in value:
            mutable_objects(v, seen)
        return seen
    if isinstance(value, (frozenset,)):
        return seen
    seen[id(value)] = value
    if isinstance(value, dict):
        for k, v in value.items():
            mutable_objects(v, seen)
    elif isinstance(value, list):
        for v in value:
            mutable_objects(v, seen)
    elif isinstance(value, Journaled) or hasattr(value, "__attrs_attrs__"):
        names = getattr(value, "__slots__", ()) or vars(value)
        for name in names:
            if name not in ("_journal", "definition", "spec", "__dict__") and hasattr(value, name):
                mutable_objects(getattr(value, name), seen)
    return seen


@pytest.mark.parametrize("system,seed,after", [("yugioh", 1, 60), ("yugioh", 4, 120), ("digimon", 2, 25),
                                               ("onepiece", 3, 20)])
def test_a_fork_at_a_reentrant_window_is_a_copy_equal_to_its_parent(system, seed, after):
    parent = at_window(system, seed, after)
    child = parent.game.fork()
    try:
        assert isinstance(child, ForkedGame) and child.method == "copy"
        assert child.game.state == parent.game.state
        assert child.decision.describe() == parent.decision.describe()
        assert child.game.decisions == parent.game.decisions
    finally:
        child.close()
        parent.close()


@pytest.mark.parametrize("system,seed,after", [("yugioh", 1, 60), ("yugioh", 7, 30), ("digimon", 5, 20),
                                               ("onepiece", 6, 15)])
def test_a_copied_fork_played_with_the_parents_answers_reaches_the_same_states_to_the_end(system, seed, after):
    parent = at_window(system, seed, after)
    child = fork(parent.game)
    assert child.method == "copy"
    rng = random.Random(seed)
    try:
        n = 0
        while not parent.done:
            answer = rng.choice(parent.legal_answers())
            parent.apply(answer)
            child.apply(answer)
            n += 1
            if n % 8 == 0 or parent.done:   # (a state comparison goes through plain data: not every step)
                assert child.game.state == parent.game.state
        assert child.done and child.result == parent.result
        assert child.game.event_log_json() == parent.game.event_log_json()
    finally:
        child.close()
        parent.close()


def test_a_copied_fork_shares_no_mutable_object_with_its_parent():
    parent = at_window("yugioh", 1, 60)
    child = fork(parent.game)
    try:
        assert child.method == "copy"
        mine, theirs = mutable_objects(parent.game.state), mutable_objects(child.game.state)
        shared = set(mine) & set(theirs)
        assert not shared, [type(mine[i]).__name__ for i in shared]
        assert child.game.journal is not parent.game.journal and child.game.sandbox is not parent.game.sandbox
        for name in type(parent.game.index).__slots__:   # the card index: copied (what it knows of definitions: shared)
            if name != "_facts":
                ours, its = mutable_objects(getattr(parent.game.index, name)), mutable_objects(getattr(child.game.index, name))
                assert ours and not set(ours) & set(its), name
        assert child.game.index.listeners == parent.game.index.listeners
        assert child.game.system is not parent.game.system
        assert not set(mutable_objects(vars(parent.game.system))) & set(mutable_objects(vars(child.game.system)))
        # the events of the log are shared: they cannot change
        assert child.game.state.log[-1] is parent.game.state.log[-1]
        with pytest.raises(TypeError):
            child.game.state.log[-1].data["x"] = 1   # type: ignore[index]
    finally:
        child.close()
        parent.close()


def test_mutating_a_copied_fork_leaves_the_parent_unchanged_and_the_other_way_round():
    parent = at_window("yugioh", 4, 120)
    before = parent.game.state.to_data()
    child = fork(parent.game)
    try:
        assert child.method == "copy"
        state = child.game.state
        card = next(iter(state.cards.values()))
        card.status["probe"] = 1
        card.memory["note"] = [1, 2]
        state.players[0].life = -99
        state.players[1].values["probe"] = {"a": [1]}
        state.zones[("hand", 0)].cards.clear()
        state.values["probe"] = True
        state.random.seed(12345)
        state.decisions.append([0])
        child.apply(child.legal_answers()[-1])
        assert parent.game.state.to_data() == before
        # and the parent played on leaves the fork as it was
        fork_data = child.game.state.to_data()
        parent.apply(parent.legal_answers()[0])
        parent.game.state.players[1].life = 1
        assert child.game.state.to_data() == fork_data
    finally:
        child.close()
        parent.close()


def test_a_decision_that_is_not_a_reentrant_window_is_forked_by_replay_and_is_just_as_equal():
    step = StepGame(Game("yugioh", list(find_system("yugioh").sample_decks), seed=3))
    rng = random.Random(3)
    found = 0
    try:
        while not step.done and found < 3:
            if step.decision.kind != "action" and len(step.legal_answers()) > 1:
                child = fork(step.game)
                assert child.method == "replay"   # asked in the middle of a procedure: not copied
                assert child.game.state == step.game.state
                assert child.decision.describe() == step.decision.describe()
                child.close()
                found += 1
            step.apply(rng.choice(step.legal_answers()))
        assert found == 3
    finally:
        step.close()


def test_a_window_wrongly_declared_reentrant_is_caught_and_replayed(monkeypatch):
    """PMV's phases start with their regulated effect and a recorded event: re-entering one at its
    priority window changes the state, so the host refuses the copy and replays."""
    monkeypatch.setattr(find_system("pmv"), "resumable_windows", frozenset({"priority"}), raising=False)
    step = StepGame(Game("pmv", list(find_system("pmv").sample_decks), seed=1))
    rng = random.Random(1)
    try:
        for _ in range(30):
            step.apply(rng.choice(step.legal_answers()))
        while step.decision.kind != "action":
            step.apply(rng.choice(step.legal_answers()))
        assert copy_fork(step.game) is None
        child = fork(step.game)
        assert child.method == "replay" and child.game.state == step.game.state
        child.close()
    finally:
        step.close()


def test_a_fork_by_copy_works_for_an_agent_deciding_inside_play():
    """The search agents fork from inside ``game.play()`` (no stepped game): the waiting frames
    are found on the caller's own stack."""
    seen: list[str] = []

    class Forker:
        def __init__(self) -> None:
            self.rng = random.Random(0)

        def decide(self, decision: Any, seat: Any) -> Any:
            if decision.kind == "action" and len(seen) < 3 and seat.game.state.turn > 4:
                child = fork(seat.game)
                assert child.game.state == seat.game.state
                seen.append(child.method)
                child.close()
            return self.rng.choice(decision.answers(limit=64))

    game = Game("yugioh", list(find_system("yugioh").sample_decks), seed=2, agents=[Forker(), Forker()])
    game.play()
    assert "copy" in seen


def test_copy_state_is_equal_and_independent_for_a_fresh_game():
    game = Game("mtg", list(find_system("mtg").sample_decks), seed=1)
    game.start()
    copy = copy_state(game.state)
    assert copy == game.state
    assert not set(mutable_objects(copy)) & set(mutable_objects(game.state))
    copy.zones[("library", 0)].cards.reverse()
    assert copy != game.state
    game.close()


def test_a_fork_by_replay_is_still_available_and_equal():
    parent = at_window("yugioh", 1, 60)
    try:
        a, b = fork(parent.game), replay_to(parent.game, list(parent.game.decisions))
        assert a.method == "copy" and b.method == "replay"
        assert a.game.state == b.game.state
        rng = random.Random(5)
        for _ in range(20):
            if a.done:
                break
            answer = rng.choice(a.legal_answers())
            a.apply(answer)
            b.apply(answer)
            assert a.game.state == b.game.state
        a.close()
        b.close()
    finally:
        parent.close()
