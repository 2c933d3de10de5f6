"""Replays: everything needed to reproduce a game, and the check that it still plays the same.

A replay file (JSON; gzip-compressed when its name ends in ``.gz``) records the system and its
version, the settings, the digest of every card the game used (data and script), any extra card
data files (where they were, where they are relative to the replay file, and their content with
their scripts), the decks as card codes, the seed, every answer given in order, the result (or
the error that stopped the game), the event log and a digest of the final state (the event log
plus each player's view).

A replay stays playable when the modder's folder moves: its card data is looked for where it was
recorded, then relative to the replay file, then taken from the copy the replay carries (or from
``--cards PATH``, which points at a new place; see :func:`locate_card_files`).

:func:`verify_replay` plays the recorded answers again with today's cards and rules. When the
game has changed — a script was edited, a rule fixed — it reports the cards whose digest changed
and the first event that differs, side by side.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import attrs

from ..agents import Seat
from ..cards import Deck
from ..decisions import Decision
from ..cards import read_card_entries
from ..errors import ConfigurationError, DataError, GameAborted, RulestackError
from ..escape import escape_text, json_text
from ..events import Event
from ..game import Game
from ..system import GameSystem
from ..narrate import narrate
from .logtext import describe_event
from .systems import SystemRef, base_system, card_data_files, card_digest

FORMAT = "rulestack-replay"
FORMAT_VERSION = 1


def final_digest(game: Game) -> str:
    """A digest of a game's final state: its event log and what each player sees."""
    h = hashlib.sha256(game.event_log_json().encode("utf-8"))
    for p in range(len(game.state.players)):
        h.update(b"\n")
        h.update(json.dumps(game.view(p), sort_keys=True, separators=(",", ":"), default=str).encode("utf-8"))
    return h.hexdigest()


