"""Card filters: which cards an ability looks at, as data the host can evaluate.

A filter is a table such as ``{zone = "field", player = "opponent", type = "Monster", max = {level = 4}}``.
Keys:

=================  ======================================================================
``zone``           a zone name or a list of them
``player``         whose zone / who controls it: ``"you"``, ``"opponent"``, ``"any"``; a shared
                   zone (no player: a stack, a play area) is searched too, and its cards match
                   by their controller
``controller``     the same as ``player``
``owner``          who owns it, same words
``name``           the exact name; ``name_contains`` a part of it
``code``           the card code
``face_up``        ``true`` or ``false``
``other``          ``true``: not the card the filter belongs to; ``self``: only that card
``attached_to_self``  ``true``: cards attached to the card the filter belongs to (its
                   equipment, the cards under it); ``false``: cards not attached to it
``host_of_self``   ``true``: only the card that the filter's card is attached to ("the
                   character this equipment is set on"); ``false``: any other card
``status``         a table of statuses that must hold (``{tapped = false}``)
``counters``       a table of counter kinds and the least number of each
``keyword``        a keyword (or list: all of them) the card has now
``min`` / ``max``  tables of derived values and their bounds (``{power = 3000}``)
``where``          a Lua function ``(ctx, card_id) -> boolean``
anything else      a card field (its derived value): equal to the given value, or, for a list
                   field such as types, containing it; a list of wanted values means any of them
=================  ======================================================================

Systems add keys with ``GameSystem.filter_keys``: a function ``(game, card, wanted, player)``
returning a boolean, which may also take ``source`` (a keyword parameter: the card the filter
belongs to, or None) to read "this card" the way ``other`` and ``host_of_self`` do.
"""
from __future__ import annotations

import functools
import inspect
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .context import relative_player
from .errors import RulestackError

if TYPE_CHECKING:
    from .game import Game
    from .state import Card


def _listify(v: Any) -> list:
    return v if isinstance(v, list) else [v]


