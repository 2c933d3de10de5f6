"""The attack suite in games: every hostile script of ``tests/attacks`` is loaded through
``rulestack check`` and played through the real flow of a game (activated from the hand, put on
the stack, resolved when both players pass) of the test-only Hostile Tiny system.

Each attack ends quickly, either with an error naming the card and what it tried (and the game
exactly as it was before the action that failed), or harmlessly. Either way the host survives:
in the same game, another card's script still runs, sees none of the attack's changes, and the
Lua heap is back where it was. A few attacks are also played in full random games, which abort
with a replay that reproduces the failure.
"""
from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any

import psutil
import pytest

from rulestack import Deck, Game, GameAborted, ScriptError, ScriptLimitError, ScriptMemoryError
from rulestack.cli import main as rulestack_main
from rulestack.errors import CardDataError
from rulestack.harness.replay import Replay, replay_game
from rulestack.scenario import Scenario

from .hostile import ATTACKS, HostRefused
from .invariants import check_invariants, fingerprint, start_count

PWNED = Path("/tmp/rulestack-pwned")

E, LIMIT, MEMORY, LOAD = ScriptError, ScriptLimitError, ScriptMemoryError, CardDataError
HARMLESS = None
#: The order in which pairs() and next() walk the nondeterminism attack's table, in every runtime.
KEY_ORDER = ",".join(["1", "3", "2.5"] + sorted(f"key{i}" for i in range(1, 41)) + ["true"])


def marked(text: str) -> tuple[str, str]:
    """Harmless, and the attack's own report (a ``marked`` event) must read ``text``."""
    return ("marked", text)


