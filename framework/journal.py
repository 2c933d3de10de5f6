"""The journal: an undo log that rolls a failed action back to exactly the state before it.

Every mutation of game state goes through one of the journal's primitives, which record the
inverse operation. :meth:`Journal.mark` returns a position; :meth:`Journal.rollback` undoes every
mutation recorded after it, newest first. :meth:`Journal.checkpoint` forgets the undo entries once
an action has completed, so memory stays flat over a long game.
"""
from __future__ import annotations

from itertools import count
from typing import Any, Callable, Iterable

_MISSING = object()

#: The next version number. Process-wide and never given twice, so that a version names one state
#: of one journal: a rollback may return to an earlier version (the state is exactly as it was),
#: and what comes after it must not meet a number a rolled-back state had.
fresh_version: Callable[[], int] = count(1).__next__

_osetattr = object.__setattr__
_list_append, _list_pop, _list_insert = list.append, list.pop, list.insert
_list_setitem = list.__setitem__
_dict_setitem, _dict_delitem, _dict_pop = dict.__setitem__, dict.__delitem__, dict.pop
_new_dict, _new_list = dict.__new__, list.__new__
_SCALARS = frozenset({int, str, bool, float, type(None), tuple, frozenset})


def _restore_item(mapping: dict[Any, Any], key: Any, old: Any) -> None:
    if old is _MISSING:
        _dict_pop(mapping, key, None)
    else:
        _dict_setitem(mapping, key, old)


def _restore_list(seq: list, old: list) -> None:
    _list_setitem(seq, slice(None), old)


def _restore_dict(mapping: dict, old: dict) -> None:
    dict.clear(mapping)
    dict.update(mapping, old)


