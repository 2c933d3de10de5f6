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

#: (attacker id, target id) -> (attacker's definition, target's definition, player, the ``attack`` action).
_ATTACK: dict[tuple[int, int], tuple[Any, Any, int, Action]] = {}
#: (card id, ability index) -> (definition, player, the ``activate`` action without data).
_ACTIVATE: dict[tuple[int, int], tuple[Any, int, Action]] = {}
#: (player, label) -> the ``pass`` action.
_PASS: dict[tuple[int, str], Action] = {}
#: card id -> (definition, player, Counter value, the ``counter`` action).
_COUNTER: dict[int, tuple[Any, int, Any, Action]] = {}


class _ByCard:
    """The one action of a kind that a card offers its player, with a label naming the card:
    ``Action(kind, player, card.id, label=label.format(name=card.name))``, kept by card id and given
    out again while the card has the same definition and player."""

    __slots__ = ("kind", "label", "store")

    def __init__(self, kind: str, label: str) -> None:
        self.kind, self.label = kind, label
        #: card id -> (definition, player, the action).
        self.store: dict[int, tuple[Any, int, Action]] = {}

    def __call__(self, player: int, card: Card) -> Action:
        definition = card.definition
        known = self.store.get(card.id)
        if known is not None and known[0] is definition and known[1] == player:
            return known[2]
        action = Action(self.kind, player, card.id, label=self.label.format(name=definition.name))
        self.store[card.id] = (definition, player, action)
        return action


#: Play a card from hand.
play = _ByCard("play", "play {name}")
#: Give a DON!! card to a Leader or Character.
give_don = _ByCard("give_don", "give DON!! to {name}")
#: Block with a Character.
block = _ByCard("block", "block with {name}")

#: Every store (cleared by :func:`clear`).
_STORES: tuple[dict, ...] = (play.store, give_don.store, block.store, _ATTACK, _ACTIVATE, _PASS, _COUNTER)


def clear() -> None:
    """Forget every kept action (tests compare the lists with lists made afresh)."""
    for store in _STORES:
        store.clear()


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