def describe_error(error: BaseException | str) -> str:
    """How a game's failure is recorded: the host's message for its own errors, the exception's
    type and message for a bug (a Python error in a system's hook)."""
    if isinstance(error, str):
        return error
    if isinstance(error, RulestackError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def _event_dict(ev: Event) -> dict[str, Any]:
    return json.loads(ev.to_json())


def _lines(lines: Iterable[str]) -> str:
    """Lines the host laid out, each escaped on its own (no line break from inside one)."""
    return "\n".join(escape_text(line) for line in lines)


def _canonical(d: Mapping[str, Any]) -> str:
    return json_text(d, sort_keys=True, separators=(",", ":"))


@attrs.frozen
class Replay:
    """A recorded game."""

    system: str
    system_version: str
    seed: int
    decks: tuple[Deck, ...]
    decisions: tuple[Any, ...]
    settings: Mapping[str, Any] = attrs.field(factory=dict)
    cards: Mapping[str, str] = attrs.field(factory=dict)          # code -> card digest
    card_files: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    result: Mapping[str, Any] | None = None
    error: str | None = None
    digest: str = ""
    events: tuple[Mapping[str, Any], ...] = ()
    system_module: str = ""
    system_class: str = ""
    info: Mapping[str, Any] = attrs.field(factory=dict)           # free notes: seats, simulation index ...
    #: The extra card data by content: ``{"file", "text", "scripts": {name: text}}`` per card file.
    card_data: tuple[Mapping[str, Any], ...] = ()
    #: The extra card files relative to the folder of the replay file (as saved).
    card_files_relative: tuple[str, ...] = ()
    #: The file this replay was read from (None when made in memory).
    path: str | None = attrs.field(default=None, eq=False)

    # -- making one ---------------------------------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game, *, error: BaseException | str | None = None,
                  info: Mapping[str, Any] | None = None) -> "Replay":
        """Record a finished (or failed) game."""
        sys_cls = type(game.system)
        ref = SystemRef.of(sys_cls)
        codes = sorted({c.code for c in game.state.cards.values()} | {c for d in game.decks for c in d.all_codes()})
        result = game.state.result
        return cls(
            system=sys_cls.name, system_version=str(sys_cls.version), seed=game.seed, decks=tuple(game.decks),
            decisions=tuple(game.decisions), settings=dict(game.system.settings),
            cards={code: card_digest(game.pool.definition(code)) for code in codes},
            card_files=ref.cards, players=tuple(p.name for p in game.state.players),
            result=None if result is None else {"winners": list(result.winners), "reason": result.reason,
                                                "turns": result.turns, "decisions": result.decisions},
            error=None if error is None else describe_error(error), digest=final_digest(game),
            events=tuple(_event_dict(ev) for ev in game.state.log), system_module=ref.module,
            system_class=ref.qualname, info=dict(info or {}), card_data=embed_card_files(sys_cls, ref.cards))

    @property
    def system_ref(self) -> SystemRef:
        return SystemRef(self.system, self.system_module, self.system_class, self.card_files)

    # -- files --------------------------------------------------------------------------------------
    def to_dict(self, base: Path | None = None) -> dict[str, Any]:
        """The replay as plain data; with ``base`` (the folder the file goes to), the card files
        are also recorded relative to it."""
        relative = self.card_files_relative
        if base is not None:
            relative = tuple(_relative(f, base) for f in self.card_files)
        return {
            "format": FORMAT, "format_version": FORMAT_VERSION,
            "system": self.system, "system_version": self.system_version,
            "system_class": f"{self.system_module}:{self.system_class}" if self.system_module else "",
            "settings": dict(self.settings), "seed": self.seed,
            "decks": [{"name": d.name, "sections": {k: list(v) for k, v in d.sections.items()}} for d in self.decks],
            "card_files": list(self.card_files), "cards": dict(self.cards), "players": list(self.players),
            "decisions": list(self.decisions), "result": self.result, "error": self.error,
            "final_digest": self.digest, "info": dict(self.info),
            "card_files_relative": list(relative), "card_data": [dict(d) for d in self.card_data],
            "events": list(self.events),
        }

    def save(self, path: str | Path) -> Path:
        """Write the replay (gzip-compressed when the name ends in ``.gz``)."""
        p = Path(path)
        if p.parent and not p.parent.exists():
            p.parent.mkdir(parents=True, exist_ok=True)
        text = json_text(self.to_dict(base=p.resolve().parent), separators=(",", ":"))   # escaped (rulestack.escape)
        # one event per line keeps a replay readable and diffable
        text = text.replace(',"events":[{', ',"events":[\n{').replace('},{"', '},\n{"') if self.events else text
        data = text.encode("utf-8")
        p.write_bytes(gzip.compress(data, mtime=0) if p.name.endswith(".gz") else data)
        return p

    @classmethod
    def load(cls, path: str | Path) -> "Replay":
        """Read a replay file; a malformed one is a :class:`DataError` naming the field."""
        p = Path(path)
        try:
            raw = p.read_bytes()
        except FileNotFoundError:
            raise DataError("replay file not found", file=str(path)) from None
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            line = getattr(e, "lineno", None)
            raise DataError(f"not a JSON replay ({e})", file=str(path), line=line) from None
        return attrs.evolve(cls.from_dict(data, str(path)), path=str(p))

    @classmethod
    def from_dict(cls, data: Any, file: str = "<replay>") -> "Replay":
        def need(key: str, types: Any, what: str) -> Any:
            if key not in data:
                raise DataError("missing", file=file, field=key)
            value = data[key]
            if not isinstance(value, types) or isinstance(value, bool) and bool not in _tuple(types):
                raise DataError(f"expected {what}", file=file, field=key)
            return value

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise DataError(f"not a rulestack replay (no \"format\": \"{FORMAT}\")", file=file, field="format")
        if data.get("format_version") != FORMAT_VERSION:
            raise DataError(f"replay format version {data.get('format_version')!r} is not supported "
                            f"(this rulestack reads version {FORMAT_VERSION})", file=file, field="format_version")
        decks = []
        for i, d in enumerate(need("decks", list, "a list of decks")):
            if not isinstance(d, dict) or not isinstance(d.get("sections"), dict):
                raise DataError("expected {name, sections}", file=file, field=f"decks[{i}]")
            sections = {}
            for k, v in d["sections"].items():
                if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
                    raise DataError("expected a list of card codes", file=file, field=f"decks[{i}].sections.{k}")
                sections[k] = tuple(v)
            decks.append(Deck(name=str(d.get("name", f"deck {i}")), sections=sections))

        def optional_list(key: str, item: Any, what: str) -> tuple:
            value = data.get(key) or []
            if not isinstance(value, list) or not all(isinstance(v, item) for v in value):
                raise DataError(f"expected {what}", file=file, field=key)
            return tuple(value)

        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise DataError("expected a mapping {winners, reason}", file=file, field="result")
        module, _, qualname = str(data.get("system_class") or "").partition(":")
        card_data = data.get("card_data") or []
        if not isinstance(card_data, list) or not all(
                isinstance(d, dict) and isinstance(d.get("file"), str) and isinstance(d.get("text"), str)
                and isinstance(d.get("scripts", {}), dict) for d in card_data):
            raise DataError("expected a list of {file, text, scripts}", file=file, field="card_data")
        return cls(
            system=need("system", str, "a system name"), system_version=str(data.get("system_version", "")),
            seed=need("seed", int, "an integer seed"), decks=tuple(decks),
            decisions=tuple(need("decisions", list, "a list of answers")),
            settings=need("settings", dict, "a mapping") if "settings" in data else {},
            cards=need("cards", dict, "a mapping of card codes to digests") if "cards" in data else {},
            card_files=optional_list("card_files", str, "a list of file paths"),
            players=optional_list("players", str, "a list of player names"),
            result=result, error=data.get("error"), digest=str(data.get("final_digest") or ""),
            events=optional_list("events", dict, "a list of events"), system_module=module, system_class=qualname,
            info=data.get("info") or {}, card_data=tuple(card_data),
            card_files_relative=optional_list("card_files_relative", str, "a list of file paths"))


