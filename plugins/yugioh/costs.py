"""Costs (YGO-A1 to YGO-A19): the cost kinds, costs that continuous effects put on actions, and
maintenance costs.

The host pays an activation's cost inside :meth:`Game.activate`, before the chain link exists,
after checking the whole cost by paying it in a dry run (all or nothing, YGO-A9/A10). So each
kind's ``pay`` only pays, and raises :class:`CostUnpayable` when it cannot: a cost that a
replacement effect would change (Macro Cosmos turns "send to the GY" into "banish") cannot be paid
as written (YGO-A13), and "Tribute" cannot be paid while a card forbids Tributes (Mask of
Restrict). Moves made as a cost carry the cause ``cost`` and are never effects (YGO-A12).

Cost components, as written in card scripts::

    { "pay_lp", 1000 }                       -- pay LP ("half" pays half, rounded down)
    { kind = "tribute", amount = 1 }         -- Tribute monsters you control (self = true: this card;
                                             --   from = "hand": monsters in your hand, as Ritual Spells may)
    { kind = "discard", amount = 1 }         -- discard from the hand (filter = {...} narrows it)
    { kind = "send_to_gy", from = "deck_top" }  -- or from = "hand" / "field"
    { kind = "banish", from = "graveyard" }
    { kind = "to_deck_top" }                 -- place a card from the hand on top of the Deck
    { kind = "detach", amount = 1 }          -- detach Xyz Materials from this card (to the GY)

Costs on actions (YGO-A17): a ``toll`` ability (Chain Energy, Dark Panther) names the actions it
taxes; activations get the toll through the host's ``cost_contributions`` hook, Summons, Sets and
attack declarations through :func:`pay_action_cost` here, with the same kinds and the same
all-or-nothing check.
"""
from __future__ import annotations

from typing import Any, Iterable

from rulestack import Activation, Card, Cause, CostComponent, CostUnpayable, FunctionCost, Game
from rulestack.scripts import normalize_cost

from . import rules
from .cardinfo import on_field
from .moves import destroy, send
from .xyz_materials import detach, materials_of


def _source(comp: CostComponent, act: Activation) -> int | None:
    return comp.source if comp.source is not None else (act.card.id if act.card is not None else None)


def _filtered(game: Game, cards: Iterable[Card], comp: CostComponent, act: Activation) -> list[int]:
    spec = comp.params.get("filter")
    return [c.id for c in cards if not spec or game.matches(c, spec, act.player, act.card)]


# -- life points ----------------------------------------------------------------------------------
def pay_lp(game: Game, player: int, comp: CostComponent, chosen: list[int], act: Activation) -> dict[str, Any]:
    """Pay LP; ``amount = "half"`` pays half the player's LP, rounded down. A player cannot pay
    more LP than they have."""
    lp = game.player(player).life or 0
    amount = lp // 2 if comp.params.get("amount_word") == "half" else comp.amount
    if amount > lp:
        raise CostUnpayable(f"needs {amount} LP, has {lp}")
    game.change_life(player, -amount, cause=Cause.COST, source=_source(comp, act), by=player, kind="lp_paid")
    return {"lp": amount}


# -- Tributes --------------------------------------------------------------------------------------
def tribute_candidates(game: Game, player: int, comp: CostComponent, act: Activation) -> list[int]:
    if comp.params.get("self"):
        cards = [act.card] if act.card is not None and act.card.zone == "monster" else []
    elif comp.params.get("from") == "hand":
        cards = [c for c in game.cards_in("hand", player) if c.definition.get("card_type") == "Monster"]
    else:
        cards = game.cards_in("monster", player)
    cards = [c for c in cards if c.controller == player and not rules.forbidden(game, "tribute", c)]
    return _filtered(game, cards, comp, act)


def pay_tribute(game: Game, player: int, comp: CostComponent, chosen: list[int], act: Activation) -> dict[str, Any]:
    legal = set(tribute_candidates(game, player, comp, act))
    for cid in chosen:
        if cid not in legal:
            raise CostUnpayable(f"{game.card(cid).name} cannot be Tributed")
        send(game, cid, "graveyard", how="tributed", cause=Cause.COST, source=_source(comp, act), by=player)
    return {"cards": list(chosen), "tributed": list(chosen)}


# -- cards sent from the hand, the Deck or the field -----------------------------------------------
def _must_reach(game: Game, cid: int, zone: str) -> None:
    if game.would_move_to(cid, zone) != zone:
        raise CostUnpayable(f"{game.card(cid).name} would not reach the {zone} (a replacement effect applies)")


