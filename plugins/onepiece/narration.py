"""One Piece Card Game events told in its own words: DON!!, playing Characters, attacks, [Blocker]
and Counters, battles won and lost, Life cards taken, K.O.s (rule numbers cited where known)."""
from __future__ import annotations

from typing import Any

from rulestack import Decision, Game

from rulestack.events import Cause, Event
from rulestack.narrate import Teller, chosen_action, teller, words

from .areas import COST, DON_DECK, GIVEN, HAND, LIFE, NO_AREA, TRASH

PHASES = {"refresh": "Refresh Phase", "draw": "Draw Phase", "don": "DON!! Phase", "main": "Main Phase",
          "end": "End Phase"}
#: The steps of a battle (7-1).
STEPS = {"attack": "Attack Step", "block": "Block Step", "counter": "Counter Step", "damage": "Damage Step",
         "end_of_battle": "End of the Battle"}


def narrate(game: Game, ev: Event, viewer: int | None) -> str | None:
    """One line for an event of a One Piece game, or ``None`` for the host's generic words."""
    fn = _BY_KIND.get(ev.kind)
    return fn(teller(game, ev, viewer), ev) if fn is not None else None


def _moved(t: Teller, ev: Event) -> str | None:
    cid, src, dst = ev.get("card"), ev.get("from"), ev.get("to")
    who, card = t.player(ev.player), t.owned(cid)
    if src == DON_DECK and dst == COST:
        return f"{t.player(ev.get('to_player'))} adds a DON!! card to their cost area"
    if src == GIVEN and dst == COST:
        return f"{t.player(ev.get('to_player'))}'s given DON!! card returns to their cost area (6-2-1)"
    if ev.get("counter"):
        return f"{who} trashes {t.card(cid)} for its Counter +{ev.get('counter')}"
    if dst == LIFE:
        return f"{t.player(ev.get('to_player'))} puts a card face down into their Life (5-2-1-7)"
    if src == LIFE:
        where = "hand" if dst == HAND else words(dst)
        return f"{t.player(ev.get('from_player'))} takes {t.card(cid)} from their Life into their {where}"
    if ev.get("ko"):
        return ""   # told by the K.O.
    if src == HAND and dst == TRASH and ev.cause == Cause.RULE:
        return f"{t.card(cid)} goes to the trash as it is activated (8-4-2)"
    if src == NO_AREA and dst == TRASH:
        return f"{t.card(cid)} goes to the trash after its [Trigger]"
    if src == HAND and dst != HAND and ev.cause == Cause.RULE and ev.player is not None:
        return f"{who} returns {t.card(cid)} to their {words(dst)} (mulligan)"
    if src in ("character", "stage") and dst == TRASH and ev.cause == Cause.RULE:
        return f"{card} is trashed to make room (3-7-6-1)"
    if ev.cause == Cause.COST:
        return f"{who} trashes {t.card(cid)} to pay for {t.source() or 'a cost'}"
    if ev.cause == Cause.EFFECT and t.source():
        return f"{t.source()} moves {card} to {t.zone(dst, ev.get('to_player'))}"
    return None


def _status(t: Teller, ev: Event) -> str | None:
    if ev.get("key") != "rested":
        return None
    card = t.card(ev.get("card"))
    if not ev.get("value"):
        return f"{t.owned(ev.get('card'))} is set as active"
    if ev.cause in (Cause.COST, Cause.ACTION) and ev.source not in (None, ev.get("card")):
        return f"{t.player(ev.player)} rests {card} to pay for {t.source()}"
    return f"{t.player(ev.player)} rests {card}"


def _life(t: Teller, ev: Event) -> str:
    delta, life = ev.get("delta") or 0, ev.get("life") or 0
    if life == delta and ev.cause == Cause.RULE:
        return f"{t.player(ev.player)} starts with {life} Life cards"
    return f"{t.player(ev.player)}: {life - delta} → {life} Life{t.because()}"


def _battle_result(t: Teller, ev: Event) -> str:
    a, d = t.card(ev.get("card")), t.owned(ev.get("target"))
    result = "wins" if ev.get("won") else "loses"
    return f"{a} ({ev.get('attacker_power')} power) {result} the battle against {d} ({ev.get('target_power')} power)"


def _effect_began(t: Teller, ev: Event) -> str | None:
    attr, value = ev.get("attr"), ev.get("value")
    if ev.get("op") != "add" or attr not in ("power", "cost") or not isinstance(value, int):
        return None
    targets = ev.get("targets") or ()
    until = {"this_battle": " during this battle", "until_end_of_turn": " during this turn"}.get(
        ev.get("duration"), "" if ev.get("duration") in (None, "permanent") else f" {words(ev.get('duration'))}")
    verb = "gets" if len(targets) == 1 else "get"
    return f"{t.cards(targets) or 'cards it applies to'} {verb} {value:+d} {attr}{until}{t.because()}"


