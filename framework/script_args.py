"""Checking what a card script passes to a host method, driven by the method's type annotations.

Every ``ctx:name(...)`` a script calls reaches a Python function ``fn(ctx, *args)`` (the host's
words in :mod:`rulestack.context`, a system's in ``GameSystem.script_methods``).
:func:`checked_method` wraps such a function once: before it runs, each argument is checked
against the parameter's annotation, and a bad one is refused with a :class:`ScriptUsageError`
that becomes an ordinary Lua error at the script's calling line, so the message names the card,
file, line, method, argument and what was expected::

    card 'Goblin Guide' (card_scripts/mtg/cards/goblin_guide.lua:10): bad argument #2 to 'move'
    (zone: expected a name (text of 1 to 100 characters), got number 3)

What the checker understands: ``Any`` (and no annotation), ``None``, ``bool``, ``int`` (an
integral float such as Lua's ``4.0`` is taken as 4), ``float`` (finite), ``str``, ``Literal``,
``Union``/``|``/``Optional``, ``list[X]``, ``dict[str, X]``, ``TypedDict`` classes (unknown keys are
refused) and ``Annotated[X, Bounded(lo, hi)]`` (a number's value, or a text's or table's length).
Whatever a parameter's type, numbers must be finite and within ``±10**9``, texts at most 10,000
characters and tables at most 10,000 entries unless a ``Bounded`` says otherwise: a method
written without annotations (``Any``) is still safe from NaN, infinities and huge numbers.

A missing argument (a parameter without default), an extra one, or ``nil`` where a value is
required is refused the same way; ``nil`` for a parameter with a default means the default.

A refused call changes nothing: what the method did before it raised is rolled back through the
game's journal. A Python error the method raises because of what it was given (``TypeError``,
``ValueError``, ``KeyError``, ...) is turned into the same named error, never a raw traceback.
"""
from __future__ import annotations

import inspect
import math
import typing
from typing import Any, Callable, Literal, Union, get_args, get_origin

import attrs

from .errors import GameOver, RulestackError, StopResolution
from .sandbox import HostUsageError

__all__ = ["Bounded", "ScriptUsageError", "checked_method", "describe"]


class ScriptUsageError(HostUsageError):
    """A script called a host method with bad arguments (reported at the script's line)."""


@attrs.frozen
class Bounded:
    """``Annotated`` metadata: a number between ``lo`` and ``hi``, or a text or table whose
    length is between them (both inclusive)."""

    lo: float
    hi: float


#: Bounds that hold for every argument, whatever its annotation.
MAX_NUMBER = 10**9
MAX_TEXT = 10_000
MAX_ENTRIES = 10_000

#: Python errors a host method raises when it was given something it cannot use.
_ARGUMENT_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError, ArithmeticError,
                    UnicodeError, RecursionError, LookupError)


class _Refused(Exception):
    """An argument does not fit: ``expected`` says what would, ``path`` where inside a table."""

    def __init__(self, expected: str, value: Any, path: str = "") -> None:
        super().__init__(expected)
        self.expected = expected
        self.value = value
        self.path = path


_MISSING = object()
Check = Callable[[Any], Any]   # returns the (possibly normalised) value or raises _Refused


def _kind(value: Any) -> str:
    """How a value looks from Lua, for messages."""
    if value is _MISSING:
        return "no value"
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        text = repr(value) if isinstance(value, float) else str(value)
        return f"number {text if len(text) <= 24 else text[:21] + '...'}"
    if isinstance(value, str):
        return f"string of {len(value)} characters" if len(value) > 40 else f"string {value!r}"
    if isinstance(value, list):
        return f"a list of {len(value)}" if value else "an empty table"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _num(x: float) -> str:
    """A bound for messages: 2147483648, not 2.14748e+09."""
    return str(int(x)) if float(x).is_integer() else repr(x)


def _number_ok(v: Any, lo: float, hi: float) -> bool:
    return (not isinstance(v, float) or math.isfinite(v)) and lo <= v <= hi


def _sane(value: Any, depth: int = 0) -> Any:
    """The bounds every argument keeps (``Any``): finite numbers within ±10**9, texts and tables
    of bounded size, all the way down."""
    t = type(value)
    if value is None or t is bool:
        return value
    if t is int or t is float:
        if not _number_ok(value, -MAX_NUMBER, MAX_NUMBER):
            raise _Refused(f"a finite number between {-MAX_NUMBER} and {MAX_NUMBER}", value)
        return value
    if t is str:
        if len(value) > MAX_TEXT:
            raise _Refused(f"a text of at most {MAX_TEXT} characters", value)
        return value
    if t is list or t is dict:
        if len(value) > MAX_ENTRIES:
            raise _Refused(f"a table of at most {MAX_ENTRIES} entries", value)
        items = enumerate(value, 1) if t is list else value.items()
        for k, v in items:
            try:
                _sane(v, depth + 1)
            except _Refused as r:
                raise _Refused(r.expected, r.value, f"[{k}]{r.path}" if t is list else f".{k}{r.path}") from None
        return value
    raise _Refused("plain data", value)