#: What each attack ends in, per ability: (error class, fragment of the message), HARMLESS, or
#: marked(...). Error classes are exact: a limit must not degrade into a plain script error.
EXPECTED: dict[str, tuple[Any, ...]] = {
    # -- reaching Python: the `python` global, attributes and dunders, frames, exceptions --------------
    "escape_python_global": ((E, "global 'python'"),),
    "dunder_probe": (HARMLESS,),
    "probe_host_values": (marked(""),),
    "tostring_address": (HARMLESS, (E, "'%p' is not allowed")),
    "host_exception": ((HostRefused, "the host refused"),),
    "host_exception_coroutine": (HARMLESS,),
    "host_from_coroutine": ((E, "cannot be called from inside a coroutine"),),
    "host_bad_argument": ((E, "function values are not allowed"), (E, "metatables are not allowed"),
                          (E, "cycle"), (E, "not valid UTF-8"), (E, "thread values are not allowed")),
    "result_not_data": ((E, "bad return value #1: function values are not allowed"),
                        (E, "metatables are not allowed")),
    # -- io, os, package, require, library loading -------------------------------------------------
    "escape_io": ((E, "global 'io'"),),
    "escape_os": ((E, "global 'os'"),),
    "escape_package": ((E, "global 'package'"),),
    "escape_require": ((E, "global 'require'"),),
    "escape_dofile": ((E, "global 'dofile'"),),
    "escape_loadfile": ((E, "global 'loadfile'"),),
    "escape_loadstring": ((E, "global 'loadstring'"),),
    "escape_print": ((E, "global 'print'"),),
    "escape_newproxy": ((E, "global 'newproxy'"),),
    # -- load, binary chunks, string.dump ---------------------------------------------------------------
    "escape_load": ((E, "global 'load'"),),
    "escape_string_dump": ((E, "field 'dump'"),),
    "escape_string_dump_method": ((E, "field 'dump'"),),
    "bytecode_load": ((E, "field 'dump'"),),
    "binary_chunk": ((LOAD, "binary chunks are not allowed"),),
    # -- the debug library ---------------------------------------------------------------------------------
    "escape_debug": ((E, "global 'debug'"),),
    # -- tampering: string metatable, shared API tables, another card's environment ------------------
    "string_metatable": ((E, "attempt to index a boolean value"),),
    "string_metatable_set": ((E, "table expected, got string"),),
    "library_tamper": (HARMLESS,),
    "ctx_tamper": ((E, "ctx is read-only"),),
    "ctx_forge": ((E, "needs a valid ctx"),),
    "ctx_stale": (HARMLESS, (E, "attempt to index a nil value (upvalue 'saved')")),   # not kept
    "global_leak": (HARMLESS,),
    "global_state": (marked("nil nil nil 1"), marked("nil nil nil 1")),
    # -- state kept in the script instead of the game (issue 11): top-level locals, load-time tables --
    "state_local_counter": (marked("1 1"), marked("1 1")),
    "state_load_time_table": ((E, "cannot change a table the script built at load time (key 1)"),
                              (E, "cannot change a table the script built at load time (key 'calls')"),
                              marked("0 0 false false")),
    "state_load_time_coroutine": ((LOAD, "coroutines cannot be made while the script loads"),),
    "nondeterminism": (marked(KEY_ORDER), marked(KEY_ORDER), marked("table function thread"), marked("nil")),
    "env_reach": (marked(""),),
    "peek_deck_order": (HARMLESS, HARMLESS),   # what it reads: tests/robustness/test_state_in_games.py
    # -- hidden faces read through filters and value words (session 2026-12-02: these leaked) ---------
    "peek_hidden_filters": (marked("0"), marked("0"), marked("nil/false"), marked("0"), marked("nil"),
                            marked("1")),
    # -- host control flow caught inside the script: the stop happens all the same ---------------------
    "stop_in_pcall": (marked("before"), marked("before"), marked("before"),
                      marked("caught"),   # ctx:stop() from a coroutine is refused (an error it may catch)
                      marked("before")),
    # -- odd arguments to words that check them -----------------------------------------------------
    "odd_host_arguments": ((E, "bad argument #3 to 'move' (opts.position"), (E, "bad argument #2 to 'modify' (spec.value"),
                           (E, "bad argument #1 to 'card' (card_id"), (E, "spec.zone: expected a table of at most 10000"),
                           (E, "bad argument #2 to 'look_at_top' (n"), (E, "'hand' is not an ordered zone"),
                           (E, "bad argument #1 to 'choose_option' (labels"), (E, "bad argument #1 to 'log' (message"),
                           marked("recorded"), marked("kept")),
    # -- one C call doing far more than its instructions say ------------------------------------------
    "c_call_amplify": ((ScriptMemoryError, "string.rep result too large"), (ScriptMemoryError, "memory limit exceeded"),
                       (ScriptLimitError, "instruction limit exceeded"), (E, "C stack overflow"),
                       (ScriptLimitError, "instruction limit exceeded"), (ScriptLimitError, "pattern too complex"),
                       marked("refused"), marked("007")),
    # -- table walks of mixed keys: one order in every runtime ------------------------------------------
    "determinism_keys": (marked("-1=5,1=8,2=4,1.5=2,a=3,b=7,false=6,true=1"), marked("same"), marked("a,b,c")),
    # -- data the host keeps, bounded per card ------------------------------------------------------------
    "host_data_more": ((E, "nested deeper than 32"), (E, "this card would keep too much"),
                       (E, "bad argument #1 to 'log' (message"), (E, "this card has recorded too much this game"),
                       HARMLESS),   # a control character in a record's kind: escaped wherever it is shown
    # -- collectgarbage and __gc ----------------------------------------------------------------------------
    "escape_collectgarbage": ((E, "global 'collectgarbage'"),),
    "gc_finalizer": ((E, "__gc metamethods are not allowed"),),
    "gc_late_field": (HARMLESS, HARMLESS),
    # -- endless loops: plain, pcall, coroutines, metamethods, error objects ----------------------------
    "loop_plain": ((LIMIT, "instruction limit exceeded"),),
    "loop_pcall": ((LIMIT, "instruction limit exceeded"),),
    "loop_xpcall": ((LIMIT, "instruction limit exceeded"),),
    "loop_error_handler": ((LIMIT, "instruction limit exceeded"),),
    "loop_coroutine": ((LIMIT, "instruction limit exceeded"),),
    "loop_coroutine_pcall": ((LIMIT, "instruction limit exceeded"),),
    "loop_coroutine_wrap": ((LIMIT, "instruction limit exceeded"),),
    "loop_close": ((LIMIT, "instruction limit exceeded"),),
    "loop_close_return": ((LIMIT, "instruction limit exceeded"),),
    "loop_index": ((LIMIT, "instruction limit exceeded"),),
    "loop_gsub_callback": ((LIMIT, "instruction limit exceeded"),),
    "loop_sort_comparator": ((LIMIT, "instruction limit exceeded"),),
    "loop_error_tostring": ((E, "error object is not a string"),),
    "loop_error_tostring_self": ((LIMIT, "instruction limit exceeded"),),
    "loop_load_time": ((LOAD, "instruction limit exceeded"),),
    "hook_starvation": ((LIMIT, "stack overflow"),),
    "nested_budget": ((LIMIT, "instruction limit exceeded"), HARMLESS),
    "host_recursion": ((E, "nested too deeply"),),
    # -- memory bombs -----------------------------------------------------------------------------------------
    "rep_bomb": ((MEMORY, "string.rep result too large"),),
    "concat_doubling": ((MEMORY, "memory limit exceeded"),),
    "concat_doubling_pcall": ((MEMORY, "memory limit exceeded"),),
    "table_fill": ((MEMORY, "memory limit exceeded"),),
    "memory_hoard": (HARMLESS,),   # its top-level local is put back (to nil) when the call ends
    "memory_hoard_global": (HARMLESS,),
    "near_cap_host_data": (HARMLESS,),
    "unpack_bomb": ((LIMIT, "too many values"),),
    "host_data_remember": ((E, "ctx:remember(): this card would keep too much"),),
    "host_data_record": ((E, "ctx:record(): this card has recorded too much this game"),
                         (LIMIT, "instruction limit exceeded"), (E, "the event data is too large")),
    "host_data_log": ((E, "ctx:log(): this card has recorded too much this game"),),
    "upper_amplify": ((LIMIT, "limit exceeded"),),
    # -- loops in C and pathological patterns --------------------------------------------------------------
    "rep_empty_loop": ((LIMIT, "too many repetitions"),),
    "table_move_bomb": ((LIMIT, "range too large"),),
    "table_insert_len": ((LIMIT, "tables with a __len metamethod are not allowed"),),
    "index_chain_concat": ((LIMIT, "range too large"),),
    "pattern_bomb": ((LIMIT, "pattern too complex"),),
    "pattern_gsub_bomb": ((LIMIT, "pattern too complex"),),
    "plain_find_bomb": ((LIMIT, "too long for a plain search"),),
    "pattern_class_bomb": ((LIMIT, "pattern too complex"),),
    "pattern_frontier_bomb": ((LIMIT, "pattern too complex"),),
    "pattern_load_time": ((LOAD, "pattern too complex"),),
    "table_len_lies": tuple((LIMIT, f"table.{f}: tables with a __len metamethod are not allowed")
                            for f in ("insert", "remove", "sort", "concat", "unpack")),
    "table_len_load_time": ((LOAD, "table.sort: tables with a __len metamethod are not allowed"),),
    "table_numeric_string": ((LIMIT, "range too large"), (LIMIT, "range too large"),
                             (LIMIT, "too many repetitions")),
    # -- deep recursion in Lua and through C, deeply nested source ------------------------------------------
    "deep_recursion": ((E, "stack overflow"),),
    "deep_recursion_c": ((E, "stack overflow"),),
    "deep_recursion_pcall": ((LIMIT, "stack overflow"),),
    "deep_nesting_source": ((LOAD, "C stack overflow"),),
    # -- what a script returns ---------------------------------------------------------------------------------
    "returned_cycle": ((LOAD, "the table contains itself"),),
    "returned_deep": ((LOAD, "nested deeper than 32"),),
    "returned_foreign_function": ((LOAD, "only functions defined in this script"),),
    "returned_metatable": ((LOAD, "metatables are not allowed"),),
    "returned_thread": ((LOAD, "coroutines cannot be made while the script loads"),),
    "returns_nothing": ((LOAD, "must return a table"),),
    "syntax_error": ((LOAD, "unexpected symbol near '*'"),),
    "error_position": ((E, "attempt to index a nil value"), (E, "no legal target"), (E, "bad argument #1 to 'rep'")),
}

