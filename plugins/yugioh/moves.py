"""Zone changes in the game's own words: destroy, send, banish, return, draw, discard, place on the field.

Every one goes through :meth:`Game.move` with its cause (``effect``, ``cost``, ``rule``,
``battle``, ``action``) and a ``how`` field naming what happened (``destroyed``, ``tributed``,
``discarded`` ...), so "destroyed by battle", "sent to the GY by a card effect" (Shaddoll Dragon)
and "sent as a cost" are told apart by the event alone (YGO-A12).
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Cause, Game

from .cardinfo import is_extra_deck_monster, on_field


def _extra(card: Card) -> dict[str, Any]:
    """Facts about a card as it leaves a zone that triggers may need once it has moved."""
    out: dict[str, Any] = {"was_face_up": card.face_up}
    if card.attached_to is not None:
        out["equipped_to"] = card.attached_to
    pos = card.status.get("position")
    if pos is not None:
        out["was_position"] = pos
    return out


def send(game: Game, card: Card | int, zone: str, *, how: str, cause: str, source: int | None = None,
         by: int | None = None, position: str = "top", face_up: bool | None = None, player: int | None = None) -> Card:
    """Move a card to one of its owner's zones (after replacement effects such as Macro Cosmos)."""
    card = game.card(card) if isinstance(card, int) else card
    if zone in ("hand", "deck") and is_extra_deck_monster(card.definition.fields):
        zone, player = "extra", None          # an Extra Deck monster returns to the Extra Deck instead
    return game.move(card, zone, player, position=position, face_up=face_up, cause=cause, source=source, by=by,
                     how=how, **_extra(card))


def destroy(game: Game, card: Card | int, *, cause: str = Cause.EFFECT, source: int | None = None,
            by: int | None = None) -> bool:
    """Destroy a card on the field (it is sent to the GY). Returns whether it was destroyed."""
    card = game.card(card) if isinstance(card, int) else card
    if not on_field(card):
        return False
    send(game, card, "graveyard", how="destroyed", cause=cause, source=source, by=by)
    return True


def draw(game: Game, player: int, n: int = 1, *, cause: str = Cause.RULE, source: int | None = None) -> int:
    """Draw ``n`` cards. A player who must draw from an empty Deck loses (checked by the rules)."""
    drawn = 0
    for _ in range(n):
        deck = game.zone("deck", player)
        if not deck.cards:
            game.set_value(player, "drew_from_empty_deck", True, event="deck_out", cause=cause, source=source)
            return drawn
        game.move(deck.cards[-1], "hand", player, cause=cause, source=source, by=player, how="drawn")
        drawn += 1
    return drawn


def place_on_field(game: Game, card: Card | int, player: int, pos: str, *, face_up: bool, how: str, cause: str,
                   source: int | None = None) -> Card:
    """Put a monster into a Monster Zone in a battle position (a Summon or a Set)."""
    card = game.move(card, "monster", player, face_up=face_up, cause=cause, source=source, by=player, how=how)
    game.set_status(card, "position", pos, quiet=True)
    game.set_status(card, "arrived_turn", game.state.turn, quiet=True)
    return card


def flip_face_up(game: Game, card: Card | int, *, cause: str, source: int | None = None, by: int | None = None,
                 pos: str | None = None) -> bool:
    """Turn a face-down card face-up where it is (a monster keeps or takes ``pos``). Records
    ``flipped``, which FLIP effects listen for."""
    card = game.card(card) if isinstance(card, int) else card
    if card.face_up or not on_field(card):
        return False
    game.set(card, "face_up", True)
    if pos is not None:
        game.set_status(card, "position", pos, quiet=True)
    game.record("flipped", cause=cause, source=source, player=by, card=card.id, code=card.code, zone=card.zone)
    return True
