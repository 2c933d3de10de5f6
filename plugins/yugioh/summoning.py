"""Summons and Sets of monsters, Flip Summons, Special Summons by an effect, and changes of battle
position.

* Normal Summon or Set: once per turn, in the turn player's Main Phase; Levels 5-6 need 1 Tribute,
  Levels 7+ need 2. Tributes for a Summon are part of the Summon (cause ``action``), forbidden by
  Mask of Restrict like any Tribute.
* Flip Summon: a face-down Defense Position monster that was not Set this turn turns face-up in
  Attack Position.
* Position change: once per turn per face-up monster, not the turn it arrived, not after it
  attacked.
* A Normal, Tribute or Flip Summon passes through a moment where it may be negated (Solemn
  Judgment, Stardust Warrior): the ``summon`` window. Only then is the monster "Summoned"
  (event ``summoned``), which opens the timing for "When ... is Summoned" cards (Trap Hole).
* A Special Summon by an effect (:func:`special_summon`) places the monster face-up at once; an
  Extra Deck or Ritual Monster never properly Summoned cannot come back from the GY or banishment
  (:mod:`.proper_summons`).
* Costs that continuous effects put on Summoning and Setting (Chain Energy) are paid first, all or
  nothing (YGO-A17); so is the toll on a Special Summon from the hand.
"""
from __future__ import annotations

from rulestack import Action, Card, CardDefinition, Cause, Game, IllegalAction

from . import chain, costs, rules, timing
from .cardinfo import (ATTACK, DEFENSE, ActionCache, acting_card, cached_action, free_zones, is_extra_deck_monster,
                       is_monster, named_action, position, tributes_needed)
from .moves import place_on_field, send
from .proper_summons import mark_properly_summoned, revivable


def _level(card: Card) -> int:
    """The Level of a monster in the hand: its printed Level (nothing in this card pool changes the
    Level of a card in the hand, and reading the printed value keeps the Main Phase cheap)."""
    return int(card.definition.fields.get("level", 0) or 0)


def tribute_pool(game: Game, player: int) -> list[int]:
    """The monsters ``player`` may Tribute: those of their Monster Zone no continuous effect forbids
    to (all of them at once while no active continuous effect forbids Tributes:
    :func:`.rules.forbidden` finds nothing for any of them then)."""
    ids = game.state.zones[("monster", player)].cards
    if not rules.forbids_any(game, "tribute"):
        return list(ids)
    cards = game.state.cards
    return [cid for cid in ids if not rules.forbidden(game, "tribute", cards[cid])]


#: Per card definition (by identity: definitions are immutable and shared by every game of the
#: process): ``None`` for a card that is not Normal Summoned or Set from the hand (not a monster, an
#: Extra Deck or a Ritual Monster), else the Tributes it needs and the labels of its two actions.
_NORMAL_SUMMON: dict[int, tuple[CardDefinition, tuple[int, str, str] | None]] = {}


def _normal_summon_facts(card: Card) -> tuple[int, str, str] | None:
    definition = card.definition
    found = _NORMAL_SUMMON.get(id(definition))
    if found is None or found[0] is not definition:
        facts = None
        if is_monster(card) and not is_extra_deck_monster(definition.fields) and \
                definition.fields.get("frame") != "Ritual":   # a Ritual Monster is only Ritual Summoned
            need = tributes_needed(_level(card))
            word = "tribute summon" if need else "normal summon"
            facts = (need, f"{word} {definition.name}", f"set {definition.name}")
        found = _NORMAL_SUMMON[id(definition)] = (definition, facts)
    return found[1]


def summon_actions(game: Game, player: int) -> list[Action]:
    """Normal Summons and Sets the turn player may make now."""
    out: list[Action] = []
    add_summon_actions(game, player, out, None)
    return out


def add_summon_actions(game: Game, player: int, out: list[Action], taxed: bool | None) -> bool | None:
    """Append :func:`summon_actions` to ``out``; ``taxed``: whether some toll applies
    (:func:`.costs.tolls_apply`, ``None``: not asked yet). Returns ``taxed``, asked if it was not
    (the main phase's other actions ask it only when they need it, as they would on their own)."""
    st = game.state
    values = st.players[player].values
    turn = st.turn
    if values.get("normal_summon_turn") == turn or values.get("no_normal_summon_turn") == turn:
        return taxed
    pool = None
    zones, cards = st.zones, st.cards
    cache: ActionCache = game.system.action_cache  # type: ignore[attr-defined]   # action_cache(game), inlined
    own = len(zones[("monster", player)].cards)
    if taxed is None:
        taxed = bool(rules.active_statics(game, "toll"))    # costs.tolls_apply(game), inlined
    tax_summon = tax_set = False
    if taxed:
        tax_summon = bool(costs.tolls(game, player, "normal_summon"))
        tax_set = bool(costs.tolls(game, player, "set_monster"))
    restricted = None      # whether some continuous effect forbids something (asked when first needed)
    pairs: SummonActions = game.system.summon_actions  # type: ignore[attr-defined]   # YugiohSystem's
    if pairs.cards_version != game.cards_version or pairs.cards is not cards:
        pairs.renew(game)                        # (a card created, forgotten or become another: start again)
    for cid in zones[("hand", player)].cards:
        pair = pairs.get(cid)
        if pair is None or pair[1] != player:
            pair = _summon_pair(pairs, cache, cards[cid], player)
        offered = pair[2]
        if offered is None:
            continue
        need, summon, set_monster = offered
        if need:
            pool = tribute_pool(game, player) if pool is None else pool
            if len(pool) < need:
                continue
        elif own >= 5:
            continue
        if not tax_summon or costs.action_cost_payable(game, player, cards[cid], "normal_summon"):
            if restricted is None:
                restricted = bool(rules.active_statics(game, "continuous"))
            if not (restricted and rules.forbidden(game, "normal_summon", cards[cid])):
                out.append(summon)
        if not tax_set or costs.action_cost_payable(game, player, cards[cid], "set_monster"):
            out.append(set_monster)
    return taxed


