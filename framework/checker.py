"""``rulestack check``: validate card data and scripts, reporting every problem as file:line.

Beyond what loading a card checks (its data, its script's keys and types), :class:`CardLint`
catches the mistakes that load fine and then silently do nothing in a game, each with the file,
the line, the wrong name and the nearest right one:

* a ``ctx:`` word that does not exist (read from the script's text);
* a trigger listening for an event kind the game never records;
* a key of a trigger or of a card filter that nothing reads (in the returned table, or written
  in a ``ctx:cards{...}``, ``ctx:count{...}`` or ``ctx:choose{filter = {...}}`` call);
* a zone or phase name the game does not have;
* a replacement on an event kind the host cannot replace.

What a system does not declare (no ``event_kinds``, no ``phases``) is not checked.
"""
from __future__ import annotations

import difflib
import inspect
from pathlib import Path
from typing import Any, Iterable, Mapping

from .cards import CardEntry
from .context import HOST_METHODS
from .errors import CardDataError, DataError, RulestackError
from .lua_source import call_string_arguments, call_tables, line_of, method_calls
from .pool import CardPool, display_path
from .replacement import COMMON_KEYS, replaceable_events
from .system import REPLACEABLE_EVENTS, GameSystem, find_system

#: The card filter keys the host reads (see :mod:`rulestack.filters`).
HOST_FILTER_KEYS = frozenset({"zone", "player", "controller", "owner", "name", "name_contains", "code", "face_up",
                              "other", "self", "attached_to_self", "host_of_self", "status", "counters", "keyword",
                              "min", "max", "where"})
#: Values every card has besides its data fields, which a filter may compare.
DERIVED_KEYS = frozenset({"keywords"})
#: The trigger keys the host reads; any other key is compared with the event's field of that name.
HOST_TRIGGER_KEYS = frozenset({"on", "optional", "self", "source_self", "cause", "player", "filter"})
#: The host's words that take a card filter, and where in their table argument the filter is.
CALL_FILTERS: Mapping[str, tuple] = {"cards": (), "count": (), "choose": ("filter",), "choose_one": ("filter",)}
#: Keys of ``replaces`` the host reads.
REPLACES_KEYS = frozenset({"event", "self", "filter", "to", "from", "cause"})


