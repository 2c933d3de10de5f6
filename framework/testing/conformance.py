"""The conformance kit: does a game system keep the host's contracts?

In the spirit of PettingZoo's ``api_test``: :func:`check_system` plays seeded games of a system
between random players and checks, at every decision of every game:

* **one place per card** — every card is listed in exactly one zone, the zone its own record names;
* **legal options** — every decision has a legal answer, every action offered belongs to the
  player asked, and performing each offered action succeeds (it is tried in a transaction that is
  then made to fail, see below);
* **rollback** — a transaction that fails at a decision point leaves the state exactly as it was
  (players, zones, cards, the response structure, effects, values, the RNG, the log's length);
* **hidden information** — a player's view shows the face of no card that player may not see, and
  no event names a card to a player who cannot see it (unless the event says who may read it);

and, for every game: **it ends** (within ``max_decisions`` decisions), and it is **deterministic**
(played again with the same seed and answers, and replayed from its recorded answers, it records
the same event log, byte for byte). A system's tests call it once per system::

    from rulestack.testing.conformance import check_system

    def test_my_system_keeps_the_hosts_contracts():
        check_system("mygame", games=3, seed=0)

or use the pytest fixture ``conformance`` (``conformance("mygame")``), which the plugin rulestack
installs provides. Either raises :class:`ConformanceError` listing every contract broken, each
with the game's seed and the decision where it broke.
"""
from __future__ import annotations

from collections import abc as _abc
from typing import Any, Callable, Mapping, Sequence

import attrs
import pytest

from ..hookspecs import hookimpl

__all__ = ["ConformanceError", "ConformanceReport", "check_system", "conformance", "state_snapshot"]


class ConformanceError(AssertionError):
    """A system broke one or more of the host's contracts; the message lists each."""

    def __init__(self, report: "ConformanceReport") -> None:
        super().__init__(report.describe())
        self.report = report


@attrs.define
class ConformanceReport:
    """What :func:`check_system` played and found."""

    system: str
    games: int = 0
    decisions: int = 0            #: decisions checked (asked of the players)
    probes: int = 0               #: offered actions tried in a failing transaction
    results: list[str] = attrs.Factory(list)       #: each game's result, described
    problems: list[str] = attrs.Factory(list)      #: each broken contract, with where

    @property
    def passed(self) -> bool:
        return not self.problems

    def describe(self) -> str:
        head = (f"conformance of {self.system!r}: {self.games} game(s), {self.decisions} decisions checked, "
                f"{self.probes} offered actions tried and rolled back")
        if self.passed:
            return head + ": every contract kept"
        shown = self.problems[:25]
        more = f"\n  ... and {len(self.problems) - len(shown)} more" if len(self.problems) > len(shown) else ""
        return head + f": {len(self.problems)} problem(s)\n" + "\n".join(f"  - {p}" for p in shown) + more


class _Probe(Exception):
    """Raised at the end of a tried action, to make its transaction fail on purpose."""


# -- the state as comparable data ---------------------------------------------------------------

def state_snapshot(game: Any) -> Any:
    """The game's state as plain, comparable data: every field of the state store (cards by
    their code rather than their definition object, the event log by its length) and the RNG's
    state. Two snapshots are equal exactly when the states are."""
    rng = getattr(game.rng, "_rng", None)
    return {"state": _plain(game.state, top=True), "rng": rng.getstate() if rng is not None else None}


_SCALARS = (bool, int, float, str, type(None))
_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The fields of an object's class (attrs fields, or slots); ``None``: use its ``__dict__``."""
    if cls not in _FIELDS:
        if attrs.has(cls):
            _FIELDS[cls] = tuple(f.name for f in attrs.fields(cls))
        else:
            slots = tuple(n for c in cls.__mro__ for n in getattr(c, "__slots__", ()) if n != "__dict__")
            _FIELDS[cls] = slots if slots and "__dict__" not in dir(cls) else None
    return _FIELDS[cls]


