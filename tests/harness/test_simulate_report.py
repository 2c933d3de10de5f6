"""The publisher's summary of a simulation: every figure recounted from the games themselves.

Each test simulates real seeded games of a bundled system, then plays every game again from its
seed and decks and counts what its event log says with the test's own reading of the system's
events, and checks the summary says the same: wins per deck, the first player's wins, how games
ended, the length distribution, and per card the draws, plays and win rates.
"""
from __future__ import annotations

import json
import re
import statistics
from collections import Counter
from pathlib import Path

import pytest

from rulestack.game import Game
from rulestack.harness.gamestats import reason_group
from rulestack.harness.replay import final_digest
from rulestack.harness.report import SMALL_SAMPLE, percentile, wilson_interval
from rulestack.harness.simulate import LocalBackend, _prepare, card_names, plan_for, simulate, summary_path
from rulestack.errors import ConfigurationError
from rulestack.system import CardStat
from rulestack.events import Event

# The test's own reading of each system's events: (kind, extra fields) that mean drawn / played.
READINGS = {
    "onepiece": {"drawn": [("drew", {})], "played": [("played", {}), ("activated", {"card_activation": True})]},
    "pmv": {"drawn": [("drew", {})], "played": [("played", {}), ("activated", {"card_activation": True})]},
    "mtg": {"drawn": [("drew", {})], "played": [("cast", {}), ("land_played", {})]},
}


def _replay(plan, rec):
    """Game ``rec`` played again from its seed and its decks in their seats."""
    cls, decks = _prepare(plan)
    labels = list(plan.labels)
    game = Game(cls, [decks[labels.index(label)] for label in rec["seats"]], seed=rec["seed"],
                settings=plan.settings)
    result = game.play()
    return game, result


def _recount(system, game):
    """Per player: Counter of (code, what) from the log, read the test's way."""
    codes: dict[int, str] = {}
    out = [Counter() for _ in game.state.players]
    for e in game.state.log:
        if isinstance(e.get("card"), int) and isinstance(e.get("code"), str):
            codes[e.get("card")] = e.get("code")
        for what, kinds in READINGS[system].items():
            if any(e.kind == k and all(e.get(f) == v for f, v in fields.items()) for k, fields in kinds):
                out[e.player][(codes[e.get("card")], what)] += 1
    return out


@pytest.mark.parametrize("system", ["onepiece", "pmv"])
def test_the_summary_agrees_with_the_games_played_again(system):
    plan = plan_for(system, games=10, seed=4)
    summary = simulate(plan, LocalBackend(1), progress=False)
    plan = summary.plan
    t = summary.totals()
    names = card_names(plan)
    assert t["errors"] == 0 and t["finished"] == 10

    wins = Counter()
    first_wins = firsts = 0
    ends = Counter()
    turns, decisions = [], []
    per_card = Counter()                   # (name, what) -> times
    played_games = Counter()               # name -> player-games in which it was played
    played_won = Counter()
    drawn_only = Counter()
    drawn_only_won = Counter()
    for rec in summary.records:
        game, result = _replay(plan, rec)
        try:
            assert final_digest(game) == rec["digest"]           # the same game
            for w in result.winners:
                wins[rec["seats"][w]] += 1
            first = next(e.player for e in game.state.log if e.kind == "phase" or e.kind.startswith("turn_"))
            firsts += 1
            first_wins += first in result.winners
            ends[reason_group(result.reason, [p.name for p in game.state.players], names.values())] += 1
            turns.append(result.turns)
            decisions.append(result.decisions)
            for seat, counts in enumerate(_recount(system, game)):
                won = seat in result.winners
                by_name = Counter()
                for (code, what), n in counts.items():
                    per_card[names[code], what] += n
                    by_name[names[code], what] += n
                for name in {name for name, _ in by_name}:
                    if by_name[name, "played"]:
                        played_games[name] += 1
                        played_won[name] += won
                    elif by_name[name, "drawn"]:
                        drawn_only[name] += 1
                        drawn_only_won[name] += won
        finally:
            game.close()

    assert {label: d["wins"] for label, d in t["decks"].items()} == {label: wins[label] for label in plan.labels}
    assert t["first_player"]["wins"] == first_wins and t["first_player"]["games"] == firsts
    assert t["first_player"]["ci95"] == list(wilson_interval(first_wins, firsts))
    assert {e["reason"]: e["games"] for e in t["ends"]} == dict(ends)
    assert not any(re.search(r"\bP[01]\b", e["reason"]) for e in t["ends"])   # no player names in a reason
    assert t["length"]["turns"]["median"] == statistics.median(turns)
    assert t["length"]["decisions"]["median"] == statistics.median(decisions)
    assert t["length"]["turns"]["p10"] == percentile(turns, 0.1) and min(turns) <= t["length"]["turns"]["p10"]
    assert sum(c for _, _, c in t["length"]["turns"]["histogram"]) == 10
    rows = {c["name"]: c for c in t["cards"]}
    assert sum(per_card[k] for k in per_card if k[1] == "drawn") > 0
    for (name, what), n in per_card.items():
        assert rows[name][what] == n, (name, what)
    for name, row in rows.items():
        assert row["drawn"] == per_card[name, "drawn"] and row["played"] == per_card[name, "played"], name
        assert row["games_played"] == played_games[name] and row["played_wins"] == played_won[name], name
        assert row["drawn_not_played_games"] == drawn_only[name], name
        assert row["drawn_not_played_wins"] == drawn_only_won[name], name
        assert row["when_played"]["small"] == (played_games[name] < SMALL_SAMPLE)
        assert row["games"] == 10 * len(row["decks"]) if row["decks"] else True


