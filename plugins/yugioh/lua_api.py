"""The Yu-Gi-Oh! words of the Lua card API (``ctx:destroy(id)``, ``ctx:special_summon(id)`` ...).

Each function receives the host's :class:`~rulestack.context.EffectContext` and plain values, and
returns plain values. Cards are ids; players are ``"you"``/``"opponent"`` (relative to the
effect's controller). Everything a card effect does carries the cause ``effect``.
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Cause, Decision, Option
from rulestack.context import EffectContext, ScriptUsageError
from rulestack.context import m_negate_activation as negate_activation   # not m_: SCRIPT_METHODS takes those
from rulestack.decisions import CHOOSE

from . import battle, chain, extra_deck, rules, timing
from .cardinfo import ATTACK, DEFENSE, free_zones, is_monster, on_field, position
from .moves import destroy, draw, flip_face_up, send
from .summoning import special_summon
from .xyz_materials import materials_of


def _ids(ctx: EffectContext, value: Any) -> list[int]:
    if value is None:
        return []
    if isinstance(value, int) and not isinstance(value, bool):
        return [ctx.card_of(value).id]
    if isinstance(value, (list, tuple)):
        return [ctx.card_of(v).id for v in value]
    if isinstance(value, dict):
        return [c.id for c in ctx.game.find(value, ctx.player, ctx.card)]
    raise ScriptUsageError(f"expected a card id, a list of ids or a filter, got {type(value).__name__}")




def _amount(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScriptUsageError(f"{what} must be a non-negative integer, got {value!r}")
    return value


# -- cards ---------------------------------------------------------------------------------------------
def m_destroy(ctx: EffectContext, cards: Any) -> int:
    """Destroy cards on the field (ids, one id or a filter); returns how many were destroyed."""
    return sum(destroy(ctx.game, cid, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
               for cid in _ids(ctx, cards))


def _send_each(ctx: EffectContext, cards: Any, zone: str, how: str) -> int:
    """Send each card to ``zone`` by this effect; returns how many."""
    ids = _ids(ctx, cards)
    for cid in ids:
        send(ctx.game, cid, zone, how=how, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return len(ids)


def m_send_to_gy(ctx: EffectContext, cards: Any) -> int:
    """Send cards to their owners' GYs (an effect, not a destruction); returns how many."""
    return _send_each(ctx, cards, "graveyard", "sent")


def m_banish(ctx: EffectContext, cards: Any) -> int:
    """Banish cards face-up; returns how many."""
    return _send_each(ctx, cards, "banished", "banished")


