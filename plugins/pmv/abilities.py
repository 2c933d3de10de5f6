"""The effect kinds of card scripts, in the game's words (CR 7.1), and keyword expansion.

* ``play`` — playing the card from hand (5.2): added to every card whose required nodes and cost
  are printed; a spell's or command's script gives it the text that resolves (the "played-card
  effect", 7.1) and, with ``targets``, its 目標 (8.2).
* ``activated`` — 起動効果 on the field, with ``timing``: (常時) ``always``, (自分ターン)
  ``your_turn`` or (相手ターン) ``opponent_turn``; costs such as ``{"sleep_self"}`` for (S).
* ``auto_alpha`` — (自動α), a continuous effect (``modify`` entries).
* ``auto_beta`` / ``auto_gamma`` — (自動β)/(自動γ), effects that resolve when their timing is met
  (``trigger``), γ including the fixed timings of turn end and near-death.
* ``unnegatable = true`` marks a description written in 【 】 (12.4).

A 【装備】 spell (``subtype: equipment``) gets a 目標 character of yours and, set on it, adds its
``equip_attack`` / ``equip_durability`` to that character.

Keywords: 速攻 (haste, 10.2.2.a), 奇襲 (ambush, 10.3), 先制 (first strike, B3), 決死にならない
("cannot become near-death"), 目標にならない ("cannot be targeted", 8.1.4) and ダメージを受けない
("takes no damage").
"""
from __future__ import annotations

from typing import Any

from rulestack import AbilityKind, CardDataError, Role

KEYWORDS = frozenset({"速攻", "奇襲", "先制", "決死にならない", "目標にならない", "ダメージを受けない"})
_TIMINGS = ("always", "your_turn", "opponent_turn")
EQUIP_TARGET = {"filter": {"zone": "field", "player": "you", "type": "character"}, "prompt": "目標: the character to equip"}

ABILITY_KINDS = {
    "play": AbilityKind("play", Role.ACTIVATED, zones=("hand",),
                        doc="playing the card from hand (5.2); its resolve is the played-card effect"),
    "activated": AbilityKind("activated", Role.ACTIVATED, keys={"timing": "string"}, zones=("field",),
                             doc="起動効果: (常時) always, (自分ターン) your_turn, (相手ターン) opponent_turn"),
    "auto_alpha": AbilityKind("auto_alpha", Role.STATIC, doc="(自動α): a continuous effect"),
    "auto_beta": AbilityKind("auto_beta", Role.TRIGGERED, required=frozenset({"trigger"}),
                             doc="(自動β): resolves when its timing is met"),
    "auto_gamma": AbilityKind("auto_gamma", Role.TRIGGERED, required=frozenset({"trigger"}),
                              doc="(自動γ): resolves at a fixed timing (turn end, near-death)"),
}
DEFAULT_ZONES = {Role.ACTIVATED: ("field",), Role.TRIGGERED: ("field",), Role.STATIC: ("field",)}


def expand(entry: Any, abilities: list[dict]) -> list[dict]:
    """Check keywords and timings; add the ``play`` ability to every playable card."""
    for kw in entry.keywords:
        if kw not in KEYWORDS:
            raise CardDataError(f"card {entry.name!r}: unknown keyword {kw!r} (known: {', '.join(sorted(KEYWORDS))})",
                                file=entry.file, line=entry.line, field="keywords")
    for raw in abilities:
        if raw.get("kind") == "activated" and raw.get("timing", "always") not in _TIMINGS:
            raise CardDataError(f"card {entry.name!r}: activated effect timing must be one of {', '.join(_TIMINGS)}, "
                                f"not {raw.get('timing')!r}", file=entry.file, line=entry.line, field="timing")
    playable = entry.fields.get("nodes") is not None and (entry.fields.get("cost") is not None
                                                          or entry.fields.get("x_cost"))
    if playable and not any(raw.get("kind") == "play" for raw in abilities):
        abilities = list(abilities) + [{"kind": "play", "label": "play"}]
    if entry.fields.get("subtype") == "equipment":      # C7: set on the 目標 character on resolution
        abilities = [{**raw, "targets": raw.get("targets") or [dict(EQUIP_TARGET)]} if raw.get("kind") == "play"
                     else raw for raw in abilities]
    return abilities
