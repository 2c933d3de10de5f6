"""Life and damage processing (CR 4-6, 7-1-4-1-1, 10-1-3, 10-1-5).

Each point of damage is determined first: with no Life cards left the Leader's player has met a
defeat condition and loses at once (7-1-4-1-1-1, 9-1-2). Otherwise the top Life card is taken:
[Banish] trashes it (and no [Trigger]); a card with [Trigger] may be revealed and its [Trigger]
activated instead of adding it to hand, with the card in no area meanwhile and trashed afterwards
unless its effect moved it (10-1-5-3); otherwise it goes to hand. Auto effects met during damage
processing wait until all of it is over (8-6-2); a [Trigger] suspends it (8-6-2-1).
"""
from __future__ import annotations

from typing import Any

from rulestack import Activation, Cause, Game
from rulestack.state import Card

from . import rules
from .areas import HAND, LIFE, NO_AREA, TRASH
from .resolution import DAMAGE_PROCESSING, resolve_activated


def take_life_card(game: Game, card: Card, zone: str, *, cause: str, source: int | None = None,
                   by: int | None = None, face_up: bool | None = None, **extra: Any) -> Card:
    """Move a card out of (or into) a Life area, keeping the player's Life in step."""
    game.move(card, zone, card.owner, cause=cause, source=source, by=by, face_up=face_up, **extra)
    rules.sync_life(game)
    return card


def deal_damage(game: Game, player: int, amount: int, *, source: int | None, banish: bool = False,
                cause: str = Cause.BATTLE) -> None:
    """Damage processing: ``amount`` points of damage to ``player``'s Leader, one at a time."""
    outer = game.value_of(None, DAMAGE_PROCESSING)
    game.set_value(None, DAMAGE_PROCESSING, True)
    for _ in range(amount):
        life = game.zone(LIFE, player).cards
        game.record("damage", cause=cause, source=source, player=player, life_before=len(life))
        if not life:
            game.set_value(player, rules.HIT_AT_ZERO, True)
            game.run_state_checks()          # 9-1-2: the game ends here
            return
        top = game.card(life[-1])
        if banish:
            take_life_card(game, top, TRASH, cause=cause, source=source, by=player)
        elif not _activate_trigger(game, top, player, cause):
            take_life_card(game, top, HAND, cause=cause, source=source, by=player)
        game.run_state_checks()
    if not outer:
        game.set_value(None, DAMAGE_PROCESSING, None)


def trigger_ability(game: Game, card: Card) -> Any:
    """The card's [Trigger] ability, if it has one that functions."""
    if game.abilities_removed(card):
        return None
    for ab in card.definition.abilities:
        if ab.kind == "trigger":
            return ab
    return None


def _activate_trigger(game: Game, card: Card, player: int, cause: str) -> bool:
    """Offer the [Trigger] of a Life card taken by damage; returns whether it was activated."""
    ab = trigger_ability(game, card)
    if ab is None:
        return False
    act = Activation(player=player, card=card, ability=ab)
    if not game.cost_payable(act):
        return False
    if not game.yes_no(player, f"Reveal {card.name} and activate its [Trigger]?", source=card.id):
        return False
    game.record("revealed", cause=cause, player=player, cards=[card.id], codes=[card.code])
    take_life_card(game, card, NO_AREA, cause=cause, by=player, face_up=True, revealed=True)
    if game.activation_problem(act) is None:
        game.activate(player, card, ab)
        resolve_activated(game)
    if card.zone == NO_AREA:
        game.move(card, TRASH, card.owner, cause=Cause.RULE)
    return True
