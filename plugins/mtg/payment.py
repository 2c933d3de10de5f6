"""Paying mana (601.2g-h): the pool first, then lands tapped for the rest; the choice of which
lands to tap when it matters; whether a player can afford a cost at all.

Hybrid and Phyrexian symbols are chosen and X announced as the spell is cast (601.2b, see
:mod:`.costs`): the cost paid then is *plain*. The host's checks of whether a cost can be paid at
all meet the printed symbols instead, and pay them the cheapest affordable way with X = 0.
"""
from __future__ import annotations

from typing import Any

from rulestack import Activation, Cause, CostComponent, CostKind, CostUnpayable, Game

from . import mana_pool
from .mana import ManaCost, find_payment, mana_of, payment_plans, sources


def lands_for(game: Game, player: int, cost: ManaCost) -> tuple[ManaCost, list[int] | None]:
    """The part of a plain cost the pool leaves unpaid, and a deterministic set of untapped lands
    paying it (``None`` when they cannot)."""
    rest, _ = mana_pool.spend(cost, mana_pool.pool(game, player))
    return rest, find_payment(rest, sources(game, player))


def affordable(game: Game, player: int, cost: ManaCost, life: int = 0) -> bool:
    """Can ``player`` pay this plain cost (and ``life``, 119.4) now, from their pool and lands?"""
    if life and life > (game.players[player].life or 0):
        return False
    return lands_for(game, player, cost)[1] is not None


def cheapest_resolution(game: Game, player: int, cost: ManaCost) -> tuple[ManaCost, int] | None:
    """The first way to pay a cost's hybrid and Phyrexian symbols (X = 0) that ``player`` can
    afford now, least life first; ``None`` when none is."""
    for plain, life, _, _ in cost.with_x(0).resolutions():
        if affordable(game, player, plain, life):
            return plain, life
    return None


class ManaCostKind(CostKind):
    """Pay a mana cost (cause ``cost``): mana from the pool first, then lands tapped for the rest
    (601.2g-h). A cost whose hybrid and Phyrexian symbols are not yet chosen (a check of whether
    it can be paid at all) is paid the cheapest affordable way, X as 0. Raises
    :class:`~rulestack.CostUnpayable` when the pool and the untapped lands cannot make the mana."""

    label = "pay mana"

    def pay(self, game: Game, player: int, component: CostComponent, chosen: list[int],
            activation: Activation) -> dict[str, Any]:
        cost = mana_of(component)
        life = 0
        if not cost.plain:
            found = cheapest_resolution(game, player, cost)
            if found is None:
                raise CostUnpayable(f"P{player} cannot make {cost} with their mana pool and untapped lands")
            cost, life = found
        if cost.value == 0 and not life:
            return {"mana": str(cost)}
        rest, used = mana_pool.spend(cost, mana_pool.pool(game, player))
        srcs = sources(game, player)
        plan = activation.data.get("mana_plan")
        available = {sid for sid, _ in srcs}
        if plan is None or not set(plan) <= available or find_payment(rest, [s for s in srcs if s[0] in plan]) is None:
            plan = find_payment(rest, srcs)
        if plan is None:
            raise CostUnpayable(f"P{player} cannot make {cost} with their mana pool and untapped lands")
        if life:
            if life > (game.players[player].life or 0):
                raise CostUnpayable(f"P{player} cannot pay {life} life for Phyrexian mana (119.4)")
            game.change_life(player, -life, cause=Cause.COST, source=activation.card.id, by=player)
        if used:
            mana_pool.take(game, player, used)
        for sid in plan:
            game.set_status(sid, "tapped", True, cause=Cause.COST, source=activation.card.id, by=player)
        out: dict[str, Any] = {"mana": str(cost), "lands": list(plan)}
        if used:
            out["pool"] = mana_pool.as_text(used)
        if life:
            out["life"] = life
        return out


def choose_plan(game: Game, activation: Activation, components: list[CostComponent]) -> None:
    """Let the player choose which lands to tap when it matters (601.2g); the plan is kept on the
    activation for the payment that follows."""
    mana = [c for c in components if c.kind == "mana"]
    if not mana:
        return
    cost = mana_of(mana[0])
    if not cost.plain:
        return
    cost, _ = mana_pool.spend(cost, mana_pool.pool(game, activation.player))
    if cost.generic == 0:
        return
    plans = payment_plans(cost, sources(game, activation.player))
    if len(plans) <= 1:
        return
    names = {c.id: c.name for c in game.cards_in("battlefield", activation.player)}
    labels = ["tap " + ", ".join(names[s] for s in plan) for plan in plans]
    pick = game.choose_option(activation.player, labels, f"pay {cost} for {activation.card.name}",
                              source=activation.card.id)
    activation.data["mana_plan"] = plans[pick]
