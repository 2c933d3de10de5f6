"""The two more sample decks (``MTGSystem.more_decks``: Selesnya tokens and Izzet spells) are legal,
play seeded random games to the end with the game's invariants checked after every decision, and
in those games the new rules really happen: tokens are created, copies made, creatures flickered,
replacement effects applied, {X} spells cast with X of 1 or more, hybrid and Phyrexian costs paid,
spells kicked and a read-ahead Saga entering at a chosen chapter."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from rulestack import Game
from rulestack_systems.mtg import MTGSystem
from rulestack_systems.mtg.mana import ManaCost

from .test_cards_in_random_games import GRAVEYARD_BOUND
from .test_playout import CheckingAgent, check_invariants

NEW = MTGSystem.more_decks
OLD = MTGSystem.sample_decks
PAIRINGS = [(NEW[0], NEW[1]), (NEW[1], NEW[0]), (NEW[0], OLD[0]), (OLD[1], NEW[0]), (NEW[1], OLD[0]),
            (OLD[1], NEW[1])]
SEEDS = range(6)
MOMENTS = ("tokens", "copies", "flickers", "replacements", "X spells", "hybrid", "Phyrexian life", "kicked",
           "read ahead", "+1/+1 counters")


class RecordingAgent(CheckingAgent):
    """The checking random agent, keeping each decision's prompt, option labels and answer."""

    def __init__(self, seed: int, total: int) -> None:
        super().__init__(seed, total)
        self.answers: list[tuple[str, list[str], Any]] = []

    def decide(self, decision: Any, seat: Any) -> Any:
        answer = super().decide(decision, seat)
        self.answers.append((decision.prompt or "", [o.label for o in decision.options], answer))
        return answer


def chosen_labels(labels: list[str], answer: Any) -> list[str]:
    picks = answer if isinstance(answer, list) else [answer]
    return [labels[i] for i in picks if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(labels)]


SYMBOL = re.compile(r"\{[^}]*\}")


def mana_cost(game: Any, card_id: int) -> str:
    """The printed mana cost of a card (of the card itself, not what it is a copy of)."""
    return game.pool.definition(game.printed_code(card_id)).get("mana_cost") or ""


def moments(game: Any, agents: list[RecordingAgent]) -> Counter:
    """How often each rules moment happened in one game (its log and its players' answers)."""
    seen: Counter = Counter()
    exiled: dict[int, int | None] = {}          # card -> the source that exiled it from the battlefield
    for ev in game.state.log:
        if ev.kind == "moved" and ev.get("to") == "battlefield":
            printed = game.printed_code(ev.get("card"))
            if ev.get("from") == "nowhere":
                seen["tokens"] += 1                                       # 111.2
                if not game.pool.definition(printed).get("token"):
                    seen["copies"] += 1                                   # a token copy of a card (707.2)
            if printed != ev.get("code"):
                seen["copies"] += 1                                       # it entered as a copy (707.2)
            if ev.get("from") == "exile" and ev.get("card") in exiled and exiled[ev.get("card")] == ev.source:
                seen["flickers"] += 1                                     # exiled, then returned by one effect
        if ev.kind == "moved":
            if ev.get("from") == "battlefield" and ev.get("to") == "exile" and ev.cause == "effect":
                exiled[ev.get("card")] = ev.source
            else:
                exiled.pop(ev.get("card"), None)
            if ev.get("to") == "exile" and ev.get("how") in GRAVEYARD_BOUND:
                seen["replacements"] += 1                                 # a move to a graveyard replaced
        elif ev.kind == "replaced":
            seen["replacements"] += 1                                     # 614
        elif ev.kind == "cast":
            if any("/" in s and not s.endswith("/P}") for s in SYMBOL.findall(mana_cost(game, ev.get("card")))):
                seen["hybrid"] += 1                                       # 107.4e
        elif ev.kind == "life_changed" and ev.cause == "cost" and ev.get("delta") == -2 and ev.source is not None:
            if "/P}" in mana_cost(game, ev.source):
                seen["Phyrexian life"] += 1                               # 107.4f: 2 life for {C/P}
        elif ev.kind == "counters_added" and ev.get("counter") == "+1/+1":
            seen["+1/+1 counters"] += 1
    for agent in agents:
        for prompt, labels, answer in agent.answers:
            if prompt.startswith("choose X for") and isinstance(answer, int) and answer >= 1:
                seen["X spells"] += 1                                     # 107.3a
            elif prompt.startswith("read ahead"):
                seen["read ahead"] += 1                                   # 702.155
            if any(label.endswith("(with kicker)") for label in chosen_labels(labels, answer)):
                seen["kicked"] += 1                                       # 702.33
    return seen


