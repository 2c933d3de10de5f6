"""A replay as one self-contained HTML page: the board step by step, the narrated log beside it.

:class:`BoardRecorder` is a plugin that watches a game as it is played (or replayed): after every
event it notes what changed on the board (zones and their cards, face, status, counters, derived
values, life and resources, the stack or chain, turn and phase) and the event's narration in every
view (a spectator, each player, omniscient). :func:`write_html` embeds that data in one HTML file
with its own CSS and JavaScript: no network, no build step.

A system may give a layout hint as a class attribute ``board_layout``: for each player, the rows of
zones from the player's edge of the table inward, and the shared zones drawn between the players::

    board_layout = {"rows": [["hand"], ["battlefield"], ["library", "graveyard", "exile"]],
                    "shared": ["stack"], "stats": ["power", "toughness"], "turned": ["tapped"]}

``turned`` names the statuses that draw a card turned sideways (default: tapped, rested, exhausted,
suspended, sleep). Without a hint the viewer draws each player's public zones, then the hand, then
the piles (ordered or hidden zones) in the order the system declares them.
"""
from __future__ import annotations

import html as _html
import json
from pathlib import Path
from typing import Any, Generator, Mapping, Sequence

from ..escape import escape_text, json_text
from ..events import Event
from ..hookspecs import hookimpl
from ..narrate import explain, first_turn_header, narrate_answer
from ..state import Visibility
from ._viewer_page import PAGE

#: Card fields that read as a card's stats on the board, in the order shown (a system's
#: ``board_layout`` may name its own under ``"stats"``).
STAT_FIELDS = ("power", "toughness", "atk", "def", "dp", "attack", "durability", "hp", "level", "cost")


