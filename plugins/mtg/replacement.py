"""Replacement and prevention effects (614, 615) on the events of Magic that are not zone changes
or counters (those the host replaces itself): damage being dealt, a card being drawn, life being
gained or lost, tokens being created. Each event's facts go through the host's
:func:`rulestack.replacement.replace` (the affected player orders several, 616.1) before the game
performs what is left of it.

Replacement abilities of cards name these kinds (``reference.REPLACEABLE_EVENTS``)::

    { kind = "replacement", replaces = { event = "damage" }, instead = { times = { n = 2 } } }

Prevention shields left by resolved spells ("prevent the next 4 damage that would be dealt to any
target this turn", 615.7) are replacement effects that are not abilities: kept in the game value
``prevention_shields`` and ordered with the abilities (616.1). Each prevents up to its amount
and is used up by what it prevented; it ends with the turn (615.7 "this turn").
"""
from __future__ import annotations

from typing import Any, Callable

from rulestack import Card, Cause, CostUnpayable, Game
from rulestack.replacement import ReplacementEffect, replace

SHIELDS = "prevention_shields"
#: Game values holding the turn during which players can't gain life (119.7) / damage can't be
#: prevented (615.12), set by ``ctx:players_cant_gain_life()`` and ``ctx:damage_cant_be_prevented()``.
NO_LIFE_GAIN = "no_life_gain_turn"
NO_PREVENTION = "no_prevention_turn"
#: The player value holding the turn during which that player can't lose life (119.8), set by
#: ``ctx:cant_lose_life(who)``.
NO_LIFE_LOSS = "no_life_loss_turn"


def this_turn(game: Game, key: str) -> bool:
    """Does the rule kept in the game value ``key`` hold this turn?"""
    return game.value_of(None, key) == game.state.turn


# -- damage (120, 615) ---------------------------------------------------------------------------------

def damage(game: Game, source: Card | None, target: int | Card, amount: int, *, combat: bool) -> int:
    """How much damage ``source`` really deals to ``target`` (a player index or a creature card)
    after replacement and prevention effects (0 when prevented)."""
    if isinstance(target, int):
        kind, player, card_id = "player", target, None
    else:
        kind, player, card_id = "creature", target.controller, target.id
    source_id = source.id if source is not None else None
    facts = {"source": source_id, "n": amount, "combat": combat, "target": kind, "player": player, "card": card_id}
    preventable = not this_turn(game, NO_PREVENTION)
    effects = _shield_effects(game, facts) if preventable else []
    if not game.index.replacers and not effects:
        return amount
    out = replace(game, "damage", facts, affected=player, source=source_id, effects=effects)
    if out is None:
        return 0 if preventable else amount     # 615.12: a prevention can't apply
    if not preventable:
        return max(amount, int(out.get("n", 0)))
    return max(0, int(out.get("n", 0)))


def add_shield(game: Game, target: int | Card, amount: int, *, source: int | None, controller: int) -> None:
    """615.7: the next ``amount`` damage that would be dealt to ``target`` (a player index or a
    card) this turn is prevented."""
    shield = {"id": game.new_id(), "n": int(amount), "turn": game.state.turn, "source": source,
              "controller": controller}
    if isinstance(target, int):
        shield["player"] = target
    else:
        shield["card"], shield["generation"] = target.id, target.generation
    game.set_value(None, SHIELDS, tuple(game.value_of(None, SHIELDS) or ()) + (shield,))


def _shields(game: Game) -> list[dict[str, Any]]:
    turn = game.state.turn
    return [s for s in (game.value_of(None, SHIELDS) or ()) if s["turn"] == turn and s["n"] > 0]


def _shield_effects(game: Game, facts: dict[str, Any]) -> list[ReplacementEffect]:
    out = []
    for shield in _shields(game):
        if "player" in shield:
            hits = facts["target"] == "player" and facts["player"] == shield["player"]
        else:
            card = game.card(shield["card"])
            hits = facts["card"] == card.id and card.generation == shield["generation"]
        if hits:
            out.append(ReplacementEffect(key=shield["id"], label=f"prevent up to {shield['n']} damage (shield)",
                                         controller=shield["controller"], source=shield["source"],
                                         applies=_has_damage, apply=_shield_user(game, shield)))
    return out


def _has_damage(facts: dict[str, Any]) -> bool:
    return facts.get("n", 0) > 0


def _shield_user(game: Game, shield: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any] | None]:
    def apply(facts: dict[str, Any]) -> dict[str, Any] | None:
        return _use_shield(game, shield, facts)
    return apply


