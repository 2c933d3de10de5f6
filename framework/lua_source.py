"""Map the keys of a card script's returned table to source lines.

The sandbox returns a script's table as plain data, which has no line numbers. To say *where* a
problem is ("unknown key 'cots' at abilities[1] (shock.lua:7)"), this module reads the source with a
small Lua tokenizer and walks the table constructor that follows the chunk's first top-level
``return``, recording the line where each key or element starts::

    return {                       -- ()                      line 1
      abilities = {                -- ("abilities",)          line 2
        { cost = 2,                -- ("abilities", 1)        line 3 and ("abilities", 1, "cost") line 3
          resolve = function(ctx)  -- ("abilities", 1, "resolve")
            ...
          end },
      },
    }

Named keys map to their name, positional elements to their 1-based index, ``[literal] = v`` keys to
the literal. Function bodies are skipped. ``return NAME`` is followed too when ``NAME`` is a
top-level ``local NAME = { ... }`` (plus top-level ``NAME.key = value`` assignments). Whatever the
mapper cannot follow is simply absent; it never raises on odd input.
"""

from __future__ import annotations

import functools
import re
from typing import Any

__all__ = ["call_tables", "format_path", "key_lines", "line_of", "method_calls"]

_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER_RE = re.compile(
    r"0[xX](?:[0-9a-fA-F]*\.?[0-9a-fA-F]*)(?:[pP][+-]?[0-9]+)?"
    r"|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_LONG_OPEN_RE = re.compile(r"\[(=*)\[")
_SYMBOLS = ("...", "..", "==", "~=", "<=", ">=", "//", "::", "<<", ">>")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
            "\\": "\\", '"': '"', "'": "'", "\n": "\n"}
_BLOCK_OPEN = frozenset({"function", "do", "if", "repeat"})
_BLOCK_CLOSE = frozenset({"end", "until"})
_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_KEYWORDS = frozenset({
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"})


class _Tok:
    """One token: kind is "name", "string", "number", "sym" or "eof"."""

    __slots__ = ("kind", "value", "line")

    def __init__(self, kind: str, value: Any, line: int) -> None:
        self.kind = kind
        self.value = value
        self.line = line

    def is_sym(self, s: str) -> bool:
        return self.kind == "sym" and self.value == s

    def is_name(self, s: str) -> bool:
        return self.kind == "name" and self.value == s


def _newline_at(src: str, i: int) -> int:
    """Length of the line break at ``i`` (Lua counts \\r\\n and \\n\\r as one), or 0."""
    c = src[i] if i < len(src) else ""
    if c not in "\r\n" or not c:
        return 0
    if i + 1 < len(src) and src[i + 1] in "\r\n" and src[i + 1] != c:
        return 2
    return 1


def _tokens(src: str) -> list[_Tok]:
    """Tokenize Lua source (best effort: malformed input ends the stream early, never raises)."""
    out: list[_Tok] = []
    i, n, line = 0, len(src), 1
    if src.startswith("#"):                       # a shebang line, as luaL_loadfile allows
        while i < n and src[i] not in "\r\n":
            i += 1
    while i < n:
        c = src[i]
        nl = _newline_at(src, i)
        if nl:
            i += nl
            line += 1
            continue
        if c in " \t\f\v":
            i += 1
            continue
        if c == "-" and src.startswith("--", i):
            i += 2
            m = _LONG_OPEN_RE.match(src, i)
            if m:
                i, line, _ = _long_bracket(src, m.end(), len(m.group(1)), line)
            else:
                while i < n and src[i] not in "\r\n":
                    i += 1
            continue
        if c == "[":
            m = _LONG_OPEN_RE.match(src, i)
            if m:
                start = line
                i, line, text = _long_bracket(src, m.end(), len(m.group(1)), line)
                out.append(_Tok("string", text, start))
                continue
        if c in "\"'":
            start = line
            i, line, text = _short_string(src, i + 1, c, line)
            out.append(_Tok("string", text, start))
            continue
        if c.isdigit() or (c == "." and i + 1 < n and src[i + 1].isdigit()):
            m = _NUMBER_RE.match(src, i)
            text = m.group(0) if m else c
            out.append(_Tok("number", _number(text), line))
            i += max(len(text), 1)
            continue
        m = _NAME_RE.match(src, i)
        if m:
            out.append(_Tok("name", m.group(0), line))
            i = m.end()
            continue
        for sym in _SYMBOLS:
            if src.startswith(sym, i):
                out.append(_Tok("sym", sym, line))
                i += len(sym)
                break
        else:
            out.append(_Tok("sym", c, line))
            i += 1
    out.append(_Tok("eof", None, line))
    return out


def _long_bracket(src: str, i: int, level: int, line: int) -> tuple[int, int, str]:
    """Scan a long string/comment body from ``i``; returns (end index, line, text)."""
    close = "]" + "=" * level + "]"
    j = src.find(close, i)
    end = len(src) if j < 0 else j
    body = src[i:end]
    line += len(re.findall(r"\r\n|\n\r|\r|\n", body))
    if body[:1] in ("\r", "\n"):                  # the first line break is not part of the string
        body = body[_newline_at(body, 0):]
    return (len(src) if j < 0 else j + len(close)), line, body


def _short_string(src: str, i: int, quote: str, line: int) -> tuple[int, int, str]:
    """Scan a quoted string from ``i`` (after the quote); returns (end index, line, value)."""
    n = len(src)
    buf: list[str] = []
    while i < n:
        c = src[i]
        if c == quote:
            return i + 1, line, "".join(buf)
        if c in "\r\n":                           # unfinished string: Lua would reject the chunk
            return i, line, "".join(buf)
        if c != "\\":
            buf.append(c)
            i += 1
            continue
        i += 1
        if i >= n:
            break
        e = src[i]
        nl = _newline_at(src, i)
        if nl:                                    # backslash-newline: a newline in the string
            buf.append("\n")
            line += 1
            i += nl
        elif e in _ESCAPES:
            buf.append(_ESCAPES[e])
            i += 1
        elif e == "z":                            # \z skips the following whitespace
            i += 1
            while i < n and src[i] in " \t\f\v\r\n":
                nl = _newline_at(src, i)
                if nl:
                    line += 1
                    i += nl
                else:
                    i += 1
        elif e == "x":
            m = re.match(r"[0-9a-fA-F]{2}", src[i + 1:i + 3])
            buf.append(chr(int(m.group(0), 16)) if m else "")
            i += 3 if m else 1
        elif e == "u":
            m = re.match(r"\{([0-9a-fA-F]+)\}", src[i + 1:i + 12])
            if m:
                cp = int(m.group(1), 16)
                buf.append(chr(cp) if cp < 0x110000 else "\ufffd")
                i += 1 + m.end()
            else:
                i += 1
        elif e.isdigit():
            m = re.match(r"[0-9]{1,3}", src[i:i + 3])
            assert m is not None                  # src[i] is the digit e
            buf.append(chr(min(int(m.group(0)), 255)))
            i += m.end()
        else:
            buf.append(e)
            i += 1
    return i, line, "".join(buf)


def _number(text: str) -> int | float | None:
    """The value of a Lua numeral (None when it does not parse)."""
    try:
        if text[:2] in ("0x", "0X"):
            body = text[2:]
            if any(ch in body for ch in ".pP"):
                if "p" not in body.lower():
                    body += "p0"
                return float.fromhex("0x" + body)
            return int(body, 16) if body else None
        if any(ch in text for ch in ".eE"):
            return float(text)
        return int(text)
    except (ValueError, OverflowError):
        return None


class _Walker:
    """Walks the token list; records key paths and lines into ``lines``."""

    def __init__(self, toks: list[_Tok]) -> None:
        self.toks = toks
        self.i = 0
        self.lines: dict[tuple, int] = {}
        self.strings: dict[tuple, str] = {}      # paths whose value is a string literal

    def peek(self, k: int = 0) -> _Tok:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else self.toks[-1]

    def next(self) -> _Tok:
        t = self.peek()
        if self.i < len(self.toks) - 1:
            self.i += 1
        return t

    # -- skipping ------------------------------------------------------------------------------
    def skip_block(self) -> None:
        """Skip to the matching ``end``/``until`` of a block whose opening keyword was consumed."""
        depth = 1
        while depth:
            t = self.next()
            if t.kind == "eof":
                return
            if t.kind == "name":
                if t.value in _BLOCK_OPEN:
                    depth += 1
                elif t.value in _BLOCK_CLOSE:
                    depth -= 1

    def skip_value(self) -> None:
        """Skip one table field's value: up to a ``,``/``;``/``}`` outside brackets."""
        depth = 0
        while True:
            t = self.peek()
            if t.kind == "eof":
                return
            if t.kind == "sym":
                if t.value in "([{":
                    depth += 1
                elif t.value in ")]}":
                    if depth == 0:
                        return
                    depth -= 1
                elif t.value in ",;" and depth == 0:
                    return
            elif t.is_name("function"):
                self.next()
                self.skip_block()
                continue
            self.next()

    # -- constructors --------------------------------------------------------------------------
    def table(self, prefix: tuple) -> None:
        """Parse a table constructor at ``{``, recording every key under ``prefix``."""
        self.next()                                    # '{'
        index = 1
        while True:
            t = self.peek()
            if t.kind == "eof":
                return
            if t.is_sym("}"):
                self.next()
                return
            if t.kind == "name" and t.value not in _KEYWORDS and self.peek(1).is_sym("="):
                self.next()
                self.next()
                self.value(prefix + (t.value,), t.line)
            elif t.is_sym("["):
                self.next()
                key = self.literal_key()
                if key is not None and self.peek().is_sym("]") and self.peek(1).is_sym("="):
                    self.next()
                    self.next()
                    self.value(prefix + (key,), t.line)
                else:                                  # a computed key: its path is unknown
                    self.skip_to_close("[", "]")
                    if self.peek().is_sym("="):
                        self.next()
                    self.skip_value()
            else:
                self.value(prefix + (index,), t.line)
                index += 1
            sep = self.peek()
            if sep.kind == "sym" and sep.value in ",;":
                self.next()
            elif not sep.is_sym("}"):
                self.skip_value()                      # something we did not understand
                if self.peek().kind == "sym" and self.peek().value in ",;":
                    self.next()
                elif not self.peek().is_sym("}"):
                    return

    def literal_key(self) -> Any:
        """A ``[literal]`` key after ``[``: a string or (possibly negative) number, else None."""
        t = self.peek()
        if t.kind == "string":
            self.next()
            return t.value
        neg = False
        if t.is_sym("-") and self.peek(1).kind == "number":
            neg = True
            self.next()
            t = self.peek()
        if t.kind == "number" and t.value is not None:
            self.next()
            v = -t.value if neg else t.value
            if isinstance(v, float) and v.is_integer():   # Lua normalizes 1.0 to the key 1
                v = int(v)
            return v
        return None

    def skip_to_close(self, open_: str, close: str) -> None:
        """Skip past the bracket that closes an already consumed ``open_``."""
        depth = 1
        while depth:
            t = self.next()
            if t.kind == "eof":
                return
            if t.is_sym(open_):
                depth += 1
            elif t.is_sym(close):
                depth -= 1
            elif t.is_name("function"):
                self.skip_block()

    def value(self, path: tuple, line: int) -> None:
        """Record ``path`` at ``line`` and parse its value (recursing into constructors)."""
        self.lines.setdefault(path, line)
        if self.peek().kind == "string" and self.peek(1).kind == "sym" and self.peek(1).value in ",;}":
            self.strings.setdefault(path, self.peek().value)
        if self.peek().is_sym("{"):
            self.table(path)
            nxt = self.peek()
            if nxt.kind == "sym" and nxt.value in ",;}":
                return
        self.skip_value()

    # -- the chunk -----------------------------------------------------------------------------
    def chunk(self) -> None:
        """Find the top-level ``return`` and walk what it returns."""
        locals_: dict[str, int] = {}          # top-level `local NAME = {` -> token index of '{'
        fields: dict[str, list[tuple[Any, int, int]]] = {}   # NAME.key = ... at top level
        depth = 0
        while True:
            t = self.next()
            if t.kind == "eof":
                return
            if t.kind != "name":
                continue
            if t.value in _BLOCK_OPEN:
                depth += 1
                continue
            if t.value in _BLOCK_CLOSE:
                depth = max(depth - 1, 0)
                continue
            if depth:
                continue
            if t.value == "local" and self.peek().kind == "name" and self.peek(1).is_sym("=") \
                    and self.peek(2).is_sym("{"):
                locals_[self.peek().value] = self.i + 2
                continue
            if t.value not in _KEYWORDS and self.i >= 2 and not self.toks[self.i - 2].is_sym("."):
                key = None
                if self.peek().is_sym(".") and self.peek(1).kind == "name" and self.peek(2).is_sym("="):
                    key, at = self.peek(1).value, self.i + 3
                elif self.peek().is_sym("["):
                    save = self.i
                    self.next()
                    key = self.literal_key()
                    at = self.i + 2
                    if key is None or not (self.peek().is_sym("]") and self.peek(1).is_sym("=")):
                        key = None
                    self.i = save
                if key is not None and not self.peek(-2).is_name("local"):
                    fields.setdefault(t.value, []).append((key, t.line, at))
            if t.value == "return":
                if self.peek().is_sym("{"):
                    self.lines[()] = self.peek().line
                    self.table(())
                elif self.peek().kind == "name" and self.peek().value in locals_:
                    name = self.peek().value
                    self.i = locals_[name]
                    self.lines[()] = self.peek().line
                    self.table(())
                    for key, line, at in fields.get(name, ()):
                        self.i = at
                        self.value((key,), line)
                return


@functools.lru_cache(maxsize=128)
def _key_lines_cached(source: str) -> dict[tuple, int]:
    walker = _Walker([])
    try:
        walker = _Walker(_tokens(source))
        walker.chunk()
    except Exception:        # odd input: keep what was found
        pass
    return walker.lines


def key_lines(source: str) -> dict[tuple, int]:
    """Map each key path of the table returned by ``source`` to the line where it starts.

    ``()`` maps to the line of the returned constructor. Never raises; returns what it found.
    """
    if not isinstance(source, str):
        return {}
    return dict(_key_lines_cached(source))


def line_of(source: str, path: tuple | list) -> int | None:
    """The line of the longest known prefix of ``path`` in ``source`` (None if nothing is known)."""
    if not isinstance(source, str):
        return None
    lines = _key_lines_cached(source)
    try:
        path = tuple(path)
    except TypeError:
        return None
    for k in range(len(path), -1, -1):
        try:
            line = lines.get(path[:k])
        except TypeError:         # an unhashable key in the path
            continue
        if line is not None:
            return line
    return None


def format_path(path: tuple | list) -> str:
    """Render a key path the way messages show it: ``abilities[1].cost``, ``["odd key"]``."""
    out = ""
    for key in path:
        if isinstance(key, str) and _IDENT_RE.match(key) and key not in _KEYWORDS:
            out += f".{key}" if out else key
        elif isinstance(key, str):
            out += "[" + '"' + key.replace("\\", "\\\\").replace('"', '\\"') + '"' + "]"
        else:
            out += f"[{key}]"
    return out


def method_calls(source: str, receivers: frozenset[str] | set[str] | None = None) -> list[tuple[str, str, int]]:
    """The ``RECEIVER:name(...)`` calls in ``source``, as ``(receiver, name, line)`` in order.

    ``receivers`` are the variable names that stand for ``ctx``; by default ``ctx`` and the first
    parameter of every function written as a table field (``resolve = function(c) ... end``).
    Calls on other values (``s:upper()``) are left out. Never raises.
    """
    if not isinstance(source, str):
        return []
    try:
        toks = _tokens(source)
    except Exception:        # odd input: nothing found
        return []
    names = set(receivers) if receivers is not None else {"ctx"} | _field_function_params(toks)
    out = []
    for i in range(len(toks) - 3):
        t, colon, name, after = toks[i], toks[i + 1], toks[i + 2], toks[i + 3]
        if t.kind == "name" and t.value in names and colon.is_sym(":") and name.kind == "name" \
                and (after.is_sym("(") or after.is_sym("{") or after.kind == "string") \
                and not (i > 0 and (toks[i - 1].is_sym(".") or toks[i - 1].is_sym(":"))) \
                and not (t.value != "ctx" and name.value in _STRING_METHODS):
            out.append((t.value, name.value, name.line))
    return out


def call_string_arguments(source: str, receivers: frozenset[str] | set[str] | None = None
                          ) -> list[tuple[str, int, dict[int, str]]]:
    """The ``ctx:name(a, b, ...)`` calls in ``source`` with their plain string arguments, as
    ``(name, line, {position: text})`` (positions from 1; an argument that is not a lone string
    literal is left out). Receivers as for :func:`method_calls`. Never raises."""
    if not isinstance(source, str):
        return []
    try:
        toks = _tokens(source)
    except Exception:        # odd input: nothing found
        return []
    names = set(receivers) if receivers is not None else {"ctx"} | _field_function_params(toks)
    out = []
    for i in range(len(toks) - 3):
        t, colon, name, paren = toks[i], toks[i + 1], toks[i + 2], toks[i + 3]
        if not (t.kind == "name" and t.value in names and colon.is_sym(":") and name.kind == "name"
                and paren.is_sym("(") and not (i > 0 and (toks[i - 1].is_sym(".") or toks[i - 1].is_sym(":")))):
            continue
        depth, pos = 0, 1
        arg: list[_Tok] = []
        strings: dict[int, str] = {}
        for tok in toks[i + 4:]:
            if tok.kind == "eof":
                break
            if depth == 0 and (tok.is_sym(",") or tok.is_sym(")")):
                if len(arg) == 1 and arg[0].kind == "string":
                    strings[pos] = arg[0].value
                if tok.is_sym(")"):
                    break
                arg, pos = [], pos + 1
                continue
            if tok.kind == "sym" and tok.value in ("(", "{", "["):
                depth += 1
            elif tok.kind == "sym" and tok.value in (")", "}", "]"):
                depth -= 1
            arg.append(tok)
        if strings:
            out.append((name.value, name.line, strings))
    return out


#: Lua's string methods: ``p:upper()`` on a parameter that is not called ``ctx`` is taken for a
#: string, not for ``ctx``.
_STRING_METHODS = frozenset({"byte", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse",
                             "sub", "upper"})


def _field_function_params(toks: list[_Tok]) -> set[str]:
    """The first parameter of each ``key = function(p, ...)`` in the token stream."""
    found = set()
    for i in range(len(toks) - 3):
        if toks[i].is_sym("=") and toks[i + 1].is_name("function") and toks[i + 2].is_sym("(") \
                and toks[i + 3].kind == "name" and toks[i + 3].value not in _KEYWORDS:
            found.add(toks[i + 3].value)
    return found


def call_tables(source: str, names: frozenset[str] | set[str], receivers: frozenset[str] | set[str] | None = None
                ) -> list[tuple[str, int, dict[tuple, int], dict[tuple, str]]]:
    """The table written as the first argument of each ``ctx:NAME{...}`` or ``ctx:NAME({...})``
    call whose NAME is in ``names``: ``(name, line, {key path: line}, {key path: string value})``
    in order (the paths as in :func:`key_lines`; the second mapping holds the keys whose value is a
    string literal). Tables built elsewhere and passed by name are not followed. Never raises."""
    if not isinstance(source, str):
        return []
    try:
        toks = _tokens(source)
    except Exception:
        return []
    who = set(receivers) if receivers is not None else {"ctx"} | _field_function_params(toks)
    out = []
    for i in range(len(toks) - 4):
        t, colon, name = toks[i], toks[i + 1], toks[i + 2]
        if not (t.kind == "name" and t.value in who and colon.is_sym(":") and name.kind == "name"
                and name.value in names):
            continue
        at = i + 3
        if toks[at].is_sym("(") and toks[at + 1].is_sym("{"):
            at += 1
        if not toks[at].is_sym("{"):
            continue
        walker = _Walker(toks)
        walker.i = at
        try:
            walker.table(())
        except Exception:
            continue
        out.append((name.value, name.line, dict(walker.lines), dict(walker.strings)))
    return out
