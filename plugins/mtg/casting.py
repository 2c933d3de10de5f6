"""Casting spells, activating abilities and resolving them (601, 602, 608), and the special
action of playing a land (305, 116.2a).

The host runs the flow (announce → targets → cost → push); this module answers its hooks with
MTG's rules: timing (sorcery speed unless instant or flash, 307.1, 304.1, 702.8), what announcing
does (the spell moves to the stack, 601.2a; the MTG ``target``, 601.2c), the total cost and the
choice of lands to tap (601.2f-g), whether targets are still legal on resolution (608.2b), and
where a resolved spell goes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, NamedTuple

from rulestack import Ability, Action, Activation, Cause, CostComponent, Game, Item, Role

from . import actions, costs, entering, mana, mana_pool, payment, rules, targets
from .turn import MAIN_PHASES

if TYPE_CHECKING:
    from .system import MTGSystem

WINDOW = "priority"


def sorcery_timing(game: Game, player: int) -> bool:
    """307.1: the active player's main phase with an empty stack."""
    st = game.state
    return st.active_player == player and st.phase in MAIN_PHASES and not st.stack


def can_activate(game: Game, activation: Activation) -> bool | str | None:
    """Timing of spells and activated abilities; triggered abilities need only a legal ``target``."""
    if activation.trigger is not None:
        return targets.has_choice(game, activation)
    ab, card, player = activation.ability, activation.card, activation.player
    if ab.kind == "spell":
        if card.zone != "hand" or rules.is_land(game, card):
            return False
        instant_speed = rules.has_type(game, card, "Instant") or rules.has_keyword(game, card, "Flash")
        during_resolution = bool(activation.data.get(costs.FREE))      # 608.2g: timing does not apply
        if not instant_speed and not during_resolution and not sorcery_timing(game, player):
            return "only in your main phase while the stack is empty (307.1)"
    elif ab.kind == "activated":
        if ab.get("sorcery_speed") and not sorcery_timing(game, player):
            return "only as a sorcery: in your main phase while the stack is empty (602.5d)"
    return targets.has_choice(game, activation)


def announce(game: Game, activation: Activation) -> bool:
    """601.2a: a spell moves to the stack as it is announced; then its ``target`` (601.2c)."""
    item = activation.item
    if activation.ability.kind == "spell":
        card = game.move(activation.card, "stack", None, cause=Cause.RULE, by=activation.player, kind="cast")
        game.set(item, "kind", "spell")
        game.set(item, "generation", card.generation)
    costs.announce(game, activation)
    targets.choose(game, activation)
    return True


def assemble_cost(game: Game, activation: Activation, components: list[CostComponent]) -> list[CostComponent]:
    """601.2f: lock in the total cost (:func:`costs.total_cost`); 601.2g: then, for the real
    payment only (the activation has its item, targets are chosen), the player chooses which lands
    to tap when it matters. The host's checks of feasibility assemble the cost before the item
    exists."""
    total = costs.total_cost(game, activation, components)
    if activation.item is not None and "mana_plan" not in activation.data:
        activation.data["mana_plan"] = None
        payment.choose_plan(game, activation, total)
    return total


def resolve_item(game: Game, item: Item) -> bool:
    """608.2b: a spell or ability whose targets are all illegal does not resolve; 608.3: a
    permanent spell enters the battlefield; otherwise its ``resolve`` function runs."""
    card = actions.item_card(game, item)
    ability = actions.ability_at(card, item.ability, f"stack item #{item.id}")
    if item.kind == "spell" and (card.zone != "stack" or card.generation != item.generation):
        return True
    total, legal = targets.host_targets_legal(game, item)
    picked = item.data.get("target")
    if picked:
        total += 1
    if total:
        still = sum(len(g) for g in legal) + (1 if targets.chosen(game, item) else 0)
        if not still:
            game.record("fizzled", source=card.id, player=item.controller, item=item.id, card=card.id,
                        why="all its targets are illegal (608.2b)")
            return True
        if item.targets and legal != item.targets:
            game.set(item, "targets", legal)
    if item.kind == "spell" and rules.is_permanent_card(card):
        way = costs.way_cast(ability)
        if way:       # evoked or kicked: its "when it enters, if ..." triggers read the move's cast_as
            entering.enter(game, card, item.controller, cause=Cause.RULE, source=card.id, cast_as=way)
        else:
            actions.enter_battlefield(game, card, item.controller, cause=Cause.RULE, source=card.id)
        return True
    game.run_resolution(item)
    return True


