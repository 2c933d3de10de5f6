"""What a player with priority may do (1.12, 5.2, B2.3.8) and the timing of each card type.

Actions: ``pass``; ``set_node`` (once per turn, turn player, own Main Phase, no interference in
progress; not a play, 5.2.1.a); ``activate`` (playing a card — its ``play`` ability — or using an
activated effect); ``attack`` and ``defend`` (:mod:`.battle`).

Timing (C2-C8): a character only in your own Main Phase, once per turn and never as interference
(奇襲 lifts all three); a spell only in your own Main Phase, never as interference (a
【世界呪符】 once per turn); a command whenever you have priority. Activated effects follow their
timing word: (常時) ``always``, (自分ターン) ``your_turn``, (相手ターン) ``opponent_turn``.
The play procedure (C9): check conditions and required nodes, reveal the card into the play
area, choose X, choose 目標 targets, pay the cost.
"""
from __future__ import annotations

from typing import Any

import attrs

from rulestack import Action, Activation, Card, Cause, CostComponent, Game, IllegalAction

from . import areas, battle, nodes, text
from .areas import FIELD, HAND, NODES, PLAY_AREA
from .priority import WINDOW

AMBUSH = "奇襲"
CHARACTER_PLAYED = "character_played_turn"
WORLD_CHARM_PLAYED = "world_charm_played_turn"
NODE_SET = "node_set_turn"


def main_timing(game: Game, player: int) -> bool:
    """Your own Main Phase with no interference in progress."""
    st = game.state
    return player == st.active_player and st.phase == "main" and not st.stack and battle.current(game) is None


def legal_actions(game: Game, player: int, window: str) -> list[Action]:
    if window != WINDOW:
        return []
    out = [Action("pass", player, label="pass")]
    if main_timing(game, player) and game.value_of(player, NODE_SET) != game.state.turn:
        seen: set[str] = set()
        for card in game.cards_in(HAND, player):
            if card.code not in seen:
                seen.add(card.code)
                out.append(Action("set_node", player, card.id, label=f"set {card.name} as a node"))
    out += battle.attack_actions(game, player)
    out += battle.defend_actions(game, player)
    out += play_actions(game, player, window)
    for act in game.activatable(player, window, zones=[FIELD], kinds=["activated"]):
        assert act.card is not None and act.ability is not None    # the host's activations name both
        card = game.card(act.card)
        ab = card.definition.abilities[act.ability]
        out.append(attrs.evolve(act, label=f"use {card.name}: {ab.label}"))
    return out


def play_actions(game: Game, player: int, window: str) -> list[Action]:
    """The cards in hand ``player`` may play now, one action per card name. Cheap necessary
    conditions (the card type's timing, required nodes) spare the full check — a dry run of the
    whole play — for cards that cannot be played anyway."""
    out = []
    seen: set[str] = set()
    main = main_timing(game, player)
    node_count = len(game.cards_in(NODES, player))
    for card in game.cards_in(HAND, player):
        if card.code in seen or not nodes.playable_card(card):
            continue
        seen.add(card.code)
        kind = areas.card_type(card)
        if not main and (kind == areas.SPELL or (kind == areas.CHARACTER and not game.has_keyword(card, AMBUSH))):
            continue
        if (card.definition.get("nodes") or 0) > node_count and not nodes.caster_present(game, card, player):
            continue     # printed required nodes; no effect in the pool lowers them
        for ab in card.definition.abilities:
            if ab.kind == "play" and game.can_activate(Activation(player=player, card=card, ability=ab, window=window)):
                out.append(Action("activate", player, card.id, ab.index, label=f"play {card.name}"))
    return out


def perform(game: Game, action: Action) -> Any:
    kind, player = action.kind, action.player
    card = game.card(action.card) if action.card is not None else None
    if kind == "pass":
        return True
    if kind == "set_node":
        if card is None or card.zone != HAND or not main_timing(game, player) \
                or game.value_of(player, NODE_SET) == game.state.turn:
            raise IllegalAction(f"P{player} cannot set a node now (once per turn, own Main Phase, N3)")
        set_node(game, player, card)
    elif kind == "attack":
        if card is None or action not in battle.attack_actions(game, player):
            raise IllegalAction(f"P{player} cannot attack with {card.name if card else '?'} now (B1)")
        battle.declare_attack(game, card)
    elif kind == "defend":
        if card is None or action not in battle.defend_actions(game, player):
            raise IllegalAction(f"P{player} cannot defend with {card.name if card else '?'} now (B2)")
        battle.declare_defence(game, card)
    elif kind == "activate":
        if card is None or action.ability is None:
            raise IllegalAction("an activation names its card and ability")
        battle.note_interference(game, player)
        game.activate(player, card, action.ability, window=action.get("window", WINDOW))
    else:
        return None
    return True


