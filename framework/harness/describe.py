"""A game system's reference, generated from the plugin's own data: ``rulestack describe SYSTEM``.

Everything comes from what the system class declares — its zones, phases and steps, action
windows, event kinds and their fields, how those events count in a simulation's card figures,
player values, settings, cost kinds, ability kinds, keywords, card fields and Lua words — so the reference cannot drift from the code. The same data
gives the plain-text listing (:func:`describe_text`) and the Markdown page
``docs/systems/<name>.md`` (:func:`describe_markdown`); a test keeps each page current.
Regenerate a page with::

    rulestack describe mtg --markdown --write docs/systems/mtg.md
"""
from __future__ import annotations

import inspect
import re
from typing import Any, Callable

from ..cards import BASE_KEYS, ROLE_KEYS, type_name
from ..system import HOST_CARD_STATS, HOST_EVENT_KINDS, REPLACEABLE_EVENTS, CardStat, GameSystem
from .apidoc import lua_signature, rst_to_markdown
from .gamestats import card_rules

#: One entry of a reference section: its name, its one-line doc and details.
Row = tuple[str, str, str]


def first_line(text: str | None) -> str:
    """The first sentence-line of a docstring (or ``""``), with reST literals as Markdown."""
    doc = inspect.cleandoc(text or "")
    para = " ".join(doc.split("\n\n", 1)[0].split())
    para = re.sub(r":\w+:`~?([\w.]+)`", lambda m: f"`{m.group(1).split('.')[-1]}`", para)
    return rst_to_markdown(para)


def _zones(system: type[GameSystem], brief: bool = False) -> list[Row]:
    rows = []
    for z in system.zones:
        detail = ", ".join(x for x in (z.visibility, "per player" if z.per_player else "shared",
                                       "ordered" if z.ordered else "") if x)
        rows.append((z.name, system.zone_docs.get(z.name, ""), detail))
    return rows


def _phases(system: type[GameSystem], brief: bool = False) -> list[Row]:
    rows = []
    for p in system.phases:
        rows.append((p.name, p.doc, ""))
        for step, doc in p.steps.items():
            rows.append((f"{p.name} / {step}", doc, "step"))
    return rows


def _windows(system: type[GameSystem], brief: bool = False) -> list[Row]:
    return [(name, doc, "") for name, doc in system.windows.items()]


def _events(system: type[GameSystem], brief: bool = False) -> list[Row]:
    rows = []
    for name, kind in system.all_event_kinds().items():
        origin = "host" if name in HOST_EVENT_KINDS and name not in system.event_kinds else "system"
        fields = ", ".join(f if brief or not d else f"`{f}` ({d})" for f, d in kind.fields.items())
        extra = "; replaceable" if name in REPLACEABLE_EVENTS or name in system.replaceable_events else ""
        rows.append((name, kind.doc, f"{origin}{extra}; fields: {fields}" if fields else f"{origin}{extra}"))
    return rows


def _word(value: object) -> str:
    """A value an event field is compared with, as the event log writes it (``true``, ``drawn``)."""
    return str(value).lower() if isinstance(value, bool) or value is None else str(value)


def _card_stat_name(rule: CardStat) -> str:
    """``moved (how = drawn)``: the event kind and the fields the rule asks of it."""
    when = ", ".join(f"{key} = {' or '.join(map(_word, want)) if isinstance(want, tuple) else _word(want)}"
                     for key, want in rule.when.items())
    return f"{rule.kind} ({when})" if when else rule.kind


def _card_stats(system: type[GameSystem], brief: bool = False) -> list[Row]:
    """How events count in ``rulestack simulate``'s per-card figures: the system's rules
    (:attr:`GameSystem.card_stats`), then the host's, in the order they are tried (the first that
    matches an event decides)."""
    rows = []
    for rule in card_rules(system):
        if rule.counts_as is None:
            doc = "not counted"
        elif rule.kind == "activated" and rule.counts_as == "activated":
            doc = "counts as activated (as triggered, if its ability kind is a triggered one)"
        else:
            doc = f"counts as {rule.counts_as}"
        origin = "host" if rule in HOST_CARD_STATS and rule not in system.card_stats else "system"
        rows.append((_card_stat_name(rule), doc, origin + (f"; the card is field `{rule.card}`"
                                                           if rule.card != "card" else "")))
    return rows


def _player_values(system: type[GameSystem], brief: bool = False) -> list[Row]:
    return [(name, doc, "") for name, doc in system.player_values.items()]


def _settings(system: type[GameSystem], brief: bool = False) -> list[Row]:
    return [(name, system.settings_docs.get(name, ""), f"default {default!r}")
            for name, default in system.settings_defaults.items()]


