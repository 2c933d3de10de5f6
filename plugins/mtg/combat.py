"""The combat phase's turn-based actions (506-511): declaring attackers and blockers, and combat
damage with first strike, double strike, trample, deathtouch and lifelink.

* Blocks (509.1): the defending player picks, creature by creature, what each blocks; the whole
  declaration is then checked against the restrictions (509.1b-c: menace, 702.111b) and asked
  again when it breaks one.
* Dividing combat damage (510.1c, since the Foundations update of November 2024 that removed
  damage assignment order): the attacking player divides the damage of a creature blocked by two
  or more among its blockers as they choose, at the combat damage step; with trample, each
  blocker must be assigned lethal damage (deathtouch makes 1 lethal, 702.2c) before any goes to
  the player (702.19c). The older rule (509.2: blockers ordered as they are declared, lethal to
  each in that order) stays available with the setting ``damage_assignment_order``.

One simplification: every attacker attacks the other player (no planeswalkers or battles in the
card pool).
"""
from __future__ import annotations

from typing import Any

from rulestack import Card, Cause, Game

from . import actions, rules

COMBAT_STATUSES = ("attacking", "blocking", "blocked", "blockers", "struck_first")


def can_attack(game: Game, card: Card) -> bool:
    """508.1a: an untapped creature without summoning sickness (302.6) and without defender."""
    return (not card.status.get("tapped") and not rules.summoning_sick(game, card)
            and not rules.has_keyword(game, card, "Defender"))


def can_block(game: Game, blocker: Card, attacker: Card) -> bool:
    """509.1a-b: an untapped creature; a creature with flying only by flying or reach (702.9b, 702.17b)."""
    if blocker.status.get("tapped"):
        return False
    if rules.has_keyword(game, attacker, "Flying"):
        return rules.has_keyword(game, blocker, "Flying") or rules.has_keyword(game, blocker, "Reach")
    return True


def attackers(game: Game) -> list[Card]:
    return [c for c in rules.creatures(game) if c.status.get("attacking")]


def declare_attackers(game: Game) -> list[int]:
    """508.1: the active player chooses which creatures attack; they tap (unless vigilance)."""
    ap = game.active_player
    able = [c.id for c in rules.creatures(game, ap) if can_attack(game, c)]
    if not able:
        return []
    chosen = game.choose_cards(ap, able, 0, len(able), "declare attackers", reason="attack")
    defender = game.opponent(ap)
    for cid in chosen:
        card = game.card(cid)
        if not rules.has_keyword(game, card, "Vigilance"):
            game.set_status(card, "tapped", True, cause=Cause.ACTION, by=ap)
        game.set_status(card, "attacking", True, quiet=True)
        game.record("attacks", cause=Cause.ACTION, player=ap, card=cid, defender=defender)
    return chosen


def blocking_problem(game: Game, picks: dict[int, Card]) -> str | None:
    """509.1c: what makes a whole block declaration illegal (``picks``: blocker id -> attacker),
    or None. Menace (702.111b): a creature with menace is blocked by two or more creatures or none."""
    count: dict[int, int] = {}
    for attacker in picks.values():
        count[attacker.id] = count.get(attacker.id, 0) + 1
    for aid, n in count.items():
        attacker = game.card(aid)
        if n == 1 and rules.has_keyword(game, attacker, "Menace"):
            return f"{attacker.name} has menace: it can't be blocked except by two or more creatures (702.111b)"
    return None


def declare_blockers(game: Game) -> None:
    """509.1: the defending player chooses, creature by creature, which attacker each blocks; a
    declaration that breaks a restriction (509.1c, menace) is asked again from the start. Then the
    attacking player orders the blockers of each creature blocked by two or more (509.2)."""
    defender = game.opponent(game.active_player)
    attacking = attackers(game)
    if not attacking:
        return
    problem = None
    while True:
        picks: dict[int, Any] = {}
        for blocker in rules.creatures(game, defender):
            options = [a for a in attacking if can_block(game, blocker, a)]
            if not options:
                continue
            labels = ["no block"] + [f"block {a.name}" for a in options]
            prompt = f"{blocker.name}: block?" + (f" (declaration redone: {problem})" if problem else "")
            pick = game.choose_option(defender, labels, prompt, source=blocker.id)
            if pick:
                picks[blocker.id] = options[pick - 1]
        problem = blocking_problem(game, picks)
        if problem is None:
            break
    for bid, attacker in picks.items():
        blocker = game.card(bid)
        game.set_status(blocker, "blocking", attacker.id, quiet=True)
        game.set_status(attacker, "blocked", True, quiet=True)
        game.set_status(attacker, "blockers", list(attacker.status.get("blockers", [])) + [blocker.id], quiet=True)
        game.record("blocks", cause=Cause.ACTION, player=defender, card=blocker.id, attacker=attacker.id)
    if game.system.settings["damage_assignment_order"]:
        order_blockers(game)


def order_blockers(game: Game) -> None:
    """509.2 (before November 2024; setting ``damage_assignment_order``): for each attacking
    creature blocked by two or more creatures, the attacking player puts its blockers in damage
    assignment order (recorded as ``damage_order``)."""
    ap = game.active_player
    for attacker in attackers(game):
        blockers = list(attacker.status.get("blockers", []))
        if len(blockers) < 2:
            continue
        ordered = game.order(ap, blockers, f"{attacker.name}: order its blockers for damage (first gets lethal first)",
                             label=lambda cid: game.card(cid).name)
        game.set_status(attacker, "blockers", list(ordered), quiet=True)
        game.record("damage_order", cause=Cause.ACTION, player=ap, card=attacker.id, blockers=list(ordered))


