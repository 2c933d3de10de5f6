"""``rulestack check`` catches the mistakes that load fine and then silently do nothing: one card
per mistake (tests/harness/silent_mistakes/), each reported with its file, line, the wrong name
and the nearest right one. And the same mistakes at run time, or in a replacement's condition."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulestack.cli import main
from rulestack import ScriptError
from rulestack.harness.systems import with_cards
from rulestack.scenario import Scenario

HERE = Path(__file__).resolve().parent
CARDS = HERE / "silent_mistakes"
AT = "tests/harness/silent_mistakes/"

EXPECTED = {
    "misspelt_word": f"{AT}misspelt_word.lua:7: card 'Misspelt Word': ctx:damagee does not exist "
                     "(did you mean ctx:damage?)",
    "misheard_event": f"{AT}misheard_event.lua:5: abilities[1].trigger.on: card 'Misheard Event': unknown trigger "
                      "event 'playd' (did you mean 'played'?): the trigger never fires",
    "stray_trigger_key": f"{AT}stray_trigger_key.lua:5: abilities[1].trigger.amount: card 'Stray Trigger Key': "
                         "unknown trigger key 'amount': no damaged event has it (fields: by, delta, life), so the "
                         "trigger never matches",
    "stray_filter_key": f"{AT}stray_filter_key.lua:5: abilities[1].targets[1].filter.powr: card 'Stray Filter Key': "
                        "unknown card filter key 'powr' (did you mean 'power'?): no card has it, so the filter "
                        "matches nothing",
    "stray_call_filter": f"{AT}stray_call_filter.lua:6: card 'Stray Call Filter': ctx:choose: unknown card filter "
                         "key 'tpye' (did you mean 'type'?): no card has it, so the filter matches nothing",
    "lost_zone": f"{AT}lost_zone.lua:5: abilities[1].targets[1].filter.zone: card 'Lost Zone': unknown zone 'feild' "
                 "(did you mean 'field'?) (zones of tiny: deck, hand, field, discard, stack)",
    "lost_phase": f"{AT}lost_phase.lua:5: abilities[1].trigger.phase: card 'Lost Phase': unknown phase 'mian' "
                  "(did you mean 'main'?) (phases of tiny: start, main, end)",
    "lost_move": f"{AT}lost_move.lua:6: card 'Lost Move': ctx:move: unknown zone 'discrad' (did you mean 'discard'?) "
                 "(zones of tiny: deck, hand, field, discard, stack)",
    "unreplaceable": f"{AT}unreplaceable.lua:4: abilities[1].replaces.event: card 'Unreplaceable': nothing can "
                     "replace 'damaged' events (replaceable: counters_added, moved); this replacement would never apply",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_silent_mistake_is_one_exact_problem(name, tmp_path, capsys):
    """Each card checked alone (its data line and script) gives exactly its one message."""
    folder = tmp_path / AT                # the same display path, for the card alone
    folder.mkdir(parents=True)
    data = [line for line in (CARDS / "cards.yaml").read_text().splitlines() if f"script: {name}.lua" in line]
    (folder / "cards.yaml").write_text(data[0] + "\n")
    (folder / f"{name}.lua").write_text((CARDS / f"{name}.lua").read_text())
    code = main(["check", str(folder), "--system", "tiny"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out == [EXPECTED[name], "checked 1 card(s): 1 problem(s)"]


def test_the_whole_folder_reports_every_mistake_once(capsys):
    assert main(["check", str(CARDS), "--system", "tiny"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert sorted(out[:-1]) == sorted(EXPECTED.values())
    assert out[-1] == f"checked {len(EXPECTED)} card(s): {len(EXPECTED)} problem(s)"


def test_the_bundled_cards_have_none_of_these_mistakes(capsys):
    root = HERE.parents[1] / "card_scripts"
    for system in ("mtg", "yugioh", "onepiece"):
        assert main(["check", str(root / system)]) == 0, capsys.readouterr().out


def _position(cards: str) -> Scenario:
    sc = Scenario(with_cards("tiny", [CARDS / "cards.yaml"]))
    sc.add(cards, "hand", 0)
    sc.add_many(["Grunt"] * 3, "deck", 0)
    sc.add_many(["Grunt"] * 3, "deck", 1)
    sc.set_life(0, 10)
    sc.set_life(1, 10)
    sc.set_value(0, "energy", 3)
    sc.set_turn(turn=3, active=0, phase="main")
    return sc


def test_a_word_that_does_not_exist_fails_at_run_time_with_its_line_and_the_nearest_word():
    sc = _position("Misspelt Word")
    try:
        sc.answer("play Misspelt Word")
        with pytest.raises(ScriptError) as e:
            sc.run()
        assert str(e.value) == ("card 'Misspelt Word' (tests/harness/silent_mistakes/misspelt_word.lua:7): "
                                "ctx:damagee does not exist (did you mean ctx:damage?)")
    finally:
        sc.game.close()


def test_a_replacement_applies_only_while_its_condition_holds(tmp_path):
    """``condition(ctx, card)`` of a replacement ability is asked for each move it would change."""
    (tmp_path / "cards.yaml").write_text(
        "- {code: R01, name: Picky Gate, type: unit, cost: 1, power: 1, toughness: 1, script: picky_gate.lua}\n")
    (tmp_path / "picky_gate.lua").write_text(
        "-- Picky Gate: a Brute that would go to a discard pile returns to its owner's hand instead.\n"
        "return {\n  abilities = {\n"
        "    { kind = 'instead', replaces = { event = 'moved', to = 'discard' }, instead = { to = 'hand' },\n"
        "      condition = function(ctx, card) return ctx:card(card).name == 'Brute' end },\n"
        "  },\n}\n")
    sc = Scenario(with_cards("tiny", [tmp_path / "cards.yaml"]))
    try:
        sc.add("Picky Gate", "field", 0)
        brute, grunt = sc.add("Brute", "field", 1), sc.add("Grunt", "field", 1)
        game = sc.game
        game.move(brute, "discard")
        game.move(grunt, "discard")
        assert sc.zone("hand", 1) == ["Brute"]           # the condition held: replaced
        assert sc.zone("discard", 1) == ["Grunt"]        # it did not: the move happened as asked
    finally:
        sc.game.close()


def test_the_script_reader_finds_ctx_calls_and_the_tables_written_in_them():
    from rulestack.lua_source import call_tables, method_calls
    src = ("local function helper(c) return c:count{ zone = 'hand' } end\n"
           "return { abilities = { { kind = 'spell', resolve = function(c)\n"
           "  local name = ('x'):upper() .. s:lower()\n"
           "  c:choose({ filter = { zone = 'field', tpye = 'unit' },\n"
           "             count = 1 })\n"
           "end } } }\n")
    assert method_calls(src) == [("c", "count", 1), ("c", "choose", 4)]      # not ('x'):upper or s:lower
    [(name1, line1, keys1, strings1), (name2, line2, keys2, strings2)] = call_tables(src, {"count", "choose"})
    assert (name1, line1, keys1, strings1) == ("count", 1, {("zone",): 1}, {("zone",): "hand"})
    assert (name2, line2) == ("choose", 4)
    assert keys2 == {("filter",): 4, ("filter", "zone"): 4, ("filter", "tpye"): 4, ("count",): 5}
    assert strings2 == {("filter", "zone"): "field", ("filter", "tpye"): "unit"}
    assert method_calls("return {") == [] and call_tables("ctx:cards{", {"cards"}) == [("cards", 1, {}, {})]
