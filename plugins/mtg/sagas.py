"""Sagas (714): lore counters, chapter abilities and the Saga's sacrifice.

Which Comprehensive Rules edition applies is the system setting ``cr``:

``"2026"`` (default)
    714.3a is an intrinsic replacement ability, "this Saga enters with a lore counter on it"
    (614.1c): a Saga that enters without its abilities gets no counter. The precombat main phase
    counter (714.3c) and the sacrifice (714.4, 704.5s) concern only Sagas with one or more chapter
    abilities.
``"2025-fin"``
    The text in force with *Final Fantasy* (June 2025): as a Saga enters its controller puts a lore
    counter on it (a rule action, 714.3a); 714.3b and 714.4 already say "with one or more chapter
    abilities".
``"pre-2025"``
    Before that change: every Saga gets the precombat main phase counter, and a Saga with no
    chapter abilities has final chapter number 0 (714.2d), so it is sacrificed at once.

Chapter abilities are triggered abilities (714.2b) expanded from the card script by
:mod:`.keywords`; their trigger key ``chapter = N`` matches a ``counters_added`` event of lore
counters whose count went from below N to N or more, so several chapters crossed at once trigger
together, and removing counters triggers nothing.
"""
from __future__ import annotations

from rulestack import Card, Cause, Event, Game

from . import rules

EDITIONS = ("2026", "2025-fin", "pre-2025")
LORE = "lore"


def chapter_numbers(game: Game, card: Card) -> list[int]:
    """The chapter numbers of the chapter abilities the Saga has now (none once it has lost its
    abilities)."""
    if game.abilities_removed(card):
        return []
    return [ab.get("chapter") for ab in card.definition.abilities if ab.kind == "chapter"]


def final_chapter(game: Game, card: Card) -> int:
    """714.2d: the greatest chapter number, or 0 when it has no chapter abilities."""
    return max(chapter_numbers(game, card), default=0)


def crosses(game: Game, card: Card, event: Event, chapter: int) -> bool:
    """Trigger key ``chapter``: the lore count was below ``chapter`` and became at least it; a
    Saga entering with read ahead triggers only its chosen chapter (702.155c, :mod:`.read_ahead`)."""
    floor = card.status.get("read_ahead")
    if floor and chapter < floor:
        return False
    before: int = event.get("before", 0)
    after: int = event.get("after", 0)
    return before < chapter <= after


def on_enter(game: Game, card: Card) -> None:
    """714.3a: the lore counter a Saga gets as it enters, per the edition in force."""
    if not rules.is_saga(game, card):
        return
    if rules.cr(game) == "2026" and game.abilities_removed(card):
        game.record("lore_replacement_missing", card=card.id, why="714.3a (2026): it has no abilities as it enters")
        return
    game.add_counters(card, LORE, 1, cause=Cause.RULE, source=card.id, by=card.controller)


def precombat_main_lore(game: Game, player: int) -> None:
    """714.3b/714.3c and 505.4: as the precombat main phase begins, a turn-based action puts a
    lore counter on each Saga the active player controls (with a chapter ability, since 2025)."""
    everyone = rules.cr(game) == "pre-2025"
    for card in game.cards_in("battlefield", player):
        if rules.is_saga(game, card) and (everyone or chapter_numbers(game, card)):
            game.add_counters(card, LORE, 1, cause=Cause.RULE, source=card.id, by=player)


def chapter_waiting(game: Game, card: Card) -> bool:
    """Is the Saga the source of a chapter ability that has triggered but not yet left the stack?"""
    for trig in game.state.pending:
        if trig.card == card.id and trig.generation == card.generation and \
                card.definition.abilities[trig.ability].kind == "chapter":
            return True
    for item in game.state.stack:
        if item.card == card.id and item.kind == "trigger" and item.generation == card.generation and \
                item.ability is not None and card.definition.abilities[item.ability].kind == "chapter":
            return True
    return False


def to_sacrifice(game: Game) -> list[Card]:
    """714.4 / 704.5s: the Sagas whose lore counters reached their final chapter number and that
    are not waiting on a chapter ability of their own."""
    out = []
    legacy = rules.cr(game) == "pre-2025"
    hold = rules.printed_types_hold(game)
    known, printed = rules.PRINTED.get, rules.printed
    for card in rules.permanents(game):
        if not ((known(id(card.definition)) or printed(card.definition)).saga if hold else rules.is_saga(game, card)):
            continue
        chapters = chapter_numbers(game, card)
        if not chapters and not legacy:
            continue
        if card.counters.get(LORE, 0) >= max(chapters, default=0) and not chapter_waiting(game, card):
            out.append(card)
    return out
