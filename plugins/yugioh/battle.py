"""The Battle Phase: Start Step, Battle Step (attack declarations), Damage Step, End Step.

* No Battle Phase on the first turn of the Duel.
* Each face-up Attack Position monster may declare one attack per turn, at a monster the opponent
  controls, or directly when the opponent controls none. Continuous effects may forbid it
  (Messenger of Peace, Swords of Revealing Light, Fiendish Chain) or charge for it (a ``toll`` on
  ``declare_attack``, paid before the attack is declared: YGO-A17).
* After the declaration both players may respond (Mirror Force, Sakuretsu Armor, Magic Cylinder).
* If the number of monsters the opponent controls changed before the Damage Step (the target left,
  or a monster arrived during a direct attack), a replay happens: the attacker may choose a new
  target (or attack directly when the opponent has no monsters) or stop. Simplified: the new
  target goes straight to the Damage Step, with no new response window.
* Damage Step, in its timings: the start of the Damage Step and "before damage calculation" (a
  face-down target is flipped face-up first) each open a window; damage calculation: ATK against
  ATK (the lower is destroyed and its controller takes the difference; equal values destroy both),
  or ATK against DEF (the defender is destroyed if ATK is higher, otherwise the attacker's
  controller takes the difference; no piercing); after damage calculation a window opens (effects
  of the battle damage); at the end of the Damage Step the monsters destroyed by battle are sent to
  the GY, and their "destroyed by battle" triggers follow. In these windows only Counter Traps,
  effects that negate an activation, and effects that change ATK/DEF (until damage calculation,
  tag ``atk_def``) may be activated (:func:`timing.damage_step_problem`); triggers activate as
  usual. A monster that leaves the field during the Damage Step ends the battle (no replay).
"""
from __future__ import annotations

from typing import Any, Literal, Sequence

from rulestack import Action, Card, Cause, Game

from . import chain, costs, rules, settling, timing
from .cardinfo import ATTACK, DEFENSE, ActionCache, acting_card, named_action, position
from .moves import destroy, flip_face_up
from .windows import respond


def attack_actions(game: Game, player: int) -> list[Action]:
    """The attacks ``player``'s monsters may declare now: one per face-up Attack Position monster
    that has not attacked this turn, unless an effect forbids it (:func:`.rules.forbidden`) or it
    cannot pay a toll on attacking."""
    out = []
    st = game.state
    turn = st.turn
    cards = st.cards
    taxed = None          # whether some toll applies (asked when first needed)
    statics = None        # the continuous effects that apply (asked when first needed)
    printed = False       # whether "Cannot Attack" is read from the printed keywords (with statics)
    cache: ActionCache = game.system.action_cache  # type: ignore[attr-defined]   # action_cache(game), inlined
    for cid in st.zones[("monster", player)].cards:
        card = cards[cid]
        if not card.face_up:
            continue
        status = card.status
        pos = status.get("position")               # position(card), inlined: a face-up monster's
        if (pos is not None and pos != ATTACK) or status.get("attacked_turn") == turn:
            continue
        if statics is None:
            statics = rules.active_statics(game, "continuous")
            written = rules.modifier_writes(game)[0]    # (rules.has_keyword's test, asked once)
            printed = written is not None and "Cannot Attack" not in written
        # rules.forbidden(game, "declare_attack", card): the "Cannot Attack" keyword (rules.has_keyword,
        # inlined) or a continuous effect; the effects' part asked only while some continuous effect applies.
        if ("Cannot Attack" in card.definition.keywords if printed else game.has_keyword(card, "Cannot Attack")) \
                or (statics and rules.forbidden(game, "declare_attack", card)):
            continue
        if statics and not st.zones[("monster", game.opponent(player))].cards and \
                rules.forbidden(game, "attack_directly", card):
            continue
        if taxed is None:
            taxed = bool(rules.active_statics(game, "toll"))    # costs.tolls_apply(game), inlined
        if taxed and not costs.action_cost_payable(game, player, card, "declare_attack"):
            continue
        name = card.definition.name                # card.name, and named_action, inlined
        found = cache.get(("attack", player, cid, name, ""))
        out.append(found if found is not None else named_action(cache, "attack", player, cid, name))
    return out


