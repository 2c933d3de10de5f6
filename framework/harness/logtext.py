"""Events as text for reports: the exact event, with the names of the cards it mentions."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import Event

if TYPE_CHECKING:
    from ..game import Game


def describe_event(game: Game, ev: Event) -> str:
    """``#12 died [rule] card=5 code=T01 ...  (Grunt)``: the event and the names of its cards."""
    text = str(ev)
    names = []
    for cid in (ev.get("card"), ev.source):
        if isinstance(cid, int) and cid in game.state.cards:
            names.append(game.state.cards[cid].name)
    return text + (f"  ({', '.join(dict.fromkeys(names))})" if names else "")
