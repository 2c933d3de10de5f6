"""Building One Piece positions for scenario tests.

The test cards in ``cards/`` (codes ``TEST-...``) carry the exact texts of the RULES.md
checklist; :data:`SYSTEM` is the ``onepiece`` system with them added to its card pool. Every
position has Leaders, decks and Life, because rule processing makes a player with an empty deck
lose at once (1-2-1-1-2).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from rulestack.harness.systems import with_cards
from rulestack.scenario import Scenario

from rulestack_systems.onepiece import don as don_rules

CARDS = Path(__file__).parent / "cards"
SYSTEM = with_cards("onepiece", [CARDS])
FILLER = "Dockhand"


def position(*, active: int = 0, turn: int = 3, leaders: tuple[str, str] = ("Plain Leader", "Plain Leader"),
             life: tuple[int, int] = (3, 3), deck: tuple[int, int] = (5, 5), don: tuple[int, int] = (0, 0),
             settings: dict | None = None, plugins: Iterable[Any] = ()) -> Scenario:
    """A Main Phase position: both Leaders, ``deck`` filler cards in each deck, ``life`` filler
    Life cards, and ``don`` active DON!! in each cost area (the rest of the 10 in the DON!! deck)."""
    sc = Scenario(SYSTEM, settings=settings, plugins=plugins)
    for p in (0, 1):
        sc.add(leaders[p], "leader", p)
        sc.add_many([FILLER] * deck[p], "deck", p)
        sc.add_many([FILLER] * life[p], "life", p)
        for i in range(10):
            sc.add("DON!!", "cost" if i < don[p] else "don_deck", p)
        sc.set_life(p, life[p])
    sc.set_turn(turn=turn, active=active, phase="main")
    return sc


def leader(sc: Scenario, player: int) -> int:
    return sc.game.cards_in("leader", player)[0].id


def give_don(sc: Scenario, card_id: int, n: int = 1) -> None:
    """Give ``n`` DON!! from the card owner's DON!! deck to a Leader or Character."""
    game = sc.game
    card = game.card(card_id)
    for _ in range(n):
        don_rules.give(game, game.cards_in("don_deck", card.owner)[-1], card)


def names(sc: Scenario, zone: str, player: int) -> list[str]:
    return sc.zone(zone, player)


def order_of(sc: Scenario, *matches: tuple[str, dict]) -> list[int]:
    """The log positions of the first event matching each ``(kind, fields)``."""
    return [sc.assert_event(kind, **fields).seq for kind, fields in matches]


def resolving(sc: Scenario, card_id: int) -> list[int]:
    """The log positions at which effects of ``card_id`` began resolving."""
    return [e.seq for e in sc.events("resolving", card=card_id)]
