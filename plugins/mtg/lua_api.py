"""The MTG words of the Lua ``ctx`` (added to the host's vocabulary in ``rulestack.context``).

A *target* argument may be a card id, a player word (``"you"``, ``"opponent"``), or the table
``ctx:chosen_target()`` returns (``{card = id}``, ``{player = index}``, ``{item = id}``).
"""
from __future__ import annotations

from typing import Any

from rulestack import Activation, Card, Cause
from rulestack.context import EffectContext, ScriptUsageError

from . import actions, costs, mana, mana_pool, replacement, rules, targets




def _card_ids(ctx: EffectContext, what: Any) -> list[int]:
    if isinstance(what, int) and not isinstance(what, bool):
        return [ctx.card_of(what).id]
    if isinstance(what, dict) and "card" in what:
        return [ctx.card_of(what["card"]).id]
    if isinstance(what, list) or what == {}:
        return [ctx.card_of(v).id for v in (what or [])]
    if isinstance(what, dict):
        return [c.id for c in ctx.game.find(what, ctx.player, ctx.card)]
    raise ScriptUsageError(f"expected a card id, a list of ids or a filter, got {what!r}")


def _target(ctx: EffectContext, what: Any) -> int | Card:
    """A player index (int) or a Card."""
    if isinstance(what, str):
        return ctx.who(what)
    if isinstance(what, dict):
        if "player" in what:
            return ctx.who(what["player"])
        if "card" in what:
            return ctx.card_of(what["card"])
    if isinstance(what, int) and not isinstance(what, bool):
        return ctx.card_of(what)
    raise ScriptUsageError(f"expected a card id, a player word or a target table, got {what!r}")


def m_damage(ctx: EffectContext, target: Any, amount: Any) -> int:
    """This card deals ``amount`` damage to a target (a creature or a player); returns the damage dealt."""
    if target is None:
        return 0
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise ScriptUsageError("damage(target, amount) needs an integer amount")
    return actions.deal_damage(ctx.game, ctx.card, _target(ctx, target), amount, cause=Cause.EFFECT)


def m_destroy(ctx: EffectContext, card: Any) -> bool:
    """Destroy a permanent (701.8); returns whether it was destroyed."""
    return actions.destroy(ctx.game, ctx.card_of(card), source=ctx.source_id, by=ctx.player)


def m_exile(ctx: EffectContext, card: Any) -> bool:
    """Exile a card."""
    return actions.exile(ctx.game, ctx.card_of(card), source=ctx.source_id, by=ctx.player)


def m_sacrifice(ctx: EffectContext, card: Any = None) -> bool:
    """Sacrifice a permanent (default: this one)."""
    target = ctx.this_card() if card is None else ctx.card_of(card)
    if card is None and ctx.item is not None and target.generation != ctx.item.generation:
        return False   # this permanent is a new object now: it is not the one to sacrifice
    return actions.sacrifice(ctx.game, target, source=ctx.source_id)


