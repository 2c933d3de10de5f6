"""Attacks, defence and battle (B2.3.5; vision-online "combat system").

* Only the turn player, in their Main Phase, with an active character, when no interference is
  in progress (B1, B1a): the attacker is put to sleep and the attack is declared against the
  opposing player. Priority then passes to the other player (1.12.3).
* The attacked player may defend with one active character, putting it to sleep (B2). Defending
  is itself an interference; a player who interferes in any other way against this attack can no
  longer defend (B2b). One attack and one defence at a time (B2a).
* The interference begun by the attack resolves first, then the battle (1.12.8.b).
* Defended: both deal damage equal to their attack at the same time; 先制 (first strike) deals
  its damage first (B3). Undefended: the attacked player takes battle damage equal to the
  attacker's attack (B4, the amount is [U]), and may then graze (G1-G4).
* If the attacker has left the field the battle does not happen; if the defender has left, the
  attack stays defended and deals no damage ([U], the CR 6.2 text was not retrieved).
"""
from __future__ import annotations

from typing import Any

from rulestack import Action, Card, Cause, Game, IllegalAction, Item
from rulestack.windows import settle

from . import areas, deck_rule, removal
from .areas import DECK, FIELD, NODES, SLEEP

ATTACK = "attack"              # game value while an attack is in progress
FIRST_STRIKE = "先制"


def current(game: Game) -> dict | None:
    return game.value_of(None, ATTACK)


def can_attack_now(game: Game, player: int) -> bool:
    st = game.state
    return (player == st.active_player and st.phase == "main" and not st.stack and current(game) is None)


def attack_actions(game: Game, player: int) -> list[Action]:
    if not can_attack_now(game, player):
        return []
    return [Action("attack", player, c.id, label=f"attack with {c.name}")
            for c in areas.characters(game, player) if areas.is_active(c) and not c.status.get(removal.REMOVAL)]


def defend_actions(game: Game, player: int) -> list[Action]:
    atk = current(game)
    if atk is None or atk["defending_player"] != player or atk.get("defender") is not None \
            or atk.get("defender_interfered"):
        return []
    return [Action("defend", player, c.id, label=f"defend with {c.name}")
            for c in areas.characters(game, player) if areas.is_active(c) and not c.status.get(removal.REMOVAL)]


def declare_attack(game: Game, card: Card) -> None:
    player = card.controller
    game.set_status(card, SLEEP, True, cause=Cause.ACTION, by=player)
    game.set_value(None, ATTACK, {"attacker": card.id, "generation": card.generation, "player": player,
                                  "defending_player": game.opponent(player), "defender": None,
                                  "defender_interfered": False})
    game.record("attack_declared", cause=Cause.ACTION, player=player, card=card.id)
    item = Item(id=game.new_id(), kind="attack", card=card.id, ability=None, controller=player,
                generation=card.generation)
    game.journal.append(game.state.stack, item)          # the attack begins an interference (1.12)


def declare_defence(game: Game, card: Card) -> None:
    ongoing = current(game)
    if ongoing is None:
        raise IllegalAction(f"{card.name} cannot defend: no attack is being made")
    atk = dict(ongoing)
    game.set_status(card, SLEEP, True, cause=Cause.ACTION, by=card.controller)
    atk.update(defender=card.id, defender_generation=card.generation)
    game.set_value(None, ATTACK, atk)
    game.record("defence_declared", cause=Cause.ACTION, player=card.controller, card=card.id,
                attacker=atk["attacker"])


def note_interference(game: Game, player: int) -> None:
    """B2b: the attacked player interfered otherwise than by defending."""
    atk = current(game)
    if atk is not None and atk["defending_player"] == player and atk.get("defender") is None \
            and not atk.get("defender_interfered"):
        game.set_value(None, ATTACK, {**atk, "defender_interfered": True})


def _there(game: Game, card_id: int | None, generation: int | None) -> Any:
    if card_id is None:
        return None
    card = game.card(card_id)
    if card.zone != FIELD or card.generation != generation or card.status.get(removal.REMOVAL):
        return None
    return card


def fight(game: Game) -> None:
    """The battle after the attack's interference resolved (1.12.8.b)."""
    atk = current(game)
    if atk is None:
        return
    game.set_value(None, ATTACK, None)
    attacker = _there(game, atk["attacker"], atk["generation"])
    if attacker is None:
        game.record("battle_cancelled", player=atk["player"], why="the attacker left the field")
        return
    if atk.get("defender") is not None:
        defender = _there(game, atk["defender"], atk.get("defender_generation"))
        game.record("battle", cause=Cause.BATTLE, player=atk["player"], attacker=attacker.id,
                    defender=defender.id if defender else None)
        if defender is None:
            return
        _exchange(game, attacker, defender)
        settle(game)
        return
    amount = max(0, game.value(attacker, "attack") or 0)
    defending = atk["defending_player"]
    game.record("battle", cause=Cause.BATTLE, player=atk["player"], attacker=attacker.id, defender=None)
    if amount:
        game.change_life(defending, -amount, cause=Cause.BATTLE, source=attacker.id, by=atk["player"],
                         kind="battle_damage")
        graze(game, defending, attacker)
    settle(game)


def _exchange(game: Game, attacker: Any, defender: Any) -> None:
    """B3: simultaneous damage, or the 先制 side first."""
    first = [c for c in (attacker, defender) if game.has_keyword(c, FIRST_STRIKE)]
    if len(first) == 1:
        striker = first[0]
        other = defender if striker is attacker else attacker
        _hit(game, striker, other)
        game.run_state_checks()
        if _there(game, other.id, other.generation) and _there(game, striker.id, striker.generation):
            _hit(game, other, striker)
        return
    a_power = game.value(attacker, "attack") or 0
    d_power = game.value(defender, "attack") or 0
    removal.deal_damage(game, defender, a_power, cause=Cause.BATTLE, source=attacker.id, by=attacker.controller)
    removal.deal_damage(game, attacker, d_power, cause=Cause.BATTLE, source=defender.id, by=defender.controller)


def _hit(game: Game, source: Any, target: Any) -> None:
    removal.deal_damage(game, target, game.value(source, "attack") or 0, cause=Cause.BATTLE, source=source.id,
                        by=source.controller)


def graze(game: Game, player: int, attacker: Any) -> None:
    """G1-G4: after taking battle damage a player may put exactly the attacker's GRAZE value of
    cards from the top of their deck into their node area asleep — not with X or fewer left."""
    x = game.value(attacker, "graze") or 0
    deck = game.zone(DECK, player)
    if x <= 0 or len(deck.cards) <= x:
        return
    if not game.yes_no(player, f"Graze: put the top {x} card(s) of your deck into your nodes, asleep?",
                       source=attacker.id):
        return
    deck_rule.before_manipulation(game, player)
    for _ in range(x):
        node = game.move(game.zone(DECK, player).cards[-1], NODES, player, cause=Cause.RULE, by=player,
                         kind="grazed", face_up=False)
        game.set_status(node, SLEEP, True, quiet=True)
    game.record("graze", player=player, count=x, source=attacker.id)
