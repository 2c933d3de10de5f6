"""Random full games between the sample decks, with the game's invariants checked after every
decision, and determinism."""
from __future__ import annotations

from typing import Any

import pytest

from rulestack import Game, RandomAgent, ScriptedAgent

DECKS = ["white_weenie", "red_burn"]


def check_invariants(game: Any, total: int) -> None:
    st = game.state
    where: dict[int, tuple] = {}
    for key, zone in st.zones.items():
        for cid in zone.cards:
            assert cid not in where, f"card {cid} is in {where[cid]} and {key}"
            where[cid] = key
            card = st.cards[cid]
            assert (card.zone, card.zone_player) == key or (card.zone == key[0] and key[1] is None)
    assert set(where) == set(st.cards), "a card is in no zone"
    tokens = set(st.values.get("tokens") or ())       # made by effects (111.1)
    assert len(set(st.cards) - tokens) == total, "cards appeared or vanished"
    for p in st.players:
        delta = sum(e.get("delta") for e in st.log if e.kind in ("life_changed", "damaged") and e.player == p.index)
        assert p.life == delta, f"P{p.index} life {p.life} but its life events add up to {delta}"
    for item in st.stack:
        if item.kind == "spell":
            assert st.cards[item.card].zone == "stack"
    for card in st.cards.values():
        if card.zone == "battlefield":
            assert card.controller == card.zone_player


class CheckingAgent:
    """A random agent that checks the invariants before every answer it gives."""

    def __init__(self, seed: int, total: int) -> None:
        self.inner = RandomAgent(seed)
        self.total = total
        self.checks = 0

    def decide(self, decision: Any, seat: Any) -> Any:
        check_invariants(seat.game, self.total)
        self.checks += 1
        return self.inner.decide(decision, seat)


@pytest.mark.parametrize("seed", range(50))
def test_random_games_end_and_keep_invariants(seed):
    agents = [CheckingAgent(seed * 2 + 1, 80), CheckingAgent(seed * 2 + 2, 80)]
    game = Game("mtg", DECKS, seed=seed, agents=agents)
    result = game.play()
    check_invariants(game, 80)
    assert result.turns >= 2
    assert game.state.result is result
    assert agents[0].checks + agents[1].checks == result.decisions
    if result.winners:
        loser = 1 - result.winners[0]
        lost = game.players[loser]
        assert (lost.life or 0) <= 0 or lost.values.get("drew_from_empty")


def test_same_seed_same_game_and_replay():
    g1 = Game("mtg", DECKS, seed=7)
    r1 = g1.play()
    g2 = Game("mtg", DECKS, seed=7)
    assert g2.play() == r1
    assert g1.event_log_json() == g2.event_log_json()
    shared = ScriptedAgent(g1.decisions)
    g3 = Game("mtg", DECKS, seed=7, agents=[shared, shared])
    assert g3.play() == r1
    assert g3.event_log_json() == g1.event_log_json()


def everything_deck() -> "Deck":
    """Five of each basic land and one of every other card of the pool."""
    from rulestack import Deck
    from rulestack.pool import CardPool
    from rulestack_systems.mtg import MTGSystem
    pool = CardPool.for_system(MTGSystem)
    basics = [code for code, e in pool.entries.items() if "Basic" in (e.fields.get("supertypes") or ())]
    others = [code for code, e in pool.entries.items() if code not in basics and not e.fields.get("token")]
    return Deck("everything", {"main": tuple([b for b in basics for _ in range(5)] + others)})


@pytest.mark.parametrize("cr", ["2026", "2025-fin", "pre-2025"])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_every_card_of_the_pool(seed, cr):
    deck = everything_deck()
    total = 2 * len(deck.sections["main"])
    agents = [CheckingAgent(seed * 2 + 1, total), CheckingAgent(seed * 2 + 2, total)]
    game = Game("mtg", [deck, deck], seed=seed, agents=agents, settings={"cr": cr})
    game.play()
    check_invariants(game, total)


def test_rulestack_play_mtg_reports_the_winner(capsys):
    from rulestack.cli import main
    assert main(["play", "mtg", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Summon: Choco/Mog" in out or "Mountain" in out          # the narrated game
    assert out.strip().splitlines()[-1].startswith("result: P")
    assert " won (" in out.strip().splitlines()[-1]
    assert main(["play", "mtg", "--seed", "3", "--quiet", "--set", "cr=pre-2025"]) == 0
    assert main(["play", "mtg", "--seed", "3", "--quiet", "--set", "cr=1999"]) == 2
