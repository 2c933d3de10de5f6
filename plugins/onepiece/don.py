"""DON!! cards: the DON!! deck, the cost area, giving DON!! and returning it (CR 3-3, 3-9, 6-4, 6-5-5).

A given DON!! card is moved to the ``given`` zone of its owner with ``attached_to`` naming the
card it is under; that card's ``don`` status counts its DON!!, so conditions such as [DON!! x2]
(10-2-9) and the +1000 power of 6-5-5-2 read one number. When the card leaves its area its
status is cleared by the move, and rule processing puts its DON!! back in the cost area rested
(6-5-5-4).
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game
from rulestack.state import Card

from . import areas
from .areas import COST, DON_COUNT, DON_DECK, GIVEN, HOST_GENERATION, RESTED


def add_from_don_deck(game: Game, player: int, n: int) -> int:
    """Put up to ``n`` DON!! cards from the DON!! deck into the cost area, active (6-4)."""
    added = 0
    for _ in range(n):
        deck = game.zone(DON_DECK, player)
        if not deck.cards:
            break
        game.move(deck.cards[-1], COST, player, cause=Cause.RULE, by=player)
        added += 1
    return added


def set_rested(game: Game, card: Card, rested: bool, *, cause: str = Cause.RULE, source: int | None = None,
               by: int | None = None) -> bool:
    """Rest a card or set it active; nothing happens if it is already so (1-3-2-1)."""
    if bool(card.status.get(RESTED)) == rested:
        return False
    game.set_status(card, RESTED, True if rested else None, cause=cause, source=source, by=by)
    return True


def give(game: Game, don: Card, target: Card, *, cause: str = Cause.ACTION, source: int | None = None,
         by: int | None = None) -> None:
    """Give one DON!! card from the cost area to a Leader or Character (6-5-5-1)."""
    game.move(don, GIVEN, don.owner, cause=cause, source=source, by=by, kind="don_given", to_card=target.id)
    game.set(don, "attached_to", target.id)
    game.set_status(don, HOST_GENERATION, target.generation, quiet=True)
    game.set_status(target, DON_COUNT, areas.given_don(target) + 1, quiet=True)


def given_to(game: Game, card: Card) -> list[Card]:
    """The DON!! cards under ``card``."""
    return [d for d in game.cards_in(GIVEN, card.owner) if d.attached_to == card.id]


def return_to_cost(game: Game, don: Card, *, cause: str = Cause.RULE) -> None:
    """Put a given DON!! back in its owner's cost area, rested (6-2-3, 6-5-5-4)."""
    host = game.card(don.attached_to) if don.attached_to is not None else None
    game.move(don, COST, don.owner, cause=cause)
    game.set_status(don, RESTED, True, quiet=True)
    if host is not None and host.generation == don.status.get(HOST_GENERATION, host.generation) \
            and areas.given_don(host):
        game.set_status(host, DON_COUNT, max(0, areas.given_don(host) - 1) or None, quiet=True)


def return_all_given(game: Game, player: int) -> None:
    """Refresh Phase: every DON!! given to ``player``'s cards returns to the cost area (6-2-3)."""
    for don in list(game.cards_in(GIVEN, player)):
        return_to_cost(game, don)


def return_orphans(game: Game) -> bool:
    """DON!! under a card that has left its area go back to the cost area rested (6-5-5-4).
    (Asked at every rule processing: first only looked for, without copying the lists.)"""
    state = game.state
    cards, zones = state.cards, state.zones
    for p in range(len(state.players)):
        for cid in zones[(GIVEN, p)].cards:
            don = cards[cid]
            under = don.attached_to
            host = cards.get(under) if under is not None else None
            if host is None or host.zone not in areas.BATTLE_AREAS or \
                    host.generation != don.status.get(HOST_GENERATION):
                return _return_orphans_from(game, p)
    return False


def _return_orphans_from(game: Game, first: int) -> bool:
    """Return the orphaned DON!! of players ``first`` onwards (see :func:`return_orphans`)."""
    changed = False
    state = game.state
    cards, zones = state.cards, state.zones
    for p in range(first, len(state.players)):
        given = zones[(GIVEN, p)].cards
        if not given:
            continue
        for don in [cards[i] for i in given]:
            host = game.card(don.attached_to) if don.attached_to is not None else None
            if host is None or host.zone not in areas.BATTLE_AREAS or \
                    host.generation != don.status.get(HOST_GENERATION):
                return_to_cost(game, don)
                changed = True
    return changed


def to_don_deck(game: Game, don: Card, *, cause: str = Cause.COST, source: int | None = None,
                by: int | None = None) -> None:
    """Return a DON!! card (from the cost area or from under a card) to the DON!! deck (DON!! -X, 10-2-10)."""
    host = game.card(don.attached_to) if don.zone == GIVEN and don.attached_to is not None else None
    game.move(don, DON_DECK, don.owner, cause=cause, source=source, by=by)
    if host is not None and areas.given_don(host):
        game.set_status(host, DON_COUNT, areas.given_don(host) - 1 or None, quiet=True)


def total(game: Game, player: int) -> int:
    """``player``'s DON!! cards wherever they are (10 at all times, 5-1-3)."""
    return sum(len(game.zone(z, player)) for z in (DON_DECK, COST, GIVEN))
