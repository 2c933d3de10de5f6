"""Text and its negation (CR 2.12.3, 12.4), and the order combat power is worked out in (6.1.10).

* A description in 【 】 cannot be negated (an ability with ``unnegatable = true``): a negation
  of the card's text, or of its auto effects, leaves it working (12.4, QA-020), unless the
  negation says it includes 【 】 text (``value = "all"``).
* Effects *generated* by a 【 】 description can be negated (12.4 supplement, QA-102): an effect a
  card has gained (``gained`` modifiers, e.g. from No.345) stops when its text is negated.
* Negation ops, in the first layer: ``negate`` (the whole text: the host's op, ``"all"`` reaches
  【 】) and ``negate_auto`` (only auto effects 自動α/β/γ).
* 6.1.10: change (変更) → swap (入れ替え) → addition/subtraction (加減算) → "always" (常に);
  a variable in combat power is fixed before (the ``variable`` layer: a static whose value is a
  function, evaluated first, as for No.774 in QA-356). Within a layer, later modifiers apply
  later, so the last change wins (QA-298). The host recomputes whenever a modifier changes.
"""
from __future__ import annotations

from typing import Any

from rulestack import Ability, Card, Game

LAYERS = ("text", "variable", "change", "swap", "add", "always")
OP_LAYERS = {"negate": "text", "negate_auto": "text", "remove_abilities": "text", "grant": "text",
             "revoke": "text", "set": "change", "swap": "swap", "add": "add", "gained": "add"}

AUTO_KINDS = ("auto_alpha", "auto_beta", "auto_gamma")


def _negate_auto(values: dict, mod: Any) -> None:
    prior = values.get("auto_negated")
    values["auto_negated"] = "all" if mod.value == "all" or prior == "all" else True


def _gained(values: dict, mod: Any) -> None:
    """A gained effect (``value = {attr, amount}``) applies unless the card's text or its auto
    effects are negated — a generated effect is negatable even when written in 【 】 (QA-102)."""
    if values.get("negated") or values.get("auto_negated"):
        return
    attr, amount = mod.value.get("attr"), mod.value.get("amount", 0)
    values[attr] = (values.get(attr) or 0) + amount


MODIFIER_OPS = {"negate_auto": _negate_auto, "gained": _gained}


def ability_negated(game: Game, card: Card, ability: Ability) -> bool:
    """Is this ability negated now (2.12.3, 12.4)?"""
    values = game.values(card)
    for flag, applies in (("negated", True), ("auto_negated", ability.kind in AUTO_KINDS)):
        neg = values.get(flag)
        if applies and neg and (neg == "all" or not ability.unnegatable):
            return True
    return False

