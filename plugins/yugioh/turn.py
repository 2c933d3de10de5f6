"""The turn: Draw Phase, Standby Phase, Main Phase 1, Battle Phase, Main Phase 2, End Phase.

* Draw Phase: the turn player draws 1 card, except the player going first on the first turn.
* Standby Phase: maintenance costs (Messenger of Peace), then "during the Standby Phase" effects.
* Main Phase 1: the turn player's open game state (Summons, Sets, Spells, Ignition effects); when
  they want to move on, the opponent gets a last chance to respond. From Main Phase 1 the turn
  player enters the Battle Phase (not on the first turn of the Duel) or goes to the End Phase.
* Main Phase 2 happens only after a Battle Phase; from the Battle Phase the turn player may also
  go straight on to the End Phase ("end turn"), as from Main Phase 1.
* End Phase: "during the End Phase" effects, Swords of Revealing Light's count, the hand limit
  (discard down to 6), and "until the end of this turn" effects end.
"""
from __future__ import annotations

from rulestack import Cause, Game
from rulestack.state import FloatingEffect

from . import costs, settling
from .battle import battle_phase
from .moves import destroy, draw, send
from .windows import respond

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
HAND_LIMIT = 6


def play_turn(game: Game) -> None:
    """Play the turn from the recorded phase (``None``: the start of the turn)."""
    st = game.state
    for p in st.players:
        if p.life is None:  # a position built without setup starts at 8000 LP, as a Duel does (no event)
            game.journal.setattr(p, "life", 8000)
    at = _PHASE_AT.get(st.phase, 0)           # the phases from the recorded one on, in order
    skip_battle = st.turn <= 1
    battle_done = at >= 4                     # from Main Phase 2 or the End Phase
    if at <= 0:
        if st.phase != "draw":
            game.set_phase("draw")
        draw_phase(game)
    if at <= 1:
        if st.phase != "standby":
            settling.enter_phase(game, "standby")
        standby_phase(game)
    if at <= 2:
        if st.phase != "main1":
            settling.enter_phase(game, "main1")
        if main_phase(game) == "end_turn":
            skip_battle = True
    if at <= 3 and not skip_battle:
        if st.phase != "battle":
            settling.enter_phase(game, "battle")
        battle_done = battle_phase(game) != "end_turn"     # "end turn" passes through Main Phase 2
    if at <= 4 and battle_done:
        if st.phase != "main2":
            settling.enter_phase(game, "main2")
        main_phase(game)
    if st.phase != "end":
        settling.enter_phase(game, "end")
    end_phase(game)


#: Where each phase is in :data:`PHASES`.
_PHASE_AT: dict[str | None, int] = {name: i for i, name in enumerate(PHASES)}


def draw_phase(game: Game) -> None:
    st = game.state
    if st.turn > 1:  # the player going first skips their first draw
        draw(game, st.active_player, 1)
    settling.open_window(game)


def standby_phase(game: Game) -> None:
    costs.maintain(game, game.state.active_player, "standby")
    settling.open_window(game)


def main_phase(game: Game) -> str:
    """The turn player acts until they move on; returns how they left (``pass`` or ``end_turn``)."""
    tp = game.state.active_player
    while True:
        settling.settle(game)
        action = game.act(tp, "main")
        if action.kind not in ("pass", "end_turn"):
            continue
        settling.settle(game)
        if respond(game, game.opponent(tp), "open").kind == "pass":
            return action.kind


def end_phase(game: Game) -> None:
    st = game.state
    tp = st.active_player
    settling.open_window(game)
    _count_down(game, tp)
    settling.settle(game)
    hand = st.zones[("hand", tp)].cards
    if len(hand) > HAND_LIMIT:
        extra = len(hand) - HAND_LIMIT
        chosen = game.choose_cards(tp, list(hand), extra, extra, f"discard down to {HAND_LIMIT} cards",
                                   reason="hand_limit")
        for cid in chosen:
            send(game, cid, "graveyard", how="discarded", cause=Cause.RULE, by=tp)
        settling.settle(game)
    if st.effects:                              # (none: nothing to end)
        game.end_effects(_until_end_of_turn)


def _until_end_of_turn(effect: FloatingEffect) -> bool:
    return effect.duration == "until_end_of_turn"


def _count_down(game: Game, tp: int) -> None:
    """Cards with a ``lifetime`` (Swords of Revealing Light) count the End Phases of their
    controller's opponent and are destroyed at the last one."""
    st = game.state
    opponent = game.opponent(tp)
    cards = st.cards
    for cid in st.zones[("spell_trap", opponent)].cards:
        if cards[cid].definition.fields.get("lifetime"):
            break
    else:
        return                                  # (none counts: nothing to do)
    for card in list(game.cards_in("spell_trap", opponent)):
        life = card.definition.fields.get("lifetime")
        if not life or not card.face_up:
            continue
        n = game.add_counters(card, "turn", 1, cause=Cause.RULE, source=card.id)
        if n >= int(life.get("opponent_turns", 3)):
            destroy(game, card, cause=Cause.EFFECT, source=card.id)


def setup(game: Game) -> None:
    """Shuffle, 8000 LP each, a coin toss whose winner chooses to go first or second, 5 cards each."""
    for p in range(len(game.players)):
        game.shuffle("deck", p)
        game.set_life(p, 8000)
    winner = game.rng.randint(0, len(game.players) - 1)
    goes_first = game.choose_option(winner, ["go first", "go second"], "you won the coin toss: go first or second?") == 0
    first = winner if goes_first else game.opponent(winner)
    game.set_value(None, "first_player", first)
    game.journal.setattr(game.state, "active_player", first)
    game.record("coin_toss", player=winner, goes_first=first)
    for p in range(len(game.players)):
        draw(game, p, 5)
