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


def _slot_setters(cls: type) -> dict[str, Any]:
    """The setters of a slotted class's slots (plain sets: a copy is built before it is bound)."""
    return {name: cls.__dict__[name].__set__ for name in getattr(cls, "__slots__")}


def _all_immutable(values: Any) -> bool:
    return all(map(_IMMUTABLE.__contains__, map(type, values)))


_CARD_SLOTS = ("id", "definition", "code", "owner", "controller", "zone", "zone_player", "face_up", "status",
               "counters", "memory", "generation", "timestamp", "attached_to")


def _make_card_copier() -> Callable[[_Copier, dict[int, Card], dict[int, Card]], None]:
    s = _slot_setters(Card)
    fields = set(Card.__slots__) - {"_journal"}
    if fields != set(_CARD_SLOTS):   # a new slot would be left out of every copy: say so at import
        raise TypeError(f"copy_state: Card's slots are now {sorted(fields)}, the copy knows {sorted(_CARD_SLOTS)}: "
                        "update rulestack.state_copy._make_card_copier")

    def copy_cards(c: _Copier, cards: dict[int, Card], out: dict[int, Card],
                   new: Any = object.__new__, new_dict: Any = _new_dict, JD: type = JournaledDict,
                   update: Any = _dict_update, put: Any = _dict_setitem, plain: Any = _all_immutable,
                   values: Any = dict.values, s_journal: Any = s["_journal"], s_id: Any = s["id"],
                   s_definition: Any = s["definition"], s_code: Any = s["code"], s_owner: Any = s["owner"],
                   s_controller: Any = s["controller"], s_zone: Any = s["zone"], s_zone_player: Any = s["zone_player"],
                   s_face_up: Any = s["face_up"], s_generation: Any = s["generation"],
                   s_timestamp: Any = s["timestamp"], s_attached_to: Any = s["attached_to"],
                   s_status: Any = s["status"], s_counters: Any = s["counters"], s_memory: Any = s["memory"]) -> None:
        """Copy every card into ``out`` (the hot loop of a fork: slot by slot, unrolled, the
        definition shared; a status, counter or memory value that is not a scalar is copied)."""
        journal = c.journal
        for cid, card in dict.items(cards):
            n = new(Card)
            s_journal(n, journal)
            s_id(n, card.id)
            s_definition(n, card.definition)
            s_code(n, card.code)
            s_owner(n, card.owner)
            s_controller(n, card.controller)
            s_zone(n, card.zone)
            s_zone_player(n, card.zone_player)
            s_face_up(n, card.face_up)
            s_generation(n, card.generation)
            s_timestamp(n, card.timestamp)
            s_attached_to(n, card.attached_to)
            d = card.status
            if d and not plain(values(d)):
                x = _dict_like(c, d)
            else:
                x = new_dict(JD)
                x._journal = journal
                if d:
                    update(x, d)
            s_status(n, x)
            d = card.counters
            if d and not plain(values(d)):
                x = _dict_like(c, d)
            else:
                x = new_dict(JD)
                x._journal = journal
                if d:
                    update(x, d)
            s_counters(n, x)
            d = card.memory
            if d and not plain(values(d)):
                x = _dict_like(c, d)
            else:
                x = new_dict(JD)
                x._journal = journal
                if d:
                    update(x, d)
            s_memory(n, x)
            put(out, cid, n)

    return copy_cards


_cards = _make_card_copier()


def _make_zone_copier() -> Callable[[_Copier, Zone], Zone]:
    s = _slot_setters(Zone)
    if set(s) != {"spec", "player", "cards", "_journal"}:
        raise TypeError(f"copy_state: Zone's slots are now {sorted(s)}: update rulestack.state_copy._make_zone_copier")

    def copy_zone(c: _Copier, zone: Zone, new: Any = object.__new__, new_list: Any = _new_list,
                  JL: type = JournaledList, extend: Any = _list_extend, s_journal: Any = s["_journal"],
                  s_spec: Any = s["spec"], s_player: Any = s["player"], s_cards: Any = s["cards"]) -> Zone:
        """A copy of one zone (its spec shared: a frozen ZoneSpec; its list of card ids copied)."""
        n = new(Zone)
        s_journal(n, c.journal)
        s_spec(n, zone.spec)
        s_player(n, zone.player)
        ids = zone.cards
        if type(ids) is JL and _all_immutable(ids):
            x = new_list(JL)
            x._journal = c.journal
            extend(x, ids)
        else:
            x = _list_like(c, ids)
        s_cards(n, x)
        return n

    return copy_zone


_zone = _make_zone_copier()


def _player(c: _Copier, p: Player) -> Player:
    new = Player.__new__(Player)
    s = _osetattr
    s(new, "_journal", c.journal)
    s(new, "index", p.index)
    s(new, "name", p.name)
    s(new, "life", p.life)
    s(new, "values", _dict_like(c, p.values))
    s(new, "lost", p.lost)
    s(new, "conceded", p.conceded)
    return new


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
