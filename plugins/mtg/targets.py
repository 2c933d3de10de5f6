"""Targets that are not only cards: "any target", "target player", "target ability".

The host's ``targets`` key chooses cards. MTG also targets players (Lava Spike) and spells or
abilities on the stack (Tale's End), and "any target" mixes creatures and players in one choice.
An ability says so with the ``target`` key::

    target = { card = { zone = "battlefield", types = "Creature" }, player = "any" }   -- any target
    target = { player = "any" }                                                        -- target player
    target = { ability = true, card = { zone = "stack", supertypes = "Legendary" } }   -- Tale's End

The target is chosen as the spell is cast or the ability put on the stack (601.2c, 603.3d) and kept
in ``item.data["target"]`` as ``{"card": id, "generation": g}``, ``{"player": i}`` or
``{"item": id}``. ``ctx:chosen_target()`` gives it back while it is still legal (608.2b).
"""
from __future__ import annotations

from typing import Any, Mapping

from rulestack import Activation, Card, Game, IllegalAction, Item
from rulestack.context import relative_player


def _players(game: Game, who: Any, controller: int) -> list[int]:
    if who in (None, False):
        return []
    if who in ("any", True):
        return list(range(len(game.players)))
    return [relative_player(game, controller, who)]


def candidates(game: Game, spec: Mapping[str, Any], controller: int, source: Card,
               item_id: int | None = None) -> list[dict[str, Any]]:
    """Every legal choice for a ``target`` spec, as plain tables, in a fixed order."""
    out: list[dict[str, Any]] = []
    card_filter = spec.get("card")
    if card_filter is not None:
        for c in game.find(card_filter, controller, source):
            if c.id != source.id or c.zone != "stack":   # a spell cannot target itself (115.5)
                out.append({"card": c.id, "generation": c.generation})
    for p in _players(game, spec.get("player"), controller):
        out.append({"player": p})
    if spec.get("ability"):
        for it in game.state.stack:
            if it.kind != "spell" and it.id != item_id:
                out.append({"item": it.id})
    return out


def label(game: Game, choice: Mapping[str, Any]) -> str:
    if "player" in choice:
        name: str = game.players[choice["player"]].name
        return name
    if "card" in choice:
        return game.card(choice["card"]).name
    for it in game.state.stack:
        if it.id == choice["item"]:
            return f"{it.describe(game)} (ability)"
    return f"item {choice['item']}"


def choose(game: Game, activation: Activation) -> None:
    """Choose the ``target`` of an activation (no-op when it has none)."""
    spec = activation.ability.get("target")
    if not spec:
        return
    options = candidates(game, spec, activation.player, activation.card, activation.item.id)
    if not options:
        raise IllegalAction(f"{activation.card.name}: no legal target")
    pick = game.choose_option(activation.player, [label(game, o) for o in options],
                              f"target for {activation.card.name}", source=activation.card.id)
    game.set(activation.item, "data", {**activation.item.data, "target": options[pick]})
    game.record("targeted", player=activation.player, source=activation.card.id, item=activation.item.id,
                target=dict(options[pick]))


def has_choice(game: Game, activation: Activation) -> bool:
    """Is there a legal choice for the ability's ``target`` (or has it none)? A player who may be
    chosen answers at once, without searching the cards, when the card filter runs no script
    (matching cards is then a pure question)."""
    spec = activation.ability.get("target")
    if not spec:
        return True
    card_filter = spec.get("card")
    if (card_filter is None or "where" not in card_filter) and _players(game, spec.get("player"), activation.player):
        return True
    return bool(candidates(game, spec, activation.player, activation.card,
                           activation.item.id if activation.item else None))


def still_legal(game: Game, item: Item, spec: Mapping[str, Any], chosen: Mapping[str, Any]) -> bool:
    """Is a chosen ``target`` still legal as the item resolves (608.2b)?"""
    if "player" in chosen:
        return True
    if "item" in chosen:
        return any(it.id == chosen["item"] for it in game.state.stack)
    card = game.state.cards.get(chosen["card"])
    assert item.card is not None, "a target is chosen for a card's spell or ability"
    source = game.card(item.card)
    return (card is not None and card.generation == chosen["generation"]
            and game.matches(card, spec.get("card"), item.controller, source))


def host_targets_legal(game: Game, item: Item) -> tuple[int, list[list[int]]]:
    """How many card targets the item had, and those still legal (same object, still matching)."""
    if not item.targets:
        return 0, []
    assert item.card is not None and item.ability is not None, "targets belong to a card's spell or ability"
    card = game.card(item.card)
    specs = card.definition.abilities[item.ability].targets
    gens = item.data.get("target_generations", {})
    total, legal = 0, []
    for spec, group in zip(specs, item.targets):
        kept = []
        for t in group:
            total += 1
            c = game.state.cards[t]
            if gens.get(t, c.generation) == c.generation and game.matches(c, spec.get("filter"), item.controller, card):
                kept.append(t)
        legal.append(kept)
    return total, legal


def chosen(game: Game, item: Item) -> dict[str, Any] | None:
    """The item's ``target`` if it is still legal, else ``None``."""
    if item is None:
        return None
    picked = item.data.get("target")
    if not picked:
        return None
    assert item.card is not None and item.ability is not None, "a target belongs to a card's spell or ability"
    spec = game.card(item.card).definition.abilities[item.ability].get("target") or {}
    return dict(picked) if still_legal(game, item, spec, picked) else None
