"""Attacks (CRM 11), blocks (12), security checks (13) and battles (14).

The attack in progress is a game value (``attack``): the attacker and its generation (a card that
leaves the battle area becomes a new card), the current target (``None``: the player) and the
defending player. Each timing is finished, effects included, before the next begins (11-1-4); all
later timings occur even if the attacker leaves (11-1-5).
"""
from __future__ import annotations

from typing import Any

from rulestack import Action, Cause, Game, IllegalAction
from rulestack.state import Card

from . import areas, security, stacks
from .areas import BATTLE, PLACED_TURN, SUSPENDED
from .resolution import settle

ATTACK = "attack"


# -- who may attack and block ----------------------------------------------------------------------

def can_attack(game: Game, card: Card) -> bool:
    """11-2: an unsuspended Digimon in the battle area (11-2-5) not placed this turn unless it has
    <Rush> (7-1-2-1, 16-15), and not stopped by an effect."""
    if card.zone != BATTLE or not areas.is_digimon_card(card) or areas.is_suspended(card):
        return False
    if game.value(card, "cannot_attack"):
        return False
    return card.status.get(PLACED_TURN) != game.state.turn or game.has_keyword(card, "Rush")


def attack_actions(game: Game, player: int) -> list[Action]:
    if game.value_of(None, ATTACK):
        return []                                                   # 11-2-4
    opp = game.opponent(player)
    targets = [None] + [c for c in areas.digimon(game, opp) if areas.is_suspended(c)]   # 11-2-7-1
    out = []
    for a in areas.digimon(game, player):
        if not can_attack(game, a):
            continue
        for t in targets:
            name = "your opponent" if t is None else t.name
            out.append(Action("attack", player, a.id, data=(("target", None if t is None else t.id),),
                              label=f"attack {name} with {a.name}"))
    return out


def blockers(game: Game, player: int) -> list[Card]:
    """12-1: the defender's unsuspended <Blocker> Digimon, not the attack's target (12-1-5), while
    the attacker is in the battle area (12-1-6); one block per attack (12-1-2)."""
    att = game.value_of(None, ATTACK)
    if not att or att.get("blocked") or not _attacker_here(game):
        return []
    return [c for c in areas.digimon(game, player)
            if not areas.is_suspended(c) and game.has_keyword(c, "Blocker") and c.id != att.get("target")
            and not game.value(c, "cannot_block")]


def block_actions(game: Game, player: int) -> list[Action]:
    return [Action("block", player, c.id, label=f"block with {c.name}") for c in blockers(game, player)]


# -- the attack ----------------------------------------------------------------------------------------

def _update(game: Game, **changes: Any) -> dict:
    att = {**game.value_of(None, ATTACK), **changes}
    game.set_value(None, ATTACK, att)
    return att


def _attacker_here(game: Game) -> bool:
    att = game.value_of(None, ATTACK)
    card = game.card(att["attacker"])
    return card.zone == BATTLE and card.generation == att["attacker_generation"]


def attacker(game: Game) -> Card | None:
    """The attacking Digimon, while it is still in the battle area."""
    att = game.value_of(None, ATTACK)
    return game.card(att["attacker"]) if att and _attacker_here(game) else None


def _target_here(game: Game) -> bool:
    att = game.value_of(None, ATTACK)
    if att["target"] is None:
        return True
    card = game.card(att["target"])
    return card.zone == BATTLE and card.generation == att["target_generation"]


