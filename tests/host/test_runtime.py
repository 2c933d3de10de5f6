"""The runtime built once and reused: a game on a reused runtime is the game on a fresh one, and
nothing of one game (Lua globals and top-level locals, the RNG, caches on the system instance, a
game's plugins, card memory) can be seen from the next."""
from __future__ import annotations

import copy
import copyreg

import pytest

from rulestack import Game
from rulestack.hookspecs import hookimpl
from rulestack.runtime import Engine, Runtime, _copier, _Unplanned
from rulestack.scenario import Scenario
from rulestack.step import StepGame
from rulestack.system import find_system

HOARDER = """
local calls = 0
return {
  abilities = {
    { kind = "spell",
      resolve = function(ctx)
        calls = calls + 1
        kept = (kept or 0) + 1
        string.kept = (string.kept or 0) + 1
        return calls, kept, string.kept, math.random(1, 1000000)
      end },
  },
}
"""


@pytest.fixture
def hoarder_cards(tmp_path):
    (tmp_path / "hoarder.lua").write_text(HOARDER, encoding="utf-8")
    data = tmp_path / "cards.yaml"
    data.write_text("- {code: H01, name: Hoarder, type: spell, script: hoarder.lua}\n", encoding="utf-8")
    return str(data)


def _resolve_hoarder(game):
    card = game.create_card("Hoarder", 0, "hand", silent=True)
    ab = card.definition.abilities[0]
    return game.run_script(card, ab.get("resolve"), game.context(card=card, ability=ab, player=0))


@pytest.mark.parametrize("system,decks", [("tiny", ["alpha", "beta"]), ("yugioh", ["classic_a", "classic_b"]),
                                          ("mtg", ["white_weenie", "red_burn"]),
                                          ("onepiece", None)])
def test_a_game_on_a_reused_runtime_is_byte_identical_to_one_on_a_fresh_runtime(system, decks):
    decks = decks or list(find_system(system).sample_decks)
    fresh = Runtime(system)
    alone = Game(system, decks, seed=4, runtime=fresh)
    alone.play()
    shared = Runtime(system)
    for seed in (9, 4):   # the second game runs on the engine the first one used
        game = Game(system, decks, seed=seed, runtime=shared)
        engine = game._engine
        game.play()
    assert shared._idle == [engine]
    assert game.event_log_json().encode() == alone.event_log_json().encode()
    assert game.decisions == alone.decisions


def test_games_one_after_another_share_one_engine_and_games_at_once_do_not():
    runtime = Runtime("tiny")
    first = Game("tiny", ["alpha", "beta"], seed=1, runtime=runtime)
    overlapping = Game("tiny", ["alpha", "beta"], seed=2, runtime=runtime)
    assert first._engine is not overlapping._engine
    assert first._engine.sandbox is not overlapping._engine.sandbox
    engine = first._engine
    first.play()
    after = Game("tiny", ["alpha", "beta"], seed=3, runtime=runtime)
    assert after._engine is engine
    overlapping.close()
    after.close()


def test_the_process_keeps_one_runtime_per_system_settings_and_cards(hoarder_cards):
    a = Game("tiny", ["alpha", "beta"], seed=1)
    b = Game("tiny", ["alpha", "beta"], seed=2)
    assert a.runtime is b.runtime is Runtime.get("tiny")
    assert Game("tiny", seed=1, cards=[hoarder_cards]).runtime is not a.runtime
    plain, strict = Runtime.get("mtg"), Runtime.get("mtg", settings={"legend_rule": False})
    assert strict is not plain and strict is Runtime.get("mtg", settings={"legend_rule": False})
    assert strict.pool is plain.pool      # one card pool for the system, whatever the settings


def test_a_game_on_a_given_runtime_refuses_its_own_settings():
    from rulestack.errors import ConfigurationError
    with pytest.raises(ConfigurationError, match="pass them to Runtime"):
        Game("mtg", seed=1, settings={"legend_rule": False}, runtime=Runtime("mtg"))
    with pytest.raises(ConfigurationError, match="runtime is one of system 'tiny'"):
        Game("yugioh", seed=1, runtime=Runtime("tiny"))


