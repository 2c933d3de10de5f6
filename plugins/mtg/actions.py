"""The game actions the rules perform on cards and players: draw, damage, destroy, sacrifice,
exile, counter, enter the battlefield. Both the turn structure and the Lua vocabulary use them,
so every such change is recorded the same way, with its cause."""
from __future__ import annotations

from rulestack import Ability, Action, Card, Cause, Game, Item, RulestackError

from . import entering, replacement, rules


def draw(game: Game, player: int, n: int = 1, *, cause: str = Cause.RULE, source: int | None = None) -> int:
    """Draw ``n`` cards (121); drawing from an empty library is remembered for 704.5b."""
    drawn = 0
    for _ in range(n):
        replaced = replacement.draw(game, player, cause=cause, source=source)     # 614, 121.6
        if replaced is None:
            continue
        drawer, count = replaced
        for _ in range(count):
            library = game.zone("library", drawer)
            if not library.cards:
                game.set_value(drawer, "drew_from_empty", True, event="drew_from_empty", cause=cause, source=source)
                return drawn
            game.move(library.cards[-1], "hand", drawer, cause=cause, source=source, by=drawer, kind="drew")
            drawn += 1
    return drawn


def enter_battlefield(game: Game, card: Card, controller: int, *, cause: str = Cause.RULE,
                      source: int | None = None) -> Card:
    """Put a card onto the battlefield under ``controller`` (a resolving permanent spell, 608.3, or
    a land played, 305.1), by the rules every route of entering applies (:mod:`.entering`)."""
    return entering.enter(game, card, controller, cause=cause, source=source)


def deal_damage(game: Game, source: Card | None, target: int | Card, amount: int, *, cause: str = Cause.EFFECT) -> int:
    """``source`` deals ``amount`` damage to a player (an int) or a creature (a Card) (120.3):
    life loss, or damage marked on the creature; lifelink gains its controller that much life.
    Replacement and prevention effects apply first (614, 615: :mod:`.replacement`)."""
    if amount <= 0:
        return 0
    amount = replacement.damage(game, source, target, amount, combat=cause == Cause.BATTLE)
    if amount <= 0:
        return 0
    src_id = source.id if source is not None else None
    if isinstance(target, int):
        replacement.lose_life(game, target, amount, cause=cause, source=src_id,
                              by=source.controller if source else None, kind="damaged")
    else:
        if target.zone != "battlefield":
            return 0
        marked = target.status.get("damage", 0) + amount
        game.set_status(target, "damage", marked, quiet=True)
        if source is not None and rules.has_keyword(game, source, "Deathtouch"):
            game.set_status(target, "deathtouch_damage", True, quiet=True)
        game.record("damage_dealt", cause=cause, source=src_id, player=source.controller if source else None,
                    card=target.id, amount=amount, marked=marked)
    if source is not None and rules.has_keyword(game, source, "Lifelink"):
        replacement.gain_life(game, source.controller, amount, cause=cause, source=src_id, by=source.controller)
    return amount


def to_graveyard(game: Game, card: Card, how: str, *, cause: str = Cause.EFFECT, source: int | None = None,
                 by: int | None = None) -> Card:
    """Put a permanent into its owner's graveyard: ``how`` is ``destroyed``, ``sacrificed``,
    ``died`` (toughness 0), ``legend_rule`` ..."""
    return game.move(card, "graveyard", card.owner, cause=cause, source=source, by=by, how=how)


def destroy(game: Game, card: Card, *, cause: str = Cause.EFFECT, source: int | None = None,
            by: int | None = None) -> bool:
    """701.8: move a permanent from the battlefield to its owner's graveyard."""
    if card.zone != "battlefield":
        return False
    to_graveyard(game, card, "destroyed", cause=cause, source=source, by=by)
    return True


def sacrifice(game: Game, card: Card, *, cause: str = Cause.EFFECT, source: int | None = None) -> bool:
    """701.21: its controller moves a permanent they control to its owner's graveyard."""
    if card.zone != "battlefield":
        return False
    to_graveyard(game, card, "sacrificed", cause=cause, source=source, by=card.controller)
    return True


def exile(game: Game, card: Card, *, cause: str = Cause.EFFECT, source: int | None = None,
          by: int | None = None) -> bool:
    if card.zone == "exile":
        return False
    game.move(card, "exile", card.owner, cause=cause, source=source, by=by)
    return True


def counter_item(game: Game, item: Item, *, source: int | None = None, by: int | None = None) -> bool:
    """701.6: remove a spell or ability from the stack; a countered spell goes to its owner's
    graveyard."""
    if item not in game.state.stack:
        return False
    game.journal.remove(game.state.stack, item)
    game.record("countered", cause=Cause.EFFECT, source=source, player=by, item=item.id, card=item.card,
                kind_of=item.kind)
    card = item_card(game, item)
    if item.kind == "spell" and card.zone == "stack":
        game.move(card, "graveyard", card.owner, cause=Cause.EFFECT, source=source, by=by, how="countered")
    return True


def item_card(game: Game, item: Item) -> Card:
    """The card a spell or ability on the stack comes from (in MTG every stack item has one: the
    spell's card, or the source of an activated or triggered ability, 113.7)."""
    if item.card is None:
        raise RulestackError(f"stack item #{item.id} ({item.kind}) names no card; every MTG spell or ability on "
                             "the stack is made from a card (check the code that created the item)")
    return game.card(item.card)


def acting_card(game: Game, action: Action) -> Card:
    """The card an action is done with (a land played, a spell cast, an ability activated)."""
    if action.card is None:
        raise RulestackError(f"P{action.player}'s action {action.kind!r} names no card; playing a land, casting a "
                             "spell or activating an ability needs one (check the code that offered the action)")
    return game.card(action.card)


def ability_at(card: Card, index: int | None, what: str) -> Ability:
    """The ability of ``card`` that a stack item or an action (``what``, for the message) names by
    its index."""
    if index is None:
        raise RulestackError(f"{what} from {card.name} (card #{card.id}) names no ability of it")
    return card.definition.abilities[index]


def spell_item(game: Game, card: Card) -> Item | None:
    """The stack item of a spell card on the stack."""
    for it in game.state.stack:
        if it.kind == "spell" and it.card == card.id:
            return it
    return None
