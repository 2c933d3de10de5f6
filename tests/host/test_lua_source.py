"""Tests of the key-path -> source-line mapper (rulestack.lua_source)."""
from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from rulestack.lua_source import format_path, key_lines, line_of

ATTACKS = Path(__file__).resolve().parent.parent / "attacks"

CARD = textwrap.dedent("""\
    -- Seven Tools of the Bandit (Counter Trap)
    local helper = function() return { nope = 1 } end
    return {
      name = "Seven Tools",
      abilities = {
        {
          kind = "activate",
          condition = function(ctx) return ctx:chain_top_is_trap_activation() end,
          cost = { { "pay_life", 1000 } },
          resolve = function(ctx)
            local link = ctx:chain_link_below()
            if ctx:negate_activation(link) then
              for i = 1, 2 do local t = { x = i } end
              ctx:destroy(link.card)
            end
          end,
        },
        { kind = "trigger", trigger = { event = "destroyed" } },
      },
      ["odd key"] = true, [10] = "ten", [-2] = "minus two", [1.0] = "one",
    }
    """)


def test_named_keys_positional_elements_and_nesting():
    lines = key_lines(CARD)
    assert lines[()] == 3
    assert lines[("name",)] == 4
    assert lines[("abilities",)] == 5
    assert lines[("abilities", 1)] == 6
    assert lines[("abilities", 1, "kind")] == 7
    assert lines[("abilities", 1, "condition")] == 8
    assert lines[("abilities", 1, "cost")] == 9
    assert lines[("abilities", 1, "cost", 1)] == 9
    assert lines[("abilities", 1, "cost", 1, 1)] == 9
    assert lines[("abilities", 1, "cost", 1, 2)] == 9
    assert lines[("abilities", 1, "resolve")] == 10
    assert lines[("abilities", 2)] == 18
    assert lines[("abilities", 2, "trigger", "event")] == 18


def test_literal_keys():
    lines = key_lines(CARD)
    assert lines[("odd key",)] == 20
    assert lines[(10,)] == 20
    assert lines[(-2,)] == 20
    assert lines[(1,)] == 20        # [1.0] is the key 1, as in Lua


def test_function_bodies_are_skipped():
    lines = key_lines(CARD)
    assert not any("x" in path or "nope" in path for path in lines)
    assert ("abilities", 3) not in lines   # the `end,` of resolve did not end the ability early


def test_line_of_uses_the_longest_known_prefix():
    assert line_of(CARD, ("abilities", 1, "cost")) == 9
    assert line_of(CARD, ("abilities", 1, "cots")) == 6          # an unknown key: its table
    assert line_of(CARD, ["abilities", 2, "trigger", "nope"]) == 18
    assert line_of(CARD, ("missing", 1)) == 3                    # the returned table itself
    assert line_of(CARD, ()) == 3


def test_strings_comments_and_long_brackets():
    source = textwrap.dedent("""\
        --[==[ a long comment with { braces } and return { x = 1 }
        ]] still the comment ]==]
        -- return { fake = 1 }
        return {
          a = "quote \\" and { brace",
          b = 'it''s' or "",
          c = [[long
        string with } brace]], d = [=[ ]] ]=],
          e = "escaped\\
        newline", f = "\\z
                 skipped",
          g = 0x1F, h = 1e3, i = .5,
        }
        """)
    lines = key_lines(source)
    assert lines[()] == 4
    assert lines[("a",)] == 5
    assert lines[("b",)] == 6
    assert lines[("c",)] == 7
    assert lines[("d",)] == 8
    assert lines[("e",)] == 9
    assert lines[("f",)] == 10
    assert lines[("g",)] == 12 and lines[("i",)] == 12
    assert "fake" not in {p[0] for p in lines if p}


def test_top_level_return_after_functions_and_blocks():
    source = textwrap.dedent("""\
        local function f()
          if true then return { wrong = 1 } end
          repeat local x = 1 until x
          while false do return { wrong = 2 } end
          return { wrong = 3 }
        end
        do local y = { wrong = 4 } end
        return {
          right = 1,
        }
        """)
    lines = key_lines(source)
    assert lines == {(): 8, ("right",): 9}


def test_return_of_a_local_table_with_assignments():
    source = textwrap.dedent("""\
        local card = {
          name = "Shock",
        }
        card.abilities = {
          { kind = "spell" },
        }
        card["cost"] = 1
        return card
        """)
    lines = key_lines(source)
    assert lines[("name",)] == 2
    assert lines[("abilities",)] == 4
    assert lines[("abilities", 1, "kind")] == 5
    assert lines[("cost",)] == 7


def test_values_that_are_expressions():
    source = textwrap.dedent("""\
        return {
          a = f({ x = 1 }, function() return { y = 2 } end),
          b = x and { z = 1 } or nil,
          c = { 1, 2 },
          d = t[1],
          3,
        }
        """)
    lines = key_lines(source)
    assert lines[("a",)] == 2 and lines[("b",)] == 3
    assert lines[("c", 2)] == 4 and lines[("d",)] == 5
    assert lines[(1,)] == 6
    assert ("a", "x") not in lines and ("a", "y") not in lines


def test_positional_indices_skip_named_keys():
    lines = key_lines("return {\n 'a',\n k = 1,\n 'b',\n [5] = 'c',\n 'd' }")
    assert lines[(1,)] == 2 and lines[(2,)] == 4 and lines[(3,)] == 6 and lines[(5,)] == 5


@pytest.mark.parametrize("source", [
    "", "return", "return {", "return { a = ", "return { [", "return { ['x'", "return { a = 'unterminated",
    "return { a = [[ long", "--[[ never closed", "return 5", "return {}}}}}", "return { a = function( }",
    "\x00\xff garbage ]] [==[", "return { [f()] = 1, b = 2 }", "return { a = { b = { c = ",
    "return {" * 5000, "#!/usr/bin/lua\nreturn { a = 1 }",
])
def test_odd_input_never_raises(source):
    lines = key_lines(source)
    assert isinstance(lines, dict)
    assert line_of(source, ("a", "b")) is None or isinstance(line_of(source, ("a", "b")), int)


def test_random_input_never_raises():
    rng = random.Random(7)
    alphabet = "{}[]()=,;\"'\\-\n abcfunctionendreturn0123456789.=[["
    for _ in range(300):
        source = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 200)))
        key_lines(source)
        line_of(source, ("a", 1))


def test_non_string_input():
    assert key_lines(None) == {}
    assert line_of(None, ("a",)) is None
    assert line_of("return { a = 1 }", None) is None


def test_shebang_line():
    assert key_lines("#!/usr/bin/lua\nreturn { a = 1 }")[("a",)] == 2


def test_crlf_line_endings():
    assert key_lines("return {\r\n a = 1,\r\n b = 2 }")[("b",)] == 3


def test_attack_scripts_map():
    source = (ATTACKS / "returned_cycle.lua").read_text()
    assert line_of(source, ("abilities", 1, "again")) == 4
    source = (ATTACKS / "error_position.lua").read_text()
    assert key_lines(source)[("abilities", 3, "resolve")] == 10


def test_format_path():
    assert format_path(("abilities", 1, "cost")) == "abilities[1].cost"
    assert format_path(("odd key", 2)) == '["odd key"][2]'
    assert format_path((1, "end")) == '[1]["end"]'
    assert format_path(()) == ""