def after_resolve(game: Game, item: Item) -> None:
    """608.2n: an instant or sorcery goes to its owner's graveyard as the last step of resolving
    (or when it does not resolve)."""
    card = actions.item_card(game, item)
    if item.kind == "spell" and card.zone == "stack":
        game.move(card, "graveyard", card.owner, cause=Cause.RULE, how="resolved")


# -- actions ---------------------------------------------------------------------------------------

#: The pass action of each player (an action is a frozen value: one is made per player, not per window).
_PASS: dict[int, Action] = {}


def legal_actions(game: Game, player: int, window: str) -> list[Action]:
    """With priority: pass, play a land, cast a spell, activate an ability. Copies of a card in
    hand offer one choice, not one per copy."""
    if window != WINDOW:
        return []
    passing = _PASS.get(player)
    if passing is None:
        passing = _PASS[player] = Action("pass", player, label="pass")
    out = [passing]
    at_sorcery_speed = sorcery_timing(game, player)
    if at_sorcery_speed and game.value_of(player, "lands_played", 0) < 1:   # 305.2
        seen = set()
        for card in game.cards_in("hand", player):
            if rules.is_land(game, card) and card.name not in seen:
                seen.add(card.name)
                out.append(Action("play_land", player, card.id, label=f"play {card.name}"))
    out += castable(game, player, window, at_sorcery_speed)
    out += mana_pool.actions(game, player)
    if _activators(game):
        out += activatable(game, player, window)
    return out


class _Activated(NamedTuple):
    """An ability of kind ``activated`` of a definition, with what its cost needs."""

    ability: Ability
    #: Its cost has the {T} symbol.
    taps: bool
    #: The least mana its own mana cost can take.
    least_mana: int
    #: Checking it runs no script before its cost is judged: no ``condition``, and a ``target``
    #: whose card filter has no ``where``.
    scriptless: bool


def _activated(facts: rules.Printed) -> tuple[_Activated, ...]:
    """The abilities of kind ``activated`` of a definition (once per definition)."""
    known = facts.activated_facts
    if known is None:
        out = []
        for ab in facts.definition.abilities:
            if ab.role != Role.ACTIVATED or ab.kind != "activated":
                continue
            target = ab.get("target") or {}
            card_filter = target.get("card") if isinstance(target, Mapping) else None
            out.append(_Activated(
                ab, any(c.kind == "tap" for c in ab.cost),
                sum(mana.mana_of(c).least_mana for c in ab.cost if c.kind == "mana"),
                ab.get("condition") is None and (card_filter is None or "where" not in card_filter)))
        known = facts.activated_facts = tuple(out)
    return known


def activatable(game: Game, player: int, window: str) -> list[Action]:
    """``game.activatable(player, window, zones=["battlefield"], kinds=["activated"])`` with the
    actions labelled in Magic's words, the same actions in the same order. An ability whose check
    runs no script before its cost is judged (:class:`_Activated`) is refused without the host's
    check (a dry-run payment) when its cost certainly cannot be paid: a {T} cost of a tapped
    permanent or a creature with summoning sickness (:class:`.mana.TapCostKind`), or more mana than
    the player's pool and untapped mana sources make while nothing changes costs."""
    out = []
    cards = game.state.cards
    known, printed = rules.PRINTED.get, rules.printed
    mana_at_hand = None
    for cid in _activators(game):
        card = cards[cid]
        if card.controller != player:
            continue
        facts = known(id(card.definition)) or printed(card.definition)
        for entry in facts.activated_facts or _activated(facts):
            ab = entry.ability
            if entry.scriptless:
                if entry.taps and (card.status.get("tapped") or (
                        rules.is_creature(game, card) and rules.summoning_sick(game, card))):
                    continue
                if entry.least_mana:
                    if mana_at_hand is None:
                        mana_at_hand = (-1 if costs.changers(game)
                                        else len(mana.sources(game, player)) + mana_pool.size(game, player))
                    if 0 <= mana_at_hand < entry.least_mana:
                        continue
            if game.can_activate(Activation(player=player, card=card, ability=ab, window=window)):
                out.append(Action("activate", player, card.id, ab.index,
                                  label=f"activate {card.name}" + (f": {ab.label}" if ab.get("label") else "")))
    return out