def _choose_target(game: Game, player: int, attacker: Card) -> int | None:
    """The attack target: a monster the opponent controls, or ``None`` for a direct attack."""
    foes = list(game.state.zones[("monster", game.opponent(player))].cards)   # (their ids, in order)
    if not foes:
        return None
    return game.choose_cards(player, foes, 1, 1, f"attack target for {attacker.name}", reason="attack_target",
                             source=attacker.id)[0]


def declare_attack(game: Game, action: Action) -> None:
    """Pay what the attack costs, then declare it; the timing for "When ... declares an attack" opens."""
    player, attacker = action.player, acting_card(game, action)
    chain.mark_last_thing(game)
    costs.pay_action_cost(game, player, attacker, "declare_attack")
    target = _choose_target(game, player, attacker)
    game.set_status(attacker, "attacked_turn", game.state.turn, quiet=True)
    game.set_value(None, "attack", {"attacker": attacker.id, "attacker_gen": attacker.generation, "target": target,
                                    "target_gen": game.card(target).generation if target else None,
                                    "foes": len(game.zone("monster", game.opponent(player)).cards),
                                    "negated": False})
    game.record("attack_declared", cause=Cause.ACTION, player=player, card=attacker.id, target=target)
    timing.open_timing(game, {"on": "attack_declared", "card": attacker.id, "player": player, "target": target,
                              "direct": target is None})


def current_attack(game: Game) -> dict[str, Any] | None:
    attack: dict[str, Any] | None = game.value_of(None, "attack")
    return attack


def negate_attack(game: Game, source: int | None, by: int | None) -> bool:
    atk = current_attack(game)
    if not atk or atk.get("negated"):
        return False
    game.set_value(None, "attack", {**atk, "negated": True})
    game.record("attack_negated", cause=Cause.EFFECT, source=source, player=by, card=atk["attacker"])
    return True


def _same(game: Game, cid: int | None, gen: int | None) -> bool:
    if cid is None:
        return False
    c = game.card(cid)
    return c.generation == gen and c.zone == "monster"


def damage_step(game: Game) -> None:
    """Carry out the declared attack, unless it was negated or the attacker is gone, through the
    Damage Step's timings."""
    atk = current_attack(game)
    game.set_value(None, "attack", None)
    if not atk or atk["negated"]:
        return
    attacker = game.card(atk["attacker"])
    if not _same(game, attacker.id, atk["attacker_gen"]) or not attacker.face_up or position(attacker) != ATTACK:
        return
    player = attacker.controller
    target_id = atk["target"]
    foes = len(game.zone("monster", game.opponent(player)).cards)
    if foes != atk["foes"] or (target_id is not None and not _same(game, target_id, atk["target_gen"])):
        target_id = _replay(game, player, attacker)
        if target_id is False:
            return
    target = game.card(target_id) if target_id is not None else None
    fighters = [(attacker.id, attacker.generation)] + ([(target.id, target.generation)] if target else [])
    game.set_phase(game.state.phase, "damage")
    game.set_value(None, "attack", {**atk, "target": target_id, "target_gen": target.generation if target else None})
    was_face_down = target is not None and not target.face_up
    flip = (target, attacker) if target is not None and was_face_down else None
    if _damage_timing(game, "start", fighters) and _damage_timing(game, "before_calculation", fighters, flip=flip):
        chain.mark_last_thing(game)
        game.set_value(None, "damage_step", "calculation")
        if target is None:
            _battle_damage(game, game.opponent(player), int(game.value(attacker, "atk", 0) or 0), attacker)
            losers: list[tuple[Card, int, Card]] = []
        else:
            losers = _fight(game, attacker, target, was_face_down)
        rules.run_state_checks(game)
        _damage_timing(game, "after_calculation", [])
        _damage_timing(game, "end", [], destroyed=losers)
    game.set_value(None, "damage_step", None)
    game.set_value(None, "attack", None)
    game.set_phase(game.state.phase, "battle")