def nearest(name: str, known: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The known name most like ``name`` (the first in ``known``'s order on a tie), or None."""
    best, best_score = None, cutoff
    for candidate in dict.fromkeys(known):
        m = difflib.SequenceMatcher(None, str(name), candidate)
        if m.real_quick_ratio() < best_score or m.quick_ratio() < best_score:
            continue
        score = m.ratio()
        if score > best_score or (score == best_score and best is None):
            best, best_score = candidate, score
    return best


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the nearest known name, or ``""``."""
    near = nearest(name, known)
    return f" (did you mean {near!r}?)" if near else ""


class CardLint:
    """The silent mistakes of one card's script (its returned data and its text)."""

    def __init__(self, system: type[GameSystem], entry: CardEntry, data: Any, source: str) -> None:
        self.system = system
        self.entry = entry
        self.data = data
        self.source = source
        self.file = display_path(entry.script_path) if entry.script_path else entry.file
        self.problems: list[CardDataError] = []
        self.events = system.all_event_kinds() if system.event_kinds else None
        self.zones = [z.name for z in system.zones]
        self.phases = system.phase_names()
        self.filter_keys = (HOST_FILTER_KEYS | DERIVED_KEYS | set(system.filter_keys) | set(system.card_fields)
                            | set(system.script_keys))

    def report(self, path: tuple, message: str, line: int | None = None) -> None:
        from .scripts import render_path
        if line is None:
            line = line_of(self.source, path)
        self.problems.append(CardDataError(f"card {self.entry.name!r}: {message}", file=self.file, line=line,
                                           field=render_path(path) or None))

    def run(self) -> list[CardDataError]:
        """Check everything; returns the problems found, in the order of the script."""
        self.check_methods()
        self.check_call_filters()
        self.check_zone_arguments()
        abilities = self.data.get("abilities") if isinstance(self.data, dict) else None
        for i, ab in enumerate(abilities if isinstance(abilities, list) else []):
            if isinstance(ab, dict):
                self.check_ability(("abilities", i + 1), ab)
        return sorted(self.problems, key=lambda p: (p.line or 0))

    # -- the script's text ---------------------------------------------------------------------
    def check_methods(self) -> None:
        words = {**HOST_METHODS, **self.system.script_methods}
        for _, name, line in method_calls(self.source):
            if name not in words:
                near = nearest(name, sorted(words))
                hint = f" (did you mean ctx:{near}?)" if near else \
                    f" (see `rulestack describe {self.system.name}` for this game's words)"
                self.report((), f"ctx:{name} does not exist{hint}", line=line)

    def check_zone_arguments(self) -> None:
        """Zone names given as plain arguments: ``ctx:move(id, "graveyard")``, ``ctx:shuffle("deck")``
        (a parameter called ``zone`` of a ctx word)."""
        words = {**HOST_METHODS, **self.system.script_methods}
        for name, line, strings in call_string_arguments(self.source):
            fn = words.get(name)
            if fn is None:
                continue
            try:
                params = list(inspect.signature(fn).parameters)[1:]     # after ctx
            except (TypeError, ValueError):
                continue
            for pos, text in strings.items():
                if pos <= len(params) and params[pos - 1] == "zone" and text not in self.zones:
                    self.report((), f"ctx:{name}: unknown zone {text!r}{did_you_mean(text, self.zones)} "
                                    f"(zones of {self.system.name}: {', '.join(self.zones)})", line=line)

    def check_call_filters(self) -> None:
        """Filters written in the script's calls: ``ctx:cards{...}``, ``ctx:count{...}`` and the
        ``filter`` of ``ctx:choose{...}`` / ``ctx:choose_one{...}``."""
        for name, _, lines, strings in call_tables(self.source, frozenset(CALL_FILTERS)):
            prefix = CALL_FILTERS[name]
            for path, line in lines.items():
                if len(path) != len(prefix) + 1 or path[:len(prefix)] != prefix or not isinstance(path[-1], str):
                    continue
                key = path[-1]
                if key not in self.filter_keys:
                    self.report((), f"ctx:{name}: unknown card filter key {key!r}"
                                    f"{did_you_mean(key, self.filter_keys)}: no card has it, so the filter matches "
                                    f"nothing", line=line)
                elif key == "zone" and path in strings and strings[path] not in self.zones:
                    zone = strings[path]
                    self.report((), f"ctx:{name}: unknown zone {zone!r}{did_you_mean(zone, self.zones)} "
                                    f"(zones of {self.system.name}: {', '.join(self.zones)})", line=line)

    # -- the returned table --------------------------------------------------------------------
    def check_ability(self, path: tuple, ab: Mapping[str, Any]) -> None:
        for key in ("zone", "from"):
            if key in ab:
                self.check_zones(path + (key,), ab[key])
        trig = ab.get("trigger")
        if isinstance(trig, dict):
            self.check_trigger(path + ("trigger",), trig)
        for j, target in enumerate(ab.get("targets") or []):
            if isinstance(target, dict) and isinstance(target.get("filter"), dict):
                self.check_filter(path + ("targets", j + 1, "filter"), target["filter"])
        if isinstance(ab.get("affects"), dict):
            self.check_filter(path + ("affects",), ab["affects"])
        for j, mod in enumerate(ab.get("modify") or []):
            if isinstance(mod, dict) and isinstance(mod.get("affects"), dict):
                self.check_filter(path + ("modify", j + 1, "affects"), mod["affects"])
        for j, comp in enumerate(ab.get("cost") or []):
            params = comp if isinstance(comp, dict) else comp[2] if isinstance(comp, list) and len(comp) > 2 else None
            if isinstance(params, dict) and isinstance(params.get("filter"), dict):
                self.check_filter(path + ("cost", j + 1, "filter"), params["filter"])
        rep = ab.get("replaces")
        if isinstance(rep, dict):
            self.check_replaces(path + ("replaces",), rep)
        instead = ab.get("instead")
        if isinstance(instead, dict) and "to" in instead:
            self.check_zones(path + ("instead", "to"), instead["to"])

    def check_trigger(self, path: tuple, trig: Mapping[str, Any]) -> None:
        on = trig.get("on")
        kinds = [on] if isinstance(on, str) else [k for k in on if isinstance(k, str)] if isinstance(on, list) else []
        fields: set[str] = set()
        all_known = True
        for kind in kinds:
            if kind.startswith("card:"):
                all_known = False
                continue
            if self.events is None:
                all_known = False
                continue
            if kind not in self.events:
                hint = did_you_mean(kind, self.events) or f" (see `rulestack describe {self.system.name}` for its events)"
                self.report(path + ("on",), f"unknown trigger event {kind!r}{hint}: the trigger never fires")
                all_known = False
                continue
            fields |= set(self.events[kind].fields)
        for key, value in trig.items():
            if key in HOST_TRIGGER_KEYS or key in self.system.trigger_keys:
                continue
            if all_known and kinds and key not in fields:
                known = HOST_TRIGGER_KEYS | set(self.system.trigger_keys) | fields
                self.report(path + (key,), f"unknown trigger key {key!r}{did_you_mean(key, known)}: no "
                                           f"{'/'.join(kinds)} event has it (fields: {', '.join(sorted(fields))}), "
                                           f"so the trigger never matches")
                continue
            if key in ("to", "from", "zone"):
                self.check_zones(path + (key,), value)
            elif key == "phase" and self.phases:
                self.check_names(path + (key,), value, self.phases, "phase")
            elif key == "step" and self.phases and _names_turn_steps(kinds):
                # another event's ``step`` field (PMV's near_death_step) is not a step of the turn
                self.check_names(path + (key,), value, self.system.step_names(), "step")
        if isinstance(trig.get("filter"), dict):
            self.check_filter(path + ("filter",), trig["filter"])

    def check_replaces(self, path: tuple, rep: Mapping[str, Any]) -> None:
        event = rep.get("event", "moved")
        replaceable = replaceable_events(self.system)
        kinds = REPLACEABLE_EVENTS | set(replaceable)
        if event not in kinds:
            names = ", ".join(sorted(kinds))
            self.report(path + ("event",), f"nothing can replace {event!r} events (replaceable: {names})"
                                           f"{did_you_mean(event, kinds)}; this replacement would never apply")
        keys = REPLACES_KEYS if event == "moved" or event not in replaceable else COMMON_KEYS | set(replaceable[event])
        for key, value in rep.items():
            if key not in keys:
                self.report(path + (key,), f"unknown key {key!r} of 'replaces'{did_you_mean(key, keys)} "
                                           f"(it reads: {', '.join(sorted(keys))})")
            elif key in ("to", "from"):
                self.check_zones(path + (key,), value)
        if isinstance(rep.get("filter"), dict):
            self.check_filter(path + ("filter",), rep["filter"])

    def check_filter(self, path: tuple, spec: Mapping[str, Any]) -> None:
        for key, value in spec.items():
            if key not in self.filter_keys:
                self.report(path + (key,), f"unknown card filter key {key!r}{did_you_mean(key, self.filter_keys)}: "
                                           f"no card has it, so the filter matches nothing")
            elif key == "zone":
                self.check_zones(path + (key,), value)

    def check_zones(self, path: tuple, value: Any) -> None:
        self.check_names(path, value, self.zones, "zone")

    def check_names(self, path: tuple, value: Any, known: Iterable[str], what: str) -> None:
        known = tuple(known)
        for i, name in enumerate(value if isinstance(value, list) else [value]):
            if isinstance(name, str) and name not in known:
                where = path + (i + 1,) if isinstance(value, list) else path
                self.report(where, f"unknown {what} {name!r}{did_you_mean(name, known)} "
                                   f"({what}s of {self.system.name}: {', '.join(known)})")


def lint_card(pool: CardPool, code: str) -> list[CardDataError]:
    """The silent mistakes of one card whose definition loads (see :class:`CardLint`)."""
    from .sandbox import LuaSandbox, ScriptError
    from .scripts import convert_functions
    entry = pool.entries[code]
    source = pool.source(code)
    if source is None:
        return []
    sandbox = LuaSandbox(methods={}, random=lambda a, b: a)
    try:
        shown = display_path(entry.script_path) if entry.script_path is not None else entry.file
        data = convert_functions(sandbox.load(source, file=shown, card=entry.name).data)
    except ScriptError:
        return []                       # reported by the definition's own check
    finally:
        sandbox.close()
    return CardLint(pool.system_cls, entry, data, source).run()


def _infer_system(path: Path) -> str | None:
    parts = path.resolve().parts
    if "card_scripts" in parts:
        i = parts.index("card_scripts")
        if i + 1 < len(parts):
            return parts[i + 1]
    return None


def _is_test_or_replay(path: Path) -> bool:
    """Scenario files and replays sit beside card data in a modder's folder; they are not cards."""
    name = path.name
    return name.endswith((".scenario.yaml", ".scenario.yml")) or name.startswith("scenario_") or ".replay." in name


def _check_codes(pool: CardPool, codes: list[str]) -> list[str]:
    """Load each card (its data and script must validate), then lint the ones that loaded."""
    problems = []
    for code in codes:
        failed = pool.check([code])
        problems += [str(p) for p in failed]
        if not failed:
            problems += [str(p) for p in lint_card(pool, code)]
    return problems


def check_paths(paths: Iterable[Path], system: str | None) -> tuple[list[str], int]:
    """Check data files and scripts; returns the problems (``file:line: message``) and how many
    cards were checked."""
    problems: list[str] = []
    checked = 0
    groups: dict[str, tuple[list[Path], list[Path]]] = {}
    for path in paths:
        if not path.exists():
            problems.append(f"{path}: no such file or folder")
            continue
        name = system or _infer_system(path)
        if name is None:
            problems.append(f"{path}: cannot tell which game system it is for; give --system")
            continue
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        yamls, luas = groups.setdefault(name, ([], []))
        yamls += [f for f in files if f.suffix in (".yaml", ".yml") and "decks" not in f.parts
                  and not _is_test_or_replay(f)]
        luas += [f for f in files if f.suffix == ".lua"]
    for name, (yamls, luas) in groups.items():
        try:
            cls = find_system(name)
        except RulestackError as e:
            problems.append(str(e))
            continue
        pool = CardPool(cls, files=[])
        for y in yamls:
            try:
                pool.add_file(y)
            except DataError as e:
                problems.append(str(e))
        covered = {e.script_path.resolve() for e in pool.entries.values() if e.script_path}
        problems += _check_codes(pool, list(pool.entries))
        checked += len(pool.entries)
        for lua in luas:
            if lua.resolve() in covered:
                continue
            entry = CardEntry(code=lua.stem, name=lua.stem, fields={}, keywords=(), script_path=lua,
                              file=str(lua), line=None)
            pool.entries[entry.code] = entry
            checked += 1
            problems += _check_codes(pool, [entry.code])
    return problems, checked


def _names_turn_steps(kinds: list[str]) -> bool:
    """Whether a trigger on ``kinds`` reads ``step`` as a step of the turn: for the ``phase``
    event, or when no event is named."""
    return not kinds or "phase" in kinds
