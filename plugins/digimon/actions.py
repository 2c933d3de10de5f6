"""What a player may do at each window, and doing it.

Windows: ``breeding`` (6-4), ``main`` (6-5-1) and ``block`` (the non-turn player's block timing,
12). Actions: ``hatch`` and ``move_out`` (breeding), ``play`` (7-1), ``digivolve`` (8-1), ``use``
(an Option, 9-1), ``attack`` (11), ``activate`` (a [Main] effect on the field, 15-8-4), ``block``
(12-1) and ``pass`` (in the main phase it moves the memory to 3 on the opponent's side, 6-5-1-7-1).
"""
from __future__ import annotations

import re
from typing import Any

from rulestack import Action, Activation, Card, Cause, CostComponent, Game, IllegalAction, Item
from rulestack.state import Card

from . import areas, battle, memory, stacks, turn
from .areas import BATTLE, BREEDING, EGG_DECK, HAND, NO_AREA, SUSPENDED
from .resolution import interrupt, resolve_activated

PASS_LABELS = {"main": "pass (memory to 3 on the opponent's side)", "breeding": "do nothing",
               "block": "do not block"}


def legal_actions(game: Game, player: int, window: str) -> list[Action]:
    """The ``legal_actions`` hook."""
    acts = [Action("pass", player, label=PASS_LABELS.get(window, "pass"))]
    if window == "breeding" and player == game.state.active_player:
        acts += breeding_actions(game, player)
    elif window == "main" and player == game.state.active_player:
        acts += play_actions(game, player)
        acts += digivolve_actions(game, player)
        acts += use_actions(game, player)
        acts += battle.attack_actions(game, player)
        acts += game.activatable(player, "main", zones=[BATTLE], kinds=["activate_main"])
    elif window == "block":
        acts += battle.block_actions(game, player)
    return acts


# -- breeding phase (6-4, 4-17, 4-18) ------------------------------------------------------------------

def breeding_actions(game: Game, player: int) -> list[Action]:
    out = []
    bred = game.cards_in(BREEDING, player)
    if not bred and game.zone(EGG_DECK, player).cards:                 # 4-18-2, 4-18-3
        out.append(Action("hatch", player, label="hatch a Digi-Egg"))
    for card in bred:
        if areas.is_digimon_card(card) and areas.has_dp(card):           # 4-17-2: only Digimon with DP
            out.append(Action("move_out", player, card.id, label=f"move {card.name} to the battle area"))
    return out


def hatch(game: Game, player: int) -> Card:
    """4-18: flip the top Digi-Egg and place it in the breeding area."""
    eggs = game.zone(EGG_DECK, player).cards
    if not eggs or game.cards_in(BREEDING, player):
        raise IllegalAction(f"P{player} cannot hatch now (4-18-2, 4-18-3)")
    card = game.card(eggs[-1])
    return stacks.place(game, card, player, BREEDING, kind="hatched")


def move_out(game: Game, card: Card) -> None:
    """4-17: move a Digimon with DP from the breeding area to the battle area, keeping its
    orientation and the effects on it (4-17-3/-4); it is not played (MAN)."""
    if card.zone != BREEDING or not areas.has_dp(card):
        raise IllegalAction(f"{card.name} can't be moved to the battle area (4-17-2)")
    game.move(card, BATTLE, card.controller, cause=Cause.ACTION, by=card.controller, kind="moved_out",
              keep_status=True)


# -- playing (7-1) ---------------------------------------------------------------------------------------

def play_cost(game: Game, card: Card) -> int:
    """The cost to play or use the card; a final cost is never negative (1-3-9)."""
    return max(0, game.value(card, "cost") or 0)


def play_actions(game: Game, player: int) -> list[Action]:
    return [Action("play", player, c.id, label=f"play {c.name} (cost {play_cost(game, c)})")
            for c in game.cards_in(HAND, player)
            if areas.category(c) in (areas.DIGIMON, areas.TAMER) and memory.can_pay(game, player, play_cost(game, c))]


def play_from_hand(game: Game, player: int, card: Card) -> None:
    """7-1-3: reveal, pay the play cost, place it on the field; [On Play] triggers (15-16-2-1).
    An unpayable cost moves no memory and the card stays in hand (7-1-2-3, 1-3-11-1)."""
    if card.zone != HAND or card.controller != player or areas.category(card) not in (areas.DIGIMON, areas.TAMER):
        raise IllegalAction(f"P{player} cannot play {card.name} now")
    cost = play_cost(game, card)
    game.record("revealed", cause=Cause.ACTION, player=player, cards=[card.id], codes=[card.code], why="play")
    game.record("would_be_played", cause=Cause.ACTION, player=player, card=card.id, code=card.code, visible="all")
    interrupt(game)                                                       # 7-1-2-2
    if card.zone != HAND:
        raise IllegalAction(f"{card.name} can no longer be played (7-1-2-3)")
    game.pay_cost(player, [CostComponent("memory", cost)], card, label="play cost")
    stacks.place(game, card, player, BATTLE)


