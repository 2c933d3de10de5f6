"""Card names (12.3): references by a part of the name, "the same name", linked names and the
deck-building rule that 「符ノ壱"X"」 and 「X」 share a name.

A card's names are its own name — which an effect such as No.889 変装 may change — plus the
names a link (連結) gives it; changing the name replaces only the card's own name (Q&A 2014-11-27).
"""
from __future__ import annotations

import re
from typing import Any

from rulestack import Card, Game

#: 「符ノ壱"X"」: the first-rank version of a character, counted as X for the 3-copy limit (S2).
_RANK_ONE = re.compile(r'^符ノ壱\s*["“](.+)["”]$')


def names_of(game: Game, card: Card) -> tuple[str, ...]:
    """The names the card has now: its own (perhaps changed) name, then its linked names."""
    values = game.values(card)
    own = values.get("name") or card.name
    return (own,) + tuple(n for n in (values.get("link_names") or ()) if n != own)


def refers_to(game: Game, card: Card, name: str) -> bool:
    """12.3.1: a reference to the name "A" matches any card one of whose names contains "A"."""
    return any(name in n for n in names_of(game, card))


def same_name(game: Game, a: Any, b: Any) -> bool:
    """12.3.2: "cards with the same name" share a name exactly, nothing extra or missing."""
    return bool(set(names_of(game, a)) & set(names_of(game, b)))


def deck_name(name: str) -> str:
    """The name a card counts as for the copy limit (S2): 「符ノ壱"X"」 counts as 「X」;
    「符ノ弐"X"」 stays a different name."""
    m = _RANK_ONE.match(name)
    return m.group(1) if m else name


def f_named(game: Game, card: Card, want: Any, player: Any) -> bool:
    """Filter key ``named``: the card is referred to by this name (12.3.1); a list means any."""
    wanted = want if isinstance(want, list) else [want]
    return any(refers_to(game, card, str(w)) for w in wanted)


def f_same_name_as(game: Game, card: Card, want: Any, player: Any) -> bool:
    """Filter key ``same_name_as``: a card id whose name this card shares exactly (12.3.2)."""
    if not isinstance(want, int) or want not in game.state.cards:
        return False
    return same_name(game, card, game.card(want))
