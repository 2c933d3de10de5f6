"""Seeded random games with the ST03 and ST07 sample decks (against each other and against the first
two sample decks) play to the end with the invariants of :mod:`.invariants` checked after every
decision, and in them [Blocker], [Double Attack], [Banish], counters and [Trigger]s really happen."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from random_games import play_checked

from .invariants import InvariantChecker

NEW = ("blue_seven_warlords", "yellow_big_mom_pirates")
OLD = ("red_straw_hat_crew", "black_navy")
PAIRINGS = [(NEW[1], NEW[0]), (NEW[0], NEW[1]), (NEW[1], OLD[1]), (OLD[0], NEW[0]), (NEW[0], OLD[1]),
            (OLD[0], NEW[1])]
SEEDS = range(1, 9)
MOMENTS = ("blocks", "double attacks", "banished life cards", "counters", "triggers")


def moments(log: list) -> Counter:
    """How often each rules moment happened in a game's event log."""
    seen: Counter = Counter()
    damage_in_battle = 0
    for ev in log:
        if ev.kind == "blocked":
            seen["blocks"] += 1
        elif ev.kind == "battle_result":
            damage_in_battle = 0
        elif ev.kind == "damage" and ev.cause == "battle":
            damage_in_battle += 1
        elif ev.kind == "battle_ended" and damage_in_battle >= 2:
            seen["double attacks"] += 1
        elif ev.kind == "moved" and ev.get("from") == "life" and ev.get("to") == "trash" and ev.cause == "battle":
            seen["banished life cards"] += 1
        elif ev.kind == "moved" and ev.get("from") == "hand" and ev.get("counter"):
            seen["counters"] += 1                                  # a Character's Counter value (7-1-3-2-1)
        elif ev.kind == "activated" and ev.get("kind_of") == "counter":
            seen["counters"] += 1                                  # an Event's [Counter]
        elif ev.kind == "activated" and ev.get("kind_of") == "trigger":
            seen["triggers"] += 1
    return seen


def play(decks: tuple[str, str], seed: int) -> tuple[Any, Counter]:
    checker = InvariantChecker()
    game, result = play_checked("onepiece", list(decks), seed, checker.check)   # raises on a broken invariant
    assert checker.checks == len(game.decisions) + 1           # after every decision, and at the end
    assert game.over and all(not game.player(p).lost for p in result.winners)
    return result, moments(game.state.log)


@pytest.fixture(scope="module")
def played() -> dict:
    return {(decks, seed): play(decks, seed) for decks in PAIRINGS for seed in SEEDS}


def test_games_with_the_new_decks_play_to_the_end_with_invariants(played):
    assert len(played) == len(PAIRINGS) * len(SEEDS)
    for (decks, seed), (result, _seen) in played.items():
        assert result.turns >= 3, (decks, seed)
        assert "lost" in result.reason or "turn limit" in result.reason, (decks, seed, result.reason)


def test_blockers_double_attacks_banish_counters_and_triggers_all_happen(played):
    total: Counter = Counter()
    for _key, (_result, seen) in played.items():
        total.update(seen)
    games = len(played)
    print(f"\nover {games} seeded games: " + ", ".join(f"{m} {total[m] / games:.2f}/game" for m in MOMENTS))
    for m in MOMENTS:
        assert total[m] >= 1, f"no {m} in {games} seeded games"
    # Each of the new decks' own keywords: [Double Attack] and [Banish] come from ST07's cards.
    assert sum(1 for (decks, _), (_, seen) in played.items() if NEW[1] in decks and seen["banished life cards"]) >= 1
    assert sum(1 for (decks, _), (_, seen) in played.items() if NEW[1] in decks and seen["double attacks"]) >= 1


def test_the_first_two_sample_decks_reach_fewer_of_these_moments():
    """The same count for the first two sample decks, for comparison (printed; [Banish] is absent)."""
    total: Counter = Counter()
    for seed in SEEDS:
        total.update(play(OLD, seed)[1])
    print(f"\nred vs black over {len(SEEDS)} games: "
          + ", ".join(f"{m} {total[m] / len(SEEDS):.2f}/game" for m in MOMENTS))
    assert total["banished life cards"] == 0                     # no card of theirs has [Banish]


def test_the_conformance_kit_passes_with_the_new_decks():
    from rulestack.testing.conformance import check_system

    report = check_system("onepiece", games=2, seed=40, decks=list(NEW))
    assert report.games == 2 and report.decisions > 0 and report.passed, report.describe()
