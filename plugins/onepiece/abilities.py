"""Ability kinds, keywords and conditions, as data (CR 8-1, 8-3-2, 10).

A card script writes the timing as the ability's ``kind`` and the conditions as keys:

.. code-block:: lua

    { kind = "when_attacking", don = 2, resolve = function(ctx) ... end }   -- [DON!! x2] [When Attacking]
    { kind = "permanent", don = 1, your_turn = true,
      modify = { { attr = "power", op = "add", value = 1000 } } }         -- [DON!! x1] [Your Turn] +1000
    { kind = "activate_main", once_per_turn = true, cost = { { "don", 3 } }, resolve = ... }

:func:`expand` fills in what each timing listens for, and turns the keyword abilities written in
card data (``keywords: ["Trigger: play this card"]``) into abilities. [Blocker], [Rush],
[Double Attack] and [Banish] stay keyword flags that the rules read (``game.has_keyword``).
"""
from __future__ import annotations

from typing import Any, Callable

from rulestack import Ability, AbilityKind, Card, CardDataError, Cause, Event, Game, Role
from rulestack.context import relative_player

from . import areas

CONDITION_KEYS = {"don": "integer", "your_turn": "boolean", "opponent_turn": "boolean"}

ABILITY_KINDS = {
    # Auto effects (8-1-3-2-1): each timing word listens for one event of the rules.
    "on_play": AbilityKind("on_play", Role.TRIGGERED, keys=CONDITION_KEYS, doc="[On Play] (10-2-6)"),
    "when_attacking": AbilityKind("when_attacking", Role.TRIGGERED, keys=CONDITION_KEYS, doc="[When Attacking] (10-2-5)"),
    "on_block": AbilityKind("on_block", Role.TRIGGERED, keys=CONDITION_KEYS, doc="[On Block] (10-2-15)"),
    "on_ko": AbilityKind("on_ko", Role.TRIGGERED, keys=CONDITION_KEYS, doc="[On K.O.] (10-2-17)"),
    "end_of_your_turn": AbilityKind("end_of_your_turn", Role.TRIGGERED, keys=CONDITION_KEYS,
                                    doc="[End of Your Turn] (10-2-7)"),
    "end_of_opponents_turn": AbilityKind("end_of_opponents_turn", Role.TRIGGERED, keys=CONDITION_KEYS,
                                         doc="[End of Your Opponent's Turn] (10-2-8)"),
    "on_opponents_attack": AbilityKind("on_opponents_attack", Role.TRIGGERED, keys=CONDITION_KEYS,
                                       doc="[On Your Opponent's Attack] (10-2-16)"),
    "auto": AbilityKind("auto", Role.TRIGGERED, keys=CONDITION_KEYS, required=frozenset({"trigger"}),
                        doc="any other 'when ...' auto effect; names its event in 'trigger'"),
    # Activate effects (8-1-3-3) and the cards activated from hand (8-5-2).
    "activate_main": AbilityKind("activate_main", Role.ACTIVATED, keys=CONDITION_KEYS,
                                 doc="[Activate: Main] (10-2-2)"),
    "main": AbilityKind("main", Role.ACTIVATED, keys=CONDITION_KEYS, zones=(areas.HAND,),
                        doc="an Event's [Main] (10-2-3)"),
    "counter": AbilityKind("counter", Role.ACTIVATED, keys=CONDITION_KEYS, zones=(areas.HAND,),
                           doc="an Event's [Counter] (10-2-4)"),
    "trigger": AbilityKind("trigger", Role.ACTIVATED, keys=CONDITION_KEYS, zones=(areas.NO_AREA,),
                           doc="[Trigger], activated from Life instead of adding the card to hand (10-1-5)"),
    # Permanent and replacement effects.
    "permanent": AbilityKind("permanent", Role.STATIC, keys={**CONDITION_KEYS, "prohibits": "list", "player": "string"},
                             doc="a permanent effect (8-1-3-4); prohibits = {...} forbids a player actions"),
    "replacement": AbilityKind("replacement", Role.REPLACEMENT, keys=CONDITION_KEYS, doc="an 'instead' effect"),
}

DEFAULT_ZONES = {Role.ACTIVATED: areas.FIELD, Role.TRIGGERED: areas.FIELD, Role.STATIC: areas.FIELD,
                 Role.REPLACEMENT: areas.FIELD}

#: What each timing listens for. ``self`` means the event's card is the ability's card.
TIMINGS: dict[str, dict[str, Any]] = {
    "on_play": {"on": "played", "self": True},
    "when_attacking": {"on": "attack_declared", "self": True},
    "on_block": {"on": "blocked", "self": True},
    "on_ko": {"on": "ko", "self": True},
    "end_of_your_turn": {"on": "phase", "phase": "end"},
    "end_of_opponents_turn": {"on": "phase", "phase": "end"},
    "on_opponents_attack": {"on": "attack_declared", "player": "opponent"},
}