def _plain(obj: Any, top: bool = False) -> Any:
    if isinstance(obj, _SCALARS):
        return obj
    if isinstance(obj, (list, tuple)):
        return [x if isinstance(x, _SCALARS) else _plain(x) for x in obj]
    if isinstance(obj, (dict, _abc.Mapping)):
        return {_key(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (set, frozenset)):
        return sorted((_plain(x) for x in obj), key=repr)
    names = _field_names(type(obj))
    if names is None:
        fields = dict(vars(obj))
    else:
        fields = {n: getattr(obj, n) for n in names if hasattr(obj, n)}
    out: dict[str, Any] = {"type": type(obj).__name__}
    for name, value in fields.items():
        if name.startswith("_"):                      # bookkeeping (the journal a state object is bound to)
            continue
        if top and name in ("decisions", "random"):   # answers are kept by rollbacks (a replay needs them
            continue                                  # all); the RNG is compared below
        if name == "definition":                      # immutable card data: its code says which
            out[name] = value.code if hasattr(value, "code") else repr(value)
        elif name == "spec" and hasattr(value, "name"):
            out[name] = value.name
        elif top and name == "log":                   # append-only; rolled back by length
            out[name] = len(value)
        elif isinstance(value, _SCALARS):
            out[name] = value
        else:
            out[name] = _plain(value)
    return out


def _key(k: Any) -> Any:
    return k if isinstance(k, (str, int, bool, type(None))) else repr(_plain(k))


def _first_difference(a: Any, b: Any, path: str = "state") -> str | None:
    """Where two snapshots first differ (a readable path), or ``None``."""
    if type(a) is not type(b):
        return f"{path}: {a!r} became {b!r}"
    if isinstance(a, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}.{k}: {'appeared' if k not in a else 'disappeared'}"
            where = _first_difference(a[k], b[k], f"{path}.{k}" if isinstance(k, str) else f"{path}[{k!r}]")
            if where:
                return where
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} entries became {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            where = _first_difference(x, y, f"{path}[{i}]")
            if where:
                return where
        return None
    return None if a == b else f"{path}: {_short(a)} became {_short(b)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# -- the contracts checked at each decision -------------------------------------------------------------

def cards_in_one_place(game: Any) -> list[str]:
    """Every card is listed by exactly one zone, and that zone is the one the card's record names."""
    problems = []
    where: dict[int, tuple[str, int | None]] = {}
    cards = game.state.cards
    for (name, player), zone in game.state.zones.items():
        for cid in zone.cards:
            card = cards.get(cid)
            if card is None:
                problems.append(f"zone {name}/{player} lists card #{cid}, which does not exist")
                continue
            if cid in where:
                other = where[cid]
                problems.append(f"{card.name} (#{cid}) is in two places: {other[0]}/{other[1]} and {name}/{player}")
                continue
            where[cid] = (name, player)
            if (card.zone, card.zone_player) != (name, player):
                problems.append(f"{card.name} (#{cid}) is listed in {name}/{player} but its record says "
                                f"{card.zone}/{card.zone_player}")
    for cid, card in cards.items():
        if cid not in where:
            problems.append(f"{card.name} (#{cid}) is in no zone (its record says {card.zone}/{card.zone_player})")
    for item in game.state.stack:
        if item.card is not None and item.card not in cards:
            problems.append(f"item #{item.id} on the stack belongs to card #{item.card}, which does not exist")
    return problems


def views_hide_what_they_must(game: Any) -> list[str]:
    """No player's view shows the face of a card that player may not see, and every zone's size
    is shown right."""
    problems = []
    cards = game.state.cards
    for p in range(len(game.state.players)):
        view = game.view(p)
        for key, shown in view["zones"].items():
            name, _, owner = key.partition("/")
            zone = game.state.zones.get((name, int(owner) if owner else None))
            if zone is not None and shown["count"] != len(zone.cards):
                problems.append(f"P{p}'s view of {key} shows {shown['count']} cards; it holds {len(zone.cards)}")
            for entry in shown["cards"]:
                card = cards.get(entry.get("id"))
                if card is not None and ("name" in entry or "code" in entry) and not game.can_see(p, card):
                    problems.append(f"P{p}'s view of {key} shows {card.name} (#{card.id}), which P{p} may not see")
    return problems


def options_are_well_formed(game: Any, decision: Any) -> list[str]:
    """The decision has a legal answer; its actions belong to the player asked; its card options
    name cards that exist."""
    from ..decisions import ACTION
    problems = []
    if decision.count_answers() < 1:
        problems.append(f"{decision.describe()}: no legal answer")
    for opt in decision.options:
        if opt.card is not None and opt.card not in game.state.cards:
            problems.append(f"{decision.describe()}: option {opt.label!r} names card #{opt.card}, which does not exist")
        if decision.kind == ACTION and getattr(opt.value, "player", decision.player) != decision.player:
            problems.append(f"{decision.describe()}: action {opt.label!r} belongs to P{opt.value.player}")
    return problems


class _EventWatch:
    """A plugin that checks each event as it is recorded: an event naming a card (its ``code``)
    with no ``visible`` list must be readable by everyone, so every player must see that card."""

    def __init__(self, kit: "_Kit") -> None:
        self.kit = kit

    @hookimpl
    def on_event(self, game: Any, event: Any) -> None:
        if self.kit.probing or "code" not in event.data or "visible" in event.data:
            return
        card = game.state.cards.get(event.data.get("card"))
        if card is None or card.zone is None:
            return
        blind = [p.index for p in game.state.players if not game.can_see(p.index, card)]
        if blind:
            self.kit.problem(f"event #{event.seq} {event.kind!r} names {card.name} (#{card.id}, in "
                             f"{card.zone}/{card.zone_player}) to P{blind[0]}, who may not see it: give the "
                             "event a `visible` list of the players who may")


# -- playing --------------------------------------------------------------------------------------

class _Kit:
    """The agent of every seat in a checked game: answers at random from a seeded RNG, checks the
    contracts at each decision, and tries offered actions in transactions made to fail."""

    def __init__(self, report: ConformanceReport, seed: int, *, check: bool, probe_options: int | None) -> None:
        from ..agents import RandomAgent
        self.report = report
        self.seed = seed
        self.check = check
        self.probe_options = probe_options
        self.answers = RandomAgent(seed)              # the real answers
        self.probe_answers = RandomAgent(seed + 1_000_003)   # answers inside a tried action only
        self.probing = False
        self.asked = 0
        self.max_decisions: int | None = None
        self.where = ""

    def problem(self, text: str) -> None:
        self.report.problems.append(f"seed {self.seed}, decision {self.asked}{self.where}: {text}")

    def decide(self, decision: Any, seat: Any) -> Any:
        if self.probing:
            return self.probe_answers.decide(decision, seat)
        game = seat.game
        self.asked += 1
        if self.max_decisions is not None and self.asked > self.max_decisions:
            raise _TooLong(self.asked)
        if self.check:
            self.where = f" (turn {game.state.turn}, {game.state.phase or '-'}, P{decision.player} {decision.kind})"
            self.report.decisions += 1
            for text in cards_in_one_place(game) + views_hide_what_they_must(game) + \
                    options_are_well_formed(game, decision):
                self.problem(text)
            from ..decisions import ACTION
            if decision.kind == ACTION:
                self._try_actions(game, decision)
        return self.answers.decide(decision, seat)

    def _try_actions(self, game: Any, decision: Any) -> None:
        """Perform each offered action in a transaction that then fails; it must have been legal,
        and the state afterwards must equal the state before."""
        from ..errors import GameOver, IllegalAction, RulestackError
        from ..flow import CostUnpayable
        options = list(decision.options)
        if self.probe_options is not None:
            options = options[:self.probe_options]
        before = state_snapshot(game)
        for opt in options:
            action = opt.value
            mark, version, asked = game.journal.mark(), game.journal.version, len(game.decisions)
            self.probing = True
            try:
                with game.transaction():
                    game.perform(action)
                    raise _Probe
            except _Probe:
                pass
            except GameOver:
                game.journal.rollback(mark, version)     # a game that ends stays ended; a tried one must not
            except (IllegalAction, CostUnpayable) as e:
                self.problem(f"the offered action {opt.label!r} is not legal: {e}")
            except RulestackError as e:
                self.problem(f"the offered action {opt.label!r} failed: {e}")
            finally:
                self.probing = False
                del game.decisions[asked:]
            self.report.probes += 1
            after = state_snapshot(game)
            where = None if after == before else _first_difference(before, after)
            if where is not None:
                self.problem(f"a failed transaction trying {opt.label!r} did not leave the state as it was: {where}")
                before = after


class _TooLong(Exception):
    def __init__(self, decisions: int) -> None:
        super().__init__(f"the game did not end within {decisions - 1} decisions")


def _play(system: Any, decks: Sequence[Any], seed: int, agents: Sequence[Any], *, settings: Any, cards: Any,
          plugins: Sequence[Any] = ()) -> tuple[Any, Any]:
    from ..game import Game
    game = Game(system, list(decks), seed=seed, agents=list(agents), settings=settings, cards=cards,
                plugins=plugins)
    try:
        result = game.play()
        return game, result
    except BaseException:
        game.close()
        raise


def check_system(system: Any, *, games: int = 3, seed: int = 0, decks: Sequence[Any] | None = None,
                 cards: Sequence[Any] = (), settings: Mapping[str, Any] | None = None,
                 max_decisions: int = 20_000, probe_options: int | None = None,
                 raise_on_problems: bool = True) -> ConformanceReport:
    """Play ``games`` seeded games of ``system`` (a name or a :class:`~rulestack.GameSystem`
    class) between random players and check the host's contracts at every decision (see the
    module's documentation). Game ``i`` uses seed ``seed + i``.

    ``decks``: the two decks (names or :class:`~rulestack.Deck` objects; default the system's
    ``sample_decks``); ``cards``: extra card data files; ``settings``: system settings;
    ``max_decisions``: a game asking more has failed to end; ``probe_options``: how many of each
    action window's options are tried in a failing transaction (``None``: all of them).

    Returns the :class:`ConformanceReport`; raises :class:`ConformanceError` listing every problem
    unless ``raise_on_problems`` is false."""
    from ..agents import ScriptedAgent
    from ..errors import GameAborted
    from ..system import find_system
    cls = find_system(system)
    decks = list(decks) if decks is not None else list(cls.sample_decks)[:cls.player_count]
    report = ConformanceReport(system=cls.name)
    for game_seed in range(seed, seed + games):
        report.games += 1
        logs: dict[str, str] = {}
        checked = _Kit(report, game_seed, check=True, probe_options=probe_options)
        checked.max_decisions = max_decisions
        for label, kit in (("checked", checked), ("again", _Kit(report, game_seed, check=False, probe_options=None))):
            try:
                game, result = _play(cls, decks, game_seed, [kit] * cls.player_count, settings=settings, cards=cards,
                                     plugins=[_EventWatch(kit)] if kit.check else [])
            except _TooLong as e:
                report.problems.append(f"seed {game_seed}: {e}")
                break
            except GameAborted as e:
                report.problems.append(f"seed {game_seed}: the game was aborted: {e}")
                break
            try:
                if kit.check:
                    for text in cards_in_one_place(game) + views_hide_what_they_must(game):
                        kit.problem(f"at the end: {text}")
                    report.results.append(f"seed {game_seed}: {result.describe()}")
                    recorded = list(game.decisions)
                logs[label] = game.event_log_json()
            finally:
                game.close()
        else:
            replay, _ = _play(cls, decks, game_seed, [ScriptedAgent(recorded)] * cls.player_count, settings=settings,
                              cards=cards)
            try:
                logs["replayed"] = replay.event_log_json()
            finally:
                replay.close()
            for label in ("again", "replayed"):
                if logs[label] != logs["checked"]:
                    report.problems.append(f"seed {game_seed}: not deterministic: the game {label} with the same seed "
                                           f"and answers recorded a different event log "
                                           f"({_first_line_difference(logs['checked'], logs[label])})")
    if raise_on_problems and report.problems:
        raise ConformanceError(report)
    return report


def _first_line_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"event {i + 1}: {_short(x)} vs {_short(y)}"
    return f"{len(la)} events vs {len(lb)}"


@pytest.fixture
def conformance() -> Callable[..., ConformanceReport]:
    """The conformance kit as a fixture: ``conformance(system, **options)`` runs
    :func:`check_system` and fails the test with its report when a contract is broken."""
    def run(system: Any, **options: Any) -> ConformanceReport:
        return check_system(system, **options)
    return run
