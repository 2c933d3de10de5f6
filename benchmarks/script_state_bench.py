"""Script-state benchmark (issue 11 item 1): the cost of one sandbox call of a card script with
top-level locals and load-time tables (their upvalues are put back after each call, the tables are
read through read-only proxies), beside a script with neither, and beside a bare lupa call.

Run: ``python benchmarks/script_state_bench.py`` (medians of several rounds, in µs per call).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_us  # noqa: E402

import lupa.lua54 as lupa  # noqa: E402

from rulestack.sandbox import LuaSandbox  # noqa: E402

PLAIN = "return { f = function(ctx) return ctx:n() + 1 end }"
STATEFUL = """
local count, last, label = 0, nil, "x"
local FILTER = { zone = "battlefield", player = "you", types = { "Creature", "Artifact" } }
local COSTS = { 1, 2, 3, 4, 5 }
local function helper(n) return n + #COSTS end
return { f = function(ctx) count = count + 1; last = FILTER.zone; return helper(ctx:n()) + COSTS[3] end }
"""


def main() -> None:
    box = LuaSandbox(methods={"n": lambda ctx: 1})
    plain = box.load(PLAIN, file="plain.lua").data["f"]
    stateful = box.load(STATEFUL, file="stateful.lua").data["f"]

    def calls(ref):
        def run(n: int) -> None:
            for _ in range(n):
                box.call(ref, 1)
        return run

    rt = lupa.LuaRuntime()
    bare = rt.eval("function(x) return x + 1 end")

    def floor(n: int) -> None:
        for _ in range(n):
            bare(1)

    n = 20_000
    f = median_us(floor, n)
    p = median_us(calls(plain), n)
    s = median_us(calls(stateful), n)
    print(f"bare lupa call:                    {f:7.2f} µs")
    print(f"sandbox call, no top-level state:  {p:7.2f} µs  ({p / f:5.1f}x floor)")
    print(f"sandbox call, 4 upvalues + tables: {s:7.2f} µs  ({s / f:5.1f}x floor, {s - p:+.2f} µs vs none)")
    box.close()


if __name__ == "__main__":
    main()