def describe(tp: Any) -> str:
    """What a type annotation asks for, in a script writer's words."""
    return _compile(tp)[1]


def _compile(tp: Any) -> tuple[Check, str]:
    """A checker for an annotation, and its description."""
    if tp is Any or tp is inspect.Parameter.empty or tp is object:
        return _sane, "any plain value"
    if tp is None or tp is type(None):
        def check_none(v: Any) -> Any:
            if v is not None:
                raise _Refused("nil", v)
            return v
        return check_none, "nil"
    if tp is bool:
        def check_bool(v: Any) -> Any:
            if type(v) is not bool:
                raise _Refused("a boolean", v)
            return v
        return check_bool, "a boolean"
    if tp is int:
        return _int_check(-MAX_NUMBER, MAX_NUMBER), "an integer"
    if tp is float:
        return _float_check(-MAX_NUMBER, MAX_NUMBER), "a number"
    if tp is str:
        return _str_check(0, MAX_TEXT), "a text"
    origin = get_origin(tp)
    if origin is typing.Annotated:
        base, *meta = get_args(tp)
        bounds = next((m for m in meta if isinstance(m, Bounded)), None)
        if bounds is None:
            return _compile(base)
        if base is int:
            return _int_check(bounds.lo, bounds.hi), f"an integer from {_num(bounds.lo)} to {_num(bounds.hi)}"
        if base is float:
            return _float_check(bounds.lo, bounds.hi), f"a number from {_num(bounds.lo)} to {_num(bounds.hi)}"
        if base is str:
            what = "a name" if bounds.lo >= 1 and bounds.hi <= 100 else "a text"
            text = f"{what} (text of {_num(bounds.lo)} to {_num(bounds.hi)} characters)"
            return _str_check(bounds.lo, bounds.hi, text), text
        inner, text = _compile(base)

        def check_len(v: Any) -> Any:
            v = inner(v)
            if not bounds.lo <= len(v) <= bounds.hi:
                raise _Refused(f"{text} of {_num(bounds.lo)} to {_num(bounds.hi)} entries", v)
            return v
        return check_len, f"{text} of {_num(bounds.lo)} to {_num(bounds.hi)} entries"
    if origin is Literal:
        words = get_args(tp)
        text = " or ".join(repr(w) for w in words)

        def check_literal(v: Any) -> Any:
            if type(v) is not str or v not in words:
                raise _Refused(text, v)
            return v
        return check_literal, text
    if origin is Union or (origin is not None and getattr(origin, "__name__", "") == "UnionType") \
            or type(tp).__name__ == "UnionType":
        parts = [_compile(a) for a in get_args(tp)]
        text = " or ".join(d for _, d in parts)

        def check_union(v: Any) -> Any:
            for check, _ in parts:
                try:
                    return check(v)
                except _Refused as r:
                    if r.path:           # the value had the right shape but a bad part: say which
                        raise
            raise _Refused(text, v)
        return check_union, text
    if origin is list:
        (item_tp,) = get_args(tp) or (Any,)
        item, item_text = _compile(item_tp)
        text = f"a list (each {item_text})"

        def check_list(v: Any) -> Any:
            if v == {}:
                v = []
            if type(v) is not list:
                raise _Refused(text, v)
            if len(v) > MAX_ENTRIES:
                raise _Refused(f"{text} (at most {MAX_ENTRIES})", v)
            out = []
            for i, x in enumerate(v, 1):
                try:
                    out.append(item(x))
                except _Refused as r:
                    raise _Refused(r.expected, r.value, f"[{i}]{r.path}") from None
            return out
        return check_list, text
    if origin is dict or tp is dict:
        args = get_args(tp)
        value, _ = _compile(args[1] if len(args) == 2 else Any)

        def check_dict(v: Any) -> Any:
            if v == []:
                v = {}
            if type(v) is not dict:
                raise _Refused("a table with named fields", v)
            if len(v) > MAX_ENTRIES:
                raise _Refused(f"a table of at most {MAX_ENTRIES} entries", v)
            for k, x in v.items():
                if type(k) is not str:
                    raise _Refused("a table whose keys are names", v, f"[{k}]")
                try:
                    value(x)
                except _Refused as r:
                    raise _Refused(r.expected, r.value, f".{k}{r.path}") from None
            return v
        return check_dict, "a table with named fields"
    if isinstance(tp, type) and typing.is_typeddict(tp):
        hints = typing.get_type_hints(tp, include_extras=True)
        fields = {k.rstrip("_"): _compile(t) for k, t in hints.items()}
        text = f"a table of {', '.join(fields)}"

        def check_fields(v: Any) -> Any:
            if v == []:
                v = {}
            if type(v) is not dict:
                raise _Refused(text, v)
            for k, x in v.items():
                field = fields.get(k) if type(k) is str else None
                if field is None:
                    raise _Refused(f"one of the fields {', '.join(fields)}", k, f".{k}")
                try:
                    field[0](x)
                except _Refused as r:
                    raise _Refused(r.expected, r.value, f".{k}{r.path}") from None
            return v
        return check_fields, text
    # A class the checker does not know (a plugin's own annotation): keep the general bounds.
    return _sane, "any plain value"


