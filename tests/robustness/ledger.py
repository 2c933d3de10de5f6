"""Ledger Tiny: the Tiny system with cost kinds that can fail, for property tests of composite
costs. Test-only.

Cost kinds (each a :class:`~rulestack.CostComponent` kind; ``amount`` is how much):

* ``energy``: pay energy (Tiny's own); unpayable with too little.
* ``life``: pay life, but never down to 0 (unpayable otherwise).
* ``discard``: discard cards of your choice from your hand (Tiny's own).
* ``mill``: put the top cards of your deck into your discard pile; unpayable if the deck is short.
* ``exhaust``: tap untapped units of yours, of your choice.
* ``charge``: remove charge counters from your Battery (a relic on the field).
* ``tithe``: put the top card of your deck into the discard pile, then fail if it was a Brute:
  a cost that changes the state before it finds out it cannot be paid.
* ``jinx``: pays in the host's dry run, but fails for real after moving a card: the payment
  that goes wrong part way, after the whole cost was judged payable.
"""
from __future__ import annotations

from pathlib import Path

from rulestack import Cause, CostUnpayable, FunctionCost, hookimpl

from tinygame.system import TinyGame
from .hostile import m_mark

HERE = Path(__file__).resolve().parent


def _pay_life(game, player, comp, chosen, act):
    life = game.player(player).life or 0
    if life - comp.amount < 1:
        raise CostUnpayable(f"needs {comp.amount} life and must keep 1, has {life}")
    game.change_life(player, -comp.amount, cause=Cause.COST, source=act.card.id, by=player)
    return {"life": comp.amount}


def _top_to_discard(game, player, act):
    deck = game.zone("deck", player)
    if not deck.cards:
        raise CostUnpayable("the deck is empty")
    return game.move(deck.cards[-1], "discard", cause=Cause.COST, source=act.card.id, by=player)


def _pay_mill(game, player, comp, chosen, act):
    if len(game.zone("deck", player).cards) < comp.amount:
        raise CostUnpayable(f"needs {comp.amount} cards in the deck")
    return {"milled": [_top_to_discard(game, player, act).id for _ in range(comp.amount)]}


def _untapped_units(game, player, comp, act):
    return [c.id for c in game.cards_in("field", player)
            if c.definition.get("type") == "unit" and not c.status.get("tapped")]


def _pay_exhaust(game, player, comp, chosen, act):
    if len(chosen) != comp.amount:
        raise CostUnpayable(f"needs {comp.amount} untapped units")
    for cid in chosen:
        game.set_status(cid, "tapped", True, cause=Cause.COST, source=act.card.id, by=player)
    return {"exhausted": list(chosen)}


def _battery(game, player):
    return next((c for c in game.cards_in("field", player) if c.name == "Battery"), None)


def _pay_charge(game, player, comp, chosen, act):
    battery = _battery(game, player)
    if battery is None or battery.counters.get("charge", 0) < comp.amount:
        raise CostUnpayable(f"needs {comp.amount} charge counters on a Battery")
    game.remove_counters(battery, "charge", comp.amount, cause=Cause.COST, source=act.card.id, by=player)
    return {"charge": comp.amount}


def _pay_tithe(game, player, comp, chosen, act):
    card = _top_to_discard(game, player, act)
    if card.name == "Brute":
        raise CostUnpayable("the tithe turned up a Brute")
    return {"tithed": [card.id]}


def _pay_jinx(game, player, comp, chosen, act):
    if game.in_dry_run:
        return {"jinx": 1}
    if game.zone("deck", player).cards:
        _top_to_discard(game, player, act)
    raise CostUnpayable("the jinx struck while paying")


class LedgerTiny(TinyGame):
    """Tiny with cost kinds that can fail (see the module docstring)."""

    name = "ledger"
    title = "Ledger Tiny (cost kinds that can fail; test-only)"
    cost_kinds = {
        **TinyGame.cost_kinds,
        "life": FunctionCost(_pay_life, label="pay life"),
        "mill": FunctionCost(_pay_mill, label="mill"),
        "exhaust": FunctionCost(_pay_exhaust, _untapped_units, label="exhaust"),
        "charge": FunctionCost(_pay_charge, label="remove charge counters"),
        "tithe": FunctionCost(_pay_tithe, label="tithe"),
        "jinx": FunctionCost(_pay_jinx, label="jinx"),
    }
    script_methods = {**TinyGame.script_methods, "mark": m_mark}

    @classmethod
    def card_files(cls) -> list[Path]:
        return TinyGame.card_files() + [HERE / "ledger_cards" / "cards.yaml"]


class ComposedCost:
    """A plugin that adds the given components to the cost of every Ledger Spell."""

    plugin_name = "composed-cost"

    def __init__(self, components) -> None:
        self.components = list(components)

    @hookimpl
    def cost_contributions(self, game, activation):
        return list(self.components) if activation.card.name == "Ledger Spell" else []
