"""Deck construction (B2.3.1 S1-S2): exactly 50 cards, at most 3 with the same name, where
「符ノ壱"X"」 and 「X」 count as one name."""
from __future__ import annotations

from typing import Any

from rulestack import Game

from . import areas, names


def problems(game: Game, deck: Any) -> list[str]:
    main = list(deck.sections.get("main", ()))
    out = []
    if len(main) != areas.DECK_SIZE:
        out.append(f"a deck has exactly {areas.DECK_SIZE} cards (S1), not {len(main)}")
    counts: dict[str, int] = {}
    for code in main:
        key = names.deck_name(game.pool.definition(code).name)
        counts[key] = counts.get(key, 0) + 1
    for name, n in sorted(counts.items()):
        if n > areas.MAX_COPIES:
            out.append(f"{n} cards named 「{name}」 (at most {areas.MAX_COPIES}, S2)")
    return out
