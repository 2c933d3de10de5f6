"""Costs as a spell is cast or an ability activated (601.2b, 601.2f, 118): the choices announced
first, the total cost locked in, and the MTG cost kinds beyond mana.

* **601.2b** — as the player announces, they choose the value of X (107.3a; X is 0 anywhere
  else, 107.3b), how they pay each hybrid symbol (107.4e) and whether each Phyrexian symbol is
  paid with its colour or with 2 life (107.4f). The choices are kept in the activation's and the
  item's data (``x``, ``mana_locked``, ``life_locked``) and read back by ``ctx:x()``.
* **Without paying its mana cost** (118.9, 107.3b): a spell cast by ``ctx:cast_free`` pays its
  additional costs and cost increases but not its mana cost, and its X is 0.
* **Alternative costs** (118.9) and **kicker** (702.33, an optional additional cost) are ways of
  casting, chosen at 601.2b too: each is one more ``spell`` ability of the card, made by
  :mod:`.keywords` from the script's data (``alternative = true``; ``kicker = { costs }``), so
  the legal actions list each way of casting.
* **601.2f** — the total cost is the mana cost (or the alternative cost) plus additional costs
  and cost increases, less cost reductions; a reduction lowers only the generic part, never below
  {0}. Increases and reductions are static abilities of permanents:
  ``cost_change = { amount = -1, spells = { types = "Instant" }, caster = "you" }``.
* **Additional costs** (601.2b, 601.2h) are cost components: ``{ "sacrifice", 1, { filter = {...} } }``,
  ``{ "discard", 1, { filter = {...} } }``, ``{ "exile_from_hand", 1, { filter = {...} } }``
  and ``{ "pay_life", n }``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rulestack import Ability, Activation, Card, Cause, CostComponent, CostUnpayable, FunctionCost, Game

from . import actions, mana_pool, payment, replacement, rules
from .mana import ManaCost, mana_of, merge_mana, sources

if TYPE_CHECKING:
    from .system import MTGSystem

#: The item and activation data keys holding the choices of 601.2b.
X, LOCKED, LIFE = "x", "mana_locked", "life_locked"
#: The activation data key of a spell cast without paying its mana cost (118.9, ``ctx:cast_free``).
FREE = "without_paying"


def way_cast(spell: Ability) -> str | None:
    """How a spell ability casts its card when it is not the plain way: ``"with kicker"``, an
    alternative cost's label (``"evoke"`` ...), else ``None``. A permanent spell cast so enters
    with that word as the ``cast_as`` field of its move, for "when it enters, if it was kicked /
    evoked" triggers (702.33d, 702.74a)."""
    if spell.get("kicked"):
        return "with kicker"
    if spell.get("alternative"):
        return str(spell.label)
    return None


# -- 601.2f: cost increases and reductions -----------------------------------------------------------

def cost_changes(game: Game, player: int, card: Card, ability: Ability) -> int:
    """The generic mana added (positive) or taken off (negative) a spell's total cost by the
    ``cost_change`` static abilities of the permanents on the battlefield (601.2f). Only spells
    are changed: an ability's cost only by what names abilities (none yet)."""
    if ability.kind != "spell":
        return 0
    delta = 0
    for perm in changers(game):
        if game.abilities_removed(perm):
            continue
        for ab in perm.definition.abilities:
            change = ab.get("cost_change") if ab.kind == "static" else None
            if not change:
                continue
            caster = change.get("caster", "you")
            if caster == "you" and player != perm.controller or caster == "opponent" and player == perm.controller:
                continue
            spells = change.get("spells")
            if spells and not game.matches(card, {k: v for k, v in spells.items() if k != "zone"}, perm.controller,
                                           perm):
                continue
            delta += int(change.get("amount", 0))
    return delta


def changers(game: Game) -> list[Card]:
    """The permanents with a ``cost_change`` static ability (abilities lost or not)."""
    cards = game.state.cards
    system = cast("MTGSystem", game.system)
    known, ids = system.cost_changer_cards
    if known != len(cards):           # new cards (tokens, copies) may have come into the game
        ids = tuple(cid for cid, card in cards.items()
                    if any(ab.kind == "static" and ab.get("cost_change") for ab in card.definition.abilities))
        system.cost_changer_cards = (len(cards), ids)
    return [cards[cid] for cid in ids if cards[cid].zone == "battlefield"]