class Journal:
    """An undo log over the game state: plain objects, dicts and lists, and the journaled
    containers and objects (:class:`JournaledList`, :class:`JournaledDict`, :class:`Journaled`)
    the state is made of, whose own mutators record themselves here."""

    __slots__ = ("_undo", "version")

    def __init__(self) -> None:
        #: Undo entries, each one flat tuple ``(inverse, *args)`` (one allocation per recorded
        #: mutation, not two: fewer young objects for the cyclic GC to scan).
        self._undo: list[tuple[Any, ...]] = []
        #: A new number on every mutation (:func:`fresh_version`); back to the one it was when a
        #: rollback is given it. Caches of derived values key on it: it names the state.
        self.version = fresh_version()

    def mark(self) -> int:
        """The current position, to pass to :meth:`rollback`."""
        return len(self._undo)

    def rollback(self, mark: int, version: int | None = None) -> None:
        """Undo every mutation recorded after ``mark``, newest first. ``version``: the
        :attr:`version` when ``mark`` was taken; the state is exactly what it was then, so it gets
        that version back (and what was cached for it holds again). Without it, a new one."""
        undo = self._undo
        while len(undo) > mark:
            entry = undo.pop()
            n = len(entry)
            if n == 4:
                entry[0](entry[1], entry[2], entry[3])
            elif n == 3:
                entry[0](entry[1], entry[2])
            elif n == 2:
                entry[0](entry[1])
            else:
                entry[0](*entry[1:])
        self.version = fresh_version() if version is None else version

    def checkpoint(self) -> None:
        """Forget all undo entries: the state now is the new base for rollbacks."""
        self._undo.clear()

    def __len__(self) -> int:
        return len(self._undo)

    def adopt(self, value: Any) -> Any:
        """``value`` as it is kept in the state: a dict or list becomes a journaled container (its
        contents adopted too), a :class:`Journaled` object is bound to this journal; anything
        else is kept as it is."""
        t = type(value)
        if t in _SCALARS:
            return value
        if t is dict:
            if value:
                return JournaledDict(self, value)
            empty = _new_dict(JournaledDict)   # the common case (a new card's status ...), made fast
            empty._journal = self
            return empty
        if t is list:
            if value:
                return JournaledList(self, value)
            empty_list = _new_list(JournaledList)
            empty_list._journal = self
            return empty_list
        if isinstance(value, Journaled) and getattr(value, "_journal", None) is not self:
            value._bind(self)
        return value

    # -- primitives -------------------------------------------------------------------------
    def setattr(self, obj: Any, name: str, value: Any) -> None:
        """``obj.name = value``, recorded."""
        self._undo.append((_osetattr, obj, name, getattr(obj, name)))
        _osetattr(obj, name, value if type(value) in _SCALARS else self.adopt(value))
        self.version = fresh_version()

    def setitem(self, mapping: dict[Any, Any], key: Any, value: Any) -> None:
        """``mapping[key] = value``, recorded."""
        self._undo.append((_restore_item, mapping, key, mapping.get(key, _MISSING)))
        _dict_setitem(mapping, key, value if type(value) in _SCALARS else self.adopt(value))
        self.version = fresh_version()

    def delitem(self, mapping: dict[Any, Any], key: Any) -> None:
        """``del mapping[key]`` if present, recorded."""
        if key in mapping:
            if next(reversed(mapping)) == key:
                self._undo.append((_restore_item, mapping, key, mapping[key]))
            else:   # put it back where it was: the order of a dict's keys is part of the state
                self._undo.append((_restore_dict, mapping, dict(mapping)))
            _dict_delitem(mapping, key)
            self.version = fresh_version()

    def insert(self, seq: list[Any], index: int, value: Any) -> None:
        """``seq.insert(index, value)``, recorded."""
        if index < 0:
            index += len(seq) + 1
        _list_insert(seq, index, value if type(value) in _SCALARS else self.adopt(value))
        self._undo.append((_list_pop, seq, index))
        self.version = fresh_version()

    def append(self, seq: list[Any], value: Any) -> None:
        """``seq.append(value)``, recorded."""
        _list_append(seq, value if type(value) in _SCALARS else self.adopt(value))
        self._undo.append((_list_pop, seq))
        self.version = fresh_version()

    def log(self, seq: list[Any], value: Any) -> None:
        """Append to an append-only log (the event log), recorded but without changing
        :attr:`version`: a new event changes no derived value."""
        _list_append(seq, value)
        self._undo.append((_list_pop, seq))

    def pop(self, seq: list[Any], index: int = -1) -> Any:
        """``seq.pop(index)``, recorded."""
        if index < 0:
            index += len(seq)
        value: Any = _list_pop(seq, index)
        self._undo.append((_list_insert, seq, index, value))
        self.version = fresh_version()
        return value

    def remove(self, seq: list[Any], value: Any) -> None:
        """``seq.remove(value)``, recorded."""
        self.pop(seq, seq.index(value))

    def replace_list(self, seq: list, values: list) -> None:
        """Replace the whole contents of ``seq`` (used by shuffles), recorded."""
        self._undo.append((_restore_list, seq, list(seq)))
        _list_setitem(seq, slice(None), [v if type(v) in _SCALARS else self.adopt(v) for v in values])
        self.version = fresh_version()

    def call(self, undo: Callable[..., Any], *args: Any) -> None:
        """Record an arbitrary inverse operation (for state kept outside plain containers)."""
        self._undo.append((undo, *args))
        self.version = fresh_version()