# -- digivolution (8-1) ----------------------------------------------------------------------------------

def requirements(card: Card) -> list[dict]:
    """The card's digivolution requirements: colour, level and cost (2-3-5)."""
    return list(card.definition.get("digivolve") or ())


def meets(game: Game, target: Card, req: dict) -> bool:
    """Does the Digimon ``target`` meet a requirement (its level, and its colour)?"""
    if not areas.is_digimon_card(target) or target.zone not in (BATTLE, BREEDING):
        return False
    if req.get("name"):
        return target.name == req["name"]
    if areas.level(target) != req.get("level"):
        return False
    return req.get("color") is None or req["color"] in areas.colors(target)


_DIGISORPTION = re.compile(r"^Digisorption -(\d+)$")


def digisorption(card: Card) -> int:
    """<Digisorption -N> (16-10): several instances add up."""
    return sum(int(m.group(1)) for k in card.definition.keywords for m in [_DIGISORPTION.match(k)] if m)


def digivolve_cost(game: Game, card: Card, req: dict, absorbed: int | None) -> int:
    cost = int(req.get("cost", 0))
    if absorbed is not None:
        cost -= digisorption(card)
    return max(0, cost)


def digivolve_actions(game: Game, player: int) -> list[Action]:
    out: list[Action] = []
    field = areas.digimon(game, player, (BATTLE, BREEDING))
    absorbers = [c for c in areas.digimon(game, player) if not areas.is_suspended(c)]
    for card in game.cards_in(HAND, player):
        if areas.category(card) != areas.DIGIMON:
            continue
        sorb = digisorption(card)
        for target in field:
            for i, req in enumerate(requirements(card)):
                if not meets(game, target, req):
                    continue
                for absorbed in [None] + ([a.id for a in absorbers] if sorb else []):
                    cost = digivolve_cost(game, card, req, absorbed)
                    if not memory.can_pay(game, player, cost):
                        continue
                    label = f"digivolve {target.name} into {card.name} (cost {cost})"
                    if absorbed is not None:
                        label += f", suspending {game.card(absorbed).name} for <Digisorption>"
                    out.append(Action("digivolve", player, card.id,
                                      data=(("target", target.id), ("requirement", i), ("absorbed", absorbed)),
                                      label=label))
    return out


def digivolve_from_hand(game: Game, player: int, card: Card, target: Card, req_index: int,
                        absorbed: Card | None = None) -> None:
    """8-1-3: reveal the card and choose a Digimon meeting one requirement; <Digisorption> may
    suspend a Digimon to reduce the cost (16-10); pay; stack it; draw 1 (8-1-3-3; no draw from an
    empty deck, 8-1-2-8)."""
    reqs = requirements(card)
    if (card.zone != HAND or card.controller != player or target.controller != player
            or not 0 <= req_index < len(reqs) or not meets(game, target, reqs[req_index])):
        raise IllegalAction(f"P{player} cannot digivolve {target.name} into {card.name} (8-1-3-1)")
    game.record("revealed", cause=Cause.ACTION, player=player, cards=[card.id], codes=[card.code], why="digivolve",
                target=target.id)
    game.record("would_digivolve", cause=Cause.ACTION, player=player, card=card.id, code=card.code, target=target.id,
                visible="all")
    interrupt(game)                                                       # 8-1-2-4
    if card.zone != HAND or target.zone not in (BATTLE, BREEDING) or not meets(game, target, reqs[req_index]):
        raise IllegalAction(f"{target.name} can no longer digivolve into {card.name} (8-1-2-6)")
    if absorbed is not None:
        if not digisorption(card) or absorbed.controller != player or absorbed.zone != BATTLE \
                or areas.is_suspended(absorbed):
            raise IllegalAction(f"{absorbed.name} can't be suspended for <Digisorption> (16-10)")
        game.set_status(absorbed, SUSPENDED, True, cause=Cause.EFFECT, source=card.id, by=player)
    cost = digivolve_cost(game, card, reqs[req_index], absorbed.id if absorbed else None)
    game.pay_cost(player, [CostComponent("memory", cost)], card, label="digivolution cost")
    stacks.digivolve(game, card, target)
    turn.draw(game, player, 1, cause=Cause.RULE, source=card.id)


# -- using an Option (9-1) -------------------------------------------------------------------------------

def color_requirement_met(game: Game, player: int, card: Card) -> bool:
    """4-22-2: a Digimon or Tamer of each of the card's colours on your field (either area)."""
    present = {col for z in (BATTLE, BREEDING) for c in game.cards_in(z, player)
               if areas.category(c) in (areas.DIGIMON, areas.EGG, areas.TAMER) for col in areas.colors(c)}
    return all(col in present for col in areas.colors(card))


def main_ability(card: Card) -> Any:
    for ab in card.definition.abilities:
        if ab.kind == "main":
            return ab
    return None


