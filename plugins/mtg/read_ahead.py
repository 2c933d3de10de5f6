"""Read ahead (702.155): as a Saga with read ahead enters, its controller chooses a number from
one to its final chapter number; it enters with that many lore counters (instead of the one of
714.3a), and its chapter abilities with a lower chapter number don't trigger (702.155c) — only
the chosen chapter does.

The choice is a real decision of the controller. While the chosen counters are put, the Saga
carries the status ``read_ahead`` (the chosen number), which :func:`rulestack_systems.mtg.sagas.crosses`
reads to keep the lower chapters from triggering.
"""
from __future__ import annotations

from rulestack import Card, Cause, Game

from . import rules, sagas

KEYWORD = "Read ahead"
STATUS = "read_ahead"


def has_read_ahead(game: Game, card: Card) -> bool:
    """A Saga with read ahead (printed or copied) that has not lost its abilities."""
    return KEYWORD in card.definition.keywords and rules.is_saga(game, card) and rules.has_keyword(game, card, KEYWORD)


def enter_at_chosen_chapter(game: Game, card: Card) -> int:
    """702.155b-c: choose the chapter, put that many lore counters; returns the chosen number."""
    final = sagas.final_chapter(game, card)
    if final < 1:
        return 0
    chosen = game.choose_number(card.controller, 1, final, f"read ahead: {card.name} enters at which chapter?",
                                source=card.id)
    game.set_status(card, STATUS, chosen, quiet=True)
    game.add_counters(card, sagas.LORE, chosen, cause=Cause.RULE, source=card.id, by=card.controller)
    game.set_status(card, STATUS, None, quiet=True)
    return chosen


def skipped(card: Card, chapter: int) -> bool:
    """702.155c: is this chapter below the one a read-ahead Saga is entering at?"""
    floor: int | None = card.status.get(STATUS)
    return floor is not None and floor != 0 and chapter < floor