class JournaledList(list):
    """A list of the game state: every mutation, by whatever code, is recorded in the journal
    (and undone by a rollback). Reading is a plain list's. Copies (``list(x)``, ``copy``,
    ``pickle``) are plain lists."""

    __slots__ = ("_journal",)

    def __init__(self, journal: Journal, items: Iterable[Any] = ()) -> None:
        if items:
            list.__init__(self, [v if type(v) in _SCALARS else journal.adopt(v) for v in items])
        self._journal = journal

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (list, (list(self),))

    def append(self, value: Any) -> None:
        self._journal.append(self, value)

    def insert(self, index: Any, value: Any) -> None:
        n = len(self)
        index = max(0, min(n, index + n if index < 0 else index))
        self._journal.insert(self, index, value)

    def pop(self, index: Any = -1) -> Any:
        if not self:
            raise IndexError("pop from empty list")
        return self._journal.pop(self, index)

    def remove(self, value: Any) -> None:
        self._journal.remove(self, value)

    def _replace(self, values: list) -> None:
        self._journal.replace_list(self, values)

    def extend(self, values: Iterable[Any]) -> None:
        self._replace(list(self) + list(values))

    def __iadd__(self, values: Iterable[Any]) -> "JournaledList":  # type: ignore[misc]
        self.extend(values)
        return self

    def __imul__(self, n: Any) -> "JournaledList":  # type: ignore[misc]
        self._replace(list(self) * n)
        return self

    def clear(self) -> None:
        self._replace([])

    def sort(self, *args: Any, **kw: Any) -> None:
        values = list(self)
        values.sort(*args, **kw)
        self._replace(values)

    def reverse(self) -> None:
        self._replace(list(reversed(self)))

    def __setitem__(self, index: Any, value: Any) -> None:
        values = list(self)
        values[index] = value
        self._replace(values)

    def __delitem__(self, index: Any) -> None:
        values = list(self)
        del values[index]
        self._replace(values)


class JournaledDict(dict):
    """A dict of the game state: every mutation, by whatever code, is recorded in the journal
    (and undone by a rollback). Reading is a plain dict's. Copies are plain dicts."""

    __slots__ = ("_journal",)

    def __init__(self, journal: Journal, items: Any = ()) -> None:
        if items:   # (a new dict is empty: nothing for dict's own __init__ to do)
            for k, v in (items if type(items) is dict else dict(items)).items():
                _dict_setitem(self, k, v if type(v) in _SCALARS else journal.adopt(v))
        self._journal = journal

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (dict, (dict(self),))

    def __setitem__(self, key: Any, value: Any) -> None:
        self._journal.setitem(self, key, value)

    def __delitem__(self, key: Any) -> None:
        if key not in self:
            raise KeyError(key)
        self._journal.delitem(self, key)

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            value = self[key]
            self._journal.delitem(self, key)
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def popitem(self) -> tuple[Any, Any]:
        if not self:
            raise KeyError("popitem(): dictionary is empty")
        key = next(reversed(self))
        return key, self.pop(key)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self._journal.setitem(self, key, default)
        return self[key]

    def update(self, *args: Any, **kw: Any) -> None:
        for k, v in dict(*args, **kw).items():
            self._journal.setitem(self, k, v)

    def __ior__(self, other: Any) -> "JournaledDict":  # type: ignore[misc]
        self.update(other)
        return self

    def clear(self) -> None:
        journal = self._journal
        journal.call(_restore_dict, self, dict(self))
        dict.clear(self)


class Journaled:
    """A state object whose attributes can only be set through the journal: once the object is
    part of a game's state (bound to its journal), ``obj.field = value`` is recorded and undone
    by a rollback like any other primitive, and a dict or list stored in a field becomes a
    journaled container. Before it is bound (being built), attributes are set plainly."""

    __slots__ = ()

    #: The journal it is bound to (``None`` while it is being built). Slotted subclasses declare
    #: a ``_journal`` slot and set it to ``None`` first thing in ``__init__``.
    _journal: Journal | None = None

    #: The fields holding dicts or lists, made journaled containers when the object is bound.
    _containers: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: Any) -> None:
        journal = self._journal
        if journal is None:
            _osetattr(self, name, value)
        else:
            journal.setattr(self, name, value)

    def _bind(self, journal: Journal) -> None:
        _osetattr(self, "_journal", journal)
        for name in self._containers:
            value = getattr(self, name)
            adopted = journal.adopt(value)
            if adopted is not value:
                _osetattr(self, name, adopted)
