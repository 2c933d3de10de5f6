"""Effect timings, inherited effects and keywords, as data (CRM 15, 16).

A card script writes the timing as the ability's ``kind``; :func:`expand` fills in what each
timing listens for. Conditions are keys: ``your_turn`` ([Your Turn]), ``opponent_turn``
([Opponent's Turn]); ``once_per_turn`` is the host's. ``inherited = true`` makes an ability an
inherited effect (15-3): it works from under a Digimon in the battle area and "this Digimon"
is the Digimon it is under.

.. code-block:: lua

    { kind = "when_attacking", resolve = function(ctx) ... end }           -- [When Attacking]
    { kind = "static", inherited = true, your_turn = true,                  -- inherited [Your Turn]
      modify = { { attr = "dp", op = "add", value = 1000 } } }              --   This Digimon gets +1000 DP
    { kind = "auto", inherited = true, your_turn = true,                    -- inherited "when this
      trigger = { on = "blocked", self = true }, resolve = ... }            --   Digimon is blocked, ..."

Keywords written in card data are expanded here: <Blocker>, <Rush>, <Piercing>, <Jamming>,
<Reboot> and <Retaliation> are keyword flags the rules read (``game.has_keyword``);
<Security Attack +N/-N> and <Digisorption -N> become numbers (``security_attack``,
``digisorption``); <Draw N> and <Recovery +N (Deck)> are processing that a timing's effect
carries out (``"On Play: Draw 1"``), and the [Security] texts of Tamers and Options are keywords
too (``"Security: play this card"``, ``"Security: activate this card's [Main] effect"``).
"""
from __future__ import annotations

import re
from typing import Any, Callable

from rulestack import Ability, AbilityKind, Card, CardDataError, Cause, Event, Game, Role

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

#: Keywords the rules read as flags (16).
FLAG_KEYWORDS = frozenset({"Blocker", "Rush", "Piercing", "Jamming", "Reboot", "Retaliation"})

_NUMBERED = re.compile(r"^(Security Attack|Digisorption) ([+-]\d+)$")
_PROCESSING = re.compile(r"^(On Play|When Digivolving|When Attacking|On Deletion|Main|Security): "
                         r"(Draw (\d+)|Recovery \+(\d+) \(Deck\))$")
_TIMING_KINDS = {"On Play": "on_play", "When Digivolving": "when_digivolving", "When Attacking": "when_attacking",
                 "On Deletion": "on_deletion", "Main": "main", "Security": "security"}


def _security_play(ctx: Any) -> None:
    """[Security] Play this card without paying its memory cost."""
    from . import stacks
    stacks.place(ctx.game, ctx.card, ctx.player, cause=Cause.EFFECT, source=ctx.card.id, by_effect=False)


def _security_main(ctx: Any) -> None:
    """[Security] Activate this card's [Main] effect (15-15-7: processed inside this effect)."""
    for ab in ctx.card.definition.abilities:
        if ab.kind == "main" and ab.get("resolve") is not None:
            ctx.game.run_script(ctx.card, ab.get("resolve"), ctx)
            return


KEYWORD_ABILITIES: dict[str, tuple[str, Callable[[Any], None]]] = {
    "Security: play this card": ("[Security] play this card without paying its cost", _security_play),
    "Security: activate this card's [Main] effect": ("[Security] activate this card's [Main] effect",
                                                     _security_main),
}


def event_data(ctx: Any) -> dict:
    """The event that triggered the effect being processed, as a plain dict."""
    if ctx.event is not None:
        return ctx.event.to_dict()
    return dict(ctx.item.event or {}) if ctx.item is not None else {}


def _retaliate(ctx: Any) -> None:
    """<Retaliation> (16-13): when just this Digimon is deleted in battle, delete the Digimon it
    battled."""
    from . import stacks
    other = ctx.game.card(event_data(ctx)["battled_with"])
    if other.zone == BATTLE and areas.is_digimon_card(other):
        stacks.delete(ctx.game, other, cause=Cause.EFFECT, source=ctx.card.id, by=ctx.player)


def _draw_fn(n: int) -> Callable[[Any], None]:
    def draw(ctx: Any) -> None:
        from . import turn
        turn.draw(ctx.game, ctx.player, n, cause=Cause.EFFECT, source=ctx.card.id)
    return draw


def _recovery_fn(n: int) -> Callable[[Any], None]:
    def recover(ctx: Any) -> None:
        from . import security
        security.recover(ctx.game, ctx.player, n, source=ctx.card.id)
    return recover


def expand(entry: Any, abilities: list[dict]) -> list[dict]:
    """Fill in each timing's trigger and label; turn keyword texts into abilities or numbers."""
    out = []
    for ab in abilities:
        kind = ab.get("kind")
        if kind in TIMINGS and "trigger" not in ab:
            ab["trigger"] = dict(TIMINGS[kind])
        if kind in TURN_OF:
            ab[TURN_OF[kind]] = True
        if kind == "pending_processing" and "trigger" not in ab:
            ab["trigger"] = {"on": ab.get("at", "end_of_turn")}
        if kind in LABELS and "label" not in ab:
            ab["label"] = LABELS[kind] + (" (inherited)" if ab.get("inherited") else "")
        out.append(ab)
    static_mods: list[dict] = []
    inherited_mods: list[dict] = []
    for kw in entry.keywords:
        inherited = kw.startswith("Inherited: ")
        word = kw[len("Inherited: "):] if inherited else kw
        if word in FLAG_KEYWORDS:
            if inherited:
                inherited_mods.append({"attr": "keywords", "op": "grant", "value": word})
            elif word == "Retaliation":
                out.append({"kind": "on_deletion", "label": "<Retaliation>", "resolve": _retaliate,
                            "trigger": {"on": "deleted", "self": True, "cause": "battle", "alone": True}})
            continue
        m = _NUMBERED.match(word)
        if m:
            attr = "security_attack" if m.group(1) == "Security Attack" else "digisorption"
            (inherited_mods if inherited else static_mods).append({"attr": attr, "op": "add", "value": int(m.group(2))})
            continue
        m = _PROCESSING.match(word)
        if m and not inherited:
            kind = _TIMING_KINDS[m.group(1)]
            fn = _draw_fn(int(m.group(3))) if m.group(3) else _recovery_fn(int(m.group(4)))
            ab = {"kind": kind, "label": f"{LABELS[kind]} <{m.group(2)}>", "resolve": fn}
            if kind in TIMINGS:
                ab["trigger"] = dict(TIMINGS[kind])
            out.append(ab)
            continue
        if word in KEYWORD_ABILITIES and not inherited:
            label, fn = KEYWORD_ABILITIES[word]
            out.append({"kind": "security", "label": label, "resolve": fn})
            continue
        known = sorted(FLAG_KEYWORDS) + ["Security Attack +N", "Digisorption -N", "<timing>: Draw N",
                                         "<timing>: Recovery +N (Deck)"] + sorted(KEYWORD_ABILITIES)
        raise CardDataError(f"card {entry.name!r}: unknown keyword {kw!r} (known: {', '.join(known)}; "
                            f"prefix 'Inherited: ' for an inherited one)", file=entry.file, line=entry.line,
                            field="keywords")
    if static_mods:
        out.append({"kind": "static", "label": "(keyword)", "modify": static_mods})
    if inherited_mods:
        out.append({"kind": "static", "label": "(inherited keyword)", "inherited": True, "modify": inherited_mods})
    return out


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
