"""Setup, the turn's phases and steps (500-514), priority and the stack (117, 405).

Priority: the active player receives it first in each step (117.3a) and after a spell or ability
resolves (117.3b); a player who casts or activates receives it again (117.3c). When all players
pass in succession the top of the stack resolves, or with an empty stack the step ends (117.4,
405.5). Before anyone receives priority, state-based actions and triggered abilities are dealt
with until neither happens (117.5, 704.3, 603.3b): :func:`rulestack.windows.settle`, which puts
triggered abilities on the stack in the order of :func:`order_triggers`.
"""
from __future__ import annotations

from typing import Any, Callable

from rulestack import Action, Cause, Game, PendingTrigger
from rulestack.windows import ResponseWindow, acting_player, active_player, settle

from . import actions, combat, mana_pool, rules, sagas

HAND_SIZE = 7
STARTING_LIFE = 20

#: The turn (500.1): each phase and its steps; ``None`` for the main phases, which have none.
STEPS: tuple[tuple[str, str | None], ...] = (
    ("beginning", "untap"), ("beginning", "upkeep"), ("beginning", "draw"),
    ("precombat_main", None),
    ("combat", "beginning_of_combat"), ("combat", "declare_attackers"), ("combat", "declare_blockers"),
    ("combat", "combat_damage"), ("combat", "end_of_combat"),
    ("postcombat_main", None),
    ("ending", "end"), ("ending", "cleanup"),
)
MAIN_PHASES = ("precombat_main", "postcombat_main")


# -- setup -----------------------------------------------------------------------------------------

def setup(game: Game) -> None:
    """103: shuffle, 20 life, a random player chooses who plays first, draw seven, mulligans."""
    n = len(game.players)
    for p in range(n):
        game.shuffle("library", p)
        game.set_life(p, STARTING_LIFE)
    chooser = game.rng.randint(0, n - 1)
    first = chooser if game.yes_no(chooser, "Do you want to play first?") else game.opponent(chooser)
    game.journal.setattr(game.state, "active_player", first)
    game.set_value(None, "starting_player", first, event="starting_player")
    for p in game.apnap():
        actions.draw(game, p, HAND_SIZE)
    mulligans(game)


def mulligans(game: Game) -> None:
    """103.5 (the London mulligan) as simultaneous rounds: in each round every player still
    deciding declares, in turn order from the starting player, whether they keep or take a
    mulligan; then all who chose to mulligan do so at once (shuffle the hand into the library and
    draw seven again). A player who keeps puts one card per mulligan taken on the bottom of their
    library and decides no more. Rounds repeat until everyone has kept; a player who has taken
    seven mulligans must keep (their opening hand would be zero cards)."""
    taken = {p: 0 for p in game.apnap()}
    deciding = list(game.apnap())
    while deciding:
        going: list[int] = []
        for player in deciding:
            if taken[player] < HAND_SIZE and game.yes_no(
                    player, f"Take a mulligan (mulligans so far: {taken[player]})?"):
                going.append(player)
            else:
                _keep(game, player, taken[player])
        for player in going:                  # all mulligans of the round happen at the same time
            taken[player] += 1
            game.record("mulligan", player=player, count=taken[player])     # told first, then done
            for card in game.cards_in("hand", player):
                game.move(card, "library", player, cause=Cause.RULE, by=player, how="mulligan")
            game.shuffle("library", player)
            actions.draw(game, player, HAND_SIZE)
        deciding = going


def _keep(game: Game, player: int, taken: int) -> None:
    """103.5: the kept hand is the opening hand after ``taken`` cards go to the library's bottom."""
    if not taken:
        return
    hand = [c.id for c in game.cards_in("hand", player)]
    bottom = game.choose_cards(player, hand, taken, taken, f"put {taken} card(s) on the bottom of your library",
                               reason="mulligan")
    for cid in bottom:
        game.move(cid, "library", player, position="bottom", cause=Cause.RULE, by=player, how="mulligan",
                  bottom=True)


# -- the turn --------------------------------------------------------------------------------------

def _start_index(phase: str | None, step: str | None) -> int:
    if phase is None:
        return 0
    if step == "first_strike_damage":
        step = "combat_damage"
    for i, (ph, st) in enumerate(STEPS):
        if ph == phase and (st == step or step is None):
            return i
    raise ValueError(f"unknown phase/step {phase!r}/{step!r} (known: {STEPS})")


def play_turn(game: Game) -> bool:
    """Play the active player's turn from the recorded phase and step (a scenario may start in
    the middle of a turn: the step starts over, turn-based actions included)."""
    start = _start_index(game.state.phase, game.state.step)
    for phase, step in STEPS[start:]:
        if step in ("declare_blockers", "combat_damage") and not combat.attackers(game):
            continue   # 508.8
        if step != "combat_damage":       # that step names itself: first strike comes first (510.4)
            game.set_phase(phase, step)
        STEP_ACTIONS[step or phase](game)
        mana_pool.empty_all(game)        # 500.4: mana empties as each step and phase ends
    return True


