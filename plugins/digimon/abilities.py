"""Effect timings and inherited effects as data, where an ability works, and the processing effects
schedule (CRM 15, 18-1).

A card script writes the timing as the ability's ``kind``; :func:`.keywords.expand` fills in what
each timing listens for. Conditions are keys: ``your_turn`` ([Your Turn]), ``opponent_turn``
([Opponent's Turn]); ``once_per_turn`` is the host's. ``inherited = true`` makes an ability an
inherited effect (15-3): it works from under a Digimon in the battle area and "this Digimon"
is the Digimon it is under.

.. code-block:: lua

    { kind = "when_attacking", resolve = function(ctx) ... end }           -- [When Attacking]
    { kind = "static", inherited = true, your_turn = true,                  -- inherited [Your Turn]
      modify = { { attr = "dp", op = "add", value = 1000 } } }              --   This Digimon gets +1000 DP
    { kind = "auto", inherited = true, your_turn = true,                    -- inherited "when this
      trigger = { on = "blocked", self = true }, resolve = ... }            --   Digimon is blocked, ..."

Keywords written in card data are expanded by :mod:`.keywords`.
"""
from __future__ import annotations

from typing import Any

from rulestack import Ability, AbilityKind, Card, Event, Game, Role

from . import areas
from .areas import BATTLE, NO_AREA, SOURCES

CONDITION_KEYS = {"your_turn": "boolean", "opponent_turn": "boolean", "inherited": "boolean"}

LABELS = {"on_play": "[On Play]", "when_digivolving": "[When Digivolving]", "when_attacking": "[When Attacking]",
          "on_deletion": "[On Deletion]", "start_of_your_turn": "[Start of Your Turn]",
          "start_of_opponents_turn": "[Start of Opponent's Turn]", "end_of_your_turn": "[End of Your Turn]",
          "end_of_opponents_turn": "[End of Opponent's Turn]", "end_of_all_turns": "[End of All Turns]",
          "main": "[Main]", "activate_main": "[Main]", "security": "[Security]", "immediate": "(immediate)",
          "pending_processing": "(pending processing)", "auto": "(auto)", "static": "(persistent)"}

#: What each timing listens for (15-16). ``self``: the event's card is this card (for an
#: inherited effect, the Digimon it is under).
TIMINGS: dict[str, dict[str, Any]] = {
    "on_play": {"on": "played", "self": True},
    "when_digivolving": {"on": "digivolved", "self": True},
    "when_attacking": {"on": "attack_declared", "self": True},
    "on_deletion": {"on": "deleted", "self": True},
    "start_of_your_turn": {"on": "turn_started"},
    "start_of_opponents_turn": {"on": "turn_started"},
    "end_of_your_turn": {"on": "end_of_turn"},
    "end_of_opponents_turn": {"on": "end_of_turn"},
    "end_of_all_turns": {"on": "end_of_turn"},
}
TURN_OF = {"start_of_your_turn": "your_turn", "end_of_your_turn": "your_turn",
           "start_of_opponents_turn": "opponent_turn", "end_of_opponents_turn": "opponent_turn"}


def _kind(name: str, role: str, doc: str, **kw: Any) -> AbilityKind:
    keys = dict(CONDITION_KEYS)
    keys.update(kw.pop("keys", {}))
    return AbilityKind(name, role, keys=keys, doc=doc, **kw)


ABILITY_KINDS = {
    **{k: _kind(k, Role.TRIGGERED, f"{LABELS[k]} (15-16)") for k in TIMINGS},
    "auto": _kind("auto", Role.TRIGGERED, "any other 'when ...' trigger-type effect; names its event in 'trigger'",
                  required=frozenset({"trigger"})),
    "immediate": _kind("immediate", Role.TRIGGERED, "'when ... would ...' immediate-type effect (15-8-5)",
                       required=frozenset({"trigger"})),
    "pending_processing": _kind("pending_processing", Role.TRIGGERED,
                                "processing deferred to a timing by this card's effect (18-1), e.g. 'lose 2 "
                                "memory at the end of the turn'; scheduled with ctx:schedule(label)",
                                keys={"at": "string"}),
    "main": _kind("main", Role.ACTIVATED, "an Option's [Main] effect, activated by using the card (9-1)",
                  zones=(areas.HAND,)),
    "activate_main": _kind("activate_main", Role.ACTIVATED, "a Digimon's or Tamer's [Main] effect (15-8-4)"),
    "security": _kind("security", Role.ACTIVATED, "[Security] (15-16-10): activates when the card is checked",
                      zones=(NO_AREA,)),
    "static": _kind("static", Role.STATIC, "a persistent effect (15-8-2)"),
}

