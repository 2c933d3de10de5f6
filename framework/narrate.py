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
from typing import Any, Iterable, Iterator, Literal, Mapping, Sequence

from .cards import Role
from .escape import escape_text
from .events import Cause, Event
from .hookspecs import hookimpl

#: Set while :func:`narrate` runs in the omniscient view (the hook's signature has no room for it).
_OMNISCIENT: contextvars.ContextVar[bool] = contextvars.ContextVar("rulestack_narrate_omniscient", default=False)



def printable(text: Any) -> str:
    """``text`` with control characters (and bidi overrides, newlines) escaped, so a card name or a
    script's message prints on one line and cannot move the cursor (:func:`rulestack.escape.escape_text`)."""
    return escape_text(text)


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
    if k == "looked_at":
        shown = t.viewer in (ev.get("visible") or ())
        return f"{t.player(ev.player)} looks at {t.cards(ev.get('cards') or (), shown=shown)}{t.because()}"
    if k == "script_log":
        return _script_log(t, ev)
    if k == "replaced":
        verb = "prevents" if ev.get("prevented") else "changes"
        return f"{t.source() or 'a replacement effect'} {verb} the {words(ev.get('event'))} event (replacement)"
    if k.startswith("card:"):
        details = ", ".join(f"{words(a)} {b}" for a, b in ev.data.items() if a not in ("visible", "code", "codes"))
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
    fields = " ".join(f"{a}={b}" for a, b in ev.data.items() if a not in ("visible", "code", "codes"))
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


def first_turn_header(game: Any, event: Event) -> Event | None:
    """The host records ``turn_began`` when a turn passes, so the first turn has none: for the
    game's first ``phase`` event, or first system event about a turn (a kind starting ``turn_``, such
    as a ``turn_start``), with no phase nor turn before it, this returns a ``turn_began`` event
    for turn 1 (not recorded anywhere) to narrate just before it, so that every turn has its header
    in the system's words. ``None`` for any other event."""
    if event.kind != "phase" and not event.kind.startswith("turn_") or event.kind == "turn_began":
        return None
    log = game.state.log
    for i in range(min(event.seq - 1, len(log)) - 1, -1, -1):
        if log[i].kind == "phase" or log[i].kind.startswith("turn_"):
            return None
    player = event.player if event.player is not None else game.state.active_player
    return Event(seq=event.seq, kind="turn_began", cause=event.cause, source=None, player=player,
                 data={"turn": 1})


# -- decisions: the answers that leave no event behind --------------------------------------------------
def chosen_action(decision: Any, answer: Any) -> Any:
    """The :class:`~rulestack.flow.Action` an action decision was answered with, or ``None`` when
    ``decision`` is not an action decision. For a system's ``narrate_decision`` hook."""
    from .decisions import ACTION
    if getattr(decision, "kind", None) != ACTION or not isinstance(answer, (list, tuple)) or len(answer) != 1:
        return None
    index = answer[0]
    options = decision.options
    return options[index].value if isinstance(index, int) and 0 <= index < len(options) else None


def _host_decision_line(game: Any, decision: Any, answer: Any) -> str | None:
    """The host's words for an answered decision: "P1 passes" for an action of kind ``pass``;
    nothing for any other answer (its events tell it)."""
    action = chosen_action(decision, answer)
    if action is None or action.kind != "pass":
        return None
    players = game.state.players
    who = players[decision.player].name if 0 <= decision.player < len(players) else f"P{decision.player}"
    return f"{who} passes"


