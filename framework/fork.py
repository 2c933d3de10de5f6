"""Forks by copy: an independent game at the decision its parent waits for, without replaying it.

A game waiting for an answer is suspended inside its own Python call stack (the system's turn, a
response window, :meth:`Game.act <rulestack.game.Game.act>`), and a stack cannot be copied. But
the turn of a system can be *re-entered from the state*: ``play_turn`` plays the turn from the
recorded phase (that is how a :class:`~rulestack.scenario.Scenario` starts a position), and at
some action windows — the top of a main phase's loop, say — re-entering reaches the very same
decision with the very same future. There, a fork is:

1. a copy of the state (:func:`rulestack.state_copy.copy_state`: cards, zones, players, items,
   effects, values, the RNG's state, the answers given), bound to a new journal that continues
   the parent's numbering of versions;
2. a new :class:`~rulestack.game.Game` playing on that copy (``Game(..., state=copy)``: nothing
   set up again) on the parent's :class:`~rulestack.runtime.Runtime`, with copies of what the
   game keeps beside its state: the card index, the runaway guard's counters (events this turn,
   action windows opened this turn, positions seen), each card script's use of its instruction
   allowances (carried over by card code: :meth:`LuaSandbox.usage <rulestack.sandbox.LuaSandbox.usage>`),
   and the system instance's plain per-game values (its caches keyed on the journal's version,
   which stay valid since the copy's versions continue the parent's; a value that is not plain
   data — a cache holding the parent's card objects — starts empty instead);
3. the game loop re-entered in a greenlet (:class:`~rulestack.step.StepGame`), which runs to the
   first decision. The window it re-enters takes the parent's legal actions (the same player at
   the same window of an unchanged copy of the same state has the same ones) rather than asking
   the rules again.

What a fork shares with its parent is what cannot change: card definitions (and their compiled
scripts), zone specs, the log's events (frozen), the pending decision's actions (frozen records),
and the runtime (card pool, card facts, idle engines). A fork plays on an engine of its own — an
idle one of the runtime's pool: system instance, plugin manager and a Lua sandbox with the
scripts already compiled — never on its parent's: a sandbox holds per-game things (each script's
allowance usage, the game its ``math.random`` draws for, the script calls running), and the
parent may be in the middle of a call. Card scripts keep nothing between calls (their globals
are reset after each; what a card remembers, ``ctx:remember``, is in the state's ``card.memory``),
so a sandbox another game used is as good as a new one: the tests play a fork and its parent
interleaved and compare each with a replay of its own answers. Taking an idle engine costs a few
microseconds; the fork's cost is mostly the state copy (one Python object per card, zone and
container) and re-entering the turn to its window (``benchmarks/fork_bench.py`` prints both).

Which windows may be re-entered is the system's word: its class attribute ``resumable_windows``
(a set of window names, default none). The host then checks what it can before it trusts the
copy: re-entering must reach a decision (a) of the same player, kind, prompt and options as the
parent's, (b) at the same place in the code (the same functions at the same lines, from
:meth:`Game.play` down to the question, and the same plain locals in the host's own frames: a
response window's count of passes, who has priority), (c) without changing the state on the way
(no mutation, no event, no draw from the RNG). If any check fails, the copy is thrown away and
the fork replays (:func:`rulestack.search.replay_to`) — always right, only slower.

Decisions that cannot be copied, and are forked by replay: every decision asked from inside a
running card script (a target, a cost, "choose one": the script's Lua coroutine and the greenlet
it runs on are paused in the middle), every decision asked in the middle of a procedure (a chain
being built, an attack being declared, the choice of a discard), and any window the system does
not declare re-entrant.

Yu-Gi-Oh!, Digimon and One Piece declare their main phase's window re-entrant. Magic: The
Gathering and PMV do not, and are forked by replay, because their turns cannot be re-entered at a
priority window without changing the state: MTG's ``play_turn`` starts the recorded step over
(it records the phase again, which triggers "at the beginning of" abilities, and repeats the
step's turn-based actions: untap, draw, Saga lore counters), and PMV's phases begin with their
regulated effect and a recorded event (``test_a_window_wrongly_declared_reentrant_is_caught_and_replayed``
shows the host refusing such a copy). Priority in both is also a host response window whose
loop (passes in succession, who holds priority) lives in Python locals, not in the state. Either
system becomes forkable by copy when its turn can resume inside a step — its priority loop
entered at the window with the step's beginning already done, and the response window's
counters kept in the state — and then declares ``resumable_windows = {"priority"}``.
"""
from __future__ import annotations

