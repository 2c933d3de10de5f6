"""Tiny, a small card game used to test the host.

Players start with 10 life and gain energy each turn (up to 5). Units are played from hand for
their cost; spells go on a shared stack and both players may respond before the top item
resolves (last in, first out). A unit whose damage reaches its toughness, or whose toughness is 0
or less, is discarded by the rules; a player at 0 life loses; a player who must draw from an
empty deck loses.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rulestack import (AbilityKind, Action, Cause, CostComponent, CostUnpayable, FunctionCost, GameSystem, Role,
                       ZoneSpec, hookimpl)
from rulestack.context import ScriptUsageError
from rulestack.state import Visibility
from rulestack.system import EventKind, Phase
from rulestack.windows import ResponseWindow, active_player, next_player, settle

from . import narration

HERE = Path(__file__).parent


# -- costs ---------------------------------------------------------------------------------------
def _pay_energy(game, player, comp, chosen, act):
    have = game.value_of(player, "energy", 0)
    if have < comp.amount:
        raise CostUnpayable(f"needs {comp.amount} energy, has {have}")
    game.set_value(player, "energy", have - comp.amount, event="energy_paid", cause=Cause.COST,
                   source=act.card.id)
    return {"energy": comp.amount}


def _pay_life(game, player, comp, chosen, act):
    game.change_life(player, -comp.amount, cause=Cause.COST, source=act.card.id, by=player)
    return {"life": comp.amount}


def _hand(game, player, comp, act):
    return [c.id for c in game.cards_in("hand", player) if c.id != act.card.id]


def _discard(game, player, comp, chosen, act):
    for cid in chosen:
        if game.would_move_to(cid, "discard") != "discard":
            raise CostUnpayable("a replacement effect would change where the card goes")
        game.move(cid, "discard", cause=Cause.COST, source=act.card.id, by=player)
    return {"cards": list(chosen)}


def _units(game, player, comp, act):
    return [c.id for c in game.cards_in("field", player) if c.definition.get("type") == "unit"]


# -- Lua vocabulary ----------------------------------------------------------------------------
def m_damage(ctx, target, amount):
    """Deal damage to a unit (by id) or to a player ("you"/"opponent")."""
    game = ctx.game
    if isinstance(target, str):
        game.change_life(ctx.who(target), -int(amount), cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player,
                         kind="damaged")
        return
    card = ctx.card_of(target)
    if card.zone != "field":
        return
    game.set_status(card, "damage", card.status.get("damage", 0) + int(amount), cause=Cause.EFFECT,
                    source=ctx.source_id, by=ctx.player)


def m_draw(ctx, n=1, who="you"):
    """Draw cards."""
    draw(ctx.game, ctx.who(who), int(n), Cause.EFFECT, ctx.source_id)


def m_discard_from_hand(ctx, n=1, who="you"):
    """The player discards n cards of their choice (an effect, not a cost)."""
    p = ctx.who(who)
    hand = [c.id for c in ctx.game.cards_in("hand", p)]
    chosen = ctx.game.choose_cards(p, hand, min(n, len(hand)), min(n, len(hand)), "discard")
    for cid in chosen:
        ctx.game.move(cid, "discard", cause=Cause.EFFECT, source=ctx.source_id, by=p)


def draw(game, player, n, cause=Cause.RULE, source=None):
    for _ in range(n):
        deck = game.zone("deck", player)
        if not deck.cards:
            game.set_value(player, "drew_from_empty", True)
            return
        game.move(deck.cards[-1], "hand", player, cause=cause, source=source, kind="drew")


#: Responding to the stack: the opponent of whoever added an item answers first; when both pass in
#: succession the top item resolves and the active player receives priority; the window closes
#: when the stack is empty.
RESPONSES = ResponseWindow(window="response", after_action=next_player, after_resolution=active_player,
                           until_empty=True)


class TinyGame(GameSystem):
    name = "tiny"
    version = "1.0"
    title = "Tiny (host test system)"
    zones = (
        ZoneSpec("deck", Visibility.HIDDEN, ordered=True),
        ZoneSpec("hand", Visibility.PRIVATE),
        ZoneSpec("field", Visibility.PUBLIC),
        ZoneSpec("discard", Visibility.PUBLIC, ordered=True),
        ZoneSpec("stack", Visibility.PUBLIC, per_player=False, ordered=True),
    )
    deck_sections = {"main": "deck"}
    card_fields = {"type": ("string", True), "cost": "integer", "power": "integer", "toughness": "integer",
                   "tax": "integer", "text": "string"}
    ability_kinds = {
        "spell": AbilityKind("spell", Role.ACTIVATED, doc="cast from hand onto the stack", zones=("hand",)),
        "act": AbilityKind("act", Role.ACTIVATED, doc="an ability of a unit on the field"),
        "when": AbilityKind("when", Role.TRIGGERED, required=frozenset({"trigger"}), doc="a triggered ability"),
        "static": AbilityKind("static", Role.STATIC, doc="a static ability of a unit on the field"),
        "instead": AbilityKind("instead", Role.REPLACEMENT, doc="a replacement: a card moving goes elsewhere"),
    }
    default_zones = {Role.ACTIVATED: ("field",), Role.TRIGGERED: ("field",), Role.STATIC: ("field",),
                     Role.REPLACEMENT: ("field",)}
    cost_kinds = {
        "energy": FunctionCost(_pay_energy, label="pay energy"),
        "life": FunctionCost(_pay_life, label="pay life"),
        "discard": FunctionCost(_discard, _hand, label="discard"),
        "sacrifice": FunctionCost(lambda g, p, c, ch, a: _discard(g, p, c, ch, a), _units, label="sacrifice"),
    }
    script_methods = {"damage": m_damage, "draw": m_draw, "discard_from_hand": m_discard_from_hand}
    layers = ("set", "add")
    op_layers = {"set": "set", "add": "add"}
    card_resource = None
    sample_decks = ("alpha", "beta")
    max_turns = 60
    _moved = {"card": "the card", "code": "its code", "from": "the zone it left", "to": "the zone it entered"}
    event_kinds = {
        "drew": EventKind("a player drew a card", _moved),
        "played": EventKind("a unit was played onto the field", _moved),
        "cast": EventKind("a spell was cast onto the stack", _moved),
        "died": EventKind("a unit was discarded by the rules (damage reached its toughness)", _moved),
        "damaged": EventKind("a player was dealt damage", {"delta": "the change", "life": "the new total",
                                                            "by": "who dealt it"}),
        "energy_set": EventKind("a player's energy was refilled at the start of their turn",
                                {"key": "energy", "value": "the new energy", "old": "the old energy"}),
        "energy_paid": EventKind("energy was paid as a cost", {"key": "energy", "value": "what is left",
                                                              "old": "the energy before"}),
    }
    phases = (Phase("start", "energy refills, units untap, the turn player draws (not on turn 1)"),
              Phase("main", "the turn player plays units and casts spells; both may respond"),
              Phase("end", "\"until end of turn\" effects end and damage wears off"))
    windows = {"main": "the turn player's main phase: play, cast, activate or pass",
               "response": "a player may respond to the top of the stack"}
    player_values = {"energy": "what the player can spend this turn (up to 5)"}
    zone_docs = {"deck": "face down; draw from the top", "hand": "private", "field": "units in play",
                 "discard": "used and dead cards", "stack": "spells waiting to resolve, shared"}

    @classmethod
    def card_root(cls) -> Path:
        return HERE

    # -- setup and turns -------------------------------------------------------------------------
    @hookimpl
    def setup_game(self, game):
        for p in range(2):
            game.shuffle("deck", p)
            game.set_life(p, 10)
            draw(game, p, 3)

    @hookimpl
    def play_turn(self, game):
        st = game.state
        p = st.active_player
        if st.phase is None:
            game.set_phase("start")
            game.set_value(p, "energy", min(5, (st.turn + 1) // 2 + 1), event="energy_set")
            for c in game.cards_in("field", p):
                game.set_status(c, "tapped", None, quiet=True)
            if st.turn > 1:
                draw(game, p, 1)
            settle(game)
            game.set_phase("main")
        if st.phase == "main":
            while True:
                settle(game)
                if st.stack:
                    RESPONSES.run(game, game.opponent(p))
                    continue
                if game.act(p, "main").kind == "pass":
                    break
            game.set_phase("end")
        game.end_effects(lambda e: e.duration == "until_end_of_turn")
        for c in game.find({"zone": "field"}, p):
            game.set_status(c, "damage", None, quiet=True)
        return True

    @hookimpl
    def legal_actions(self, game, player, window):
        acts = [Action("pass", player, label="pass")]
        spells = game.activatable(player, window, zones=["hand"], kinds=["spell"])
        if window == "main" and not game.state.stack:
            energy = game.value_of(player, "energy", 0)
            for c in game.cards_in("hand", player):
                if c.definition.get("type") == "unit" and c.definition.get("cost", 0) <= energy:
                    acts.append(Action("play", player, c.id, label=f"play {c.name}"))
            acts += game.activatable(player, window, zones=["field"], kinds=["act"])
        return acts + spells

    @hookimpl
    def perform_action(self, game, action):
        if action.kind == "play":
            card = game.card(action.card)
            energy = game.value_of(action.player, "energy", 0)
            game.set_value(action.player, "energy", energy - card.definition.get("cost", 0))
            game.move(card, "field", cause=Cause.ACTION, by=action.player, kind="played")
            return True
        return None

    @hookimpl
    def announce(self, game, activation):
        if activation.ability.kind == "spell":
            game.move(activation.card, "stack", None, cause=Cause.RULE, by=activation.player, kind="cast")
            return True
        return None

    @hookimpl
    def after_resolve(self, game, item):
        card = game.card(item.card)
        if card.zone == "stack":
            game.move(card, "discard", cause=Cause.RULE)

    @hookimpl
    def cost_contributions(self, game, activation):
        out = []
        for c in game.cards_in("field", game.opponent(activation.player)):
            tax = c.definition.get("tax")
            if tax:
                out.append(CostComponent("energy", tax, source=c.id))
        return out

    @hookimpl
    def state_checks(self, game):
        changed = False
        doomed = [c for c in game.find({"zone": "field"}, None)
                  if c.definition.get("type") == "unit" and
                  (game.value(c, "toughness", 0) <= 0 or c.status.get("damage", 0) >= game.value(c, "toughness", 0))]
        for c in doomed:
            game.move(c, "discard", cause=Cause.RULE, kind="died")
            changed = True
        losers = [p.index for p in game.players if (p.life or 0) <= 0 or p.values.get("drew_from_empty")]
        if losers:
            game.end_game([p.index for p in game.players if p.index not in losers], "life 0 or empty deck")
        return changed

    @hookimpl
    def order_triggers(self, game, triggers):
        out = []
        for p in game.apnap():
            mine = [t for t in triggers if t.controller == p]
            out += game.order(p, mine, "order your triggers", label=lambda t: game.card(t.card).name)
        return out

    @hookimpl
    def is_negated(self, game, item):
        return game.is_text_negated(game.card(item.card), game.card(item.card).definition.abilities[item.ability])

    @hookimpl
    def validate_deck(self, game, deck):
        n = len(deck.sections.get("main", ()))
        return [] if 10 <= n <= 40 else [f"a Tiny deck has 10 to 40 cards, not {n}"]

    @hookimpl
    def narrate_event(self, game, event, viewer):
        return narration.narrate(game, event, viewer)
