"""Properly Summoned monsters (Rulebook v10): an Extra Deck monster must first be Summoned by its own
kind of Summon, and a Ritual Monster by a Ritual Summon, before it can be Special Summoned from the
GY or banishment (a Summon "treated as" that kind counts). Read by every Special Summon
(:func:`.summoning.special_summon`) and by the ``revivable`` filter key (Monster Reborn).
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Game


#: Monsters that must first be properly Summoned before they can be Special Summoned from the GY or
#: banishment (Rulebook v10: Extra Deck monsters by their own kind of Summon, Ritual Monsters by a
#: Ritual Summon; a Summon "treated as" that kind counts).
MUST_BE_PROPERLY_SUMMONED = frozenset({"Fusion", "Synchro", "Xyz", "Link", "Ritual"})
PROPER_HOW = {"Fusion": "fusion", "Synchro": "synchro", "Xyz": "xyz", "Link": "link", "Ritual": "ritual"}


def mark_properly_summoned(game: Game, card: Card, how: str) -> None:
    """Remember that ``card`` was Summoned as its frame requires (it may now be revived)."""
    if PROPER_HOW.get(card.definition.fields.get("frame", "")) != how:
        return
    done = game.value_of(None, "properly_summoned", ())
    if card.id not in done:
        game.set_value(None, "properly_summoned", tuple(done) + (card.id,))


def revivable(game: Game, card: Card) -> bool:
    """May ``card`` be Special Summoned from where it is now? Not from the GY or banishment when it
    is an Extra Deck or Ritual Monster that was never properly Summoned."""
    if card.definition.fields.get("frame") not in MUST_BE_PROPERLY_SUMMONED:
        return True
    if card.zone not in ("graveyard", "banished"):
        return True
    return card.id in game.value_of(None, "properly_summoned", ())


def revivable_filter(game: Game, card: Card, want: Any, player: int | None) -> bool:
    """The ``revivable`` filter key (Monster Reborn's targets): see :func:`revivable`."""
    return revivable(game, card) == bool(want)
