"""What one finished game says about its cards and its end, read from its event log.

A simulation's worker calls :func:`game_stats` on every game it plays; the per-game figures go into
the game's record (plain data: JSON lines, Ray, worker processes), and
:mod:`rulestack.harness.report` adds them up. Nothing here knows a game: the events count by the
system's declared :attr:`~rulestack.system.GameSystem.card_stats` rules, then the host's
:data:`~rulestack.system.HOST_CARD_STATS`.

Per player, per card code: how many times the card was ``drawn``, ``played``, ``activated`` and
``triggered``. A card is known by the code the events carry; an event that gives only a card id
(``land_played card=8``) takes the code of the last event that named that id with its code (a card
becomes a new object, with a new id, on every move, and its move event names both).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..cards import Role
from ..system import HOST_CARD_STATS, CardStat, GameSystem

if TYPE_CHECKING:
    from ..events import Event
    from ..game import Game

#: The figures kept per player and card code, in the order tables show them.
COUNTS: tuple[str, ...] = ("drawn", "played", "activated", "triggered")


def card_rules(system: type[GameSystem]) -> tuple[CardStat, ...]:
    """The rules events are counted by: the system's, then the host's."""
    return tuple(system.card_stats) + HOST_CARD_STATS


def count_of(event: "Event", rules: Sequence[CardStat], system: type[GameSystem]) -> tuple[str, str] | None:
    """``(what, card field)`` for an event that counts (``what`` one of :data:`COUNTS`), else ``None``."""
    for rule in rules:
        if rule.matches(event):
            if rule.counts_as is None:
                return None
            what = rule.counts_as
            if what == "activated" and event.kind == "activated":
                kind = system.ability_kinds.get(str(event.get("kind_of")))
                if kind is not None and kind.role == Role.TRIGGERED:
                    what = "triggered"
            return what, rule.card
    return None


def card_counts(log: Iterable["Event"], system: type[GameSystem],
                players: int) -> list[dict[str, dict[str, int]]]:
    """Per player (by index): ``{code: {"drawn": n, "played": n, ...}}`` (only non-zero figures).
    The player of an event is its ``player``, else the owner of the zone the card went to or came
    from; an event with no player or no known card is not counted."""
    rules = card_rules(system)
    kinds = {r.kind for r in rules}
    codes: dict[int, str] = {}
    out: list[dict[str, dict[str, int]]] = [{} for _ in range(players)]
    for e in log:
        data = e.data
        card = data.get("card")
        code = data.get("code")
        if isinstance(card, int) and isinstance(code, str):
            codes[card] = code
        if e.kind not in kinds:
            continue
        got = count_of(e, rules, system)
        if got is None:
            continue
        what, field = got
        cid = data.get(field)
        if field != "card" and isinstance(cid, int) and isinstance(code, str):
            codes.setdefault(cid, code)
        name = codes.get(cid) if isinstance(cid, int) else None
        player = e.player
        if player is None:
            player = data.get("to_player", data.get("from_player"))
        if name is None or not isinstance(player, int) or not 0 <= player < players:
            continue
        figures = out[player].setdefault(name, {})
        figures[what] = figures.get(what, 0) + 1
    return out


_CITATION = re.compile(r"\s*\(([^()]*)\)\s*$")


def reason_group(reason: str | None, player_names: Sequence[str], card_names: Iterable[str] = ()) -> str:
    """The kind of end a game's ``reason`` tells, with the players' names written ``{player}`` and
    card names ``{card}`` so that the same end in different games reads the same
    (``"P1 lost: life 0 or less (W1)"`` -> ``"{player} lost: life 0 or less (W1)"``)."""
    if not reason:
        return "unknown"
    text = reason
    for name in sorted(set(card_names), key=len, reverse=True):
        if len(name) > 2 and name in text:
            text = text.replace(name, "{card}")
    for name in sorted(set(player_names), key=len, reverse=True):
        if name:
            text = re.sub(rf"(?<![\w{{]){re.escape(name)}(?!\w)", "{player}", text)
    return re.sub(r"\b(turn|turns) \d+\b", r"\1 {n}", text)


def game_stats(game: "Game", reason: str | None, card_names: Iterable[str] = ()) -> dict[str, Any]:
    """The per-game figures of a played game: ``cards`` (see :func:`card_counts`) and ``end``
    (:func:`reason_group` of the result's ``reason``; ``None`` for a game that did not finish).
    ``card_names`` are the names of the cards that may appear in the reason (the decks' cards)."""
    names = [p.name for p in game.state.players]
    return {"cards": card_counts(game.state.log, type(game.system), len(names)),
            "end": reason_group(reason, names, card_names) if reason is not None else None,
            "first_player": first_player(game.state.log, len(names))}


def first_player(log: Sequence["Event"], players: int) -> int | None:
    """Who took the first turn: the player of the game's first ``phase`` event or system event
    about a turn (``turn_start``; the host records no ``turn_began`` for turn 1), else, in a
    two-player game, the other player than the one whose turn 2 began; ``None`` if unknown."""
    for e in log:
        if e.kind == "turn_began":
            if players == 2 and isinstance(e.player, int):
                return 1 - e.player
            return None
        if (e.kind == "phase" or e.kind.startswith("turn_")) and isinstance(e.player, int):
            return e.player
    return None
