"""The Phantom Magic Vision words of the Lua card API (``ctx:designate{...}``, ``ctx:deal_damage``).

Card text applies in order from its beginning, and a part that cannot be applied as written stops
everything after it (12.2 in the seed, PMV-A2/A3): each word below that can fail raises the stop
(the host's ``StopResolution``), so a script reads as the card text, one step per line. The words
that act on "all" (全て) never fail, even on zero cards or when some of them are unaffected
(PMV-A4/A5, 8.1.2.c). 〔 〕 targets are designated when the step applies (8.1.3): exactly the
number given (8.1.2.b), else the step fails (8.1.3.a). 目標 targets are chosen when the card is
played (8.2), with the host's ``targets`` key; ``ctx:goal()`` reads them.

Players are ``"you"``, ``"opponent"`` or an index. The host's own words (``ctx:cards``,
``ctx:card``, ``ctx:life``, ``ctx:stack``, ``ctx:paid`` ...) are in ``rulestack.context``.
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Cause, ChoiceRequest, Game, StopResolution
from rulestack.context import HOST_METHODS, ScriptUsageError

from . import areas, deck_rule, names, removal, rules
from .areas import DECK, FIELD, HAND
from .resolution import enter_field

UNTARGETABLE = "目標にならない"      # 8.1.4: cannot be targeted (and is ignored by "all")


def _id(ctx: Any, value: Any) -> int:
    return ctx.card_of(value).id


def _ids(ctx: Any, value: Any) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [_id(ctx, value)]
    if isinstance(value, list):
        return [_id(ctx, v) for v in value]
    if isinstance(value, dict) and not value:
        return []
    raise ScriptUsageError(f"expected a card id or a list of ids, got {value!r}")


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScriptUsageError(f"{what} must be a non-negative integer, got {value!r}")
    return value


def _stop(ctx: Any, why: str) -> None:
    ctx.game.record("step_failed", source=ctx.source_id, player=ctx.player, why=why)
    raise StopResolution(why)


def _targetable(game: Game, card: Card, player: int | None) -> bool:
    return not (game.has_keyword(card, UNTARGETABLE) and card.controller != player)


# -- targets -----------------------------------------------------------------------------------

def m_designate(ctx: Any, spec: Any) -> list[int]:
    """〔 〕: designate ``count`` (default 1) cards matching ``filter`` (or among ``from``) now.
    Fewer candidates than the number stops the text (8.1.2.b, 8.1.3.a). ``player`` chooses."""
    if not isinstance(spec, dict):
        raise ScriptUsageError("designate{filter = {...}, count = n} takes a table")
    game = ctx.game
    if "from" in spec:
        cands = [game.card(i) for i in _ids(ctx, spec["from"])]
    else:
        cands = game.find(spec.get("filter") or {}, ctx.player, ctx.card)
    cands = [c.id for c in cands if _targetable(game, c, ctx.player)]
    count = _count(spec.get("count", 1), "designate: count")
    req = ChoiceRequest(chooser=ctx.who(spec.get("player", "you")), candidates=cands, count=count,
                        prompt=str(spec.get("prompt") or f"designate {count} for {ctx.card.name if ctx.card else '?'}"),
                        reason="resolution", source=ctx.source_id, look=bool(spec.get("look", False)))
    try:
        return game.request_choice(req)
    except StopResolution:
        _stop(ctx, f"fewer than {count} proper target(s) (8.1.3.a)")
        raise


def m_designate_one(ctx: Any, spec: Any) -> int:
    """〔1 ...〕: like ``designate`` with count 1; returns the id."""
    return m_designate(ctx, {**(spec or {}), "count": 1})[0]


def m_all(ctx: Any, spec: Any) -> list[int]:
    """〔全て〕: every card matching the filter now — zero is a proper target (8.1.2.c); cards that
    cannot be targeted are left out (8.1.4.a)."""
    if not isinstance(spec, dict):
        raise ScriptUsageError("all{...} takes a filter table")
    game = ctx.game
    return [c.id for c in game.find(spec, ctx.player, ctx.card) if _targetable(game, c, ctx.player)]


def m_goal(ctx: Any, group: Any = 1) -> int:
    """The 目標 chosen when the card was played (8.2); the step fails if it is gone."""
    got = HOST_METHODS["targets"](ctx, group)
    if not got:
        _stop(ctx, "the 目標 is no longer there")
    return got[0]


def m_named(ctx: Any, card_id: Any, name: Any) -> bool:
    """Is the card referred to by ``name`` (a part of one of its names, 12.3.1)?"""
    return names.refers_to(ctx.game, ctx.card_of(card_id), str(name))


def m_names(ctx: Any, card_id: Any) -> list[str]:
    """The card's names now: its own (perhaps changed) name, then linked names."""
    return list(names.names_of(ctx.game, ctx.card_of(card_id)))


