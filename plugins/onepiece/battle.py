"""Battle (CR 7): the Attack, Block, Counter and Damage Steps and the end of the battle.

The battle in progress is a game value (``battle``): the attacker, the current target, their
generations (a card that changes area is a new card, 3-1-6) and the defending player. If the
attacker or the target leaves its area, the battle goes straight to its end (7-1-1-4, 7-1-2-3,
7-1-3-2-3). Effects lasting "during this battle" have the duration ``this_battle``.
"""
from __future__ import annotations

from typing import Any

from rulestack import Action, Cause, Game
from rulestack.state import Card

from . import activations, areas, don, life, play, prohibitions, reused
from .areas import CHARACTER, HAND, LEADER, PLAYED_TURN, RESTED
from .resolution import settle

BATTLE = "battle"


# -- who may attack, block and counter ------------------------------------------------------------

def can_battle_this_turn(game: Game) -> bool:
    """Neither player battles on their own first turn (6-5-6-1): turns 1 and 2 of the game."""
    return game.state.turn > 2


def attack_actions(game: Game, player: int) -> list[Action]:
    """Attacks ``player`` may declare: each of their active Leader and Characters that may attack
    now (7-1-1-1; not a Character played this turn without [Rush], 3-7-4, 10-1-1) against each of
    the opponent's Leader and rested Characters (7-1-1-2)."""
    state = game.state
    if state.turn <= 2 or state.values.get(BATTLE):      # (can_battle_this_turn; no battle going on)
        return []
    cards, zones = state.cards, state.zones
    opp = (player + 1) % len(state.players)             # (game.opponent)
    targets = [cards[tid] for tid in _zone(game, zones, LEADER, opp).cards]
    targets += [card for tid in _zone(game, zones, CHARACTER, opp).cards
                for card in (cards[tid],) if card.status.get(RESTED)]
    out: list[Action] = []
    if prohibitions.prohibited(game, player, "attack"):
        return out
    turn = state.turn
    cannot_attack = None
    for zone in areas.BATTLE_AREAS:
        for aid in _zone(game, zones, zone, player).cards:
            a = cards[aid]
            status = a.status
            if status.get(RESTED):
                continue
            if cannot_attack is None:
                cannot_attack = areas.reader(game, "cannot_attack")
            if cannot_attack(a):
                continue
            if a.zone == CHARACTER and status.get(PLAYED_TURN) == turn and not areas.has_keyword(game, a, "Rush"):
                continue
            for target in targets:
                out.append(reused.attack(player, a, target))
    return out


def _zone(game: Game, zones: dict, name: str, player: int) -> Any:
    """``game.zone(name, player)``, read from the state's dict of zones first."""
    found = zones.get((name, player))
    return found if found is not None else game.zone(name, player)


def blockers(game: Game, player: int) -> list[Card]:
    """The defender's Characters that may activate [Blocker] now (7-1-2-1, 10-1-4)."""
    battle = game.value_of(None, BATTLE)
    if not battle or battle.get("blocked"):
        return []
    attacker = game.card(battle["attacker"])
    if areas.value(game, attacker, "unblockable"):
        return []
    limit = areas.value(game, attacker, "blockers_below")
    out = []
    for c in game.cards_in(CHARACTER, player):
        if c.id == battle["target"] or areas.is_rested(c) or not areas.has_keyword(game, c, "Blocker"):
            continue
        if limit is not None and (areas.power(game, c) or 0) >= limit:
            continue
        out.append(c)
    return out


def block_actions(game: Game, player: int) -> list[Action]:
    return [reused.block(player, c) for c in blockers(game, player)]


def counter_actions(game: Game, player: int) -> list[Action]:
    """Counter Step: trash a Character card with a Counter value (7-1-3-2-1), or activate a
    [Counter] Event (7-1-3-2-2)."""
    out = []
    counter_of = areas.reader(game, "counter")
    for c in game.cards_in(HAND, player):
        value = counter_of(c)
        if c.definition.fields.get("category", "") == "character" and value:
            out.append(reused.counter(player, c, value))
    return out + activations.activatable(game, player, "counter", (HAND,), "counter")   # (game.activatable's list)


def is_defending(game: Game, player: int, step: str = "counter") -> bool:
    battle = game.value_of(None, BATTLE)
    return bool(battle) and battle["defender"] == player and game.state.step == step


# -- the steps ---------------------------------------------------------------------------------------

