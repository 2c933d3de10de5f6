"""Every ctx method checks its arguments (issue 16, item 4).

A property test calls every ``ctx:`` method of every bundled system (and the test system) from a
real Lua script, with generated odd arguments: NaN, infinities, huge integers, wrong types,
missing and extra arguments, ``nil`` holes, invalid UTF-8 in a string or in a table key, lists
where numbers belong, deep and wide tables. What may come out: a result, the game's end, or a
:class:`ScriptError` that names the card, the file, the line and the method; never a raw Python
exception. After a refused call the game's state is exactly what it was.
"""
from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulestack import Game, ScriptError
from rulestack.context import stopped_call
from rulestack.errors import GameOver, StopResolution
from rulestack.sandbox import LuaFunctionRef

from .invariants import fingerprint

PROBE_FILE = "tests/robustness/probe.lua"
PROBE = r'''
-- The prober: calls ctx[name] with the arguments it is given; a few markers stand for values
-- Python cannot send (invalid UTF-8 in a string or a table key, a table with a metatable).
local function value(v)
  if v == "<bad utf8>" then return "ok\xff\xfe" end
  if v == "<bad key>" then return { ["k\xff"] = 1 } end
  if v == "<metatable>" then return setmetatable({}, { __index = function() return 1 end }) end
  if type(v) == "table" then
    local t = {}
    for k, x in pairs(v) do t[k] = value(x) end
    return t
  end
  return v
end
return { probe = function(ctx, name, n, args)
  local a = {}
  for i = 1, n do a[i] = value(args[i]) end
  local r = table.pack(ctx[name](ctx, table.unpack(a, 1, n)))   -- not a tail call: keeps the line
  return table.unpack(r, 1, r.n)
end }
'''

SYSTEMS = {"mtg": None, "yugioh": None, "onepiece": None, "hostile": None}

MARKERS = ["<bad utf8>", "<bad key>", "<metatable>"]

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.sampled_from([0, 1, 2, -1, 3, 10**9 + 1, 2**31, 2**53 + 1, 2**63 - 1, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 0.5, 1e308, -0.0]),
    st.text(max_size=8), st.sampled_from(["you", "opponent", "active", "hand", "deck", "field", "power",
                                          "top", "bottom", "x" * 20_000] + MARKERS),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["from", "filter", "count", "zone", "player", "attr", "op", "value",
                                     "duration", "position", "face_up", "up_to", "prompt", "bogus", "1"]),
                    inner, max_size=4)), max_leaves=8)


class Probe:
    """One game of a system, started, with the prober loaded into its sandbox."""

    def __init__(self, system: str) -> None:
        self.system = system
        self.game = Game(system, self._decks(system), seed=11)
        self.game.start()
        self.script = self.game.sandbox.load(PROBE, file=PROBE_FILE, card="Prober")
        self.ref: LuaFunctionRef = self.script.data["probe"]
        self.methods = _method_names(self.game)

    @staticmethod
    def _decks(system: str) -> list[str]:
        from rulestack.system import find_system
        return list(find_system(system).sample_decks)

    def call(self, name: str, args: list[Any]) -> Any:
        """``ctx:name(args...)`` from the prober's Lua function, with a context of the first card
        of player 0 (as the host's run_script would run it)."""
        game = self.game
        card = next(iter(game.state.cards.values()))
        ctx = game.context(card=card, player=0)
        engine = game._engine or game._take_engine()   # noqa: SLF001 - as run_script does, for a script
        cid = engine.next_ctx                             # that is no card's
        engine.next_ctx += 1
        engine.contexts[cid] = ctx
        try:
            return engine.sandbox.call(self.ref, cid, name, len(args), list(args))
        except StopResolution:
            return stopped_call(card, ctx, False)
        finally:
            del engine.contexts[cid]


#: Test fixtures that fail on purpose whatever their arguments (hostile's ``fail`` raises the host's
#: own error, HostRefused, to show the sandbox passes a host failure through).
DELIBERATE_FAILURES = {"fail"}


def _method_names(game: Game) -> list[str]:
    from rulestack.context import HOST_METHODS
    return sorted(set({**HOST_METHODS, **game.system.script_methods}) - DELIBERATE_FAILURES)


_PROBES: dict[str, Probe] = {}


def probe_for(system: str) -> Probe:
    p = _PROBES.get(system)
    if p is None or p.game.over:
        if p is not None:
            p.game.close()
        p = _PROBES[system] = Probe(system)
    return p


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_ctx_method_refuses_odd_arguments_with_a_named_error(system, data):
    probe = probe_for(system)
    name = data.draw(st.sampled_from(probe.methods), label="method")
    args = data.draw(st.lists(values, max_size=4), label="args")
    before = fingerprint(probe.game)
    try:
        probe.call(name, args)
    except GameOver:
        return                      # e.g. a life change that ends the game: a legal outcome
    except ScriptError as e:
        assert e.card == "Prober" and e.file == PROBE_FILE, repr(e)
        assert e.line is not None, repr(e)
        assert f"'{name}'" in e.message or f"ctx:{name}" in e.message, e.message
        assert "Traceback" not in str(e)
        assert fingerprint(probe.game) == before, f"a refused call to {name} changed the game: {e}"


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_ctx_method_is_reached_and_refuses_a_nan(system):
    """Each method, given NaN for every parameter, answers or refuses by name."""
    probe = probe_for(system)
    refused = 0
    for name in probe.methods:
        probe = probe_for(system)
        before = fingerprint(probe.game)
        try:
            probe.call(name, [math.nan, math.nan])
        except GameOver:
            continue
        except ScriptError as e:
            refused += 1
            assert f"'{name}'" in e.message, e.message
            assert fingerprint(probe.game) == before
    assert refused >= len(probe.methods) // 2


@pytest.mark.parametrize("call, fragment", [
    (("move", [1, 3]), "bad argument #2 to 'move' (zone: expected a name"),
    (("change_life", ["you", math.nan]), "bad argument #2 to 'change_life' (delta: expected an integer"),
    (("change_life", ["you", 2**62]), "bad argument #2 to 'change_life'"),
    (("value",  [1]), "bad argument #2 to 'value' (attr: expected a name"),
    (("life", ["you", 1]), "too many arguments to 'life'"),
    (("modify", [1, {"attr": "power", "value": [1, 2]}]), "(spec.value: expected"),
    (("modify", [1, {"attr": "power", "vaule": 1}]), "(spec.vaule: expected one of the fields"),
    (("log", ["<bad utf8>"]), "bad argument #1 to 'log' (string is not valid UTF-8)"),
    (("record", ["x", "<bad key>"]), "bad argument #2 to 'record' (key is not valid UTF-8"),
    (("choose", [{"count": math.inf}]), "(spec.count: expected an integer"),
])
def test_named_errors_say_method_argument_and_what_was_expected(call, fragment):
    probe = probe_for("hostile")
    before = fingerprint(probe.game)
    with pytest.raises(ScriptError) as err:
        probe.call(*call)
    assert fragment in str(err.value), str(err.value)
    assert str(err.value).startswith(f"card 'Prober' ({PROBE_FILE}:")
    assert fingerprint(probe.game) == before
