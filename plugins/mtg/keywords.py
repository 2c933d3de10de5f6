"""Keyword expansion: what a card's data and script mean as abilities.

* Every nonland card gets its spell ability — casting it for its mana cost (601) — so a vanilla
  creature is one line of data and an instant's script only says what it does. A spell ability
  with ``kicker`` is also castable kicked; one with ``alternative = true`` is cast for its own
  cost instead of the mana cost (:mod:`.costs`).
* ``{ kind = "chapter", chapters = {1, 2, 3, 4}, ... }`` is one chapter ability per number
  (714.2c), each triggering when lore counters make the count cross its number (714.2b).
* Evergreen keywords (Flying, First strike, Trample ...) stay keyword flags that the rules read
  (``game.has_keyword``); an unknown keyword is a load error.
"""
from __future__ import annotations

from typing import Any

from rulestack import CardDataError
from rulestack.cards import CardEntry

from .mana import ManaCost
from .rules import KEYWORDS, PERMANENT_TYPES

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII"}


def expand(entry: CardEntry, abilities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The card's abilities after expansion (the script's own come first, in order)."""
    for kw in entry.keywords:
        if kw not in KEYWORDS:
            raise CardDataError(f"card {entry.name!r}: unknown keyword {kw!r} (known: {', '.join(sorted(KEYWORDS))})",
                                file=entry.file, line=entry.line, field="keywords")
    types = entry.fields.get("types") or []
    mana_cost = entry.fields.get("mana_cost")
    if mana_cost is not None:
        try:
            ManaCost.parse(mana_cost)
        except ValueError as e:
            raise CardDataError(f"card {entry.name!r}: {e}", file=entry.file, line=entry.line,
                                field="mana_cost") from None
    mana = [{"kind": "mana", "amount": ManaCost.parse(mana_cost).value, "mana": mana_cost}] if mana_cost else []
    out: list[dict] = []
    has_spell = False
    for raw in abilities:
        kind = raw.get("kind")
        if kind == "chapter":
            out.extend(_chapters(entry, raw))
        elif kind == "spell":
            has_spell = True
            out.extend(_ways_to_cast(raw, mana))
        else:
            out.append(raw)
    if not has_spell and "Land" not in types:
        spell: dict[str, Any] = {"kind": "spell", "label": "cast"}
        if mana:
            spell["cost"] = mana
        if not PERMANENT_TYPES.intersection(types):
            spell["text"] = "does nothing"
        out.append(spell)
    return out


def _ways_to_cast(raw: dict[str, Any], mana: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A ``spell`` ability is cast for the mana cost plus its additional costs; with
    ``alternative = true`` for its own cost instead (118.9); with ``kicker = { costs }`` it is
    also castable kicked, paying those costs too (702.33a: an optional additional cost), as one
    more spell ability marked ``kicked`` (601.2b: the choice is made as it is cast); with
    ``evoke = { costs }`` also castable for that alternative cost, labelled ``evoke`` (702.74a)."""
    own = list(raw.get("cost", []))
    base = {k: v for k, v in raw.items() if k not in ("kicker", "evoke")}
    if raw.get("alternative"):
        return [{**base, "cost": own}]
    out = [{**base, "cost": mana + own} if mana or own else base]
    evoke = raw.get("evoke")
    if evoke:         # 702.74a: cast it for its evoke cost instead; sacrificed as it enters
        out.append({**base, "cost": list(evoke), "alternative": True, "label": "evoke"})
    kicker = raw.get("kicker")
    if kicker:
        out.append({**base, "cost": mana + own + list(kicker), "kicked": True, "label": "with kicker"})
    return out


def _chapters(entry: CardEntry, raw: dict[str, Any]) -> list[dict[str, Any]]:
    numbers = raw.get("chapters")
    if numbers is None:
        numbers = [raw.get("chapter")]
    if not numbers or not all(isinstance(n, int) and n >= 1 for n in numbers):
        raise CardDataError(f"card {entry.name!r}: a chapter ability needs 'chapter = N' or 'chapters = {{...}}'",
                            file=entry.file, line=entry.line, field="abilities")
    out = []
    base = {k: v for k, v in raw.items() if k not in ("chapters", "chapter")}
    name = raw.get("label")
    for n in numbers:
        label = f"chapter {ROMAN.get(n, n)}" + (f" - {name}" if name else "")
        out.append({**base, "chapter": n, "label": label,
                    "trigger": {"on": "counters_added", "self": True, "counter": "lore", "chapter": n}})
    return out