#: The label each kind reads as in action lists ("activate Nami: [Activate: Main]").
LABELS = {"on_play": "[On Play]", "when_attacking": "[When Attacking]", "on_block": "[On Block]",
          "on_ko": "[On K.O.]", "end_of_your_turn": "[End of Your Turn]",
          "end_of_opponents_turn": "[End of Your Opponent's Turn]",
          "on_opponents_attack": "[On Your Opponent's Attack]", "activate_main": "[Activate: Main]",
          "main": "[Main]", "counter": "[Counter]", "trigger": "[Trigger]"}

#: Keywords the rules read as flags (10-1).
FLAG_KEYWORDS = frozenset({"Blocker", "Rush", "Double Attack", "Banish"})


# -- keyword abilities written in card data --------------------------------------------------------

def _trigger_play_this_card(ctx: Any) -> None:
    """[Trigger] Play this card."""
    from .play import play_card
    play_card(ctx.game, ctx.card, ctx.player, cause=Cause.EFFECT, source=ctx.card.id)


def _trigger_activate_main(ctx: Any) -> None:
    """[Trigger] Activate this card's [Main] effect: run the [Main] text as this effect's text."""
    for ab in ctx.card.definition.abilities:
        if ab.kind == "main" and ab.get("resolve") is not None:
            ctx.game.run_script(ctx.card, ab.get("resolve"), ctx)
            return


KEYWORD_ABILITIES: dict[str, tuple[str, Callable[[Any], None]]] = {
    "Trigger: play this card": ("[Trigger] play this card", _trigger_play_this_card),
    "Trigger: activate this card's [Main] effect": ("[Trigger] activate this card's [Main] effect",
                                                    _trigger_activate_main),
}


def expand(entry: Any, abilities: list[dict]) -> list[dict]:
    """Fill in each timing's trigger and label, and add the abilities of keyword texts."""
    for ab in abilities:
        kind = ab.get("kind")
        if kind in TIMINGS and "trigger" not in ab:
            ab["trigger"] = dict(TIMINGS[kind])
        if kind == "end_of_your_turn":
            ab["your_turn"] = True
        elif kind == "end_of_opponents_turn":
            ab["opponent_turn"] = True
        if kind in LABELS and "label" not in ab:
            ab["label"] = LABELS[kind]
    out = list(abilities)
    for kw in entry.keywords:
        if kw in FLAG_KEYWORDS:
            continue
        if kw in KEYWORD_ABILITIES:
            label, fn = KEYWORD_ABILITIES[kw]
            out.append({"kind": "trigger", "label": label, "resolve": fn})
            continue
        known = ", ".join(sorted(FLAG_KEYWORDS | set(KEYWORD_ABILITIES)))
        raise CardDataError(f"card {entry.name!r}: unknown keyword {kw!r} (known: {known})",
                            file=entry.file, line=entry.line, field="keywords")
    return out


# -- conditions (8-3-2) ---------------------------------------------------------------------------

def conditions_met(game: Game, card: Card, ability: Ability) -> bool:
    """[DON!! xN] (10-2-9), [Your Turn] (10-2-11) and [Opponent's Turn] (10-2-12) all hold."""
    spec = ability.spec     # (``ability.get``, read directly: asked for every ability checked)
    need = spec.get("don")
    if need and card.status.get(areas.DON_COUNT, 0) < need:
        return False
    if spec.get("your_turn") and game.state.active_player != card.controller:
        return False
    if spec.get("opponent_turn") and game.state.active_player == card.controller:
        return False
    return True


def functions_here(game: Game, card: Card, ability: Ability, event: Event | None) -> bool:
    """Is the ability's card where its text functions (2-8-2), and do its conditions hold?"""
    zones = ability.get("zone") or DEFAULT_ZONES.get(ability.role)
    if zones:
        if event is not None and event.get("card") == card.id and event.get("from") is not None:
            if event.get("from") not in zones and event.get("to") not in zones:
                return False
        elif card.zone not in zones:
            return False
    return conditions_met(game, card, ability)


def _owner_key(game: Game, card: Card, event: Event, want: Any) -> bool:
    """Trigger key ``owner``: the event's card belongs to that player (``"you"``/``"opponent"``),
    as in "when a card is added to *your* hand from your Life"."""
    cid = event.get("card")
    return cid is not None and game.card(cid).owner == relative_player(game, card.controller, want)


TRIGGER_KEYS = {"owner": _owner_key}
