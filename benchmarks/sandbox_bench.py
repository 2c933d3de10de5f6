"""Sandbox benchmark: the cost of loading a card script and of one call of an empty script
function, beside a bare lupa call measured in the same run.

These figures were asserted as time limits in tests/host/test_sandbox.py once; the project rule
is that tests assert behaviour and speed is printed here (ratios are what to compare across
machines). Run: ``python benchmarks/sandbox_bench.py``.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import floor, median_us  # noqa: E402

from rulestack.sandbox import LuaSandbox  # noqa: E402

SOURCE = (Path(__file__).resolve().parents[1] / "tests" / "attacks" / "error_position.lua").read_text()


def main() -> None:
    lua, _ = floor()
    box = LuaSandbox(methods={})
    counter = iter(range(10**9))

    def load(n: int) -> None:
        for _ in range(n):
            i = next(counter)
            box.load(SOURCE, file=f"card_{i}.lua", card=str(i))

    f = box.load("return { f = function() end }", file="empty.lua").data["f"]

    def call(n: int) -> None:
        for _ in range(n):
            box.call(f, 1)

    load_us = median_us(load, 200, rounds=5)
    call_us = median_us(call, 2_000)
    box.close()
    print(f"bare lupa call        {lua:8.2f} us")
    print(f"load one card script  {load_us:8.2f} us  = {load_us / lua:6.0f} x lupa call")
    print(f"call an empty func    {call_us:8.2f} us  = {call_us / lua:6.0f} x lupa call")


if __name__ == "__main__":
    main()