def _use_shield(game: Game, shield: dict[str, Any], facts: dict[str, Any]) -> dict[str, Any] | None:
    prevented = min(shield["n"], facts.get("n", 0))
    kept = [s if s["id"] != shield["id"] else {**s, "n": s["n"] - prevented}
            for s in (game.value_of(None, SHIELDS) or ())]
    game.set_value(None, SHIELDS, tuple(s for s in kept if s["n"] > 0 and s["turn"] == game.state.turn))
    left = facts.get("n", 0) - prevented
    return None if left <= 0 else {**facts, "n": left}


# -- draws (121) ----------------------------------------------------------------------------------

def draw(game: Game, player: int, *, cause: str, source: int | None) -> tuple[int, int] | None:
    """Who draws, and how many cards, for one draw after replacement effects (121.6; Notion Thief
    makes another player draw instead, ``times = {n = 2}`` draws two), or ``None`` when the draw
    is replaced by nothing. The cards drawn instead are not replaced again (614.5)."""
    if not game.index.replacers:
        return player, 1
    out = replace(game, "draw", {"player": player, "n": 1, "cause": cause}, affected=player, source=source)
    if out is None or int(out.get("n", 1)) <= 0:
        return None
    return int(out.get("player", player)), int(out.get("n", 1))


# -- life (119) -----------------------------------------------------------------------------------------

def gain_life(game: Game, player: int, n: int, *, cause: str = Cause.EFFECT, source: int | None = None,
              by: int | None = None) -> int:
    """A player gains ``n`` life after replacement effects (a replacement may make it a loss:
    ``instead = function(ctx, f) f.lose = true; return f end``); returns the life gained."""
    if n <= 0 or this_turn(game, NO_LIFE_GAIN):
        return 0           # 119.7: a player who can't gain life gains none (no life gain event)
    if game.index.replacers:
        out = replace(game, "life_gain", {"player": player, "n": n, "cause": cause}, affected=player, source=source)
        if out is None:
            return 0
        player, n = int(out.get("player", player)), int(out.get("n", n))
        if out.get("lose"):
            lose_life(game, player, n, cause=cause, source=source, by=by)
            return 0
        if n <= 0:
            return 0
    game.change_life(player, n, cause=cause, source=source, by=by)
    return n


def cant_lose_life(game: Game, player: int) -> bool:
    """Can't ``player`` lose life this turn (``ctx:cant_lose_life``)? Then nothing makes them lose
    life, and they can't pay life as a cost (119.8)."""
    return game.value_of(player, NO_LIFE_LOSS) == game.state.turn


def can_pay_life(game: Game, player: int, n: int) -> bool:
    """119.4: a player can pay ``n`` life only if their life total is at least ``n`` (0 life can
    always be paid); 119.8: a player who can't lose life can't pay any."""
    if n <= 0:
        return True
    return n <= (game.players[player].life or 0) and not cant_lose_life(game, player)


def pay_life(game: Game, player: int, n: int, *, source: int | None) -> int:
    """118.3, 119.4: pay ``n`` life as a cost. Paying life is losing life, so the life-loss
    replacements apply to it (a payment of 1 may lose 2); raises :class:`~rulestack.CostUnpayable`
    when the player can't pay (119.4, 119.8). Returns the life lost."""
    if not can_pay_life(game, player, n):
        why = ("can't lose life this turn (119.8)" if cant_lose_life(game, player)
               else f"has {game.players[player].life or 0} life (119.4)")
        raise CostUnpayable(f"P{player} can't pay {n} life: they {why}")
    return lose_life(game, player, n, cause=Cause.COST, source=source, by=player)


def lose_life(game: Game, player: int, n: int, *, cause: str = Cause.EFFECT, source: int | None = None,
              by: int | None = None, kind: str = "life_changed") -> int:
    """A player loses ``n`` life after replacement effects (``kind="damaged"``: the loss is the
    result of damage, 120.3a; ``cause="cost"``: life paid, 119.4); returns the life lost. A
    player who can't lose life loses none (119.8)."""
    if n <= 0 or cant_lose_life(game, player):
        return 0
    if game.index.replacers:
        out = replace(game, "life_loss", {"player": player, "n": n, "cause": cause,
                                          "damage": kind == "damaged"}, affected=player, source=source)
        if out is None:
            return 0
        player, n = int(out.get("player", player)), int(out.get("n", n))
        if n <= 0 or cant_lose_life(game, player):
            return 0
    game.change_life(player, -n, cause=cause, source=source, by=by, kind=kind)
    return n
