"""The journal: an undo log that rolls a failed action back to exactly the state before it.

Every mutation of game state goes through one of the journal's primitives, which record the
inverse operation. :meth:`Journal.mark` returns a position; :meth:`Journal.rollback` undoes every
mutation recorded after it, newest first. :meth:`Journal.checkpoint` forgets the undo entries once
an action has completed, so memory stays flat over a long game.
"""
from __future__ import annotations

from typing import Any, Callable, MutableMapping, MutableSequence

_MISSING = object()


def _restore_item(mapping: MutableMapping, key: Any, old: Any) -> None:
    if old is _MISSING:
        mapping.pop(key, None)
    else:
        mapping[key] = old


class Journal:
    """An undo log over plain Python objects, dicts and lists."""

    __slots__ = ("_undo", "version")

    def __init__(self) -> None:
        self._undo: list[tuple[Callable[..., Any], tuple]] = []
        #: Incremented on every mutation; derived-value caches key on it.
        self.version = 0

    def mark(self) -> int:
        """The current position, to pass to :meth:`rollback`."""
        return len(self._undo)

    def rollback(self, mark: int) -> None:
        """Undo every mutation recorded after ``mark``, newest first."""
        undo = self._undo
        while len(undo) > mark:
            fn, args = undo.pop()
            fn(*args)
        self.version += 1

    def checkpoint(self) -> None:
        """Forget all undo entries: the state now is the new base for rollbacks."""
        self._undo.clear()

    def __len__(self) -> int:
        return len(self._undo)

    # -- primitives -------------------------------------------------------------------------
    def setattr(self, obj: Any, name: str, value: Any) -> None:
        """``obj.name = value``, recorded."""
        self._undo.append((setattr, (obj, name, getattr(obj, name))))
        setattr(obj, name, value)
        self.version += 1

    def setitem(self, mapping: MutableMapping, key: Any, value: Any) -> None:
        """``mapping[key] = value``, recorded."""
        self._undo.append((_restore_item, (mapping, key, mapping.get(key, _MISSING))))
        mapping[key] = value
        self.version += 1

    def delitem(self, mapping: MutableMapping, key: Any) -> None:
        """``del mapping[key]`` if present, recorded."""
        if key in mapping:
            self._undo.append((_restore_item, (mapping, key, mapping[key])))
            del mapping[key]
            self.version += 1

    def insert(self, seq: MutableSequence, index: int, value: Any) -> None:
        """``seq.insert(index, value)``, recorded."""
        if index < 0:
            index += len(seq) + 1
        seq.insert(index, value)
        self._undo.append((seq.pop, (index,)))
        self.version += 1

    def append(self, seq: MutableSequence, value: Any) -> None:
        """``seq.append(value)``, recorded."""
        seq.append(value)
        self._undo.append((seq.pop, ()))
        self.version += 1

    def log(self, seq: MutableSequence, value: Any) -> None:
        """Append to an append-only log (the event log), recorded but without changing
        :attr:`version`: a new event changes no derived value."""
        seq.append(value)
        self._undo.append((seq.pop, ()))

    def pop(self, seq: MutableSequence, index: int = -1) -> Any:
        """``seq.pop(index)``, recorded."""
        if index < 0:
            index += len(seq)
        value = seq.pop(index)
        self._undo.append((seq.insert, (index, value)))
        self.version += 1
        return value

    def remove(self, seq: MutableSequence, value: Any) -> None:
        """``seq.remove(value)``, recorded."""
        self.pop(seq, seq.index(value))

    def replace_list(self, seq: list, values: list) -> None:
        """Replace the whole contents of ``seq`` (used by shuffles), recorded."""
        old = list(seq)
        self._undo.append((seq.__setitem__, (slice(None), old)))
        seq[:] = values
        self.version += 1

    def call(self, undo: Callable[..., Any], *args: Any) -> None:
        """Record an arbitrary inverse operation (for state kept outside plain containers)."""
        self._undo.append((undo, args))
        self.version += 1