#: What :func:`summon_actions` offers for a card: the Tributes it needs, its Normal Summon and its Set.
Offered = tuple[int, Action, Action]


class SummonActions(dict[int, tuple[CardDefinition, int, "Offered | None"]]):
    """Per card id of a game, what :func:`summon_actions` offers for it from a player's hand: the
    card's definition and the player it was worked out for, then the Tributes it needs and its
    Normal Summon and Set actions (the action cache's: :func:`.cardinfo.cached_action`), or
    ``None`` for a card that is not Normal Summoned or Set. Valid while the card has that
    definition (the actions are made from it alone): the entries are kept for the game's cards
    seen (:attr:`cards`, by identity) at :attr:`cards_version` (while it is the same, no card has
    been created or forgotten and no definition has changed: :class:`.cardinfo.CardsSeen`), and
    forgotten when either changes (:meth:`renew`). A type of its own, not a plain dict: a fork
    starts with an empty one."""

    __slots__ = ("cards", "cards_version")

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[int, Card] | None = None
        self.cards_version = -1

    def renew(self, game: Game) -> None:
        """Forget every entry; keep the new ones for ``game``'s cards as they are now."""
        self.clear()
        self.cards, self.cards_version = game.state.cards, game.cards_version


def _summon_pair(pairs: SummonActions, cache: ActionCache, card: Card, player: int
                 ) -> tuple[CardDefinition, int, Offered | None]:
    """Work out and keep the entry of ``card`` in ``pairs`` (:class:`SummonActions`)."""
    facts = _normal_summon_facts(card)
    offered: Offered | None = None
    if facts is not None:
        need, summon_label, set_label = facts
        data = _TRIBUTES[need] if need < len(_TRIBUTES) else (("tributes", need),)
        offered = (need, cached_action(cache, ("summon", player, card.id, None, data, summon_label)),
                   cached_action(cache, ("set_monster", player, card.id, None, data, set_label)))
    pair = (card.definition, player, offered)
    pairs[card.id] = pair
    return pair


_TRIBUTES = tuple((("tributes", n),) for n in range(3))


def field_monster_actions(game: Game, player: int) -> list[Action]:
    """Flip Summons and position changes."""
    out: list[Action] = []
    add_field_monster_actions(game, player, out, None)
    return out


def add_field_monster_actions(game: Game, player: int, out: list[Action], taxed: bool | None) -> bool | None:
    """Append :func:`field_monster_actions` to ``out``; ``taxed`` as for :func:`add_summon_actions`
    (asked here only if needed and not asked yet); returns it."""
    st = game.state
    turn = st.turn
    cards = st.cards
    cache: ActionCache = game.system.action_cache  # type: ignore[attr-defined]   # action_cache(game), inlined
    for cid in st.zones[("monster", player)].cards:
        card = cards[cid]
        status = card.status
        if status.get("arrived_turn") == turn:
            continue
        definition = card.definition
        if not card.face_up:
            if taxed is None:
                taxed = bool(rules.active_statics(game, "toll"))    # costs.tolls_apply(game), inlined
            if not taxed or costs.action_cost_payable(game, player, card, "flip_summon"):
                found = cache.get(("flip_summon", player, cid, definition.name, ""))    # named_action, inlined
                out.append(found if found is not None else
                           named_action(cache, "flip_summon", player, cid, definition.name))
            continue
        if status.get("position_changed_turn") == turn or status.get("attacked_turn") == turn:
            continue
        if definition.fields.get("frame") == "Link":
            continue                               # a Link Monster cannot be in Defense Position
        pos = status.get("position")               # position(card), inlined: a face-up monster's
        new = DEFENSE if (pos if pos is not None else ATTACK) == ATTACK else ATTACK
        found = cache.get(("change_position", player, cid, definition.name, new))
        out.append(found if found is not None else
                   named_action(cache, "change_position", player, cid, definition.name, new))
    return taxed


