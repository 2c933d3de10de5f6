"""Zone changes in the game's own words: destroy, send, banish, return, draw, discard, Special Summon.

Every one goes through :meth:`Game.move` with its cause (``effect``, ``cost``, ``rule``,
``battle``, ``action``) and a ``how`` field naming what happened (``destroyed``, ``tributed``,
``discarded`` ...), so "destroyed by battle", "sent to the GY by a card effect" (Shaddoll Dragon)
and "sent as a cost" are told apart by the event alone (YGO-A12).
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause

from .cardinfo import ATTACK, DEFENSE, free_zones, is_extra_deck_monster, is_monster, on_field


def _extra(card: Any) -> dict[str, Any]:
    """Facts about a card as it leaves a zone that triggers may need once it has moved."""
    out: dict[str, Any] = {"was_face_up": card.face_up}
    if card.attached_to is not None:
        out["equipped_to"] = card.attached_to
    pos = card.status.get("position")
    if pos is not None:
        out["was_position"] = pos
    return out


def send(game: Any, card: Any, zone: str, *, how: str, cause: str, source: int | None = None,
         by: int | None = None, position: str = "top", face_up: bool | None = None, player: int | None = None) -> Any:
    """Move a card to one of its owner's zones (after replacement effects such as Macro Cosmos)."""
    card = game.card(card) if isinstance(card, int) else card
    if zone in ("hand", "deck") and is_extra_deck_monster(card.definition.fields):
        zone, player = "extra", None          # an Extra Deck monster returns to the Extra Deck instead
    return game.move(card, zone, player, position=position, face_up=face_up, cause=cause, source=source, by=by,
                     how=how, **_extra(card))


def destroy(game: Any, card: Any, *, cause: str = Cause.EFFECT, source: int | None = None,
            by: int | None = None) -> bool:
    """Destroy a card on the field (it is sent to the GY). Returns whether it was destroyed."""
    card = game.card(card) if isinstance(card, int) else card
    if not on_field(card):
        return False
    send(game, card, "graveyard", how="destroyed", cause=cause, source=source, by=by)
    return True


def draw(game: Any, player: int, n: int = 1, *, cause: str = Cause.RULE, source: int | None = None) -> int:
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


def place_on_field(game: Any, card: Any, player: int, pos: str, *, face_up: bool, how: str, cause: str,
                   source: int | None = None) -> Any:
    """Put a monster into a Monster Zone in a battle position (a Summon or a Set)."""
    card = game.move(card, "monster", player, face_up=face_up, cause=cause, source=source, by=player, how=how)
    game.set_status(card, "position", pos, quiet=True)
    game.set_status(card, "arrived_turn", game.state.turn, quiet=True)
    return card


def special_summon(game: Any, card: Any, player: int, pos: str = ATTACK, *, cause: str = Cause.EFFECT,
                   source: int | None = None, how: str = "special") -> bool:
    """Special Summon a monster face-up under ``player``'s control. Returns whether it happened
    (a full Monster Zone or a card that is not a monster stops it). ``how`` names the kind of
    Summon it is treated as (``fusion``, ``ritual``, ``synchro`` ...); all are Special Summons."""
    from .extra_deck import mark_properly_summoned, revivable
    card = game.card(card) if isinstance(card, int) else card
    if not is_monster(card) or card.zone == "monster" or free_zones(game, "monster", player) <= 0:
        return False
    if not revivable(game, card):
        return False                           # never properly Summoned: it cannot come back
    if pos not in (ATTACK, DEFENSE) or card.definition.fields.get("frame") == "Link":
        pos = ATTACK                           # a Link Monster is always in Attack Position
    if card.zone == "hand":                    # a toll on Special Summons from the hand (Chain Energy)
        from .costs import action_cost_payable, pay_action_cost
        if not action_cost_payable(game, player, card, "special_summon_from_hand"):
            return False
        pay_action_cost(game, player, card, "special_summon_from_hand")
    card = place_on_field(game, card, player, pos, face_up=True, how="special_summoned", cause=cause, source=source)
    mark_properly_summoned(game, card, how)
    game.record("summoned", cause=cause, source=source, player=player, card=card.id, how=how, position=pos)
    return True


def flip_face_up(game: Any, card: Any, *, cause: str, source: int | None = None, by: int | None = None,
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
