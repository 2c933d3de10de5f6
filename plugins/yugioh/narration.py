"""Duel events told in Yu-Gi-Oh!'s words: Normal, Tribute, Flip and Special Summons, Sets, the
Chain link by link, attacks and damage calculation, LP."""
from __future__ import annotations

from typing import Any

from rulestack import Card, Decision, Game
from rulestack.events import Cause, Event
from rulestack.narrate import Teller, chosen_action, teller, words

PHASES = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1", "battle": "Battle Phase",
          "main2": "Main Phase 2", "end": "End Phase"}
STEPS = {"start": "Start Step", "battle": "Battle Step", "damage": "Damage Step", "end": "End Step"}
#: The timings of the Damage Step.
DAMAGE_TIMINGS = {"start": "start of the Damage Step", "before_calculation": "before damage calculation",
                  "after_calculation": "after damage calculation", "end": "end of the Damage Step"}
#: Zones in the Duel's words.
ZONES = {"extra": "Extra Deck", "deck": "Deck", "hand": "hand", "graveyard": "GY", "banished": "banishment"}
SUMMONS = {"normal": "Normal Summons", "tribute": "Tribute Summons", "flip": "Flip Summons",
           "special": "Special Summons", "synchro": "Synchro Summons", "xyz": "Xyz Summons",
           "link": "Link Summons", "fusion": "Fusion Summons", "ritual": "Ritual Summons"}
#: The kinds of material, as a summon's ``how`` names them.
MATERIALS = {"synchro": "Synchro Material", "xyz": "Xyz Material", "link": "Link Material",
             "fusion": "Fusion Material", "ritual": "Tributes for the Ritual Summon"}


def narrate(game: Game, ev: Event, viewer: int | None) -> str | None:
    """One line for a Duel's event, or ``None`` for the host's generic words."""
    fn = _BY_KIND.get(ev.kind)
    return fn(teller(game, ev, viewer), ev) if fn is not None else None


def _coin_toss(t: Teller, ev: Event) -> str:
    winner, first = ev.player, ev.get("goes_first")
    if winner is None:
        return f"Coin toss: {t.player(first)} goes first"
    if winner == first:
        return f"{t.player(winner)} wins the coin toss and chooses to go first"
    return f"{t.player(winner)} wins the coin toss and chooses to go second: {t.player(first)} goes first"


def _phase(t: Teller, ev: Event) -> str:
    step = ev.get("step")
    if step:
        return f"· {STEPS.get(step, words(step))}"
    return f"· {PHASES.get(ev.get('phase'), words(ev.get('phase')))}"


def _moved(t: Teller, ev: Event) -> str | None:
    cid, how, dst = ev.get("card"), ev.get("how"), ev.get("to")
    who, card, src_name = t.player(ev.player), t.owned(cid), t.source()
    by_card = f" by {src_name}" if src_name and ev.source != cid and ev.cause in (Cause.EFFECT, Cause.BATTLE) else ""
    if how == "drawn":
        return f"{who} draws {t.card(cid)}{t.because()}"
    if how == "set":
        where = "a monster" if dst == "monster" else "a Spell/Trap"
        return f"{who} Sets {where}" + (f" ({t.card(cid)})" if t.sees(cid) else "")
    if how == "summoning":
        return ""   # told by the summon itself
    if how == "activated":
        return ""   # told by the activation (chain link)
    if isinstance(how, str) and how.endswith("_material"):
        return ""   # told with the summon that used it (materials_used)
    if how == "attached":
        under = ev.get("under")
        if under is not None and under == ev.source:
            return ""   # attached by the Xyz Summon itself: told with it (materials_used)
        return f"{card} is attached to {t.owned(under)} as Xyz Material{t.because()}"
    if how == "detached":
        return f"{card} is detached (Xyz Material) and sent to the GY{by_card}"
    if how == "resolved":
        return f"{t.card(cid)} goes to the GY after resolving"
    if how == "tributed":
        own = game_card(t, cid)
        mine = own is not None and own.owner == ev.player
        return f"{who} Tributes {t.card(cid) if mine else card}" + (f" for {src_name}" if ev.source is not None and t.sees(ev.source)
                                           else " for a Tribute Summon")
    if how == "destroyed":
        return f"{card} is destroyed{' by battle with ' + src_name if ev.cause == Cause.BATTLE and src_name else by_card}"
    if how == "returned":
        return f"{card} is returned to the {ZONES.get(dst, words(dst))}{by_card}"
    if how == "discarded":
        return f"{card} is discarded{by_card}"
    if how == "banished":
        return f"{card} is banished{by_card}"
    if how in ("sent", None) and dst == "graveyard":
        return f"{card} is sent to the GY{by_card}"
    if ev.get("from") == "deck" and dst == "hand" and ev.cause == Cause.EFFECT:
        return f"{who} adds {t.card(cid)} from the Deck to their hand{t.because()}"
    if ev.get("from") == "graveyard" and dst == "hand":
        return f"{who} adds {t.card(cid)} from the GY to their hand{t.because()}"
    if how in ("special", "special_summoned"):
        return ""   # told by the summon
    return None


