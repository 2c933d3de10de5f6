"""Game preparation (CRM 5-2) and the turn (CRM 6): unsuspend, draw, breeding and main phases, and
the end of the turn when the memory has crossed to the opponent's side (6-1-4-1, 6-6)."""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game

from . import areas, memory
from .areas import BATTLE, BREEDING, DECK, EGG_DECK, HAND, SECURITY, SUSPENDED
from .resolution import settle

FIRST_PLAYER = "first_player"
PHASES = ("unsuspend", "draw", "breeding", "main")


# -- setup ------------------------------------------------------------------------------------------

def setup(game: Game) -> None:
    """5-2-1: shuffle both decks, the winner of rock-paper-scissors goes first (5-2-1-3), draw 5,
    one re-draw each starting with the first player (5-2-1-5), 5 security cards each — the deck's
    top card becomes the bottom security card (5-2-1-6) — and the memory at 0 (5-2-1-7)."""
    for p in range(len(game.players)):
        game.shuffle(DECK, p)
        game.shuffle(EGG_DECK, p)
    first = game.rng.randint(0, len(game.players) - 1)
    game.set(game.state, "active_player", first)
    game.set_value(None, FIRST_PLAYER, first, event="first_player_decided")
    order = [first, game.opponent(first)]
    for p in order:
        draw(game, p, areas.OPENING_HAND)
    for p in order:
        if game.yes_no(p, "Re-draw your opening hand?"):
            for card in list(game.cards_in(HAND, p)):
                game.move(card, DECK, p, cause=Cause.RULE, by=p)
            game.shuffle(DECK, p)
            game.record("redraw", player=p)
            draw(game, p, areas.OPENING_HAND)
    for p in order:
        for _ in range(areas.SECURITY_SIZE):
            deck = game.zone(DECK, p)
            if deck.cards:
                game.move(deck.cards[-1], SECURITY, p, cause=Cause.RULE, face_up=False,
                          kind="set_as_security")
    game.set_value(None, memory.MEMORY, 0)
    memory.show(game)
    game.record("memory", player=first, why="set", before=0, after=0, gauge=0)


def draw(game: Game, player: int, n: int = 1, *, cause: str = Cause.RULE, source: int | None = None) -> int:
    """Draw ``n`` cards one at a time; from an empty deck a draw is simply not carried out (1-3-2)."""
    drawn = 0
    for _ in range(n):
        deck = game.zone(DECK, player)
        if not deck.cards:
            break
        game.move(deck.cards[-1], HAND, player, cause=cause, source=source, by=player, kind="drew")
        drawn += 1
    return drawn


# -- the turn ------------------------------------------------------------------------------------------

class TurnOver(Exception):
    """The turn end conditions are met (6-1-4-1): the turn ends with the current phase."""


def check_turn_end(game: Game) -> None:
    if memory.turn_ends(game, game.state.active_player):
        raise TurnOver()


def play_turn(game: Game) -> bool:
    """Play the turn player's turn from the recorded phase (``None``: from the start). Whenever the
    memory is on the opponent's side once processing is over, the end of turn comes (6-6); if it
    comes back to 0 or more there, the main phase continues (6-6-4)."""
    start = game.state.phase
    first = PHASES.index(start) if start in PHASES else 0
    if start == "end":
        first = len(PHASES)
    while True:
        try:
            for phase in PHASES[first:]:
                PHASE_STEPS[phase](game)
                check_turn_end(game)
            first = PHASES.index("main")
        except TurnOver:
            pass
        if end_of_turn(game):
            return True
        first = PHASES.index("main")


def unsuspend_phase(game: Game) -> None:
    """6-2: [Start of Your Turn] effects first (6-2-1-1); if they end the turn, the end of turn comes
    before unsuspending (6-2-1-2). Then the turn player's cards unsuspend, with the non-turn
    player's <Reboot> Digimon (16-11)."""
    p = game.state.active_player
    game.set_phase("unsuspend")
    game.record("turn_started", player=p, turn=game.state.turn)
    settle(game)
    check_turn_end(game)
    opp = game.opponent(p)
    for card in game.cards_in(BATTLE, p) + game.cards_in(BREEDING, p):
        if card.status.get(SUSPENDED):
            game.set_status(card, SUSPENDED, None, by=p)
    for card in game.cards_in(BATTLE, opp):
        if card.status.get(SUSPENDED) and game.has_keyword(card, "Reboot"):
            game.set_status(card, SUSPENDED, None, by=opp)
    settle(game)


def draw_phase(game: Game) -> None:
    """6-3: draw 1, except the first player in their first turn. A player who must draw with an
    empty deck loses (1-2-3-2)."""
    p = game.state.active_player
    game.set_phase("draw")
    if game.state.turn == 1 and game.value_of(None, FIRST_PLAYER) == p:
        return
    if not game.zone(DECK, p).cards:
        game.record("could_not_draw", player=p)
        game.end_game([game.opponent(p)], f"{game.player(p).name} had 0 cards in their deck in their draw phase "
                                          "(1-2-3-2)")
    draw(game, p, 1)
    settle(game)


def breeding_phase(game: Game) -> None:
    """6-4: hatch a Digi-Egg, move a Digimon out of the breeding area, or do nothing."""
    p = game.state.active_player
    game.set_phase("breeding")
    game.act(p, "breeding", prompt="breeding phase")
    settle(game)


def main_phase(game: Game) -> None:
    """6-5: actions one at a time, only when nothing is left unresolved, until the turn ends."""
    p = game.state.active_player
    if game.state.phase != "main":
        game.set_phase("main")
    settle(game)
    while True:
        check_turn_end(game)
        game.act(p, "main", prompt="main phase")
        settle(game)


def end_of_turn(game: Game) -> bool:
    """6-6: the end-of-turn timing; its triggers and pending processing resolve (18-1). Returns
    False when the memory came back to 0 or more, so the turn goes on (6-6-4)."""
    p = game.state.active_player
    game.set_phase("end")
    game.record("end_of_turn", player=p, turn=game.state.turn)
    settle(game)
    if not memory.turn_ends(game, p):
        game.record("end_of_turn_postponed", player=p, memory=memory.of(game, p))
        game.set_phase("main")
        return False
    turn = game.state.turn
    game.end_effects(lambda e: e.duration in ("this_turn", "until_end_of_turn")
                     or (e.data.get("until_turn") is not None and e.data["until_turn"] <= turn))
    return True


PHASE_STEPS = {"unsuspend": unsuspend_phase, "draw": draw_phase, "breeding": breeding_phase, "main": main_phase}
