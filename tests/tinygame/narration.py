"""Tiny's events in Tiny's words: energy, units and spells, damage marked on units."""
from __future__ import annotations

from typing import Any

from rulestack.events import Cause, Event
from rulestack.narrate import Teller, teller, words


def narrate(game: Any, ev: Event, viewer: int | None) -> str | None:
    """One line for an event of a game of Tiny, or ``None`` for the host's generic words."""
    fn = _BY_KIND.get(ev.kind)
    return fn(teller(game, ev, viewer), ev) if fn is not None else None


def _drew(t: Teller, ev: Event) -> str:
    return f"{t.player(ev.get('to_player'))} draws {t.card(ev.get('card'))}{t.because()}"


def _energy(t: Teller, ev: Event) -> str:
    if ev.kind == "energy_paid":
        return f"{t.player(ev.player)} pays {(ev.get('old') or 0) - ev.get('value')} energy for {t.source()}"
    return f"{t.player(ev.player)} has {ev.get('value')} energy"


def _status(t: Teller, ev: Event) -> str | None:
    if ev.get("key") != "damage":
        return None
    return f"{t.owned(ev.get('card'))} has {ev.get('value')} damage marked{t.because()}"


_BY_KIND: dict[str, Any] = {
    "phase": lambda t, ev: f"· {words(ev.get('phase'))} phase",
    "drew": _drew,
    "energy_set": _energy,
    "energy_paid": _energy,
    "status": _status,
    "died": lambda t, ev: f"{t.owned(ev.get('card'))} is discarded by the rules (damage or toughness)",
    "damaged": lambda t, ev: f"{t.source() or 'something'} deals {-(ev.get('delta') or 0)} damage to "
                             f"{t.player(ev.player)}: {ev.get('life') - ev.get('delta')} → {ev.get('life')} life"
    if ev.cause == Cause.EFFECT else None,
}
