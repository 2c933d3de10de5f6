"""What a fork by copy (issue 20 item 1) carries over from its parent besides the state, and what
it shares with it: the runaway guard's counters, the scripts' allowance usage, the cards'
remembered values; the runtime (card pool, compiled scripts) is shared, a live engine never is —
a fork and its parent played interleaved are each what a replay of their own answers gives."""
from __future__ import annotations

import gc
import random
import sys
import weakref
from pathlib import Path

import pytest

from rulestack import Game
from rulestack.errors import RulestackError
from rulestack.fork import copy_fork
from rulestack.search import fork, replay_to
from rulestack.step import StepGame
from rulestack.system import find_system

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_fork import at_window  # noqa: E402


def usage_by_code(game: Game) -> dict[str, tuple[int, int]]:
    """Each card script's allowance usage (this turn, this game), by card code (script ids are
    each sandbox's own)."""
    engine = game._engine
    assert engine is not None
    code_of = {sid: code for code, sid in engine.script_ids.items()}
    return {code_of[sid]: used for sid, used in game.sandbox.usage().items()}


def guard_counters(game: Game) -> tuple:
    g = game._runaway
    return (g.limit, g.turn, g.count, g.ended, g.armed, g.window_turn, g.windows, dict(g.seen))


@pytest.mark.parametrize("system,seed,after", [("yugioh", 1, 60), ("digimon", 2, 25), ("onepiece", 3, 20)])
def test_a_copied_fork_starts_with_its_parents_guard_counters_and_script_usage(system, seed, after):
    parent = at_window(system, seed, after)
    child = fork(parent.game)
    try:
        assert child.method == "copy"
        assert guard_counters(child.game) == guard_counters(parent.game)
        used = usage_by_code(parent.game)
        assert used, "mid-game, some card script has used part of its allowances"
        assert usage_by_code(child.game) == used
    finally:
        child.close()
        parent.close()


def test_the_scripts_usage_of_a_fork_and_of_its_parent_are_independent():
    parent = at_window("yugioh", 1, 60)
    before = usage_by_code(parent.game)
    child = fork(parent.game)
    try:
        sandbox = child.game.sandbox
        sandbox.new_turn()   # the fork's allowances for the turn start again: not the parent's
        sandbox.set_usage({sid: (7, 7) for sid in sandbox.usage()})
        assert usage_by_code(parent.game) == before
        parent.game.sandbox.new_game()
        assert set(usage_by_code(child.game).values()) == {(7, 7)}
        assert before and usage_by_code(parent.game) == {}
        sandbox.set_usage({})   # as after new_game: every script's usage back to 0
        assert sandbox.usage() == {}
    finally:
        child.close()
        parent.close()


def test_a_remembered_value_and_the_guards_positions_of_a_fork_are_its_own():
    """``ctx:remember`` keeps a card's values in the host (``card.memory``), never in Lua: a fork
    has a copy. The runaway guard's positions seen this turn are a copy too."""
    parent = at_window("yugioh", 4, 120)
    child = fork(parent.game)
    try:
        card = next(iter(parent.game.state.cards))
        child.game.remember(card, "resolved_turn", 99)
        child.game._runaway.seen[b"probe"] = 3
        assert "resolved_turn" not in parent.game.card(card).memory
        assert b"probe" not in parent.game._runaway.seen
        parent.game.remember(card, "other", 1)
        assert "other" not in child.game.card(card).memory
        assert child.game.card(card).memory["resolved_turn"] == 99
    finally:
        child.close()
        parent.close()


@pytest.mark.parametrize("system,seed,after", [("yugioh", 1, 60), ("yugioh", 5, 90), ("onepiece", 3, 20)])
def test_a_fork_and_its_parent_played_interleaved_are_each_their_own_replay(system, seed, after):
    """The fork shares the parent's runtime (card pool, card facts, the engines' compiled scripts)
    and plays at the same time on its own engine: parent and fork take different answers, step by
    step in turn, and each is at every check exactly what a replay of its own answers reaches."""
    parent = at_window(system, seed, after)
    child = fork(parent.game)
    assert child.method == "copy"
    mine, theirs = random.Random(seed), random.Random(seed + 1000)
    try:
        for n in range(1, 61):
            for step, rng in ((parent, mine), (child, theirs)):
                if not step.done:
                    step.apply(rng.choice(step.legal_answers()))
            if n % 15 == 0 or parent.done or child.done:
                for step in (parent, child):
                    oracle = replay_to(step.game, list(step.game.decisions))
                    try:
                        assert oracle.game.state == step.game.state
                        assert oracle.game.event_log_json() == step.game.event_log_json()
                        assert usage_by_code(oracle.game) == usage_by_code(step.game)
                    finally:
                        oracle.close()
            if parent.done and child.done:
                break
        assert parent.game.decisions[:len(child.game.decisions)] != child.game.decisions, \
            "the two games took different answers"
    finally:
        child.close()
        parent.close()


