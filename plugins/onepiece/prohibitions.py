"""Prohibitions as data: "cannot ..." permanent effects (8-1-3-4; 1-3-3: a prohibition beats a
requirement).

A card forbids a player an action with a permanent ability::

    { kind = "permanent", prohibits = { "trash_from_hand" }, player = "you",      -- or "opponent", "both"
      condition = function(ctx) return ctx:count{ zone = "hand", player = "you" } <= 3 end }

Player actions that can be forbidden: ``trash_from_hand`` (as a cost or by an effect),
``activate`` (activating effects and Events), ``attack`` and ``play`` (playing Characters and
Stages). What a card may not do or have done to it is a value of the card (``cannot_attack``,
``ko_immune``, ``cannot_activate``), set with ``modify``. Every action, cost and effect that could
break a prohibition asks :func:`prohibited`; none of them is a replacement effect.

8-3-1-3 judges a cost on the state before paying it: while the host checks whether a cost can be
paid (its dry runs), :func:`judged_before_payment` freezes the prohibitions as they stood when
payment began, so a prohibition that starts part way (paying one part brings the hand down to the
limit) lets the payment begin and stops it there (8-3-1-3-1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from rulestack import Activation, Game

from rulestack.context import relative_player

from . import abilities, areas

if TYPE_CHECKING:
    from .system import OnePieceSystem

#: The player actions a permanent effect may forbid.
PLAYER_ACTIONS = frozenset({"trash_from_hand", "activate", "attack", "play"})

_SNAPSHOT = "prohibitions_before_payment"
_ACTIONS_IN_ORDER = tuple(sorted(PLAYER_ACTIONS))


def prohibited(game: Game, player: int, action: str) -> bool:
    """Does a permanent effect forbid ``player`` to ``action`` now (or, while a cost is judged, as
    things stood before its payment began)?"""
    system: OnePieceSystem = game.system   # type: ignore[assignment]
    frozen = system.frozen_prohibitions
    if frozen is not None:
        return (player, action) in frozen
    journal = game.journal
    known = system.prohibiting_on_field      # (_on_field's answer, read here first: asked very often)
    if known is not None and known[0] is journal and known[1] == journal.version:
        if not known[2]:
            return False
    elif not _on_field(game):
        return False        # no card on the field prohibits anything
    return any(True for _ in _forbidding(game, player, action))


def forbidder(game: Game, player: int, action: str) -> Any:
    """The card whose effect forbids it (for messages), or ``None``."""
    return next(_forbidding(game, player, action), None)


def _forbidding(game: Game, player: int, action: str) -> Iterator[Any]:
    for card, ab in _on_field(game):
        if action not in ab.get("prohibits"):
            continue
        who = ab.get("player", "you")
        if who != "both" and relative_player(game, card.controller, who) != player:
            continue
        if not abilities.functions_here(game, card, ab, None) or areas.is_text_negated(game, card, ab):
            continue
        cond = ab.get("condition")
        if cond is not None and not game.run_script(card, cond, game.context(card=card, ability=ab)):
            continue
        yield card


def _on_field(game: Game) -> list[tuple[Any, Any]]:
    """Every ability with a ``prohibits`` list of a card on the field, in turn order of players,
    field areas, cards, abilities (kept while the state does not change: a cost check asks for
    each player and action in turn). Most definitions have none: when no card on the field has
    one (its definition's id is in ``_SILENT``), the answer is found without looking at them one
    by one."""
    system: OnePieceSystem = game.system   # type: ignore[assignment]
    journal = game.journal
    known = system.prohibiting_on_field
    if known is not None and known[0] is journal and known[1] == journal.version:
        return known[2]
    state = game.state
    cards, zones = state.cards, state.zones
    areas_now = system.field_zones
    if areas_now is None or areas_now[0] is not zones or areas_now[1] != len(zones):
        areas_now = system.field_zones = (zones, len(zones), [zones[(zone, p)] for p in range(len(state.players))
                                                              for zone in areas.FIELD])
    field = areas_now[2]
    found: list[tuple[Any, Any]] = []
    silent = _SILENT
    for z in field:
        for cid in z.cards:
            if id(cards[cid].definition) not in silent:
                break
        else:
            continue
        for z in field:       # a card whose definition may prohibit something: look at each
            for cid in z.cards:
                card = cards[cid]
                for ab in _prohibiting(card.definition):
                    found.append((card, ab))
        break
    system.prohibiting_on_field = (journal, journal.version, found)
    return found


#: id of a card definition -> (the definition, its abilities that prohibit something).
_PROHIBITING: dict[int, tuple[Any, tuple[Any, ...]]] = {}
#: The ids of the definitions held in ``_PROHIBITING`` (so no other object has their id) that
#: prohibit nothing.
_SILENT: set[int] = set()


def _prohibiting(definition: Any) -> tuple[Any, ...]:
    """The abilities of a card definition with a ``prohibits`` list, in order (worked out once:
    most cards have none, and every cost check asks about every card on the field)."""
    known = _PROHIBITING.get(id(definition))
    if known is None or known[0] is not definition:
        known = _PROHIBITING[id(definition)] = (definition,
                                                tuple(ab for ab in definition.abilities if ab.get("prohibits")))
        if known[1]:
            _SILENT.discard(id(definition))
        else:
            _SILENT.add(id(definition))
    return known[1]


def judged_before_payment(game: Game, activation: Activation) -> _JudgedBeforePayment:
    """The ``cost_judgement`` hook: while the host checks a cost, prohibitions are those that held
    when its payment began (taken once per activation, 8-3-1-3)."""
    return _JudgedBeforePayment(game, activation)


class _JudgedBeforePayment:
    """The context of :func:`judged_before_payment` (a plain class: the host enters one for every
    cost check of every legal-action list)."""

    __slots__ = ("game", "activation", "before")

    def __init__(self, game: Game, activation: Activation) -> None:
        self.game = game
        self.activation = activation
        self.before: frozenset[tuple[int, str]] | None = None

    def __enter__(self) -> None:
        game, activation = self.game, self.activation
        snapshot = activation.data.get(_SNAPSHOT)
        system = _system(game)
        if snapshot is None:
            if system.frozen_prohibitions is None and not _on_field(game):
                snapshot = frozenset()      # nothing on the field prohibits anything: what the search would find
            else:
                snapshot = frozenset((p.index, a) for p in game.state.players for a in _ACTIONS_IN_ORDER
                                     if prohibited(game, p.index, a))
            activation.data[_SNAPSHOT] = snapshot
        self.before = system.frozen_prohibitions
        system.frozen_prohibitions = snapshot

    def __exit__(self, *exc: object) -> None:
        _system(self.game).frozen_prohibitions = self.before


def _system(game: Game) -> OnePieceSystem:
    system: OnePieceSystem = game.system   # type: ignore[assignment]
    return system
