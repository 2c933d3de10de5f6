"""Card scripts keep nothing between calls (issue 11 item 1, issue 16): a script's top-level
locals are put back to their load-time values when its call ends, the tables its load-time code
built are read-only for its calls (a write is a named error at the script's line that points to
ctx:remember), a coroutine cannot be made at load time, and so one player's copy of a card cannot
see what the other player's copy did."""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from rulestack.sandbox import ScriptError, ScriptLoadError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_sandbox import Host  # noqa: E402

READ_ONLY = "cannot change a table the script built at load time"


@pytest.fixture
def host():
    h = Host()
    yield h
    h.box.close()


def load(host: Host, source: str):
    return host.source(textwrap.dedent(source), name="stateful")


# -- top-level locals -------------------------------------------------------------------------

def test_a_counter_in_a_top_level_local_does_not_survive_a_call(host):
    s = load(host, """
        local count = 0
        local function bump() count = count + 1; return count end   -- a helper shares the local
        return { f = function(ctx) bump(); return bump(), count end }""")
    assert host.box.call(s.data["f"], 1) == (2, 2)
    assert host.box.call(s.data["f"], 1) == (2, 2)   # not (4, 4)


def test_a_local_reassigned_to_a_new_table_or_function_is_put_back(host):
    s = load(host, """
        local t, fn = {1}, nil
        return { set = function(ctx) t = {1, 2, 3}; fn = function() return 9 end; return #t end,
                 get = function(ctx) return #t, fn == nil end }""")
    assert host.box.call(s.data["set"], 1) == 3
    assert host.box.call(s.data["get"], 1) == (1, True)


def test_a_local_is_put_back_after_a_call_that_failed(host):
    s = load(host, """
        local count = 0
        return { f = function(ctx, boom) count = count + 1; if boom then error("boom") end; return count end }""")
    with pytest.raises(ScriptError, match="boom"):
        host.box.call(s.data["f"], 1, True)
    assert host.box.call(s.data["f"], 1, False) == 1


def test_nested_calls_of_the_same_script_share_the_locals_until_the_outer_call_ends(host):
    s = load(host, """
        local count = 0
        return { inner = function(ctx) count = count + 10 end,
                 outer = function(ctx) count = count + 1; ctx:work(); return count end }""")
    host.work_ref = s.data["inner"]
    assert host.box.call(s.data["outer"], 1) == 11   # the nested call's change is seen by its caller
    assert host.box.call(s.data["outer"], 1) == 11   # and gone once the outer call ended


def test_locals_stay_put_back_after_the_script_is_reset(host):
    s = load(host, """
        local count, seen = 0, {}
        return { f = function(ctx) count = count + 1; return count end,
                 w = function(ctx) seen.x = 1 end }""")
    assert host.box.call(s.data["f"], 1) == 1
    host.box.reset([s.script])
    assert host.box.call(s.data["f"], 1) == 1
    assert host.box.call(s.data["f"], 1) == 1
    with pytest.raises(ScriptError, match=READ_ONLY):
        host.box.call(s.data["w"], 1)


def test_a_reset_of_several_scripts_runs_each_chunk_again_in_order_and_unloads_only_those_that_fail(host):
    drawn = []

    def random(lo, hi):
        drawn.append(lo)
        return hi
    steady = """
        local n = math.random(%d, %d)
        local count = 0
        return { f = function(ctx) count = count + 1; return n, count end }"""
    a, c = load(host, steady % (5, 5)), load(host, steady % (7, 7))
    # b returns another table when its chunk runs again with another draw: it cannot be reset.
    b = load(host, """
        local pick = math.random(1, 2)
        if pick == 1 then return { f = function(ctx) return "one" end } end
        return { g = function(ctx) return "two" end }""")
    host.box._random = random
    assert host.box.reset([a.script, b.script, 999, c.script, a.script]) == [b.script, 999]
    assert drawn == [5, 1, 7, 5]   # each chunk ran again, in the order given (a twice)
    assert host.box.call(a.data["f"], 1) == (5, 1)
    assert host.box.call(c.data["f"], 1) == (7, 1)
    with pytest.raises(ScriptError):
        host.box.call(b.data["f"], 1)
    assert host.box.reset([b.script, c.script]) == [b.script] and drawn == [5, 1, 7, 5, 7]


