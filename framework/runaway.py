"""Runaway games end, with a named, reported result.

A card can make a game that never ends on its own: a trigger that triggers itself again on each
resolution, two cards that answer each other forever. :class:`RunawayGuard` watches for two
signs of it, and ends the game at the first:

- **the same position again and again.** At each action window (:meth:`Game.act
  <rulestack.game.Game.act>`) the guard may take a digest of the position: the public and hidden
  state (every zone in order, every card's state, the players' values, the stack, pending
  triggers, continuous effects, the turn, phase and step, and who acts in which window), without
  what only counts (event numbers, object ids, generations, timestamps, the log, the answers, the
  random generator). When one digest comes back ``max_position_repeats`` times in a turn
  (8 by default; a system may set the attribute), nothing the players did made progress: the
  game is in a loop. Digests are taken only after a turn's first ``position_warmup`` windows
  (64 by default: the bundled systems' seeded games open at most 48 in one turn), so an
  ordinary turn pays one counter; a loop is found within ``warmup + repeats x its length``
  windows;
- **too many events in one turn.** No legal game of a bundled system records more than a few
  hundred events in one turn, so the guard sets a bound that no such game reaches
  (``max_events_per_turn``, 5,000 by default, about 30 times the most a bundled system's seeded
  game records; a system may set the attribute) and ends the game when a turn goes past it. It
  catches loops that open no window (a trigger resolved without asking anyone).

What that end means is the system's rule where it has one: a system class may define

    def runaway_result(self, game, reason: str) -> tuple[Iterable[int], str]:
        '''(winners, reason) of a game that loops.'''

(MTG 104.4b: a loop of mandatory actions that nothing can stop is a draw). The host default is
a draw too, with the reason saying what happened. Either way the result is reported like any
other end of the game (``game_over`` event, :class:`~rulestack.flow.GameResult`).

The guard also starts each turn's script allowance (:meth:`rulestack.sandbox.LuaSandbox.new_turn`),
so that a card which burns time in conditions and values is stopped by name.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable

from .state import to_plain


def _builtin_blake2b() -> Callable[..., Any]:
    """BLAKE2b from the interpreter's own ``_blake2`` module: importing :mod:`hashlib` loads
    OpenSSL, about 3.5 MB of resident memory in every process (same digests; hashlib otherwise)."""
    for name in ("_blake2", "hashlib"):
        try:
            return getattr(importlib.import_module(name), "blake2b")
        except (ImportError, AttributeError):
            continue
    raise ImportError("no BLAKE2b implementation")


_blake2b = _builtin_blake2b()


def _or(setting: int | None, default: int) -> int:
    """A system's setting of the guard, or the host's default where it sets none."""
    return default if setting is None else int(setting)

if TYPE_CHECKING:
    from .events import Event
    from .game import Game
    from .state import GameState

__all__ = ["DEFAULT_MAX_EVENTS_PER_TURN", "DEFAULT_MAX_POSITION_REPEATS", "DEFAULT_POSITION_WARMUP",
           "RunawayGuard", "position_digest"]

DEFAULT_MAX_EVENTS_PER_TURN = 5_000   # the bundled systems' seeded games reach 171
DEFAULT_MAX_POSITION_REPEATS = 8      # the bundled systems' seeded games never repeat a position in a turn
DEFAULT_POSITION_WARMUP = 64          # action windows of a turn before digests are taken

#: Fields that count rather than describe (they change on every pass of a loop): left out.
_ITEM_SKIP = frozenset({"id", "generation", "event", "order"})
_EFFECT_SKIP = frozenset({"id", "timestamp"})


def _sorted_plain(value: Any) -> Any:
    """``value`` as plain data with dicts' items sorted (so insertion order does not matter)."""
    if isinstance(value, dict):
        return tuple(sorted(((repr(k), _sorted_plain(v)) for k, v in value.items()), key=lambda kv: kv[0]))
    if isinstance(value, list):
        return tuple(_sorted_plain(v) for v in value)
    return value