import sys
from types import FrameType
from typing import TYPE_CHECKING, Any

from .errors import RulestackError
from .journal import Journal
from .state_copy import copy_state
from .step import StepGame, _Handoff
from ._asking import DecisionAsking

if TYPE_CHECKING:
    from .decisions import Decision
    from .game import Game

__all__ = ["ForkedGame", "copy_fork", "resumable", "waiting_frames"]

_DECIDE = DecisionAsking.decide.__code__
_ACT = DecisionAsking.act.__code__
_HOST = __name__.rpartition(".")[0] + "."   # "rulestack.": frames of the host's own code
_PLAIN = (int, str, bool, float, type(None))


class _Seat:
    """The agent of a fork's seat until its :class:`ForkedGame` hands the decisions to its driver."""

    def decide(self, decision: "Decision", seat: Any) -> Any:
        raise RuntimeError("a fork's decisions are answered through its ForkedGame (apply)")


_SEAT = _Seat()


class ForkedGame(StepGame):
    """A fork: a :class:`~rulestack.step.StepGame` paused at its parent's pending decision, saying
    how it was made (:attr:`method`: ``"copy"`` or ``"replay"``)."""

    def __init__(self, game: "Game", method: str) -> None:
        #: ``"copy"`` (the state copied, the turn re-entered) or ``"replay"`` (the answers replayed).
        self.method = method
        super().__init__(game)

    def close(self) -> None:
        """Abandon the fork (its engine goes back to the runtime), and let go of its game's rules
        objects at once: they refer to the game and it to them, so they would otherwise wait for
        Python's cyclic garbage collector, whose passes a search making thousands of forks pays
        for (about a sixth of a fork's time, measured). The game's state, answers and result can
        still be read; anything else says the fork was closed."""
        super().close()
        game = self.game
        game._unbind_delegates()
        for name in _RULES_OBJECTS:
            if name in vars(game):
                setattr(game, name, _Closed(name))
        game.agents = []
        game.journal.checkpoint()
        self._runner = None  # type: ignore[assignment]


#: A game's objects that refer back to it (see :meth:`ForkedGame.close`).
_RULES_OBJECTS = ("views", "derived", "asking", "primitives", "flow", "_runaway")


