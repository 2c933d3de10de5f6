"""Deck construction (CR 5-1-2, 5-1-3): 1 Leader, 50 cards sharing a colour with the Leader with at
most 4 copies of each card number, and a DON!! deck of 10 DON!! cards."""
from __future__ import annotations

from typing import Any

from rulestack import Game


def problems(game: Game, deck: Any) -> list[str]:
    """What is wrong with a deck (empty when it is legal)."""
    found: list[str] = []
    defs = {code: game.pool.definition(code) for code in deck.all_codes()}
    leaders = deck.sections.get("leader", ())
    if len(leaders) != 1 or defs[leaders[0]].get("category") != "leader":
        return [f"a deck has exactly 1 Leader card in its 'leader' section (5-1-2), {deck.name} has {len(leaders)}"]
    colors = set(defs[leaders[0]].get("color") or ())
    main = deck.sections.get("main", ())
    if len(main) != 50:
        found.append(f"a deck has exactly 50 cards (5-1-2), {deck.name} has {len(main)}")
    for code in sorted(set(main)):
        d = defs[code]
        if main.count(code) > 4:
            found.append(f"at most 4 copies of {d.name} ({code}) (5-1-2-3)")
        if d.get("category") not in ("character", "event", "stage"):
            found.append(f"{d.name} ({code}) is not a Character, Event or Stage card (5-1-2-1)")
        if not colors & set(d.get("color") or ()):
            found.append(f"{d.name} ({code}) shares no colour with the Leader (5-1-2-2)")
    dons = deck.sections.get("don", ())
    if len(dons) != 10 or any(defs[c].get("category") != "don" for c in dons):
        found.append(f"a DON!! deck has exactly 10 DON!! cards (5-1-3), {deck.name} has {len(dons)}")
    return found
