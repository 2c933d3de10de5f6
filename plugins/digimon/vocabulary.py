"""The Digimon words of the Lua card API (``ctx:gain_memory(1)``, ``ctx:delete(id)`` ...).

Choices are the host's ``ctx:choose`` (made when the effect is processed, 15-1-6). Players are
``"you"``, ``"opponent"`` or an index. Durations for ``ctx:effect``: ``"this_turn"``,
``"until_end_of_your_next_turn"``, ``"until_end_of_opponents_next_turn"`` and ``"permanent"``.
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Cause, Game
from rulestack.context import ScriptUsageError

from . import abilities, areas, memory, security, stacks, turn
from .areas import BATTLE, HAND, NO_AREA, PLACED_BY_EFFECT
from .battle import ATTACK


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScriptUsageError(f"{name} must be a non-negative integer, got {value!r}")
    return value


def m_gain_memory(ctx: Any, n: Any) -> int:
    """Gain ``n`` memory (4-1-4); above 10 is lost. Returns the memory after."""
    return memory.gain(ctx.game, ctx.player, _count(n, "gain_memory(n)"), source=ctx.source_id)


def m_lose_memory(ctx: Any, n: Any) -> int:
    """Lose ``n`` memory (4-1-4). Returns the memory after."""
    return memory.lose(ctx.game, ctx.player, _count(n, "lose_memory(n)"), source=ctx.source_id)


def m_memory(ctx: Any) -> int:
    """The memory from your point of view (negative: on your opponent's side)."""
    return memory.of(ctx.game, ctx.player)


def m_draw(ctx: Any, n: Any = 1) -> int:
    """<Draw N> (16-8): draw ``n``; an empty deck draws nothing (1-3-2). Returns how many."""
    return turn.draw(ctx.game, ctx.player, _count(n, "draw(n)"), cause=Cause.EFFECT, source=ctx.source_id)


def m_recover(ctx: Any, n: Any = 1) -> int:
    """<Recovery +N (Deck)> (16-6): the top ``n`` deck cards onto your security."""
    return security.recover(ctx.game, ctx.player, _count(n, "recover(n)"), source=ctx.source_id)


def m_delete(ctx: Any, card_id: Any) -> bool:
    """Delete a Digimon by this effect (4-15). False if it is not a Digimon in the battle area."""
    return stacks.delete(ctx.game, ctx.card_of(card_id), cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)


def m_prevent_deletion(ctx: Any, card_id: Any) -> None:
    """For an immediate-type "when ... would be deleted" effect: that Digimon is not deleted."""
    stacks.prevent_deletion(ctx.game, ctx.card_of(card_id))


def m_to_hand(ctx: Any, card_id: Any) -> None:
    """Return a Digimon to its owner's hand; the cards under it are trashed."""
    stacks.to_hand(ctx.game, ctx.card_of(card_id), source=ctx.source_id, by=ctx.player)


def m_digimon(ctx: Any) -> int | None:
    """"This Digimon": the Digimon this card is, or is under (an inherited effect, 15-3)."""
    top = areas.top_of(ctx.game, ctx.card) if ctx.card is not None else None
    return top.id if top is not None else None


def m_sources(ctx: Any, card_id: Any) -> list[int]:
    """The digivolution cards of a Digimon, bottom first."""
    return [c.id for c in areas.sources(ctx.game, ctx.card_of(card_id))]


def m_trash_sources(ctx: Any, card_id: Any, n: Any = 1, where: Any = "bottom") -> int:
    """Trash ``n`` digivolution cards from the bottom (or ``"top"``) of a Digimon. Returns how many."""
    return stacks.trash_sources(ctx.game, ctx.card_of(card_id), _count(n, "trash_sources(n)"),
                                from_bottom=where != "top", source=ctx.source_id, by=ctx.player)


def m_suspend(ctx: Any, card_id: Any) -> None:
    """Suspend a card (turn it sideways) by this effect."""
    ctx.game.set_status(ctx.card_of(card_id), areas.SUSPENDED, True, cause=Cause.EFFECT, source=ctx.source_id,
                        by=ctx.player)


def m_unsuspend(ctx: Any, card_id: Any) -> None:
    """Unsuspend a card by this effect."""
    ctx.game.set_status(ctx.card_of(card_id), areas.SUSPENDED, None, cause=Cause.EFFECT, source=ctx.source_id,
                        by=ctx.player)


def m_play_free(ctx: Any, card_id: Any) -> int:
    """Play a Digimon or Tamer card without paying its cost (it is played: [On Play] triggers)."""
    card = ctx.card_of(card_id)
    if areas.category(card) not in (areas.DIGIMON, areas.TAMER):
        raise ScriptUsageError(f"{card.name} is not a Digimon or Tamer card")
    stacks.place(ctx.game, card, ctx.player, BATTLE, cause=Cause.EFFECT, source=ctx.source_id)
    return card.id


def m_place_in_battle_area(ctx: Any) -> None:
    """Place this Option card in the battle area (it is then not trashed after use, 9-1-5, and
    rule checks leave it there, 17-1-3-2-2)."""
    card = ctx.card
    ctx.game.move(card, BATTLE, ctx.player, cause=Cause.EFFECT, source=card.id, by=ctx.player, kind="placed")
    ctx.game.set_status(card, PLACED_BY_EFFECT, True, quiet=True)
    ctx.game.set_status(card, areas.PLACED_TURN, ctx.game.state.turn, quiet=True)


def m_trash_from_hand(ctx: Any, n: Any = 1) -> list[int]:
    """Choose ``n`` cards in your hand and trash them; returns their ids."""
    game = ctx.game
    hand = [c.id for c in game.cards_in(HAND, ctx.player)]
    n = _count(n, "trash_from_hand(n)")
    if len(hand) < n:
        return []
    chosen = game.choose_cards(ctx.player, hand, n, n, f"trash {n} card(s) from your hand", reason="resolution",
                               source=ctx.source_id)
    for cid in chosen:
        game.move(cid, areas.TRASH, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player, kind="trashed")
    return chosen


def m_schedule(ctx: Any, label: Any) -> None:
    """Schedule this card's pending processing labelled ``label`` (18-1), e.g. "lose 2 memory at
    the end of the turn"."""
    abilities.schedule(ctx.game, ctx.card, str(label))


def m_attack(ctx: Any) -> dict | None:
    """The attack in progress: ``{attacker = id, target = id or nil, defender = player}``, or nil."""
    att = ctx.game.value_of(None, ATTACK)
    if not att:
        return None
    return {"attacker": att["attacker"], "target": att["target"], "defender": att["defender"]}


def m_in_no_area(ctx: Any) -> bool:
    """Is this card in no area (an Option being used, a checked security card)?"""
    return ctx.card is not None and ctx.card.zone == NO_AREA


_DURATIONS = ("this_turn", "until_end_of_your_next_turn", "until_end_of_opponents_next_turn", "permanent")


def m_effect(ctx: Any, what: Any, spec: Any) -> int:
    """Begin a lasting effect on cards (ids) or on whatever matches a filter:
    ``{attr = "dp", op = "add", value = 3000, duration = "this_turn"}``."""
    if not isinstance(spec, dict):
        raise ScriptUsageError("effect(cards, {attr=..., op=..., value=..., duration=...})")
    duration = str(spec.get("duration", "this_turn"))
    if duration not in _DURATIONS:
        raise ScriptUsageError(f"effect: unknown duration {duration!r} (one of {', '.join(_DURATIONS)})")
    game = ctx.game
    turn_now, mine = game.state.turn, game.state.active_player == ctx.player
    until = {"this_turn": turn_now,
             "until_end_of_your_next_turn": turn_now + (2 if mine else 1),
             "until_end_of_opponents_next_turn": turn_now + (1 if mine else 2)}.get(duration)
    kw: dict[str, Any] = {}
    if isinstance(what, dict) and what:
        kw["filter"] = what
    else:
        ids = [what] if isinstance(what, int) else list(what or ())
        kw["targets"] = [ctx.card_of(i).id for i in ids]
    eff = game.add_effect(str(spec.get("op", "add")), spec.get("attr"), spec.get("value"),
                          duration="lasting" if until is not None else "permanent", source=ctx.source_id,
                          controller=ctx.player, until_turn=until, **kw)
    return eff.id


SCRIPT_METHODS = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)}


def _no_sources(game: Game, card: Card, want: Any, player: Any) -> bool:
    """Filter key ``no_sources``: the Digimon has no digivolution cards."""
    return bool(want) == (not areas.sources(game, card))


def _sources_min(game: Game, card: Card, want: Any, player: Any) -> bool:
    """Filter key ``sources_min``: the Digimon has at least that many digivolution cards."""
    return len(areas.sources(game, card)) >= int(want)


FILTER_KEYS = {"no_sources": _no_sources, "sources_min": _sources_min}
