"""Determinism whatever a script does (issue 16, item 8): the same seed and answers give the
byte-identical event log in two fresh Lua runtimes, even when the cards' scripts walk tables with
``pairs`` and ``next``, print tables and functions, or look for ``collectgarbage``."""
from __future__ import annotations

from rulestack import Deck, Game

HOSTILE_DECK = Deck(name="nondeterminism", sections={"main": ("atk-nondeterminism",) * 12 + ("T01",) * 8})


def _log(seed: int) -> str:
    game = Game("hostile", [HOSTILE_DECK, "beta"], seed=seed)
    try:
        game.play()
        return game.event_log_json()
    finally:
        game.close()


def test_two_fresh_runtimes_give_the_same_log_for_hostile_scripts():
    for seed in (1, 2, 3):
        first, second = _log(seed), _log(seed)
        assert '"marked"' in first, "the attack card was never played: the test would prove nothing"
        assert first == second, f"seed {seed}: two runs of the same game differ"


def test_pairs_order_is_the_same_in_many_runtimes():
    """Lua seeds string hashes per runtime: without the fixed walk, 40 string keys come out in a
    different order in almost every runtime."""
    from rulestack.sandbox import LuaSandbox
    src = ('return {f = function() local t = {} for i = 1, 40 do t["k" .. i] = i end '
           'local s = {} for k in pairs(t) do s[#s + 1] = k end return table.concat(s, ",") end}')
    orders = set()
    for _ in range(8):
        with LuaSandbox(methods={}) as box:
            orders.add(box.call(box.load(src, file="p.lua").data["f"], None))
    assert len(orders) == 1, orders
    assert orders.pop() == ",".join(sorted(f"k{i}" for i in range(1, 41)))
