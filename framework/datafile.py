"""YAML data files that remember where each value came from.

Card data, decks, scenario files and replays are read with :func:`load_yaml`, which returns plain
dicts and lists that also know the line of every key and item, so a validation error can name
the file, the line and the field.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DataError


class LineDict(dict):
    """A dict that knows the line of each key (``lines``) and of itself (``line``)."""

    line: int | None = None
    lines: dict

    def line_of(self, key: Any) -> int | None:
        """The line of ``key``, else of the mapping itself (``None`` when not read from a file)."""
        return getattr(self, "lines", {}).get(key, self.line)


class LineList(list):
    """A list that knows the line of each item (``lines``) and of itself (``line``)."""

    line: int | None = None
    lines: list

    def line_of(self, index: int) -> int | None:
        """The line of item ``index``, else of the list itself (``None`` when not read from a file)."""
        lines = getattr(self, "lines", [])
        return lines[index] if 0 <= index < len(lines) else self.line


class _Loader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    explicit = sum(1 for k, _ in node.value if k.tag != "tag:yaml.org,2002:merge")
    loader.flatten_mapping(node)
    merged = len(node.value) - explicit   # flatten_mapping puts the merged (<<) pairs first
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.lines = {}
    explicit_keys: set = set()
    for i, (key_node, value_node) in enumerate(node.value):
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise DataError("a key must be a plain value", line=key_node.start_mark.line + 1) from None
        if i >= merged:
            if key in explicit_keys:
                raise DataError(f"duplicate key {key!r}", line=key_node.start_mark.line + 1, field=str(key))
            explicit_keys.add(key)   # a key written beside a << merge overrides the merged one
        elif key in out:
            continue                 # among merged maps, the first one given wins (YAML merge rules)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.lines = [child.start_mark.line + 1 for child in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def parse_yaml(text: str, file: str) -> Any:
    """Parse YAML text; errors name ``file`` and the line."""
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - SafeLoader subclass
    except DataError as e:
        raise DataError(e.message, file=file, line=e.line, field=e.field) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else None
        raise DataError(f"not valid YAML: {e.problem or e}", file=file, line=line) from None
    except yaml.YAMLError as e:
        raise DataError(f"not valid YAML: {e}", file=file) from None


def load_yaml(path: str | Path) -> Any:
    """Read and parse a YAML file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError("file not found", file=str(path)) from None
    except UnicodeDecodeError as e:
        raise DataError(f"not UTF-8 text ({e.reason})", file=str(path)) from None
    return parse_yaml(text, str(path))


def line_of(container: Any, key: Any) -> int | None:
    """The line of ``key`` in a container loaded by :func:`load_yaml`, if known."""
    fn = getattr(container, "line_of", None)
    return fn(key) if fn is not None else None