def test_a_host_error_in_a_chunk_run_again_ends_the_reset(host):
    s = load(host, """
        local n = math.random(1, 1)
        return { f = function(ctx) return n end }""")
    t = load(host, "return { f = function(ctx) return 1 end }")
    host.random_error = ValueError("no random now")
    with pytest.raises(ValueError, match="no random now"):
        host.box.reset([t.script, s.script, t.script])
    host.random_error = None
    assert host.box.reset([s.script, t.script]) == []
    assert host.box.call(s.data["f"], 1) == 1


# -- load-time tables ---------------------------------------------------------------------------

@pytest.mark.parametrize("write, key", [
    ("seen[#seen + 1] = 1", "key 4"),
    ("seen.extra = true", "key 'extra'"),
    ("seen.nested.deep = 2", "key 'deep'"),
    ("Global.calls = 1", "key 'calls'"),
    ("table.insert(seen, 1)", "table.insert"),
    ("table.remove(seen)", "table.remove"),
    ("table.sort(seen)", "table.sort"),
    ("table.move({1}, 1, 1, 1, seen)", "table.move"),
    ("rawset(seen, 'x', 1)", "key 'x'"),
    ("string.helpers.x = 1", "key 'x'"),
])
def test_a_load_time_table_cannot_be_written_from_a_call(host, write, key):
    s = load(host, f"""
        local seen = {{3, 1, 2, nested = {{}}}}
        Global = {{calls = 0}}
        string.helpers = {{}}
        return {{ f = function(ctx)
          {write}
        end }}""")
    with pytest.raises(ScriptError) as err:
        host.box.call(s.data["f"], 1)
    assert err.value.line == 6 and err.value.card == "stateful"
    assert f"stateful.lua:6): {READ_ONLY} ({key}): a card keeps its state in the game, with ctx:remember" in str(err.value)


def test_a_load_time_table_still_reads_as_before(host):
    s = load(host, """
        local LIST = {"c", "a", "b", n = 3, sub = {x = 1}}
        local Class = {}
        Class.__index = Class
        function Class.name(self) return self.value end
        return { f = function(ctx)
          local keys = {}
          for k in pairs(LIST) do keys[#keys + 1] = tostring(k) end
          local seq = {}
          for i, v in ipairs(LIST) do seq[i] = v end
          local obj = setmetatable({value = "obj"}, Class)
          return #LIST, table.concat(LIST, ","), table.concat(keys, ","), table.concat(seq),
                 LIST.sub.x, rawget(LIST, 1), rawlen(LIST), select("#", table.unpack(LIST)),
                 next(LIST), obj:name(), getmetatable(LIST)
        end,
        give = function(ctx) return LIST end }""")
    assert host.box.call(s.data["f"], 1) == (3, "c,a,b", "1,2,3,n,sub", "cab", 1, "c", 3, 3, 1, "obj", False)
    assert host.box.call(s.data["give"], 1) == {1: "c", 2: "a", 3: "b", "n": 3, "sub": {"x": 1}}


def test_an_object_made_from_a_load_time_class_keeps_its_writes_to_itself(host):
    s = load(host, """
        local Class = {count = 0}
        Class.__index = Class
        return { f = function(ctx)
          local a = setmetatable({}, Class)
          a.count = a.count + 1
          getmetatable(a).count = 99          -- a copy of the class's fields, not the class
          return a.count, Class.count, setmetatable({}, Class).count
        end }""")
    assert host.box.call(s.data["f"], 1) == (1, 0, 0)
    assert host.box.call(s.data["f"], 1) == (1, 0, 0)


def test_a_coroutine_cannot_be_made_at_load_time(host):
    with pytest.raises(ScriptLoadError, match="coroutines cannot be made while the script loads") as err:
        load(host, """
            local gen = coroutine.wrap(function() local n = 0; while true do n = n + 1; coroutine.yield(n) end end)
            return { f = function(ctx) return gen() end }""")
    assert err.value.line == 2


def test_a_load_time_table_with_metamethods_gives_them_the_read_only_table(host):
    s = load(host, """
        local memo = setmetatable({}, {__index = function(t, k) t[k] = k * 2; return k * 2 end})
        local T = {1, 2}
        return { f = function(ctx) return memo[3] end,
                 state = function(ctx) local _, st = pairs(T); st.x = 1 end,
                 give = function(ctx) return memo end }""")
    for fn in ("f", "state"):
        with pytest.raises(ScriptError, match=READ_ONLY):
            host.box.call(s.data[fn], 1)
    with pytest.raises(ScriptError, match="tables with metatables are not allowed"):
        host.box.call(s.data["give"], 1)