def _update(game: Game, **changes: Any) -> dict:
    battle = {**game.value_of(None, BATTLE), **changes}
    game.set_value(None, BATTLE, battle)
    return battle


def _intact(game: Game) -> bool:
    """Are the attacker and the target still the cards that started in their areas?"""
    battle = game.value_of(None, BATTLE)
    for key in ("attacker", "target"):
        card = game.card(battle[key])
        if card.generation != battle[key + "_generation"] or card.zone not in areas.BATTLE_AREAS:
            return False
    return True


def attack(game: Game, attacker: Card, target: Card) -> None:
    """A whole battle (7-1), from declaring the attack to the end of the battle."""
    player, defender = attacker.controller, target.controller
    # Attack Step (7-1-1): rest the attacker, choose the target; [When Attacking] effects.
    game.set_phase("main", "attack")
    don.set_rested(game, attacker, True, cause=Cause.ACTION, by=player)
    game.set_value(None, BATTLE, {"attacker": attacker.id, "attacker_generation": attacker.generation,
                                  "target": target.id, "target_generation": target.generation,
                                  "defender": defender, "blocked": False})
    game.record("attack_declared", cause=Cause.ACTION, player=player, card=attacker.id, target=target.id)
    settle(game)
    if _intact(game):
        # Block Step (7-1-2): the defender may activate one [Blocker].
        game.set_phase("main", "block")
        if blockers(game, defender):
            game.act(defender, "block", prompt="block step")
        settle(game)
    if _intact(game):
        # Counter Step (7-1-3): Counter values and [Counter] Events, as many as the defender likes.
        game.set_phase("main", "counter")
        while _intact(game):
            action = game.act(defender, "counter", prompt="counter step")
            settle(game)
            if action.kind == "pass":
                break
    if _intact(game):
        # Damage Step (7-1-4).
        game.set_phase("main", "damage")
        _damage_step(game)
        settle(game)
    end_battle(game)


def block(game: Game, blocker: Card) -> None:
    """Activate [Blocker]: rest it and make it the new target (10-1-4-1); [On Block] effects."""
    battle = game.value_of(None, BATTLE)
    don.set_rested(game, blocker, True, cause=Cause.ACTION, by=blocker.controller)
    _update(game, target=blocker.id, target_generation=blocker.generation, blocked=True)
    game.record("blocked", cause=Cause.ACTION, player=blocker.controller, card=blocker.id,
                attacker=battle["attacker"])


def use_counter(game: Game, card: Card) -> None:
    """Trash a Character card from hand for its Counter value: +value power to your Leader or one
    of your Characters during this battle (7-1-3-2-1)."""
    player = card.controller
    value = areas.value(game, card, "counter") or 0
    game.move(card, areas.TRASH, card.owner, cause=Cause.ACTION, by=player, counter=value)
    recipients = [c.id for c in areas.battlers(game, player)]
    (chosen,) = game.choose_cards(player, recipients, 1, 1, f"give +{value} power to", reason="counter",
                                  source=card.id)
    game.add_effect("add", "power", value, targets=[chosen], duration="this_battle", source=card.id,
                    controller=player, cause=Cause.ACTION)


def _damage_step(game: Game) -> None:
    battle = game.value_of(None, BATTLE)
    attacker, target = game.card(battle["attacker"]), game.card(battle["target"])
    attack_power = areas.power(game, attacker) or 0
    target_power = areas.power(game, target) or 0
    won = attack_power >= target_power
    game.record("battle_result", cause=Cause.BATTLE, player=attacker.controller, card=attacker.id,
                target=target.id, attacker_power=attack_power, target_power=target_power, won=won)
    if not won:
        return
    if target.zone == LEADER:
        amount = 2 if areas.has_keyword(game, attacker, "Double Attack") else 1
        life.deal_damage(game, target.controller, amount, source=attacker.id,
                         banish=areas.has_keyword(game, attacker, "Banish"))
    else:
        play.ko(game, target, cause=Cause.BATTLE, source=attacker.id, by=attacker.controller)


def end_battle(game: Game) -> None:
    """End of the battle (7-1-5): "during this battle" effects end."""
    battle = game.value_of(None, BATTLE)
    game.set_phase("main", "end_of_battle")
    game.record("battle_ended", cause=Cause.RULE, card=battle["attacker"], target=battle["target"])
    game.end_effects(lambda e: e.duration == "this_battle")
    game.set_value(None, BATTLE, None)
    settle(game)
    game.set(game.state, "step", None)