DEFAULT_ZONES = {Role.ACTIVATED: (BATTLE,), Role.TRIGGERED: (BATTLE,), Role.STATIC: (BATTLE,)}

# -- where an ability works, and its conditions ----------------------------------------------------------

def conditions_met(game: Game, card: Card, ability: Ability) -> bool:
    """[Your Turn] (15-16-8) and [Opponent's Turn] hold for the card's controller."""
    if ability.get("your_turn") and game.state.active_player != card.controller:
        return False
    if ability.get("opponent_turn") and game.state.active_player == card.controller:
        return False
    return True


def is_inherited(ability: Ability) -> bool:
    return bool(ability.get("inherited"))


def functions_here(game: Game, card: Card, ability: Ability, event: Event | None) -> bool:
    """Does the ability work now? An inherited effect works from under a Digimon in the battle
    area (15-3); any other from the battle area (15-1-7), [Main] Options from the hand, [Security]
    from no area, an [On Deletion] in the area where the card was deleted (4-15-2), and scheduled
    pending processing from anywhere. Nothing works in the breeding area (3-4-7-4)."""
    kind = ability.kind
    if kind == "pending_processing":
        return (card.id, ability.index) in scheduled(game)
    if ability.role == Role.STATIC and is_inherited(ability):
        return False          # applied by the rules' modifiers (see rules.inherited_modifiers)
    if is_inherited(ability):
        top = areas.top_of(game, card)
        if card.zone != SOURCES or top is None or top.zone != BATTLE:
            return False
    else:
        zones = ability.get("zone") or ABILITY_KINDS[kind].zones or DEFAULT_ZONES.get(ability.role)
        if zones and card.zone not in zones:
            return False
    return conditions_met(game, card, ability)


def _digimon_self(game: Game, card: Card, event: Event, want: Any) -> bool:
    """Trigger key ``digimon_self``: the event's card is the Digimon this card is (or is under)."""
    top = areas.top_of(game, card)
    return bool(want) == (top is not None and event.get("card") == top.id)


TRIGGER_KEYS = {"digimon_self": _digimon_self}


def fix_inherited_self(abilities: list[dict]) -> list[dict]:
    """For inherited effects "this Digimon" is the Digimon the card is under: ``self`` in their
    trigger becomes ``digimon_self``."""
    for ab in abilities:
        trig = ab.get("trigger")
        if ab.get("inherited") and isinstance(trig, dict) and "self" in trig:
            trig = dict(trig)
            trig["digimon_self"] = trig.pop("self")
            ab["trigger"] = trig
    return abilities


# -- pending processing scheduled by effects (18-1) ------------------------------------------------------

SCHEDULED = "scheduled_processing"


def scheduled(game: Game) -> tuple:
    return game.value_of(None, SCHEDULED, ())


def schedule(game: Game, card: Card, label: str) -> None:
    """Schedule this card's ``pending_processing`` ability labelled ``label`` (18-1-1)."""
    for ab in card.definition.abilities:
        if ab.kind == "pending_processing" and ab.label == label:
            game.set_value(None, SCHEDULED, scheduled(game) + ((card.id, ab.index),))
            return
    raise ValueError(f"{card.name} has no pending processing labelled {label!r}")


def unschedule(game: Game, card_id: int, index: int) -> None:
    game.set_value(None, SCHEDULED, tuple(s for s in scheduled(game) if s != (card_id, index)))