def _summoned(t: Teller, ev: Event) -> str:
    how = ev.get("how")
    card, who = t.card(ev.get("card")), t.player(ev.player)
    pos = ev.get("position")
    verb = SUMMONS.get(how, f"{words(how)} Summons")
    return f"{who} {verb} {card}" + (f" in {pos} position" if pos else "") + t.because()


def _materials_used(t: Teller, ev: Event) -> str:
    how = ev.get("how")
    what = MATERIALS.get(how, f"{words(how)} Material")
    cards = t.cards(ev.get("materials") or ())
    return f"{t.player(ev.player)} uses {cards} as {what} for {t.card(ev.get('card'))}{t.because()}"


def game_card(t: Teller, cid: object) -> Card | None:
    """The card with id ``cid``, or ``None``."""
    return t.game.state.cards.get(cid) if isinstance(cid, int) else None


#: Status keys told in words (the others are the host's).
STATUS = {"effects_negated": ("{card}'s effects are negated", "{card}'s effects are no longer negated")}


def _status(t: Teller, ev: Event) -> str | None:
    words_for = STATUS.get(ev.get("key"))
    if words_for is None:
        return None
    line = words_for[0 if ev.get("value") else 1].format(card=t.owned(ev.get("card")))
    return line + t.because()


def _chain_link(t: Teller, ev: Event) -> str:
    link = ev.get("link")
    card = t.card(ev.get("card"))
    targets = t.item_targets(ev.get("item"))
    aim = f" targeting {targets}" if targets else ""
    verb = "activates" if link == 1 else "chains"
    return f"{t.player(ev.player)} {verb} {card}{aim} (Chain Link {link}, Spell Speed {ev.get('speed')})"


def _attack(t: Teller, ev: Event) -> str:
    target = ev.get("target")
    if target is None:
        return f"{t.owned(ev.get('card'))} attacks directly"
    return f"{t.owned(ev.get('card'))} attacks {t.owned(target, hidden='a face-down monster')}"


def _damage_calc(t: Teller, ev: Event) -> str:
    against = "DEF" if ev.get("defending") else "ATK"
    return (f"Damage calculation: {t.card(ev.get('card'))} ({ev.get('atk')} ATK) against "
            f"{t.card(ev.get('target'))} ({ev.get('against')} {against})")


def _lp(t: Teller, ev: Event) -> str:
    delta, life = ev.get("delta") or 0, ev.get("life") or 0
    who = t.player(ev.player)
    src = t.source()
    if ev.kind == "lp_paid":
        return f"{who} pays {-delta} LP for {src or 'a cost'}: {life - delta} → {life} LP"
    if ev.kind == "lp_gained":
        return f"{who} gains {delta} LP{t.because()}: {life - delta} → {life} LP"
    if ev.kind == "damaged":
        kind = "battle damage" if ev.cause == Cause.BATTLE else "damage"
        return f"{who} takes {-delta} {kind}{' from ' + src if src else ''}: {life - delta} → {life} LP"
    if life == delta and ev.cause == Cause.RULE:
        return f"{who} starts with {life} LP"
    return f"{who}: {life - delta} → {life} LP{t.because()}"


