"""Narration: one line per event, in the game's own words, as a viewer may see it.

The game system narrates its own event kinds through the ``narrate_event`` hook (see
:mod:`rulestack.hookspecs`); the host narrates the events of its own primitives (moves, life,
counters, phases, activation and resolution, the end of the game) when no plugin did. A hook
names things through a :class:`Teller` (``teller(game, event, viewer)``), which knows what the
viewer may see: a spectator (``viewer=None``) and each player see only the cards they could see
when the event happened; the omniscient view (``narrate(..., omniscient=True)``) sees everything.

Everything that came from card files or scripts (names, logged messages) is made printable:
control characters are escaped, so a card name cannot rewrite the terminal.
"""
from __future__ import annotations

import contextvars
import re
from typing import Any, Iterable, Iterator, Literal, Mapping, Sequence

from .cards import Role
from .events import Cause, Event
from .hookspecs import hookimpl

#: Set while :func:`narrate` runs in the omniscient view (the hook's signature has no room for it).
_OMNISCIENT: contextvars.ContextVar[bool] = contextvars.ContextVar("rulestack_narrate_omniscient", default=False)

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: Any) -> str:
    """``text`` with control characters (and bidi overrides, newlines) escaped as ``\\xNN``/``\\uNNNN``,
    so a card name or a script's message prints on one line and cannot move the cursor.
    (A local helper: the host's shared escaping helper is not in main yet.)"""
    s = str(text)
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                        else f"\\u{ord(m.group()):04x}", s)


def words(name: Any) -> str:
    """A system word made readable: ``"declare_attackers"`` -> ``"declare attackers"``."""
    return str(name).replace("_", " ")


