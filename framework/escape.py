"""Escaping text that comes from card scripts and card files before anyone reads it.

A script chooses the text of its log lines, event fields, prompts and error messages; a card file
chooses names and texts. None of it may reach a terminal, a log file or an error message as
control characters: an ANSI escape sequence could clear the screen or recolour it, a carriage
return or a newline could forge a line ("P1 wins the game"), a bidirectional override could make
text read backwards. :func:`escape_text` shows such characters as visible escapes instead.

Everything printable (letters of every script, punctuation, emoji) is left as it is.

JSON written for people and tools (event logs, replays, the viewer's embedded data, the soak's
tables) goes through :func:`json_text`: JSON escapes C0 controls itself, but leaves C1 controls
(U+0080-U+009F, which some terminals obey), DEL, line/paragraph separators and bidi overrides as
raw characters; :func:`escape_json` writes those as ``\\uXXXX`` too (the same string once parsed).
"""
from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

__all__ = ["escape_text", "escape_lines", "escape_json", "json_text"]

# Format characters that change how the surrounding text is displayed (bidi embeddings,
# overrides and isolates, line/paragraph separators, the BOM and zero-width joiners stay
# visible as escapes too: they are a classic way to hide text).
_FORMAT_VISIBLE = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                            "\u2028\u2029\ufeff")


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch, f"\\x{code:02x}")
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _needs_escape(ch: str) -> bool:
    if ch in _FORMAT_VISIBLE:
        return True
    cat = unicodedata.category(ch)
    return cat == "Cc" or cat == "Cs" or cat == "Co" or cat == "Cn" and ord(ch) > 0x7F


def escape_text(text: object, *, keep_newlines: bool = False) -> str:
    """``text`` (made a string) with every control character shown as an escape (``\\x1b``,
    ``\\n``, ``\\u202e`` ...). With ``keep_newlines`` a ``\\n`` stays a line break (for text the
    host laid out on several lines itself; never for a script's own text)."""
    s = text if isinstance(text, str) else str(text)
    if s.isprintable() and not any(ch in _FORMAT_VISIBLE for ch in s):
        return s
    out = []
    for ch in s:
        if keep_newlines and ch == "\n":
            out.append(ch)
        elif _needs_escape(ch):
            out.append(_escape_char(ch))
        else:
            out.append(ch)
    return "".join(out)


def escape_lines(text: object) -> str:
    """Escape text laid out by the host on several lines: its line breaks stay, any other control
    character is escaped."""
    return escape_text(text, keep_newlines=True)


#: What JSON leaves raw but a terminal, an editor or a browser may act on: DEL and the C1 controls,
#: the line and paragraph separators (raw in a ``<script>`` they end a JavaScript line in old
#: engines), the bidi marks, embeddings, overrides and isolates, and the BOM.
_JSON_UNSAFE = re.compile("[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]")


def escape_json(text: str) -> str:
    """JSON text (from ``json.dumps``) with the characters JSON leaves raw but that act on a
    display written as ``\\uXXXX`` escapes. Outside strings JSON is ASCII, so every such
    character is inside a string, where the escape means the same character: parsing gives back
    the same data."""
    if _JSON_UNSAFE.search(text) is None:
        return text
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def json_text(data: Any, **options: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, **options)`` passed through :func:`escape_json`."""
    return escape_json(json.dumps(data, ensure_ascii=False, **options))