class _Closed:
    """Stands for a closed fork's rules object: says so when used."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):   # (what copy, pickle or hasattr probe for)
            raise AttributeError(attr)
        raise RulestackError(f"this fork was closed, and its game's {self._name.lstrip('_')} with it: read its "
                             f"state, decisions and result, or fork the parent again to play on (asked for .{attr})")


_PLAY: list[Any] = []


def _game_play_code() -> Any:
    if not _PLAY:
        from .game import Game
        _PLAY.append(Game.play.__code__)
    return _PLAY[0]


def waiting_frames(game: "Game") -> list[FrameType] | None:
    """The frames of ``game``'s rules that wait for the pending answer, innermost first: from
    :meth:`DecisionAsking.decide` (asking an agent) out to :meth:`Game.play`. Found on the stack
    of the paused greenlet of a stepped game, or on the caller's own stack (an agent deciding
    inside ``game.play()``). ``None`` when the game is not waiting for an answer."""
    starts: list[FrameType | None] = []
    agent = game.agents[0] if game.agents else None
    if isinstance(agent, _Handoff):
        runner = agent.stepper._runner
        starts.append(runner.gr_frame if runner else None)
    starts.append(sys._getframe(1))
    play = _game_play_code()
    for frame in starts:
        chain: list[FrameType] = []
        while frame is not None:
            if chain:
                chain.append(frame)
                if frame.f_code is play:
                    return chain
            elif frame.f_code is _DECIDE and frame.f_locals.get("self") is game.asking:
                chain.append(frame)
            frame = frame.f_back
    return None


def _window(frames: list[FrameType]) -> str | None:
    """The action window the game waits in (``None``: another kind of decision)."""
    if len(frames) > 1 and frames[1].f_code is _ACT:
        window = frames[1].f_locals.get("window")
        return window if isinstance(window, str) else None
    return None


def resumable(game: "Game", window: str | None) -> bool:
    """Has the system declared ``window`` an action window its turn can be re-entered at (its
    class attribute ``resumable_windows``)?"""
    return window is not None and window in game.system.resumable_windows


def _same_decision(a: "Decision", b: "Decision") -> bool:
    return (a.player == b.player and a.kind == b.kind and a.prompt == b.prompt and a.min == b.min
            and a.max == b.max and len(a.options) == len(b.options)
            and all(x.label == y.label and x.value == y.value for x, y in zip(a.options, b.options)))


#: Which frames' plain locals :func:`_same_place` compares, by code: the host's, but for the
#: plumbing between the rules (hook calls, the loop of turns, the asking of an agent).
_COMPARE_LOCALS: dict[Any, bool] = {}
_PLUMBING = _HOST + "_hookcall"


def _same_place(parent: list[FrameType], child: list[FrameType]) -> bool:
    """The same functions at the same lines; in the host's own frames (a response window's count
    of passes, who has priority) the same plain local values too. A system's frames are the
    system's word (``resumable_windows``): their locals may differ harmlessly (where the turn
    was entered from)."""
    if len(parent) != len(child):
        return False
    for p, c in zip(parent, child):
        code = p.f_code
        if code is not c.f_code or p.f_lineno != c.f_lineno:
            return False
        compare = _COMPARE_LOCALS.get(code)
        if compare is None:
            module = p.f_globals.get("__name__", "")
            compare = _COMPARE_LOCALS[code] = (module.startswith(_HOST) and module != _PLUMBING
                                               and code is not _DECIDE and code is not _game_play_code())
        if compare:
            mine, theirs = p.f_locals, c.f_locals
            for name, value in mine.items():
                if type(value) in _PLAIN and name in theirs and theirs[name] != value:
                    return False
    return True


def copy_fork(parent: "Game") -> ForkedGame | None:
    """A fork of ``parent`` by copy (see the module docstring), paused at the parent's pending
    decision; ``None`` when the parent cannot be forked so (no decks, not waiting at a window its
    system declared re-entrant, or re-entering did not reach the same place untouched): the
    caller replays then."""
    if not parent.decks or parent.state.result is not None or parent.flow.dry_run or parent.in_transaction:
        return None
    frames = waiting_frames(parent)
    if frames is None:
        return None
    decision = frames[0].f_locals.get("decision")
    if decision is None or not resumable(parent, _window(frames)):
        return None
    child = _copy_game(parent)
    journal = child.journal
    version, events = journal.version, len(child.state.log)
    _offer_parents_actions(child, frames[1].f_locals, version)
    try:
        step = ForkedGame(child, "copy")
    except Exception:
        child.close()
        return None
    child_frames = waiting_frames(child)
    if (step.decision is None or child_frames is None or journal.version != version
            or len(child.state.log) != events or not _same_decision(decision, step.decision)
            or not _same_place(frames, child_frames)):
        step.close()
        return None
    _copy_window_count(parent, child)
    return step


def _offer_parents_actions(child: "Game", window_locals: dict[str, Any], version: int) -> None:
    """Let the re-entered window take the parent's legal actions instead of asking the rules for
    them again: the same player at the same window of an unchanged copy of the same state has the
    same legal actions (the rules are a function of the state: what a replay relies on). Offered
    once, and only while the copy is unchanged; :func:`copy_fork` checks the decision it reaches
    all the same."""
    asking = child.asking
    player, window, actions = window_locals.get("player"), window_locals.get("window"), window_locals.get("actions")
    if not isinstance(actions, list):
        return
    journal, log = child.journal, child.state.log
    events = len(log)

    def legal_actions(p: int, w: str) -> list:
        del asking.legal_actions   # once: the next windows ask the rules
        if p == player and w == window and journal.version == version and len(log) == events:
            return list(actions)
        return type(asking).legal_actions(asking, p, w)

    asking.legal_actions = legal_actions  # type: ignore[method-assign,assignment]


def _copy_window_count(parent: "Game", child: "Game") -> None:
    """The runaway guard's count of this turn's action windows and the positions seen (a position
    coming back too often ends the game: :mod:`rulestack.runaway`): the parent's, now that the
    child has counted the window it re-entered (the parent counted it once, as it opened)."""
    guard, mine = parent._runaway, child._runaway
    mine.window_turn, mine.windows, mine.seen = guard.window_turn, guard.windows, dict(guard.seen)


def _copy_usage(parent: "Game", child: "Game") -> None:
    """What each card's script has used of its instruction allowances this turn and this game
    (a card past its allowance is stopped by name): the parent's, carried over to the child's
    sandbox by card code (each sandbox numbers its scripts its own way)."""
    used = parent.sandbox.usage()
    mine, theirs = child._engine, parent._engine
    assert mine is not None and theirs is not None
    code_of = {sid: code for code, sid in theirs.script_ids.items()}
    pool = parent.pool
    child.sandbox.set_usage({mine.script(pool.definition(code_of[sid])): counts for sid, counts in used.items()
                             if sid in code_of})


_NOT_PLAIN = object()
_SCALARS = frozenset({int, str, bool, float, type(None), bytes})


def _plain_copy(value: Any) -> Any:
    """A copy of ``value`` if it is plain data (scalars, and tuples, frozensets, lists and dicts
    of plain data), else ``_NOT_PLAIN``."""
    t = type(value)
    if t in _SCALARS:
        return value
    if t is tuple or t is frozenset:
        if all(type(v) in _SCALARS for v in value):
            return value   # (immutable all through: shared)
        items = [_plain_copy(v) for v in value]
        return _NOT_PLAIN if any(v is _NOT_PLAIN for v in items) else t(items)
    if t is list:
        out = [_plain_copy(v) for v in value]
        return _NOT_PLAIN if any(v is _NOT_PLAIN for v in out) else out
    if t is dict:
        pairs = [(_plain_copy(k), _plain_copy(v)) for k, v in value.items()]
        return _NOT_PLAIN if any(k is _NOT_PLAIN or v is _NOT_PLAIN for k, v in pairs) else dict(pairs)
    return _NOT_PLAIN


def _copy_system_values(parent: "Game", child: "Game") -> None:
    """A system instance's attributes are its per-game values (an engine puts them back as they
    were when its game ends): caches keyed on the journal's version or the number of cards, and
    whatever else the system keeps. The child takes a copy of the parent's plain ones; its journal
    continues the parent's numbering, so that a cache of the parent's last version (say, "the game
    was found settled at version N") holds in the child. Any other value (a cache holding the
    parent's card objects) stays as the child's engine had it: new, an empty cache."""
    mine = vars(child.system)
    for name, value in vars(parent.system).items():
        if type(value) in _SCALARS:
            mine[name] = value
            continue
        current = mine.get(name, _NOT_PLAIN)
        if type(current) is type(value) and current == value:
            continue   # (the settings, say: the child has its own equal one)
        copied = _plain_copy(value)
        if copied is not _NOT_PLAIN:
            mine[name] = copied
    child.journal.version = parent.journal.version


def _copy_index(parent: "Game", child: "Game") -> None:
    """The card index (which cards listen for which events, have replacements, statics ...): a
    copy of the parent's lists; what it knows of each definition is the runtime's, shared."""
    index, source = child.index, parent.index
    for name in type(index).__slots__:
        if name != "_facts":
            copied = _plain_copy(getattr(source, name))
            if copied is _NOT_PLAIN:
                raise TypeError(f"fork: the card index's {name} is not plain data: update rulestack.fork._copy_index")
            setattr(index, name, copied)


def _copy_game(parent: "Game") -> "Game":
    """A new game on the parent's runtime playing on a copy of its state (its RNG where the
    parent's is), with a copy of its card index and counters, not started (its loop is
    re-entered by the caller)."""
    from .game import Game
    state = copy_state(parent.state, Journal())
    seats = [_SEAT] * len(parent.agents)   # (replaced by the StepGame's own at once)
    child = Game(parent.runtime.system_cls, seed=parent.seed, runtime=parent.runtime, agents=seats, state=state)
    _copy_index(parent, child)
    child.decks = list(parent.decks)
    child.started = True
    child.auto_single = parent.auto_single
    guard, mine = parent._runaway, child._runaway
    if guard.armed:   # the scripts' allowances, as the parent's runaway guard set them at its first event
        child.sandbox.set_allowances()
        _copy_usage(parent, child)
    mine.limit, mine.turn, mine.count, mine.ended, mine.armed = (guard.limit, guard.turn, guard.count, guard.ended,
                                                                  guard.armed)
    _copy_system_values(parent, child)
    return child