ATTACK_NAMES = sorted(p.stem for p in ATTACKS.glob("*.lua"))
LOAD_TIME = sorted(n for n, exp in EXPECTED.items() if exp[0] is not HARMLESS and exp[0][0] is LOAD)


@pytest.fixture(autouse=True)
def no_pwned_file():
    PWNED.unlink(missing_ok=True)
    yield
    assert not PWNED.exists(), "an attack created /tmp/rulestack-pwned"


def test_every_attack_file_is_a_card_and_has_an_expectation():
    from rulestack.cards import read_card_entries
    from .hostile import HostileTiny
    entries = read_card_entries(ATTACKS / "cards.yaml", HostileTiny.card_fields)
    assert sorted(e.name for e in entries) == ATTACK_NAMES, "tests/attacks/cards.yaml must list every attack file"
    assert all(e.script_path.stem == e.name for e in entries)
    assert sorted(EXPECTED) == ATTACK_NAMES, "every attack needs an expectation here"


# =============================================================================================
# Played in a game
# =============================================================================================

class Arena:
    """A Hostile Tiny position for one attack: P0 (the turn player, in the main phase, with energy)
    holds one copy of the attack card per ability; P1 holds a Sentinel; both have units and decks.
    Every decision reaches the script (no automatic single answers), so the test sees them all."""

    def __init__(self, name: str) -> None:
        self.name = name
        sc = self.scenario = Scenario("hostile", seed=7)
        sc.game.auto_single = False
        for p in (0, 1):
            sc.add_many(["Grunt", "Brute", "Spark"] * 3, "deck", p)
            sc.set_life(p, 10)
            sc.set_value(p, "energy", 5)
        sc.add("Grunt", "field", 1)
        self.sentinel = sc.card(sc.add("Sentinel", "hand", 1))
        sc.set_turn(turn=3, active=0, phase="main")
        self.copies: list[int] = []
        self.baseline_heap = self.lua_heap()

    def add_copies(self) -> int:
        """Put the attack card in P0's hand, one copy per ability; returns how many abilities."""
        first = self.scenario.add(self.name, "hand", 0)
        n = len(self.scenario.card(first).definition.abilities)
        self.copies = [first] + [self.scenario.add(self.name, "hand", 0) for _ in range(n - 1)]
        return n

    def play(self, ability: int) -> tuple[BaseException | None, str | None]:
        """Activate ``ability`` of its copy and let both players pass so that it resolves. Returns
        the error (or None) and the state's fingerprint when the last pass was asked (what a
        failure must roll back to)."""
        sc, cid = self.scenario, self.copies[ability]
        seen: dict[str, str] = {}

        def activate(dec):
            return [next(i for i, o in enumerate(dec.options)
                         if o.value.kind == "activate" and o.value.card == cid and o.value.ability == ability)]

        def last_pass(dec):
            seen["before"] = fingerprint(sc.game)
            return [next(i for i, o in enumerate(dec.options) if o.value.kind == "pass")]

        sc.answer(activate, "pass", last_pass)
        try:
            sc.run()
        except Exception as e:  # noqa: BLE001 - the test inspects it
            return e, seen.get("before")
        return None, seen.get("before")

    def sentinel_says(self) -> Any:
        """Run the Sentinel's script in the same game (same sandbox) and return what it sees."""
        game, card = self.scenario.game, self.sentinel
        ability = card.definition.abilities[0]
        return game.run_script(card, ability.get("resolve"), game.context(card=card, ability=ability, player=1))

    def lua_heap(self) -> int:
        """The Lua heap once garbage is collected. The sandbox has no public call for a collection
        (it collects by itself only above half its cap), so this reaches its runtime. Lua gives
        back a grown thread stack (deep recursion) by halves, one per collection: collect until
        the heap stops shrinking."""
        box = self.scenario.game.sandbox
        used = None
        for _ in range(12):
            box._rt.gccollect()   # noqa: SLF001 - see the docstring
            now = box.memory_used()
            if used is not None and now >= used - 1024:
                break
            used = now
        return box.memory_used()


