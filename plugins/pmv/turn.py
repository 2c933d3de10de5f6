"""Setup (B2.3.1) and the turn (CR 4.1, 4.2; B2.3.2).

Turn start → Active → Maintenance → Draw → Main → Discard → turn end. Every phase runs: its
regulated effect (no interference, T3), phase-start effects, then priority from the turn player
until all pass with no interference started (T2). Turn end (T4): reset all characters' damage;
end "until end of turn" effects; resolve "at end of turn" effects (自動γ); end "during the turn"
effects; pass the turn.
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game

from . import areas, nodes, removal, rules
from .areas import DAMAGE, DECK, FIELD, HAND, NETHERWORLD, NODES, SLEEP
from .priority import priority_round
from .resolution import settle

PHASES = ("active", "maintenance", "draw", "main", "discard")
FIRST_PLAYER = "first_player"


def setup(game: Game) -> None:
    """S3-S6: shuffle, 25 life, decide who goes first, each draws 7; no mulligan."""
    n = len(game.players)
    for p in range(n):
        game.shuffle(DECK, p)
        game.set_life(p, areas.STARTING_LIFE)
    chooser = game.rng.randint(0, n - 1)                      # S4: rock-paper-scissors
    first = chooser if game.yes_no(chooser, "Do you want to go first?") else game.opponent(chooser)
    game.set(game.state, "active_player", first)
    game.set_value(None, FIRST_PLAYER, first, event="first_player_decided")
    for p in game.apnap():
        rules.draw(game, p, areas.OPENING_HAND)


def play_turn(game: Game) -> bool:
    start = game.state.phase
    if start is None:
        game.record("turn_start", player=game.state.active_player)   # T1: turn-start auto effects
        settle(game)
    first = PHASES.index(start) if start in PHASES else (len(PHASES) if start == "turn_end" else 0)
    for phase in PHASES[first:]:
        run_phase(game, phase)
    turn_end(game)
    return True


def run_phase(game: Game, phase: str) -> None:
    """T2: regulated effect; phase start (the ``phase`` event); priority; phase end."""
    game.set_phase(phase)
    REGULATED[phase](game)
    settle(game)
    priority_round(game)
    p = game.state.active_player
    extra: dict[str, Any] = {"hand": len(game.cards_in(HAND, p))} if phase == "discard" else {}
    game.record("phase_ended", player=p, phase=phase, **extra)
    settle(game)


def active_phase(game: Game) -> None:
    """T5: the turn player's sleeping cards on the field become active (nodes are not on the field)."""
    p = game.state.active_player
    for card in game.cards_in(FIELD, p):
        if card.status.get(SLEEP):
            game.set_status(card, SLEEP, None, cause=Cause.RULE)


def maintenance_phase(game: Game) -> None:
    """N13 [U] (setting ``nodes_wake``): the turn player's nodes become active; T7: maintenance
    costs (維持コスト) are paid in the order the player chooses, by putting nodes to sleep; a card
    whose maintenance cost is not paid is discarded (破棄). T7a: a spell whose caster is on the
    field has none."""
    p = game.state.active_player
    if game.system.settings["nodes_wake"] == "maintenance":
        for node in game.cards_in(NODES, p):
            if node.status.get(SLEEP):
                game.set_status(node, SLEEP, None, quiet=True)
        game.record("nodes_woke", player=p, count=len(game.cards_in(NODES, p)))
    upkeep = [c for c in game.cards_in(FIELD, p) if (game.value(c, "maintenance") or 0) > 0
              and not nodes.caster_present(game, c, p)]
    for card in game.order(p, upkeep, "order the maintenance costs to pay", label=lambda c: c.name):
        if card.zone != FIELD:
            continue
        cost = game.value(card, "maintenance") or 0
        active = areas.active_nodes(game, p)
        if len(active) >= cost and game.yes_no(p, f"Pay {cost} node(s) to maintain {card.name}?", source=card.id):
            for node in active[:cost]:
                game.set_status(node, SLEEP, True, cause=Cause.COST, source=card.id, by=p)
            game.record("maintenance_paid", player=p, card=card.id, amount=cost)
        else:
            removal.mark(game, card, removal.DISCARD, cause=Cause.RULE, by=p, rule="T7")


def draw_phase(game: Game) -> None:
    """T6: draw 1, except on the first player's first turn."""
    p = game.state.active_player
    if not (game.state.turn == 1 and game.value_of(None, FIRST_PLAYER) == p):
        rules.draw(game, p, 1)


def main_phase(game: Game) -> None:
    """T8: no regulated effect; the turn player acts through priority."""


def discard_phase(game: Game) -> None:
    """T9, H1: a turn player holding more than 7 cards discards down to 7."""
    p = game.state.active_player
    hand = game.cards_in(HAND, p)
    if len(hand) > areas.HAND_LIMIT:
        n = len(hand) - areas.HAND_LIMIT
        for cid in game.choose_cards(p, [c.id for c in hand], n, n, f"discard {n} card(s) to the hand limit",
                                     reason="hand_limit"):
            game.move(cid, NETHERWORLD, p, cause=Cause.RULE, by=p, kind="discarded", why="hand limit")


def turn_end(game: Game) -> None:
    """T4, in order."""
    game.set_phase("turn_end")
    for card in areas.characters(game):                                    # 1
        if card.status.get(DAMAGE):
            game.set_status(card, DAMAGE, None, quiet=True)
            game.set_status(card, removal.LAST_DAMAGE, None, quiet=True)
    game.record("damage_reset", player=game.state.active_player,
                after=[{"card": c.id, "damage": c.status.get(DAMAGE)} for c in areas.characters(game)])
    game.end_effects(lambda e: e.duration == "until_end_of_turn")           # 2
    game.record("end_of_turn", player=game.state.active_player)             # 3: 自動γ at turn end
    settle(game)
    game.end_effects(lambda e: e.duration == "this_turn")                   # 4


REGULATED = {"active": active_phase, "maintenance": maintenance_phase, "draw": draw_phase,
             "main": main_phase, "discard": discard_phase}
