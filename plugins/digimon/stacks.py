"""Cards entering and leaving the field: playing (7-1), digivolution (8-1), hatching and moving
(4-18, 4-17), deletion (4-15) and the cards under a Digimon (4-3, 4-7-8).

A digivolved Digimon is the same Digimon, changed (3-4-5): the new top card takes over the old
top card's orientation, the turn it was placed, and the effects that applied to it.
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game
from rulestack.state import Card

from . import areas
from .areas import BATTLE, BREEDING, PLACED_BY_EFFECT, PLACED_TURN, SOURCES, SUSPENDED, TRASH

#: Statuses a digivolved Digimon keeps (8-1-2-3 orientation; 7-1-2-1 the turn it was placed).
KEPT_STATUSES = (SUSPENDED, PLACED_TURN)


def place(game: Game, card: Card, player: int, zone: str = BATTLE, *, cause: str = Cause.ACTION,
          source: int | None = None, kind: str = "played", by_effect: bool = False) -> Card:
    """Place a card on the field unsuspended (3-4-3), recording ``kind`` (``played`` triggers
    [On Play], 15-16-2-1)."""
    game.move(card, zone, player, cause=cause, source=source, by=player, kind=kind)
    game.set_status(card, PLACED_TURN, game.state.turn, quiet=True)
    if by_effect:
        game.set_status(card, PLACED_BY_EFFECT, True, quiet=True)
    return card


def put_under(game: Game, card: Card, top: Card, *, position: str = "top", cause: str = Cause.RULE,
              source: int | None = None, by: int | None = None) -> None:
    """Make ``card`` a digivolution card of ``top`` (at the top of its stack of sources, or the
    bottom)."""
    stack = areas.sources(game, top)
    zone = game.zone(SOURCES, top.controller)
    if position == "bottom" and stack:
        index = zone.cards.index(stack[0].id)
    elif stack:
        index = zone.cards.index(stack[-1].id) + 1
    else:
        index = len(zone.cards)
    game.move(card, SOURCES, top.controller, position=index, cause=cause, source=source, by=by, kind="placed_under",
              digimon=top.id)
    game.set(card, "attached_to", top.id)


def digivolve(game: Game, card: Card, target: Card, *, cause: str = Cause.ACTION, source: int | None = None) -> Card:
    """Stack ``card`` on top of ``target`` (8-1-3-3): the old top card and its sources go under the
    new one, which keeps the Digimon's orientation, its placed turn and the effects on it.
    Records ``digivolved``; the caller draws the bonus card."""
    player = target.controller
    zone = target.zone
    kept = {k: target.status[k] for k in KEPT_STATUSES if k in target.status}
    old_sources = areas.sources(game, target)
    game.move(card, zone, player, cause=cause, source=source, by=player, kind="stacked")
    for k, v in kept.items():
        game.set_status(card, k, v, quiet=True)
    for s in old_sources:
        game.set(s, "attached_to", card.id)
    put_under(game, target, card, cause=cause, source=source, by=player)
    game.carry_effects(target, card)    # effects on the Digimon keep applying to it (3-4-5)
    game.record("digivolved", cause=cause, source=source, player=player, card=card.id, code=card.code,
                onto=target.id, onto_code=target.code, zone=zone, level=areas.level(card))
    return card


def leave_field(game: Game, top: Card, zone: str, *, cause: str, source: int | None = None, by: int | None = None,
                kind: str = "moved", **extra: Any) -> None:
    """Move a Digimon's top card to ``zone``; the cards under it are trashed at the same time (4-7-8)."""
    under = areas.sources(game, top)
    game.move(top, zone, top.owner, cause=cause, source=source, by=by, kind=kind, **extra)
    for s in under:
        game.move(s, TRASH, s.owner, cause=cause, source=source, by=by, kind="trashed_with_stack")


def delete(game: Game, top: Card, *, cause: str, source: int | None = None, by: int | None = None,
           **extra: Any) -> bool:
    """Delete a Digimon (4-15): record ``deleted`` while it is still on the field, so [On Deletion]
    triggers for the card that was the top card (15-8-3-5), then trash it with its stack."""
    if top.zone != BATTLE or not areas.is_digimon_card(top):
        return False
    if not _survives_would_be_deleted(game, top, cause, source, by):
        return False
    game.record("deleted", cause=cause, source=source, player=by, card=top.id, code=top.code,
                controller=top.controller, **extra)
    leave_field(game, top, TRASH, cause=cause, source=source, by=by)
    return True


PREVENTED = "deletion_prevented_for"


def _survives_would_be_deleted(game: Game, top: Card, cause: str, source: int | None, by: int | None) -> bool:
    """Immediate-type "when this Digimon would be deleted" effects interrupt right before the
    deletion (15-8-5-1/-2); one that prevents it (``ctx:prevent_deletion``) or moves the Digimon
    away means it is not deleted. Returns whether the deletion goes ahead."""
    from .resolution import interrupt
    gen = top.generation
    game.record("would_be_deleted", cause=cause, source=source, player=by, card=top.id, code=top.code)
    interrupt(game)
    prevented = game.value_of(None, PREVENTED) == (top.id, gen)
    if prevented:
        game.set_value(None, PREVENTED, None)
        game.record("deletion_prevented", player=top.controller, card=top.id, why="an immediate-type effect")
    return not prevented and top.zone == BATTLE and top.generation == gen


def prevent_deletion(game: Game, top: Card) -> None:
    """Mark the Digimon about to be deleted as not deleted (an immediate-type effect's processing)."""
    game.set_value(None, PREVENTED, (top.id, top.generation))


def trash(game: Game, card: Card, *, cause: str, source: int | None = None, by: int | None = None) -> None:
    """Trash a card (not a deletion, 4-16-3); a top card takes its stack along."""
    if card.zone in (BATTLE, BREEDING):
        leave_field(game, card, TRASH, cause=cause, source=source, by=by, kind="trashed")
    else:
        game.move(card, TRASH, card.owner, cause=cause, source=source, by=by, kind="trashed")


def to_hand(game: Game, top: Card, *, cause: str = Cause.EFFECT, source: int | None = None,
            by: int | None = None) -> None:
    """Return a Digimon to its owner's hand; its digivolution cards are trashed (4-7-8)."""
    leave_field(game, top, areas.HAND, cause=cause, source=source, by=by, kind="returned_to_hand")


def trash_sources(game: Game, top: Card, n: int, *, from_bottom: bool = True, cause: str = Cause.EFFECT,
                  source: int | None = None, by: int | None = None) -> int:
    """Trash ``n`` of a Digimon's digivolution cards from the bottom (or the top)."""
    under = areas.sources(game, top)
    picked = under[:n] if from_bottom else list(reversed(under))[:n]
    for s in picked:
        game.move(s, TRASH, s.owner, cause=cause, source=source, by=by, kind="trashed_from_stack", digimon=top.id)
    return len(picked)

