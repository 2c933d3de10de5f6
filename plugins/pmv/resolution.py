"""What happens to a played card or a used effect: the interference stack (CR 1.12), auto
effects resolved at once (they are not interference), and the order of simultaneous effects
(7.1.6).

* A played card waits, face up, in the play area (プレイエリア) as an item of the interference
  stack; an activated effect is an item too. Items resolve last-in first-out (1.12.8.a) — the
  loop is in :mod:`.priority`.
* An auto effect whose timing is met is not put on the stack (no one may interfere with its
  application, 1.12): it resolves as soon as it is activated, in the order of 7.1.6 — the turn
  player orders all of theirs first, then the next player.
* On resolution a character enters its controller's field asleep (速攻: active, 10.2.2.a); a
  【世界呪符】 enters the field active; a spell or command applies its text, then goes to 冥界
  (C6, C8).
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Cause, Game, Item
from rulestack import windows

from . import areas, battle, deck_rule, removal, text
from .areas import FIELD, NETHERWORLD, PLAY_AREA, SLEEP

HASTE = "速攻"
EQUIPPED_GENERATION = "equipped_generation"   # card status: the generation of the character it is set on
PLAY = "play"
ATTACK = "attack"


def settle(game: Game) -> None:
    """State checks (near-death, 9.2.2) to a fixed point, then the auto effects met so far, each
    resolving at once (:func:`push_item`), until nothing is pending (the host's shared ``settle``)."""
    windows.settle(game)


def order_triggers(game: Game, triggers: list) -> list:
    """7.1.6: the turn player puts all of their simultaneous effects in order first, then the
    next player in turn order."""
    out = []
    for p in game.apnap():
        mine = [t for t in triggers if t.controller == p]
        out += game.order(p, mine, "order your auto effects (first resolves first)",
                          label=lambda t: f"{game.card(t.card).name}: {game.card(t.card).definition.abilities[t.ability].label}")
    return out


def push_item(game: Game, item: Item) -> bool:
    """An auto effect resolves at once; a played card or an activated effect joins the
    interference stack (1.12)."""
    if item.kind == "trigger":
        game.resolve(item)
        return True
    game.journal.append(game.state.stack, item)
    game.record("interference", player=item.controller, item=item.id, card=item.card, depth=len(game.state.stack),
                kind_of=item.kind)
    return True


def resolve_item(game: Game, item: Item) -> bool:
    """Resolve one item: a played character or world charm enters the field; anything else
    applies its text (the host checks negation and 【 】)."""
    stack = tuple(game.value_of(None, deck_rule.RESOLVING, ()))
    game.set_value(None, deck_rule.RESOLVING, stack + (item.id,))
    try:
        if item.kind == ATTACK:
            battle.fight(game)
        elif item.kind == PLAY and item.card is not None:
            card = game.card(item.card)
            if card.zone != PLAY_AREA or card.generation != item.generation:
                game.record("resolution_skipped", source=card.id, item=item.id, why="the card left the play area")
            elif card.definition.get("subtype") == areas.EQUIPMENT:
                equip(game, card, item)
            elif areas.card_type(card) == areas.CHARACTER or card.definition.get("subtype") == areas.WORLD_CHARM:
                if item.activation_negated or item.effect_negated:
                    game.record("play_negated", source=card.id, item=item.id, card=card.id)
                else:
                    enter_field(game, card, item.controller)
            else:
                game.run_resolution(item)
        else:
            game.run_resolution(item)
    finally:
        game.set_value(None, deck_rule.RESOLVING, stack)
    return True


def enter_field(game: Game, card: Card, controller: int, *, cause: str = Cause.RULE, source: int | None = None,
                played: bool = True) -> Any:
    """Put a card onto its controller's field: a character asleep unless it has 速攻 (10.2.2.a),
    a world charm active (C7)."""
    card = game.move(card, FIELD, controller, cause=cause, source=source, by=controller, kind="entered_field",
                     played=played)
    if areas.card_type(card) == areas.CHARACTER and not (played and game.has_keyword(card, HASTE)):
        game.set_status(card, SLEEP, True, quiet=True)
    return card


def equip(game: Game, card: Card, item: Item) -> None:
    """C7: a 【装備】 is set on its 目標 character; with the 目標 gone it does nothing (and goes to
    冥界 with the other played cards)."""
    if item.activation_negated or item.effect_negated:
        game.record("play_negated", source=card.id, item=item.id, card=card.id)
        return
    goal = next(iter(item.targets[0]), None) if item.targets else None
    gens = item.data.get("target_generations", {})
    target = game.card(goal) if goal is not None else None
    if target is None or target.zone != FIELD or target.generation != gens.get(goal, target.generation):
        game.record("resolution_skipped", source=card.id, item=item.id, why="its 目標 is no longer on the field")
        return
    card = game.move(card, FIELD, item.controller, cause=Cause.RULE, source=card.id, by=item.controller,
                     kind="entered_field", played=True)
    game.set(card, "attached_to", target.id)
    game.set_status(card, EQUIPPED_GENERATION, target.generation, quiet=True)
    game.record("equipped", player=item.controller, card=card.id, target=target.id)


def unattached_equipment(game: Game) -> bool:
    """A 【装備】 whose character has left the field is discarded (by the rules)."""
    found = False
    for card in areas.equipment(game):
        host = game.card(card.attached_to) if card.attached_to is not None else None
        if host is None or host.zone != FIELD or host.generation != card.status.get(EQUIPPED_GENERATION):
            found |= removal.mark(game, card, removal.DISCARD, cause=Cause.RULE, rule="C7")
    return found


def after_resolve(game: Game, item: Item) -> None:
    """A resolved (or negated) spell or command goes to 冥界; then the 3.2.5 shuffle is due."""
    deck_rule.at_resolution_end(game, item.id)
    if item.kind == ATTACK or item.card is None:
        return
    card = game.card(item.card)
    if item.kind == PLAY and card.zone == PLAY_AREA and card.generation == item.generation:
        game.move(card, NETHERWORLD, card.owner, cause=Cause.RULE, kind="to_netherworld")


def is_negated(game: Game, item: Item) -> bool:
    """An activated or auto effect is negated while its card's text is (2.12.3), unless in 【 】."""
    if item.kind in (PLAY, ATTACK) or item.card is None or item.ability is None:
        return False
    card = game.card(item.card)
    return text.ability_negated(game, card, card.definition.abilities[item.ability])