def first_strike_step_needed(game: Game) -> bool:
    """510.4: a first-strike combat damage step happens if a combatant has first or double strike."""
    return any(rules.has_keyword(game, c, "First strike") or rules.has_keyword(game, c, "Double strike")
               for c in rules.creatures(game) if c.status.get("attacking") or c.status.get("blocking"))


def _deals_damage(game: Game, card: Card, step: str) -> bool:
    first = rules.has_keyword(game, card, "First strike")
    double = rules.has_keyword(game, card, "Double strike")
    if step == "first":
        return first or double
    if step == "regular":
        return double or not card.status.get("struck_first")
    return True


def _lethal(game: Game, source: Card, blocker: Card) -> int:
    """702.19c/702.2c: damage that is lethal, counting damage already marked."""
    if rules.has_keyword(game, source, "Deathtouch"):
        return 1
    return max(0, rules.toughness(game, blocker) - blocker.status.get("damage", 0))


def combat_damage(game: Game, step: str = "only") -> None:
    """510.1-2: every combatant that deals damage in this step assigns it, then all of it is dealt
    at once. ``step`` is ``"first"``, ``"regular"`` (after a first-strike step) or ``"only"``."""
    defender = game.opponent(game.active_player)
    assignments: list[tuple[Any, Any, int]] = []
    for attacker in attackers(game):
        if not _deals_damage(game, attacker, step):
            continue
        power = rules.power(game, attacker)
        if power <= 0:
            continue
        if not attacker.status.get("blocked"):
            assignments.append((attacker, defender, power))
            continue
        blockers = [game.card(b) for b in attacker.status.get("blockers", [])]
        blockers = [b for b in blockers if b.zone == "battlefield" and b.status.get("blocking") == attacker.id]
        trample = rules.has_keyword(game, attacker, "Trample")
        if not blockers:
            if trample:   # 702.19e: all its damage to the player
                assignments.append((attacker, defender, power))
            continue
        if len(blockers) > 1 and not game.system.settings["damage_assignment_order"]:
            assignments += divide(game, attacker, blockers, power, defender, trample)
            continue
        left = power
        for b in blockers:
            give = min(left, _lethal(game, attacker, b))
            if give:
                assignments.append((attacker, b, give))
                left -= give
        if left:
            assignments.append((attacker, defender if trample else blockers[0], left))
    for blocker in rules.creatures(game, defender):
        target_id = blocker.status.get("blocking")
        if target_id is None or not _deals_damage(game, blocker, step):
            continue
        attacker = game.card(target_id)
        power = rules.power(game, blocker)
        if power > 0 and attacker.zone == "battlefield" and attacker.status.get("attacking"):
            assignments.append((blocker, attacker, power))
    if step == "first":     # 510.4: who had first or double strike as the first step began
        for card in rules.creatures(game):
            if (card.status.get("attacking") or card.status.get("blocking") is not None) and (
                    rules.has_keyword(game, card, "First strike") or rules.has_keyword(game, card, "Double strike")):
                game.set_status(card, "struck_first", True, quiet=True)
    merged: dict[tuple[int, Any], int] = {}
    order: list[tuple[Any, Any]] = []
    for source, target, n in assignments:
        key = (source.id, target if isinstance(target, int) else ("card", target.id))
        if key not in merged:
            merged[key] = 0
            order.append((source, target))
        merged[key] += n
    for source, target in order:
        key = (source.id, target if isinstance(target, int) else ("card", target.id))
        actions.deal_damage(game, source, target, merged[key], cause=Cause.BATTLE)


def divide(game: Game, attacker: Card, blockers: list[Card], power: int, defender: int,
           trample: bool) -> list[tuple[Card, Any, int]]:
    """510.1c: the attacking player divides ``attacker``'s ``power`` damage among its blockers as
    they choose, one number per blocker (the last takes what is left: all of it is assigned).
    With trample (702.19c), each blocker takes at least lethal damage (while damage lasts) and
    what is left after every blocker had lethal may go to the player. Returns the assignments."""
    player = attacker.controller
    lethal = [_lethal(game, attacker, b) for b in blockers]
    out: list[tuple[Card, Any, int]] = []
    left = power
    for i, blocker in enumerate(blockers):
        last = i == len(blockers) - 1
        if trample:
            low = min(left, lethal[i])
            high = max(low, left - sum(lethal[i + 1:])) if not last else left
        else:
            low, high = (left, left) if last else (0, left)
        give = low
        if high > low:
            give = game.choose_number(player, low, high, f"{attacker.name}: how much of its {left} remaining combat "
                                      f"damage to {blocker.name}? (510.1c)", source=attacker.id)
        if give:
            out.append((attacker, blocker, give))
            left -= give
    if left:
        out.append((attacker, defender, left))      # trample only: lethal went to every blocker
    return out


def end_combat(game: Game) -> None:
    """511.3: creatures are removed from combat at the end of the end of combat step."""
    for card in rules.permanents(game):
        for key in COMBAT_STATUSES:
            if key in card.status:
                game.set_status(card, key, None, quiet=True)
