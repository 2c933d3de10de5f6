"""Paying mana (601.2g-h): the pool first, then lands tapped for the rest; the choice of which
lands to tap when it matters; whether a player can afford a cost at all.

Hybrid and Phyrexian symbols are chosen and X announced as the spell is cast (601.2b, see
:mod:`.costs`): the cost paid then is *plain*. The host's checks of whether a cost can be paid at
all meet the printed symbols instead, and pay them the cheapest affordable way with X = 0.
"""
from __future__ import annotations

from typing import Any

from rulestack import Activation, Cause, CostComponent, CostKind, CostUnpayable, Game

from . import mana_pool, replacement
from .mana import ManaCost, find_payment, mana_of, payment_plans, sources

#: The activation data key of the pool mana the player chose to spend on the generic part (601.2h).
POOL_PLAN = "pool_plan"


def lands_for(game: Game, player: int, cost: ManaCost) -> tuple[ManaCost, list[int] | None]:
    """The part of a plain cost the pool leaves unpaid, and a deterministic set of untapped lands
    paying it (``None`` when they cannot)."""
    rest, _ = mana_pool.spend(cost, mana_pool.pool(game, player))
    return rest, find_payment(rest, sources(game, player))


def affordable(game: Game, player: int, cost: ManaCost, life: int = 0) -> bool:
    """Can ``player`` pay this plain cost (and ``life``, 119.4) now, from their pool and lands?"""
    if life and not replacement.can_pay_life(game, player, life):
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
        if not (cost.generic or cost.colorless or cost.colored or cost.hybrid or cost.phyrexian or life):
            # (a mana value of 0: cost.value == 0, without adding it up)
            return {"mana": str(cost)}
        if game.value_of(player, mana_pool.POOL):
            rest, used = mana_pool.spend(cost, mana_pool.pool(game, player), activation.data.get(POOL_PLAN))
        else:       # an empty pool pays nothing (what spend would find)
            rest, used = cost, {}
        srcs = sources(game, player)
        plan = activation.data.get("mana_plan")
        if (plan is None or not set(plan) <= {sid for sid, _ in srcs}
                or find_payment(rest, [s for s in srcs if s[0] in plan]) is None):
            plan = find_payment(rest, srcs)
        if plan is None:
            raise CostUnpayable(f"P{player} cannot make {cost} with their mana pool and untapped lands")
        if life:
            replacement.pay_life(game, player, life, source=activation.card.id)    # Phyrexian mana (107.4f)
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

    def payable(self, game: Game, player: int, component: CostComponent, chosen: list[int],
                activation: Activation) -> bool | None:
        """What :meth:`pay` would do, without paying: whether the pool and the untapped mana
        sources make the mana (the plan kept on the activation, else a deterministic one).
        ``None`` when the cheapest way pays Phyrexian symbols with life: paying life is losing
        it, which replacement effects may change."""
        cost = mana_of(component)
        if not cost.plain:
            found = cheapest_resolution(game, player, cost)
            if found is None:
                return False
            cost, life = found
            if life:
                return None
        if not (cost.generic or cost.colorless or cost.colored or cost.hybrid or cost.phyrexian):
            return True
        if game.value_of(player, mana_pool.POOL):
            rest, _ = mana_pool.spend(cost, mana_pool.pool(game, player), activation.data.get(POOL_PLAN))
        else:
            rest = cost
        srcs = sources(game, player)
        plan = activation.data.get("mana_plan")
        if (plan is not None and set(plan) <= {sid for sid, _ in srcs}
                and find_payment(rest, [s for s in srcs if s[0] in plan]) is not None):
            return True
        return find_payment(rest, srcs) is not None


def choose_pool_mana(game: Game, activation: Activation, cost: ManaCost) -> None:
    """601.2h, 106.4: the player chooses which mana in their pool pays the generic part of a cost
    when the choice matters (a pool of {R}{G} paying {1}: which one stays), asked only when the
    ways differ; the choice is kept on the activation (``pool_plan``) for the payment."""
    counts = mana_pool.pool(game, activation.player)
    ways = mana_pool.generic_choices(cost, counts)
    if len(ways) <= 1:
        return
    labels = []
    for way in ways:
        _, used = mana_pool.spend(cost, counts, way)
        kept = {m: n - used.get(m, 0) for m, n in counts.items()}
        labels.append(f"spend {mana_pool.symbols(used)} from your pool (keep {mana_pool.symbols(kept)})")
    pick = game.choose_option(activation.player, labels,
                              f"which mana in your pool pays {cost} for {activation.card.name}? (601.2h)",
                              source=activation.card.id)
    activation.data[POOL_PLAN] = ways[pick]


def choose_plan(game: Game, activation: Activation, components: list[CostComponent]) -> None:
    """Let the player choose which mana in their pool to spend (601.2h) and which lands to tap
    (601.2g) when it matters; the plans are kept on the activation for the payment that follows."""
    mana = [c for c in components if c.kind == "mana"]
    if not mana:
        return
    cost = mana_of(mana[0])
    if not cost.plain:
        return
    choose_pool_mana(game, activation, cost)
    cost, _ = mana_pool.spend(cost, mana_pool.pool(game, activation.player), activation.data.get(POOL_PLAN))
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