def _damage_timing(game: Game, timing_name: str, fighters: list[tuple[int, int]], flip: tuple[Card, Card] | None = None,
                   destroyed: Sequence[tuple[Card, int, Card]] = ()) -> bool:
    """One timing of the Damage Step: what happens at it, then a window in which only what the
    Damage Step allows may be activated. False when a monster in the battle left the field (the
    battle ends there)."""
    game.set_value(None, "damage_step", timing_name)
    game.record("damage_timing", timing=timing_name)
    if flip is not None:                      # a face-down target is flipped face-up before damage calculation
        card, attacker = flip
        flip_face_up(game, card, cause=Cause.BATTLE, source=attacker.id, by=attacker.controller)
    for card, generation, by_card in destroyed:    # the end of the Damage Step: to the GY
        if card.zone == "monster" and card.generation == generation:
            _destroy_by_battle(game, card, by_card)
    settling.open_window(game)                # (which settles the game first)
    for cid, gen in fighters:                 # all(_same(...)): a loop, no generator
        if not _same(game, cid, gen):
            return False
    return True


def _replay(game: Game, player: int, attacker: Card) -> int | Literal[False] | None:
    """A replay: attack a monster the opponent controls now (or directly, if they have none) or stop."""
    foes = list(game.state.zones[("monster", game.opponent(player))].cards)   # (their ids, in order)
    if not foes and rules.forbidden(game, "attack_directly", attacker):
        return False                                  # it may not attack directly: no replay
    if not game.yes_no(player, f"replay: attack again with {attacker.name}?", source=attacker.id):
        return False
    if not foes:
        return None
    return game.choose_cards(player, foes, 1, 1, f"new attack target for {attacker.name}", reason="attack_target",
                             source=attacker.id)[0]


def _battle_damage(game: Game, player: int, amount: int, by_card: Card) -> None:
    if amount <= 0 or rules.turn_flag(game, player, "no_battle_damage"):
        return
    game.change_life(player, -amount, cause=Cause.BATTLE, source=by_card.id, by=by_card.controller, kind="damaged")


def _destroy_by_battle(game: Game, card: Card, by_card: Card) -> None:
    if rules.forbidden(game, "destroy_by_battle", card) or rules.turn_flag(game, card.controller,
                                                                          "battle_indestructible"):
        return
    destroy(game, card, cause=Cause.BATTLE, source=by_card.id, by=by_card.controller)


def _fight(game: Game, attacker: Card, target: Card, was_face_down: bool) -> list[tuple[Card, int, Card]]:
    """Damage calculation between two monsters. Returns the monsters destroyed by battle, each with
    the card that destroyed it and its generation, to be sent to the GY at the end of the Damage Step."""
    atk = int(game.value(attacker, "atk", 0) or 0)
    defending = position(target) == DEFENSE
    value = int(game.value(target, "def" if defending else "atk", 0) or 0)
    game.record("damage_calculation", cause=Cause.BATTLE, player=attacker.controller, card=attacker.id,
                target=target.id, atk=atk, against=value, defending=defending, face_down=was_face_down)
    losers = []
    if defending:
        if atk > value:
            losers.append(target)
        elif atk < value:
            _battle_damage(game, attacker.controller, value - atk, target)
    else:
        if atk > value:
            _battle_damage(game, target.controller, atk - value, attacker)
            losers.append(target)
        elif atk < value:
            _battle_damage(game, attacker.controller, value - atk, target)
            losers.append(attacker)
        elif atk > 0:
            losers += [attacker, target]
    game.record("damage_calculated", cause=Cause.BATTLE, player=attacker.controller, card=attacker.id,
                target=target.id, face_down=was_face_down)
    return [(card, card.generation, target if card is attacker else attacker) for card in losers]


def battle_phase(game: Game) -> str:
    """The whole Battle Phase of the turn player. Returns how they left it: ``pass`` (on to Main
    Phase 2) or ``end_turn`` (on to the End Phase, doing nothing in Main Phase 2)."""
    st = game.state
    tp = st.active_player
    if st.step in (None, "start"):
        settling.enter_phase(game, "battle", "start")
        settling.open_window(game)
        settling.enter_phase(game, "battle", "battle")
    while True:
        settling.settle(game)
        action = game.act(tp, "battle")
        if action.kind == "attack":
            settling.settle(game)
            damage_step(game)
            continue
        if action.kind not in ("pass", "end_turn"):
            continue
        # Before the Battle Step ends the opponent may still act; then the turn player again.
        settling.settle(game)
        if respond(game, game.opponent(tp), "open").kind == "pass":
            break
    settling.enter_phase(game, "battle", "end")
    settling.open_window(game)
    return action.kind