@pytest.mark.parametrize("name", ATTACK_NAMES)
def test_attack_played_in_a_game(name):
    arena = Arena(name)
    game = arena.scenario.game
    expected = EXPECTED[name]
    if expected[0] is not HARMLESS and expected[0][0] is LOAD:
        before = fingerprint(game)
        with pytest.raises(CardDataError) as err:
            arena.add_copies()
        assert f"card {name!r}" in str(err.value) and expected[0][1] in str(err.value)
        assert f"tests/attacks/{name}.lua" in str(err.value)
        assert fingerprint(game) == before, "a card that failed to load changed the game"
    else:
        n = arena.add_copies()
        assert n == len(expected), f"{name} has {n} abilities, the table expects {len(expected)}"
        start_cards = start_count(game)
        for ability, want in enumerate(expected):
            error, before = arena.play(ability)
            if want is HARMLESS or want[0] == "marked":
                assert error is None, f"{name} ability {ability + 1} should be harmless, got {error!r}"
                assert game.card(arena.copies[ability]).zone == "discard"   # it resolved and left the stack
                check_invariants(game, start_cards, start_life=(10, 10))
                if want is not HARMLESS:
                    marks = [e.get("what") for e in game.events if e.kind == "marked"]
                    assert marks[-1:] == [want[1]], f"{name} found: {marks[-1:]}"
                continue
            cls, fragment = want
            assert type(error) is cls, f"{name} ability {ability + 1}: expected {cls.__name__}, got {error!r}"
            assert fragment in str(error), str(error)
            if isinstance(error, ScriptError):
                assert error.card == name and error.file.endswith(f"tests/attacks/{name}.lua")
                assert str(error).startswith(f"card {name!r} (")
            assert before is not None and fingerprint(game) == before, "the failed action was not rolled back"
            arena = _fresh_after(arena, name, ability, expected)   # the aborted game is over: go on in a new one
            if arena is None:
                break
            game = arena.scenario.game
            start_cards = start_count(game)
    # The host survives: the same sandbox runs another card, which sees nothing of the attack.
    assert arena.sentinel_says() == ("xxxA2bc", True, 10)
    assert arena.lua_heap() - arena.baseline_heap < 512 * 1024, "the Lua heap did not come back"