# -- 601.2b: X, hybrid and Phyrexian choices ---------------------------------------------------------

def paid_components(activation: Activation, components: list[CostComponent]) -> list[CostComponent]:
    """The components to pay: all of them, but for a spell cast without paying its mana cost
    (118.9) the mana cost itself — the first mana component of its spell ability, where keyword
    expansion puts it — is left out; its additional costs (kicker ...) stay."""
    if not activation.data.get(FREE) or activation.ability.get("alternative"):
        return components
    for i, c in enumerate(components):
        if c.kind == "mana":
            return components[:i] + components[i + 1:]
    return components


def printed_mana(activation: Activation) -> ManaCost | None:
    """The mana part of the ability's own cost (its mana cost, or an alternative cost's mana,
    and any kicker), or ``None`` when it has none."""
    comps = [c for c in paid_components(activation, list(activation.ability.cost)) if c.kind == "mana"]
    if not comps:
        return None
    total = ManaCost()
    for c in comps:
        total = total + mana_of(c)
    return total


def _store(game: Game, activation: Activation, **data: Any) -> None:
    activation.data.update(data)
    item = activation.item
    if item is not None:
        game.set(item, "data", {**item.data, **data})


def announce(game: Game, activation: Activation) -> None:
    """601.2b: announce X, then how hybrid and Phyrexian symbols will be paid, for a spell or an
    activated ability whose cost has them. X goes up to what the player could pay; only the ways
    of paying the player can afford are offered (a choice is asked only when there are several)."""
    if activation.trigger is not None or LOCKED in activation.data:
        return
    printed = printed_mana(activation)
    if printed is None or printed.plain:
        return
    player, card = activation.player, activation.card
    delta = cost_changes(game, player, card, activation.ability)
    x = 0
    if printed.x and not activation.data.get(FREE):
        top = max_x(game, player, printed, delta)
        x = game.choose_number(player, 0, top, f"choose X for {card.name} (107.3a)", source=card.id) if top else 0
    cost = printed.with_x(x).with_generic(delta)
    ways = [(plain, life) for plain, life, _, _ in cost.resolutions() if payment.affordable(game, player, plain, life)]
    if not ways:
        ways = [cost.resolutions()[0][:2]]
    pick = 0
    if len(ways) > 1:
        labels = [f"pay {life} life" if life and not plain.value else
                  f"pay {plain}" + (f" and {life} life" if life else "") for plain, life in ways]
        pick = game.choose_option(player, labels, f"how to pay {printed} for {card.name} (601.2b)", source=card.id)
    plain, life = ways[pick]
    _store(game, activation, **{X: x, LOCKED: str(plain), LIFE: life})