def _plain(value: Any) -> Any:
    """A JSON-safe copy of a value from the state (ids, numbers, strings, lists, dicts)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    return str(value)


def _zone_key(name: str, player: int | None) -> str:
    return name if player is None else f"{name}/{player}"


def _mentioned(ev: Event) -> list[int]:
    """The card ids an event is about (for the log's filter by card)."""
    out: list[int] = []

    def add(v: Any) -> None:
        if isinstance(v, bool):
            return
        if isinstance(v, int):
            out.append(v)
        elif isinstance(v, Mapping) and "card" in v:
            add(v["card"])
        elif isinstance(v, (list, tuple)):
            for x in v:
                add(x)
    add(ev.source)
    for key in ("card", "cards", "targets", "target", "attacker", "to_card", "to"):
        if key in ev.data and not (key in ("to", "target") and isinstance(ev.get(key), str)):
            add(ev.get(key))
    return sorted(set(out))


class BoardRecorder:
    """A plugin recording the board after every event and each view's narration of the event.
    Pass it to ``Game(..., plugins=[recorder])`` (or to :func:`~rulestack.harness.replay.replay_game`);
    it reads the state and records nothing."""

    def __init__(self) -> None:
        self.game: Any = None
        self.initial: dict[str, Any] | None = None
        self.meta: dict[str, Any] = {}
        #: ``(event, step)``; an answered decision (a pass) is a step without an event that changes nothing.
        self.steps: list[tuple[Event | None, dict[str, Any]]] = []
        self._zones: dict[str, list[int]] = {}
        self._cards: dict[int, dict[str, Any]] = {}
        self._infos: dict[int, dict[str, Any]] = {}      # each card as first seen: name, code, text, fields
        self._looks: dict[str, dict[str, Any]] = {}      # the definitions cards became (a copy effect)
        self._players: Any = None
        self._stack: Any = None
        self._clock: Any = None
        self._values: dict[int, dict[str, Any]] = {}
        self._stats: dict[str, tuple[str, ...]] = {}     # the stat fields each card code has
        self._players_ix: list[int] = []
        self._turned = False     # the first turn's header is told (or a turn began)
        self._looked: int | None = None    # the journal's version at the last look at the cards

    # -- hooks ------------------------------------------------------------------------------------------
    @hookimpl(tryfirst=True)
    def setup_game(self, game: Any) -> None:
        """The board before the first event: the decks in their zones."""
        self._start(game)

    @hookimpl
    def on_event(self, game: Any, event: Event) -> None:
        """Note what changed with ``event`` and how each view narrates it."""
        if self.game is None:
            self._start(game)
        views: list[Any] = [None, *range(len(game.state.players)), "omniscient"]
        first = first_turn_header(game, event) if not self._turned else None
        if first is not None or event.kind == "phase" or event.kind.startswith("turn_"):
            self._turned = True
        if first is not None:    # turn 1 has no turn_began event: its header, told before the first phase
            self.steps.append((None, {"seq": None, "kind": "turn_header", "cause": first.cause, "cards": [],
                                      "lines": [explain(game, first, None if v == "omniscient" else v,
                                                        omniscient=v == "omniscient")[0] for v in views]}))
        lines = [explain(game, event, None if v == "omniscient" else v, omniscient=v == "omniscient")[0]
                 for v in views]
        # every event: what changed since the last one shows at this line, an event's own change or not
        # (One Piece's Refresh Phase stands its cards up with no event; the next line is the Draw Phase)
        delta = self._delta(game)
        step = {"seq": event.seq, "kind": event.kind, "cause": event.cause, "cards": _mentioned(event),
                "lines": lines, **delta}
        self.steps.append((event, step))

    @hookimpl(wrapper=True)
    def push_item(self, game: Any, item: Any) -> Generator[None, object, object]:
        """An item put on the stack or chain (after the event that announced it: no event tells the push)
        shows on the board of the last step, the line that says it was activated."""
        handled = yield
        if self.steps:
            _merge(self.steps[-1][1], self._delta(game))
        return handled

    @hookimpl
    def decision_answered(self, game: Any, decision: Any, answer: Any) -> None:
        """A pass (an answer no event tells) as a step of the log that leaves the board as it is."""
        views: list[Any] = [None, *range(len(game.state.players)), "omniscient"]
        lines = [narrate_answer(game, decision, answer, None if v == "omniscient" else v, omniscient=v == "omniscient")
                 for v in views]
        if any(lines):
            self.steps.append((None, {"seq": None, "kind": "decision", "cause": "decision", "cards": [],
                                      "lines": lines}))

    # -- snapshots --------------------------------------------------------------------------------------
    def _start(self, game: Any) -> None:
        self.game = game
        self._players_ix = [p.index for p in game.state.players]
        system = game.system     # noted now: a game may give its system back when it ends
        self.meta = {
            "system": system.name, "title": system.title or system.name,
            "zones": [{"name": z.name, "visibility": z.visibility, "per_player": z.per_player, "ordered": z.ordered}
                      for z in system.zones],
            "layout": _plain(system.board_layout),
        }
        self._delta(game)
        self.initial = {"zones": dict(self._zones), "cards": {str(k): v for k, v in self._cards.items()},
                        "players": self._players, "stack": self._stack, "clock": self._clock}

    def _card_state(self, game: Any, card: Any, zone_public: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"z": _zone_key(card.zone, card.zone_player), "up": bool(card.face_up),
                               "seen": [i for i in self._players_ix if game.can_see(i, card)], "ctl": card.controller}
        if card.status:
            out["st"] = _plain(card.status)
        if card.counters:
            out["ct"] = _plain(card.counters)
        if card.attached_to is not None:
            out["on"] = card.attached_to
        stats = self._stats.get(card.code)
        if stats is None:
            layout = self.meta.get("layout")
            wanted = (layout.get("stats") if isinstance(layout, dict) else None) or STAT_FIELDS
            stats = self._stats[card.code] = tuple(f for f in wanted if f in card.definition.fields)
        if zone_public and stats:
            values = self._values.get(card.id)
            if not game.sandbox.in_call():   # not while a script runs: derived values may run scripts
                derived = game.values(card)
                values = {k: derived[k] for k in stats
                          if isinstance(derived.get(k), (int, float)) and not isinstance(derived.get(k), bool)}
                self._values[card.id] = values
            if values:
                out["v"] = values
        return out

    def _delta(self, game: Any) -> dict[str, Any]:
        st = game.state
        out: dict[str, Any] = {}
        version = game.journal.version      # every change of the state moves it: nothing moved, no new look
        if version != self._looked:
            out.update(self._board_delta(game))
            # a look from inside a script keeps the derived values it had: look again next time
            self._looked = None if game.sandbox.in_call() else version
        players = [{"name": p.name, "life": p.life,
                    "values": {k: _plain(v) for k, v in sorted(p.values.items()) if not k.startswith("_")
                               and isinstance(v, (int, float, str, bool))}} for p in st.players]
        if players != self._players:
            out["p"] = players
        stack = [{"id": it.id, "card": it.card, "controller": it.controller, "kind": it.kind,
                  "targets": _plain(it.targets)} for it in st.stack]
        if stack != self._stack:
            out["s"] = stack
        clock = [st.turn, st.active_player, st.phase, st.step]
        if clock != self._clock:
            out["t"] = clock
        self._players, self._stack, self._clock = players, stack, clock
        return out

    def _board_delta(self, game: Any) -> dict[str, Any]:
        """The zones and cards that changed since the last look."""
        st = game.state
        out: dict[str, Any] = {}
        zones: dict[str, list[int]] = {}
        cards: dict[int, dict[str, Any]] = {}
        for (name, player), z in st.zones.items():
            key = _zone_key(name, player)
            zones[key] = list(z.cards)
            public = z.spec.visibility == Visibility.PUBLIC
            hidden = z.spec.visibility == Visibility.HIDDEN
            for cid in z.cards:
                card = st.cards[cid]
                info = self._infos.get(cid)
                if info is None:
                    info = self._infos[cid] = _card_info(card)
                if hidden and not card.face_up and not card.status and not card.counters:
                    cards[cid] = {"z": key, "up": False, "seen": [], "ctl": card.controller}   # a deck: no one sees it
                else:
                    cards[cid] = self._card_state(game, card, public)
                if card.code != info["code"]:      # the card is now another card (a copy): "k" says which
                    cards[cid]["k"] = card.code
                    if card.code not in self._looks:
                        self._looks[card.code] = _definition_info(card.definition)
        changed_zones = {k: v for k, v in zones.items() if self._zones.get(k) != v}
        changed_cards = {str(k): v for k, v in cards.items() if self._cards.get(k) != v}
        if changed_zones:
            out["z"] = changed_zones
        if changed_cards:
            out["c"] = changed_cards
        self._zones, self._cards = zones, cards
        return out

    # -- the recording ------------------------------------------------------------------------------------
    def data(self, *, title: str = "") -> dict[str, Any]:
        """Everything the viewer needs, as plain data: the cards, zones, the initial board and every
        step still in the game's log (steps rolled back with a failed action are dropped)."""
        game = self.game
        if game is None:
            raise ValueError("the recorder saw no game: pass it in Game(..., plugins=[recorder]) before playing")
        log = game.state.log
        steps = [step for ev, step in self.steps if ev is None or (ev.seq <= len(log) and log[ev.seq - 1] is ev)]
        meta = self.meta
        result = game.state.result
        return {
            "format": "rulestack-html-replay", "version": 1,
            "title": title or f"{meta['title']}: {' vs '.join(d.name for d in game.decks)}",
            "system": meta["system"],
            "players": [p.name for p in game.state.players],
            "decks": [d.name for d in game.decks],
            "zones": meta["zones"],
            "layout": meta["layout"],
            "cards": {str(cid): self._infos.get(cid) or _card_info(card)
                      for cid, card in sorted(game.state.cards.items())},
            "looks": dict(self._looks),
            "initial": self.initial,
            "steps": steps,
            "result": None if result is None else {"winners": list(result.winners), "reason": result.reason,
                                                   "turns": result.turns},
        }


def _merge(step: dict[str, Any], delta: Mapping[str, Any]) -> None:
    """Fold a later look at the board into a step: its zones and cards added, the rest replaced."""
    for key, value in delta.items():
        if key in ("z", "c"):
            step.setdefault(key, {}).update(value)
        else:
            step[key] = value


def _definition_info(d: Any) -> dict[str, Any]:
    """What the viewer shows of a card definition: name, code, text and the plain data fields."""
    fields = {k: _plain(v) for k, v in d.fields.items()
              if isinstance(v, (str, int, float, bool)) or (isinstance(v, (list, tuple))
                                                            and all(isinstance(x, (str, int)) for x in v))}
    return {"name": d.name, "code": d.code, "text": fields.pop("text", ""), "fields": fields}


def _card_info(card: Any) -> dict[str, Any]:
    return {**_definition_info(card.definition), "owner": card.owner}


def _json_for_script(data: Any) -> str:
    """JSON that is safe inside ``<script>``: no ``</script>``, no HTML, no line separators."""
    text = json_text(data, separators=(",", ":"))   # C1 controls, separators, bidi overrides escaped
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def render_html(data: Mapping[str, Any]) -> str:
    """The viewer page with ``data`` embedded."""
    page = PAGE
    title = _html.escape(escape_text(data.get("title", "rulestack replay")), quote=True)
    return page.replace("{{TITLE}}", title).replace("{{DATA}}", _json_for_script(data))


def write_html(recorder: BoardRecorder, out: str | Path, *, title: str = "") -> Path:
    """Write the recorded game as one self-contained HTML file; returns its path."""
    path = Path(out)
    path.write_text(render_html(recorder.data(title=title)), encoding="utf-8")
    return path


def replay_to_html(replay_file: str | Path, out: str | Path) -> tuple[Any, Path | None]:
    """Replay a recorded game with a :class:`BoardRecorder` watching and write its HTML viewer.
    Returns the :class:`~rulestack.harness.replay.ReplayCheck` and the page's path (``None`` when
    the game could not be replayed at all)."""
    from .replay import Replay, replay_game
    replay = Replay.load(replay_file)
    recorder = BoardRecorder()
    check = replay_game(replay, plugins=[recorder])
    try:
        if recorder.game is None:
            return check, None
        return check, write_html(recorder, out, title=f"{replay.system} seed {replay.seed}: "
                                                      f"{' vs '.join(d.name for d in replay.decks)}")
    finally:
        if check.game is not None:
            check.game.close()
            check.game = None


def view_lines(data: Mapping[str, Any], view: int | str | None) -> list[str]:
    """The narrated lines of an embedded recording in one view (``None``: spectator, ``"omniscient"``)."""
    i = 0 if view is None else (len(data["players"]) + 1 if view == "omniscient" else int(view) + 1)
    return [s["lines"][i] for s in data["steps"] if s["lines"][i]]


def embedded_data(html: str) -> dict[str, Any]:
    """The recording embedded in a page written by :func:`write_html`."""
    start = html.index('<script type="application/json" id="replay-data">') + len(
        '<script type="application/json" id="replay-data">')
    return json.loads(html[start:html.index("</script>", start)])


__all__: Sequence[str] = ("BoardRecorder", "write_html", "render_html", "replay_to_html", "view_lines",
                          "embedded_data")