def m_same_name(ctx: Any, a: Any, b: Any) -> bool:
    """Do two cards have the same name (exactly, 12.3.2)?"""
    return names.same_name(ctx.game, ctx.card_of(a), ctx.card_of(b))


# -- damage and removal -------------------------------------------------------------------------

def m_deal_damage(ctx: Any, cards: Any, n: Any) -> int:
    """Deal ``n`` damage to a character, or to each of a list of characters (an "all" list never
    fails). A single character no longer on the field fails the step. Near-death follows at once
    (9.1.3). Returns the number of characters damaged."""
    game, amount = ctx.game, _count(n, "deal_damage: n")
    single = isinstance(cards, int) and not isinstance(cards, bool)
    hit = 0
    for cid in _ids(ctx, cards):
        card = game.card(cid)
        if not areas.is_character(game, card):
            if single:
                _stop(ctx, f"{card.name} is not a character on the field")
            continue
        if removal.deal_damage(game, card, amount, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player):
            hit += 1
        elif single and amount:
            _stop(ctx, f"{card.name} takes no damage")
    removal.check_near_death(game)
    return hit


def m_damage_player(ctx: Any, who: Any, n: Any) -> int:
    """Deal ``n`` damage to a player (life goes down); returns the new life."""
    return ctx.game.change_life(ctx.who(who), -_count(n, "damage_player: n"), cause=Cause.EFFECT,
                                source=ctx.source_id, by=ctx.player, kind="effect_damage")


def m_gain_life(ctx: Any, n: Any, who: Any = "you") -> int:
    """A player gains ``n`` life (there is no maximum, S3); returns the new life."""
    return ctx.game.change_life(ctx.who(who), _count(n, "gain_life: n"), cause=Cause.EFFECT, source=ctx.source_id,
                                by=ctx.player, kind="life_gained")


def _remove(ctx: Any, card_id: Any, state: str) -> None:
    card = ctx.card_of(card_id)
    if not removal.mark(ctx.game, card, state, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player,
                        rule="9.2.2.c" if state == removal.NEAR_DEATH else "9.1.2"):
        _stop(ctx, f"{card.name} cannot be made {state.replace('_', '-')}")


def m_make_near_death(ctx: Any, card_id: Any) -> None:
    """Make a character near-death (決死状態にする, 9.2.2.c); processed at once (9.1.3)."""
    _remove(ctx, card_id, removal.NEAR_DEATH)


def m_discard(ctx: Any, card_id: Any) -> None:
    """Discard (破棄) a card on the field to 冥界, as a removal (9.1.2)."""
    _remove(ctx, card_id, removal.DISCARD)


def m_exclude(ctx: Any, card_id: Any) -> None:
    """Exclude (除外) a card on the field, as a removal (9.1.2)."""
    _remove(ctx, card_id, removal.EXCLUSION)


def m_remove_together(ctx: Any, removals: Any) -> None:
    """Apply several removals at the same moment: ``{{card = id, removal = "near_death" |
    "discard" | "exclusion"}, ...}``. They are processed in the order of 9.1.4, not as listed."""
    if not isinstance(removals, list):
        raise ScriptUsageError("remove_together{{card = id, removal = ...}, ...} takes a list")
    for spec in removals:
        state = spec.get("removal") if isinstance(spec, dict) else None
        if state not in removal.ORDER:
            raise ScriptUsageError(f"removal must be one of {', '.join(removal.ORDER)}, not {state!r}")
        removal.mark(ctx.game, ctx.card_of(spec.get("card")), state, cause=Cause.EFFECT, source=ctx.source_id,
                     by=ctx.player, rule="9.2.2.c" if state == removal.NEAR_DEATH else "9.1.2", process_now=False)
    removal.process(ctx.game)