def test_lua_globals_locals_and_library_tables_do_not_survive_into_the_next_game(hoarder_cards):
    runtime = Runtime("tiny", cards=[hoarder_cards])
    game = Game.empty("tiny", seed=5, runtime=runtime)
    engine = game._engine
    first = _resolve_hoarder(game)
    second = _resolve_hoarder(game)
    # Within a game a global, a library field and a top-level local written by a call are put
    # back when the call ends (nothing a script keeps there survives it).
    assert (first[:3], second[:3]) == ((1, 1, 1), (1, 1, 1))
    game.close()
    again = Game.empty("tiny", seed=5, runtime=runtime)
    assert again._engine is engine                             # the same sandbox, the script not compiled again
    assert _resolve_hoarder(again) == first                    # as just loaded; math.random is the new game's RNG
    again.close()


def test_the_rng_of_one_game_is_not_the_next_games(hoarder_cards):
    runtime = Runtime("tiny", cards=[hoarder_cards])
    rolls = []
    for seed in (1, 2, 1):
        game = Game.empty("tiny", seed=seed, runtime=runtime)
        rolls.append(_resolve_hoarder(game)[3])
        game.close()
    assert rolls[0] == rolls[2] != rolls[1]


def test_caches_on_the_system_instance_are_put_back_between_games():
    runtime = Runtime("yugioh")
    step = StepGame(Game("yugioh", ["classic_a", "classic_b"], seed=1, runtime=runtime))
    for _ in range(30):
        step.apply(step.legal_answers()[0])
    system = step.game.system
    assert system.settled_at != -1          # the system caches per game on its instance ...
    step.close()
    nxt = Game("yugioh", ["classic_a", "classic_b"], seed=1, runtime=runtime)
    assert nxt.system is system
    assert system.settled_at == -1          # ... and the next game starts without that cache
    assert system.activation_zones.count == -1 and system.activation_zones.zones == ()
    nxt.close()


def _same_copy(a, b, path="value"):
    """``b`` is what ``copy.deepcopy`` made of what ``a`` is a copy of: the same types, atoms (the
    very objects), items, slots and attributes, all through."""
    cls = type(a)
    assert cls is type(b), path
    if copy._deepcopy_dispatch.get(cls) is copy._deepcopy_atomic:
        assert a is b, path
        return
    if cls in (tuple, list):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _same_copy(x, y, f"{path}[{i}]")
        return
    if cls in (set, frozenset):
        assert list(a) == list(b), path
        return
    if isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            _same_copy(a[k], b[k], f"{path}[{k!r}]")
    if hasattr(a, "__dict__"):
        _same_copy(dict(vars(a)), dict(vars(b)), f"{path}.__dict__")
    for name in copyreg._slotnames(cls):
        _same_copy(getattr(a, name, KeyError), getattr(b, name, KeyError), f"{path}.{name}")


@pytest.mark.parametrize("system", ["yugioh", "mtg", "onepiece", "digimon", "pmv"])
def test_the_system_instances_attributes_are_put_back_as_a_deep_copy_would(system):
    engine = Engine(Runtime(system))
    first, second = engine._fresh_vars(), engine._fresh_vars()
    _same_copy(first, copy.deepcopy(engine._system_vars))
    for name, value in first.items():   # every mutable value is a new object each time
        if copy.deepcopy(value) is not value:
            assert value is not second[name] and value is not engine._system_vars[name], name
    engine.close()


class _Slotted:
    __slots__ = ("a", "b", "unset")


class _Cache(dict):
    pass


class _OwnCopy:
    def __deepcopy__(self, memo):
        return self


def test_the_copier_makes_what_deepcopy_makes_or_declines():
    slotted = _Slotted()
    slotted.a, slotted.b = [1, (2, "x")], {"k": frozenset({3}), "s": {4, 5}}
    cache = _Cache(a=[1])
    cache.note = "n"
    value = {"n": 1, "t": (1, ("a", None)), "mixed": (1, [2]), "slotted": slotted, "cache": cache,
             "empty": _Cache(), "kind": int}
    made = _copier(value)
    _same_copy(made(), copy.deepcopy(value))
    assert made()["slotted"].a is not slotted.a and made()["t"] is value["t"]
    shared = [1]
    for declined in ({"a": shared, "b": shared},     # deepcopy would copy it once, shared
                     {"own": _OwnCopy()}, {"set": {object()}}):
        with pytest.raises(_Unplanned):
            _copier(declined)