def play(decks: tuple[str, str], seed: int) -> tuple[Any, Counter]:
    game = Game("mtg", list(decks), seed=seed)
    total = sum(len(d.sections["main"]) for d in game.decks)
    game.close()
    agents = [RecordingAgent(seed * 2 + 1, total), RecordingAgent(seed * 2 + 2, total)]
    game = Game("mtg", list(decks), seed=seed, agents=agents)
    try:
        result = game.play()
        check_invariants(game, total)
        assert agents[0].checks + agents[1].checks == result.decisions
        return result, moments(game, agents)
    finally:
        game.close()


@pytest.fixture(scope="module")
def played() -> dict:
    return {(decks, seed): play(decks, seed) for decks in PAIRINGS for seed in SEEDS}


def test_the_more_decks_are_legal_forty_card_decks_of_two_colours():
    game = Game("mtg", list(NEW), seed=0)
    colours = []
    for deck in game.decks:
        assert len(deck.sections["main"]) == 40
        cs: set[str] = set()
        for code in deck.sections["main"]:
            cs.update(ManaCost.parse(game.pool.definition(code).get("mana_cost") or "").colors)
        colours.append(cs)
    game.close()
    assert colours == [{"G", "W"}, {"U", "R"}]


def test_games_with_the_new_decks_play_to_the_end_with_invariants(played):
    for (decks, seed), (result, _seen) in played.items():
        assert result.turns >= 2, (decks, seed)
        assert result.winners or "draw" in result.reason, (decks, seed, result.reason)


def test_tokens_copies_flicker_replacements_x_hybrid_phyrexian_kicker_and_read_ahead_all_happen(played):
    total: Counter = Counter()
    for _key, (_result, seen) in played.items():
        total.update(seen)
    games = len(played)
    print(f"\nover {games} seeded games: " + ", ".join(f"{m} {total[m] / games:.2f}/game" for m in MOMENTS))
    for m in MOMENTS:
        assert total[m] >= 1, f"no {m} in {games} seeded games"


@pytest.mark.parametrize("deck", NEW)
def test_each_new_deck_reaches_its_own_mechanics(deck, played):
    mine: Counter = Counter()
    for (decks, _seed), (_result, seen) in played.items():
        if deck in decks:
            mine.update(seen)
    wanted = {"selesnya_tokens": ("tokens", "replacements", "X spells", "hybrid", "+1/+1 counters", "flickers"),
              "izzet_spells": ("copies", "flickers", "replacements", "X spells", "hybrid", "Phyrexian life",
                               "kicked", "read ahead")}[deck]
    for m in wanted:
        assert mine[m] >= 1, f"{deck}: no {m}"


def test_the_old_sample_decks_reach_none_of_the_new_mechanics():
    """The same count for the first two sample decks, for comparison: no tokens, copies, X ..."""
    total: Counter = Counter()
    for seed in range(3):
        total.update(play(OLD, seed)[1])
    for m in ("tokens", "copies", "flickers", "replacements", "X spells", "hybrid", "kicked", "read ahead"):
        assert total[m] == 0, m


def test_rulestack_play_takes_the_new_decks_by_name(capsys):
    from rulestack.cli import main
    assert main(["play", "mtg", "--deck", NEW[0], "--deck", NEW[1], "--seed", "5", "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("result: ") and ("selesnya_tokens" in last or "izzet_spells" in last or "draw" in last)