@functools.lru_cache(maxsize=None)
def takes_source(fn: Callable[..., bool]) -> bool:
    """Whether a system's filter-key function takes the filter's card as ``source=`` (a parameter
    of that name, or ``**kwargs``)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "source" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
               or p.kind == p.VAR_KEYWORD for p in params)


class CardFilter:
    """A filter bound to a game, a perspective player and a source card."""

    def __init__(self, game: "Game", spec: Mapping[str, Any], player: int | None, source: "Card | None" = None) -> None:
        self.game = game
        self.spec = spec
        self.player = player
        self.source = source

    def candidates(self) -> Iterator["Card"]:
        """Cards in the zones the filter names (all zones if none), in a fixed order."""
        state = self.game.state
        wanted, zone_player = self._zone_selection()
        for (name, zp), z in state.zones.items():
            if wanted is not None and name not in wanted:
                continue
            if zone_player is not None and zp is not None and zp != zone_player:
                continue  # the other player's zone (shared zones are always searched)
            for cid in z.cards:
                yield state.cards[cid]

    def _zone_selection(self) -> tuple[set[str] | None, int | None]:
        """The zone names the filter names (``None``: all) and the player whose zones it searches
        (``None``: every player's)."""
        zones = self.spec.get("zone")
        wanted = set(_listify(zones)) if zones is not None else None
        owner_rel = self.spec.get("player", self.spec.get("controller"))
        zone_player = None
        if owner_rel is not None and owner_rel != "any":
            zone_player = relative_player(self.game, self.player, owner_rel)
        return wanted, zone_player

    def check_of(self, key: str) -> "Check":
        """The check of one key: the host's own, else the system's filter key, else a card field."""
        check = _CHECKS.get(key)
        if check is None:
            check = _system_key if key in self.game.system.filter_keys else _field
        return check

    def matches(self, card: "Card") -> bool:
        """Does ``card`` satisfy every key of the filter?"""
        for key, want in self.spec.items():
            if not self.check_of(key)(self, card, want, key):
                return False
        return True

    def find(self) -> list["Card"]:
        """Every candidate that satisfies every key of the filter (:meth:`candidates` and
        :meth:`matches`), with each key's check looked up once for all the cards, and what the
        host's common keys compare with worked out once (:func:`_prepared`)."""
        checks = [_prepared(self, self.check_of(key), want, key) for key, want in self.spec.items()]
        out = []
        # The loop of :meth:`candidates`, written out (the same cards, met in the same order).
        state = self.game.state
        cards = state.cards
        wanted, zone_player = self._zone_selection()
        for (name, zp), z in state.zones.items():
            if wanted is not None and name not in wanted:
                continue
            if zone_player is not None and zp is not None and zp != zone_player:
                continue
            for cid in z.cards:
                card = cards[cid]
                for check, want, key in checks:
                    if not check(self, card, want, key):
                        break
                else:
                    out.append(card)
        return out


# -- the checks of the keys, one function each (looked up by key: no chain of comparisons) --------------
Check = Callable[[CardFilter, "Card", Any, str], bool]


def _zone(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return card.zone in _listify(want)


def _controller(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return want == "any" or card.controller == relative_player(f.game, f.player, want)


def _owner(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return want == "any" or card.owner == relative_player(f.game, f.player, want)


def _name(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return card.name in _listify(want)


def _name_contains(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return any(w in card.name for w in _listify(want))


def _code(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return card.code in [str(w) for w in _listify(want)]


def _face_up(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return card.face_up == bool(want)


def _other(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return not (want and f.source is not None and card.id == f.source.id)


def _self(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return not (want and (f.source is None or card.id != f.source.id))


def _attached_to_self(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return bool(want) == (f.source is not None and card.attached_to == f.source.id)


def _host_of_self(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return bool(want) == (f.source is not None and f.source.attached_to == card.id)


def _status(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    for k, v in want.items():
        have = card.status.get(k)
        if (have or False) != v and have != v:
            return False
    return True


def _counters(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return all(card.counters.get(k, 0) >= n for k, n in want.items())


def _keyword(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    kws = f.game.values(card).get("keywords", ())
    return all(k in kws for k in _listify(want))


def _bounds(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    values = f.game.values(card)
    for attr, bound in want.items():
        v = values.get(attr)
        if v is None or (v < bound if key == "min" else v > bound):
            return False
    return True


def _where(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    if f.source is None:
        raise RulestackError("a filter's 'where' runs its card's script, but this filter has no "
                             "source card: build it with the card whose ability it belongs to")
    game = f.game
    return bool(game.run_script(f.source, want, game.context(card=f.source, player=f.player), card.id))


def _system_key(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    fn = f.game.system.filter_keys[key]
    extra = {"source": f.source} if takes_source(fn) else {}
    return bool(fn(f.game, card, want, f.player, **extra))


def _field(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return _field_in(f, card, _listify(want), key)


def _zone_in(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return card.zone in want


def _controller_is(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return card.controller == want


def _owner_is(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return card.owner == want


def _field_in(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    """A card field (a derived value) has one of the values ``want`` lists (or, a list itself, one of them)."""
    have = f.game.derived.values(card).get(key)   # (Game.values, one call less)
    if isinstance(have, (list, tuple)):
        return any(o in have for o in want)
    return have in want


def _always(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    return True


def _prepared(f: CardFilter, check: Check, want: Any, key: str) -> tuple[Check, Any, str]:
    """A key's check with what it compares with worked out once for a search over many cards
    (the same answer for each card as ``check(f, card, want, key)``): the zones as a list, the
    player a player word means (when it means one now: else the check as it was, which says why
    for the first card), the wanted values of a field as a list."""
    if check is _zone:
        return _zone_in, _listify(want), key
    if check is _controller or check is _owner:
        if want == "any":
            return _always, want, key
        try:
            player = relative_player(f.game, f.player, want)
        except Exception:   # no such player now: the check as it was (it raises for the first card)
            return check, want, key
        return (_controller_is if check is _controller else _owner_is), player, key
    if check is _field:
        return _field_in, _listify(want), key
    if check is _system_key:
        # The system's function and whether it takes the source, looked up once (the same call).
        fn = f.game.system.filter_keys[key]
        return (_system_key_with_source if takes_source(fn) else _system_key_plain), (fn, want), key
    return check, want, key


def _system_key_plain(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    """:func:`_system_key` prepared: ``want`` is ``(the system's function, the wanted value)``."""
    return bool(want[0](f.game, card, want[1], f.player))


def _system_key_with_source(f: CardFilter, card: "Card", want: Any, key: str) -> bool:
    """:func:`_system_key` prepared, for a function that takes the filter's card as ``source``."""
    return bool(want[0](f.game, card, want[1], f.player, source=f.source))


#: The host's own keys (a system's ``filter_keys`` come next, then card fields).
_CHECKS: dict[str, Check] = {
    "zone": _zone, "player": _controller, "controller": _controller, "owner": _owner, "name": _name,
    "name_contains": _name_contains, "code": _code, "face_up": _face_up, "other": _other, "self": _self,
    "attached_to_self": _attached_to_self, "host_of_self": _host_of_self, "status": _status,
    "counters": _counters, "keyword": _keyword, "min": _bounds, "max": _bounds, "where": _where,
}