def _pay_tributes(game: Game, player: int, card: Card, need: int) -> list[int]:
    if not need:
        return []
    pool = tribute_pool(game, player)
    if len(pool) < need:
        raise IllegalAction(f"{card.name} needs {need} Tribute(s)")
    chosen = game.choose_cards(player, pool, need, need, f"Tribute for {card.name}", reason="tribute",
                               source=card.id)
    for cid in chosen:
        send(game, cid, "graveyard", how="tributed", cause=Cause.ACTION, source=card.id, by=player)
    return chosen


def normal_summon(game: Game, action: Action, face_up: bool) -> None:
    """Normal (or Tribute) Summon, or Set, a monster from the hand."""
    player, card = action.player, acting_card(game, action)
    need = action.get("tributes", 0)
    chain.mark_last_thing(game)
    costs.pay_action_cost(game, player, card, "normal_summon" if face_up else "set_monster")
    game.set_value(player, "normal_summon_turn", game.state.turn)
    tributes = _pay_tributes(game, player, card, need)
    if free_zones(game, "monster", player) <= 0:
        raise IllegalAction("no Monster Zone is free")
    if not face_up:
        place_on_field(game, card, player, DEFENSE, face_up=False, how="set", cause=Cause.ACTION)
        game.record("monster_set", cause=Cause.ACTION, player=player, card=card.id)
        return
    place_on_field(game, card, player, ATTACK, face_up=True, how="summoning", cause=Cause.ACTION)
    how = "tribute" if tributes else "normal"
    game.set_value(None, "summoning", {"cards": [card.id], "how": how, "player": player, "negated": False})


def special_summon(game: Game, card: Card | int, player: int, pos: str = ATTACK, *, cause: str = Cause.EFFECT,
                   source: int | None = None, how: str = "special") -> bool:
    """Special Summon a monster face-up under ``player``'s control. Returns whether it happened
    (a full Monster Zone or a card that is not a monster stops it). ``how`` names the kind of
    Summon it is treated as (``fusion``, ``ritual``, ``synchro`` ...); all are Special Summons."""
    card = game.card(card) if isinstance(card, int) else card
    if not is_monster(card) or card.zone == "monster" or free_zones(game, "monster", player) <= 0:
        return False
    if not revivable(game, card):
        return False                           # never properly Summoned: it cannot come back
    if pos not in (ATTACK, DEFENSE) or card.definition.fields.get("frame") == "Link":
        pos = ATTACK                           # a Link Monster is always in Attack Position
    if card.zone == "hand":                    # a toll on Special Summons from the hand (Chain Energy)
        if not costs.action_cost_payable(game, player, card, "special_summon_from_hand"):
            return False
        costs.pay_action_cost(game, player, card, "special_summon_from_hand")
    card = place_on_field(game, card, player, pos, face_up=True, how="special_summoned", cause=cause, source=source)
    mark_properly_summoned(game, card, how)
    game.record("summoned", cause=cause, source=source, player=player, card=card.id, how=how, position=pos)
    return True


def flip_summon(game: Game, action: Action) -> None:
    player, card = action.player, acting_card(game, action)
    chain.mark_last_thing(game)
    costs.pay_action_cost(game, player, card, "flip_summon")
    game.set(card, "face_up", True)
    game.set_status(card, "position", ATTACK, quiet=True)
    game.set_status(card, "position_changed_turn", game.state.turn, quiet=True)
    game.set_value(None, "summoning", {"cards": [card.id], "how": "flip", "player": player, "negated": False})


def change_position(game: Game, action: Action) -> None:
    card = acting_card(game, action)
    new = DEFENSE if position(card) == ATTACK else ATTACK
    game.set_status(card, "position", new, quiet=True)
    game.set_status(card, "position_changed_turn", game.state.turn, quiet=True)
    game.record("position_changed", cause=Cause.ACTION, player=action.player, card=card.id, position=new)


def finish_summon(game: Game) -> None:
    """The Summon in progress may be negated (the ``summon`` window, the opponent first); if it is
    not, the monster is Summoned and the timing for "When ... is Summoned" opens."""
    pending = game.value_of(None, "summoning")
    summoner = pending["player"]
    chain.build(game, game.opponent(summoner))
    chain.resolve_all(game)
    pending = game.value_of(None, "summoning")
    game.set_value(None, "summoning", None)
    if pending.get("negated"):
        return
    chain.mark_last_thing(game)
    for cid in pending["cards"]:
        card = game.card(cid)
        if card.zone != "monster":
            continue
        if pending["how"] == "flip":
            game.record("flipped", cause=Cause.ACTION, player=summoner, card=cid, code=card.code, zone="monster")
        game.record("summoned", cause=Cause.ACTION, player=summoner, card=cid, how=pending["how"],
                    position=position(card))
        mark_properly_summoned(game, card, pending["how"])
        timing.open_timing(game, {"on": "summoned", "how": pending["how"], "card": cid, "player": summoner})
