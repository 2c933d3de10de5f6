"""What a player may do at each window, and doing it.

Windows: ``main`` (the turn player's Main Phase, 6-5-2), ``block`` and ``counter`` (the
defender's Block and Counter Steps, 7-1-2, 7-1-3). Actions: ``pass``, ``play`` (a Character or
Stage, 6-5-3), ``activate`` (an Event from hand or an [Activate: Main] effect, 6-5-4), ``give_don``
(6-5-5), ``attack`` (6-5-6), ``block`` and ``counter``.
"""
from __future__ import annotations

from typing import Any

from rulestack import Ability, Action, Activation, Card, Cause, Game, IllegalAction

from . import abilities, activations, areas, battle, don, play, prohibitions, reused
from .areas import HAND, TRASH
from .resolution import resolve_activated

PASS_LABELS = {"main": "end the Main Phase", "block": "do not block", "counter": "no more counters"}


def legal_actions(game: Game, player: int, window: str) -> list[Action]:
    """The ``legal_actions`` hook: passing is always offered (it ends the Main Phase, declines to
    block, or ends the Counter Step)."""
    acts = [reused.pass_action(player, PASS_LABELS.get(window, "pass"))]
    if window == "main":
        if player != game.state.active_player:
            return acts
        # Actions that read card values first: the activation checks below pay costs in dry runs,
        # and every dry run makes the derived values be computed again.
        active = areas.active_don_count(game, player)    # (read once for both lists)
        acts += play_actions(game, player, active)
        acts += give_don_actions(game, player, active)
        acts += battle.attack_actions(game, player)
        # (activations.main_activations: what game.activatable gives for the [Main] abilities in
        # hand, then the [Activate: Main] abilities on the field, the cost read from the state)
        acts += activations.main_activations(game, player)
    elif window == "block":
        acts += battle.block_actions(game, player)
    elif window == "counter":
        acts += battle.counter_actions(game, player)
    return acts


def play_cost(game: Game, card: Card) -> int:
    """The cost paid to play a card: negative costs count as 0 (1-3-6-2)."""
    return max(0, areas.value(game, card, "cost") or 0)


def play_actions(game: Game, player: int, active: int | None = None) -> list[Action]:
    """Characters and Stages in hand whose cost the active DON!! can pay (6-5-3-1). (``active``:
    ``areas.active_don_count`` of the player now, when the caller has it.)"""
    if prohibitions.prohibited(game, player, "play"):
        return []
    if active is None:
        active = areas.active_don_count(game, player)
    cost_of = areas.reader(game, "cost")
    out = []
    for c in game.cards_in(HAND, player):
        if c.definition.fields.get("category", "") in _PLAYED and max(0, cost_of(c) or 0) <= active:
            out.append(reused.play(player, c))
    return out


#: The categories of cards played from hand (the others are activated or are not in a deck).
_PLAYED = ("character", "stage")


def give_don_actions(game: Game, player: int, active: int | None = None) -> list[Action]:
    """Give 1 active DON!! to the Leader or a Character (6-5-5-1); DON!! are interchangeable.
    (``active``: ``areas.active_don_count`` of the player now, when the caller has it.)"""
    if not (areas.active_don_count(game, player) if active is None else active):
        return []
    state = game.state
    cards, zones = state.cards, state.zones
    out = []
    for zone in areas.BATTLE_AREAS:
        found = zones.get((zone, player))
        for cid in (found if found is not None else game.zone(zone, player)).cards:
            out.append(reused.give_don(player, cards[cid]))
    return out


#: The actions that use a card (``Action.card``); ``perform`` leaves any other kind to other plugins.
_CARD_ACTIONS = frozenset({"play", "activate", "give_don", "attack", "block", "counter"})


