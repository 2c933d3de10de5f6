"""What must hold in any game of any system, and a fingerprint of the whole state.

:class:`InvariantChecker` checks, for any system: no card is in two zones; every card is in
the zone it says; no card appears or vanishes (the count is the starting count plus the cards
the log says were created); each player's life equals the sum of the recorded life changes and
the last one's total; every item of the response structure and every pending trigger names a
card that exists. :class:`CheckingAgent` has it check before each answer an agent gives. Used
by the property tests here and by ``benchmarks/soak.py``.

:func:`fingerprint` is every piece of mutable state as canonical text: two fingerprints are
equal exactly when the state is (used to show that a failed action changed nothing).
"""
from __future__ import annotations

import json
from typing import Any, Sequence

import attrs


class InvariantBroken(AssertionError):
    """An invariant of the game state does not hold (the message says which and where)."""


class InvariantChecker:
    """Checks the invariants of one game, as often as asked; it reads the event log
    incrementally, so checking after every decision costs little even in a long game.

    ``start_cards`` is the number of cards when play began (default: what the game has now
    minus the cards created so far); ``start_life`` each player's life then (default: none, as in
    a game from decks, whose setup records the starting life; a scenario sets it silently).
    """

    def __init__(self, game: Any, start_cards: int | None = None,
                 start_life: Sequence[int | None] | None = None) -> None:
        self.game = game
        self.start_cards = start_count(game) if start_cards is None else start_cards
        self.start_life = [(start_life[i] or 0) if start_life else 0 for i in range(len(game.state.players))]
        self.life = list(self.start_life)
        self.last_life: list[int | None] = [None] * len(game.state.players)
        self.created = 0
        self.read = 0       # events of the log already taken into account
        self.last_read: Any = None
        self.checks = 0
        self.scanned: int | None = None   # the journal's version at the last scan of the zones

    def _read_log(self) -> None:
        log = self.game.state.log
        if self.read and (len(log) < self.read or log[self.read - 1] is not self.last_read):
            # a rollback took back events already read: read the log again from the start
            self.life = list(self.start_life)
            self.last_life = [None] * len(self.life)
            self.created = self.read = 0
        for ev in log[self.read:]:
            if ev.kind == "created":
                self.created += 1
            data = ev.data
            if "delta" in data and "life" in data and isinstance(ev.player, int):   # Game.set_life records both
                self.life[ev.player] += data["delta"]
                self.last_life[ev.player] = data["life"]
        self.read = len(log)
        self.last_read = log[-1] if log else None

    def check(self) -> None:
        """Raise :class:`InvariantBroken` unless the game state is consistent now.

        Incremental: the log is read from where the last check stopped, and the scan of every
        zone and card (the only part whose cost grows with the game) runs only when the state
        changed since the last scan (the journal's version moved: every change of the state goes
        through the journal, rollbacks included). The checks of counts, life totals, the stack
        and pending triggers run every time."""
        game = self.game
        st = game.state
        self._read_log()
        version = st.journal.version
        if version != self.scanned:
            self._scan_zones(st)
            self.scanned = version
        if len(st.cards) != self.start_cards + self.created:
            raise InvariantBroken(f"{len(st.cards)} cards exist, but {self.start_cards} began "
                                  f"and {self.created} were created")
        for p in st.players:
            if (p.life or 0) != self.life[p.index] or (self.last_life[p.index] is not None
                                                       and self.last_life[p.index] != p.life):
                raise InvariantBroken(f"P{p.index} has {p.life} life, but the recorded life changes "
                                      f"add up to {self.life[p.index]}")
        cards = st.cards
        for item in st.stack:
            if item.card is not None and item.card not in cards:
                raise InvariantBroken(f"stack item {item.id} names card {item.card}, which does not exist")
        for trig in st.pending:
            if trig.card not in cards:
                raise InvariantBroken(f"a pending trigger names card {trig.card}, which does not exist")
        if st.result is not None:
            bad = [w for w in st.result.winners if not 0 <= w < len(st.players)]
            if bad:
                raise InvariantBroken(f"winners {bad} are not players")
        self.checks += 1

    def _scan_zones(self, st: Any) -> None:
        """No card in two zones or in none, every card where it says it is."""
        cards = st.cards
        seen: set[int] = set()
        total = 0
        for key, zone in st.zones.items():
            name, player = key
            ids = zone.cards
            total += len(ids)
            before = len(seen)
            seen.update(ids)
            if len(seen) - before != len(ids):
                self._explain_duplicate(st)
            for cid in ids:
                card = cards.get(cid)
                if card is None:
                    raise InvariantBroken(f"zone {key} lists card {cid}, which does not exist")
                if card.zone != name or (player is not None and card.zone_player != player):
                    raise InvariantBroken(f"{card!r} says it is in ({card.zone}, {card.zone_player}) "
                                          f"but is listed in {key}")
        if total != len(cards):
            raise InvariantBroken(f"cards {sorted(set(cards) - seen)} are in no zone")

    @staticmethod
    def _explain_duplicate(st: Any) -> None:
        where: dict[int, tuple] = {}
        for key, zone in st.zones.items():
            for cid in zone.cards:
                if cid in where:
                    raise InvariantBroken(f"card {cid} is in two zones: {where[cid]} and {key}")
                where[cid] = key


def check_invariants(game: Any, start_cards: int, start_life: Sequence[int | None] | None = None) -> None:
    """Check the invariants once (see :class:`InvariantChecker`)."""
    InvariantChecker(game, start_cards, start_life).check()


class CheckingAgent:
    """Wraps an agent: has ``checker`` check the invariants before every answer."""

    def __init__(self, inner: Any, checker: InvariantChecker) -> None:
        self.inner = inner
        self.checker = checker

    def decide(self, decision: Any, seat: Any) -> Any:
        self.checker.check()
        return self.inner.decide(decision, seat)


def start_count(game: Any) -> int:
    """The number of cards the game began with (those that exist and were not created in play)."""
    return len(game.state.cards) - sum(1 for ev in game.state.log if ev.kind == "created")


def _plain(value: Any) -> Any:
    if attrs.has(type(value)):
        return {k: _plain(v) for k, v in attrs.asdict(value, recurse=False).items()}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if hasattr(value, "to_dict"):
        return _plain(value.to_dict())
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return f"<{type(value).__name__}>"


def fingerprint(game: Any) -> str:
    """The whole mutable state of a game as canonical JSON."""
    st = game.state
    data = {
        "turn": st.turn, "active": st.active_player, "phase": st.phase, "step": st.step,
        "values": _plain(st.values), "next_id": st.next_id, "next_timestamp": st.next_timestamp,
        "result": _plain(st.result),
        "players": [[p.name, p.life, _plain(p.values), p.lost, p.conceded] for p in st.players],
        "zones": {f"{name}/{player}": list(z.cards) for (name, player), z in st.zones.items()},
        "cards": {str(cid): [c.code, c.owner, c.controller, c.zone, c.zone_player, c.face_up, _plain(c.status),
                             _plain(c.counters), _plain(c.memory), c.generation, c.timestamp, c.attached_to]
                  for cid, c in st.cards.items()},
        "stack": _plain(st.stack), "pending": _plain(st.pending), "effects": _plain(st.effects),
        "log": game.event_log_json(),
    }
    return json.dumps(data, sort_keys=True, default=repr)
