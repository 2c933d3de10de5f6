"""Actions made once and offered again: an :class:`~rulestack.Action` is a frozen value (compared
by its fields, never by identity), and making one costs more than finding it, so the legal-action
lists of this system take the ones they offer from here.

Each kind of action is kept by what its fields are made of, and given out only while those are
the same: the card's id, the player and the card's definition (a card's name is its
definition's, so the label follows it; a card that becomes another, or another game's card with
the same id, gets a new action), and for an attack the target's id and definition too. The
fields do not depend on anything else, so the action given out equals the one the list would
make (tests/onepiece/test_printed_shortcuts.py compares the lists with lists made afresh before
every decision of random games).
"""
from __future__ import annotations

from typing import Any

from rulestack import Action
from rulestack.state import Card

#: card id -> (definition, player, the ``play`` action).
_PLAY: dict[int, tuple[Any, int, Action]] = {}
#: card id -> (definition, player, the ``give_don`` action).
_GIVE_DON: dict[int, tuple[Any, int, Action]] = {}
#: (attacker id, target id) -> (attacker's definition, target's definition, player, the ``attack`` action).
_ATTACK: dict[tuple[int, int], tuple[Any, Any, int, Action]] = {}
#: (card id, ability index) -> (definition, player, the ``activate`` action without data).
_ACTIVATE: dict[tuple[int, int], tuple[Any, int, Action]] = {}
#: (player, label) -> the ``pass`` action.
_PASS: dict[tuple[int, str], Action] = {}
#: card id -> (definition, player, Counter value, the ``counter`` action).
_COUNTER: dict[int, tuple[Any, int, Any, Action]] = {}
#: card id -> (definition, player, the ``block`` action).
_BLOCK: dict[int, tuple[Any, int, Action]] = {}

#: Every store (cleared by :func:`clear`).
_STORES: tuple[dict, ...] = (_PLAY, _GIVE_DON, _ATTACK, _ACTIVATE, _PASS, _COUNTER, _BLOCK)


def clear() -> None:
    """Forget every kept action (tests compare the lists with lists made afresh)."""
    for store in _STORES:
        store.clear()


def play(player: int, card: Card) -> Action:
    """``Action("play", player, card.id, label=f"play {card.name}")``."""
    definition = card.definition
    known = _PLAY.get(card.id)
    if known is not None and known[0] is definition and known[1] == player:
        return known[2]
    action = Action("play", player, card.id, label=f"play {definition.name}")
    _PLAY[card.id] = (definition, player, action)
    return action


def give_don(player: int, card: Card) -> Action:
    """``Action("give_don", player, card.id, label=f"give DON!! to {card.name}")``."""
    definition = card.definition
    known = _GIVE_DON.get(card.id)
    if known is not None and known[0] is definition and known[1] == player:
        return known[2]
    action = Action("give_don", player, card.id, label=f"give DON!! to {definition.name}")
    _GIVE_DON[card.id] = (definition, player, action)
    return action


def attack(player: int, attacker: Card, target: Card) -> Action:
    """``Action("attack", player, attacker.id, data=(("target", target.id),),
    label=f"attack {target.name} with {attacker.name}")``."""
    key = (attacker.id, target.id)
    definition, target_definition = attacker.definition, target.definition
    known = _ATTACK.get(key)
    if known is not None and known[0] is definition and known[1] is target_definition and known[2] == player:
        return known[3]
    action = Action("attack", player, attacker.id, data=(("target", target.id),),
                    label=f"attack {target_definition.name} with {definition.name}")
    _ATTACK[key] = (definition, target_definition, player, action)
    return action


def activate(player: int, card: Card, ability: int, label: str) -> Action:
    """``Action("activate", player, card.id, ability, data=(), label=label)``, where ``label`` is
    a function of the card's definition and the ability (activations._activated makes it)."""
    key = (card.id, ability)
    definition = card.definition
    known = _ACTIVATE.get(key)
    if known is not None and known[0] is definition and known[1] == player:
        return known[2]
    action = Action("activate", player, card.id, ability, data=(), label=label)
    _ACTIVATE[key] = (definition, player, action)
    return action


def pass_action(player: int, label: str) -> Action:
    """``Action("pass", player, label=label)``."""
    known = _PASS.get((player, label))
    if known is None:
        known = _PASS[(player, label)] = Action("pass", player, label=label)
    return known


def counter(player: int, card: Card, value: Any) -> Action:
    """``Action("counter", player, card.id, label=f"counter with {card.name} (+{value})")``."""
    definition = card.definition
    known = _COUNTER.get(card.id)
    if (known is not None and known[0] is definition and known[1] == player and type(known[2]) is type(value)
            and known[2] == value):
        return known[3]
    action = Action("counter", player, card.id, label=f"counter with {definition.name} (+{value})")
    _COUNTER[card.id] = (definition, player, value, action)
    return action


def block(player: int, card: Card) -> Action:
    """``Action("block", player, card.id, label=f"block with {card.name}")``."""
    definition = card.definition
    known = _BLOCK.get(card.id)
    if known is not None and known[0] is definition and known[1] == player:
        return known[2]
    action = Action("block", player, card.id, label=f"block with {definition.name}")
    _BLOCK[card.id] = (definition, player, action)
    return action