def perform(game: Game, action: Action) -> Any:
    """Carry out one action (the ``perform_action`` hook)."""
    kind, player = action.kind, action.player
    if kind == "pass":
        return True
    if kind not in _CARD_ACTIONS:
        return None
    if action.card is None:
        raise IllegalAction(f"P{player}'s {kind!r} action names no card")
    card = game.card(action.card)
    if kind == "play":
        play_from_hand(game, player, card)
    elif kind == "activate":
        if action.ability is None:
            raise IllegalAction(f"P{player}'s activation of {card.name} names no ability")
        activate(game, player, card, action.ability, window=action.get("window"))
    elif kind == "give_don":
        active = areas.active_don(game, player)
        if not active or card.zone not in areas.BATTLE_AREAS:
            raise IllegalAction(f"P{player} cannot give DON!! to {card.name} now")
        don.give(game, active[0], card, by=player)
    elif kind == "attack":
        battle.attack(game, card, game.card(action.get("target")))
    elif kind == "block":
        battle.block(game, card)
    elif kind == "counter":
        battle.use_counter(game, card)
    return True


def play_from_hand(game: Game, player: int, card: Card) -> None:
    """Reveal the card, rest DON!! equal to its cost, then play it (2-7-2, 2-7-4)."""
    cost = play_cost(game, card)
    active = areas.active_don(game, player)
    if card.zone != HAND or len(active) < cost or prohibitions.prohibited(game, player, "play"):
        raise IllegalAction(f"P{player} cannot play {card.name} now")
    game.record("revealed", cause=Cause.ACTION, player=player, cards=[card.id], codes=[card.code])
    for d in active[:cost]:
        don.set_rested(game, d, True, cause=Cause.ACTION, source=card.id, by=player)
    play.play_card(game, card, player, cause=Cause.ACTION)


def activate(game: Game, player: int, card: Card, ability: int, *, window: str | None = None) -> None:
    """Activate and resolve: an Event from hand is a card activation (8-5-2), anything else an
    effect activation (8-5-3)."""
    ab = card.definition.abilities[ability]
    card_activation = card.zone == HAND and areas.is_card_activation(card, ab)
    game.activate(player, card, ability, card_activation=card_activation, window=window)
    resolve_activated(game)


def activation_allowed(game: Game, activation: Activation) -> bool | None:
    """The ``can_activate`` hook: [Main] and [Activate: Main] only by the turn player in their Main
    Phase outside battle (10-2-2, 10-2-3); [Counter] only by the defender in the Counter Step
    (10-2-4); conditions met (8-3-2); text not invalidated (8-2-1-1: its cost cannot be paid)."""
    return allowed_by_rules(game, activation.card, activation.ability, activation.player, activation.trigger,
                            activation.window)


def allowed_by_rules(game: Game, card: Card, ab: Ability, player: int, trigger: Any, window: str | None) -> bool | None:
    """:func:`activation_allowed` for the activation's parts (the plugin's activation lists ask it
    without building an :class:`Activation` for every ability)."""
    if trigger is None:
        if card.controller != player:
            return False
        kind = ab.kind
        if kind == "main" or kind == "activate_main":
            state = game.state
            if (player != state.active_player or state.phase != "main"
                    or state.values.get(battle.BATTLE) or window not in (None, "main")):
                return False
        elif kind == "counter":
            if not battle.is_defending(game, player) or window not in (None, "counter"):
                return False
    if not abilities.conditions_met(game, card, ab):
        return False
    printed = areas.printed_attributes(game, card)    # (is_text_negated and value, in one look-up)
    fields = card.definition.fields
    if ((printed is None or "negated" not in printed or "negated" in fields or "negated_scopes" in fields)
            and game.is_text_negated(card, ab)):
        return False
    if trigger is None and (prohibitions.prohibited(game, player, "activate")
                            or (fields.get("cannot_activate") if printed is not None
                                and "cannot_activate" in printed
                                else game.value(card, "cannot_activate"))):
        return False
    return None


def announce(game: Game, activation: Activation) -> bool | None:
    """The ``announce`` hook: a card whose effect is activated from hand is revealed (8-4-1-2), and
    an Event is trashed before its effect is carried out (8-4-2)."""
    card = activation.card
    if card.zone != HAND:
        return None
    game.record("revealed", cause=Cause.RULE, player=activation.player, cards=[card.id], codes=[card.code])
    if areas.category(card) == "event":
        game.move(card, TRASH, card.owner, cause=Cause.RULE, by=activation.player)
    return True