def max_x(game: Game, player: int, printed: ManaCost, delta: int) -> int:
    """The greatest X the player can pay for now (pool and untapped lands), at least 0."""
    available = mana_pool.size(game, player) + len(sources(game, player))
    top = max(0, (available - printed.with_generic(delta).least_mana) // max(1, printed.x) + 1)
    for x in range(top, 0, -1):
        if any(payment.affordable(game, player, plain, life)
               for plain, life, _, _ in printed.with_x(x).with_generic(delta).resolutions()):
            return x
    return 0


# -- 601.2f: the total cost ------------------------------------------------------------------------------

def total_cost(game: Game, activation: Activation, components: list[CostComponent]) -> list[CostComponent]:
    """601.2f: the total cost as one mana component (first) and the other components. Once the
    601.2b choices are made it is the locked plain cost (and the life for Phyrexian symbols);
    before (a check of whether it could be paid at all) the printed symbols with the cost
    changes, X as 0."""
    merged = merge_mana(paid_components(activation, components))
    mana = [c for c in merged if c.kind == "mana"]
    others = [c for c in merged if c.kind != "mana"]
    locked = activation.data.get(LOCKED)
    if locked is not None:
        cost = ManaCost.parse(locked)
        out = [CostComponent("mana", cost.value, {"mana": locked})] if cost.value else []
        life = activation.data.get(LIFE, 0)
        if life:
            out.append(CostComponent("pay_life", life, {"phyrexian": True}))
        return out + others
    delta = cost_changes(game, activation.player, activation.card, activation.ability)
    if not mana:
        if delta > 0:
            mana = [CostComponent("mana", delta, {"mana": f"{{{delta}}}"})]
        return mana + others
    if delta:
        cost = mana_of(mana[0]).with_generic(delta)
        return [CostComponent("mana", cost.value, {"mana": str(cost)})] + others
    return merged


# -- additional cost kinds (601.2b, 601.2h) -----------------------------------------------------------------

def _filter(component: CostComponent) -> dict[str, Any]:
    f = component.params.get("filter") or {}
    return dict(f) if isinstance(f, dict) else {}


def _permanents_to_sacrifice(game: Game, player: int, component: CostComponent, activation: Activation) -> list[int]:
    spec = {**_filter(component), "zone": "battlefield", "player": "you"}
    return [c.id for c in game.find(spec, player, activation.card)]


def _pay_sacrifice(game: Game, player: int, component: CostComponent, chosen: list[int],
                   activation: Activation) -> dict[str, Any]:
    """701.21: sacrifice the chosen permanents as a cost."""
    if len(chosen) < component.amount:
        raise CostUnpayable(f"P{player} has no {component.amount} permanent(s) to sacrifice for {activation.card.name}")
    for cid in chosen:
        actions.sacrifice(game, game.card(cid), cause=Cause.COST, source=activation.card.id)
    return {"sacrificed": list(chosen)}


def _cards_in_hand(game: Game, player: int, component: CostComponent, activation: Activation) -> list[int]:
    spec = {**_filter(component), "zone": "hand", "player": "you"}
    return [c.id for c in game.find(spec, player, activation.card) if c.id != activation.card.id]


def _pay_discard(game: Game, player: int, component: CostComponent, chosen: list[int],
                 activation: Activation) -> dict[str, Any]:
    """701.9: discard the chosen cards as a cost."""
    if len(chosen) < component.amount:
        raise CostUnpayable(f"P{player} has no {component.amount} card(s) to discard for {activation.card.name}")
    for cid in chosen:
        game.move(cid, "graveyard", game.card(cid).owner, cause=Cause.COST, source=activation.card.id, by=player,
                  how="discarded")
    return {"discarded": list(chosen)}


def _pay_exile_from_hand(game: Game, player: int, component: CostComponent, chosen: list[int],
                         activation: Activation) -> dict[str, Any]:
    """Exile the chosen cards from your hand as a cost (an alternative cost such as Force of Will's)."""
    if len(chosen) < component.amount:
        raise CostUnpayable(f"P{player} has no {component.amount} card(s) to exile for {activation.card.name}")
    for cid in chosen:
        actions.exile(game, game.card(cid), cause=Cause.COST, source=activation.card.id, by=player)
    return {"exiled": list(chosen)}


def _pay_life(game: Game, player: int, component: CostComponent, chosen: list[int],
              activation: Activation) -> dict[str, Any]:
    """119.4: a player can pay life only up to their life total, and paying it is losing it
    (life-loss replacements apply: :func:`.replacement.pay_life`); a player who can't lose life
    can't pay (119.8)."""
    replacement.pay_life(game, player, component.amount, source=activation.card.id)
    return {"life": component.amount}


#: Paying life (119.4, 118.3).
PAY_LIFE = FunctionCost(_pay_life, label="pay life")

#: The MTG cost kinds besides mana, {T} and life (system.py).
COST_KINDS = {
    "sacrifice": FunctionCost(_pay_sacrifice, _permanents_to_sacrifice, label="sacrifice"),
    "discard": FunctionCost(_pay_discard, _cards_in_hand, label="discard"),
    "exile_from_hand": FunctionCost(_pay_exile_from_hand, _cards_in_hand, label="exile from your hand"),
}
