"""Invariants of a One Piece game, checked after every decision of a random game.

* no card is in two zones, every card's recorded zone is the zone holding it, and no card
  appears or disappears (each owner keeps the 61 cards of their deck);
* DON!! counts are conserved: 10 per player across the DON!! deck, cost area and given DON!!, and
  each Leader or Character's DON!! count matches the DON!! cards under it;
* Life is consistent with the damage events: a player's Life is the number of their Life cards
  and the sum of their recorded Life changes; every point of damage taken with Life left removed
  exactly one Life card (to hand, to the trash by [Banish], or to no area for a [Trigger]).
"""
from __future__ import annotations

from collections import Counter
from typing import Any


from rulestack_systems.onepiece import areas, don
from rulestack_systems.onepiece.resolution import DAMAGE_PROCESSING


class InvariantChecker:
    """Checks a game's invariants; reads the event log incrementally so each check stays cheap."""

    def __init__(self) -> None:
        self.seen_events = 0
        self.life_delta: Counter[int] = Counter()
        self.damage_with_life: Counter[int] = Counter()
        self.life_cards_taken: Counter[int] = Counter()
        self.initial_cards: Counter[int] | None = None
        self.checks = 0

    def check(self, game: Any, decision: Any = None) -> None:
        self.checks += 1
        self._zones(game)
        self._don(game)
        self._life(game)

    def _zones(self, game: Any) -> None:
        where: dict[int, tuple] = {}
        for key, zone in game.state.zones.items():
            for cid in zone.cards:
                assert cid not in where, f"card {cid} is in {where[cid]} and in {key}"
                where[cid] = key
                card = game.state.cards[cid]
                assert (card.zone, card.zone_player) == key, f"{card} records {card.zone} but is in {key}"
        assert len(where) == len(game.state.cards), "a card is in no zone"
        owners = Counter(game.state.cards[c].owner for c in where)
        if self.initial_cards is None:
            self.initial_cards = owners
        assert owners == self.initial_cards, f"card counts changed: {owners} != {self.initial_cards}"

    def _don(self, game: Any) -> None:
        for p in range(len(game.players)):
            assert don.total(game, p) == areas.DON_DECK_SIZE, f"P{p} has {don.total(game, p)} DON!!"
            under: Counter[int] = Counter(d.attached_to for d in game.cards_in(areas.GIVEN, p))
            for card in areas.battlers(game, p):
                assert areas.given_don(card) == under.get(card.id, 0), f"{card} counts DON!! wrongly"

    def _life(self, game: Any) -> None:
        log = game.state.log
        for ev in log[self.seen_events:]:
            if ev.kind == "life_changed":
                self.life_delta[ev.player] += ev.get("delta")
            elif ev.kind == "damage" and ev.get("life_before"):
                self.damage_with_life[ev.player] += 1
            elif ev.get("from") == "life" and ev.cause == "battle":
                self.life_cards_taken[ev.get("from_player")] += 1
        self.seen_events = len(log)
        if game.state.phase is None and not self.life_delta:
            return                                    # still setting up
        for player in game.players:
            p = player.index
            n = len(game.zone(areas.LIFE, p).cards)
            assert player.life == n, f"P{p} Life {player.life} but {n} Life cards"
            assert self.life_delta[p] == n, f"P{p} Life changes sum to {self.life_delta[p]}, Life is {n}"
            # A [Trigger] is offered between a point of damage and taking its Life card.
            pending = 1 if game.value_of(None, DAMAGE_PROCESSING) else 0
            assert 0 <= self.damage_with_life[p] - self.life_cards_taken[p] <= pending, \
                f"P{p}: {self.damage_with_life[p]} damage with Life left, {self.life_cards_taken[p]} Life cards taken"