class _Recorder:
    plugin_name = "recorder"

    def __init__(self):
        self.kinds = []

    @hookimpl
    def on_event(self, game, event):
        self.kinds.append(event.kind)


def test_a_games_own_plugins_do_not_leak_into_the_next_game():
    runtime = Runtime("tiny")
    recorder = _Recorder()
    game = Game("tiny", ["alpha", "beta"], seed=1, plugins=[recorder], runtime=runtime)
    game.play()
    seen = len(recorder.kinds)
    assert seen == len(game.state.log)
    nxt = Game("tiny", ["alpha", "beta"], seed=2, runtime=runtime)
    assert nxt.pm.get_plugin("recorder") is None and not nxt._observed
    nxt.play()
    assert len(recorder.kinds) == seen


def test_card_memory_and_state_start_empty_in_the_next_game():
    runtime = Runtime("tiny")
    sc = Scenario("tiny", runtime=runtime)
    cid = sc.add("Grunt", "field", 0)
    sc.game.remember(cid, "seen", 3)
    sc.game.set_value(0, "energy", 7)
    sc.close()
    nxt = Scenario("tiny", runtime=runtime)
    card = nxt.game.card(nxt.add("Grunt", "field", 0))
    assert card.memory == {} and nxt.game.value_of(0, "energy") is None
    nxt.close()


def test_a_finished_game_takes_an_engine_again_when_it_needs_the_rules():
    runtime = Runtime("tiny")
    game = Game("tiny", ["alpha", "beta"], seed=1, runtime=runtime)
    game.play()
    assert game._engine is None
    assert game.legal_actions(0, "main") is not None   # asks the hooks: an engine is taken again
    assert game._engine is not None
    game.close()
    assert game._engine is None


def test_simulate_plays_its_games_on_one_reused_engine():
    from rulestack.harness.simulate import SimulationPlan, play_game
    from rulestack.harness.systems import SystemRef
    plan = SimulationPlan(system=SystemRef.of("tiny", []), decks=("alpha", "beta"), games=3, seed=4)
    Runtime.forget(plan.system.load())        # start from no runtime: other tests leave idle engines
    records = [play_game(plan, i) for i in range(3)]
    assert all(r["error"] is None for r in records)
    runtime = Runtime.get(plan.system.load())
    assert len(runtime._idle) == 1            # each game gave the engine back; the next took it
    engine = runtime._idle[0]
    again = play_game(plan, 1)
    assert runtime._idle == [engine] and again["digest"] == records[1]["digest"]


@pytest.fixture
def no_cycle_collection():
    """Garbage collection of reference cycles off: what is freed is freed by reference counting."""
    import gc
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("system,decks", [("tiny", ["alpha", "beta"]), ("yugioh", ["classic_a", "classic_b"]),
                                          ("mtg", ["white_weenie", "red_burn"]), ("onepiece", None),
                                          ("digimon", None), ("pmv", None)])
def test_a_finished_game_is_freed_at_once_without_a_cycle_collection(system, decks, no_cycle_collection):
    # A process playing game after game must not keep finished games until the next full
    # collection: the game's parts and its undo log let go of it when it gives its engine back
    # (and an error a card script's host call raised does not keep the frames that raised it).
    import weakref
    decks = decks or list(find_system(system).sample_decks)
    game = Game(system, decks, seed=3)
    result = game.play()
    freed = weakref.ref(game.state)
    assert result.decisions > 0
    del game
    assert freed() is None


def test_a_finished_games_parts_come_back_when_read_again(no_cycle_collection):
    import weakref
    game = Game("tiny", ["alpha", "beta"], seed=1)
    game.play()
    card = next(iter(game.state.cards.values()))
    assert game.values(card) == game.derived.values(card)   # the parts are linked back on reading
    assert game.derived.game is game and game.flow.game is game
    game.close()
    assert "derived" not in vars(game)   # let go again by close
    freed = weakref.ref(game.state)
    del game, card
    assert freed() is None