def m_negate_near_death(ctx: Any, card_id: Any) -> None:
    """Negate a character's near-death (9.2.4); impossible at durability 0 or less (9.2.5), which
    fails the step."""
    card = ctx.card_of(card_id)
    if not removal.negate_near_death(ctx.game, card, source=ctx.source_id, by=ctx.player):
        _stop(ctx, f"the near-death of {card.name} cannot be negated")


def m_is_near_death(ctx: Any, card_id: Any) -> bool:
    """Is the card near-death now (being processed, 9.2.3)?"""
    return ctx.card_of(card_id).status.get(removal.REMOVAL) == removal.NEAR_DEATH


# -- cards and areas -------------------------------------------------------------------------------

def m_draw(ctx: Any, n: Any = 1, who: Any = "you") -> int:
    """Draw ``n`` cards; a player who must draw and cannot loses (W1)."""
    return rules.draw(ctx.game, ctx.who(who), _count(n, "draw: n"), cause=Cause.EFFECT, source=ctx.source_id)


def m_sleep(ctx: Any, card_id: Any) -> None:
    """Put a card to sleep; fails if it is already asleep."""
    card = ctx.card_of(card_id)
    if card.status.get(areas.SLEEP):
        _stop(ctx, f"{card.name} is already asleep")
    ctx.game.set_status(card, areas.SLEEP, True, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)


def m_wake(ctx: Any, card_id: Any) -> None:
    """Make a sleeping card active."""
    ctx.game.set_status(ctx.card_of(card_id), areas.SLEEP, None, cause=Cause.EFFECT, source=ctx.source_id,
                        by=ctx.player)


def m_to_hand(ctx: Any, card_id: Any) -> int:
    """Put a card into its owner's hand; returns its new id."""
    card = ctx.card_of(card_id)
    if card.zone == HAND:
        _stop(ctx, f"{card.name} is already in a hand")
    if card.zone == DECK:
        deck_rule.before_manipulation(ctx.game, card.zone_player)
    return ctx.game.move(card, HAND, card.owner, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player).id


def m_to_field(ctx: Any, card_id: Any) -> int:
    """Put a character card onto your field by an effect (not a play, C10); it enters asleep."""
    card = ctx.card_of(card_id)
    if areas.card_type(card) != areas.CHARACTER or card.zone == FIELD:
        _stop(ctx, f"{card.name} cannot be put onto the field")
    return enter_field(ctx.game, card, ctx.player, cause=Cause.EFFECT, source=ctx.source_id, played=False).id


def m_look_at_deck(ctx: Any, n: Any = None, who: Any = "you") -> list[int]:
    """Look at the top ``n`` cards of a deck (all of it when ``n`` is nil); returns them, top
    first. Seeing the whole deck with no number given calls for the shuffle of 3.2.5."""
    game, p = ctx.game, ctx.who(who)
    deck = game.zone(DECK, p).cards
    count = len(deck) if n is None else min(_count(n, "look_at_deck: n"), len(deck))
    seen = list(reversed(deck[len(deck) - count:]))
    game.record("looked_at_deck", source=ctx.source_id, player=ctx.player, owner=p, count=count,
                whole=count == len(deck))
    deck_rule.saw(game, p, whole=count == len(deck), number_given=n is not None)
    return seen


def m_put_on_top(ctx: Any, cards: Any) -> None:
    """Put cards of your deck back on top in the given order (the first one ends on top)."""
    for cid in reversed(_ids(ctx, cards)):
        ctx.game.move(cid, DECK, ctx.game.card(cid).owner, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player,
                      kind="deck_reordered", face_up=False)