def join(parts: Iterable[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    items = [p for p in parts if p]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class Teller:
    """Names players, cards, zones and targets for one event as one viewer may see them.

    A narration hook builds one with :func:`teller` and composes its line from these words. Card
    names come from card data and are made printable by :func:`narrate`; a card the viewer could
    not see is "a card" or "a hidden card" (or ``hidden=...``)."""

    def __init__(self, game: Any, event: Event, viewer: int | None, omniscient: bool = False) -> None:
        self.game = game
        self.event = event
        self.viewer = viewer
        self.omniscient = omniscient

    # -- who may see what ---------------------------------------------------------------------------
    def sees(self, cid: Any, *, shown: bool = False) -> bool:
        """May the viewer see card ``cid`` at this event? ``shown``: the event itself shows it to
        everyone (a reveal). For a moved card the event's own ``visible`` field says (before and after
        the move); otherwise the card as it is now."""
        if self.omniscient or shown or self._revealed(cid):
            return True
        game = self.game
        card = game.state.cards.get(cid) if isinstance(cid, int) else None
        if card is None:
            return False
        seen: Any
        if cid == self.event.get("card") and "visible" in self.event.data:
            vis = self.event.get("visible")
            seen = range(len(game.state.players)) if vis == "all" else vis
        else:
            try:
                seen = [p.index for p in game.state.players if game.can_see(p.index, card)]
            except KeyError:   # the card's zone is gone (a position under construction)
                return False
        if self.viewer is None:
            return len(set(seen)) >= len(game.state.players)
        return self.viewer in seen

    def _earlier(self) -> Iterator[Event]:
        """The events before this one, newest first (without copying the log)."""
        log = self.game.state.log
        for i in range(min(self.event.seq - 1, len(log)) - 1, -1, -1):
            yield log[i]

    def _revealed(self, cid: Any) -> bool:
        """Was the card revealed to everyone a moment ago (a ``revealed`` event, the card not moved
        since)? It stays known until it moves: One Piece reveals a card as it is played."""
        log = self.game.state.log
        for ev in reversed(log[max(0, self.event.seq - 40): self.event.seq - 1]):
            if ev.get("card") == cid and "from" in ev.data:
                return False
            if ev.kind == "revealed" and cid in (ev.get("cards") or ()):
                return True
            if ev.kind == "turn_began":
                return False
        return False

    def repeats_phase(self) -> bool:
        """Is this ``phase`` event the phase and step the game was already in (a system entering it
        again after each action)?"""
        for ev in self._earlier():
            if ev.kind == "phase":
                return (ev.get("phase"), ev.get("step")) == (self.event.get("phase"), self.event.get("step"))
            if ev.kind == "turn_began":
                return False
        return False

    # -- names --------------------------------------------------------------------------------------
    def player(self, p: Any) -> str:
        """A player's name (``P0``), or ``"the game"`` when no player is meant."""
        players = self.game.state.players
        if isinstance(p, int) and 0 <= p < len(players):
            return players[p].name
        return "the game"

    def card(self, cid: Any, *, shown: bool = False, hidden: str = "a card") -> str:
        """The card's name, or ``hidden`` when the viewer may not see it."""
        card = self.game.state.cards.get(cid) if isinstance(cid, int) else None
        if card is None:
            return "a card"
        return card.name if self.sees(cid, shown=shown) else hidden

    def owned(self, cid: Any, *, shown: bool = False, hidden: str = "a hidden card") -> str:
        """``"P1's Goblin Guide"``: the card with its owner, who may differ from the player acting."""
        card = self.game.state.cards.get(cid) if isinstance(cid, int) else None
        if card is None:
            return "a card"
        held = f" (controlled by {self.player(card.controller)})" if card.controller != card.owner \
            and card.zone_player is not None and card.zone_player != card.owner else ""
        if not self.sees(cid, shown=shown):
            return f"{self.player(card.owner)}'s {hidden.removeprefix('a ').removeprefix('an ')}{held}"
        return f"{self.player(card.owner)}'s {card.name}{held}"

    def cards(self, ids: Iterable[Any], *, shown: bool = False) -> str:
        """Several cards: ``"Goblin Guide and Shock"``; hidden ones are counted."""
        ids = list(ids)
        named = [self.card(c, shown=True) for c in ids if self.sees(c, shown=shown)]
        hidden = len(ids) - len(named)
        if hidden:
            named.append("a hidden card" if hidden == 1 else f"{hidden} hidden cards")
        return join(named)

    def source(self) -> str | None:
        """The name of the card responsible for the event, if any."""
        src = self.event.source
        return self.card(src) if isinstance(src, int) and src in self.game.state.cards else None

    def because(self) -> str:
        """``" (Lightning Bolt)"``: the card whose effect or cost caused the event, or ``""``."""
        name = self.source()
        if name is None or self.event.cause not in (Cause.EFFECT, Cause.COST, Cause.BATTLE):
            return ""
        if self.event.source == self.event.get("card"):
            return ""
        return f" ({name})"

    def zone(self, name: Any, player: Any) -> str:
        """``"P0's hand"``, or ``"the stack"`` for a shared zone."""
        if name is None:
            return "nowhere"
        if player is None:
            return f"the {words(name)}"
        return f"{self.player(player)}'s {words(name)}"

    def target(self, t: Any) -> str:
        """One target as the host or a system records it: a card id, ``{"player": p}``,
        ``{"card": id}``, or a list of those."""
        if isinstance(t, Mapping):
            if "player" in t:
                return self.player(t["player"])
            if "card" in t:
                return self.card(t["card"])
            return "something"
        if isinstance(t, (list, tuple)):
            return join(self.target(x) for x in t)
        if isinstance(t, bool):
            return str(t)
        if isinstance(t, int):
            return self.card(t)
        return words(t)

    def item_targets(self, item_id: Any) -> str | None:
        """What the item with id ``item_id`` targets, from its ``targeted`` events so far."""
        if item_id is None:
            return None
        found = []
        for ev in self._earlier():
            if ev.kind == "targeted" and ev.get("item") == item_id:
                t = ev.get("targets") if "targets" in ev.data else ev.get("target")
                found.append(self.target(t))
            elif ev.kind == "turn_began":
                break
        found.reverse()
        return join(found) or None

    def life(self, player: Any, delta: int, life: int, what: str = "life") -> str:
        """``"P0: 20 → 17 life (Lightning Bolt)"``; ``"P0 starts with 20 life"`` at the start."""
        if life == delta and self.event.cause == Cause.RULE:
            return f"{self.player(player)} starts with {life} {what}"
        return f"{self.player(player)}: {life - delta} → {life} {what}{self.because()}"


def teller(game: Any, event: Event, viewer: int | None) -> Teller:
    """The :class:`Teller` for a narration hook (in the omniscient view when :func:`narrate` is)."""
    return Teller(game, event, viewer, _OMNISCIENT.get())


# -- the host's own event kinds ------------------------------------------------------------------------
def _moved(t: Teller, ev: Event) -> str:
    by = ev.player
    card = t.owned(ev.get("card"))
    src, dst = t.zone(ev.get("from"), ev.get("from_player")), t.zone(ev.get("to"), ev.get("to_player"))
    verb = {"drew": "draws", "played": "plays", "cast": "casts"}.get(ev.kind)
    if verb is not None and by is not None:
        return f"{t.player(by)} {verb} {t.card(ev.get('card'))}{t.because()}"
    if ev.kind == "died":
        return f"{card} dies ({src} → {dst})"
    return f"{card} moves from {src} to {dst}{t.because()}"


def _status(t: Teller, ev: Event) -> str:
    card, key, value = t.owned(ev.get("card")), words(ev.get("key")), ev.get("value")
    if value is None or value is False:
        return f"{card} is no longer {key}{t.because()}"
    if value is True:
        return f"{card} becomes {key}{t.because()}"
    return f"{card}: {key} {value}{t.because()}"


def _effect_began(t: Teller, ev: Event) -> str:
    op, attr, value = ev.get("op"), words(ev.get("attr") or "it"), ev.get("value")
    what = t.cards(ev.get("targets") or ()) or "cards that match"
    until = "" if ev.get("duration") in (None, "permanent") else f" {words(ev.get('duration'))}"
    src = t.source()
    many = len(ev.get("targets") or ()) != 1
    if op in ("grant", "grant_keyword", "add_keyword") and isinstance(value, str):
        change = f"{'gain' if many else 'gains'} {value}"
    elif isinstance(value, bool):
        change = f"{'gain' if many else 'gains'} {attr}" if value else f"{'lose' if many else 'loses'} {attr}"
    elif op == "add" and isinstance(value, (int, float)):
        change = f"{'get' if many else 'gets'} {value:+g} {attr}"
    elif op == "set":
        change = f"{'have' if many else 'has'} {attr} {value}"
    else:
        change = f"{'are' if many else 'is'} changed ({words(op)} {attr}{'' if value is None else ' ' + str(value)})"
    return f"{what} {change}{until}" + (f" ({src})" if src else "")


def _game_over(t: Teller, ev: Event) -> str:
    winners = ev.get("winners") or []
    reason = ev.get("reason") or "no reason given"
    if not winners:
        return f"The game ends in a draw: {reason}."
    return f"{join(t.player(w) for w in winners)} wins the game: {reason}."


def _activated(t: Teller, ev: Event) -> str:
    card = t.card(ev.get("card"))
    targets = t.item_targets(ev.get("item"))
    line = f"{card}'s ability triggers" if _role(t, ev) == Role.TRIGGERED else f"{t.player(ev.player)} activates {card}"
    return line + (f" targeting {targets}" if targets else "")


def _role(t: Teller, ev: Event) -> str | None:
    """The role (activated, triggered ...) of the ability an ``activated`` event is about."""
    card = t.game.state.cards.get(ev.get("card"))
    index = ev.get("ability")
    if card is None or not isinstance(index, int) or not 0 <= index < len(card.definition.abilities):
        return None
    return card.definition.abilities[index].role


def _resolving(t: Teller, ev: Event) -> str:
    return f"{t.card(ev.get('card'))} resolves"


def _script_log(t: Teller, ev: Event) -> str:
    return f"{t.source() or 'a card'} says: {ev.get('message')}"


def _host_line(t: Teller, ev: Event) -> str | None:
    """The host's narration of the events its primitives record; ``None`` for a kind it does not know."""
    k = ev.kind
    if k in ("moved", "drew", "played", "cast", "died"):
        return _moved(t, ev)
    if k == "created":
        return f"{t.owned(ev.get('card'))} is created in {t.zone(ev.get('to'), ev.get('to_player'))}{t.because()}"
    if k == "shuffled":
        return f"{t.player(ev.player)} shuffles their {words(ev.get('zone'))}" if ev.player is not None \
            else f"the {words(ev.get('zone'))} is shuffled"
    if k == "status":
        return _status(t, ev)
    if k in ("counters_added", "counters_removed"):
        n, what = ev.get("n"), f"{ev.get('counter')} counter" + ("s" if ev.get("n") != 1 else "")
        verb = "gets" if k == "counters_added" else "loses"
        return f"{t.owned(ev.get('card'))} {verb} {n} {what} (now {ev.get('after')}){t.because()}"
    if k in ("life_changed", "damaged"):
        return t.life(ev.player, ev.get("delta") or 0, ev.get("life") or 0)
    if k == "turn_began":
        return f"--- turn {ev.get('turn')}: {t.player(ev.player)} ---"
    if k == "phase":
        step = f", {words(ev.get('step'))} step" if ev.get("step") else ""
        return f"· {words(ev.get('phase'))} phase{step}"
    if k == "activated":
        return _activated(t, ev)
    if k == "targeted":
        return ""   # told with the activation
    if k == "resolving":
        return _resolving(t, ev)
    if k == "resolution_skipped":
        return f"{t.source() or 'an ability'} does not resolve: {ev.get('why')}"
    if k == "resolution_stopped":
        return f"{t.source() or 'an ability'} stops resolving part way"
    if k == "effect_negated":
        return f"The effect of {t.card(ev.get('card'))} is negated"
    if k == "activation_negated":
        return f"{t.source() or 'a card'} negates the activation of {t.card(ev.get('card'))}"
    if k == "effect_negation_applied":
        return f"{t.source() or 'a card'} negates an effect"
    if k == "effect_began":
        return _effect_began(t, ev)
    if k == "effect_ended":
        return ""   # the end of an "until end of turn" effect is the end of the turn
    if k == "revealed":
        return f"{t.player(ev.player)} reveals {t.cards(ev.get('cards') or (), shown=True)}{t.because()}"
    if k == "script_log":
        return _script_log(t, ev)
    if k.startswith("card:"):
        details = ", ".join(f"{words(a)} {b}" for a, b in ev.data.items() if a not in ("visible", "code"))
        return f"{t.source() or 'a card'}: {words(k[5:])}" + (f" ({details})" if details else "")
    if k == "game_over":
        return _game_over(t, ev)
    if {"key", "value"} <= set(ev.data) and set(ev.data) <= {"key", "value", "old"}:
        # a named value set through Game.set_value(..., event=...): resources, flags
        owner = f"{t.player(ev.player)}'s " if ev.player is not None else ""
        old = ev.get("old")
        return f"{owner}{words(ev.get('key'))}: {'' if old is None else f'{old} → '}{ev.get('value')}{t.because()}"
    return None


def _raw(ev: Event) -> str:
    fields = " ".join(f"{a}={b}" for a, b in ev.data.items() if a not in ("visible", "code"))
    return f"{ev.kind}: {fields}".strip()


Narrator = Literal["system", "host", "raw"]


def explain(game: Any, ev: Event, viewer: int | None = None, *,
            omniscient: bool = False) -> tuple[str | None, Narrator]:
    """The narrated line for ``ev`` (``None``: nothing worth a line) and who narrated it: a plugin
    (``"system"``), the host (``"host"``), or nobody (``"raw"``: the event's fields, a kind that
    still needs words)."""
    if ev.kind == "phase" and Teller(game, ev, viewer).repeats_phase():
        return None, "host"          # the same phase and step again: nothing new to say
    token = _OMNISCIENT.set(omniscient)
    try:
        said = game.pm.hook.narrate_event(game=game, event=ev, viewer=viewer)
        by: Narrator = "system"
        if said is None:
            said, by = _host_line(Teller(game, ev, viewer, omniscient), ev), "host"
        if said is None:
            said, by = _raw(ev), "raw"
    finally:
        _OMNISCIENT.reset(token)
    return (printable(said) if said else None), by


def narrate(game: Any, ev: Event, viewer: int | None = None, *, omniscient: bool = False) -> str | None:
    """One line for ``ev`` in the game's own words, as ``viewer`` may see it (``None``: a
    spectator; ``omniscient``: everything), or ``None`` for bookkeeping not worth a line."""
    return explain(game, ev, viewer, omniscient=omniscient)[0]


# -- narrating while the game is played -------------------------------------------------------------------
View = int | None | Literal["omniscient"]


def view_name(view: View) -> str:
    """``"spectator"``, ``"P0"``, ``"omniscient"``: a view's label."""
    return "spectator" if view is None else ("omniscient" if view == "omniscient" else f"P{view}")


class LiveNarrator:
    """A plugin that narrates each event as it is recorded, for the given views, so that what a
    viewer could see is judged at the moment of the event (a card set face down and later revealed
    stays unnamed in the line about setting it). Pass it to ``Game(..., plugins=[narrator])``; it
    records nothing and changes nothing. Events rolled back with a failed action are dropped."""

    def __init__(self, views: Sequence[View] = (None,)) -> None:
        self.views = tuple(views)
        self._said: list[tuple[Event, tuple[str | None, ...]]] = []
        self.game: Any = None

    @hookimpl
    def on_event(self, game: Any, event: Event) -> None:
        """Narrate ``event`` for each view."""
        self.game = game
        self._said.append((event, tuple(
            narrate(game, event, None if v == "omniscient" else v, omniscient=v == "omniscient")
            for v in self.views)))

    def entries(self) -> list[tuple[Event, tuple[str | None, ...]]]:
        """``(event, lines per view)`` for every event still in the game's log, in order."""
        if self.game is None:
            return []
        log = self.game.state.log
        return [(ev, said) for ev, said in self._said if ev.seq <= len(log) and log[ev.seq - 1] is ev]

    def lines(self, view: View = None) -> list[str]:
        """The narrated lines of one of the views, in order."""
        i = self.views.index(view)
        return [line for _, said in self.entries() if (line := said[i])]
