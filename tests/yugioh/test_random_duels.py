"""Fifty seeded random duels between the classic decks, with the invariants checked before every
decision: no card in two zones, every card where its zone says, the card count conserved, zone
capacities kept, and each player's LP equal to the sum of the recorded LP events."""
from __future__ import annotations

import pytest

from rulestack import Game, RandomAgent
from rulestack.agents import FunctionAgent

LP_EVENTS = ("life_changed", "damaged", "lp_paid", "lp_gained")


class InvariantChecker:
    """Wraps random agents and checks the game state each time one is asked to decide."""

    def __init__(self, seed: int) -> None:
        self.game: Game | None = None
        self.randoms = [RandomAgent(seed * 31 + i) for i in range(2)]
        self.count: int | None = None
        self.checked = 0
        self.lp_seen = 0
        self.lp_sums = [0, 0]

    def agent(self, i: int) -> FunctionAgent:
        def decide(decision, seat):
            self.check()
            return self.randoms[i].decide(decision, seat)
        return FunctionAgent(decide)

    def check(self) -> None:
        game = self.game
        st = game.state
        seen: dict[int, tuple] = {}
        for (name, player), zone in st.zones.items():
            for cid in zone.cards:
                assert cid not in seen, f"card {cid} is in {seen[cid]} and in {(name, player)}"
                seen[cid] = (name, player)
                card = st.cards[cid]
                assert (card.zone, card.zone_player) == (name, player), f"{card} is listed in {(name, player)}"
            if name in ("monster", "spell_trap"):
                assert len(zone.cards) <= 5, f"{name} of P{player} holds {len(zone.cards)} cards"
        assert set(seen) == set(st.cards), "a card is in no zone"
        if self.count is None:
            self.count = len(st.cards)
        assert len(st.cards) == self.count, "the number of cards changed"
        log = st.log
        for ev in log[self.lp_seen:]:
            if ev.kind in LP_EVENTS:
                self.lp_sums[ev.player] += ev.get("delta")
        self.lp_seen = len(log)
        for p in st.players:
            assert p.life == self.lp_sums[p.index], f"P{p.index} has {p.life} LP, the events say {self.lp_sums[p.index]}"
        for item in st.stack:
            assert item.card in st.cards
        self.checked += 1


@pytest.mark.parametrize("seed", range(50))
def test_random_duel_ends_without_error_and_keeps_invariants(seed):
    checker = InvariantChecker(seed)
    game = Game("yugioh", ["classic_a", "classic_b"], seed=seed, agents=[checker.agent(0), checker.agent(1)])
    checker.game = game
    game.auto_single = False      # every decision reaches an agent, so every one is checked
    result = game.play()
    checker.check()
    assert checker.checked > 10
    assert result.reason
    if result.winners:
        loser = game.opponent(result.winners[0])
        lost = game.player(loser)
        assert (lost.life or 0) <= 0 or lost.values.get("drew_from_empty_deck")
    assert len(game.cards_in("deck", 0)) + len(game.cards_in("hand", 0)) <= 40
    game.close()


def test_same_seed_same_duel():
    logs = []
    for _ in range(2):
        game = Game("yugioh", ["classic_a", "classic_b"], seed=7)
        game.play()
        logs.append(game.event_log_json())
    assert logs[0] == logs[1]