def m_return_to_hand(ctx: EffectContext, card: Any) -> bool:
    """Return a permanent to its owner's hand."""
    c = ctx.card_of(card)
    if c.zone != "battlefield":
        return False
    ctx.game.move(c, "hand", c.owner, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return True


def m_draw(ctx: EffectContext, n: Any = 1, who: Any = "you") -> int:
    """A player draws ``n`` cards; returns how many were drawn."""
    return actions.draw(ctx.game, ctx.who(who), int(n), cause=Cause.EFFECT, source=ctx.source_id)


def m_gain_life(ctx: EffectContext, n: Any, who: Any = "you") -> int | None:
    """A player gains ``n`` life (after replacement effects, 614); returns the new life total."""
    if int(n) <= 0:
        return 0
    player = ctx.who(who)
    replacement.gain_life(ctx.game, player, int(n), cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return ctx.game.players[player].life


def m_lose_life(ctx: EffectContext, n: Any, who: Any = "you") -> int | None:
    """A player loses ``n`` life (not damage; after replacement effects, 614); returns the new life total."""
    if int(n) <= 0:
        return 0
    player = ctx.who(who)
    replacement.lose_life(ctx.game, player, int(n), cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return ctx.game.players[player].life


def m_counter(ctx: EffectContext, what: Any) -> bool:
    """Counter a spell (its card id) or an ability (``{item = id}``) on the stack (701.6)."""
    game = ctx.game
    if isinstance(what, dict) and "item" in what:
        item = next((it for it in game.state.stack if it.id == what["item"]), None)
    else:
        item = actions.spell_item(game, ctx.card_of(what if not isinstance(what, dict) else what.get("card")))
    if item is None:
        return False
    return actions.counter_item(game, item, source=ctx.source_id, by=ctx.player)


def m_pump(ctx: EffectContext, what: Any, power: Any = 0, toughness: Any = 0) -> int:
    """Creatures get +power/+toughness until end of turn (layer 7c). Ids are locked in now (611.2c);
    a filter applies to whatever matches later. Returns how many cards were locked in."""
    kw: dict[str, Any]
    if isinstance(what, dict) and "card" not in what and what != {}:
        kw = {"filter": what}
        n = len(ctx.game.find(what, ctx.player, ctx.card))
    else:
        ids = _card_ids(ctx, what)
        kw, n = {"targets": ids}, len(ids)
    for attr, value in (("power", power), ("toughness", toughness)):
        if value:
            ctx.game.add_effect("add", attr, int(value), duration="until_end_of_turn", source=ctx.source_id,
                                controller=ctx.player, layer="pt_modify", **kw)
    return n


def m_chosen_target(ctx: EffectContext) -> dict[str, Any] | None:
    """The ``target`` chosen for this spell or ability, if it is still legal: ``{card = id}``,
    ``{player = index}`` or ``{item = id}``."""
    if ctx.item is None:
        return None
    picked = targets.chosen(ctx.game, ctx.item)
    if picked is None:
        return None
    picked.pop("generation", None)
    return picked


def m_add_lore(ctx: EffectContext, n: Any = 1, card: Any = None) -> int:
    """Put ``n`` lore counters on a Saga (default: this one); returns the new count."""
    target = ctx.this_card() if card is None else ctx.card_of(card)
    return ctx.game.add_counters(target, "lore", int(n), cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)


def m_proliferate(ctx: EffectContext) -> list[int]:
    """701.34: choose any number of permanents with counters; give each another counter of each
    kind already there. Returns the chosen ids."""
    game = ctx.game
    cands = [c.id for c in rules.permanents(game) if c.counters]
    if not cands:
        return []
    chosen = game.choose_cards(ctx.you(), cands, 0, len(cands), "proliferate: choose permanents",
                               reason="resolution", source=ctx.source_id)
    for cid in chosen:
        card = game.card(cid)
        for kind in sorted(card.counters):
            game.add_counters(card, kind, 1, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return chosen


def m_tap(ctx: EffectContext, card: Any) -> bool:
    """Tap a permanent."""
    c = ctx.card_of(card)
    if c.zone != "battlefield" or c.status.get("tapped"):
        return False
    ctx.game.set_status(c, "tapped", True, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return True


def m_untap(ctx: EffectContext, card: Any) -> bool:
    """Untap a permanent."""
    c = ctx.card_of(card)
    if c.zone != "battlefield" or not c.status.get("tapped"):
        return False
    ctx.game.set_status(c, "tapped", None, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return True


def m_top_of_library(ctx: EffectContext, who: Any = "you") -> int | None:
    """The id of the top card of a player's library, or nil."""
    library = ctx.game.zone("library", ctx.who(who))
    return library.cards[-1] if library.cards else None


def m_is_type(ctx: EffectContext, card: Any, kind: Any) -> bool:
    """Whether a card has a card type now (``"Creature"``, ``"Land"`` ...)."""
    return rules.has_type(ctx.game, ctx.card_of(card), str(kind))


def m_x(ctx: EffectContext) -> int:
    """The value of X announced for this spell or ability (601.2b, 107.3a); 0 when it has no X
    or is not on the stack (107.3b)."""
    item = ctx.item
    return int(item.data.get("x", 0)) if item is not None else 0


def m_mana_value(ctx: EffectContext, card: Any) -> int:
    """A card's mana value (202.3): {X} is 0, but for a spell on the stack it is the value chosen
    as it was cast (202.3e)."""
    return mana.mana_value(ctx.game, ctx.card_of(card))


def m_kicked(ctx: EffectContext) -> bool:
    """Whether this spell was cast with its kicker paid (702.33d)."""
    return bool(ctx.ability is not None and ctx.ability.get("kicked"))


def m_add_mana(ctx: EffectContext, mana: Any, who: Any = "you") -> str:
    """Add mana to a player's mana pool (106.4): letters such as ``"R"``, ``"BBB"``, ``"C"``;
    it empties as the step ends (500.4). Returns the pool after."""
    text = str(mana).replace("{", "").replace("}", "")
    player = ctx.who(who)
    try:
        mana_pool.add(ctx.game, player, text, source=ctx.source_id)
    except ValueError as e:
        raise ScriptUsageError(f"add_mana: {e}") from None
    return ctx.game.value_of(player, mana_pool.POOL) or ""


def m_cast_free(ctx: EffectContext, max_value: Any = None, who: Any = "you") -> int | None:
    """The player may cast a spell from their hand without paying its mana cost (118.9), during
    this resolution (608.2g: timing permissions do not apply), with a mana value of ``max_value``
    or less when given; X is 0 (107.3b), additional costs are paid. Returns the card cast, or nil
    when they did not (or could not)."""
    game, player = ctx.game, ctx.who(who)
    limit = None if max_value is None else int(max_value)
    this = ctx.this_card()
    choices: dict[int, int] = {}
    for card in game.cards_in("hand", player):
        if rules.is_land(game, card) or card.id == this.id:
            continue
        if limit is not None and mana.mana_value(game, card) > limit:
            continue
        for ab in card.definition.abilities:
            if ab.kind == "spell" and not ab.get("alternative") and not ab.get("kicked") and game.can_activate(
                    Activation(player=player, card=card, ability=ab, data={costs.FREE: True})):
                choices[card.id] = ab.index
                break
    if not choices:
        return None
    picked = game.choose_cards(player, list(choices), 0, 1, "you may cast a spell without paying its mana cost",
                               reason="resolution", source=ctx.source_id)
    if not picked:
        return None
    game.activate(player, picked[0], choices[picked[0]], data={costs.FREE: True})
    return picked[0]


METHODS = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)}
