"""Digimon's own invariants, checked after every decision of a random game.

* the memory stays on the gauge, 10 at most on either side (1-4-2-2);
* security counts are never negative and security cards are face down (3-7);
* at most one card in each breeding area (3-4-7);
* every stack under a Digimon is well formed: each digivolution card is attached to a top card in
  its controller's breeding or battle area, no top card is itself attached, and levels rise
  strictly from each card to the next, bottom to top (a stack grows only by digivolution onto
  the level below, 8-1; effects take cards out of it — from the bottom, or any Digimon card as
  ST2-15 Kaiser Nail does — which can leave a gap but never a fall);
* every digivolution went onto a Digimon that met one of the card's requirements: its level and
  one of its colours (2-3-5, 8-1-3-1);
* no card is in two zones, and no card appears or vanishes.
"""
from __future__ import annotations

from collections import Counter
from typing import Any


from rulestack_systems.digimon import areas, memory


class InvariantBroken(AssertionError):
    """A Digimon invariant does not hold."""


class DigimonInvariants:
    """Checks a game's invariants; reads the event log incrementally."""

    def __init__(self) -> None:
        self.seen = 0
        self.checks = 0
        self.digivolutions = 0
        self.cards: Counter[int] | None = None

    def check(self, game: Any, decision: Any = None) -> None:
        self.checks += 1
        m = game.value_of(None, memory.MEMORY, 0)
        if not -memory.LIMIT <= m <= memory.LIMIT:
            raise InvariantBroken(f"memory {m} is off the gauge")
        owners: Counter[int] = Counter()
        where: dict[int, str] = {}
        for (zname, zplayer), zone in game.state.zones.items():
            for cid in zone.cards:
                if cid in where:
                    raise InvariantBroken(f"card {cid} is in {where[cid]} and {zname}")
                where[cid] = zname
                card = game.card(cid)
                if card.zone != zname:
                    raise InvariantBroken(f"{card.name} says it is in {card.zone} but is in {zname}")
                owners[card.owner] += 1
        if self.cards is None:
            self.cards = owners
        elif owners != self.cards:
            raise InvariantBroken(f"cards appeared or vanished: {dict(owners)} != {dict(self.cards)}")
        for p in game.players:
            sec = game.zone(areas.SECURITY, p.index).cards
            if len(sec) < 0 or any(game.card(c).face_up for c in sec):
                raise InvariantBroken(f"P{p.index}'s security is not a face-down stack")
            if len(game.zone(areas.BREEDING, p.index).cards) > 1:
                raise InvariantBroken(f"P{p.index} has more than one card in the breeding area")
            self._stacks(game, p.index)
        self._digivolutions(game)

    def _stacks(self, game: Any, player: int) -> None:
        tops = {c.id: c for z in areas.FIELD for c in game.cards_in(z, player)}
        for src in game.cards_in(areas.SOURCES, player):
            if src.attached_to not in tops:
                raise InvariantBroken(f"{src.name} is a digivolution card of no Digimon on the field")
        for top in tops.values():
            if top.attached_to is not None:
                raise InvariantBroken(f"{top.name} is on the field and attached to another card")
            if not areas.is_digimon_card(top):
                if areas.sources(game, top):
                    raise InvariantBroken(f"{top.name} is not a Digimon but has digivolution cards")
                continue
            levels = [areas.level(c) for c in areas.sources(game, top)] + [areas.level(top)]
            if any(b is None or a is None or b <= a for a, b in zip(levels, levels[1:])):
                raise InvariantBroken(f"the stack of {top.name} has levels {levels} (bottom to top)")

    def _digivolutions(self, game: Any) -> None:
        log = game.events
        for ev in log[self.seen:]:
            if ev.kind != "digivolved":
                continue
            self.digivolutions += 1
            card, onto = game.card(ev.get("card")), game.card(ev.get("onto"))
            ok = any(req.get("level") == areas.level(onto) and req.get("color") in areas.colors(onto)
                     for req in card.definition.get("digivolve") or ())
            if not ok:
                raise InvariantBroken(f"{onto.name} (level {areas.level(onto)}, {areas.colors(onto)}) digivolved "
                                      f"into {card.name}, whose requirements it does not meet")
        self.seen = len(log)
