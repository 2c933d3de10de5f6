"""Magic's events told in Magic's words: casting with targets, tapping, combat, the stack,
state-based actions (rule numbers cited where the game knows them)."""
from __future__ import annotations

from typing import Any

from rulestack import Decision, Event, Game
from rulestack.events import Cause, Event
from rulestack.narrate import Teller, teller, words

#: The steps and phases as the Comprehensive Rules name them (500.1).
PHASES = {"beginning": "beginning phase", "precombat_main": "precombat main phase", "combat": "combat phase",
          "postcombat_main": "postcombat main phase", "ending": "ending phase"}

#: Why the rules put a permanent into the graveyard (the ``how`` of the move).
_SBA_WHY = {"destroyed": "lethal damage, 704.5g", "toughness_zero": "toughness 0 or less, 704.5f",
            "legend_rule": "the legend rule, 704.5j", "sacrificed": "its final chapter, 714.4"}


def narrate(game: Game, ev: Event, viewer: int | None) -> str | None:
    """One line for an event of a game of Magic, or ``None`` for the host's generic words."""
    t = teller(game, ev, viewer)
    k = ev.kind
    fn = _BY_KIND.get(k)
    return fn(t, ev) if fn is not None else None


def _phase(t: Teller, ev: Event) -> str:
    step = ev.get("step")
    return f"· {words(step).capitalize()} step" if step else f"· {PHASES.get(ev.get('phase'), words(ev.get('phase'))).capitalize()}"


def _moved(t: Teller, ev: Event) -> str | None:
    cid, src, dst, how = ev.get("card"), ev.get("from"), ev.get("to"), ev.get("how")
    who = t.player(ev.player)
    card = t.owned(cid)
    if how == "mulligan":       # the hand shuffled back is told by the mulligan itself
        return f"{who} puts {t.card(cid)} on the bottom of their library (103.5)" if ev.get("bottom") else ""
    if ev.cause == Cause.COST:          # an additional or alternative cost (601.2h)
        verb = {"sacrificed": "sacrifices", "discarded": "discards"}.get(how, "exiles" if dst == "exile" else "moves")
        return f"{who} {verb} {t.card(cid)} to pay for {t.source() or 'a cost'}"
    if how == "discarded":
        return f"{who} discards {t.card(cid)} down to hand size (514.1)"
    if how == "token":
        return f"{t.player(ev.get('to_player'))} creates {_token(t, cid)}{t.because()} (111.2)"
    if dst == "exile" and src == "battlefield" and how in _SBA_WHY:
        why = _SBA_WHY[how] if ev.cause == Cause.RULE else f"{words(how)}{t.because()}"
        return f"{card} would go to the graveyard ({why}) but is exiled instead (614)"
    if dst == "battlefield" and src in ("exile", "graveyard", "hand", "library") and ev.cause == Cause.EFFECT:
        return f"{t.card(cid)} enters the battlefield under {t.player(ev.get('to_player'))}'s control{t.because()}"
    if src == "stack" and dst == "battlefield":
        return f"{t.card(cid)} enters the battlefield under {t.player(ev.get('to_player'))}'s control"
    if src == "stack" and how == "resolved":
        return f"{t.card(cid)} goes to {t.player(ev.get('to_player'))}'s graveyard"
    if how == "countered":
        return f"{t.card(cid)} is countered and put into {t.player(ev.get('to_player'))}'s graveyard"
    if src == "hand" and dst == "battlefield" and ev.cause == Cause.ACTION:
        return f"{who} plays {t.card(cid)}"
    if src == "battlefield" and dst == "graveyard":
        if ev.cause == Cause.RULE:
            why = _SBA_WHY.get(how, words(how or 'state-based action'))
            if how == "sacrificed":        # 714.4: its controller sacrifices it (a Saga need not be a creature)
                return f"{who} sacrifices {t.card(cid)} ({why})"
            if "Creature" not in (t.game.state.cards[cid].definition.get("types") or ()):
                return f"{card} is put into its owner's graveyard ({why})"    # "dies" is for creatures (700.4)
            return f"{card} dies ({why})"
        if how == "sacrificed":        # 701.21a: a permanent's controller sacrifices it
            return f"{who} sacrifices {t.card(cid)}{t.because()}"
        verb = "destroys" if how == "destroyed" else "puts into the graveyard"
        return f"{t.source() or who} {verb} {card}"
    verbs = {"exile": "exiles", "hand": ("returns {card} to its owner's hand" if src == "battlefield"
                                         else "puts {card} into its owner's hand"),
             "library": "puts {card} into its owner's library", "graveyard": "puts {card} into the graveyard"}
    if ev.cause == Cause.EFFECT and t.source() and dst in verbs:
        verb = verbs[dst]
        return f"{t.source()} {verb.format(card=card) if '{card}' in verb else verb + ' ' + card}"
    return None