def _cost_kinds(system: type[GameSystem], brief: bool = False) -> list[Row]:
    rows = []
    for name, kind in system.cost_kinds.items():
        doc = getattr(kind, "doc", "") or first_line(type(kind).__doc__ if type(kind).__doc__ and
                                                     type(kind).__module__ != "rulestack.system" else "")
        rows.append((name, doc or getattr(kind, "label", ""), f"reads \"{getattr(kind, 'label', '')}\""))
    return rows


def _ability_kinds(system: type[GameSystem], brief: bool = False) -> list[Row]:
    rows = []
    for name, kind in system.ability_kinds.items():
        keys = sorted({*ROLE_KEYS[kind.role], *kind.keys})
        req = f"; needs {', '.join(sorted(kind.required))}" if kind.required else ""
        rows.append((name, kind.doc, f"{kind.role}; keys: {', '.join(keys)} (and {', '.join(sorted(BASE_KEYS))}){req}"))
    return rows


def _keywords(system: type[GameSystem], brief: bool = False) -> list[Row]:
    return [(name, doc, "") for name, doc in system.keywords.items()]


def _card_fields(system: type[GameSystem], brief: bool = False) -> list[Row]:
    rows = []
    for name, spec in system.card_fields.items():
        required = isinstance(spec, tuple) and len(spec) == 2 and spec[1] is True
        typ = spec[0] if required else spec
        rows.append((name, "", f"{type_name(typ)}{', required' if required else ''}"))
    return rows


def _filter_keys(system: type[GameSystem], brief: bool = False) -> list[Row]:
    return [(name, first_line(getattr(fn, "__doc__", "") if not _is_lambda(fn) else ""), "card filter")
            for name, fn in system.filter_keys.items()] + \
           [(name, first_line(getattr(fn, "__doc__", "") if not _is_lambda(fn) else ""), "trigger")
            for name, fn in system.trigger_keys.items()]


def _is_lambda(fn: Callable[..., Any]) -> bool:
    return getattr(fn, "__name__", "") == "<lambda>"


def _lua_words(system: type[GameSystem], brief: bool = False) -> list[Row]:
    return [(name, first_line(inspect.getdoc(fn)) or "(undocumented)", lua_signature(name, fn))
            for name, fn in sorted(system.script_methods.items())]


SECTIONS: tuple[tuple[str, Callable[[type[GameSystem], bool], list[Row]]], ...] = (
    ("Zones", _zones),
    ("Phases and steps", _phases),
    ("Action windows", _windows),
    ("Event kinds", _events),
    ("Card figures of a simulation", _card_stats),
    ("Player values", _player_values),
    ("Settings", _settings),
    ("Cost kinds", _cost_kinds),
    ("Ability kinds", _ability_kinds),
    ("Keywords", _keywords),
    ("Card fields", _card_fields),
    ("Extra filter and trigger keys", _filter_keys),
    ("Lua words", _lua_words),
)


def _title(system: type[GameSystem]) -> str:
    return f"{system.title or system.name} (`{system.name}` {system.version})"


def describe_text(system: type[GameSystem]) -> str:
    """The reference as plain text, one line per entry: ``name  doc  [detail]``."""
    out = [_title(system).replace("`", ""), first_line(system.__doc__), ""]
    for title, rows_of in SECTIONS:
        rows = rows_of(system, True)
        out.append(f"{title}:")
        if not rows:
            out.append("  (none declared)")
        width = min(max((len(r[0]) for r in rows), default=0), 28)
        for name, doc, detail in rows:
            text = f"  {name:<{width}}  {doc}" if doc else f"  {name}"
            out.append(text + (f"  [{detail}]" if detail else ""))
        out.append("")
    return "\n".join(out)


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def describe_markdown(system: type[GameSystem]) -> str:
    """The reference as a Markdown page (the content of ``docs/systems/<name>.md``)."""
    out = [f"# {_title(system)}", "",
           f"<!-- Generated by `rulestack describe {system.name} --markdown` from the system's own data. "
           "Do not edit by hand: a test compares this file with the code. -->", "",
           first_line(system.__doc__), "",
           "Every event also carries `kind`, `cause`, `source`, `player` and `seq`; scripts may record "
           "`card:NAME` events of their own (`ctx:record`). The host's Lua words are in "
           "[the Lua API reference](../lua-api.md).", ""]
    for title, rows_of in SECTIONS:
        rows = rows_of(system, False)
        out += [f"## {title}", ""]
        if not rows:
            out += ["(none declared)", ""]
            continue
        out += ["| name | what it is | details |", "|---|---|---|"]
        out += [f"| `{_md_cell(n)}` | {_md_cell(d)} | {_md_cell(x)} |" for n, d, x in rows]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def undocumented(system: type[GameSystem]) -> list[str]:
    """Entries of the reference that have no one-line doc (``section: name``)."""
    missing = []
    for title, rows_of in SECTIONS:
        if title in ("Card fields", "Extra filter and trigger keys"):
            continue
        for name, doc, _ in rows_of(system, True):
            if not doc or doc == "(undocumented)":
                missing.append(f"{title}: {name}")
    return missing

