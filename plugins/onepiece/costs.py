"""Activation costs as data (CR 8-3-1) and how each kind is paid.

The host checks a whole cost by paying it in a dry run, so every ``pay`` here raises
:class:`~rulestack.CostUnpayable` when it cannot pay; that makes a cost all-or-nothing (8-3-1-3)
without a separate "can I pay?" branch. The one exception is the host's own: the last component
of a cost being checked would only be paid to be rolled back, so ``don``, ``rest_self`` and
``trash_hand`` answer ``payable`` (what paying would do; ``None`` where paying could run
something the answer cannot foresee). Costs in scripts:

============================  =======================================================
``{ "don", 2 }``              ② — rest 2 active DON!! in your cost area (8-3-1-5)
``{ "don_minus", 1 }``        DON!! −1 — return 1 DON!! from your field to the DON!! deck (8-3-1-6)
``{ "trash_hand", 1 }``       trash 1 card from your hand
``{ "rest_self" }``           rest this card
============================  =======================================================
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, CostUnpayable, FunctionCost, Game

from . import areas, don, prohibitions
from .areas import COST, GIVEN, HAND, RESTED, TRASH


def _pay_don(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> dict:
    active = areas.active_don(game, player)
    if len(active) < comp.amount:
        raise CostUnpayable(f"needs {comp.amount} active DON!!, has {len(active)}")
    for card in active[:comp.amount]:      # (active: each is rested here, as don.set_rested would)
        game.set_status(card, RESTED, True, cause=Cause.COST, source=act.card.id, by=player)
    return {"don": comp.amount}


def _field_don(game: Game, player: int, comp: Any, act: Any) -> list[int]:
    return [c.id for z in (COST, GIVEN) for c in game.cards_in(z, player)]


def _pay_don_minus(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> dict:
    if len(chosen) < comp.amount:
        raise CostUnpayable(f"needs {comp.amount} DON!! on your field to return")
    for cid in chosen:
        card = game.card(cid)
        if card.zone not in (COST, GIVEN) or card.owner != player:
            raise CostUnpayable("that DON!! card is no longer on your field")
        don.to_don_deck(game, card, source=act.card.id, by=player)
    return {"don_returned": len(chosen)}


def _hand(game: Game, player: int, comp: Any, act: Any) -> list[int]:
    own = act.card.id
    return [cid for cid in game.zone(HAND, player).cards if cid != own]


def _pay_trash_hand(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> dict:
    if prohibitions.prohibited(game, player, "trash_from_hand"):
        raise CostUnpayable("a permanent effect forbids trashing cards from your hand")
    if len(chosen) < comp.amount:
        raise CostUnpayable(f"needs {comp.amount} card(s) in hand to trash")
    for cid in chosen:
        if game.card(cid).zone != HAND:
            raise CostUnpayable("that card is no longer in your hand")
        if game.would_move_to(cid, TRASH) != TRASH:
            raise CostUnpayable("a replacement effect would change where the card goes")
        game.move(cid, TRASH, cause=Cause.COST, source=act.card.id, by=player)
    return {"trashed": list(chosen)}


def _pay_rest_self(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> dict:
    card = act.card
    if card.zone not in areas.FIELD or card.status.get(RESTED):
        raise CostUnpayable(f"{card.name} is not an active card on the field")
    game.set_status(card, RESTED, True, cause=Cause.COST, source=card.id, by=player)   # (as don.set_rested)
    return {"rested_self": True}


# -- payable: what paying the last component of a cost being checked would do (CostKind.payable) --

def _payable_don(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> bool | None:
    """``_pay_don`` pays while ``comp.amount`` active DON!! are in the cost area (resting them runs nothing)."""
    return areas.active_don_count(game, player) >= comp.amount


def _payable_trash_hand(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> bool | None:
    """``_pay_trash_hand``'s answer: ``None`` while a replacement ability is in the game (it could
    change where a card goes) or outside a cost judgement (the prohibition check could run a
    condition script: within one, the prohibitions are those frozen before payment)."""
    if game.index.replacers:
        return None
    system: Any = game.system
    if system.frozen_prohibitions is None:
        return None
    if prohibitions.prohibited(game, player, "trash_from_hand"):
        return False
    if len(chosen) < comp.amount:
        return False
    cards = game.state.cards
    return all(cards[cid].zone == HAND for cid in chosen)


def _payable_rest_self(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> bool | None:
    """``_pay_rest_self`` pays while the card is active on the field."""
    card = act.card
    return card.zone in areas.FIELD and not card.status.get(RESTED)


COST_KINDS = {
    "don": FunctionCost(_pay_don, label="rest DON!!", payable=_payable_don),
    "don_minus": FunctionCost(_pay_don_minus, _field_don, label="return DON!!"),
    "trash_hand": FunctionCost(_pay_trash_hand, _hand, label="trash from hand", payable=_payable_trash_hand),
    "rest_self": FunctionCost(_pay_rest_self, label="rest this card", payable=_payable_rest_self),
}
