"""The MTG words of the Lua ``ctx`` for tokens, copies and entering the battlefield (111, 707,
110.2): added to :data:`.lua_api.METHODS` by the system."""
from __future__ import annotations

from typing import Any

from rulestack.context import EffectContext, ScriptUsageError

from . import entering, replacement, tokens

#: Keys of the options table of create_token / create_token_copy besides characteristics.
_TOKEN_OPTIONS = ("who", "tapped")


def _opts(opts: Any, word: str) -> dict[str, Any]:
    if opts is None:
        return {}
    if not isinstance(opts, dict):
        raise ScriptUsageError(f"{word}: the options are a table ({{who = \"you\", tapped = true, ...}}), "
                               f"not {opts!r}")
    return dict(opts)


def _count(n: Any, word: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ScriptUsageError(f"{word}: the number of tokens is a whole number, not {n!r}")
    return n


def m_create_token(ctx: EffectContext, token: Any, n: Any = 1, opts: Any = None) -> list[int]:
    """Create ``n`` tokens (111.2: under the effect's controller, or ``opts.who``) of a token card
    (its name or code, a card marked ``token: true``); other keys of ``opts`` are characteristics
    the effect gives them (111.3: ``power``, ``toughness``, ``colors``, ``subtypes``, ``keywords``
    ...); ``tapped = true`` creates them tapped. Returns their ids."""
    o = _opts(opts, "create_token")
    code = ctx.game.pool.resolve(str(token))
    if code is None or not ctx.game.pool.definition(code).get("token"):
        raise ScriptUsageError(f"create_token: {token!r} is not a token card of the pool (a card with token: true)")
    who = ctx.who(o.get("who", "you"))
    chars = {k: v for k, v in o.items() if k not in _TOKEN_OPTIONS}
    return tokens.create(ctx.game, code, who, _count(n, "create_token"), source=ctx.source_id,
                         characteristics=chars, tapped=bool(o.get("tapped")))


def m_create_token_copy(ctx: EffectContext, card: Any, n: Any = 1, opts: Any = None) -> list[int]:
    """Create ``n`` tokens that are copies of a permanent or card (707.2: its copiable values);
    other keys of ``opts`` are exceptions (707.9: ``{power = 1, toughness = 1}`` sets; ``add_keywords = {"Flying"}``,
    ``add_types``, ``add_subtypes`` add, 707.9a). Returns their ids."""
    o = _opts(opts, "create_token_copy")
    original = ctx.card_of(card)
    who = ctx.who(o.get("who", "you"))
    chars = {k: v for k, v in o.items() if k not in _TOKEN_OPTIONS}
    return tokens.create(ctx.game, original.code, who, _count(n, "create_token_copy"), source=ctx.source_id,
                         characteristics=chars, tapped=bool(o.get("tapped")), copy_of=original)


def m_is_token(ctx: EffectContext, card: Any) -> bool:
    """Whether a card is a token (111.1)."""
    return tokens.is_token(ctx.game, ctx.card_of(card))


def m_put_onto_battlefield(ctx: EffectContext, card: Any, opts: Any = None) -> int | None:
    """Put a card onto the battlefield (from any zone but the stack) by every rule of entering:
    under ``opts.who`` (default ``"you"``; ``"owner"`` for "under its owner's control"),
    ``tapped = true`` for "tapped". Returns the new object's id, or nil if it could not enter."""
    o = _opts(opts, "put_onto_battlefield")
    c = ctx.card_of(card)
    who = c.owner if o.get("who") == "owner" else ctx.who(o.get("who", "you"))
    entered = entering.put_onto_battlefield(ctx.game, c, who, source=ctx.source_id, by=ctx.player,
                                            tapped=bool(o.get("tapped")))
    return None if entered is None else entered.id


def m_flicker(ctx: EffectContext, card: Any, opts: Any = None) -> int | None:
    """Exile a permanent, then return it to the battlefield under its owner's control (``opts.under
    = "you"``: under yours): a new object (400.7). Returns its id, or nil if it did not return."""
    o = _opts(opts, "flicker")
    under = o.get("under", "owner")
    if under not in ("owner", "you"):
        raise ScriptUsageError(f"flicker: under is \"owner\" or \"you\", not {under!r}")
    back = entering.flicker(ctx.game, ctx.card_of(card), source=ctx.source_id, by=ctx.player, under=under)
    return None if back is None else back.id


def m_prevent_damage(ctx: EffectContext, target: Any, n: Any) -> bool:
    """615.7: prevent the next ``n`` damage that would be dealt this turn to a target (a creature's
    id, a player word, or the table ``ctx:chosen_target()`` gives). Returns whether a shield began."""
    if target is None:
        return False
    if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
        raise ScriptUsageError(f"prevent_damage(target, n) needs a positive whole number, not {n!r}")
    if isinstance(target, dict) and "player" in target:
        who: Any = ctx.who(target["player"])
    elif isinstance(target, str):
        who = ctx.who(target)
    else:
        who = ctx.card_of(target["card"] if isinstance(target, dict) else target)
    if ctx.player is None:
        raise ScriptUsageError("prevent_damage needs the player of a card's effect (it was called outside one)")
    replacement.add_shield(ctx.game, who, n, source=ctx.source_id, controller=ctx.player)
    return True


def m_players_cant_gain_life(ctx: EffectContext) -> None:
    """For the rest of this turn, players can't gain life (119.7: no life gain happens)."""
    ctx.game.set_value(None, replacement.NO_LIFE_GAIN, ctx.game.state.turn)


def m_cant_lose_life(ctx: EffectContext, who: Any = "you") -> None:
    """For the rest of this turn, a player can't lose life: nothing makes them lose any, and they
    can't pay life as a cost (119.8)."""
    ctx.game.set_value(ctx.who(who), replacement.NO_LIFE_LOSS, ctx.game.state.turn)


def m_damage_cant_be_prevented(ctx: EffectContext) -> None:
    """For the rest of this turn, damage can't be prevented (615.12: prevention effects don't apply)."""
    ctx.game.set_value(None, replacement.NO_PREVENTION, ctx.game.state.turn)


METHODS = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)}
