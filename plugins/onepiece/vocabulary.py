"""The One Piece words of the Lua card API (``ctx:ko(id)``, ``ctx:give_don(1)`` ...).

Every choice an effect asks for is made here, at resolution (8-4-4), through the host's
``ctx:choose`` rules or a decision of the player concerned. Players are ``"you"``,
``"opponent"`` or an index. The host's own words (``ctx:choose``, ``ctx:modify``, ``ctx:cards``,
``ctx:card``, ``ctx:life`` ...) are documented in ``rulestack.context``.
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, ChoiceRequest
from rulestack.context import HOST_METHODS, ScriptUsageError

from . import areas, choices, don, life, play, prohibitions, rules, turn
from .areas import HAND, LIFE
from .battle import BATTLE


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScriptUsageError(f"{name} must be a non-negative integer, got {value!r}")
    return value


def m_draw(ctx: Any, n: Any = 1, who: Any = "you") -> int:
    """Draw ``n`` cards (4-5); returns how many were drawn."""
    return turn.draw(ctx.game, ctx.who(who), _count(n, "draw(n)"), cause=Cause.EFFECT, source=ctx.source_id)


def m_move(ctx: Any, card_id: Any, zone: Any, opts: Any = None) -> int:
    """The host's ``move`` (``opts``: ``player``, ``position``, ``face_up``), followed by rule
    processing when it made a player meet a defeat condition (an emptied deck, 9-1-2)."""
    moved = HOST_METHODS["move"](ctx, card_id, zone, opts)
    rules.check_defeat_now(ctx.game)
    return moved


def m_ko(ctx: Any, card_id: Any) -> bool:
    """K.O. a Character by this effect (10-2-1); false if it is not a Character or cannot be K.O.'d."""
    return play.ko(ctx.game, ctx.card_of(card_id), cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)


def m_trash(ctx: Any, card_id: Any) -> None:
    """Trash a card by this effect (not a K.O.)."""
    play.trash(ctx.game, ctx.card_of(card_id), source=ctx.source_id, by=ctx.player)


def m_trash_from_hand(ctx: Any, n: Any = 1, who: Any = "you") -> list[int]:
    """That player chooses ``n`` cards from their hand and trashes them — as many as they can
    (8-4-4-1); the choice is made now, at resolution (8-4-4). Returns the trashed ids."""
    game, p = ctx.game, ctx.who(who)
    if prohibitions.prohibited(game, p, "trash_from_hand"):    # a prohibition beats the effect (1-3-3)
        game.record("prohibited", cause=Cause.EFFECT, source=ctx.source_id, player=p, action="trash_from_hand")
        return []
    hand = [c.id for c in game.cards_in(HAND, p)]
    req = ChoiceRequest(chooser=p, candidates=hand, count=_count(n, "trash_from_hand(n)"),
                        prompt=f"trash {n} card(s) from your hand", source=ctx.source_id)
    chosen = game.request_choice(req)
    for cid in chosen:
        game.move(cid, areas.TRASH, cause=Cause.EFFECT, source=ctx.source_id, by=p)
    return chosen


def m_give_don(ctx: Any, n: Any = 1, spec: Any = None) -> int:
    """Give up to ``n`` of your rested DON!! cards to your Leader or one of your Characters
    (``spec``: ``to`` — a filter of who may receive them, default your Leader and Characters;
    ``rested = false`` to give active DON!! instead). Returns how many were given."""
    game, p = ctx.game, ctx.player
    spec = spec or {}
    rested = spec.get("rested", True)
    pool = areas.rested_don(game, p) if rested else areas.active_don(game, p)
    most = min(_count(n, "give_don(n)"), len(pool))
    targets = spec.get("to") or {"zone": list(areas.BATTLE_AREAS), "player": "you"}
    receiver = game.request_choice(ChoiceRequest(
        chooser=p, candidates=[c.id for c in game.find(targets, p, ctx.card)], count=1,
        prompt="give DON!! to", source=ctx.source_id))
    if not receiver or not most:
        return 0
    k = game.choose_number(p, 0, most, f"how many DON!! to give (up to {most})", source=ctx.source_id)
    for d in pool[:k]:
        don.give(game, d, game.card(receiver[0]), cause=Cause.EFFECT, source=ctx.source_id, by=p)
    return k


def m_rest(ctx: Any, card_id: Any) -> bool:
    """Rest a card (a Character, Stage, Leader or DON!! card)."""
    return don.set_rested(ctx.game, ctx.card_of(card_id), True, cause=Cause.EFFECT, source=ctx.source_id,
                          by=ctx.player)


def m_set_active(ctx: Any, card_id: Any) -> bool:
    """Set a card as active."""
    return don.set_rested(ctx.game, ctx.card_of(card_id), False, cause=Cause.EFFECT, source=ctx.source_id,
                          by=ctx.player)


def m_play(ctx: Any, card_id: Any) -> int:
    """Play a Character or Stage card without paying its cost (the sixth Character trashes one by
    rule first, 3-7-6-1). Returns its id."""
    card = ctx.card_of(card_id)
    if areas.category(card) not in ("character", "stage"):
        raise ScriptUsageError(f"{card.name} is not a Character or Stage card")
    return play.play_card(ctx.game, card, ctx.player, cause=Cause.EFFECT, source=ctx.source_id).id


def m_search(ctx: Any, spec: Any) -> list[int]:
    """Look at cards from the top of your deck and add matching ones to your hand:
    ``{look = 5, filter = {...}, count = 1, up_to = true, rest = "bottom"}`` (8-4-4-4)."""
    if not isinstance(spec, dict):
        raise ScriptUsageError("search{look = n, filter = {...}, count = n, up_to = bool, rest = 'bottom'|'top'}")
    return choices.search(ctx.game, ctx.player, look=_count(spec.get("look", 5), "look"), spec=spec.get("filter"),
                          count=_count(spec.get("count", 1), "count"), up_to=bool(spec.get("up_to", True)),
                          rest=str(spec.get("rest", "bottom")), source=ctx.source_id)


def m_life_to_hand(ctx: Any, card_id: Any) -> None:
    """Add a card from its owner's Life to their hand."""
    card = ctx.card_of(card_id)
    if card.zone != LIFE:
        raise ScriptUsageError(f"{card.name} is not in a Life area")
    life.take_life_card(ctx.game, card, HAND, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)


def m_matches(ctx: Any, card_id: Any, spec: Any) -> bool:
    """Whether a card matches a filter (seen from this ability's player)."""
    if not isinstance(spec, dict):
        raise ScriptUsageError("matches(card, {filter}) takes a filter table")
    return ctx.game.matches(ctx.card_of(card_id), spec, ctx.player, ctx.card)


def m_don_given(ctx: Any, card_id: Any = None) -> int:
    """How many DON!! cards a card (default: this one) has been given."""
    return areas.given_don(ctx.card if card_id is None else ctx.card_of(card_id))


def m_active_don(ctx: Any, who: Any = "you") -> int:
    """How many active DON!! cards a player has in their cost area."""
    return len(areas.active_don(ctx.game, ctx.who(who)))


def m_turn_order(ctx: Any) -> list[int]:
    """The players, turn player first (1-3-4: when both must act, the turn player goes first)."""
    return ctx.game.apnap()


def m_in_battle(ctx: Any) -> bool:
    """Whether a battle is under way."""
    return bool(ctx.game.value_of(None, BATTLE))


SCRIPT_METHODS = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)}

