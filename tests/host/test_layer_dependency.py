"""The host's helpers for dependency within a layer (MTG 613.8, but game-agnostic): which values a
filter reads, which a modify entry writes, and the order of entries that depend on each other."""
from __future__ import annotations

from rulestack.values import dependency_order, filter_reads, modify_writes


def test_filter_reads_names_the_values_and_gives_up_on_functions_and_system_keys():
    assert filter_reads({"zone": "field", "player": "you", "type": "unit", "keyword": "Flying",
                         "min": {"power": 2}}) == frozenset({"type", "keywords", "power"})
    assert filter_reads("self") == frozenset()
    assert filter_reads({"where": "fn"}) is None
    assert filter_reads({"color": "R"}, system_keys=["color"]) is None


def test_modify_writes_its_attribute_or_the_ability_flags():
    assert modify_writes({"attr": "power", "op": "add"}) == frozenset({"power"})
    assert modify_writes({"attr": "power", "op": "swap", "value": "toughness"}) == frozenset({"power", "toughness"})
    assert "keywords" in modify_writes({"op": "grant", "value": "Flying"})


def test_dependency_order_puts_a_dependent_entry_after_what_it_depends_on():
    stamps = {"a": 1, "b": 2, "c": 3}
    assert list(dependency_order(["a", "b", "c"], stamps.__getitem__, lambda x, y: False)) == ["a", "b", "c"]
    # a depends on c: b (free, earliest) first, then c, then a.
    order = list(dependency_order(["a", "b", "c"], stamps.__getitem__, lambda x, y: (x, y) == ("a", "c")))
    assert order == ["b", "c", "a"]


def test_a_dependency_loop_falls_back_to_timestamps_and_is_judged_again_after_each():
    stamps = {"a": 1, "b": 2}
    loop = lambda x, y: True                                  # noqa: E731 - each depends on the other
    assert list(dependency_order(["b", "a"], stamps.__getitem__, loop)) == ["a", "b"]
    applied: list[str] = []

    def depends(x: str, y: str) -> bool:                     # b depends on a only until a applied
        return (x, y) == ("b", "a") and "a" not in applied
    for e in dependency_order(["b", "a"], {"a": 2, "b": 1}.__getitem__, depends):
        applied.append(e)
    assert applied == ["a", "b"]