def untap_step(game: Game) -> None:
    """502: the active player's permanents untap; their creatures are no longer summoning sick.
    No player receives priority."""
    ap = game.active_player
    game.set_value(ap, "lands_played", 0)
    for card in game.cards_in("battlefield", ap):
        if card.status.get("tapped"):
            game.set_status(card, "tapped", None, cause=Cause.RULE)
        if card.status.get("sick"):
            game.set_status(card, "sick", None, quiet=True)


def draw_step(game: Game) -> None:
    """504: the active player draws, except the starting player on the first turn (103.8a)."""
    ap = game.active_player
    if not (game.state.turn == 1 and game.value_of(None, "starting_player") == ap):
        actions.draw(game, ap, 1)
    priority(game)


def precombat_main(game: Game) -> None:
    """505.4: the Saga lore counters, a turn-based action, then priority."""
    sagas.precombat_main_lore(game, game.active_player)
    priority(game)


def declare_attackers_step(game: Game) -> None:
    combat.declare_attackers(game)
    priority(game)


def declare_blockers_step(game: Game) -> None:
    combat.declare_blockers(game)
    priority(game)


def combat_damage_step(game: Game) -> None:
    """510, 510.4: when a combatant has first or double strike as the step begins, a first-strike
    combat damage step comes first (and is the step the log names first), then the regular one."""
    if combat.first_strike_step_needed(game):
        game.set_phase("combat", "first_strike_damage")
        combat.combat_damage(game, "first")
        priority(game)
        mana_pool.empty_all(game)
        game.set_phase("combat", "combat_damage")
        combat.combat_damage(game, "regular")
    else:
        game.set_phase("combat", "combat_damage")
        combat.combat_damage(game, "only")
    priority(game)


def end_of_combat_step(game: Game) -> None:
    priority(game)
    combat.end_combat(game)


def cleanup_step(game: Game) -> None:
    """514: discard to hand size; remove damage and end "until end of turn" effects at once. If
    that makes state-based actions or triggers happen, players get priority and there is another
    cleanup step (514.3a)."""
    ap = game.active_player
    while True:
        hand = game.cards_in("hand", ap)
        if len(hand) > HAND_SIZE:
            n = len(hand) - HAND_SIZE
            for cid in game.choose_cards(ap, [c.id for c in hand], n, n, f"discard {n} (hand size)",
                                         reason="cleanup"):
                game.move(cid, "graveyard", ap, cause=Cause.RULE, by=ap, how="discarded")
        for card in rules.permanents(game):
            if card.status.get("damage"):
                game.set_status(card, "damage", None, quiet=True)
            if card.status.get("deathtouch_damage"):
                game.set_status(card, "deathtouch_damage", None, quiet=True)
        game.end_effects(lambda e: e.duration == "until_end_of_turn")
        before = len(game.state.log)
        settle(game)
        if len(game.state.log) == before:
            return
        priority(game)
        game.set_phase("ending", "cleanup")


def _ask(game: Game, player: int, window: str) -> Action:
    st = game.state
    return game.act(player, window, prompt=f"priority ({st.phase}/{st.step or '-'})")


#: 117: the active player receives priority first in each step and after a resolution (117.3b);
#: a player who casts or activates receives it again (117.3c); all passing in succession resolves
#: the top of the stack, or ends the step when it is empty (117.4, 405.5). Before anyone receives
#: priority, state-based actions and triggers are dealt with (117.5, 704.3, 603.3b): :func:`settle`.
PRIORITY = ResponseWindow(window="priority", after_action=acting_player, after_resolution=active_player,
                          settle=settle, ask=_ask)


def priority(game: Game) -> None:
    """Players receive priority until all pass in succession with an empty stack (117, 405.5)."""
    PRIORITY.run(game, game.active_player)


def order_triggers(game: Game, triggers: list[PendingTrigger]) -> list[PendingTrigger]:
    """603.3b: the active player puts theirs on the stack first, in the order they choose, then
    the other player (so the non-active player's resolve first)."""
    out = []
    for p in game.apnap():
        mine = [t for t in triggers if t.controller == p]
        out += game.order(p, mine, "order your triggered abilities (first is put on the stack first)",
                          label=lambda t: trigger_label(game, t))
    return out


def trigger_label(game: Game, trig: PendingTrigger) -> str:
    card = game.card(trig.card)
    return f"{card.name}: {card.definition.abilities[trig.ability].label}"


STEP_ACTIONS: dict[str, Callable[[Any], None]] = {
    "untap": untap_step,
    "upkeep": priority,
    "draw": draw_step,
    "precombat_main": precombat_main,
    "beginning_of_combat": priority,
    "declare_attackers": declare_attackers_step,
    "declare_blockers": declare_blockers_step,
    "combat_damage": combat_damage_step,
    "end_of_combat": end_of_combat_step,
    "postcombat_main": priority,
    "end": priority,
    "cleanup": cleanup_step,
}
