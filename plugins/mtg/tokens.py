"""Tokens (111): created by effects, owned by the player who created them, entering the
battlefield like any permanent; a token that left the battlefield ceases to exist as a
state-based action (704.5d) and cannot come back (111.8).

A token is made from a card of the pool marked ``token: true`` (its printed characteristics,
``card_scripts/mtg/cards/tokens.yaml``), optionally with other characteristics the creating
effect gives it (111.3, ``{power = 2, toughness = 2, colors = {"R"}}``), or as a copy of a
permanent or card (707.2, :mod:`.copies`). Tokens are made in the zone ``nowhere`` and moved onto
the battlefield from there, so that whatever watches permanents entering sees them enter; those
that cease to exist go back to ``nowhere``. The ids of the game's tokens are the game value
``tokens``.
"""
from __future__ import annotations

from typing import Any, Mapping

from rulestack import Card, Cause, Game
from rulestack.replacement import replace

from . import copies, entering, rules

NOWHERE = "nowhere"
TOKENS = "tokens"


def is_token(game: Game, card: Card) -> bool:
    """Is this card a token (111.1)?"""
    return rules.is_token(game, card)


def create(game: Game, code: str, controller: int, n: int = 1, *, source: int | None = None,
           characteristics: Mapping[str, Any] | None = None, tapped: bool = False,
           copy_of: Card | None = None) -> list[int]:
    """Create ``n`` tokens under ``controller`` (their owner, 111.2): of the card ``code`` with
    ``characteristics`` (111.3), or copies of the card ``copy_of`` (707.2). "Create" is a
    replaceable event (``create_tokens``: Anointed Procession doubles ``n``). Returns their ids."""
    if copy_of is not None:
        code, exceptions = copies.copiable(game, copy_of)
    else:
        code, exceptions = game.pool.code(code), []
    facts = replace(game, "create_tokens", {"player": controller, "code": code, "n": n}, affected=controller,
                    source=source)
    if facts is None:
        return []
    made = []
    for _ in range(max(0, int(facts.get("n", n)))):
        card = game.create_card(code, controller, NOWHERE, silent=True, cause=Cause.EFFECT, source=source)
        game.set_value(None, TOKENS, tuple(game.value_of(None, TOKENS) or ()) + (card.id,))
        card = entering.enter(game, card, controller, cause=Cause.EFFECT, source=source, by=controller,
                              tapped=tapped, how="token")
        values = copies.merged(exceptions, characteristics or {})
        if values and card.zone == "battlefield":
            copies.set_characteristics(game, card, values, source=source, controller=controller)
        made.append(card.id)
    return made


def ceasing(game: Game) -> list[Card]:
    """704.5d: the tokens in a zone other than the battlefield (they cease to exist)."""
    ids = game.value_of(None, TOKENS) or ()
    cards = game.state.cards
    return [cards[i] for i in ids if cards[i].zone not in ("battlefield", NOWHERE)]


def cease(game: Game, card: Card) -> None:
    """A token ceases to exist (704.5d, 111.7): it goes nowhere, out of the game."""
    game.move(card, NOWHERE, None, cause=Cause.RULE, source=card.id, kind="ceased")


def fingerprint(game: Game) -> tuple[tuple[int, str], ...]:
    """Where the game's tokens are (for the state-based actions' fingerprint)."""
    ids = game.value_of(None, TOKENS)
    if not ids:
        return ()
    cards = game.state.cards
    return tuple((i, cards[i].zone) for i in ids)
