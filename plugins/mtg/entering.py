"""Entering the battlefield, by any route (403.3, 110.2): a permanent spell resolving (608.3), a
land played (305.1), a card or token put onto the battlefield by an effect, a card returned from
exile or a graveyard (a flicker). Every route applies the same rules, here, in this order:

1. the replacements that modify how it enters (614.1c, 614.12): "enter as a copy of" (707.2,
   the card's ``enters = { copy = FILTER }``), "enters tapped";
2. the move itself: a new object (400.7) under its controller, whose "enters" event triggers the
   enters-the-battlefield abilities (603.6a);
3. the mark of a permanent its controller has not controlled since their turn began (302.6:
   a creature, or a land or artifact that becomes one later this turn, can't attack or {T});
4. "enters with" counters (614.1c, ``enters = { counters = { ["+1/+1"] = 2 } }``), put through the
   replacement effects on counters (Hardened Scales, 614.1a), and a Saga's lore counter (714.3a)
   or, with read ahead, the chapter its controller chooses (702.155).

A card's entering replacements are an ability of kind ``enters`` of its script::

    { kind = "enters", copy = { types = "Creature" }, optional = true }      -- Clone
    { kind = "enters", counters = { ["+1/+1"] = 3 } }                        -- enters with counters
    { kind = "enters", tapped = true }
"""
from __future__ import annotations

from typing import Any

from rulestack import Ability, Card, Cause, Game

from . import copies, read_ahead, rules, sagas


def entering_abilities(card: Card) -> list[Ability]:
    """The card's ``enters`` abilities (they apply from wherever the card enters from, 614.12)."""
    return [ab for ab in card.definition.abilities if ab.kind == "enters"]


def enter(game: Game, card: Card, controller: int, *, cause: str = Cause.RULE, source: int | None = None,
          by: int | None = None, tapped: bool = False, **extra: Any) -> Card:
    """Put ``card`` onto the battlefield under ``controller`` with every rule of entering applied;
    returns the card (a new object). ``extra`` fields go into the move's event (``how``)."""
    copied = copies.choose_copy_as_enters(game, card, controller)
    exceptions = copies.exceptions_as_enters(card) if copied is not None else {}
    if copied is not None:
        copies.copy_as_it_enters(game, card, copied)
    enters_tapped = tapped or any(ab.get("tapped") for ab in entering_abilities(card))
    card = game.move(card, "battlefield", controller, cause=cause, source=source,
                     by=controller if by is None else by, **extra)
    if copied is not None:
        copies.keep_exceptions(game, card, copied)
        if exceptions:          # 707.9: the copy effect's own exceptions, copiable values too
            copies.set_characteristics(game, card, exceptions, source=card.id, controller=controller)
    game.set_status(card, "sick", True, quiet=True)     # 302.6: for whatever becomes a creature too
    if enters_tapped:
        game.set_status(card, "tapped", True, cause=Cause.RULE, source=card.id, by=controller)
    if not game.abilities_removed(card):
        for ab in entering_abilities(card):
            for kind, n in sorted((ab.get("counters") or {}).items()):
                game.add_counters(card, str(kind), int(n), cause=Cause.RULE, source=card.id, by=controller)
    if read_ahead.has_read_ahead(game, card):
        read_ahead.enter_at_chosen_chapter(game, card)
    else:
        sagas.on_enter(game, card)
    return card


def put_onto_battlefield(game: Game, card: Card, controller: int, *, source: int | None = None,
                         by: int | None = None, tapped: bool = False) -> Card | None:
    """An effect puts a card onto the battlefield (from a hand, library, graveyard or exile).
    A token that has left the battlefield cannot come back (111.8); returns the new object, or
    ``None`` when nothing entered."""
    if card.zone in ("battlefield", "stack") or rules.is_token(game, card):
        return None
    if not rules.is_permanent_card(card):
        return None     # an instant or sorcery card cannot enter the battlefield (110.4a)
    return enter(game, card, controller, cause=Cause.EFFECT, source=source, by=by, tapped=tapped)


def flicker(game: Game, card: Card, *, source: int | None = None, by: int | None = None,
            under: str = "owner") -> Card | None:
    """Exile a permanent, then return it to the battlefield (Cloudshift, Ephemerate): it comes back
    as a new object (400.7) with no memory of the old one — targets, continuous effects, damage and
    counters do not follow it — and enters by the same rules as any other way. A token exiled so
    stays in exile and ceases to exist (111.8, 704.5d). ``under``: ``"owner"`` (the usual) or
    ``"you"`` (the player ``by``). Returns the returned card, or ``None``."""
    if card.zone != "battlefield":
        return None
    game.move(card, "exile", card.owner, cause=Cause.EFFECT, source=source, by=by)
    if card.zone != "exile":
        return None     # a replacement sent it elsewhere
    controller = by if under == "you" and by is not None else card.owner
    return put_onto_battlefield(game, card, controller, source=source, by=by)