def _token(t: Teller, cid: Any) -> str:
    """"a Soldier Token" (111.4 names it so), "a Merfolk Trickster token" (a copy)."""
    name = t.card(cid)
    return f"a {name}" if str(t.game.state.cards[cid].name).endswith("Token") else f"a {name} token"


def _activated(t: Teller, ev: Event) -> str:
    card = t.card(ev.get("card"))
    targets = t.item_targets(ev.get("item"))
    aim = f" targeting {targets}" if targets else ""
    kind = ev.get("kind_of")
    if kind == "spell":
        return f"{t.player(ev.player)} casts {card}{aim}"
    if kind == "triggered":
        return f"{card}'s triggered ability goes on the stack{aim}"
    if kind == "chapter":
        return f"{card}'s chapter ability goes on the stack{aim}"
    return f"{t.player(ev.player)} activates {card}'s ability{aim}"


def _status(t: Teller, ev: Event) -> str | None:
    if ev.get("key") != "tapped":
        return None
    card = t.card(ev.get("card"))
    if not ev.get("value"):
        return f"{t.player(t.game.state.cards[ev.get('card')].controller)} untaps {card}"
    if ev.cause == Cause.COST:
        if ev.source == ev.get("card"):
            return f"{t.player(ev.player)} taps {card}" + (" for mana" if _makes_mana(t, ev.get("card")) else "")
        return f"{t.player(ev.player)} taps {card} for {t.source() or 'a cost'}"
    if ev.cause == Cause.ACTION:
        return ""   # told by the attack it is part of (508.1f)
    return f"{card} becomes tapped{t.because()}"


def _effect_began(t: Teller, ev: Event) -> str | None:
    attr, value, op = ev.get("attr"), ev.get("value"), ev.get("op")
    targets = ev.get("targets") or ()
    what = t.cards(targets) if targets else "each creature it applies to"
    until = "" if ev.get("duration") in (None, "permanent") else f" {words(ev.get('duration'))}"
    one = len(targets) == 1
    why = "" if list(targets) == [ev.source] else t.because()      # its own ability: no need to say
    if op == "swap" and attr in ("power", "toughness"):
        whose = f"{what}'s" if one else f"the {'creature' if targets else 'creatures'}'"
        return f"{whose} power and toughness are switched{until}{why} (613.4d)"
    if op == "set" and attr in ("power", "toughness") and isinstance(value, int):
        return f"{what} {'has' if one else 'have'} base {attr} {value}{until}{why} (613.4b)"
    if op == "include" and attr == "types" and isinstance(value, str):
        return f"{what} {'becomes' if one else 'become'} a {value} besides its other types{until}{why}"
    if op != "add" or attr not in ("power", "toughness") or not isinstance(value, int):
        return None
    pt = f"{value:+d}/+0" if attr == "power" else f"+0/{value:+d}"
    verb = "gets" if one else "get"
    return f"{what} {verb} {pt}{until}{why}"


def _counters(t: Teller, ev: Event) -> str:
    n, kind, card = ev.get("n"), ev.get("counter"), t.owned(ev.get("card"))
    if kind == "lore":
        return f"{card} gets a lore counter (chapter {ev.get('after')}, 714.2b)" if n == 1 else \
            f"{card} gets {n} lore counters (now {ev.get('after')})"
    what = f"a {kind} counter" if n == 1 else f"{n} {kind} counters"
    verb = "gets" if ev.kind == "counters_added" else "loses"
    return f"{card} {verb} {what} (now {ev.get('after')}){t.because()}"


def _damage_dealt(t: Teller, ev: Event) -> str:
    src = t.source() or "something"
    return f"{src} deals {ev.get('amount')} damage to {t.owned(ev.get('card'))}"


def _damaged(t: Teller, ev: Event) -> str:
    src = t.source() or "something"
    life = ev.get("life") or 0
    return f"{src} deals {-(ev.get('delta') or 0)} damage to {t.player(ev.player)}: {life - (ev.get('delta') or 0)} → {life} life"