def set_node(game: Game, player: int, card: Card) -> None:
    """N2-N5: put a hand card face down into the node area, active (a set node is not said to
    enter asleep, unlike graze and Mana Charge nodes: setting ``new_node``)."""
    game.set_value(player, NODE_SET, game.state.turn)
    node = game.move(card, NODES, player, cause=Cause.ACTION, by=player, kind="node_set", face_up=False)
    if game.system.settings["new_node"] == "sleep":
        game.set_status(node, areas.SLEEP, True, quiet=True)


def can_activate(game: Game, activation: Activation) -> bool | None:
    """The ``can_activate`` hook: the timing of plays and activated effects."""
    if activation.trigger is not None:
        return None
    card, ab, player = activation.card, activation.ability, activation.player
    if card.controller != player:
        return False
    if ab.kind == "play":
        return _may_play(game, card, player)
    if ab.kind == "activated":
        if card.zone != FIELD or text.ability_negated(game, card, ab):
            return False
        timing = ab.get("timing", "always")
        active = game.state.active_player
        if (timing == "your_turn" and player != active) or (timing == "opponent_turn" and player == active):
            return False
    return None


def _may_play(game: Game, card: Card, player: int) -> bool | None:
    if card.zone != HAND or not nodes.playable_card(card) or not nodes.meets_required_nodes(game, card, player):
        return False
    kind = areas.card_type(card)
    turn = game.state.turn
    if kind == areas.CHARACTER and not game.has_keyword(card, AMBUSH):
        if not main_timing(game, player) or game.value_of(player, CHARACTER_PLAYED) == turn:
            return False
    elif kind == areas.SPELL:
        if not main_timing(game, player):
            return False
        if card.definition.get("subtype") == areas.WORLD_CHARM and game.value_of(player, WORLD_CHARM_PLAYED) == turn:
            return False
    return None


def announce(game: Game, activation: Activation) -> bool | None:
    """C9 step 3: reveal the played card by putting it face up into the play area; the
    once-per-turn plays are counted."""
    if activation.ability.kind != "play":
        return None
    card, player, item = activation.card, activation.player, activation.item
    activation.data["cost_change"] = nodes.cost_change(game, card)     # the ±Y applying to it in hand
    game.set(item, "kind", "play")
    if areas.card_type(card) == areas.CHARACTER and not game.has_keyword(card, AMBUSH):
        game.set_value(player, CHARACTER_PLAYED, game.state.turn)
    if card.definition.get("subtype") == areas.WORLD_CHARM:
        game.set_value(player, WORLD_CHARM_PLAYED, game.state.turn)
    moved = game.move(card, PLAY_AREA, None, cause=Cause.ACTION, by=player, kind="played")
    game.set(item, "generation", moved.generation)
    activation.card = moved
    return True


def assemble_cost(game: Game, activation: Activation, components: list) -> list | None:
    """The cost of a play: printed cost (+ X, declared now, C9 step 6) ± Y (QA-269), or nothing
    under the caster rule (T7a). The host's feasibility checks (no item yet) take X = 0."""
    if activation.ability.kind != "play":
        return None
    card, player = activation.card, activation.player
    x = 0
    if card.definition.get("x_cost"):
        if activation.item is not None:
            if "x" not in activation.data:
                top = len(areas.active_nodes(game, player)) - nodes.play_cost(
                    game, card, player, change=activation.data.get("cost_change"))
                activation.data["x"] = game.choose_number(player, 0, max(0, top), f"X for {card.name}",
                                                          source=card.id)
                game.set(activation.item, "data", {**activation.item.data, "x_declared": activation.data["x"]})
            x = activation.data["x"]
    total = nodes.play_cost(game, card, player, x, change=activation.data.get("cost_change"))
    rest = [c for c in components if c.kind != "nodes"]
    return rest + ([CostComponent("nodes", total)] if total else [])