#: How the game names each kind of effect as it activates (10-2).
_KIND_WORDS = {"activate_main": "[Activate: Main]", "main": "[Main]", "counter": "[Counter]", "trigger": "[Trigger]",
               "on_play": "[On Play]", "when_attacking": "[When Attacking]", "on_block": "[On Block]",
               "on_ko": "[On K.O.]", "end_of_your_turn": "[End of Your Turn]",
               "end_of_opponents_turn": "[End of Your Opponent's Turn]",
               "on_opponents_attack": "[On Your Opponent's Attack]"}


def _activated(t: Teller, ev: Event) -> str:
    card, kind = t.card(ev.get("card")), ev.get("kind_of")
    words_ = _KIND_WORDS.get(kind, "")
    targets = t.item_targets(ev.get("item"))
    aim = f" targeting {targets}" if targets else ""
    if kind in ("activate_main", "main", "counter", "trigger"):
        return f"{t.player(ev.player)} activates {card}'s {words_}{aim}" if ev.get("card_activation") is False \
            else f"{t.player(ev.player)} activates {card} {words_}{aim}"
    return f"{card}'s {words_ or 'effect'} effect activates{aim}"


_BY_KIND: dict[str, Any] = {
    "activated": _activated,
    "phase": lambda t, ev: f"· {STEPS.get(ev.get('step'), words(ev.get('step')).title() + ' Step')}" if ev.get("step")
    else f"· {PHASES.get(ev.get('phase'), words(ev.get('phase')))}",
    "first_player_decided": lambda t, ev: f"{t.player(ev.get('value'))} goes first (5-2-1-4)",
    "mulligan": lambda t, ev: f"{t.player(ev.player)} redraws their opening hand (5-2-1-6)",
    "moved": _moved,
    "drew": lambda t, ev: f"{t.player(ev.player)} draws {t.card(ev.get('card'))}{t.because()}",
    "played": lambda t, ev: f"{t.player(ev.player)} plays {t.card(ev.get('card'))}{t.because()}",
    "placed": lambda t, ev: f"{t.player(ev.player)} places {t.card(ev.get('card'))} in their "
                            f"{words(ev.get('to'))}{t.because()}",
    "don_given": lambda t, ev: f"{t.player(ev.player)} gives a DON!! card to {t.card(ev.get('to_card'))}{t.because()}",
    "status": _status,
    "life_changed": _life,
    "revealed": lambda t, ev: f"{t.player(ev.player)} reveals {t.cards(ev.get('cards') or (), shown=True)}"
                              f"{t.because()}",
    "looked_at": lambda t, ev: f"{t.player(ev.player)} looks at {t.cards(ev.get('cards') or ())}{t.because()}",
    "attack_declared": lambda t, ev: f"{t.owned(ev.get('card'))} attacks {t.owned(ev.get('target'))}",
    "blocked": lambda t, ev: f"{t.owned(ev.get('card'))} blocks {t.card(ev.get('attacker'))} ([Blocker])",
    "battle_result": _battle_result,
    "battle_ended": lambda t, ev: "",   # the battle's end is the next line
    "damage": lambda t, ev: f"{t.player(ev.player)}'s Leader takes 1 damage{t.because()}"
                            + (" with no Life cards left" if not ev.get("life_before") else ""),
    "ko": lambda t, ev: f"{t.owned(ev.get('card'))} is K.O.'d{' by ' + t.source() if t.source() else ''}",
    "ko_prevented": lambda t, ev: f"{t.card(ev.get('card'))} is not K.O.'d{t.because()}",
    "effect_lapsed": lambda t, ev: f"{t.card(ev.get('card'))}'s effect lapses: {ev.get('why')} ({ev.get('rule')})",
    "effect_began": _effect_began,
}



#: What passing means in each action window (by the window's prompt).
PASSES = {"main phase": "{who} ends the Main Phase", "block step": "{who} does not block",
          "counter step": "{who} plays no more Counters"}


def narrate_decision(game: Game, decision: Decision, answer: Any, viewer: int | None) -> str | None:
    """A pass in One Piece's words: ending the Main Phase (6-5), not blocking, no more Counters."""
    action = chosen_action(decision, answer)
    if action is None or action.kind != "pass" or decision.prompt not in PASSES:
        return None
    return PASSES[decision.prompt].format(who=game.state.players[decision.player].name)
