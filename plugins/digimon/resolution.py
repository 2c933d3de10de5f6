"""Activation and the order of pending effects: there is no stack (CRM 15-4).

An effect activates and is processed at once (15-4-1): the host puts the activated item on
``state.stack`` and :func:`resolve_activated` processes it straight away. Trigger-type effects
can't activate while a rule or effect is being processed (15-8-3-2): they wait *pending*, and
:func:`settle` activates them one at a time whenever processing is over:

* effects triggered together form a batch; the turn player activates all of theirs first, one at
  a time in the order they choose, then the non-turn player (15-4-3-5), the choice being made
  anew after each effect (15-4-3-4);
* an effect triggered while a batch is being worked through (a *derived* trigger) is activated
  before the effects already pending — a non-turn player's derived trigger before the turn
  player's pending ones too (15-4-5-2/-3): new batches go in front;
* a rule check runs before each choice (17-1, the MAN worked example), and what it triggers joins
  the same new batch (15-4-3-3);
* a pending effect doesn't activate if its card became a new card, lost the effect or no longer
  meets the conditions (15-4-4-3/-4/-5), or its [Once Per Turn] is used up (15-14-1).

The queue is a game value, journaled, so a rolled-back action restores it.
"""
from __future__ import annotations

from typing import Any

from rulestack import Activation, Game, PendingTrigger
from rulestack.state import Card

from . import abilities, areas

QUEUE = "pending_effects"


def settle(game: Game) -> None:
    """Rule checks, then every pending effect in the order of 15-4, until none is left."""
    while True:
        game.run_state_checks()
        batches = list(game.value_of(None, QUEUE, ()))
        fresh = game.take_triggers()
        if fresh:
            batches.insert(0, tuple(fresh))
        batches = [b for b in batches if b]
        if not batches:
            if game.value_of(None, QUEUE):
                game.set_value(None, QUEUE, ())
            return
        trig = _pick(game, list(batches[0]))
        rest = tuple(t for t in batches[0] if t is not trig)
        batches[0] = rest
        game.set_value(None, QUEUE, tuple(b for b in batches if b))
        activate_pending(game, trig)


def _pick(game: Game, batch: list[PendingTrigger]) -> PendingTrigger:
    """15-4-3-5: the turn player chooses one of their pending effects; when they have none left,
    the non-turn player chooses one of theirs."""
    for p in game.apnap():
        mine = [t for t in batch if t.controller == p]
        if len(mine) == 1:
            return mine[0]
        if mine:
            labels = [describe(game, t) for t in mine]
            return mine[game.choose_option(p, labels, "activate which pending effect first?")]
    return batch[0]


def describe(game: Game, trig: PendingTrigger) -> str:
    card = game.card(trig.card)
    return f"{card.name} {card.definition.abilities[trig.ability].label}"


def order_triggers(game: Game, triggers: list[PendingTrigger]) -> list[PendingTrigger]:
    """The host's batch in the order it triggered; :func:`_pick` asks at each step (15-4-3-4)."""
    return triggers


def lapsed(game: Game, trig: PendingTrigger) -> str | None:
    """Why a pending effect can no longer activate (15-4-4), or ``None``."""
    card = game.card(trig.card)
    ab = card.definition.abilities[trig.ability]
    if ab.kind == "on_deletion":
        if card.zone != areas.TRASH:
            return "the deleted card is no longer in the trash (15-4-4-3)"
    elif ab.kind == "pending_processing":
        if (card.id, ab.index) not in abilities.scheduled(game):
            return "the processing is no longer scheduled"
    elif card.generation != trig.generation:
        return "its card became a new card before the effect activated (15-4-4-3)"
    elif not abilities.functions_here(game, card, ab, None):
        return "its card no longer has the effect or its conditions (15-4-4-4, 15-4-4-5)"
    if ab.get("once_per_turn") and game.used_this_turn(card, ab):
        return "[Once Per Turn] was already used (15-14-1)"
    return None


def activate_pending(game: Game, trig: PendingTrigger) -> None:
    """Activate one pending effect now, unless it lapsed; an optional one only if its player agrees."""
    card = game.card(trig.card)
    ab = card.definition.abilities[trig.ability]
    why = lapsed(game, trig)
    if why is not None:
        game.record("effect_lapsed", card=card.id, ability=trig.ability, why=why, player=trig.controller)
        return
    if ab.kind == "pending_processing":
        abilities.unschedule(game, card.id, ab.index)
    act = Activation(player=trig.controller, card=card, ability=ab, trigger=trig)
    if any(v is False or isinstance(v, str) for v in game.pm.hook.can_activate(game=game, activation=act)):
        return
    if not game.cost_payable(act):
        return
    if ab.get("optional") and not game.yes_no(trig.controller, f"Activate {card.name} {ab.label}?", source=card.id):
        return
    if game.activate(trig.controller, card, ab, trigger=trig) is not None:
        resolve_activated(game)


def resolve_activated(game: Game) -> None:
    """Process what was just activated (15-4-1-1); there is never more than one item."""
    stack = game.state.stack
    while stack:
        game.resolve(game.journal.pop(stack))


def interrupt(game: Game) -> None:
    """Immediate-type effects (15-8-5): those triggered by the event just recorded activate now,
    right before the cause, the turn player's first; they trigger only with each other (15-8-5-3)."""
    pending = list(game.state.pending)
    immediate = [t for t in pending if game.card(t.card).definition.abilities[t.ability].kind == "immediate"]
    if not immediate:
        return
    for t in immediate:
        game.journal.remove(game.state.pending, t)
    while immediate:
        trig = _pick(game, immediate)
        immediate.remove(trig)
        activate_pending(game, trig)


def activate_security(game: Game, card: Card, player: int) -> bool:
    """A checked card's [Security] effect activates at once, without pending (15-16-10-2); no
    cost is paid and colour requirements don't apply (4-22-5, MAN). Returns whether it did."""
    for ab in card.definition.abilities:
        if ab.kind != "security" or game.abilities_removed(card):
            continue
        item = game.activate(player, card, ab)
        if item is not None:
            resolve_activated(game)
        return True
    return False
