"""The shuffle rule of CR 3.2.5: when an effect has revealed or looked at *all* of a deck's
hidden cards and did not say to shuffle, the deck is shuffled when that effect finishes
resolving, or just before another effect (or a rule, such as a draw) manipulates the deck,
whichever comes first.

* 3.2.5.a: seeing only part of the deck does not call for a shuffle;
* 3.2.5.b: an effect that names no number and ends up showing the whole deck does; one that names
  a number ("the top 5") and happens to show the whole deck does not.

The deck that needs a shuffle is remembered as a player value: the id of the item whose
resolution saw it (``0`` for an effect with no item).
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game

from .areas import DECK

SEEN = "deck_seen_whole"       # player value: the item whose effect saw the whole deck
RESOLVING = "resolving_items"  # game value: the ids of the items resolving now, innermost last


def current_item(game: Game) -> int:
    """The id of the item resolving now (``0`` when none)."""
    stack = game.value_of(None, RESOLVING, ())
    return stack[-1] if stack else 0


def saw(game: Game, player: int, *, whole: bool, number_given: bool) -> None:
    """An effect revealed or looked at cards of ``player``'s deck: remember a shuffle is due when
    it saw the whole deck with no number given (3.2.5, 3.2.5.a, 3.2.5.b)."""
    if whole and not number_given:
        game.set_value(player, SEEN, current_item(game))


def before_manipulation(game: Game, player: int) -> None:
    """Another effect (or a rule) is about to manipulate ``player``'s deck: shuffle first if an
    earlier effect saw the whole deck (3.2.5)."""
    seen = game.value_of(player, SEEN)
    if seen is not None and seen != current_item(game):
        _shuffle(game, player, "before another effect manipulates the deck")


def at_resolution_end(game: Game, item_id: int) -> None:
    """The effect that saw a whole deck finished resolving: shuffle that deck (3.2.5)."""
    for p in range(len(game.players)):
        if game.value_of(p, SEEN) == item_id:
            _shuffle(game, p, "at the end of the effect that saw it")


def _shuffle(game: Game, player: int, when: str) -> None:
    game.set_value(player, SEEN, None)
    game.shuffle(DECK, player, cause=Cause.RULE)
    game.record("deck_shuffled_3_2_5", player=player, when=when)
