"""Invariants of a Phantom Magic Vision game, checked before every decision of a random game.

* every card is in exactly one area, the area its record names, and each player keeps their 50;
* a played card is in the play area exactly while its item waits on the interference stack (or,
  during a choice, while it is being played or resolving);
* no card stays marked for removal and no character keeps damage reaching its durability once
  removal processing is over (9.1, 9.2.2) — except a character that cannot become near-death;
* a 【装備】 on the field is set on a character on the field (C7);
* durability 0 or less never survives processing, whatever the card says (9.2.2.b, 9.2.5);
* nodes are face down; each player sets at most one node and plays at most one character
  without 奇襲 per turn, and only the turn player in their Main Phase (N3, C2);
* life only changes through recorded events: the sum of the recorded changes is the life;
* attacks are declared only by the turn player in the Main Phase (B1); the Discard Phase ends
  with at most 7 cards in hand (H1); turn end leaves no damage on any character (T4).
"""
from __future__ import annotations

from collections import Counter
from typing import Any


from rulestack_systems.pmv import areas, removal


class InvariantChecker:
    """Checks a game's invariants; reads the event log incrementally so each check stays cheap."""

    def __init__(self) -> None:
        self.seen = 0
        self.life = Counter()
        self.initial: Counter | None = None
        self.checks = 0
        self.per_turn: Counter = Counter()
        self.phase: str | None = None
        self.active: int | None = None
        self.turn = 1

    def check(self, game: Any, decision: Any = None) -> None:
        """Check everything; ``decision`` is the decision about to be answered (``None`` at the end)."""
        self.checks += 1
        self._areas(game, priority=decision is None or decision.kind == "action")
        self._events(game)
        if not game.value_of(None, removal.PROCESSING):
            self._removal(game)

    def _areas(self, game: Any, priority: bool) -> None:
        where: dict[int, tuple] = {}
        for key, zone in game.state.zones.items():
            for cid in zone.cards:
                assert cid not in where, f"card {cid} is in {where[cid]} and in {key}"
                where[cid] = key
                card = game.state.cards[cid]
                assert (card.zone, card.zone_player) == key, f"{card} records {card.zone} but is in {key}"
                if card.zone == areas.NODES:
                    assert not card.face_up, f"node {card} is face up"
        assert len(where) == len(game.state.cards), "a card is in no area"
        owners = Counter(game.state.cards[c].owner for c in where)
        if self.initial is None:
            self.initial = owners
        assert owners == self.initial and all(n == 50 for n in owners.values()), f"card counts changed: {owners}"
        waiting = {it.card for it in game.state.stack if it.kind == "play"}
        in_play_area = set(game.state.zones[(areas.PLAY_AREA, None)].cards)
        extra = in_play_area - waiting      # a card being played or resolving, while a choice is made
        assert waiting <= in_play_area and len(extra) <= (0 if priority else 1), \
            f"play area {in_play_area} but stack holds {waiting}"

    def _removal(self, game: Any) -> None:
        for card in areas.equipment(game):
            host = game.card(card.attached_to) if card.attached_to is not None else None
            assert host is not None and host.zone == areas.FIELD, f"{card} stays set on nothing (C7)"
        for card in areas.characters(game):
            assert not card.status.get(removal.REMOVAL), f"{card} stays marked {card.status.get(removal.REMOVAL)}"
            dur = game.value(card, "durability") or 0
            assert dur > 0, f"{card} survives with durability {dur} (9.2.2.b)"
            if not game.has_keyword(card, removal.NEVER_NEAR_DEATH):
                assert (card.status.get(areas.DAMAGE) or 0) < dur, f"{card} survives damage {card.status}"

    def _events(self, game: Any) -> None:
        log = game.state.log
        for ev in log[self.seen:]:
            if ev.kind == "phase":
                self.phase, self.active = ev.get("phase"), ev.player
            elif ev.kind == "turn_began":
                self.turn = ev.get("turn")
            elif ev.kind in ("life_changed", "battle_damage", "effect_damage", "life_gained"):
                self.life[ev.player] += ev.get("delta")
            elif ev.kind == "node_set":
                self.per_turn[("node", self.turn, ev.player)] += 1
                assert self.per_turn[("node", self.turn, ev.player)] <= 1, "two nodes set in a turn"
                assert ev.player == self.active and self.phase == "main", "a node set out of its timing (N3)"
            elif ev.kind == "played":
                card = game.state.cards[ev.get("card")]
                if areas.card_type(card) == areas.CHARACTER and not game.has_keyword(card, "奇襲"):
                    self.per_turn[("char", self.turn, ev.player)] += 1
                    assert self.per_turn[("char", self.turn, ev.player)] <= 1, "two characters played in a turn"
                    assert ev.player == self.active and self.phase == "main", "a character out of its timing (C2)"
            elif ev.kind == "attack_declared":
                assert ev.player == self.active and self.phase == "main", "an attack out of its timing (B1)"
            elif ev.kind == "phase_ended" and ev.get("phase") == "discard":
                assert ev.get("hand") <= areas.HAND_LIMIT, f"P{ev.player} ends the Discard Phase with {ev.get('hand')}"
            elif ev.kind == "damage_reset":
                assert all(not c.get("damage") for c in ev.get("after")), "damage survived turn end (T4)"
        self.seen = len(log)
        for p in game.players:
            assert (p.life or 0) == self.life[p.index], f"P{p.index} life {p.life}, recorded changes {self.life[p.index]}"