def m_to_hand(ctx: EffectContext, cards: Any) -> int:
    """Return cards to (or add cards to) their owners' hands; returns how many."""
    n = 0
    for cid in _ids(ctx, cards):
        card = ctx.game.card(cid)
        how = "returned" if on_field(card) else "added"
        send(ctx.game, card, "hand", how=how, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
        n += 1
    return n


def m_to_deck(ctx: EffectContext, card_id: Any, where: Any = "top") -> bool:
    """Place a card in its owner's Deck: ``"top"``, ``"bottom"`` or ``"shuffle"``."""
    if where not in ("top", "bottom", "shuffle"):
        raise ScriptUsageError("to_deck(card, where): where is 'top', 'bottom' or 'shuffle'")
    card = ctx.card_of(card_id)
    send(ctx.game, card, "deck", how="returned", cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player,
         position="bottom" if where == "bottom" else "top")
    if where == "shuffle":
        ctx.game.shuffle("deck", card.owner, cause=Cause.EFFECT, source=ctx.source_id)
    return True


def m_search(ctx: EffectContext, spec: Any) -> list[int]:
    """Look through cards (usually your Deck) and pick some that match a filter: ``{filter = {...},
    count = 1, up_to = false, prompt = "..."}``. Unlike ``choose``, the chooser sees the cards even
    in a hidden zone (a player may look at their own Deck while searching). Returns the ids."""
    if not isinstance(spec, dict) or not isinstance(spec.get("filter", {}), dict):
        raise ScriptUsageError("search{filter = {...}, count = n, up_to = bool}")
    game = ctx.game
    count = _amount(spec.get("count", 1), "search count")
    found = game.find(spec.get("filter") or {}, ctx.player, ctx.card)
    most = min(count, len(found))
    if most == 0:
        return []
    options = tuple(Option(label=c.name, value=c.id, card=c.id) for c in found)
    answer = game.decide(Decision(player=ctx.you(), kind=CHOOSE, prompt=str(spec.get("prompt") or "search"),
                                  options=options, min=0 if spec.get("up_to") else most, max=most,
                                  source=ctx.source_id, reason="search"))
    return [options[i].value for i in answer]


def m_draw(ctx: EffectContext, n: Any = 1, who: Any = "you") -> int:
    """A player draws ``n`` cards; returns how many were drawn."""
    return draw(ctx.game, ctx.who(who), _amount(n, "draw(n)"), cause=Cause.EFFECT, source=ctx.source_id)


def m_discard(ctx: EffectContext, n: Any = 1, who: Any = "you") -> list[int]:
    """A player discards ``n`` cards of their choice (an effect, not a cost); returns their ids."""
    game, p = ctx.game, ctx.who(who)
    hand = [c.id for c in game.cards_in("hand", p)]
    k = min(_amount(n, "discard(n)"), len(hand))
    chosen = game.choose_cards(p, hand, k, k, "discard", reason="resolution", source=ctx.source_id) if k else []
    for cid in chosen:
        send(game, cid, "graveyard", how="discarded", cause=Cause.EFFECT, source=ctx.source_id, by=p)
    return chosen


#: Kinds of Summon a Special Summon by an effect may be "treated as" (``as`` in special_summon).
_TREATED_AS = {"special": "special", "synchro": "synchro", "xyz": "xyz", "link": "link", "fusion": "fusion",
               "ritual": "ritual"}


def m_special_summon(ctx: EffectContext, card_id: Any, opts: Any = None) -> bool:
    """Special Summon a monster: ``{position = "attack"|"defense"|"choose", player = "you",
    as = "synchro"|"fusion"|... (treated as that kind of Summon), negated = true (its effects are
    negated while it stays face-up on the field)}``. Returns whether it was Summoned."""
    opts = opts or {}
    if not isinstance(opts, dict):
        raise ScriptUsageError("special_summon(card, {position=..., player=..., as=..., negated=...})")
    how = opts.get("as", "special")
    if how not in _TREATED_AS:
        raise ScriptUsageError(f"special_summon: as = {how!r} is not a kind of Summon ({', '.join(_TREATED_AS)})")
    game = ctx.game
    player = ctx.who(opts.get("player", "you"))
    pos = opts.get("position", ATTACK)
    if pos == "choose":
        pos = (ATTACK, DEFENSE)[game.choose_option(player, ["Attack Position", "Defense Position"],
                                                   "battle position", source=ctx.source_id)]
    card = ctx.card_of(card_id)
    done = special_summon(game, card, player, pos, cause=Cause.EFFECT, source=ctx.source_id, how=how)
    if done and opts.get("negated"):
        game.set_status(card, "effects_negated", True, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return done


# -- Fusion, Ritual and Xyz ------------------------------------------------------------------------------
def m_can_fusion_summon(ctx: EffectContext) -> bool:
    """Whether a Fusion Monster in your Extra Deck has its materials in your hand or field."""
    return bool(extra_deck.fusion_candidates(ctx.game, ctx.you()))


def m_fusion_summon(ctx: EffectContext) -> int | None:
    """Fusion Summon 1 Fusion Monster from your Extra Deck, sending its materials from your hand or
    field to the GY (Polymerization). Returns its id, or nil."""
    return extra_deck.fusion_summon(ctx.game, ctx.you(), ctx.source_id)


def _ritual_filter(spec: Any) -> dict[str, Any]:
    if spec is None:
        return {}
    if not isinstance(spec, dict):
        raise ScriptUsageError("ritual_summon{ filter = {...} } (which Ritual Monster; {} for any)")
    flt = spec.get("filter", {})
    if not isinstance(flt, dict):
        raise ScriptUsageError("ritual_summon{ filter = {...} }: filter must be a table")
    return flt


def m_can_ritual_summon(ctx: EffectContext, spec: Any = None) -> bool:
    """Whether a Ritual Monster in your hand matching ``{filter = {...}}`` can be Ritual Summoned now."""
    return bool(extra_deck.ritual_candidates(ctx.game, ctx.you(), _ritual_filter(spec), ctx.card))


def m_ritual_summon(ctx: EffectContext, spec: Any = None) -> int | None:
    """Ritual Summon a Ritual Monster from your hand matching ``{filter = {...}}``, Tributing monsters
    from your hand or field whose Levels total at least its Level. Returns its id, or nil."""
    return extra_deck.ritual_summon(ctx.game, ctx.you(), _ritual_filter(spec), ctx.source_id)


def m_materials(ctx: EffectContext, card_id: Any = None) -> list[int]:
    """The Xyz Materials attached to a monster (this card by default)."""
    card = ctx.this_card() if card_id is None else ctx.card_of(card_id)
    return materials_of(ctx.game, card)


def m_set_card(ctx: EffectContext, card_id: Any) -> bool:
    """Set a Spell/Trap from the hand face-down in its owner's Spell & Trap Zone."""
    game, card = ctx.game, ctx.card_of(card_id)
    if card.zone != "hand" or is_monster(card) or free_zones(game, "spell_trap", card.owner) <= 0:
        return False
    moved = send(game, card, "spell_trap", how="set", cause=Cause.EFFECT, source=ctx.source_id, by=card.owner,
                 face_up=False)
    game.set_status(moved, "set_turn", game.state.turn, quiet=True)
    return True


def m_flip_up(ctx: EffectContext, cards: Any) -> int:
    """Turn face-down monsters face-up (in their current position); returns how many."""
    return sum(flip_face_up(ctx.game, cid, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
               for cid in _ids(ctx, cards))


def m_position(ctx: EffectContext, card_id: Any) -> str:
    """A monster's battle position: ``"attack"`` or ``"defense"``."""
    return position(ctx.card_of(card_id))


def m_change_position(ctx: EffectContext, card_id: Any, pos: Any) -> bool:
    """Change a face-up monster's battle position."""
    if pos not in (ATTACK, DEFENSE):
        raise ScriptUsageError("change_position(card, 'attack'|'defense')")
    card = ctx.card_of(card_id)
    if card.zone != "monster" or position(card) == pos or card.definition.fields.get("frame") == "Link":
        return False                               # a Link Monster is never in Defense Position
    ctx.game.set_status(card, "position", pos, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return True


def m_equip(ctx: EffectContext, monster_id: Any) -> bool:
    """Equip this card to a face-up monster on the field."""
    return rules.equip(ctx.game, ctx.this_card(), ctx.card_of(monster_id))


def m_bond(ctx: EffectContext, monster_id: Any, ends: Any = None) -> None:
    """Bind this card to a monster. ``ends`` is a table ``{ this = "leaves"|"destroyed", monster =
    "leaves"|"destroyed" }``: when this card leaves the field (or is destroyed), destroy the
    monster; when the monster does, destroy this card. A side left out binds nothing that way."""
    if ends is None:
        ends = {}
    if not isinstance(ends, dict) or set(ends) - {"this", "monster"}:
        raise ScriptUsageError('bond(monster, { this = "leaves"|"destroyed", monster = "leaves"|"destroyed" })')
    rules.bond(ctx.game, ctx.this_card(), ctx.card_of(monster_id), ends.get("this"), ends.get("monster"))


# -- life points ---------------------------------------------------------------------------------------
def m_damage(ctx: EffectContext, who: Any, amount: Any) -> int:
    """Inflict effect damage to a player; returns their LP."""
    return ctx.game.change_life(ctx.who(who), -_amount(amount, "damage"), cause=Cause.EFFECT, source=ctx.source_id,
                                by=ctx.player, kind="damaged")


def m_gain_lp(ctx: EffectContext, who: Any, amount: Any) -> int:
    """A player gains LP; returns their LP."""
    return ctx.game.change_life(ctx.who(who), _amount(amount, "gain_lp"), cause=Cause.EFFECT, source=ctx.source_id,
                                by=ctx.player, kind="lp_gained")


# -- the chain, Summons and battle -----------------------------------------------------------------------
def m_previous_link(ctx: EffectContext) -> dict[str, Any] | None:
    """The chain link before this one: while activating, the last link; while resolving, the link
    below (the one this responded to). ``{id, link, card, name, controller, card_type, property,
    card_activation, kind, speed, tags}``, or nil."""
    top = timing.top_link(ctx.game)
    return timing.link_info(ctx.game, top) if top is not None else None


def m_negate_and_destroy(ctx: EffectContext, item_id: Any) -> bool:
    """Negate the activation of a chain link, and if that happens, destroy its card."""
    link = next((it for it in ctx.game.state.stack if it.id == item_id), None)
    if link is None or not negate_activation(ctx, item_id):
        return False
    if link.card is not None:
        destroy(ctx.game, link.card, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    return True


def m_summoning(ctx: EffectContext) -> dict[str, Any] | None:
    """The Summon in progress, ``{cards, how, player, special}`` (nil when none); ``special`` is true
    for a Special Summon (``how`` = ``synchro``, ``xyz``, ``link`` ...)."""
    pending = ctx.game.value_of(None, "summoning")
    if not pending:
        return None
    return {**pending, "special": pending.get("how") in extra_deck.SPECIAL_HOWS}


def m_negate_summon(ctx: EffectContext) -> list[int]:
    """Negate the Summon in progress and destroy the monsters; returns the destroyed ids."""
    return chain.negate_summon(ctx.game, ctx.source_id, ctx.player)


def m_attack(ctx: EffectContext) -> dict[str, Any] | None:
    """The attack being declared or fought, ``{attacker, target, negated}`` (target nil if direct)."""
    atk = battle.current_attack(ctx.game)
    return {"attacker": atk["attacker"], "target": atk["target"], "negated": atk["negated"]} if atk else None


def m_negate_attack(ctx: EffectContext) -> bool:
    """Negate the current attack."""
    return battle.negate_attack(ctx.game, ctx.source_id, ctx.player)


def m_turn_flag(ctx: EffectContext, who: Any, word: Any) -> None:
    """Set a flag for the rest of this turn: ``no_battle_damage``, ``battle_indestructible``."""
    if word not in ("no_battle_damage", "battle_indestructible"):
        raise ScriptUsageError("turn_flag(player, 'no_battle_damage'|'battle_indestructible')")
    rules.set_turn_flag(ctx.game, ctx.who(who), word)


def m_lock_name(ctx: EffectContext, name: Any, who: Any = "you") -> None:
    """For the rest of this turn, a player cannot activate cards, or the effects of cards, with this
    name (Sangan's errata)."""
    if not isinstance(name, str) or not name:
        raise ScriptUsageError("lock_name(name, who) needs a card name")
    timing.lock_name(ctx.game, ctx.who(who), name)


SCRIPT_METHODS = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)}