def hand_candidates(game: Game, player: int, comp: CostComponent, act: Activation) -> list[int]:
    own = act.card.id if act.card is not None else None
    return _filtered(game, [c for c in game.cards_in("hand", player) if c.id != own], comp, act)


def pay_discard(game: Game, player: int, comp: CostComponent, chosen: list[int], act: Activation) -> dict[str, Any]:
    """Discard: send from the hand to the GY (so Macro Cosmos makes it unpayable, YGO-A13)."""
    for cid in chosen:
        _must_reach(game, cid, "graveyard")
        send(game, cid, "graveyard", how="discarded", cause=Cause.COST, source=_source(comp, act), by=player)
    return {"cards": list(chosen), "discarded": list(chosen)}


def send_candidates(game: Game, player: int, comp: CostComponent, act: Activation) -> list[int] | None:
    where = comp.params.get("from", "hand")
    if where == "deck_top":
        return None
    if where == "field":
        cards = [c for z in ("monster", "spell_trap") for c in game.cards_in(z, player)
                 if c.id != (act.card.id if act.card is not None else None)]
        return _filtered(game, cards, comp, act)
    return hand_candidates(game, player, comp, act)


def pay_send_to_gy(game: Game, player: int, comp: CostComponent, chosen: list[int], act: Activation) -> dict[str, Any]:
    """Send cards to the GY: chosen ones, or the top ``amount`` cards of the Deck."""
    if comp.params.get("from") == "deck_top":
        deck = game.zone("deck", player).cards
        if len(deck) < comp.amount:
            raise CostUnpayable(f"the Deck has {len(deck)} card(s), {comp.amount} needed")
        chosen = list(reversed(deck[-comp.amount:]))
    for cid in chosen:
        _must_reach(game, cid, "graveyard")
        send(game, cid, "graveyard", how="sent", cause=Cause.COST, source=_source(comp, act), by=player)
    return {"cards": list(chosen), "sent": list(chosen)}


def banish_candidates(game: Game, player: int, comp: CostComponent, act: Activation) -> list[int]:
    where = comp.params.get("from", "graveyard")
    own = act.card.id if act.card is not None else None
    return _filtered(game, [c for c in game.cards_in(where, player) if c.id != own], comp, act)


def pay_banish(game: Game, player: int, comp: CostComponent, chosen: list[int], act: Activation) -> dict[str, Any]:
    for cid in chosen:
        send(game, cid, "banished", how="banished", cause=Cause.COST, source=_source(comp, act), by=player)
    return {"cards": list(chosen), "banished": list(chosen)}


def pay_to_deck_top(game: Game, player: int, comp: CostComponent, chosen: list[int], act: Activation) -> dict[str, Any]:
    for cid in chosen:
        send(game, cid, "deck", how="returned", cause=Cause.COST, source=_source(comp, act), by=player)
    return {"cards": list(chosen)}


# -- Xyz Materials ------------------------------------------------------------------------------------
def material_candidates(game: Game, player: int, comp: CostComponent, act: Activation) -> list[int]:
    """The Xyz Materials attached to this card (only while it is on the field)."""
    if act.card is None or act.card.zone != "monster":
        return []
    return materials_of(game, act.card)


def pay_detach(game: Game, player: int, comp: CostComponent, chosen: list[int], act: Activation) -> dict[str, Any]:
    """Detach Xyz Materials from this card: they go to the GY as a cost."""
    legal = set(material_candidates(game, player, comp, act))
    for cid in chosen:
        if cid not in legal:
            raise CostUnpayable(f"{game.card(cid).name} is not an Xyz Material of this card")
        detach(game, cid, cause=Cause.COST, source=_source(comp, act), by=player)
    return {"cards": list(chosen), "detached": list(chosen)}


COST_KINDS = {
    "detach": FunctionCost(pay_detach, material_candidates, label="detach Xyz Material"),
    "pay_lp": FunctionCost(pay_lp, label="pay LP"),
    "tribute": FunctionCost(pay_tribute, tribute_candidates, label="Tribute"),
    "discard": FunctionCost(pay_discard, hand_candidates, label="discard"),
    "send_to_gy": FunctionCost(pay_send_to_gy, send_candidates, label="send to the GY"),
    "banish": FunctionCost(pay_banish, banish_candidates, label="banish"),
    "to_deck_top": FunctionCost(pay_to_deck_top, hand_candidates, label="place on top of the Deck"),
}


# -- costs that continuous effects put on actions (YGO-A17) ----------------------------------------
def tolls_apply(game: Game) -> bool:
    """Whether some ``toll`` ability applies now (without one, :func:`tolls` is always empty)."""
    return bool(rules.active_statics(game, "toll"))