def _activators(game: Game) -> tuple[int, ...]:
    """The permanents with an ability of kind ``activated`` (printed), in the order of the
    battlefield zones and of each zone's cards (:meth:`Game.activatable`'s order), whoever controls
    them (:func:`.rules.battlefield`)."""
    return rules.battlefield(game).activators


def _spells(facts: rules.Printed) -> tuple[Ability, ...]:
    """The ``spell`` abilities of a definition (once per definition)."""
    spells = facts.spells
    if spells is None:
        spells = facts.spells = tuple(ab for ab in facts.definition.abilities if ab.kind == "spell")
    return spells


def _least_mana(facts: rules.Printed) -> tuple[int, ...]:
    """The least mana each ``spell`` ability's own mana cost can take (once per definition)."""
    least = facts.least_mana
    if least is None:
        least = facts.least_mana = tuple(
            sum(mana.mana_of(c).least_mana for c in ab.cost if c.kind == "mana")
            for ab in _spells(facts))
    return least


def castable(game: Game, player: int, window: str, at_sorcery_speed: bool) -> list[Action]:
    """The spells ``player`` may cast now, one action per way of casting (its mana cost, with
    kicker, an alternative cost). Two cheap necessary conditions (enough mana in the pool and
    untapped lands for the least mana the cost can take, when nothing changes costs; instant speed
    when it is not sorcery time) spare the full check (:meth:`Game.can_activate`, a dry-run
    payment)."""
    out = []
    mana_at_hand = None     # worked out when first needed (never for a hand of lands, or of sorceries at instant speed)
    seen: set[str] = set()
    hold = rules.printed_types_hold(game)
    flash = None            # whether Flash is as printed (worked out at the first card that needs it)
    known, printed = rules.PRINTED.get, rules.printed
    state = game.state
    cards = state.cards
    for cid in state.zones[("hand", player)].cards:
        card = cards[cid]
        if card.code in seen:
            continue
        facts = known(id(card.definition)) or printed(card.definition)
        if facts.land if hold else rules.is_land(game, card):
            continue
        seen.add(card.code)
        spells = facts.spells
        if spells is None:
            spells = _spells(facts)
        if not spells:
            continue
        if not at_sorcery_speed and not (facts.instant if hold else rules.has_type(game, card, "Instant")):
            if flash is None:
                flash = rules.printed_keyword_holds(game, "Flash")
            if not ("Flash" in facts.keywords if flash else game.has_keyword(card, "Flash")):
                continue
        if mana_at_hand is None:
            mana_at_hand = (-1 if costs.changers(game)
                            else len(mana.sources(game, player)) + mana_pool.size(game, player))
        least = (facts.least_mana or _least_mana(facts)) if mana_at_hand >= 0 else ()
        for i, ab in enumerate(spells):
            if mana_at_hand >= 0 and least[i] > mana_at_hand:
                continue
            if game.can_activate(Activation(player=player, card=card, ability=ab, window=window)):
                way = f" ({ab.label})" if ab.get("kicked") or ab.get("alternative") else ""
                out.append(Action("activate", player, card.id, ab.index, label=f"cast {card.name}{way}"))
    return out


def perform_action(game: Game, action: Action) -> bool | None:
    if action.kind == "play_land":
        card = actions.acting_card(game, action)
        game.set_value(action.player, "lands_played", game.value_of(action.player, "lands_played", 0) + 1)
        game.record("land_played", cause=Cause.ACTION, player=action.player, card=card.id)
        actions.enter_battlefield(game, card, action.player, cause=Cause.ACTION)
        return True
    if action.kind == mana_pool.ADD_MANA:
        return mana_pool.activate(game, action)
    return None
