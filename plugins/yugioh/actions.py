"""What a player may do in each window, and doing it.

Action kinds: ``pass`` (move on, or do not respond), ``end_turn`` (from Main Phase 1, skip the
Battle Phase; from the Battle Phase, go on to the End Phase without acting in Main Phase 2), ``summon`` and ``set_monster`` (Normal/Tribute Summon or Set), ``flip_summon``,
``change_position``, ``set_spell_trap``, ``attack``, ``activate``, and the inherent Special
Summons from the Extra Deck ``synchro_summon``, ``xyz_summon``, ``link_summon`` (:mod:`.extra_deck`).
"""
from __future__ import annotations

from rulestack import Action, Cause, Game, IllegalAction

from . import battle, costs, extra_deck, rules, summoning
from .cardinfo import (ZONE_CAPACITY, ActionCache, ActionKey, ability_at, acting_card, cached_action, free_zones,
                       named_action)
from .windows import activations


def legal_actions(game: Game, player: int, window: str) -> list[Action]:
    st = game.state
    cache: ActionCache = game.system.action_cache  # type: ignore[attr-defined]   # action_cache(game), inlined
    keys = _KEYS[player] if player < len(_KEYS) else _keys(player)
    acts = [cache.get(keys[0]) or cached_action(cache, keys[0])]
    if window == "main":
        if st.phase == "main1" and st.turn > 1:
            acts.append(cache.get(keys[1]) or cached_action(cache, keys[1]))
        # Each part appends to the list; whether some toll applies is asked once, by the first that needs it.
        taxed = summoning.add_summon_actions(game, player, acts, None)
        if st.zones[("extra", player)].cards:      # (none to offer from an empty Extra Deck)
            acts += extra_deck.summon_actions(game, player)
        taxed = summoning.add_field_monster_actions(game, player, acts, taxed)
        add_set_spell_trap_actions(game, player, acts, taxed)
    elif window == "battle":
        acts.append(cache.get(keys[1]) or cached_action(cache, keys[1]))
        acts += battle.attack_actions(game, player)
    acts += activations(game, player, "open" if window == "battle" else window)
    return acts


def _keys(player: int) -> tuple[ActionKey, ActionKey]:
    """What a player's ``pass`` and ``end_turn`` actions are made of (:func:`.cardinfo.cached_action`)."""
    return ("pass", player, None, None, (), "pass"), ("end_turn", player, None, None, (), "end turn")


#: :func:`_keys` of the first players, made once.
_KEYS = tuple(_keys(p) for p in range(4))


def set_spell_trap_actions(game: Game, player: int) -> list[Action]:
    """Sets of Spell and Trap cards from the hand."""
    out: list[Action] = []
    add_set_spell_trap_actions(game, player, out, None)
    return out


def add_set_spell_trap_actions(game: Game, player: int, out: list[Action], taxed: bool | None) -> None:
    """Append :func:`set_spell_trap_actions` to ``out``; ``taxed``: whether some toll applies
    (:func:`.costs.tolls_apply`, ``None``: not asked yet, asked here only if needed)."""
    st = game.state
    zones = st.zones
    if ZONE_CAPACITY["spell_trap"] <= len(zones[("spell_trap", player)].cards):   # free_zones, inlined
        return
    cards = st.cards
    cache: ActionCache = game.system.action_cache  # type: ignore[attr-defined]   # action_cache(game), inlined
    for cid in zones[("hand", player)].cards:
        definition = cards[cid].definition
        if definition.fields.get("card_type", "") == "Monster":     # is_monster(card), inlined
            continue
        if taxed is None:
            taxed = bool(rules.active_statics(game, "toll"))    # costs.tolls_apply(game), inlined
        if not taxed or costs.action_cost_payable(game, player, cards[cid], "set_spell_trap"):
            found = cache.get(("set_spell_trap", player, cid, definition.name, ""))   # named_action, inlined
            out.append(found if found is not None else
                       named_action(cache, "set_spell_trap", player, cid, definition.name))


def perform(game: Game, action: Action) -> bool | None:
    kind = action.kind
    if kind in ("pass", "end_turn"):
        return True
    if kind == "activate":
        card = acting_card(game, action)
        ab = ability_at(card, action.ability)
        game.activate(action.player, card, ab, card_activation=ab.kind == "activate", window=action.get("window"))
        return True
    if kind == "summon":
        summoning.normal_summon(game, action, face_up=True)
    elif kind == "set_monster":
        summoning.normal_summon(game, action, face_up=False)
    elif kind in extra_deck.HOW:
        extra_deck.perform_summon(game, action)
    elif kind == "flip_summon":
        summoning.flip_summon(game, action)
    elif kind == "change_position":
        summoning.change_position(game, action)
    elif kind == "set_spell_trap":
        set_spell_trap(game, action)
    elif kind == "attack":
        battle.declare_attack(game, action)
    else:
        return None
    return True


def set_spell_trap(game: Game, action: Action) -> None:
    player, card = action.player, acting_card(game, action)
    if free_zones(game, "spell_trap", player) <= 0:
        raise IllegalAction("no Spell & Trap Zone is free")
    costs.pay_action_cost(game, player, card, "set_spell_trap")
    card = game.move(card, "spell_trap", player, face_up=False, cause=Cause.ACTION, by=player, how="set")
    game.set_status(card, "set_turn", game.state.turn, quiet=True)