def m_order(ctx: Any, cards: Any, prompt: Any = "put these in order (first ends on top)") -> list[int]:
    """You put cards in an order of your choosing; returns the ids in that order."""
    ids = _ids(ctx, cards)
    return list(ctx.game.order(ctx.player, ids, str(prompt), label=lambda i: ctx.game.card(i).name))


# -- values and text -----------------------------------------------------------------------------

def _effect(ctx: Any, card_id: Any, op: str, attr: str, value: Any, duration: Any, layer: str | None = None) -> None:
    card = ctx.card_of(card_id)
    if card.zone != FIELD:
        _stop(ctx, f"{card.name} is not on the field")
    ctx.game.add_effect(op, attr, value, targets=[card.id], duration=str(duration or "until_end_of_turn"),
                        source=ctx.source_id, controller=ctx.player, layer=layer)


def m_change(ctx: Any, card_id: Any, spec: Any) -> None:
    """変更: the card's ``attack`` / ``durability`` become the given values (6.1.10.a); the last
    change applied wins (QA-298). ``duration``: ``until_end_of_turn`` (default) or ``permanent``."""
    for attr in ("attack", "durability"):
        if attr in spec:
            _effect(ctx, card_id, "set", attr, int(spec[attr]), spec.get("duration"))


def m_add(ctx: Any, card_id: Any, spec: Any) -> None:
    """加減算: add to ``attack`` / ``durability`` (6.1.10.c); ``always = true`` makes it a "常に"
    modification (6.1.10.d)."""
    layer = "always" if spec.get("always") else None
    for attr in ("attack", "durability", "cost", "graze"):
        if attr in spec:
            _effect(ctx, card_id, "add", attr, int(spec[attr]), spec.get("duration"), layer)


def m_swap(ctx: Any, card_id: Any, duration: Any = None) -> None:
    """入れ替え: exchange attack and durability (6.1.10.b)."""
    _effect(ctx, card_id, "swap", "attack", "durability", duration)


def m_set_name(ctx: Any, card_id: Any, name: Any, duration: Any = None) -> None:
    """The card's own name becomes ``name``; linked names stay (Q&A 2014-11-27)."""
    _effect(ctx, card_id, "set", "name", str(name), duration)


def m_gain_effect(ctx: Any, card_id: Any, spec: Any) -> None:
    """The card gains an effect adding ``amount`` to ``attr`` (even when written in 【 】, a
    gained effect can be negated: 12.4 supplement, QA-102)."""
    _effect(ctx, card_id, "gained", spec.get("attr", "attack"), {"attr": spec.get("attr", "attack"),
                                                                  "amount": int(spec.get("amount", 0))},
            spec.get("duration"))


def m_negate_text(ctx: Any, card_id: Any, spec: Any = None) -> None:
    """Negate a card's text (2.12.3). ``auto_only``: only its auto effects; ``include_brackets``:
    also its 【 】 descriptions (12.4). ``duration`` as for ``change``."""
    spec = spec or {}
    value = "all" if spec.get("include_brackets") else True
    _effect(ctx, card_id, "negate_auto" if spec.get("auto_only") else "negate", "", value, spec.get("duration"))


def m_negate_play(ctx: Any, item_id: Any, include_brackets: Any = False) -> None:
    """Negate the effect of a card or effect on the interference stack; its 【 】 text still
    applies unless ``include_brackets`` (12.4)."""
    for it in ctx.game.state.stack:
        if it.id == item_id:
            ctx.game.set(it, "effect_negated", "all" if include_brackets else True)
            ctx.game.record("effect_negation_applied", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player,
                            item=it.id, card=it.card)
            return
    _stop(ctx, "that item is no longer on the interference stack")


def m_x(ctx: Any) -> int:
    """X: the nodes actually paid for this card (QA-269), not the declared X ± Y."""
    return int(HOST_METHODS["paid"](ctx, "nodes") or 0)


def m_node_count(ctx: Any, who: Any = "you") -> int:
    """The number of nodes in a player's node area, active and asleep (N6)."""
    return len(ctx.game.cards_in(areas.NODES, ctx.who(who)))


METHODS = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)}