def test_mtg_counts_a_spell_once_as_cast_and_a_land_as_played():
    plan = plan_for("mtg", games=2, seed=1)
    summary = simulate(plan, LocalBackend(1), progress=False)
    rows = {c["name"]: c for c in summary.totals()["cards"]}
    counted = Counter()
    for rec in summary.records:
        game, _ = _replay(summary.plan, rec)
        try:
            for seat, counts in enumerate(_recount("mtg", game)):
                for (code, what), n in counts.items():
                    counted[card_names(summary.plan)[code], what] += n
        finally:
            game.close()
    assert rows["Plains"]["played"] == counted["Plains", "played"] > 0
    assert rows["Lightning Bolt"]["played"] == counted["Lightning Bolt", "played"]
    assert rows["Lightning Bolt"]["activated"] == 0       # its activation is its cast, counted once


def test_the_command_writes_the_summary_the_json_and_a_self_contained_page(tmp_path, rulestack_cli):
    out, page = tmp_path / "games.jsonl", tmp_path / "report.html"
    done = rulestack_cli("simulate", "onepiece", "--games", "6", "--workers", "1", "--seed", "2", "--json",
                         "--out", str(out), "--report", str(page), "--no-progress")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert json.loads(summary_path(out).read_text()) == printed
    assert {"first_player", "ends", "length", "cards", "worker_deaths"} <= set(printed)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert all({"cards", "end", "first_player"} <= set(r) for r in records)
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and text.count("<svg") == 3      # win rates, turns, decisions
    assert not re.search(r"""(src|href)\s*=|<link|@import|url\(""", text)        # nothing fetched
    embedded = re.search(r'<script type="application/json" id="simulation">(.*?)</script>', text, re.S)
    assert json.loads(embedded.group(1)) == printed
    for row in printed["cards"][:5]:
        assert row["name"].replace("'", "&#x27;") in text
    assert printed["ends"][0]["reason"].replace("'", "&#x27;") in text


def test_the_text_shows_every_table(rulestack_cli):
    done = rulestack_cli("simulate", "pmv", "--games", "4", "--workers", "1", "--no-progress")
    assert done.returncode == 0, done.stderr
    for words in ("seat advantage: the first player won", "how games end:", "game length", "median", "p10",
                  "p90", "cards (per player-game", "win% played", "win% drawn, not played"):
        assert words in done.stdout, words


def test_end_reasons_are_grouped_without_names_or_turn_numbers():
    assert reason_group("P1 lost: life 0 or less (W1)", ["P0", "P1"]) == "{player} lost: life 0 or less (W1)"
    assert (reason_group("P0's Plesiomon attacked with P1 at 0 security", ["P0", "P1"], ["Plesiomon"])
            == "{player}'s {card} attacked with {player} at 0 security")
    assert (reason_group("a draw: the game runs away: more than 5000 events in turn 12 (the last one: moved)",
                         ["P0", "P1"]) == "a draw: the game runs away: more than 5000 events in turn {n} "
                                          "(the last one: moved)")
    assert reason_group(None, ["P0"]) == "unknown"


def test_a_card_stat_rule_matches_kind_and_fields_and_refuses_an_unknown_count():
    ev = Event(seq=1, kind="summoned", cause="action", source=None, player=0, data={"card": 3, "how": "flip"})
    assert CardStat("summoned", None, when={"how": "flip"}).matches(ev)
    assert CardStat("summoned", "played", when={"how": ("normal", "flip")}).matches(ev)
    assert not CardStat("summoned", "played", when={"how": "normal"}).matches(ev)
    assert not CardStat("moved", "drawn").matches(ev)
    with pytest.raises(ConfigurationError, match="counts_as 'cast' is not one of"):
        CardStat("summoned", "cast")


@pytest.mark.parametrize("system", ["mtg", "yugioh", "onepiece", "pmv", "digimon"])
def test_every_card_stat_rule_names_an_event_kind_the_system_records(system):
    from rulestack.system import find_system
    cls = find_system(system)
    kinds = cls.all_event_kinds()
    assert cls.card_stats, f"{system} declares how its events count"
    assert any(rule.counts_as == "drawn" for rule in cls.card_stats)
    for rule in cls.card_stats:
        assert rule.kind in kinds, f"{system}: card_stats names {rule.kind!r}, not an event kind it declares"
        fields = set(kinds[rule.kind].fields) | {"kind", "cause", "source", "player"}
        assert set(rule.when) <= fields | {"how", "kind_of", "card_activation"}, (system, rule)


def test_a_hostile_card_name_stays_data_in_the_page():
    from rulestack.harness.report import html_page
    summary = simulate(plan_for("pmv", games=2, seed=1), LocalBackend(1), progress=False)
    t = summary.totals()
    evil = "</script><script>alert(1)</script><!-- \u2028\u202e"
    t["cards"][0]["name"] = evil
    t["ends"][0]["reason"] = evil
    page = html_page(t, f"a page about {evil}")
    assert page.count("<script") == 1 and "alert(1)</script>" not in page and "<!-- " not in page
    assert "\u2028" not in page.split('id="simulation">')[1]
    embedded = re.search(r'<script type="application/json" id="simulation">(.*?)</script>', page, re.S)
    assert json.loads(embedded.group(1)) == json.loads(json.dumps(t))
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in page      # shown as text in the tables