def _int_check(lo: float, hi: float) -> Check:
    def check_int(v: Any) -> Any:
        t = type(v)
        if t is float and math.isfinite(v) and v == int(v):
            v = int(v)                               # Lua's 4.0 is 4
        elif t is not int:
            raise _Refused(f"an integer from {_num(lo)} to {_num(hi)}", v)
        if not lo <= v <= hi:
            raise _Refused(f"an integer from {_num(lo)} to {_num(hi)}", v)
        return v
    return check_int


def _float_check(lo: float, hi: float) -> Check:
    def check_float(v: Any) -> Any:
        if type(v) not in (int, float) or not _number_ok(v, lo, hi):
            raise _Refused(f"a finite number from {_num(lo)} to {_num(hi)}", v)
        return v
    return check_float


def _str_check(lo: float, hi: float, text: str | None = None) -> Check:
    text = text or f"a text of {_num(lo)} to {_num(hi)} characters"

    def check_str(v: Any) -> Any:
        if type(v) is not str or not lo <= len(v) <= hi:
            raise _Refused(text, v)
        return v
    return check_str


def _annotation(fn: Callable[..., Any], p: inspect.Parameter) -> Any:
    """A parameter's annotation, evaluated in the function's module (``Any`` if it cannot be)."""
    ann = p.annotation
    if isinstance(ann, str):
        try:
            ann = eval(ann, getattr(fn, "__globals__", {}), {})   # noqa: S307 - our own annotations
        except Exception:   # noqa: BLE001 - a name only imported under TYPE_CHECKING
            return Any
    return ann


_CACHE: dict[tuple[str, Any], Callable[..., Any]] = {}


def checked_method(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn(ctx, *args)`` with its arguments checked against its annotations, refused calls rolled
    back, and Python errors from bad arguments turned into named :class:`ScriptUsageError`\\ s.
    The wrapper is built once per function (cached)."""
    key = (name, fn)
    done = _CACHE.get(key)
    if done is not None:
        return done
    try:
        params = list(inspect.signature(fn).parameters.values())[1:]   # after ctx
    except (TypeError, ValueError):
        params = []
    variadic = any(p.kind is p.VAR_POSITIONAL for p in params)
    params = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    specs = [(p.name, _compile(_annotation(fn, p)), p.default) for p in params]
    most = len(specs)
    names = ", ".join(p for p, _, _ in specs) or "none"

    def call(ctx: Any, *args: Any) -> Any:
        n = len(args)
        if n > most and not variadic:
            raise ScriptUsageError(f"too many arguments to '{name}' ({n} given; it takes at most {most}: {names})")
        values = list(args)
        for i, (pname, (check, text), default) in enumerate(specs):
            v = values[i] if i < n else _MISSING
            if v is _MISSING or v is None:
                if default is not inspect.Parameter.empty:
                    if i < n:
                        values[i] = default
                    continue
                raise ScriptUsageError(f"bad argument #{i + 1} to '{name}' ({pname}: expected {text}, got {_kind(v)})")
            try:
                values[i] = check(v)
            except _Refused as r:
                raise ScriptUsageError(f"bad argument #{i + 1} to '{name}' ({pname}{r.path}: expected {r.expected}, "
                                       f"got {_kind(r.value)})") from None
        for i in range(most, n):   # *args of a variadic method keep the general bounds
            try:
                _sane(values[i])
            except _Refused as r:
                raise ScriptUsageError(f"bad argument #{i + 1} to '{name}' ({r.path or 'value'}: expected "
                                       f"{r.expected}, got {_kind(r.value)})") from None
        journal = ctx.game.journal
        mark, version = journal.mark(), journal.version
        try:
            return fn(ctx, *values)
        except ScriptUsageError as e:
            journal.rollback(mark, version)   # a refused call changes nothing
            text = str(e)
            if f"'{name}'" in text:
                raise
            raise ScriptUsageError(f"ctx:{name}(): {text}"[:1000]) from None
        except (RulestackError, StopResolution, GameOver):
            raise
        except _ARGUMENT_ERRORS as e:
            journal.rollback(mark, version)
            raise ScriptUsageError(f"'{name}' could not use its arguments ({type(e).__name__}: {e})"[:1000]) from e

    call.__name__ = call.__qualname__ = getattr(fn, "__name__", name)
    call.__doc__ = fn.__doc__
    call.__wrapped__ = fn   # type: ignore[attr-defined]
    _CACHE[key] = call
    return call
