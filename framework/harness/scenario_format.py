"""Scenario files: the data format of a card test, read strictly.

A scenario file (``*.scenario.yaml`` or ``scenario_*.yaml``) holds one scenario, or several under
``scenarios:``. Each gives the system, the position (cards in zones, life and resources, turn and
phase), the answers to every decision in order (``do``), where to stop (``until``) and what must
hold then (``expect``). The full format is documented in ``docs/scenario-files.md``.

This module only reads and validates the structure: every unknown key, wrong type or missing
field is a :class:`~rulestack.errors.DataError` naming the file, the line and the field path
(``scenarios[2].position.players[0].life``). What depends on the system — zone names, card
names — is checked when the scenario is built (:mod:`rulestack.harness.scenario_run`), with the
same precision.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

import attrs

from ..datafile import LineDict, load_yaml, parse_yaml
from ..errors import DataError

#: Keys shared by every scenario of a file (and allowed in each scenario to override).
SHARED_KEYS = ("system", "cards", "settings", "seed", "ask_single")
#: Keys of one scenario.
SCENARIO_KEYS = ("name", "description", "position", "do", "until", "expect", *SHARED_KEYS)
POSITION_KEYS = ("turn", "active", "phase", "step", "players", "zones", "values")
PLAYER_KEYS = ("life", "values")              # plus zone names
PLACEMENT_KEYS = ("card", "count", "face_up", "status", "counters", "owner")
STEP_KEYS = ("answer", "player", "prompt")
UNTIL_MODES = ("answers_used", "game_over")
UNTIL_KEYS = ("event", "after", "turn", "phase", "step", "active", "decision")
DECISION_KEYS = ("player", "kind", "prompt", "offers", "does_not_offer")
EXPECT_KEYS = ("players", "zones", "values", "cards", "events", "no_events", "result", "decision", "error",
               "turn", "phase", "step", "active")
ZONE_EXPECT_KEYS = ("count", "contains", "lacks")
CARD_EXPECT_KEYS = ("card", "owner", "zone", "values", "status", "counters", "face_up", "controller")
RESULT_KEYS = ("winners", "winner", "draw", "reason")


# -- the parsed form --------------------------------------------------------------------------------
@attrs.frozen
class Placement:
    """Cards put into a zone by the position: ``count`` copies of ``card`` (a name or a code)."""

    card: str
    line: int | None
    field: str
    count: int = 1
    face_up: bool | None = None
    status: Mapping[str, Any] = attrs.field(factory=dict)
    counters: Mapping[str, int] = attrs.field(factory=dict)
    owner: int | None = None


@attrs.frozen
class ZoneSetup:
    """The cards of one zone, bottom to top."""

    zone: str
    player: int | None
    cards: tuple[Placement, ...]
    line: int | None
    field: str


@attrs.frozen
class PlayerSetup:
    index: int
    life: int | None
    values: Mapping[str, Any]
    line: int | None


@attrs.frozen
class Position:
    turn: int | None = None
    active: int | None = None
    phase: str | None = None
    step: str | None = None
    players: tuple[PlayerSetup, ...] = ()
    zones: tuple[ZoneSetup, ...] = ()
    values: Mapping[str, Any] = attrs.field(factory=dict)
    lines: Mapping[str, int | None] = attrs.field(factory=dict)


@attrs.frozen
class Step:
    """One scripted answer: for the next decision, optionally checking whose it is and its prompt."""

    answer: Any
    line: int | None
    field: str
    player: int | None = None
    prompt: str | None = None

    def describe(self) -> str:
        who = f" (P{self.player})" if self.player is not None else ""
        return f"{self.field} {self.answer!r}{who}"


@attrs.frozen
class EventMatch:
    """Events of a kind with some fields; ``count`` is the exact number wanted (default: at least one)."""

    fields: Mapping[str, Any]
    line: int | None
    field: str
    count: int | None = None

    def describe(self) -> str:
        shown = ", ".join(f"{k}: {v}" for k, v in self.fields.items())
        return "{" + shown + "}"


@attrs.frozen
class DecisionMatch:
    """What the decision pending at the stop must look like."""

    line: int | None
    field: str
    player: int | None = None
    kind: str | None = None
    prompt: str | None = None
    offers: tuple[str, ...] = ()
    does_not_offer: tuple[str, ...] = ()


@attrs.frozen
class Until:
    """Where a scenario stops: once the answers are used up (the default), at the end of the
    game, or at the first decision where every given condition holds."""

    mode: str = "answers_used"          # answers_used | game_over | condition
    event: EventMatch | None = None
    #: Stop right after the first event matching this (whether or not a decision follows).
    after: EventMatch | None = None
    state: Mapping[str, Any] = attrs.field(factory=dict)
    decision: DecisionMatch | None = None
    line: int | None = None

    def describe(self) -> str:
        if self.mode != "condition":
            return self.mode
        parts = [f"{k}={v}" for k, v in self.state.items()]
        if self.event is not None:
            parts.append(f"event {self.event.describe()}")
        if self.after is not None:
            parts.append(f"right after an event {self.after.describe()}")
        if self.decision is not None:
            parts.append("a matching decision")
        return ", ".join(parts)


@attrs.frozen
class ZoneExpectation:
    zone: str
    player: int | None
    line: int | None
    field: str
    exact: tuple[str, ...] | None = None
    contains: tuple[str, ...] = ()
    lacks: tuple[str, ...] = ()
    count: int | None = None


@attrs.frozen
class CardExpectation:
    card: str
    line: int | None
    field: str
    owner: int | None = None
    zone: str | None = None
    values: Mapping[str, Any] = attrs.field(factory=dict)
    status: Mapping[str, Any] = attrs.field(factory=dict)
    counters: Mapping[str, Any] = attrs.field(factory=dict)
    face_up: bool | None = None
    controller: int | None = None


@attrs.frozen
class PlayerExpectation:
    index: int
    line: int | None
    life: int | None = None
    values: Mapping[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class ResultExpectation:
    line: int | None
    winners: tuple[int, ...] | None = None
    draw: bool | None = None
    reason: str | None = None


@attrs.frozen
class Expectations:
    players: tuple[PlayerExpectation, ...] = ()
    zones: tuple[ZoneExpectation, ...] = ()
    values: Mapping[str, Any] = attrs.field(factory=dict)
    cards: tuple[CardExpectation, ...] = ()
    events: tuple[EventMatch, ...] = ()
    no_events: tuple[EventMatch, ...] = ()
    result: ResultExpectation | None = None
    decision: DecisionMatch | None = None
    error: str | None = None
    state: Mapping[str, Any] = attrs.field(factory=dict)
    lines: Mapping[str, int | None] = attrs.field(factory=dict)


@attrs.frozen
class ScenarioSpec:
    """One scenario of a scenario file, validated."""

    name: str
    file: str
    line: int | None
    system: str
    cards: tuple[str, ...] = ()
    settings: Mapping[str, Any] = attrs.field(factory=dict)
    seed: int = 0
    position: Position = attrs.field(factory=Position)
    steps: tuple[Step, ...] = ()
    until: Until = attrs.field(factory=Until)
    expect: Expectations = attrs.field(factory=Expectations)
    description: str = ""
    field: str = ""
    #: Ask every decision, even one with a single legal answer (``ask_single: true``).
    ask_single: bool = False
    #: The line of each of the scenario's keys (``system``, ``cards``, ``settings`` ...).
    lines: Mapping[str, int | None] = attrs.field(factory=dict)

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


# -- reading ------------------------------------------------------------------------------------------
class _Reader:
    """Validation helpers that raise :class:`DataError` with file, line and field path."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, message: str, field: str, line: int | None) -> DataError:
        return DataError(message, file=self.file, line=line, field=field or None)

    def mapping(self, value: Any, field: str, line: int | None, allowed: tuple[str, ...] | None,
                extra_ok: bool = False) -> LineDict:
        if not isinstance(value, dict):
            raise self.fail(f"expected a mapping, got {_kind(value)}", field, line)
        if allowed is not None and not extra_ok:
            for key in value:
                if key not in allowed:
                    raise self.fail(f"unknown key (allowed here: {', '.join(allowed)})", _join(field, key),
                                    _line(value, key, line))
        return value  # type: ignore[return-value]

    def typed(self, value: Any, check: Callable[[Any], bool], what: str, field: str, line: int | None) -> Any:
        if not check(value):
            raise self.fail(f"expected {what}, got {_kind(value)} {value!r}", field, line)
        return value

    def integer(self, value: Any, field: str, line: int | None, minimum: int | None = None) -> int:
        self.typed(value, _is_int, "an integer", field, line)
        if minimum is not None and value < minimum:
            raise self.fail(f"must be at least {minimum}, got {value}", field, line)
        return value

    def string(self, value: Any, field: str, line: int | None) -> str:
        return self.typed(value, lambda v: isinstance(v, str), "a string", field, line)

    def boolean(self, value: Any, field: str, line: int | None) -> bool:
        return self.typed(value, lambda v: isinstance(v, bool), "true or false", field, line)

    def names(self, value: Any, field: str, line: int | None) -> tuple[str, ...]:
        if isinstance(value, str):
            return (value,)
        if not isinstance(value, list):
            raise self.fail(f"expected a list of card names, got {_kind(value)}", field, line)
        for i, v in enumerate(value):
            if not isinstance(v, (str, int)) or isinstance(v, bool):
                raise self.fail(f"expected a card name, got {_kind(v)}", f"{field}[{i}]", _line(value, i, line))
        return tuple(str(v) for v in value)

    def plain_mapping(self, value: Any, field: str, line: int | None) -> dict[str, Any]:
        self.mapping(value, field, line, None)
        for k in value:
            if not isinstance(k, str):
                raise self.fail("keys must be names", _join(field, k), _line(value, k, line))
        return _plain(value)

    def player_index(self, value: Any, field: str, line: int | None) -> int:
        if isinstance(value, str) and value.strip().upper().startswith("P") and value.strip()[1:].isdigit():
            value = int(value.strip()[1:])
        return self.integer(value, field, line, minimum=0)

    def per_player(self, value: Any, field: str, line: int | None) -> list[tuple[int, Any, int | None, str]]:
        """``players:`` as a list (index = player) or a mapping ``{0: ..., 1: ...}``."""
        out = []
        if isinstance(value, list):
            for i, v in enumerate(value):
                out.append((i, v, _line(value, i, line), f"{field}[{i}]"))
        elif isinstance(value, dict):
            for k, v in value.items():
                idx = self.player_index(k, _join(field, k), _line(value, k, line))
                out.append((idx, v, _line(value, k, line), f"{field}[{idx}]"))
        else:
            raise self.fail(f"expected a list (one entry per player) or a mapping by player index, got "
                            f"{_kind(value)}", field, line)
        return out


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _kind(v: Any) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, (int, float)):
        return "a number"
    return type(v).__name__


