"""Activation and the order of resolution: there is no stack (CR 8-4, 8-6).

An activated effect resolves as soon as it has been activated (8-4-1-4, 8-4-1-5): the host puts
the activated item on ``state.stack`` and :func:`resolve_activated` resolves it at once. Auto
effects whose timing was met wait in a queue, which :func:`settle` works through whenever the
rules let effects resolve:

* the effects met together form a batch, the turn player's first and then the non-turn player's,
  each player putting their own simultaneous effects in order (8-6-1, 8-1-3-2);
* batches wait first-in-first-out, so an effect that a resolution newly meets waits behind
  every effect already pending — a new turn-player effect after the non-turn player's pending
  ones (8-6-1), a new effect after its own player's older ones (8-6-1-1); a newly met
  non-turn-player effect likewise queues behind the turn player's new ones (RULES.md part E 5:
  an inference, the CR only states the turn-player case);
* nothing resolves while damage processing is under way (8-6-2); the queue is worked through
  once it ends.

The queue is a game value (journaled, so a rollback restores it).
"""
from __future__ import annotations

from typing import Any

from rulestack import Activation, Game, PendingTrigger
from rulestack.state import Card, Item

from . import areas

#: Game values: the auto effects waiting to be activated, and whether damage processing is under way.
QUEUE = "pending_effects"
DAMAGE_PROCESSING = "damage_processing"


def settle(game: Game) -> None:
    """Rule processing, then the pending auto effects one at a time in the order of 8-6, each
    followed by rule processing, until none is left (or damage processing holds them)."""
    state = game.state
    while True:
        game.run_state_checks()
        values = state.values
        if values.get(DAMAGE_PROCESSING):
            return
        waiting = values.get(QUEUE, ())
        if not waiting and not state.pending:
            return      # nothing waits and no auto effect was met (take_triggers would find none)
        queue = list(waiting)
        queue += game.take_triggers()
        if not queue:
            return
        head = queue.pop(0)
        game.set_value(None, QUEUE, tuple(queue))
        _activate_pending(game, head)


def order_batch(game: Game, triggers: list[PendingTrigger]) -> list[PendingTrigger]:
    """One batch of newly met auto effects: the turn player's first (8-6-1), each player's in the
    order they were met, simultaneous ones (met by one event) in the order their player chooses
    (8-1-3-2)."""
    out: list[PendingTrigger] = []
    for p in game.apnap():
        mine = [t for t in triggers if t.controller == p]
        i = 0
        while i < len(mine):
            j = i + 1
            while j < len(mine) and mine[j].order == mine[i].order:
                j += 1
            out += game.order(p, mine[i:j], "order your auto effects", label=lambda t: _describe(game, t))
            i = j
    return out


def _describe(game: Game, trig: PendingTrigger) -> str:
    card = game.card(trig.card)
    return f"{card.name} {card.definition.abilities[trig.ability].label}"


def _activate_pending(game: Game, trig: PendingTrigger) -> None:
    held: Item | None = trig.data.get("item")
    if held is not None:                      # an [On K.O.] effect activated on the field (10-2-17)
        game.resolve(held)
        return
    card = game.card(trig.card)
    ev = trig.event
    if trig.source_moved(game):
        game.record("effect_lapsed", card=card.id, ability=trig.ability, rule="8-1-3-1-3",
                    why="the card moved to another area before the effect was activated")
        return
    if _timing_card_moved(game, ev, card.id):
        game.record("effect_lapsed", card=card.id, ability=trig.ability, rule="8-1-3-1-3",
                    why="the card that met the timing moved to another area before the effect was activated")
        return
    if ev.get("card") == card.id and areas.is_secret(ev.get("to")):
        game.record("effect_lapsed", card=card.id, ability=trig.ability, rule="8-4-5",
                    why="the card moved into a secret area")
        return
    if activate_trigger(game, trig) is not None:
        resolve_activated(game)


def _timing_card_moved(game: Game, ev: Any, own: int) -> bool:
    """8-1-3-1-3 reaches the card that met the timing, not only the effect's own card: has the card
    the triggering event is about moved to another area since that event?"""
    cid = ev.get("card")
    if cid is None or cid == own:
        return False
    return any(later.get("card") == cid and later.get("from") is not None and later.get("to") is not None
               for later in game.events[ev.seq:])


def activate_trigger(game: Game, trig: PendingTrigger, *, hold: bool = False) -> Item | None:
    """Activate a pending auto effect (8-4-1): not if the rules forbid it or its whole activation
    cost cannot be paid (8-3-1-3); an optional ("you may") one only if its player agrees (8-1-2,
    8-3-1-4). With ``hold`` the item is returned unresolved instead of going to the stack."""
    card = game.card(trig.card)
    ab = card.definition.abilities[trig.ability]
    act = Activation(player=trig.controller, card=card, ability=ab, trigger=trig)
    if any(v is False for v in game.pm.hook.can_activate(game=game, activation=act)):
        return None
    if not game.cost_payable(act):
        return None
    if ab.get("optional") and not game.yes_no(trig.controller, f"Use {card.name} {ab.label}?", source=card.id):
        return None
    return game.activate(trig.controller, card, ab, trigger=trig, data={"hold": True} if hold else None)


def resolve_activated(game: Game) -> None:
    """Resolve what was just activated (8-4-1-5); there is never more than one."""
    stack = game.state.stack
    while stack:
        game.resolve(game.journal.pop(stack))


def activate_on_ko(game: Game, card: Card, ev: Any) -> None:
    """The [On K.O.] effects of ``card``, met by the K.O. event ``ev``, are activated now, while the
    card is still on the field; they resolve later in queue order, from the trash (10-2-17)."""
    for trig in list(game.state.pending):
        if trig.card != card.id or trig.event is not ev:
            continue
        if card.definition.abilities[trig.ability].kind != "on_ko":
            continue
        item = activate_trigger(game, trig, hold=True)
        if item is None:
            game.journal.remove(game.state.pending, trig)
        else:
            game.journal.setitem(trig.data, "item", item)


def hold_item(game: Game, item: Item) -> bool:
    """``push_item``: an item activated with ``hold`` stays with its pending trigger."""
    return bool(item.data.get("hold"))