def _makes_mana(t: Teller, cid: Any) -> bool:
    """A land, or a permanent with a {T} mana ability (``produces``)."""
    card = t.game.state.cards.get(cid)
    fields = card.definition.fields if card is not None else {}
    return "Land" in (fields.get("types") or ()) or bool(fields.get("produces"))


def _mana(text: Any) -> str:
    return "".join(f"{{{m}}}" for m in str(text or "")) or "no mana"


def _step_name(step: Any) -> str:
    """``precombat_main`` is "precombat main phase", ``declare_attackers`` "declare attackers step"."""
    if step in PHASES:
        return PHASES[step]
    return f"{words(step or 'current')} step"


def _mana_added(t: Teller, ev: Event) -> str:
    src = t.source()
    return (f"{t.player(ev.player)} adds {_mana(ev.get('mana'))}" + (f" with {src}" if src else "")
            + f" (mana pool: {_mana(ev.get('pool'))}, 106.4)")
#: How the replaceable events read (the ``event`` of a ``replaced`` event).
_REPLACED = {"counters_added": "counters put", "create_tokens": "token creation", "damage": "damage",
             "draw": "draw", "life_gain": "life gain", "life_loss": "life loss", "moved": "zone change"}


def _revealed(t: Teller, ev: Event) -> str:
    """"P0 reveals Plains (Goblin Guide)": one player's cards (the top of their library, their
    hand) are revealed by that player, whoever's effect asks it ("the defending player reveals")."""
    ids = list(ev.get("cards") or ())
    owners = {t.game.state.cards[i].owner for i in ids if i in t.game.state.cards}
    who = owners.pop() if len(owners) == 1 else ev.player
    return f"{t.player(who)} reveals {t.cards(ids, shown=True)}{t.because()}"


_BY_KIND: dict[str, Any] = {
    "phase": _phase,
    "starting_player": lambda t, ev: f"{t.player(ev.get('value'))} plays first (103.1)",
    "mulligan": lambda t, ev: (f"{t.player(ev.player)} takes a mulligan (number {ev.get('count')}): they shuffle "
                               f"their hand into their library and draw a new hand (103.5)"),
    "drew": lambda t, ev: f"{t.player(ev.player)} draws {t.card(ev.get('card'))}{t.because()}",
    "drew_from_empty": lambda t, ev: f"{t.player(ev.player)} must draw from an empty library (704.5b)",
    "land_played": lambda t, ev: "",            # told by the land's move onto the battlefield
    "cast": lambda t, ev: "",                   # told once its targets and costs are known (601.2i)
    "moved": _moved,
    "activated": _activated,
    "resolving": lambda t, ev: f"{t.card(ev.get('card'))} resolves",
    "revealed": _revealed,
    "status": _status,
    "effect_began": _effect_began,
    "counters_added": _counters,
    "counters_removed": _counters,
    "damage_dealt": _damage_dealt,
    "damaged": _damaged,
    "attacks": lambda t, ev: f"{t.owned(ev.get('card'))} attacks {t.player(ev.get('defender'))}",
    "blocks": lambda t, ev: f"{t.owned(ev.get('card'))} blocks {t.owned(ev.get('attacker'))}",
    "damage_order": lambda t, ev: (f"{t.player(ev.player)} orders the blockers of {t.owned(ev.get('card'))}"
                                   f" for damage: {', '.join(t.card(b) for b in ev.get('blockers') or ())}"),
    "countered": lambda t, ev: f"{t.source() or 'an effect'} counters {t.card(ev.get('card'))}",
    "fizzled": lambda t, ev: f"{t.card(ev.get('card'))} does not resolve: {ev.get('why')}",
    "mana_added": _mana_added,
    "mana_emptied": lambda t, ev: (f"{t.player(ev.player)}'s unspent {_mana(ev.get('mana'))} empties from their "
                                   f"mana pool as the {_step_name(ev.get('step'))} ends (500.4)"),
    "ceased": lambda t, ev: f"The {_token(t, ev.get('card'))[2:]} ceases to exist (704.5d)",
    "replaced": lambda t, ev: (f"{t.source() or 'a replacement effect'} "
                               f"{'prevents' if ev.get('prevented') else 'changes'} the {_REPLACED.get(ev.get('event'), ev.get('event'))} (614)"),
    "lore_replacement_missing": lambda t, ev: f"{t.card(ev.get('card'))} gets no lore counter: {ev.get('why')}",
}


def narrate_decision(game: Game, decision: Decision, answer: list[int] | bool | int, viewer: int | None) -> str | None:
    """``None``: a pass of priority is the host's "P1 passes"; any other answer is told by its events."""
    return None