def _line(container: Any, key: Any, default: int | None) -> int | None:
    fn = getattr(container, "line_of", None)
    got = fn(key) if fn is not None else None
    return got if got is not None else default


def _join(field: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else str(key)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def load_scenario_file(path: str | Path) -> list[ScenarioSpec]:
    """Read and validate a scenario file; returns its scenarios in order."""
    return parse_scenarios(load_yaml(path), str(path), default_name=_stem(Path(path)))


def parse_scenario_text(text: str, file: str = "<scenario>") -> list[ScenarioSpec]:
    """Read and validate scenario YAML given as text."""
    return parse_scenarios(parse_yaml(text, file), file, default_name=_stem(Path(file)))


def _stem(p: Path) -> str:
    name = p.name
    for suffix in (".scenario.yaml", ".scenario.yml", ".yaml", ".yml"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return name.removeprefix("scenario_")


def parse_scenarios(data: Any, file: str, default_name: str = "scenario") -> list[ScenarioSpec]:
    """Validate the loaded YAML of a scenario file."""
    r = _Reader(file)
    if data is None:
        raise r.fail("the file is empty (a scenario file needs at least 'system' and 'expect')", "", 1)
    top = r.mapping(data, "", 1, ("scenarios", *SCENARIO_KEYS))
    shared = {k: top[k] for k in SHARED_KEYS if k in top}
    if "scenarios" in top:
        single = [k for k in top if k not in SHARED_KEYS and k != "scenarios"]
        if single:
            raise r.fail("a file with 'scenarios:' keeps each scenario's keys inside the list "
                         f"(only {', '.join(SHARED_KEYS)} may be shared at the top)", single[0],
                         _line(top, single[0], 1))
        items = top["scenarios"]
        if not isinstance(items, list) or not items:
            raise r.fail("expected a non-empty list of scenarios", "scenarios", _line(top, "scenarios", 1))
        specs = []
        names: dict[str, int | None] = {}
        for i, raw in enumerate(items):
            field = f"scenarios[{i}]"
            line = _line(items, i, None)
            r.mapping(raw, field, line, SCENARIO_KEYS)
            merged = LineDict({**shared, **raw})
            merged.line = raw.line if isinstance(raw, LineDict) else line
            merged.lines = {**getattr(top, "lines", {}), **getattr(raw, "lines", {})}
            spec = _scenario(r, merged, field, f"{default_name} #{i + 1}")
            if spec.name in names:
                raise r.fail(f"two scenarios are called {spec.name!r} (the first at line {names[spec.name]})",
                             f"{field}.name", _line(raw, "name", line))
            names[spec.name] = spec.line
            specs.append(spec)
        return specs
    return [_scenario(r, top, "", default_name)]


def _scenario(r: _Reader, raw: LineDict, field: str, default_name: str) -> ScenarioSpec:
    line = raw.line if isinstance(raw, LineDict) else None

    def at(key: str) -> int | None:
        return _line(raw, key, line)

    if "system" not in raw:
        raise r.fail("missing: every scenario names its game system (system: mtg)", _join(field, "system"), line)
    system = r.string(raw["system"], _join(field, "system"), at("system"))
    name = r.string(raw.get("name", default_name), _join(field, "name"), at("name"))
    cards: tuple[str, ...] = ()
    if "cards" in raw:
        cards = r.names(raw["cards"], _join(field, "cards"), at("cards"))
        base = Path(r.file).resolve().parent      # relative to the scenario file, wherever pytest runs
        cards = tuple(str(base / c) for c in cards)
    settings = r.plain_mapping(raw["settings"], _join(field, "settings"), at("settings")) if "settings" in raw else {}
    seed = r.integer(raw["seed"], _join(field, "seed"), at("seed")) if "seed" in raw else 0
    position = _position(r, raw["position"], _join(field, "position"), at("position")) if "position" in raw \
        else Position()
    steps = _steps(r, raw["do"], _join(field, "do"), at("do")) if "do" in raw and raw["do"] is not None else ()
    until = _until(r, raw["until"], _join(field, "until"), at("until")) if "until" in raw else Until()
    if "expect" not in raw:
        raise r.fail("missing: a scenario states what it expects (expect: ...)", _join(field, "expect"), line)
    expect = _expect(r, raw["expect"], _join(field, "expect"), at("expect"))
    description = r.string(raw.get("description", ""), _join(field, "description"), at("description"))
    ask_single = r.boolean(raw["ask_single"], _join(field, "ask_single"), at("ask_single")) \
        if "ask_single" in raw else False
    return ScenarioSpec(name=name, file=r.file, line=line, system=system, cards=cards, settings=settings, seed=seed,
                        position=position, steps=steps, until=until, expect=expect, description=description,
                        field=field, ask_single=ask_single, lines={str(k): at(str(k)) for k in raw})


def _position(r: _Reader, raw: Any, field: str, line: int | None) -> Position:
    r.mapping(raw, field, line, POSITION_KEYS)

    def at(key: str) -> int | None:
        return _line(raw, key, line)

    kw: dict[str, Any] = {}
    if "turn" in raw:
        kw["turn"] = r.integer(raw["turn"], _join(field, "turn"), at("turn"), minimum=1)
    if "active" in raw:
        kw["active"] = r.player_index(raw["active"], _join(field, "active"), at("active"))
    for key in ("phase", "step"):
        if key in raw and raw[key] is not None:
            kw[key] = r.string(raw[key], _join(field, key), at(key))
    players: list[PlayerSetup] = []
    zones: list[ZoneSetup] = []
    for idx, pline, life, values in _player_blocks(
            r, raw, _join(field, "players"), at("players"),
            lambda key, idx, value, kfield, kline: zones.append(
                ZoneSetup(key, idx, _placements(r, value, kfield, kline), kline, kfield))):
        players.append(PlayerSetup(idx, life, values, pline))
    if "zones" in raw:
        zraw = r.mapping(raw["zones"], _join(field, "zones"), at("zones"), None)
        for key, value in zraw.items():
            kfield, kline = _join(_join(field, "zones"), key), _line(zraw, key, at("zones"))
            zones.append(ZoneSetup(str(key), None, _placements(r, value, kfield, kline), kline, kfield))
    if "values" in raw:
        kw["values"] = r.plain_mapping(raw["values"], _join(field, "values"), at("values"))
    return Position(players=tuple(players), zones=tuple(zones), lines={str(k): at(str(k)) for k in raw}, **kw)


def _player_blocks(r: _Reader, raw: Any, field: str, line: int | None,
                   on_zone: Callable[[str, int, Any, str, int | None], Any]
                   ) -> Iterator[tuple[int, int | None, int | None, dict[str, Any]]]:
    """The ``players`` section shared by positions and expectations: for each player, yields
    ``(index, line, life, values)`` and hands every zone key to ``on_zone``."""
    if "players" not in raw:
        return
    for idx, praw, pline, pfield in r.per_player(raw["players"], field, line):
        if praw is None:
            continue
        r.mapping(praw, pfield, pline, None)
        life = None
        values: dict[str, Any] = {}
        for key, value in praw.items():
            kfield, kline = _join(pfield, key), _line(praw, key, pline)
            if key == "life":
                life = r.integer(value, kfield, kline)
            elif key == "values":
                values = r.plain_mapping(value, kfield, kline)
            elif isinstance(key, str):
                on_zone(key, idx, value, kfield, kline)
            else:
                raise r.fail("expected 'life', 'values' or a zone name", kfield, kline)
        yield idx, pline, life, values


def _placements(r: _Reader, raw: Any, field: str, line: int | None) -> tuple[Placement, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise r.fail(f"expected a list of cards (bottom to top), got {_kind(raw)}", field, line)
    out = []
    for i, item in enumerate(raw):
        ifield, iline = f"{field}[{i}]", _line(raw, i, line)
        if isinstance(item, (str, int)) and not isinstance(item, bool):
            out.append(Placement(card=str(item), line=iline, field=ifield))
            continue
        r.mapping(item, ifield, iline, PLACEMENT_KEYS)
        at = functools.partial(_line, item, default=iline)
        if "card" not in item:
            raise r.fail("missing: the card's name or code", f"{ifield}.card", iline)
        card = item["card"]
        r.typed(card, lambda v: isinstance(v, (str, int)) and not isinstance(v, bool), "a card name", f"{ifield}.card",
                at("card"))
        kw: dict[str, Any] = {}
        if "count" in item:
            kw["count"] = r.integer(item["count"], f"{ifield}.count", at("count"), minimum=1)
        if "face_up" in item:
            kw["face_up"] = r.boolean(item["face_up"], f"{ifield}.face_up", at("face_up"))
        if "status" in item:
            kw["status"] = r.plain_mapping(item["status"], f"{ifield}.status", at("status"))
        if "counters" in item:
            counters = r.plain_mapping(item["counters"], f"{ifield}.counters", at("counters"))
            for k, v in counters.items():
                r.integer(v, f"{ifield}.counters.{k}", _line(item["counters"], k, at("counters")), minimum=0)
            kw["counters"] = counters
        if "owner" in item:
            kw["owner"] = r.player_index(item["owner"], f"{ifield}.owner", at("owner"))
        out.append(Placement(card=str(card), line=iline, field=ifield, **kw))
    return tuple(out)


def _steps(r: _Reader, raw: Any, field: str, line: int | None) -> tuple[Step, ...]:
    if not isinstance(raw, list):
        raise r.fail(f"expected a list of answers, one per decision, got {_kind(raw)}", field, line)
    out = []
    for i, item in enumerate(raw):
        ifield, iline = f"{field}[{i}]", _line(raw, i, line)
        if isinstance(item, dict):
            r.mapping(item, ifield, iline, STEP_KEYS)
            if "answer" not in item:
                raise r.fail("missing: the answer", f"{ifield}.answer", iline)
            answer = _answer(r, item["answer"], f"{ifield}.answer", _line(item, "answer", iline))
            player = r.player_index(item["player"], f"{ifield}.player", _line(item, "player", iline)) \
                if "player" in item else None
            prompt = r.string(item["prompt"], f"{ifield}.prompt", _line(item, "prompt", iline)) \
                if "prompt" in item else None
            out.append(Step(answer, iline, ifield, player, prompt))
        else:
            out.append(Step(_answer(r, item, ifield, iline), iline, ifield))
    return tuple(out)


def _answer(r: _Reader, value: Any, field: str, line: int | None) -> Any:
    if value is None:
        raise r.fail("an answer cannot be empty (write [] to choose nothing)", field, line)
    if isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, list):
        for i, v in enumerate(value):
            if not isinstance(v, (str, int)) or isinstance(v, bool):
                raise r.fail(f"expected an option label, a card name or an index, got {_kind(v)}", f"{field}[{i}]",
                             _line(value, i, line))
        return list(value)
    raise r.fail(f"expected a label, a card name, an index, yes/no, a number or a list, got {_kind(value)}",
                 field, line)


def _until(r: _Reader, raw: Any, field: str, line: int | None) -> Until:
    if isinstance(raw, str):
        if raw not in UNTIL_MODES:
            raise r.fail(f"expected {' or '.join(UNTIL_MODES)}, or a mapping of conditions ({', '.join(UNTIL_KEYS)})",
                         field, line)
        return Until(mode=raw, line=line)
    r.mapping(raw, field, line, UNTIL_KEYS)
    if not raw:
        raise r.fail("give at least one condition", field, line)
    state = _state(r, raw, field, line)
    event = _event(r, raw["event"], f"{field}.event", _line(raw, "event", line)) if "event" in raw else None
    after = _event(r, raw["after"], f"{field}.after", _line(raw, "after", line)) if "after" in raw else None
    decision = _decision(r, raw["decision"], f"{field}.decision", _line(raw, "decision", line)) \
        if "decision" in raw else None
    if after is not None and decision is not None:
        raise r.fail("'after' stops right after an event, where no decision is pending: give 'after' or "
                     "'decision', not both", f"{field}.after", _line(raw, "after", line))
    return Until(mode="condition", event=event, after=after, state=state, decision=decision, line=line)


def _state(r: _Reader, raw: Mapping[str, Any], field: str, line: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("turn", "phase", "step", "active"):
        if key not in raw:
            continue
        kf, kl = _join(field, key), _line(raw, key, line)
        if key == "turn":
            out[key] = r.integer(raw[key], kf, kl, minimum=1)
        elif key == "active":
            out[key] = r.player_index(raw[key], kf, kl)
        else:
            out[key] = None if raw[key] is None else r.string(raw[key], kf, kl)
    return out


def _event(r: _Reader, raw: Any, field: str, line: int | None) -> EventMatch:
    if isinstance(raw, str):
        return EventMatch({"kind": raw}, line, field)
    r.mapping(raw, field, line, None)
    fields: dict[str, Any] = {}
    count = None
    for key, value in raw.items():
        if not isinstance(key, str):
            raise r.fail("event fields are names", _join(field, key), _line(raw, key, line))
        if key == "count":
            count = r.integer(value, _join(field, key), _line(raw, key, line), minimum=0)
        else:
            fields[key] = _plain(value)
    return EventMatch(fields, line, field, count)


def _decision(r: _Reader, raw: Any, field: str, line: int | None) -> DecisionMatch:
    r.mapping(raw, field, line, DECISION_KEYS)
    kw: dict[str, Any] = {}
    if "player" in raw:
        kw["player"] = r.player_index(raw["player"], f"{field}.player", _line(raw, "player", line))
    for key in ("kind", "prompt"):
        if key in raw:
            kw[key] = r.string(raw[key], f"{field}.{key}", _line(raw, key, line))
    for key in ("offers", "does_not_offer"):
        if key in raw:
            kw[key] = r.names(raw[key], f"{field}.{key}", _line(raw, key, line))
    return DecisionMatch(line=line, field=field, **kw)


def _zone_expectation(r: _Reader, zone: str, player: int | None, raw: Any, field: str,
                      line: int | None) -> ZoneExpectation:
    if raw is None:
        return ZoneExpectation(zone, player, line, field, exact=())
    if isinstance(raw, list):
        return ZoneExpectation(zone, player, line, field, exact=r.names(raw, field, line))
    if not isinstance(raw, dict):
        other = " ('life' and 'values' are the other keys of a player)" if player is not None else ""
        raise r.fail(f"a zone's expectation is a list of card names or a mapping of {', '.join(ZONE_EXPECT_KEYS)}, "
                     f"got {_kind(raw)}{other}", field, line)
    r.mapping(raw, field, line, ZONE_EXPECT_KEYS)
    kw: dict[str, Any] = {}
    if "count" in raw:
        kw["count"] = r.integer(raw["count"], f"{field}.count", _line(raw, "count", line), minimum=0)
    for key in ("contains", "lacks"):
        if key in raw:
            kw[key] = r.names(raw[key], f"{field}.{key}", _line(raw, key, line))
    return ZoneExpectation(zone, player, line, field, **kw)


def _expect(r: _Reader, raw: Any, field: str, line: int | None) -> Expectations:
    r.mapping(raw, field, line, EXPECT_KEYS)

    def at(key: str) -> int | None:
        return _line(raw, key, line)

    kw: dict[str, Any] = {"lines": {k: at(k) for k in raw}}
    players: list[PlayerExpectation] = []
    zones: list[ZoneExpectation] = []
    for idx, pline, life, values in _player_blocks(
            r, raw, f"{field}.players", at("players"),
            lambda key, idx, value, kfield, kline: zones.append(
                _zone_expectation(r, key, idx, value, kfield, kline))):
        players.append(PlayerExpectation(idx, pline, life, values))
    if "zones" in raw:
        zraw = r.mapping(raw["zones"], f"{field}.zones", at("zones"), None)
        for key, value in zraw.items():
            kfield, kline = _join(f"{field}.zones", key), _line(zraw, key, at("zones"))
            zones.append(_zone_expectation(r, str(key), None, value, kfield, kline))
    kw["players"], kw["zones"] = tuple(players), tuple(zones)
    if "values" in raw:
        kw["values"] = r.plain_mapping(raw["values"], f"{field}.values", at("values"))
    if "cards" in raw:
        kw["cards"] = tuple(_card_expectation(r, c, f"{field}.cards[{i}]", _line(raw["cards"], i, at("cards")))
                            for i, c in enumerate(_list(r, raw["cards"], f"{field}.cards", at("cards"))))
    for key in ("events", "no_events"):
        if key in raw:
            items = _list(r, raw[key], f"{field}.{key}", at(key))
            kw[key] = tuple(_event(r, e, f"{field}.{key}[{i}]", _line(items, i, at(key))) for i, e in enumerate(items))
    if "result" in raw:
        kw["result"] = _result(r, raw["result"], f"{field}.result", at("result"))
    if "decision" in raw:
        kw["decision"] = _decision(r, raw["decision"], f"{field}.decision", at("decision"))
    if "error" in raw:
        kw["error"] = r.string(raw["error"], f"{field}.error", at("error"))
    kw["state"] = _state(r, raw, field, line)
    return Expectations(**kw)


def _list(r: _Reader, raw: Any, field: str, line: int | None) -> list:
    if not isinstance(raw, list):
        raise r.fail(f"expected a list, got {_kind(raw)}", field, line)
    return raw


def _card_expectation(r: _Reader, raw: Any, field: str, line: int | None) -> CardExpectation:
    r.mapping(raw, field, line, CARD_EXPECT_KEYS)

    def at(key: str) -> int | None:
        return _line(raw, key, line)

    if "card" not in raw:
        raise r.fail("missing: the card's name or code", f"{field}.card", line)
    kw: dict[str, Any] = {}
    for key in ("owner", "controller"):
        if key in raw:
            kw[key] = r.player_index(raw[key], f"{field}.{key}", at(key))
    if "zone" in raw:
        kw["zone"] = r.string(raw["zone"], f"{field}.zone", at("zone"))
    for key in ("values", "status", "counters"):
        if key in raw:
            kw[key] = r.plain_mapping(raw[key], f"{field}.{key}", at(key))
    if "face_up" in raw:
        kw["face_up"] = r.boolean(raw["face_up"], f"{field}.face_up", at("face_up"))
    return CardExpectation(card=str(raw["card"]), line=line, field=field, **kw)


def _result(r: _Reader, raw: Any, field: str, line: int | None) -> ResultExpectation:
    if raw == "draw":
        return ResultExpectation(line, winners=(), draw=True)
    r.mapping(raw, field, line, RESULT_KEYS)
    kw: dict[str, Any] = {}
    if "winner" in raw and "winners" in raw:
        raise r.fail("give 'winner' or 'winners', not both", f"{field}.winner", _line(raw, "winner", line))
    if "winner" in raw:
        kw["winners"] = (r.player_index(raw["winner"], f"{field}.winner", _line(raw, "winner", line)),)
    if "winners" in raw:
        items = _list(r, raw["winners"], f"{field}.winners", _line(raw, "winners", line))
        kw["winners"] = tuple(sorted(r.player_index(v, f"{field}.winners[{i}]", _line(items, i, line))
                                     for i, v in enumerate(items)))
    if "draw" in raw:
        kw["draw"] = r.boolean(raw["draw"], f"{field}.draw", _line(raw, "draw", line))
    if "reason" in raw:
        kw["reason"] = r.string(raw["reason"], f"{field}.reason", _line(raw, "reason", line))
    return ResultExpectation(line, **kw)
