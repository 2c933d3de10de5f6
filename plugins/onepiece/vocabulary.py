"""The One Piece words of the Lua card API (``ctx:ko(id)``, ``ctx:give_don(1)`` ...).

Every choice an effect asks for is made here, at resolution (8-4-4), through the host's
``ctx:choose`` rules or a decision of the player concerned. Players are ``"you"``,
``"opponent"`` or an index. The host's own words (``ctx:choose``, ``ctx:modify``, ``ctx:cards``,
``ctx:card``, ``ctx:life`` ...) are documented in ``rulestack.context``.
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, ChoiceRequest, Game
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


_ENDS = ("top", "bottom")


def _life_end(game: Game, player: int, position: Any) -> Any:
    if position not in _ENDS:
        raise ScriptUsageError(f"a Life position is 'top' or 'bottom', got {position!r}")
    cards = game.zone(LIFE, player).cards
    if not cards:
        return None
    return game.card(cards[-1] if position == "top" else cards[0])


def m_life_card(ctx: Any, who: Any = "you", position: Any = "top") -> int | None:
    """The id of the top (or ``"bottom"``) card of a player's Life area, nil when it is empty
    (the top is the card damage takes first, 4-6-2)."""
    card = _life_end(ctx.game, ctx.who(who), position)
    return None if card is None else card.id


def m_life_end_to_hand(ctx: Any) -> int | None:
    """"Add 1 card from the top or bottom of your Life cards to your hand": you choose the end now
    (8-4-4) and the card goes to your hand. Returns its id, nil when you have no Life cards (the
    text then cannot be done: scripts stop there)."""
    game, p = ctx.game, ctx.player
    if not game.zone(LIFE, p).cards:
        return None
    end = game.choose_option(p, ["top", "bottom"], "add a Life card from the top or the bottom to your hand",
                             source=ctx.source_id)
    card = _life_end(game, p, _ENDS[end])
    life.take_life_card(game, card, HAND, cause=Cause.EFFECT, source=ctx.source_id, by=p)
    return card.id


def m_add_to_life(ctx: Any, card_id: Any, opts: Any = None) -> int:
    """Add a card (from a hand, deck, field or Life) to its owner's Life area: on top unless
    ``position = "bottom"``, face down unless ``face_up = true``; the owner's Life follows (2-9).
    Returns the card's id."""
    opts = opts or {}
    if not isinstance(opts, dict):
        raise ScriptUsageError("add_to_life(card, {position = 'top'|'bottom', face_up = bool})")
    position = opts.get("position", "top")
    if position not in _ENDS:
        raise ScriptUsageError(f"add_to_life: position is 'top' or 'bottom', got {position!r}")
    card = ctx.card_of(card_id)
    moved = life.take_life_card(ctx.game, card, LIFE, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player,
                                face_up=bool(opts.get("face_up", False)), position=position)
    return moved.id


def m_trash_life(ctx: Any, card_id: Any) -> None:
    """Trash a card from its owner's Life area by this effect (no damage and no [Trigger])."""
    card = ctx.card_of(card_id)
    if card.zone != LIFE:
        raise ScriptUsageError(f"{card.name} is not in a Life area")
    life.take_life_card(ctx.game, card, areas.TRASH, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)


def m_look_at_top_life(ctx: Any, whose: Any = "either") -> int | None:
    """"Look at up to 1 card from the top of your or your opponent's Life cards and place it at the
    top or bottom": ``whose`` is ``"either"`` (you choose which Life, or neither), ``"you"`` or
    ``"opponent"``. You see the card (a ``looked_at`` event visible to you alone) and choose its end.
    Returns the id looked at, nil if none."""
    game, p = ctx.game, ctx.player
    if whose == "either":
        owners = [q for q in (p, 1 - p) if game.zone(LIFE, q).cards]
        labels = ["your Life" if q == p else "your opponent's Life" for q in owners] + ["neither"]
        pick = game.choose_option(p, labels, "look at the top card of", source=ctx.source_id)
        if pick >= len(owners):
            return None
        owner = owners[pick]
    elif whose in ("you", "opponent"):
        owner = ctx.who(whose)
    else:
        raise ScriptUsageError(f"look_at_top_life: whose is 'either', 'you' or 'opponent', got {whose!r}")
    card = _life_end(game, owner, "top")
    if card is None:
        return None
    game.record("looked_at", cause=Cause.EFFECT, source=ctx.source_id, player=p, cards=[card.id],
                codes=[card.code], visible=[p])
    if game.choose_option(p, ["leave it on top", "put it at the bottom"], "where does the top Life card you looked at go?",
                          source=ctx.source_id) == 1:
        life.take_life_card(game, card, LIFE, cause=Cause.EFFECT, source=ctx.source_id, by=p,
                            face_up=card.face_up, position="bottom")
    return card.id


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

