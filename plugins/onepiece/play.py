"""Cards entering and leaving the field: playing Characters and Stages (3-7, 3-8), K.O. (10-2-1)
and trashing by rule processing (3-7-6-1)."""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game
from rulestack.state import Card

from . import areas, don, resolution
from .areas import CHARACTER, PLAYED_TURN, STAGE, TRASH


def play_card(game: Game, card: Card, player: int, *, cause: str = Cause.ACTION, source: int | None = None) -> Card:
    """Play a Character or Stage card (its cost, if any, is already paid): make room by rule
    first — the sixth Character or the second Stage trashes one already there, which is not a
    K.O. (3-7-6-1, 3-8-5-1) — then place it active. Records ``played``."""
    kind = areas.category(card)
    if kind == "character":
        zone, limit = CHARACTER, areas.MAX_CHARACTERS
    elif kind == "stage":
        zone, limit = STAGE, areas.MAX_STAGES
    else:
        raise ValueError(f"{card.name} is a {kind} card; only Characters and Stages are played")
    present = [c.id for c in game.cards_in(zone, player)]
    if len(present) >= limit:
        (doomed,) = game.choose_cards(player, present, 1, 1, f"trash one to make room for {card.name}",
                                      reason="rule", source=card.id)
        trash(game, game.card(doomed), cause=Cause.RULE)
    game.move(card, zone, player, cause=cause, source=source, by=player, kind="played")
    if kind == "character":
        game.set_status(card, PLAYED_TURN, game.state.turn, quiet=True)
    return card


def trash(game: Game, card: Card, *, cause: str = Cause.EFFECT, source: int | None = None,
          by: int | None = None) -> None:
    """Trash a card by an effect, a cost or rule processing: not a K.O., so [On K.O.] does not
    activate (3-7-6-1-1, 10-2-1-3)."""
    game.move(card, TRASH, card.owner, cause=cause, source=source, by=by)
    don.return_orphans(game)


def ko_prevented(game: Game, card: Card, cause: str) -> bool:
    """"Cannot be K.O.'d" effects: ``ko_immune`` is ``"effect"``, ``"battle"`` or ``"all"``."""
    immune = areas.value(game, card, "ko_immune")
    return immune == "all" or immune == cause


def ko(game: Game, card: Card, *, cause: str, source: int | None = None, by: int | None = None) -> bool:
    """K.O. a Character by battle or by an effect (10-2-1). Its own [On K.O.] effects are
    activated while it is still on the field; then it is trashed, and they resolve later, with the
    card in the trash (10-2-17). Returns whether it was K.O.'d."""
    if card.zone != CHARACTER:
        return False
    if ko_prevented(game, card, cause):
        game.record("ko_prevented", cause=cause, source=source, player=by, card=card.id)
        return False
    ev = game.record("ko", cause=cause, source=source, player=by, card=card.id, code=card.code)
    resolution.activate_on_ko(game, card, ev)
    game.move(card, TRASH, card.owner, cause=cause, source=source, by=by, ko=True)
    don.return_orphans(game)
    return True
