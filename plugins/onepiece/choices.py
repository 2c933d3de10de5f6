"""Choices made at resolution (CR 8-4-4).

The host's default already reads 8-4-4-1: choose as many as possible up to the number, and "up
to" allows 0. :func:`choice_rules` adds 8-4-4-2: a choice among unrevealed cards in a secret area
(Life cards, the opponent's hand) may be declined, because the chooser cannot know whether a card
meets the requirement. A deck search is not such a choice: the searcher looks at the faces and
must choose cards that really match (8-4-4-4) — :func:`search` shows the faces to the chooser
alone and rejects an answer naming a card that does not match.
"""
from __future__ import annotations

from typing import Any, Mapping

from rulestack import Card, Cause, Decision, Game, Option
from rulestack.decisions import CHOOSE

from . import areas, rules
from .areas import DECK, HAND


def choice_rules(game: Game, request: Any) -> Any:
    """The ``choice_rules`` hook: unrevealed secret-area candidates make the choice declinable."""
    cards = game.state.cards
    if any(areas.is_secret(cards[c].zone) and not game.can_see(request.chooser, cards[c])
           for c in request.candidates):
        request.secret = True
        request.min = 0
    return request


def search(game: Game, player: int, *, look: int, spec: Mapping[str, Any] | None, count: int = 1,
           up_to: bool = True, rest: str = "bottom", source: int | None = None) -> list[int]:
    """Look at the top ``look`` cards of ``player``'s deck (they stay in the deck while looked at,
    11-3-2); choose up to ``count`` that match ``spec`` — or as many as possible unless ``up_to``;
    reveal them and add them to hand (11-2-1); put the rest on the ``rest`` of the deck
    ("bottom" or "top") in the order the player chooses (listed lowest first)."""
    deck = game.zone(DECK, player).cards
    looked = list(reversed(deck[-look:])) if look > 0 else []      # top card first
    source_card = game.card(source) if source is not None else None
    game.record("looked_at", cause=Cause.EFFECT, source=source, player=player, cards=looked,
                codes=[game.card(c).code for c in looked], visible=[player])
    matching = {c for c in looked if game.matches(game.card(c), spec or {}, player, source_card)}
    most = min(count, len(matching))
    chosen: list[int] = []
    if most:
        options = tuple(Option(label=game.card(c).name, value=c, card=c, info=_face(game.card(c), c in matching))
                        for c in looked)

        def must_match(answer: list[int]) -> str | None:
            wrong = [options[i].label for i in answer if options[i].value not in matching]
            return f"{', '.join(wrong)} does not match what the effect asks for" if wrong else None

        dec = Decision(player=player, kind=CHOOSE, prompt="choose from the cards you look at", options=options,
                       min=0 if up_to else most, max=most, source=source, reason="search", validator=must_match)
        chosen = [options[i].value for i in game.decide(dec)]
    if chosen:
        game.record("revealed", cause=Cause.EFFECT, source=source, player=player, cards=chosen,
                    codes=[game.card(c).code for c in chosen])
        for c in chosen:
            game.move(c, HAND, player, cause=Cause.EFFECT, source=source, by=player)
        rules.check_defeat_now(game)
    others = [c for c in looked if c not in chosen]
    ordered = game.order(player, others, "order the cards you put back, lowest first",
                         label=lambda c: game.card(c).name)
    for c in (reversed(ordered) if rest == "bottom" else ordered):     # they end up in the chosen order
        game.move(c, DECK, player, position="bottom" if rest == "bottom" else "top", cause=Cause.EFFECT,
                  source=source, by=player, kind="placed")
    return chosen


def _face(card: Card, matches: bool) -> dict:
    """What the searcher sees of a card they look at: its face, even though it stays in a secret area."""
    return {"id": card.id, "code": card.code, "name": card.name, "owner": card.owner, "matches": matches}
