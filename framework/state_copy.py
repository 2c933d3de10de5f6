"""A fast, independent copy of a game state, for forks (issue 20 item 1).

:meth:`GameState.copy <rulestack.state.GameState.copy>` goes through plain data (``to_data`` and
back): exact, but tens of milliseconds for a mid-game state. :func:`copy_state` copies the
journaled value classes by hand instead, and shares what never changes:

- shared (immutable): card definitions (and through them the compiled scripts), zone specs,
  events (an :class:`~rulestack.events.Event` is frozen and its ``EventData`` refuses changes),
  scalars, tuples and frozensets of scalars, frozen attrs records of scalars (an ``Action``);
- copied: every :class:`~rulestack.state.Card`, :class:`~rulestack.state.Player`,
  :class:`~rulestack.state.Zone`, every journaled container (as a journaled container of the new
  journal, so the copy journals its own changes and never the parent's), the items, effects and
  pending triggers (any attrs record), plain dicts and lists, and the RNG.

The copy is equal to the original (``==``, which compares the plain data) and shares no mutable
object with it.

Cards, zones and players, the bulk of a state, are copied by code written out slot by slot: each
copy is built as an instance of a private subclass with plain attribute sets (the state's classes
journal every set through a Python ``__setattr__``), then made a real ``Card`` (``Zone``,
``Player``) by setting its ``__class__``. The copier knows each class's slots and refuses, at
import, a class that has gained one (it would be left out of every copy).
"""
from __future__ import annotations

import marshal
import random
from typing import Any, Callable

import attrs

from .journal import Journal, Journaled, JournaledDict, JournaledList
from .state import Card, GameState, Player, Zone

__all__ = ["copy_state", "copy_value"]

_osetattr = object.__setattr__
_new_dict, _new_list = dict.__new__, list.__new__
_dict_setitem, _dict_update, _list_extend = dict.__setitem__, dict.update, list.extend
#: Values shared as they are: they cannot change.
_IMMUTABLE = frozenset({int, str, bool, float, type(None), bytes, complex})


class _Copier:
    """Copies values of one state into one new journal. A memo keeps a record (an item, an
    effect) referenced twice one object in the copy; containers are copied where they are found
    (the state does not alias its containers: the journal adopts a stored dict or list as a new one)."""

    __slots__ = ("journal", "memo")

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.memo: dict[int, Any] = {}

    def value(self, v: Any) -> Any:
        t = type(v)
        if t in _IMMUTABLE:
            return v
        copier = _COPIERS.get(t)
        if copier is not None:
            return copier(self, v)
        if isinstance(v, Journaled) or attrs.has(t):
            done = self.memo.get(id(v))
            return done if done is not None else self.record(v)
        if isinstance(v, (JournaledList, list)):
            return _list_like(self, v)
        if isinstance(v, (JournaledDict, dict)):
            return _dict_like(self, v)
        if isinstance(v, (int, str, float, bool)):   # IntEnum and other scalar subclasses
            return v
        raise TypeError(f"copy_state: the game state holds a {t.__module__}.{t.__qualname__} ({v!r:.80}), "
                        "which is not plain data (None, bool, int, float, str, list, tuple, dict, attrs "
                        "records): keep state values plain")

    def record(self, v: Any) -> Any:
        """An attrs record or a journaled object: frozen records of immutable values are shared;
        others are copied field by field (bound to the new journal when journaled)."""
        t = type(v)
        names = _field_names(t)
        if not isinstance(v, Journaled) and _is_frozen(t):
            values = [getattr(v, n) for n in names]
            if all(type(x) in _IMMUTABLE or type(x) is tuple and _immutable_tuple(x) for x in values):
                return v
        new: Any = object.__new__(t)
        self.memo[id(v)] = new
        if isinstance(v, Journaled):
            _osetattr(new, "_journal", self.journal)
        for n in names:
            _osetattr(new, n, self.value(getattr(v, n)))
        return new


