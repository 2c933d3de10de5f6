"""Nodes, the resource (B2.3.3): required nodes (必要ノード, a threshold, 5.2.2.c), the cost
(コスト, paid by putting active nodes to sleep, N7), "X" as the nodes actually paid (QA-269), the
caster rule (術者, T7a) and the cost kinds of card scripts.

Cost kinds:

* ``nodes`` — put that many active nodes to sleep (they are face down and interchangeable, so
  there is nothing to choose);
* ``sleep_self`` — the (S) condition: put this card to sleep (an asleep card cannot pay it, C3).
"""
from __future__ import annotations

from typing import Any

from rulestack import Activation, Card, Cause, CostUnpayable, FunctionCost, Game

from . import areas, names
from .areas import FIELD, NODES, SLEEP


def _pay_nodes(game: Game, player: int, component: Any, chosen: list[int], activation: Activation) -> dict:
    n = component.amount
    active = areas.active_nodes(game, player)
    if len(active) < n:
        raise CostUnpayable(f"P{player} has {len(active)} active node(s), the cost is {n}")
    for node in active[:n]:
        game.set_status(node, SLEEP, True, cause=Cause.COST, source=activation.card.id, by=player)
    return {"nodes": n}


def _sleep_self(game: Game, player: int, component: Any, chosen: list[int], activation: Activation) -> dict:
    card = activation.card
    if card.zone != FIELD or card.status.get(SLEEP):
        raise CostUnpayable(f"{card.name} is asleep or not on the field, so it cannot be put to sleep (C3)")
    game.set_status(card, SLEEP, True, cause=Cause.COST, source=card.id, by=player)
    return {"slept": card.id}


COST_KINDS = {
    "nodes": FunctionCost(_pay_nodes, label="put nodes to sleep"),
    "sleep_self": FunctionCost(_sleep_self, label="put this card to sleep (S)"),
}


def playable_card(card: Card) -> bool:
    """A card whose required nodes and cost are "-" cannot be played (N8)."""
    return card.definition.get("nodes") is not None and (card.definition.get("cost") is not None
                                                          or card.definition.get("x_cost"))


def caster_present(game: Game, card: Card, player: int) -> bool:
    """T7a: a spell whose caster (術者) is on your field ignores its node and cost conditions. The
    caster is found by a reference to its name (12.3.1)."""
    caster = card.definition.get("caster")
    if not caster or areas.card_type(card) != areas.SPELL:
        return False
    return any(names.refers_to(game, c, caster) for c in areas.characters(game, player))


def required_nodes(game: Game, card: Card) -> int:
    return max(0, game.value(card, "nodes") or 0)


def meets_required_nodes(game: Game, card: Card, player: int) -> bool:
    """5.2.2.c: the number of nodes in the node area (active and asleep, N6) is at least the
    card's required nodes."""
    return caster_present(game, card, player) or len(game.cards_in(NODES, player)) >= required_nodes(game, card)


def cost_change(game: Game, card: Card) -> int:
    """The sum of "cost ±Y" effects on the card: its derived cost minus its printed cost."""
    printed = card.definition.get("cost") or 0
    return (game.value(card, "cost") or 0) - printed


def play_cost(game: Game, card: Card, player: int, x: int = 0, change: int | None = None) -> int:
    """The nodes to put to sleep: printed cost (+ X) ± Y, never below 0; nothing under the caster
    rule (T7a). ``change`` is the ±Y fixed when the card left the hand (default: as it is now)."""
    if caster_present(game, card, player):
        return 0
    delta = cost_change(game, card) if change is None else change
    return max(0, (card.definition.get("cost") or 0) + x + delta)