def attack(game: Game, card: Card, target: Card | None) -> None:
    """A whole attack (11-1-3), from the declaration to the end of the attack."""
    player = card.controller
    defender = game.opponent(player)
    if not can_attack(game, card) or game.value_of(None, ATTACK):
        raise IllegalAction(f"{card.name} can't attack now (11-2)")
    if target is not None and (target.controller != defender or target.zone != BATTLE or not areas.is_suspended(target)):
        raise IllegalAction(f"{target.name} can't be attacked: only the opponent or their suspended Digimon (11-2-7-1)")
    # Declaration (11-2): suspend the attacker and choose the target at the same time.
    game.set_phase("main", "attack_declaration")
    game.set_status(card, SUSPENDED, True, cause=Cause.ACTION, by=player)
    game.set_value(None, ATTACK, {"attacker": card.id, "attacker_generation": card.generation,
                                  "target": None if target is None else target.id,
                                  "target_generation": None if target is None else target.generation,
                                  "defender": defender, "blocked": False, "piercing": False})
    game.record("attack_declared", cause=Cause.ACTION, player=player, card=card.id, code=card.code,
                target=None if target is None else target.id, defender=defender)
    settle(game)
    # Counter timing (11-3): no [Counter] effects are in this card pool; the timing passes.
    game.set_phase("main", "counter")
    settle(game)
    # Block timing (11-4, 12).
    game.set_phase("main", "block")
    if blockers(game, defender):
        game.act(defender, "block", prompt="block timing")
    settle(game)
    # Confirming whether the attack succeeds (11-5).
    game.set_phase("main", "confirming")
    _confirm(game)
    # <Piercing> is processed just before the end of the attack (16-7-4).
    if game.value_of(None, ATTACK).get("piercing"):
        att = attacker(game)
        if att is not None:
            security.check(game, att, defender, piercing=True)
        settle(game)
    end_attack(game)


def block(game: Game, blocker: Card) -> None:
    """12-1-7-1: declare the block and suspend the blocker; it becomes the target (MAN)."""
    if blocker not in blockers(game, blocker.controller):
        raise IllegalAction(f"{blocker.name} can't block now (12-1)")
    att = game.value_of(None, ATTACK)
    game.set_status(blocker, SUSPENDED, True, cause=Cause.ACTION, by=blocker.controller)
    _update(game, target=blocker.id, target_generation=blocker.generation, blocked=True)
    game.record("blocked", cause=Cause.ACTION, player=blocker.controller, card=att["attacker"], blocker=blocker.id,
                code=blocker.code)


def _confirm(game: Game) -> None:
    """11-5-1: a security check against a player with security, the win against a player with none
    (11-5-1-2, 1-2-3-1), a battle against a Digimon; otherwise nothing (11-5-1-4)."""
    att = game.value_of(None, ATTACK)
    card = attacker(game)
    if card is None or not _target_here(game):
        game.record("attack_failed", player=att["defender"], card=att["attacker"])
        return
    defender = att["defender"]
    if att["target"] is None:
        if not game.zone(areas.SECURITY, defender).cards:
            if security.checks(game, card) >= 1:
                game.record("attack_succeeded", cause=Cause.BATTLE, player=card.controller, card=card.id,
                            defender=defender, security=0)
                game.end_game([card.controller], f"{game.player(card.controller).name}'s {card.name} attacked "
                                                 f"successfully with {game.player(defender).name} at 0 security "
                                                 "(1-2-3-1, 11-5-1-2)")
            game.record("attack_failed", player=defender, card=card.id, why="no security checks (11-5-1-2-1)")
            return
        security.check(game, card, defender)
    else:
        battle(game, card, game.card(att["target"]), attacking=True)
        settle(game)


def battle(game: Game, one: Card, other: Card, *, attacking: bool = False) -> None:
    """14-1, 14-2: compare DP; the lower loses, both on a tie; losers are deleted at once (14-2-2).
    <Retaliation> (16-13) and <Piercing> (16-7) are noted here."""
    dp_one, dp_other = areas.dp(game, one), areas.dp(game, other)
    losers = [c for c, mine, theirs in ((one, dp_one, dp_other), (other, dp_other, dp_one)) if mine <= theirs]
    game.record("battled", cause=Cause.BATTLE, player=one.controller, card=one.id, other=other.id,
                dp=dp_one, other_dp=dp_other, losers=[c.id for c in losers])
    for loser in losers:
        winner = other if loser is one else one
        stacks.delete(game, loser, cause=Cause.BATTLE, source=winner.id, by=winner.controller, battled_with=winner.id,
                      alone=len(losers) == 1, code_of_other=winner.code)
    if attacking and losers == [other] and game.has_keyword(one, "Piercing"):
        _update(game, piercing=True)


def end_attack(game: Game) -> None:
    """11-6: the end-of-attack timing; the attack ends once all processing is resolved."""
    att = game.value_of(None, ATTACK)
    game.set_phase("main", "end_of_attack")
    game.record("attack_ended", player=game.opponent(att["defender"]), card=att["attacker"])
    settle(game)
    game.set_value(None, ATTACK, None)
    game.set_phase("main")