def _record(obj: Any, skip: frozenset[str]) -> Any:
    plain = to_plain(obj)
    fields = plain.get("fields", plain) if isinstance(plain, dict) else plain
    if isinstance(fields, dict):
        fields = {k: v for k, v in fields.items() if k not in skip}
    return _sorted_plain(fields)


def position_digest(state: GameState, player: int | None = None, window: str | None = None) -> bytes:
    """A 16-byte digest of the position: what the players and the hidden zones hold, and the
    game's state, without what only counts (see the module's docstring). Two positions with the
    same digest are the same for the rules."""
    cards = tuple((c.id, c.code, c.owner, c.controller, c.zone, c.zone_player, c.face_up,
                   _sorted_plain(c.status), _sorted_plain(c.counters), _sorted_plain(c.memory), c.attached_to)
                  for c in state.cards.values())
    zones = tuple((key, tuple(z.cards) if z.spec.ordered else tuple(sorted(z.cards)))
                  for key, z in state.zones.items())
    players = tuple((p.life, _sorted_plain(p.values), p.lost, p.conceded) for p in state.players)
    position = (player, window, state.turn, state.active_player, state.phase, state.step, players, zones, cards,
                _sorted_plain(state.values),
                tuple(_record(i, _ITEM_SKIP) for i in state.stack),
                tuple(_record(t, _ITEM_SKIP) for t in state.pending),
                tuple(_record(e, _EFFECT_SKIP) for e in state.effects))
    return _blake2b(repr(position).encode(), digest_size=16).digest()


class RunawayGuard:
    """Counts a game's events per turn and ends the game when a turn runs away."""

    __slots__ = ("game", "limit", "turn", "count", "ended", "armed", "window_turn", "windows", "seen")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.limit = DEFAULT_MAX_EVENTS_PER_TURN
        self.turn: Any = None
        self.count = 0
        self.ended = False
        self.armed = False
        self.window_turn: Any = None
        self.windows = 0                      # action windows opened this turn
        self.seen: dict[bytes, int] = {}      # position digest -> times seen this turn (after the warm-up)

    def window(self, player: int, window: str) -> None:
        """Called as an action window opens (outside dry runs): ends the game when the position
        has come back ``max_position_repeats`` times this turn."""
        game = self.game
        turn = game.state.turn
        if turn != self.window_turn:
            self.window_turn, self.windows = turn, 0
            self.seen.clear()
        self.windows += 1
        system = game.system
        warmup = system.position_warmup   # (_or, inline: asked at every action window)
        if self.windows <= (DEFAULT_POSITION_WARMUP if warmup is None else int(warmup)) or self.ended:
            return
        digest = position_digest(game.state, player, window)
        times = self.seen[digest] = self.seen.get(digest, 0) + 1
        repeats = _or(system.max_position_repeats, DEFAULT_MAX_POSITION_REPEATS)
        if times >= repeats:
            self.end(f"the game runs away: the same position came back {times} times in turn {turn} "
                     f"with nothing changing (P{player}'s {window!r} window)")

    def end(self, reason: str) -> None:
        """End the game as a runaway: the system's ``runaway_result`` decides what it means (the
        host default: a draw)."""
        self.ended = True
        game = self.game
        said = game.system.runaway_result(game, reason)
        winners, why = said if said is not None else ((), f"a draw: {reason}")
        game.end_game(winners, why)

    def event(self, ev: Event) -> None:
        """Called for every recorded event (outside dry runs)."""
        game = self.game
        turn = game.state.turn
        if turn != self.turn:
            if not self.armed:   # the scripts' allowances per turn and per game (the sandbox's defaults)
                game.sandbox.set_allowances()
                game.sandbox.new_game()   # a reused runtime's sandbox: this game's allowance starts afresh
                self.armed = True
            self.turn, self.count = turn, 0
            self.limit = _or(game.system.max_events_per_turn, DEFAULT_MAX_EVENTS_PER_TURN)
            game.sandbox.new_turn()
        self.count += 1
        if self.count > self.limit and not self.ended:
            self.end(f"the game runs away: more than {self.limit} events in turn {turn} "
                     f"(the last one: {ev.kind})")