def _tuple(t: Any) -> tuple:
    return t if isinstance(t, tuple) else (t,)


def _relative(file: str, base: Path) -> str:
    try:
        return Path(os.path.relpath(Path(file).resolve(), base)).as_posix()
    except ValueError:          # another drive (Windows): no relative path
        return ""


# -- card data by content ----------------------------------------------------------------------------------
def embed_card_files(system: Any, files: Sequence[str]) -> tuple[dict[str, Any], ...]:
    """The content of extra card data files and of the scripts their cards name, so that a replay
    can be played where those files are not (``{"file": name, "text": ..., "scripts": {...}}``)."""
    out = []
    for f in files:
        path = Path(f)
        try:
            text = path.read_text(encoding="utf-8")
            entries = read_card_entries(path, dict(system.card_fields))
        except (OSError, UnicodeDecodeError, DataError):
            continue                                  # a file that no longer reads cannot be embedded
        scripts = {}
        for e in entries:
            if e.script_path is not None and e.script_path.is_file():
                scripts[Path(os.path.relpath(e.script_path, path.parent)).as_posix()] = \
                    e.script_path.read_text(encoding="utf-8")
        out.append({"file": path.name, "text": text, "scripts": scripts})
    return tuple(out)


def materialize_card_data(card_data: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """Write embedded card data to a folder named by its content (under the system's temporary
    folder, reused by every replay of the same cards); returns the card data files."""
    digest = hashlib.sha256(json.dumps(list(card_data), sort_keys=True).encode("utf-8")).hexdigest()[:16]
    root = Path(tempfile.gettempdir()) / "rulestack-replay-cards" / digest
    files = []
    for i, d in enumerate(card_data):
        folder = root / str(i)
        name = Path(d["file"]).name or f"cards{i}.yaml"
        for rel, text in dict(d.get("scripts") or {}).items():
            target = (folder / rel).resolve()
            if folder.resolve() not in target.parents:
                raise DataError(f"embedded script {rel!r} would be written outside its folder", field="card_data")
            _write_once(target, text)
        _write_once(folder / name, d["text"])
        files.append(str((folder / name).resolve()))
    return tuple(files)


def _write_once(path: Path, text: str) -> None:
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def locate_card_files(replay: "Replay", cards: Sequence[str | Path] | None = None) -> tuple[tuple[str, ...], str | None]:
    """Where the replay's extra card data is now, and a note saying where it was found.

    In order: the files or folders of ``cards`` (``rulestack replay --cards PATH``); the files as
    recorded; the same files relative to the replay file (a mod folder moved with its replays);
    the copy of the card data that the replay carries. Raises :class:`ConfigurationError` when
    none of these has them."""
    if cards:
        found = tuple(str(f) for f in card_data_files(cards))
        return found, f"card data from {', '.join(str(c) for c in cards)}"
    recorded = tuple(replay.card_files)
    if not recorded or all(Path(f).is_file() for f in recorded):
        return recorded, None
    if replay.path is not None and replay.card_files_relative and all(replay.card_files_relative):
        base = Path(replay.path).resolve().parent
        moved = tuple(str((base / r).resolve()) for r in replay.card_files_relative)
        if all(Path(f).is_file() for f in moved):
            return moved, "card data found beside the replay file (moved since the recording)"
    missing = ", ".join(f for f in recorded if not Path(f).is_file())
    if replay.card_data:
        return materialize_card_data(replay.card_data), \
            f"card data taken from the copy in the replay: {missing} no longer exist(s)"
    raise ConfigurationError(f"the replay's card data is gone ({missing}) and the replay carries no copy; "
                             f"give its new place with --cards PATH")


# -- replaying ------------------------------------------------------------------------------------------
class ReplayExhausted(RulestackError):
    """The replayed game asked for more decisions than were recorded."""

    def __init__(self, decision: Decision, used: int) -> None:
        self.decision = decision
        super().__init__(f"the recording has no answer left for decision {used + 1}: {decision.describe()}")


class ReplayAgent:
    """Every seat of a replayed game: answers from the recorded list, in order."""

    def __init__(self, answers: Sequence[Any]) -> None:
        self.answers = list(answers)
        self.used = 0

    def decide(self, decision: Decision, seat: Seat) -> Any:
        if self.used >= len(self.answers):
            raise ReplayExhausted(decision, self.used)
        answer = self.answers[self.used]
        self.used += 1
        return answer


@attrs.define
class Difference:
    """The first event where the replayed game departs from the recording."""

    index: int
    recorded: Mapping[str, Any] | None
    replayed: Mapping[str, Any] | None


@attrs.define
class ReplayCheck:
    """The outcome of replaying a recorded game."""

    replay: Replay
    game: Game | None = None
    error: str | None = None
    changed_cards: list[str] = attrs.field(factory=list)
    notes: list[str] = attrs.field(factory=list)
    difference: Difference | None = None
    digest: str = ""
    unused_decisions: int = 0

    @property
    def same_events(self) -> bool:
        return self.difference is None

    @property
    def ok(self) -> bool:
        """The replay reproduced the recording exactly: events, result or error, final digest."""
        return (self.same_events and self.error == self.replay.error and self.unused_decisions == 0
                and (not self.replay.digest or self.digest == self.replay.digest))

    def report(self) -> str:
        """A readable account: verified, or what changed and the first event that differs. Each
        line is escaped (:mod:`rulestack.escape`): a deck name, an error or an event a card wrote
        cannot put control characters or a line of its own on the terminal."""
        rp = self.replay
        decks = " vs ".join(d.name for d in rp.decks)
        lines = [f"replay of a {rp.system} {rp.system_version} game: seed {rp.seed}, {decks}, "
                 f"{len(rp.decisions)} recorded decisions, {len(rp.events)} events"]
        lines += [f"note: {n}" for n in self.notes]
        if self.changed_cards:
            lines.append("changed since the recording: " + "; ".join(self.changed_cards))
        if self.ok:
            what = f"the recorded failure reproduces: {rp.error}" if rp.error else _result_text(rp.result)
            lines.append(f"verified: all {len(rp.events)} events and the final state digest match ({what})")
            return _lines(lines)
        diff = self.difference
        if diff is not None:
            total = len(rp.events)
            lines.append(f"the game differs from the recording at event {diff.index + 1} (of {total} recorded):")
            lines.append(f"  recorded: {self._show(diff.recorded)}")
            lines.append(f"  replayed: {self._show(diff.replayed)}")
        elif self.digest != rp.digest:
            lines.append("the events match but the final state digest differs (the players' views changed)")
        if self.error != rp.error:
            lines.append(f"recorded ending: {('error: ' + rp.error) if rp.error else _result_text(rp.result)}")
            lines.append(f"replayed ending: {('error: ' + self.error) if self.error else self._replayed_result()}")
        elif rp.result is not None and self.game is not None and self.game.state.result is not None:
            lines.append(f"recorded ending: {_result_text(rp.result)}; replayed: {self._replayed_result()}")
        if self.unused_decisions:
            lines.append(f"{self.unused_decisions} recorded decision(s) were not used")
        return _lines(lines)

    def _replayed_result(self) -> str:
        if self.game is None or self.game.state.result is None:
            return "no result"
        r = self.game.state.result
        return _result_text({"winners": list(r.winners), "reason": r.reason, "turns": r.turns})

    def _show(self, ev: Mapping[str, Any] | None) -> str:
        if ev is None:
            return "(nothing: the game had ended or stopped)"
        event = Event(seq=ev.get("seq", 0), kind=ev.get("kind", "?"), cause=ev.get("cause", "rule"),
                      source=ev.get("source"), player=ev.get("player"),
                      data={k: v for k, v in ev.items() if k not in ("seq", "kind", "cause", "source", "player")})
        if self.game is None:
            return str(event)
        text = describe_event(self.game, event)   # with the names of the cards it mentions
        try:
            said = narrate(self.game, event)
        except Exception:  # a recorded event the current game cannot narrate
            said = None
        return text + (f"   | {said}" if said else "")


def _result_text(result: Mapping[str, Any] | None) -> str:
    if not result:
        return "no result"
    winners = result.get("winners") or []
    who = ", ".join(f"P{w}" for w in winners) + " won" if winners else "draw"
    return f"{who} ({result.get('reason')}) after {result.get('turns')} turns"


def replay_game(replay: Replay, *, keep_game: bool = True, cards: Sequence[str | Path] | None = None,
                plugins: Iterable[Any] = ()) -> ReplayCheck:
    """Play a recording again with today's cards and rules and compare it with the recording.
    ``cards`` names where the extra card data is now (see :func:`locate_card_files`); ``plugins``
    watch the replayed game (a narrator, a board recorder)."""
    check = ReplayCheck(replay)
    try:
        files, note = locate_card_files(replay, cards)
        if note:
            check.notes.append(note)
        system = attrs.evolve(replay.system_ref, cards=files).load()
    except RulestackError as e:
        check.error = f"cannot load the system: {e}"
        check.difference = Difference(0, replay.events[0] if replay.events else None, None)
        return check
    if str(base_system(system).version) != replay.system_version:
        check.notes.append(f"system {replay.system} was version {replay.system_version} when recorded, "
                           f"is {base_system(system).version} now")
    agent = ReplayAgent(replay.decisions)
    game: Game | None = None
    try:
        game = Game(system, list(replay.decks), seed=replay.seed, settings=replay.settings,
                    agents=[agent] * system.player_count, player_names=list(replay.players) or None,
                    plugins=plugins)
        check.changed_cards = _changed_cards(game, replay.cards)
        game.play()
    except GameAborted as e:
        check.error = describe_error(e)
    except Exception as e:  # a changed system may fail in new ways; report it, do not crash
        check.error = describe_error(e)
        if game is None:
            check.difference = Difference(0, replay.events[0] if replay.events else None, None)
            return check
    check.game = game
    assert game is not None
    check.unused_decisions = len(replay.decisions) - agent.used if check.error == replay.error else 0
    now = [_event_dict(ev) for ev in game.state.log]
    check.difference = first_difference(replay.events, now)
    check.digest = final_digest(game)
    if not keep_game:
        game.close()
        check.game = None
    return check


def _changed_cards(game: Game, recorded: Mapping[str, str]) -> list[str]:
    out = []
    for code, digest in sorted(recorded.items()):
        if game.pool.resolve(code) != code:
            out.append(f"{code}: no longer exists")
            continue
        name = game.pool.entries[code].name
        try:
            now = card_digest(game.pool.definition(code))
        except DataError as e:
            out.append(f"{name} ({code}): no longer loads: {e}")
            continue
        if now != digest:
            out.append(f"{name} ({code}): its data or script changed")
    return out


def first_difference(recorded: Sequence[Mapping[str, Any]], replayed: Sequence[Mapping[str, Any]]) -> Difference | None:
    """The first index where two event logs differ, or ``None`` if they are the same."""
    for i in range(max(len(recorded), len(replayed))):
        a = recorded[i] if i < len(recorded) else None
        b = replayed[i] if i < len(replayed) else None
        if a is None or b is None or _canonical(a) != _canonical(b):
            return Difference(i, a, b)
    return None


def verify_replay(path: str | Path, cards: Sequence[str | Path] | None = None) -> ReplayCheck:
    """Load a replay file and replay it (see :func:`replay_game`)."""
    return replay_game(Replay.load(path), cards=cards)


def record(game: Game, path: str | Path, *, error: BaseException | str | None = None,
           info: Mapping[str, Any] | None = None) -> Path:
    """Write ``game`` as a replay file."""
    return Replay.from_game(game, error=error, info=info).save(path)


def decks_of(names: Iterable[str | Deck], system: type[GameSystem]) -> list[Deck]:
    """Decks by name or path for ``system`` (a class), as :class:`Deck` objects."""
    from ..pool import CardPool
    pool = CardPool.for_system(system)
    return [d if isinstance(d, Deck) else pool.deck(d) for d in names]