def _turn_flag(t: Teller, ev: Event) -> str:
    new = set(ev.get("value") or {}) - set(ev.get("old") or {})
    said = {"no_battle_damage": "takes no battle damage this turn",
            "battle_indestructible": "'s monsters cannot be destroyed by battle this turn"}
    parts = [said.get(w, words(w) + " this turn") for w in sorted(new)]
    return " ".join(f"{t.player(ev.player)}{'' if p.startswith(chr(39)) else ' '}{p}" for p in parts) or ""


def _effect_began(t: Teller, ev: Event) -> str | None:
    attr, value = ev.get("attr"), ev.get("value")
    if ev.get("op") != "add" or attr not in ("atk", "def") or not isinstance(value, int):
        return None
    until = "" if ev.get("duration") in (None, "permanent") else f" {words(ev.get('duration'))}"
    targets = ev.get("targets") or ()
    verb = "gains" if value >= 0 else "loses"
    if len(targets) != 1:
        verb = verb[:-1]
    return f"{t.cards(targets) or 'monsters it applies to'} {verb} {abs(value)} {attr.upper()}{until}{t.because()}"


_BY_KIND: dict[str, Any] = {
    "phase": _phase,
    "coin_toss": _coin_toss,
    "damage_timing": lambda t, ev: f"· {DAMAGE_TIMINGS.get(ev.get('timing'), words(ev.get('timing')))}",
    "moved": _moved,
    "summoned": _summoned,
    "materials_used": _materials_used,
    "status": _status,
    "monster_set": lambda t, ev: "",   # told by the move that Set it
    "flipped": lambda t, ev: f"{t.owned(ev.get('card'), shown=True)} is flipped face-up{t.because()}",
    "position_changed": lambda t, ev: f"{t.player(ev.player)} changes {t.card(ev.get('card'))} to "
                                      f"{ev.get('position')} position",
    "card_revealed": lambda t, ev: f"{t.player(ev.player)} flips {t.card(ev.get('card'), shown=True)} face-up",
    "activated": lambda t, ev: "",     # told by its chain link
    "chain_link": _chain_link,
    "chain_resolved": lambda t, ev: "The Chain has resolved",
    "resolving": lambda t, ev: f"{t.card(ev.get('card'))} resolves",
    "attack_declared": _attack,
    "attack_negated": lambda t, ev: f"{t.source() or 'An effect'} negates the attack of {t.card(ev.get('card'))}",
    "damage_calculation": _damage_calc,
    "damage_calculated": lambda t, ev: "",   # the results follow: LP and destruction
    "damaged": _lp, "lp_gained": _lp, "lp_paid": _lp, "life_changed": _lp,
    "missed_timing": lambda t, ev: f"{t.card(ev.get('card'))} misses the timing and does not activate",
    "resolution_skipped": lambda t, ev: f"{t.source() or 'An effect'} does not resolve: {ev.get('why')}",
    "turn_flag": _turn_flag,
    "deck_out": lambda t, ev: f"{t.player(ev.player)} must draw from an empty Deck",
    "equipped": lambda t, ev: f"{t.card(ev.get('card'))} is equipped to {t.owned(ev.get('to'))}",
    "maintenance_paid": lambda t, ev: f"{t.player(ev.player)} pays the maintenance cost of {t.card(ev.get('card'))}",
    "summon_negated": lambda t, ev: f"{t.source() or 'An effect'} negates the Summon of {t.card(ev.get('card'))}",
    "counters_added": lambda t, ev: (f"{t.card(ev.get('card'))} counts a turn ({ev.get('after')})"
                                     if ev.get("counter") == "turn" else None),
    "effect_began": _effect_began,
}


def narrate_decision(game: Game, decision: Decision, answer: list[int] | bool | int, viewer: int | None) -> str | None:
    """The words for the turn player moving on (ending Main Phase 1 or the Battle Phase, ending
    the turn), or ``None`` for the host's "P1 passes" (a pass of priority in a response window)."""
    action = chosen_action(decision, answer)
    if action is None:
        return None
    who, st = game.state.players[decision.player].name, game.state
    if action.kind == "end_turn":
        return f"{who} ends the turn"
    if action.kind != "pass" or decision.player != st.active_player:
        return None
    if decision.prompt == "battle":
        return f"{who} ends the Battle Phase"
    if decision.prompt == "main":
        if st.phase == "main1" and st.turn > 1:
            return f"{who} moves on to the Battle Phase"
        return f"{who} moves on to the End Phase"
    return None
