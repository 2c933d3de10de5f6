"""Game setup (CR 5-2) and the phases of a turn (CR 6)."""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game

from . import areas, don
from .areas import DECK, HAND, LEADER, LIFE, OPENING_HAND, RESTED
from .resolution import settle

PHASES = ("refresh", "draw", "don", "main", "end")
FIRST_PLAYER = "first_player"


# -- setup ------------------------------------------------------------------------------------------

def setup(game: Game) -> None:
    """5-2-1: shuffle, decide who goes first, draw 5, one mulligan each (the first player decides
    first), then deal Life face down so that the deck's top card ends at the bottom of Life."""
    for p in range(len(game.players)):
        game.shuffle(DECK, p)
    chooser = game.rng.randint(0, len(game.players) - 1)       # 5-2-1-4: rock-paper-scissors
    goes_first = game.choose_option(chooser, ["go first", "go second"], "who goes first?") == 0
    first = chooser if goes_first else game.opponent(chooser)
    game.set(game.state, "active_player", first)
    game.set_value(None, FIRST_PLAYER, first, event="first_player_decided")
    order = [first, game.opponent(first)]
    for p in order:
        draw(game, p, OPENING_HAND, check=False)
    for p in order:                                             # 5-2-1-6
        if game.yes_no(p, "Redraw your opening hand (mulligan)?"):
            for card in list(game.cards_in(HAND, p)):
                game.move(card, DECK, p, cause=Cause.RULE, by=p)
            game.shuffle(DECK, p)
            game.record("mulligan", player=p)
            draw(game, p, OPENING_HAND, check=False)
    for p in order:                                             # 5-2-1-7
        leader = areas.leader(game, p)
        for _ in range(leader.definition.get("life", 0) if leader else 0):
            deck = game.zone(DECK, p)
            if deck.cards:
                game.move(deck.cards[-1], LIFE, p, cause=Cause.RULE, face_up=False)
        game.set_life(p, len(game.zone(LIFE, p).cards))


def draw(game: Game, player: int, n: int = 1, *, cause: str = Cause.RULE, source: int | None = None,
         check: bool = True) -> int:
    """Draw ``n`` cards one at a time (4-5). A player whose deck becomes empty loses at the
    rule processing that follows at once (1-2-1-1-2, 9-1-2), so nothing is drawn after that."""
    drawn = 0
    for _ in range(n):
        deck = game.zone(DECK, player)
        if not deck.cards:
            break
        game.move(deck.cards[-1], HAND, player, cause=cause, source=source, by=player, kind="drew")
        drawn += 1
        if check and not deck.cards:
            game.run_state_checks()
    return drawn


# -- the turn ------------------------------------------------------------------------------------------

def play_turn(game: Game) -> bool:
    """Play the turn player's turn from the recorded phase (``None``: from the start)."""
    start = game.state.phase
    first = PHASES.index(start) if start in PHASES else 0
    for phase in PHASES[first:]:
        PHASE_STEPS[phase](game)
    return True


def refresh_phase(game: Game) -> None:
    """6-2: effects lasting until the start of this player's turn end; given DON!! return to the
    cost area; every rested card of the turn player becomes active."""
    p = game.state.active_player
    game.set_phase("refresh")
    game.end_effects(lambda e: e.duration == "until_start_of_your_next_turn" and e.controller == p)
    don.return_all_given(game, p)
    cards = game.state.cards
    for zone in (LEADER, areas.CHARACTER, areas.STAGE, areas.COST):
        for cid in list(game.zone(zone, p).cards):
            card = cards[cid]
            if card.status.get(RESTED):
                game.set_status(card, RESTED, None, quiet=True)
    settle(game)


def draw_phase(game: Game) -> None:
    """6-3: draw 1, except the first player on their first turn."""
    p = game.state.active_player
    game.set_phase("draw")
    if not (game.state.turn == 1 and game.value_of(None, FIRST_PLAYER, p) == p):
        draw(game, p, 1)
    settle(game)


def don_phase(game: Game) -> None:
    """6-4: 2 DON!! from the DON!! deck to the cost area (1 on the first player's first turn)."""
    p = game.state.active_player
    game.set_phase("don")
    first_turn = game.state.turn == 1 and game.value_of(None, FIRST_PLAYER, p) == p
    don.add_from_don_deck(game, p, 1 if first_turn else 2)
    settle(game)


def main_phase(game: Game) -> None:
    """6-5: the turn player acts until they end the Main Phase."""
    p = game.state.active_player
    if game.state.phase != "main":   # re-entered from the state (a fork by copy): the phase has begun
        game.set_phase("main")
    settle(game)
    while True:
        action = game.act(p, "main", prompt="main phase")
        settle(game)
        if action.kind == "pass":
            return


def end_phase(game: Game) -> None:
    """6-6: [End of Your Turn] effects, then effects lasting until the end of the turn end."""
    game.set_phase("end")
    settle(game)
    game.end_effects(lambda e: e.duration == "until_end_of_turn")


PHASE_STEPS = {"refresh": refresh_phase, "draw": draw_phase, "don": don_phase, "main": main_phase,
               "end": end_phase}