def _immutable_tuple(t: tuple) -> bool:
    return all(type(x) in _IMMUTABLE or type(x) is tuple and _immutable_tuple(x) for x in t)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(t: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(t)
    if names is None:
        if attrs.has(t):
            names = tuple(f.name for f in attrs.fields(t))
        else:   # a hand-written journaled class: its slots, or its instance attributes
            slots = [s for c in t.__mro__ for s in getattr(c, "__slots__", ()) if s not in ("_journal", "__dict__")]
            if not slots:
                raise TypeError(f"copy_state: cannot copy a {t.__qualname__} (no attrs fields and no __slots__)")
            names = tuple(slots)
        _FIELD_NAMES[t] = names
    return names


_FROZEN: dict[type, bool] = {}


def _is_frozen(t: type) -> bool:
    frozen = _FROZEN.get(t)
    if frozen is None:
        frozen = _FROZEN[t] = attrs.has(t) and getattr(t.__setattr__, "__name__", "") == "_frozen_setattrs"
    return frozen


def _list_like(c: _Copier, v: list) -> list:
    if type(v) is JournaledList:
        out: list = _new_list(JournaledList)
        out._journal = c.journal  # type: ignore[attr-defined]
    else:
        out = []
    _list_extend(out, v)
    for x in v:   # the common case, a list of ids, is copied by the extend alone
        if type(x) not in _IMMUTABLE:
            value = c.value
            list.__setitem__(out, slice(None), [x if type(x) in _IMMUTABLE else value(x) for x in v])
            break
    return out


def _dict_like(c: _Copier, v: dict) -> dict:
    if type(v) is JournaledDict:
        out: dict = _new_dict(JournaledDict)
        out._journal = c.journal  # type: ignore[attr-defined]
    else:
        out = {}
    if v:
        _dict_update(out, v)
        for x in dict.values(v):   # the common case, scalar values, is copied by the update alone
            if type(x) not in _IMMUTABLE:
                value = c.value
                for k, x in dict.items(v):
                    if type(x) not in _IMMUTABLE:
                        _dict_setitem(out, k, value(x))
                break
    return out


def _tuple(c: _Copier, v: tuple) -> tuple:
    if _immutable_tuple(v):
        return v
    return tuple(c.value(x) for x in v)


def _frozenset(c: _Copier, v: frozenset) -> frozenset:
    return v


def _shared(c: _Copier, v: Any) -> Any:
    return v


def _all_immutable(values: Any) -> bool:
    return all(map(_IMMUTABLE.__contains__, map(type, values)))


def _builder(cls: type, slots: frozenset[str]) -> type:
    """A class to build copies of ``cls`` with: the same slots, but plain attribute sets (``cls``
    journals them, through a Python ``__setattr__``; plain sets of slots are several times
    faster). A copy is built as one, then made a ``cls`` by setting its ``__class__`` (the layout
    is the same). ``slots`` are those the copier knows: a slot added to ``cls`` would be left
    out of every copy, so it is refused here, at import."""
    now = frozenset(getattr(cls, "__slots__")) - {"_journal"}
    if now != slots:
        raise TypeError(f"copy_state: {cls.__name__}'s slots are now {sorted(now)}, the copy knows {sorted(slots)}: "
                        f"update rulestack.state_copy's copy of {cls.__name__}")
    return type(f"_{cls.__name__}Copy", (cls,), {"__slots__": (), "__setattr__": object.__setattr__})


_CardCopy = _builder(Card, frozenset({"id", "definition", "code", "owner", "controller", "zone", "zone_player",
                                      "face_up", "status", "counters", "memory", "generation", "timestamp",
                                      "attached_to"}))
_ZoneCopy = _builder(Zone, frozenset({"spec", "player", "cards"}))


def _card_dict(c: _Copier, d: dict, journal: Any, new_dict: Any = _new_dict, JD: type = JournaledDict,
               update: Any = _dict_update, plain: Any = _all_immutable, values: Any = dict.values) -> dict:
    """A card's status, counters or memory for the copy: a journaled dict of the same items (a
    value that is not a scalar copied)."""
    if d and not plain(values(d)):
        return _dict_like(c, d)
    x = new_dict(JD)
    x._journal = journal
    if d:
        update(x, d)
    return x


def _cards(c: _Copier, cards: dict[int, Card], out: dict[int, Card], new: Any = object.__new__,
           put: Any = _dict_setitem, Build: type = _CardCopy, Final: type = Card, fields: Any = _card_dict) -> None:
    """Copy every card into ``out``: the hot loop of a fork, written out slot by slot (the
    definition shared; a status, counter or memory value that is not a scalar is copied)."""
    journal = c.journal
    for cid, card in dict.items(cards):
        n = new(Build)
        n._journal = journal
        n.id = card.id
        n.definition = card.definition
        n.code = card.code
        n.owner = card.owner
        n.controller = card.controller
        n.zone = card.zone
        n.zone_player = card.zone_player
        n.face_up = card.face_up
        n.generation = card.generation
        n.timestamp = card.timestamp
        n.attached_to = card.attached_to
        n.status = fields(c, card.status, journal)
        n.counters = fields(c, card.counters, journal)
        n.memory = fields(c, card.memory, journal)
        n.__class__ = Final
        put(out, cid, n)


def _zone(c: _Copier, zone: Zone, new: Any = object.__new__, new_list: Any = _new_list, JL: type = JournaledList,
          extend: Any = _list_extend, Build: type = _ZoneCopy, Final: type = Zone) -> Zone:
    """A copy of one zone (its spec shared: a frozen ZoneSpec; its list of card ids copied)."""
    n = new(Build)
    n._journal = journal = c.journal
    n.spec = zone.spec
    n.player = zone.player
    ids = zone.cards
    if type(ids) is JL and _all_immutable(ids):
        x = new_list(JL)
        x._journal = journal
        extend(x, ids)
    else:
        x = _list_like(c, ids)
    n.cards = x
    n.__class__ = Final
    return n


_PlayerCopy = _builder(Player, frozenset({"index", "name", "life", "values", "lost", "conceded"}))


def _player(c: _Copier, p: Player, new: Any = object.__new__, Build: type = _PlayerCopy,
            Final: type = Player) -> Player:
    n = new(Build)
    n._journal = c.journal
    n.index = p.index
    n.name = p.name
    n.life = p.life
    n.values = _dict_like(c, p.values)
    n.lost = p.lost
    n.conceded = p.conceded
    n.__class__ = Final
    return n


_COPIERS: dict[type, Callable[[_Copier, Any], Any]] = {
    JournaledList: _list_like, list: _list_like, JournaledDict: _dict_like, dict: _dict_like,
    tuple: _tuple, frozenset: _frozenset, Zone: _zone, Player: _player,
}


def _register_shared() -> None:
    from .events import Event
    from .state import EventData
    _COPIERS[Event] = _shared        # frozen, and its data refuses changes: an event records what happened
    _COPIERS[EventData] = _shared


_register_shared()


def copy_value(value: Any, journal: Journal) -> Any:
    """An independent copy of one state value (journaled containers and objects bound to
    ``journal``), sharing only what cannot change."""
    return _Copier(journal).value(value)


def _answers(c: _Copier, answers: list) -> list:
    """A copy of the answers given so far (plain data: lists of indexes, numbers, booleans)."""
    try:
        copied = marshal.loads(marshal.dumps(answers))   # C speed for plain data, exact types kept
    except ValueError:   # something marshal does not take (an int subclass ...): value by value
        return [d if type(d) in _IMMUTABLE else c.value(d) for d in answers]
    return copied if type(copied) is list else list(copied)


#: The attributes of a GameState copied by hand (the rest are copied generically, see below).
_HANDLED = frozenset({"players", "cards", "zones", "log", "random", "decisions", "_journal"})


def copy_state(state: GameState, journal: Journal | None = None) -> GameState:
    """An independent copy of ``state`` bound to ``journal`` (or a new one), equal to it and
    sharing no mutable object with it: see the module docstring for what is shared."""
    journal = journal if journal is not None else Journal()
    c = _Copier(journal)
    new = GameState.__new__(GameState)
    s = _osetattr
    s(new, "_journal", journal)
    s(new, "players", _list_like(c, state.players))
    cards = _new_dict(JournaledDict)
    cards._journal = journal
    _cards(c, state.cards, cards)
    s(new, "cards", cards)
    zones = _new_dict(JournaledDict)
    zones._journal = journal
    zone_copy = _zone
    for key, zone in dict.items(state.zones):
        _dict_setitem(zones, key, zone_copy(c, zone))
    s(new, "zones", zones)
    log = _new_list(JournaledList)
    log._journal = journal
    _list_extend(log, state.log)                       # the events themselves are shared (immutable)
    s(new, "log", log)
    rng = random.Random.__new__(random.Random)   # not seeded from the system: its state is set at once
    rng.setstate(state.random.getstate())
    s(new, "random", rng)
    s(new, "decisions", _answers(c, state.decisions))
    for name, value in vars(state).items():             # turn, phase, values, stack, effects ... and any new field
        if name not in _HANDLED:
            s(new, name, value if type(value) in _IMMUTABLE else c.value(value))
    return new
