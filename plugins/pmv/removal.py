"""Damage, near-death (決死状態) and the processing of removal effects (CR 9.1, 9.2).

* 9.1.2: three removal states — near-death, discard (破棄, to 冥界) and exclusion (除外).
* 9.1.3: applying a removal suspends the effect being applied; the removal is processed at once
  and the effect then resumes (:func:`process` is called from inside the effect).
* 9.1.4: cards marked at the same time are processed near-death first, then discard, then
  exclusion, and the order is checked again whenever a new removal appears (the loop in
  :func:`process` starts over after each batch, and a removal made during processing only marks
  its card for the running loop to find).
* 9.1.5/9.1.6: every card in the same removal state is processed together, as one batch.
* 9.2.2: a card becomes near-death when (a) accumulated damage reaches its durability, (b) its
  durability is 0 or less — this overrides card effects — or (c) an effect makes it near-death.
  1.10.12.f: under (a) the source of the damage that caused the check made it near-death, so
  "near-death by battle" holds only for battle damage (QA-363).
* 9.2.3: the steps of near-death — (a) "when X makes it near-death", (b) "when it would become
  near-death", (c) "when X made it near-death", (d) "when it became near-death" — each recorded
  as a ``near_death_step`` event the auto effects listen for, then (e) it is treated as discarded.
* 9.2.4: negating near-death ends its processing and resets the card's accumulated damage;
  9.2.5: with durability 0 or less, near-death cannot be negated, even on a card that "cannot
  become near-death".
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Cause, Game
from rulestack.windows import settle

from . import areas
from .areas import DAMAGE, FIELD, NETHERWORLD, REMOVED

REMOVAL = "removal"              # card status: near_death | discard | exclusion
REMOVAL_CAUSE = "removal_cause"  # card status: {"cause", "source", "by", "rule"}
LAST_DAMAGE = "last_damage"      # card status: who dealt the latest damage, and how
PROCESSING = "removal_processing"

NEAR_DEATH, DISCARD, EXCLUSION = "near_death", "discard", "exclusion"
ORDER = (NEAR_DEATH, DISCARD, EXCLUSION)                       # 9.1.4
NEAR_DEATH_STEPS = ("making", "would", "made", "became")        # 9.2.3 a-d
NEVER_NEAR_DEATH = "決死にならない"                             # "this character cannot become near-death"
NO_DAMAGE = "ダメージを受けない"                               # "this character takes no damage"


def durability(game: Game, card: Card) -> int:
    return game.value(card, "durability") or 0


def deal_damage(game: Game, card: Card, amount: int, *, cause: str, source: int | None, by: int | None) -> int:
    """Damage accumulates on a character until turn end (B5); returns the damage dealt."""
    if amount <= 0 or not areas.is_character(game, card) or card.status.get(REMOVAL) \
            or game.has_keyword(card, NO_DAMAGE):
        return 0
    total = (card.status.get(DAMAGE) or 0) + amount
    game.set_status(card, DAMAGE, total, quiet=True)
    game.set_status(card, LAST_DAMAGE, {"cause": cause, "source": source, "by": by}, quiet=True)
    game.record("damage", cause=cause, source=source, player=by, card=card.id, amount=amount, total=total)
    return amount


def mark(game: Game, card: Card, state: str, *, cause: str, source: int | None = None, by: int | None = None,
         rule: str = "", process_now: bool = True) -> bool:
    """Put a card on the field into a removal state; returns whether it was. Unless
    ``process_now`` is false the removal is processed at once (9.1.3)."""
    current = card.status.get(REMOVAL)
    if card.zone != FIELD or current == state or (current is not None and ORDER.index(current) < ORDER.index(state)):
        return False     # already marked, or marked for a removal processed earlier
    if state == NEAR_DEATH and rule != "9.2.2.b" and game.has_keyword(card, NEVER_NEAR_DEATH):
        return False
    game.set_status(card, REMOVAL, state, quiet=True)
    info = {"cause": cause, "source": source, "by": by, "rule": rule}
    game.set_status(card, REMOVAL_CAUSE, info, quiet=True)
    kind = {NEAR_DEATH: "near_death", DISCARD: "marked_discard", EXCLUSION: "marked_exclusion"}[state]
    game.record(kind, cause=cause, source=source, player=by, card=card.id, rule=rule,
                by_battle=(cause == Cause.BATTLE))
    if process_now:
        process(game)
    return True


def check_near_death(game: Game) -> bool:
    """The state check of 9.2.2.a/b: mark every character whose durability is 0 or less, or whose
    accumulated damage reached its durability, then process them together."""
    marked = False
    for card in areas.characters(game):
        if card.status.get(REMOVAL):
            continue
        dur = durability(game, card)
        if dur <= 0:
            marked |= mark(game, card, NEAR_DEATH, cause=Cause.RULE, rule="9.2.2.b", process_now=False)
        elif (card.status.get(DAMAGE) or 0) >= dur:
            last = card.status.get(LAST_DAMAGE) or {}
            marked |= mark(game, card, NEAR_DEATH, cause=last.get("cause", Cause.RULE), source=last.get("source"),
                           by=last.get("by"), rule="9.2.2.a", process_now=False)
    if marked:
        process(game)
    return marked


def process(game: Game) -> None:
    """Process removals in the order of 9.1.4 until no card is marked. A removal that appears
    while this runs is found by the running loop (re-checked after every batch)."""
    if game.value_of(None, PROCESSING):
        return
    game.set_value(None, PROCESSING, True)
    try:
        while True:
            for state in ORDER:
                batch = marked(game, state)
                if batch:
                    HANDLERS[state](game, batch)
                    break
            else:
                return
    finally:
        game.set_value(None, PROCESSING, None)


def marked(game: Game, state: str) -> list:
    """The cards on the field in removal state ``state``."""
    return [c for p in range(len(game.players)) for c in game.cards_in(FIELD, p) if c.status.get(REMOVAL) == state]


def _still(game: Game, card_id: int, generation: int, state: str) -> bool:
    card = game.card(card_id)
    return card.generation == generation and card.zone == FIELD and card.status.get(REMOVAL) == state


def _near_death(game: Game, batch: list) -> None:
    keys = [(c.id, c.generation) for c in batch]
    for step in NEAR_DEATH_STEPS:
        live = [game.card(cid) for cid, gen in keys if _still(game, cid, gen, NEAR_DEATH)]
        if not live:
            return
        for card in live:
            info = card.status.get(REMOVAL_CAUSE) or {}
            game.record("near_death_step", cause=info.get("cause", Cause.RULE), source=info.get("source"),
                        player=info.get("by"), card=card.id, controller=card.controller, step=step,
                        by_battle=info.get("cause") == Cause.BATTLE, rule=info.get("rule"))
        settle(game)
    for cid, gen in keys:                                       # 9.2.3.e
        if _still(game, cid, gen, NEAR_DEATH):
            game.set_status(game.card(cid), REMOVAL, DISCARD, quiet=True)


def _discard(game: Game, batch: list) -> None:
    for card in batch:
        info = card.status.get(REMOVAL_CAUSE) or {}
        game.move(card, NETHERWORLD, card.owner, cause=info.get("cause", Cause.RULE), source=info.get("source"),
                  by=info.get("by"), kind="discarded", near_death=info.get("rule", "").startswith("9.2"),
                  by_battle=info.get("cause") == Cause.BATTLE)
    settle(game)


def _exclusion(game: Game, batch: list) -> None:
    for card in batch:
        info = card.status.get(REMOVAL_CAUSE) or {}
        game.move(card, REMOVED, card.owner, cause=info.get("cause", Cause.RULE), source=info.get("source"),
                  by=info.get("by"), kind="excluded")
    settle(game)


HANDLERS = {NEAR_DEATH: _near_death, DISCARD: _discard, EXCLUSION: _exclusion}


def negate_near_death(game: Game, card: Card, *, source: int | None, by: int | None) -> bool:
    """9.2.4: end the card's near-death and reset its accumulated damage. 9.2.5: impossible when
    its durability is 0 or less. Returns whether it was negated."""
    if card.zone != FIELD or card.status.get(REMOVAL) != NEAR_DEATH:
        return False
    if durability(game, card) <= 0:
        game.record("near_death_not_negated", source=source, player=by, card=card.id, rule="9.2.5")
        return False
    for key in (REMOVAL, REMOVAL_CAUSE, DAMAGE, LAST_DAMAGE):
        game.set_status(card, key, None, quiet=True)
    game.record("near_death_negated", cause=Cause.EFFECT, source=source, player=by, card=card.id)
    return True