def narrate_answer(game: Any, decision: Any, answer: Any, viewer: int | None = None, *,
                   omniscient: bool = False) -> str | None:
    """One line for an answered decision in the game's own words (the system's ``narrate_decision``
    hook, else the host's "P1 passes"), or ``None`` when the answer is not worth a line: a
    decision that offered a single answer (a window with nothing but a pass) never is."""
    try:
        if decision.count_answers() <= 1:
            return None
    except (TypeError, ValueError, OverflowError):
        pass
    token = _OMNISCIENT.set(omniscient)
    try:
        said = game.pm.hook.narrate_decision(game=game, decision=decision, answer=answer, viewer=viewer)
        if said is None:
            said = _host_decision_line(game, decision, answer)
    finally:
        _OMNISCIENT.reset(token)
    return printable(said) if said else None


# -- narrating while the game is played -------------------------------------------------------------------
View = int | None | Literal["omniscient"]


def view_name(view: View) -> str:
    """``"spectator"``, ``"P0"``, ``"omniscient"``: a view's label."""
    return "spectator" if view is None else ("omniscient" if view == "omniscient" else f"P{view}")


class LiveNarrator:
    """A plugin that narrates each event as it is recorded, for the given views, so that what a
    viewer could see is judged at the moment of the event (a card set face down and later revealed
    stays unnamed in the line about setting it). Pass it to ``Game(..., plugins=[narrator])``; it
    records nothing and changes nothing. Events rolled back with a failed action are dropped.

    The answers of decisions that leave no event behind (a player passing priority, declining to
    block, ending a phase) are told in their place between the events (:func:`narrate_answer`);
    they are not events and are not recorded in the game's log."""

    def __init__(self, views: Sequence[View] = (None,)) -> None:
        self.views = tuple(views)
        #: Events and answered decisions (``None`` in place of the event) with their lines, in order.
        self._said: list[tuple[Event | None, tuple[str | None, ...]]] = []
        self.game: Any = None
        self._turned = False   # the first turn's header is told (or a turn began)
        self._answers: list[tuple[None, tuple[str | None, ...]]] = []

    @hookimpl
    def on_event(self, game: Any, event: Event) -> None:
        """Narrate ``event`` for each view (the first turn's header before the game's first phase)."""
        self.game = game
        first = first_turn_header(game, event) if not self._turned else None
        if first is not None or event.kind == "phase" or event.kind.startswith("turn_"):
            self._turned = True
        if first is not None:
            self._said.append((None, tuple(
                narrate(game, first, None if v == "omniscient" else v, omniscient=v == "omniscient")
                for v in self.views)))
        self._said.append((event, tuple(
            narrate(game, event, None if v == "omniscient" else v, omniscient=v == "omniscient")
            for v in self.views)))

    @hookimpl
    def decision_answered(self, game: Any, decision: Any, answer: Any) -> None:
        """Tell an answered decision for each view (passes; see :func:`narrate_answer`)."""
        self.game = game
        said = tuple(narrate_answer(game, decision, answer, None if v == "omniscient" else v,
                                    omniscient=v == "omniscient") for v in self.views)
        if any(said):
            entry = (None, said)
            self._said.append(entry)
            self._answers.append(entry)

    def _kept(self) -> list[tuple[Event | None, tuple[str | None, ...]]]:
        """Every entry but the events rolled back since."""
        if self.game is None:
            return []
        log = self.game.state.log
        return [(ev, said) for ev, said in self._said
                if ev is None or (ev.seq <= len(log) and log[ev.seq - 1] is ev)]

    def entries(self) -> list[tuple[Event, tuple[str | None, ...]]]:
        """``(event, lines per view)`` for every event still in the game's log, in order (without
        the answered decisions: see :meth:`lines`)."""
        return [(ev, said) for ev, said in self._kept() if ev is not None]

    def answer_lines(self, view: View = None) -> list[str]:
        """Only the lines told for answered decisions (passes), in order, in one of the views."""
        i = self.views.index(view)
        return [line for _, said in self._answers if (line := said[i])]

    def lines(self, view: View = None) -> list[str]:
        """The narrated lines of one of the views, in order: the events' and, in their place, the
        answered decisions' (passes)."""
        i = self.views.index(view)
        return [line for _, said in self._kept() if (line := said[i])]