def tolls(game: Game, player: int, action: str, card: Card | None = None) -> list[CostComponent]:
    """The cost components every active ``toll`` ability adds to ``action`` by ``player`` with
    ``card`` (``normal_summon``, ``set_monster``, ``set_spell_trap``, ``activate_from_hand``,
    ``special_summon_from_hand``, ``declare_attack``). A toll's ``affects`` (``"self"`` or a
    card filter) narrows which cards it taxes."""
    out: list[CostComponent] = []
    for src, ab in rules.active_statics(game, "toll"):
        if action not in ab.get("actions", ()):
            continue
        affects = ab.get("affects")
        if affects == "self" and (card is None or card.id != src.id):
            continue
        if isinstance(affects, dict) and (card is None or not game.matches(card, affects, src.controller, src)):
            continue
        payer = ab.get("payer", "any")
        if payer == "you" and player != src.controller or payer == "opponent" and player == src.controller:
            continue
        for raw in ab.cost:
            comp = normalize_cost(raw) if not isinstance(raw, CostComponent) else raw
            out.append(CostComponent(comp.kind, comp.amount, comp.params, source=src.id))
    return out


def action_activation(player: int, card: Card, action: str) -> Activation:
    """The activation record the cost kinds see when an action (not an effect) is paid for."""
    return Activation(player=player, card=card, ability=None, data={"action": action})


def action_cost_payable(game: Game, player: int, card: Card, action: str) -> bool:
    comps = tolls(game, player, action, card)
    return not comps or game.cost_payable(action_activation(player, card, action), comps)


def pay_action_cost(game: Game, player: int, card: Card, action: str) -> dict[str, Any]:
    """Pay what continuous effects charge for an action, all or nothing; raises
    :class:`CostUnpayable` if it cannot be paid (then the action cannot be performed)."""
    if not rules.active_statics(game, "toll"):      # (no toll applies: tolls() would find none)
        return {}
    comps = tolls(game, player, action, card)
    if not comps:
        return {}
    return pay_components(game, player, action_activation(player, card, action), comps)


def pay_components(game: Game, player: int, act: Activation, comps: list[CostComponent]) -> dict[str, Any]:
    """Pay a list of components for something that is not an activation (an action's toll, a
    maintenance cost), after checking the whole is payable. Cause ``cost``."""
    if not game.cost_payable(act, comps):
        raise CostUnpayable(", ".join(c.describe() for c in comps) + " cannot be paid")
    paid: dict[str, Any] = {}
    for comp in comps:
        kind = game.system.cost_kinds[comp.kind]
        chosen: list[int] = []
        cands = kind.candidates(game, player, comp, act)
        if cands is not None:
            n = kind.count(game, player, comp, act)
            chosen = game.choose_cards(player, cands, n, n, f"{kind.label}", reason="cost",
                                       source=comp.source)
        info = kind.pay(game, player, comp, chosen, act) or {}
        for k, v in info.items():
            paid[k] = paid.get(k, 0) + v if isinstance(v, int) else v
    return paid


# -- maintenance costs (YGO-A16) --------------------------------------------------------------------
def maintain(game: Game, player: int, phase: str) -> None:
    """Pay or lose each face-up card of ``player`` whose ``maintenance`` falls in ``phase``
    (Messenger of Peace: pay 100 LP or destroy it). Paying is not an activation: no chain link.
    Returns at once when none of those cards has a maintenance cost (nothing is paid or destroyed)."""
    st = game.state
    cards = st.cards
    zones = st.zones
    for cid in zones[("monster", player)].cards + zones[("spell_trap", player)].cards:
        if cards[cid].definition.fields.get("maintenance"):
            break
    else:
        return
    for card in [c for z in ("monster", "spell_trap") for c in game.cards_in(z, player)]:
        upkeep = card.definition.fields.get("maintenance")
        if not upkeep or not card.face_up or not on_field(card) or upkeep.get("phase", "standby") != phase:
            continue
        comps = [normalize_cost(c) for c in upkeep.get("cost", ())]
        comps = [CostComponent(c.kind, c.amount, c.params, source=card.id) for c in comps]
        act = Activation(player=player, card=card, ability=None, data={"action": "maintenance"})
        label = ", ".join(c.describe() for c in comps)
        if game.cost_payable(act, comps) and game.yes_no(player, f"Keep {card.name}: {label}?", source=card.id):
            pay_components(game, player, act, comps)
            game.record("maintenance_paid", cause=Cause.COST, source=card.id, player=player, card=card.id)
        else:
            destroy(game, card, cause=Cause.EFFECT, source=card.id, by=player)
