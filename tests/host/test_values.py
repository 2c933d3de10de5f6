"""Layered derived values: the order is the system's, then timestamps."""
from rulestack.values import Modifier, compute

PMV_LAYERS = {"change": 0, "swap": 1, "add": 2, "always": 3}     # PMV 6.1.10 a-d
PMV_OPS = {"set": "change", "swap": "swap", "add": "add"}


def test_swap_applies_before_addition_whatever_the_timestamps():
    # PMV-05 shape: base 2/5; t1 "+2 attack", t2 "swap attack and durability" -> 5/2, then +2 -> 7/2
    mods = [Modifier(1, "attack", "add", 2, timestamp=1), Modifier(1, "attack", "swap", "durability", timestamp=2)]
    out = compute({"attack": 2, "durability": 5}, mods, PMV_LAYERS, PMV_OPS, {})
    assert (out["attack"], out["durability"]) == (7, 2)


def test_the_last_change_wins():
    # PMV-07 shape (QA-298): two "attack becomes" effects, the later one wins
    mods = [Modifier(1, "attack", "set", 1, timestamp=2), Modifier(1, "attack", "set", 4, timestamp=1)]
    assert compute({"attack": 9}, mods, PMV_LAYERS, PMV_OPS, {})["attack"] == 1


def test_always_modifications_come_last():
    mods = [Modifier(1, "attack", "add", 1, timestamp=5, layer="always"), Modifier(1, "attack", "set", 3, timestamp=9)]
    assert compute({"attack": 0}, mods, PMV_LAYERS, PMV_OPS, {})["attack"] == 4


def test_ability_removal_clears_keywords_and_negation_can_include_unnegatable_text():
    out = compute({"keywords": ("Flying",)}, [Modifier(1, "", "grant", "Trample", timestamp=1),
                                              Modifier(1, "", "remove_abilities", None, timestamp=2)], {}, {}, {})
    assert out["keywords"] == () and out["abilities_removed"]
    assert compute({}, [Modifier(1, "", "negate", "all")], {}, {}, {})["negated"] == "all"


def test_systems_add_their_own_ops():
    def double(values, mod):
        values[mod.attr] = values.get(mod.attr, 0) * 2
    out = compute({"power": 3}, [Modifier(1, "power", "double", None)], {}, {}, {"double": double})
    assert out["power"] == 6


def test_which_keywords_a_modifier_could_write_is_told_from_its_op():
    from rulestack.values import NO_KEYWORDS, keywords_written, union_written

    assert keywords_written("add", "power", 2) == NO_KEYWORDS          # another attribute
    assert keywords_written("negate", None, True) == NO_KEYWORDS
    assert keywords_written("grant", None, "Flying") == {"Flying"}
    assert keywords_written("revoke", None, "Flying") == {"Flying"}
    for unknowable in (("set", "keywords", ()), ("grant", None, {"from": "x"}), ("remove_abilities", None, True),
                       ("swap", "power", "toughness"), ("double", "power", None)):   # (a system's op)
        assert keywords_written(*unknowable) is None
    assert union_written([NO_KEYWORDS, frozenset({"Flying"}), frozenset({"Haste"})]) == {"Flying", "Haste"}
    assert union_written([frozenset({"Flying"}), None]) is None and union_written([]) == NO_KEYWORDS