def use_actions(game: Game, player: int) -> list[Action]:
    out = []
    for card in game.cards_in(HAND, player):
        ab = main_ability(card) if areas.category(card) == areas.OPTION else None
        if ab is None or not color_requirement_met(game, player, card):
            continue
        if not memory.can_pay(game, player, play_cost(game, card)):
            continue
        out.append(Action("use", player, card.id, ab.index, label=f"use {card.name} (cost {play_cost(game, card)})"))
    return out


def use_option(game: Game, player: int, card: Card) -> None:
    """9-1-9: declare and reveal, pay, activate the first [Main] effect; the card is in no area
    meanwhile (9-1-4) and trashed as soon as it has resolved (9-1-5, see :func:`after_use`)."""
    ab = main_ability(card)
    if ab is None or card.zone != HAND or areas.category(card) != areas.OPTION:
        raise IllegalAction(f"P{player} cannot use {card.name}: only an Option card in hand is used (9-1-1)")
    if not color_requirement_met(game, player, card):
        raise IllegalAction(f"P{player} cannot use {card.name}: no Digimon or Tamer of its colour "
                            f"{'/'.join(areas.colors(card))} on their field (9-1-1, 4-22-2)")
    game.activate(player, card, ab, card_activation=True, window="main")
    resolve_activated(game)


def announce(game: Game, activation: Activation) -> bool | None:
    """The ``announce`` hook: using an Option reveals it (9-1-9-1); "when would be used"
    immediate-type effects trigger right then (9-1-6); the card is then in no area (9-1-4)."""
    card = activation.card
    if not activation.card_activation or card.zone != HAND:
        return None
    game.record("revealed", cause=Cause.ACTION, player=activation.player, cards=[card.id], codes=[card.code],
                why="use")
    game.record("would_be_used", cause=Cause.ACTION, player=activation.player, card=card.id, code=card.code,
                visible="all")          # the card was just revealed to every player
    interrupt(game)
    if card.zone != HAND:
        raise IllegalAction(f"{card.name} can no longer be used (9-1-8)")
    game.move(card, NO_AREA, activation.player, cause=Cause.RULE, by=activation.player, kind="used")
    game.set_status(card, areas.USED_OPTION, True, quiet=True)
    return True


def after_use(game: Game, item: Item) -> None:
    """The ``after_resolve`` hook: a used Option is trashed immediately after its [Main] effect,
    unless the effect placed it in an area (9-1-5); nothing interrupts in between."""
    if not item.card_activation or item.card is None:
        return
    card = game.card(item.card)
    if card.zone == NO_AREA:
        game.move(card, areas.TRASH, card.owner, cause=Cause.RULE, kind="trashed_after_use")


def cost_contributions(game: Game, activation: Activation) -> list:
    """Using an Option pays its use cost in memory (2-7, 9-1-9-2)."""
    card = activation.card
    if activation.card_activation and activation.ability.kind == "main":
        return [CostComponent("memory", play_cost(game, card), source=card.id)]
    return []


# -- carrying out an action -------------------------------------------------------------------------------

def perform(game: Game, action: Action) -> Any:
    """The ``perform_action`` hook."""
    kind, player = action.kind, action.player
    if kind == "pass":
        if game.state.phase == "main" and player == game.state.active_player and game.state.step is None:
            memory.pass_turn(game, player)
        return True
    if kind == "hatch":
        hatch(game, player)
        return True
    if action.card is None:                       # every other action is done with a card
        return None
    card = game.card(action.card)
    if kind == "move_out":
        move_out(game, card)
    elif kind == "play":
        play_from_hand(game, player, card)
    elif kind == "digivolve":
        absorbed = action.get("absorbed")
        digivolve_from_hand(game, player, card, game.card(action.get("target")), action.get("requirement"),
                            game.card(absorbed) if absorbed is not None else None)
    elif kind == "use":
        if action.get("cards"):
            raise IllegalAction("cards are used one at a time (9-1-7)")
        use_option(game, player, card)
    elif kind == "activate":
        if action.ability is None:
            raise IllegalAction("an activation names its ability")
        game.activate(player, card, action.ability, window=action.get("window"))
        resolve_activated(game)
    elif kind == "attack":
        target = action.get("target")
        battle.attack(game, card, game.card(target) if target is not None else None)
    elif kind == "block":
        battle.block(game, card)
    else:
        return None
    return True


def activation_allowed(game: Game, activation: Activation) -> bool | None:
    """The ``can_activate`` hook: [Main] effects only by the turn player in their main phase with
    nothing unresolved and outside an attack (15-8-4-2); [Security] only while the card is being
    checked; conditions ([Your Turn] ...) met."""
    from . import abilities
    card, ab, player = activation.card, activation.ability, activation.player
    if activation.trigger is None:
        if ab.kind in ("main", "activate_main"):
            if player != game.state.active_player or game.state.phase != "main" or game.value_of(None, battle.ATTACK):
                return False
        if ab.kind == "security" and card.zone != NO_AREA:
            return False
    if not abilities.conditions_met(game, card, ab):
        return False
    return None