def _fresh_after(arena: Arena, name: str, ability: int, expected: tuple) -> Arena | None:
    """After a failure the game is aborted: later abilities of the attack are played in a new
    game (with the Sentinel run first in the old one, to show its sandbox survived)."""
    assert arena.sentinel_says() == ("xxxA2bc", True, 10)
    assert arena.lua_heap() - arena.baseline_heap < 512 * 1024, "the Lua heap did not come back"
    if ability + 1 >= len(expected):
        return arena
    arena.scenario.game.close()
    fresh = Arena(name)
    fresh.add_copies()   # one copy per ability again: the next one to play is copies[ability + 1]
    return fresh


# =============================================================================================
# Through `rulestack check`
# =============================================================================================

@pytest.mark.parametrize("name", ATTACK_NAMES)
def test_attack_through_rulestack_check(name, capsys):
    code = rulestack_main(["check", str(ATTACKS / f"{name}.lua"), "--system", "hostile"])
    out, err = capsys.readouterr()
    if name in LOAD_TIME:
        assert code == 1
        problem, summary = out.strip().splitlines()
        assert problem.startswith(f"tests/attacks/{name}.lua") and f"card {name!r}" in problem, problem
        assert EXPECTED[name][0][1] in problem
        assert summary == "checked 1 card(s): 1 problem(s)"
    else:
        # The attack is in a function the check does not call: the card itself is valid.
        assert code == 0, out + err
        assert "checked 1 card(s): 0 problem(s)" in out


