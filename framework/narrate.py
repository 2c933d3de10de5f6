"""A readable line for an event, for ``rulestack play`` logs and failing scenarios."""
from __future__ import annotations

from typing import Any

from .events import Event

_QUIET = frozenset({"shuffled", "status", "effect_ended", "targeted", "resolving", "phase"})


def narrate(game: Any, ev: Event, viewer: int | None = None) -> str | None:
    """A short sentence for an event, or ``None`` for bookkeeping events not worth a line.
    With ``viewer``, cards that player could not see are not named."""
    names = [p.name for p in game.state.players]

    def who(p: Any) -> str:
        return names[p] if isinstance(p, int) and 0 <= p < len(names) else "-"

    def card(cid: Any) -> str:
        if not isinstance(cid, int) or cid not in game.state.cards:
            return "?"
        vis = ev.get("visible", "all")
        if viewer is not None and vis != "all" and viewer not in vis:
            return "a card"
        return game.state.cards[cid].name

    k = ev.kind
    if k in _QUIET:
        return None
    if k in ("moved", "drew", "played", "cast", "died") or ev.get("from") is not None:
        verb = {"moved": "moves", "drew": "draws", "played": "plays", "cast": "casts", "died": "dies"}.get(k, k)
        subject = who(ev.player) if ev.player is not None else "rules"
        return f"{subject}: {card(ev.get('card'))} {verb} ({ev.get('from')} -> {ev.get('to')}, {ev.cause})"
    if k == "turn_began":
        return f"--- turn {ev.get('turn')}: {who(ev.player)} ---"
    if k in ("life_changed", "damaged"):
        return f"{who(ev.player)}: life {ev.get('delta'):+d} -> {ev.get('life')} ({ev.cause})"
    if k == "activated":
        return f"{who(ev.player)} activates {card(ev.get('card'))}"
    if k == "game_over":
        winners = ev.get("winners") or []
        return "game over: " + (", ".join(who(w) for w in winners) + " won" if winners else "draw") + \
            f" ({ev.get('reason')})"
    if k == "counters_added":
        return f"{card(ev.get('card'))} gets {ev.get('n')} {ev.get('counter')} counter(s) ({ev.get('after')})"
    fields = " ".join(f"{a}={b}" for a, b in ev.data.items() if a not in ("visible", "code"))
    return f"{k}: {fields}".strip()
