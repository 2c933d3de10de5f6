"""Card filters: which cards an ability looks at, as data the host can evaluate.

A filter is a table such as ``{zone = "field", player = "opponent", type = "Monster", max = {level = 4}}``.
Keys:

=================  ======================================================================
``zone``           a zone name or a list of them
``player``         whose zone / who controls it: ``"you"``, ``"opponent"``, ``"any"``
``controller``     the same as ``player``
``owner``          who owns it, same words
``name``           the exact name; ``name_contains`` a part of it
``code``           the card code
``face_up``        ``true`` or ``false``
``other``          ``true``: not the card the filter belongs to; ``self``: only that card
``status``         a table of statuses that must hold (``{tapped = false}``)
``counters``       a table of counter kinds and the least number of each
``keyword``        a keyword (or list: all of them) the card has now
``min`` / ``max``  tables of derived values and their bounds (``{power = 3000}``)
``where``          a Lua function ``(ctx, card_id) -> boolean``
anything else      a card field (its derived value): equal to the given value, or, for a list
                   field such as types, containing it; a list of wanted values means any of them
=================  ======================================================================

Systems add keys with ``GameSystem.filter_keys``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

from .context import relative_player
from .errors import RulestackError

if TYPE_CHECKING:
    from .game import Game
    from .state import Card


def _listify(v: Any) -> list:
    return v if isinstance(v, list) else [v]


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
        zones = self.spec.get("zone")
        wanted = set(_listify(zones)) if zones is not None else None
        owner_rel = self.spec.get("player", self.spec.get("controller"))
        zone_player = None
        if owner_rel is not None and owner_rel != "any":
            zone_player = relative_player(self.game, self.player, owner_rel)
        for (name, zp), z in state.zones.items():
            if wanted is not None and name not in wanted:
                continue
            if zone_player is not None and zp is not None and zp != zone_player:
                continue  # the other player's zone (shared zones are always searched)
            for cid in z.cards:
                yield state.cards[cid]

    def matches(self, card: "Card") -> bool:
        """Does ``card`` satisfy every key of the filter?"""
        game, spec = self.game, self.spec
        for key, want in spec.items():
            if key == "zone":
                if card.zone not in _listify(want):
                    return False
            elif key in ("player", "controller"):
                if want != "any" and card.controller != relative_player(game, self.player, want):
                    return False
            elif key == "owner":
                if want != "any" and card.owner != relative_player(game, self.player, want):
                    return False
            elif key == "name":
                if card.name not in _listify(want):
                    return False
            elif key == "name_contains":
                if not any(w in card.name for w in _listify(want)):
                    return False
            elif key == "code":
                if card.code not in [str(w) for w in _listify(want)]:
                    return False
            elif key == "face_up":
                if card.face_up != bool(want):
                    return False
            elif key == "other":
                if want and self.source is not None and card.id == self.source.id:
                    return False
            elif key == "self":
                if want and (self.source is None or card.id != self.source.id):
                    return False
            elif key == "status":
                for k, v in want.items():
                    have = card.status.get(k)
                    if (have or False) != v and have != v:
                        return False
            elif key == "counters":
                for k, n in want.items():
                    if card.counters.get(k, 0) < n:
                        return False
            elif key == "keyword":
                kws = game.values(card).get("keywords", ())
                if not all(k in kws for k in _listify(want)):
                    return False
            elif key in ("min", "max"):
                values = game.values(card)
                for attr, bound in want.items():
                    v = values.get(attr)
                    if v is None or (v < bound if key == "min" else v > bound):
                        return False
            elif key == "where":
                if self.source is None:
                    raise RulestackError("a filter's 'where' runs its card's script, but this filter has no "
                                         "source card: build it with the card whose ability it belongs to")
                ctx = game.context(card=self.source, player=self.player)
                if not game.run_script(self.source, want, ctx, card.id):
                    return False
            elif key in game.system.filter_keys:
                if not game.system.filter_keys[key](game, card, want, self.player):
                    return False
            else:
                have = game.values(card).get(key)
                options = _listify(want)
                if isinstance(have, (list, tuple)):
                    if not any(o in have for o in options):
                        return False
                elif have not in options:
                    return False
        return True