def test_the_whole_attack_folder_through_the_command(rulestack_cli):
    """One fresh process checks every attack at once: it survives them all and lists exactly
    the ones refused at load time, each with its file and line."""
    done = rulestack_cli("check", str(ATTACKS), "--system", "hostile")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    *problems, summary = done.stdout.strip().splitlines()
    assert sorted(p.split(":")[0] for p in problems) == [f"tests/attacks/{n}.lua" for n in LOAD_TIME]
    assert summary == f"checked {len(ATTACK_NAMES)} card(s): {len(LOAD_TIME)} problem(s)"


# =============================================================================================
# In full games, with a replay
# =============================================================================================

FULL_GAME_ATTACKS = ["loop_plain", "loop_coroutine_pcall", "table_fill", "state_load_time_table", "deep_recursion_c",
                     "escape_python_global", "gc_finalizer", "host_exception", "pattern_bomb"]


@pytest.mark.parametrize("name", FULL_GAME_ATTACKS)
def test_a_random_game_with_an_attack_card_aborts_with_a_replay_that_reproduces_it(name, tmp_path):
    deck = Deck(name=f"{name} deck", sections={"main": (f"atk-{name}",) * 10 + ("T01",) * 10})
    game = Game("hostile", [deck, "beta"], seed=3)
    try:
        with pytest.raises(GameAborted) as err:
            game.play()
        cause = err.value.cause
        assert isinstance(cause, (ScriptError, HostRefused))
        if isinstance(cause, ScriptError):
            assert f"card {name!r}" in str(err.value)
        check_invariants(game, start_count(game))   # rolled back to a consistent state
        path = Replay.from_game(game, error=err.value).save(tmp_path / f"{name}.replay.json")
    finally:
        game.close()
    check = replay_game(Replay.load(path), keep_game=False)
    assert check.ok, check.report()
    assert "verified" in check.report()


# =============================================================================================
# The outer layer: what the sandbox cannot stop costs one process
# =============================================================================================

def test_an_attack_in_an_isolated_game_is_reported_by_the_parent(tmp_path, rulestack_cli):
    """``rulestack play --isolate`` with an attack deck: the game aborts inside its worker and the
    parent prints the card's error; no crash, a replay is written."""
    deck = tmp_path / "loops.yaml"
    deck.write_text("name: loops\nmain:\n  - 10 loop_plain\n  - 10 Grunt\n")
    replay = tmp_path / "loops.replay.json"
    done = rulestack_cli("play", "hostile", "--deck", str(deck), "--deck", "beta", "--seed", "3", "--isolate",
                         "--quiet", "--replay", str(replay))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "card 'loop_plain'" in done.stderr and "instruction limit exceeded" in done.stderr
    assert replay.is_file() and "Traceback" not in done.stderr


def test_host_memory_stays_bounded_over_repeated_memory_bombs():
    """Twenty memory bombs in a row in one game each: the process's resident memory does not keep
    growing (each game's Lua heap is freed with its game)."""
    proc = psutil.Process(os.getpid())
    sizes = []
    for _ in range(20):
        arena = Arena("concat_doubling")
        arena.add_copies()
        error, _ = arena.play(0)
        assert isinstance(error, ScriptMemoryError)
        arena.scenario.game.close()
        del arena
        gc.collect()
        sizes.append(proc.memory_info().rss)
    assert sizes[-1] - sizes[4] < 64 * 2**20, [s // 2**20 for s in sizes]