def test_forks_of_forks_by_copy_are_equal_to_the_parent():
    parent = at_window("yugioh", 7, 30)
    forks = [fork(parent.game)]
    try:
        for _ in range(3):
            forks.append(fork(forks[-1].game))
        assert [f.method for f in forks] == ["copy"] * 4
        for f in forks:
            assert f.game.state == parent.game.state
            assert usage_by_code(f.game) == usage_by_code(parent.game)
            assert guard_counters(f.game) == guard_counters(parent.game)
    finally:
        for f in forks:
            f.close()
        parent.close()


def test_a_fork_at_a_decision_asked_from_inside_a_running_script_replays():
    """A choice a card script asks for (a target, a cost, "choose one") is answered to a Lua call
    paused on its greenlet: nothing can copy that, so the fork replays — and is just as equal."""
    step = StepGame(Game("yugioh", list(find_system("yugioh").sample_decks), seed=2))
    rng = random.Random(2)
    try:
        while not step.done:
            engine = step.game._engine
            if engine is not None and engine.contexts and len(step.legal_answers()) > 1:
                break   # a script call is running: the decision was asked from inside it
            step.apply(rng.choice(step.legal_answers()))
        assert not step.done, "no decision was asked from inside a script"
        assert copy_fork(step.game) is None
        child = fork(step.game)
        try:
            assert child.method == "replay"
            assert child.game.state == step.game.state
            assert child.decision.describe() == step.decision.describe()
        finally:
            child.close()
    finally:
        step.close()


@pytest.mark.parametrize("system,seed", [("mtg", 1), ("pmv", 1)])
def test_mtg_and_pmv_windows_are_forked_by_replay_and_equal(system, seed):
    """MTG and PMV declare no re-entrant window (fork.py's docs say why): their main-phase
    priority windows fork by replay, equal to the parent and played on alike."""
    assert not getattr(find_system(system), "resumable_windows", frozenset())
    step = StepGame(Game(system, list(find_system(system).sample_decks), seed=seed))
    rng = random.Random(seed)
    try:
        for _ in range(300):
            state = step.game.state
            if (step.decision.kind == "action" and state.turn >= 3 and state.phase in ("main", "precombat_main")
                    and step.decision.player == state.active_player):
                break
            step.apply(rng.choice(step.legal_answers()))
        assert step.decision.kind == "action"
        child = fork(step.game)
        try:
            assert child.method == "replay"
            assert child.game.state == step.game.state
            for _ in range(10):
                if step.done:
                    break
                answer = rng.choice(step.legal_answers())
                step.apply(answer)
                child.apply(answer)
            assert child.game.state == step.game.state
        finally:
            child.close()
    finally:
        step.close()


def test_a_closed_fork_is_freed_at_once_and_its_state_stays_readable():
    """Closing a fork lets go of its game's rules objects, so that the fork is freed by reference
    counting, without waiting for the cyclic garbage collector (a search makes thousands)."""
    parent = at_window("yugioh", 1, 60)
    gc.disable()
    try:
        for method in ("copy", "replay"):
            child = fork(parent.game) if method == "copy" else replay_to(parent.game, list(parent.game.decisions))
            assert child.method == method
            child.apply(child.legal_answers()[0])
            game, state = weakref.ref(child.game), weakref.ref(child.game.state)
            child.close()
            assert child.game.state.turn == parent.game.state.turn and child.game.decisions
            with pytest.raises(RulestackError, match="this fork was closed"):
                child.game.view(0)
            child.close()   # twice is fine
            del child
            assert game() is None and state() is None
    finally:
        gc.enable()
        parent.close()


def test_a_fork_takes_a_copy_of_the_systems_plain_per_game_values_and_leaves_the_others_new():
    parent = at_window("yugioh", 4, 120)
    system = parent.game.system
    system.probe_counts = (1, [2, 3], {"k": [4]})   # plain: copied, nothing shared
    system.probe_cards = [parent.game.card(next(iter(parent.game.state.cards)))]   # not plain: left new
    child = fork(parent.game)
    try:
        assert child.method == "copy"
        mine = child.game.system
        assert mine.probe_counts == system.probe_counts
        assert mine.probe_counts[1] is not system.probe_counts[1]
        assert mine.probe_counts[2]["k"] is not system.probe_counts[2]["k"]
        assert not hasattr(mine, "probe_cards")
        assert child.game.journal.version == parent.game.journal.version   # (caches keyed on it hold)
    finally:
        child.close()
        parent.close()
