"""The game: the host's one object a system and its cards talk to.

:class:`Game` knows no game's rules. It owns the state and its journal, the engine it plays on
(system, plugin manager, Lua sandbox: see :mod:`rulestack.runtime`), records events with their
causes, runs card scripts and the main loop, and hands the other jobs to objects it composes, each
given the others it works with:

- :class:`~rulestack._primitives.StatePrimitives` (``game.primitives``): every change to the state;
- :class:`~rulestack._derived.DerivedValues` (``game.derived``): filters and derived values;
- :class:`~rulestack._activation.ActionFlow` (``game.flow``): the flow of an action, top to bottom;
- :class:`~rulestack._asking.DecisionAsking` (``game.asking``): decisions and action windows;
- :class:`~rulestack._views.PlayerViews` (``game.views``): what each player may see.

Their public methods are also the game's (``game.move``, ``game.activate`` ...), as thin
delegations, so plugins and card scripts call the game as they always did.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Generic, Iterable, Mapping, Sequence, TypeVar, overload

import attrs

from .agents import Agent, RandomAgent
from .cards import Ability, CardDefinition, CostComponent, Deck, ScriptFunction
from .context import EffectContext, stopped_call
from .errors import ConfigurationError, DeckError, GameAborted, GameOver, RulestackError, StopResolution
from .events import Cause, Event
from .flow import Action, Activation, ChoiceRequest, GameResult, PendingTrigger
from .journal import Journal, _list_append, _list_pop, _osetattr, fresh_version
from .rng import GameRandom
from .runtime import Engine, Runtime
from .runaway import RunawayGuard
from .sandbox import LuaFunctionRef, LuaSandbox, ScriptError
from .state import Card, EventData, FloatingEffect, GameState, Item, Player, Zone
from .system import GameSystem, find_system
from . import decisions as d
from ._activation import ActionFlow
from ._asking import DecisionAsking, Seat
from ._derived import DerivedValues
from ._hookcall import direct_hooks
from ._primitives import BOTTOM, TOP, CardIndex, StatePrimitives
from ._views import PlayerViews

__all__ = ["BOTTOM", "TOP", "Game", "Seat"]

T = TypeVar("T")

_CAUSES = Cause.ALL

#: What ``Event(...)`` does (its ``__init__`` sets each field's slot: rulestack._frozen), without
#: the class call and the frame of ``__init__`` (an event has no post-init step).
_new_object = object.__new__
_event_seq, _event_kind, _event_cause, _event_source, _event_player, _event_data = (
    getattr(Event, name).__set__ for name in ("seq", "kind", "cause", "source", "player", "data"))
assert [f.name for f in attrs.fields(Event)] == ["seq", "kind", "cause", "source", "player", "data"]
assert not hasattr(Event, "__attrs_post_init__")

#: The parts of an engine a game shows as its own attributes (see :class:`_EnginePart`).
_ENGINE_PARTS = ("system", "pm", "sandbox")
#: The host's own parts of a game, each of which holds the game (see :class:`_HostPart`; a closed
#: fork replaces them for good, ``rulestack.fork``).
_HOST_PARTS = ("views", "derived", "asking", "primitives", "flow", "_runaway")

#: The methods of :class:`Game` that only hand their arguments on, unchanged, to the same method of
#: one of the game's parts (same signature: ``tests/host/test_game_delegates.py``), by part. A game
#: sets each part's bound method as its own attribute (:meth:`Game._bind_delegates`), so that a call
#: (thousands per game) goes there at once instead of through a second call that repacks the
#: arguments; the methods of the class stay, for the documentation and the type checker.
_DELEGATES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("primitives", ("create_card", "new_id", "move", "shuffle", "set_status", "add_counters", "remove_counters",
                    "set_life", "change_life", "set_value", "remember", "set_phase", "add_effect", "end_effects",
                    "end_game")),
    ("derived", ("matches", "find", "values", "value", "has_keyword", "abilities_removed", "is_text_negated")),
    ("flow", ("activatable", "activation_problem", "used_this_turn", "activate", "put_trigger", "assemble_cost",
              "cost_payable", "pay_cost", "request_choice", "resolve", "run_resolution", "run_state_checks",
              "take_triggers")),
    ("asking", ("decide", "card_option", "choose_cards", "choose_players", "yes_no", "choose_option",
                "choose_number", "order", "act", "perform")),   # (not legal_actions: a fork sets the asking's own)
    ("views", ("can_see", "card_view", "view", "visible_log")),
)


class _EnginePart(Generic[T]):
    """A part of the game's engine (``game.system``, ``game.pm``, ``game.sandbox``): a plain
    attribute of the game while it holds its engine (:meth:`Game._take_engine` sets it, a
    release removes it); without one, reading it takes the engine again, as a property would."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, game: None, owner: type) -> "_EnginePart[T]": ...

    @overload
    def __get__(self, game: Game, owner: type) -> T: ...

    def __get__(self, game: Game | None, owner: type) -> "T | _EnginePart[T]":
        if game is None:
            return self
        engine = game._engine
        value: T = getattr(engine if engine is not None else game._take_engine(), self.name)
        return value


class _HostPart(Generic[T]):
    """One of the host's parts of a game (``game.views``, ``game.derived``, ``game.asking``,
    ``game.primitives``, ``game.flow``, the runaway guard). Each part holds the game, so a game
    and its parts form reference cycles, which only a full garbage collection frees: a process
    playing game after game would keep many finished games in memory. When a game gives its engine
    back, it lets go of its parts (:meth:`Game._unlink_parts`), so that a finished game is freed
    by reference counting at once; reading a part again links them all back. While linked, a part
    is a plain attribute of the game (this descriptor is not consulted)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, game: None, owner: type) -> "_HostPart[T]": ...

    @overload
    def __get__(self, game: Game, owner: type) -> T: ...

    def __get__(self, game: Game | None, owner: type) -> "T | _HostPart[T]":
        if game is None:
            return self
        game._link_parts()
        value: T = getattr(game, self.name)
        return value


class Game:
    """One game of one system.

    Build a game from decks with ``Game("mtg", ["red_burn", "white_weenie"], seed=1)`` and call
    :meth:`play`; build a position directly with :meth:`Game.empty` (see :mod:`rulestack.scenario`).
    ``cards`` adds card data files (a modder's cards) to the system's own; ``runtime`` plays on a
    given :class:`~rulestack.runtime.Runtime` (default: the process's one for the system, settings
    and card files); ``state`` plays on a given state (a fork's copy, see :mod:`rulestack.fork`:
    its journal and RNG become the game's, and no players, zones or decks are set up).
    """

    def __init__(self, system: str | type[GameSystem], decks: Sequence[Deck | str] = (), *, seed: int = 0,
                 agents: Sequence[Agent] | None = None, settings: Mapping[str, Any] | None = None,
                 plugins: Iterable[Any] = (), player_names: Sequence[str] | None = None,
                 sandbox_options: Mapping[str, Any] | None = None, cards: Iterable[str] = (),
                 runtime: Runtime | None = None, state: GameState | None = None) -> None:

        if state is not None and decks:
            raise ConfigurationError("a game on a given state has its cards already: pass no decks "
                                     "(set game.decks for a replay)")
        if runtime is None:
            runtime = Runtime.get(system, settings, cards, sandbox_options)
        else:
            if find_system(system) is not runtime.system_cls:
                raise ConfigurationError(f"the runtime is one of system {runtime.system_cls.name!r}, "
                                         f"not of {getattr(system, 'name', system)!r}")
            if settings or sandbox_options or tuple(cards):
                raise ConfigurationError("a game on a given runtime takes its settings, card files and sandbox "
                                         "options from it: pass them to Runtime(...) instead")
        #: The per-process part this game uses (system, plugin manager, card pool, Lua sandbox).
        self.runtime = runtime
        system_cls = runtime.system_cls
        self.pool = runtime.pool
        self._plugins = tuple(plugins)
        self._engine: Engine | None = None
        self.seed = seed
        #: A number naming the game's cards and their definitions (see :meth:`cards_changed`):
        #: read it, never set it.
        self.cards_version: int = fresh_version()
        if state is None:
            self.journal = Journal()
            self.state = GameState(self.journal)
            self.rng = GameRandom(seed, self.journal, self.state.random)
        else:   # a given state (a fork's copy: rulestack.fork), its RNG where it is
            self.journal, self.state = state.journal, state
            self.rng = GameRandom.resuming(state.random, state.journal)
        n = system_cls.player_count
        self.agents: list[Agent] = list(agents) if agents else [RandomAgent(seed * 7919 + i + 1) for i in range(n)]
        if len(self.agents) != n:
            raise ConfigurationError(f"{system_cls.name} needs {n} agents, got {len(self.agents)}")
        self.decks: list[Deck] = []
        self.started = False
        self._tx_depth = 0
        # The jobs of the host, each an object handed the others it works with.
        self.index = CardIndex(runtime.card_facts)
        views = PlayerViews(self)
        derived = DerivedValues(self, self.index)
        asking = DecisionAsking(self, views, plain_transaction=type(self).transaction is Game.transaction)
        primitives = StatePrimitives(self, self.index, views, derived)
        self._unlinked: tuple[Any, ...] | None = (
            views, derived, asking, primitives, ActionFlow(self, self.index, primitives, derived, asking),
            RunawayGuard(self))
        self._link_parts()
        self._observed = False
        #: The undo entry of an event appended to the log (see :meth:`_emit`), for the log it names.
        self._log_undo: tuple[Any, ...] = (_list_pop, None)
        self._take_engine()
        self.auto_single = True
        if state is not None:   # players, zones and cards are the given state's
            return
        names = list(player_names) if player_names else [f"P{i}" for i in range(n)]
        for i in range(n):
            self.state.players.append(Player(i, names[i]))
        for spec in self.system.zones:
            if spec.per_player:
                for i in range(n):
                    self.state.zones[(spec.name, i)] = Zone(spec, i)
            else:
                self.state.zones[(spec.name, None)] = Zone(spec, None)
        try:
            for i, deck in enumerate(decks):
                self.load_deck(i, deck)
        except BaseException:
            self._release_engine()   # a game that could not be built gives its engine back
            raise

    @classmethod
    def empty(cls, system: str | type[GameSystem], **kwargs: Any) -> "Game":
        """A game with no decks and no setup, for building a position directly."""
        game = cls(system, (), **kwargs)
        game.started = True
        game.state.turn = 1
        return game

    # -- decks and cards ---------------------------------------------------------------------
    def load_deck(self, player: int, deck: Deck | str) -> None:
        """Put a deck's cards into their starting zones (face down), and check the deck."""
        if isinstance(deck, str):
            deck = self.pool.deck(deck)
        self.decks.append(deck)
        for section, codes in deck.sections.items():
            zone = self.system.deck_sections[section]
            if not self.started:   # the starting state: loaded at once, without undo entries
                self.primitives.load_cards(codes, player, zone)
                continue
            for code in codes:
                self.primitives.create_card(code, player, zone, silent=True)
        problems = [p for ps in self.pm.hook.validate_deck(game=self, deck=deck) for p in ps]
        if problems:
            raise DeckError("; ".join(problems), file=deck.file or deck.name)

    def definition(self, code: str) -> CardDefinition:
        """The definition of a card code (its script compiled into the sandbox on first use)."""
        definition = self.pool.definition(code)
        if definition.source is not None:
            (self._engine or self._take_engine()).script(definition)
        return definition

    # -- the runtime's engine ----------------------------------------------------------------
    def _take_engine(self) -> Engine:
        engine = self._engine = self.runtime.engine(self, self._plugins)
        direct_hooks(engine.pm)   # plain implementations called directly (rulestack._hookcall)
        self._observed = len(engine.pm.hook.on_event.get_hookimpls()) > 0
        # While the game holds the engine, its parts are plain attributes of the game (read
        # thousands of times per game); without one, the class's descriptors take one again.
        # (Set and deleted by name, not through ``__dict__``: that would make every attribute of the
        # game slower to read.)
        for name in _ENGINE_PARTS:
            setattr(self, name, getattr(engine, name))
        return engine

    def _bind_delegates(self) -> None:
        """Make each method of :data:`_DELEGATES` the part's bound method, as an attribute of this
        game (unless a subclass overrides it: then the override is called)."""
        cls = type(self)
        for part_name, names in _DELEGATES:
            part = getattr(self, part_name)
            for name in names:
                if getattr(cls, name) is getattr(Game, name):
                    setattr(self, name, getattr(part, name))

    def _unbind_delegates(self) -> None:
        """Forget the bound methods :meth:`_bind_delegates` set (they refer to the game's parts,
        which refer to the game: :meth:`_unlink_parts`)."""
        for _, names in _DELEGATES:
            for name in names:
                try:
                    delattr(self, name)
                except AttributeError:   # not bound (a subclass's override)
                    pass

    def _release_engine(self) -> None:
        engine, self._engine = self._engine, None
        for name in _ENGINE_PARTS:
            try:
                delattr(self, name)
            except AttributeError:   # not taken (the descriptor answers)
                pass
        if engine is not None:
            engine.release()
        self._unlink_parts()

    def _link_parts(self) -> None:
        """Give the host's parts the game again and make them plain attributes (see :class:`_HostPart`)."""
        parts, self._unlinked = self._unlinked, None
        if parts is None:
            return
        for name, part in zip(_HOST_PARTS, parts):
            part.game = self
            setattr(self, name, part)
        self._bind_delegates()

    def _unlink_parts(self) -> None:
        """Let go of the reference cycles a game is part of, so that it is freed by reference
        counting once nothing else holds it: the host's parts forget the game (until one is read
        again, :class:`_HostPart`), and, outside a transaction or trial, the undo log is forgotten
        (its entries hold the state, which holds the journal; nothing can roll back past the end
        of :meth:`play` anyway, as play itself starts by forgetting it)."""
        if self._unlinked is None:
            self._unbind_delegates()
            parts = tuple(getattr(self, name) for name in _HOST_PARTS)
            for name, part in zip(_HOST_PARTS, parts):
                part.game = None
                delattr(self, name)
            self._unlinked = parts
        if not self._tx_depth:
            self.journal.checkpoint()

    #: The system instance (its settings, data and hooks).
    system: _EnginePart[GameSystem] = _EnginePart("system")
    #: The pluggy plugin manager: ``game.pm.hook.NAME(game=game, ...)`` asks the rules.
    pm: _EnginePart[Any] = _EnginePart("pm")
    #: The Lua sandbox running the card scripts.
    sandbox: _EnginePart[LuaSandbox] = _EnginePart("sandbox")
    #: What each player may see (:class:`~rulestack._views.PlayerViews`).
    views: _HostPart[PlayerViews] = _HostPart("views")
    #: Derived card values, modifiers and filters.
    derived: _HostPart[DerivedValues] = _HostPart("derived")
    #: Asking players for decisions and actions.
    asking: _HostPart[DecisionAsking] = _HostPart("asking")
    #: The primitives that change the state (moves, values, events).
    primitives: _HostPart[StatePrimitives] = _HostPart("primitives")
    #: The flow of an action: activation, costs, targets, triggers, state checks.
    flow: _HostPart[ActionFlow] = _HostPart("flow")
    _runaway: _HostPart[RunawayGuard] = _HostPart("_runaway")
    #: The names of the host's parts, each of which holds the game (see :class:`_HostPart`).
    HOST_PARTS: ClassVar[tuple[str, ...]] = _HOST_PARTS

    def cards_changed(self) -> None:
        """Say that the game's cards changed: a card was created, left the game's cards
        (``state.cards``) or got another definition. :attr:`cards_version` takes a number never
        given before (in the whole process: :func:`~rulestack.journal.fresh_version`), journaled,
        so that a rollback gives back the number of the cards it returns to. The host's primitives
        (:meth:`create_card`, deck loading, :meth:`become` and the move that ends a copy) call it;
        code changing ``state.cards`` or a card's ``definition`` another way must call it too.

        While :attr:`cards_version` is the same number, the game has the same card objects (by
        identity, under the same ids) with the same definitions, so what was worked out from the
        cards' definitions alone (which cards have a static ability, where activations are
        searched ...) holds: key such a cache on it (and keep the cache per game, or compare
        the game too)."""
        journal = self.journal
        journal._undo.append((_osetattr, self, "cards_version", self.cards_version))
        self.cards_version = fresh_version()

    # -- accessors ---------------------------------------------------------------------------
    def card(self, card_id: int) -> Card:
        """The card with this id."""
        try:
            return self.state.cards[card_id]
        except KeyError:
            raise RulestackError(f"no card with id {card_id!r}") from None

    def zone(self, name: str, player: int | None = None) -> Zone:
        """A zone by name and player (``None`` for shared zones)."""
        try:
            return self.state.zones[(name, player)]
        except KeyError:   # a shared zone asked for with a player, or no such zone (the error says)
            return self.state.zone(name, player)

    def cards_in(self, name: str, player: int | None = None) -> list[Card]:
        """The cards in a zone, bottom to top."""
        state = self.state
        cards = state.cards
        try:
            z = state.zones[(name, player)]
        except KeyError:   # as zone() does (asked thousands of times per game: not through it)
            z = state.zone(name, player)
        return list(map(cards.__getitem__, z.cards))

    @property
    def decisions(self) -> list[Any]:
        """Every answer given by an agent, in order: with the seed and decks, a full replay. It
        is part of the state (``state.decisions``) but kept by rollbacks."""
        return self.state.decisions

    @decisions.setter
    def decisions(self, answers: list[Any]) -> None:
        # Kept as given (a harness may stream each answer as it is appended), and not journaled.
        object.__setattr__(self.state, "decisions", answers)

    @property
    def players(self) -> list[Player]:
        return self.state.players

    def player(self, index: int) -> Player:
        return self.state.players[index]

    def opponent(self, player: int) -> int:
        """The next player after ``player`` (the opponent in a two-player game)."""
        return (player + 1) % len(self.state.players)

    def apnap(self) -> list[int]:
        """Players in turn order starting with the active (turn) player."""
        n = len(self.state.players)
        return [(self.state.active_player + i) % n for i in range(n)]

    @property
    def active_player(self) -> int:
        return self.state.active_player

    @property
    def events(self) -> list[Event]:
        return self.state.log

    @property
    def over(self) -> bool:
        return self.state.result is not None

    # -- events and transactions -------------------------------------------------------------
    def record(self, kind: str, *, cause: str = Cause.RULE, source: int | None = None,
               player: int | None = None, **data: Any) -> Event:
        """Record an event; it is matched against triggered abilities and shown to observers."""
        return self._emit(kind, cause, source, player, EventData(data))

    def _emit(self, kind: str, cause: str, source: int | None, player: int | None, data: EventData) -> Event:
        """:meth:`record` with the event's data made by the caller (an :class:`EventData` no one else
        holds): for the host's primitives, which record thousands of events per game, without
        packing their fields as keywords and copying them twice."""
        if cause not in _CAUSES:
            raise ValueError(f"unknown cause {cause!r}; use one of {sorted(Cause.ALL)}")
        state = self.state
        log = state.log
        ev = _new_object(Event)   # Event(len(log) + 1, kind, cause, source, player, data), its slots set here
        _event_seq(ev, len(log) + 1)
        _event_kind(ev, kind)
        _event_cause(ev, cause)
        _event_source(ev, source)
        _event_player(ev, player)
        _event_data(ev, data)
        _list_append(log, ev)   # the journal's ``log``, inline: recorded, the version unchanged
        entry = self._log_undo  # its undo entry, one tuple for every event of this log (nothing allocated)
        if entry[1] is not log:
            entry = self._log_undo = (_list_pop, log)
        self.journal._undo.append(entry)
        if not self.flow.dry_run:
            guard = self._runaway   # a turn past any legal game's events ends the game (rulestack.runaway)
            if guard.turn == state.turn and guard.count < guard.limit:
                guard.count += 1     # the common case, counted here (RunawayGuard.event does the rest)
            else:
                guard.event(ev)
            if kind in self.index.listeners:
                self.flow.match_triggers(ev)
            if self._observed:
                self.pm.hook.on_event(game=self, event=ev)
        return ev

    def transaction(self) -> "_Transaction":
        """All or nothing: if the block fails (other than by the game ending), the state returns
        to exactly what it was before it. Use as ``with game.transaction(): ...``."""
        return _Transaction(self)

    @property
    def in_transaction(self) -> bool:
        """True inside :meth:`transaction` (an action being performed, an activation)."""
        return self._tx_depth > 0

    def set(self, obj: Any, attr: str, value: Any) -> None:
        """Set an attribute of a state object (an item, an effect), journaled."""
        self.journal.setattr(obj, attr, value)

    # -- scripts -----------------------------------------------------------------------------
    def context(self, **kw: Any) -> Any:
        """A new :class:`~rulestack.context.EffectContext` (what ``ctx`` is to a script)."""
        return EffectContext(self, **kw)

    def run_script(self, card: Card, fn: Any, ctx: Any, *args: Any) -> Any:
        """Call a function of a card's ability: a Lua function of its script (in the sandbox, with
        ``ctx``) or a Python callable given by a keyword expansion (``fn(ctx, *args)``)."""
        nested = self.sandbox.in_call()   # inside another script's host call: a stop ends only this call
        try:
            if isinstance(fn, ScriptFunction):
                engine = self._engine or self._take_engine()
                sid = engine.script(card.definition)
                engine.called.add(sid)
                cid = engine.next_ctx
                engine.next_ctx += 1
                contexts = engine.contexts
                contexts[cid] = ctx
                try:
                    return engine.sandbox.call(LuaFunctionRef(script=sid, path=fn.path, line=fn.line), cid, *args)
                finally:
                    del contexts[cid]
            return fn(ctx, *args)
        except StopResolution:
            return stopped_call(card, ctx, nested)
        except RulestackError as e:
            # Errors from host or system code called by the script: say whose script it was.
            if not isinstance(e, ScriptError) and not getattr(e, "__notes__", None):
                e.add_note(f"while running {card.name} ({card.definition.script or card.code})")
            raise

    # -- the main loop -----------------------------------------------------------------------
    def start(self) -> None:
        """Set the game up (the system's ``setup_game``), once."""
        if self.started:
            return
        self.started = True
        self.journal.setattr(self.state, "turn", 1)
        self.pm.hook.setup_game(game=self)

    def play(self) -> GameResult:
        """Play until the game ends; return the result. A card script error (or any other failure)
        rolls the state back to before the action that failed and raises :class:`GameAborted`."""
        self.journal.checkpoint()
        try:
            self.start()
            while True:
                self.pm.hook.play_turn(game=self)
                self.next_turn()
        except GameOver as over:
            return over.result
        except GameAborted:
            raise
        except (RulestackError, StopResolution) as e:   # card script errors included
            self.journal.rollback(0)
            where = "".join(f" ({note})" for note in getattr(e, "__notes__", ()))
            raise GameAborted(f"game aborted at turn {self.state.turn}: {e}{where}", cause=e) from e
        except Exception:
            self.journal.rollback(0)
            raise
        finally:
            # The game is over (or failed): its engine goes back to the runtime for the next game.
            # Anything that needs the rules again (a view, a derived value) takes one again.
            self._release_engine()

    def next_turn(self) -> None:
        """End the effects lasting until the end of this turn (``until_turn``), then pass the turn
        to the next player; a game past ``max_turns`` is a draw."""
        self.primitives.end_effects_of_turn(self.state.turn)
        nxt = self.pm.hook.next_turn(game=self)
        if nxt is None:
            nxt = self.opponent(self.state.active_player)
        if self.state.turn >= self.system.max_turns:
            self.primitives.end_game((), f"turn limit ({self.system.max_turns}) reached")
        j = self.journal
        j.setattr(self.state, "turn", self.state.turn + 1)
        j.setattr(self.state, "active_player", nxt)
        j.setattr(self.state, "phase", None)
        j.setattr(self.state, "step", None)
        if self.state.values.get("once_per_turn"):
            j.setitem(self.state.values, "once_per_turn", ())
        self._emit("turn_began", Cause.RULE, None, nxt, EventData({"turn": self.state.turn}))

    def fork(self) -> Any:
        """An independent copy of this game at the decision it waits for, as a
        :class:`~rulestack.step.StepGame` (by copy where it can, by replay otherwise; see
        :mod:`rulestack.search`)."""
        from .search import fork
        return fork(self)

    def close(self) -> None:
        """Give the game's engine (system instance, plugin manager, Lua sandbox) back to the
        runtime, made as new for the next game."""
        self._release_engine()

    def event_log_json(self) -> str:
        """The whole event log as canonical JSON lines (the same bytes for the same game)."""
        return "\n".join(ev.to_json() for ev in self.state.log)

    # -- primitives that change the state (rulestack._primitives) ----------------------------

    def create_card(self, code: str, owner: int, zone: str, *, zone_player: int | None = None,
                    face_up: bool | None = None, position: str | int = TOP, silent: bool = False,
                    cause: str = Cause.RULE, source: int | None = None) -> Card:
        """Create a card (a deck card at load time, or a token) in a zone. ``silent`` creations
        (building a position) record no event."""
        return self.primitives.create_card(code, owner, zone, zone_player=zone_player, face_up=face_up,
                                           position=position, silent=silent, cause=cause, source=source)

    def new_id(self) -> int:
        """A fresh sequential id (items, effects)."""
        return self.primitives.new_id()

    def move(self, card: Card | int, zone: str, player: int | None = None, *, position: str | int = TOP,
             face_up: bool | None = None, cause: str = Cause.EFFECT, source: int | None = None,
             by: int | None = None, kind: str = "moved", keep_status: bool = False, **extra: Any) -> Card:
        """Move a card to ``zone`` of ``player`` (default: the card's owner), after replacement
        effects. The card becomes a new object (its generation increases) and loses its status,
        counters and memory unless ``keep_status``. Records a ``moved`` event (or ``kind``)."""
        return self.primitives.move(card, zone, player, position=position, face_up=face_up, cause=cause,
                                    source=source, by=by, kind=kind, keep_status=keep_status, **extra)

    def become(self, card: Card | int, code: str, *, generation: int | None = None) -> Card:
        """Make a card the same object with another card's definition (a copy effect, MTG 707)
        while it is the object of ``generation`` (default: now); see
        :meth:`StatePrimitives.become <rulestack._primitives.StatePrimitives.become>`."""
        return self.primitives.become(self.card(card) if isinstance(card, int) else card, code, generation=generation)

    def printed_code(self, card: Card | int) -> str:
        """A card's own code, whatever card it is a copy of now (:meth:`become`)."""
        return self.primitives.printed_code(self.card(card) if isinstance(card, int) else card)

    def would_move_to(self, card: Card | int, zone: str, cause: str = Cause.COST) -> str:
        """Where a card sent to ``zone`` would really go after replacement effects (a cost that
        a replacement would change cannot be paid: Macro Cosmos)."""
        return self.primitives.would_move_to(card, zone, cause)

    def shuffle(self, zone: str, player: int | None = None, *, cause: str = Cause.RULE,
                source: int | None = None) -> None:
        """Shuffle a zone with the game's RNG."""
        return self.primitives.shuffle(zone, player, cause=cause, source=source)

    def set_status(self, card: Card | int, key: str, value: Any, *, cause: str = Cause.RULE,
                   source: int | None = None, by: int | None = None, quiet: bool = False) -> None:
        """Set a status of a card (``tapped``, ``rested``, ``position`` ... in the system's words)."""
        return self.primitives.set_status(card, key, value, cause=cause, source=source, by=by, quiet=quiet)

    def add_counters(self, card: Card | int, kind: str, n: int = 1, *, cause: str = Cause.EFFECT,
                     source: int | None = None, by: int | None = None) -> int:
        """Put ``n`` counters of ``kind`` on a card; returns the new total."""
        return self.primitives.add_counters(card, kind, n, cause=cause, source=source, by=by)

    def remove_counters(self, card: Card | int, kind: str, n: int = 1, *, cause: str = Cause.EFFECT,
                        source: int | None = None, by: int | None = None) -> int:
        """Remove up to ``n`` counters of ``kind``; returns how many were removed."""
        return self.primitives.remove_counters(card, kind, n, cause=cause, source=source, by=by)

    def set_life(self, player: int, life: int, *, cause: str = Cause.RULE, source: int | None = None,
                 by: int | None = None, kind: str = "life_changed", **extra: Any) -> int:
        """Set a player's life total; records ``life_changed`` with the delta."""
        return self.primitives.set_life(player, life, cause=cause, source=source, by=by, kind=kind, **extra)

    def change_life(self, player: int, delta: int, **kw: Any) -> int:
        """Add ``delta`` (negative for a loss) to a player's life total."""
        return self.primitives.change_life(player, delta, **kw)

    def set_value(self, player: int | None, key: str, value: Any, *, event: str | None = None,
                  cause: str = Cause.RULE, source: int | None = None) -> None:
        """Set a named value of a player (or of the game when ``player`` is ``None``): resources,
        flags, counts. ``event`` names an event to record, if the change should be seen."""
        return self.primitives.set_value(player, key, value, event=event, cause=cause, source=source)

    def value_of(self, player: int | None, key: str, default: Any = None) -> Any:
        """A named value of a player (or of the game)."""
        state = self.state   # read directly (asked thousands of times per game)
        return (state.values if player is None else state.players[player].values).get(key, default)

    def remember(self, card: Card | int, key: str, value: Any) -> None:
        """Keep a value for a card's script (forgotten when the card changes zone)."""
        return self.primitives.remember(card, key, value)

    def set_phase(self, phase: str | None, step: str | None = None) -> None:
        """Enter a phase (and step); records ``phase`` so triggers can listen for it."""
        return self.primitives.set_phase(phase, step)

    def add_effect(self, op: str, attr: str | None, value: Any, *, targets: Iterable[int] | None = None,
                   filter: Mapping[str, Any] | None = None, duration: str = "permanent",
                   source: int | None = None, controller: int | None = None, layer: str | None = None,
                   cause: str = Cause.EFFECT, until_turn: int | None = None, **data: Any) -> FloatingEffect:
        """Begin a continuous effect. With ``targets`` it is locked onto those cards as they are
        now (MTG 611.2c); with ``filter`` it applies to whatever matches at each recomputation.
        With ``until_turn=N`` it lasts until the end of turn N (duration ``"until_end_of_turn_n"``
        unless another is given): the host ends it as turn N ends (:meth:`end_effects_of_turn`)."""
        return self.primitives.add_effect(op, attr, value, targets=targets, filter=filter, duration=duration,
                                          source=source, controller=controller, layer=layer, cause=cause,
                                          until_turn=until_turn, **data)

    def end_effects(self, predicate: Callable[[FloatingEffect], bool]) -> int:
        """End the continuous effects matching ``predicate`` (e.g. all "until end of turn")."""
        return self.primitives.end_effects(predicate)

    def carry_effects(self, old: Card | int, new: Card | int, *, old_generation: int | None = None) -> int:
        """Make the continuous effects locked onto ``old`` apply to ``new`` too, from now on: for a
        game object that goes on as another card (a card stacked on top of it that takes its
        place, a card replaced by another "as the same object"). A move makes a new object (its
        effects stop applying); call this after the moves. ``old_generation`` limits it to the
        effects locked onto that generation of ``old`` (its generation before the moves). Returns
        how many effects were carried; nothing is recorded in the log."""
        old_card = self.card(old) if isinstance(old, int) else old
        new_card = self.card(new) if isinstance(new, int) else new
        return self.primitives.carry_effects(old_card, new_card, old_generation=old_generation)

    def end_effects_of_turn(self, turn: int | None = None) -> int:
        """End the effects made with ``until_turn`` that turn ``turn`` (default: this turn) or an
        earlier one ends. :meth:`next_turn` does it for the turn ending; a system calls it itself
        when its rules end them at a given step of the end of turn. Returns how many ended."""
        return self.primitives.end_effects_of_turn(self.state.turn if turn is None else turn)

    def end_game(self, winners: Iterable[int], reason: str) -> None:
        """End the game now. Raises :class:`GameOver`, which :meth:`play` catches."""
        return self.primitives.end_game(winners, reason)

    # -- filters and derived values (rulestack._derived) -------------------------------------

    def matches(self, card: Card, spec: Mapping[str, Any] | None, player: int | None,
                source: Card | None = None) -> bool:
        """Does ``card`` match a card filter (see :mod:`rulestack.filters`) seen from ``player``?"""
        return self.derived.matches(card, spec, player, source)

    def find(self, spec: Mapping[str, Any] | None, player: int | None, source: Card | None = None) -> list[Card]:
        """Every card matching a card filter, in a fixed order (zone order, then position)."""
        return self.derived.find(spec, player, source)

    def values(self, card: Card | int) -> dict[str, Any]:
        """All derived values of a card (its data fields with every modifier applied)."""
        return self.derived.values(card)

    def value(self, card: Card | int, attr: str, default: Any = None) -> Any:
        """One derived value (``power``, ``toughness``, ``cost`` ...)."""
        return self.derived.value(card, attr, default)

    def has_keyword(self, card: Card | int, keyword: str) -> bool:
        """Does the card have this keyword now (printed or granted, and not lost)?"""
        return self.derived.has_keyword(card, keyword)

    def abilities_removed(self, card: Card | int) -> bool:
        """Has the card lost all its abilities (MTG "loses all abilities")?"""
        return self.derived.abilities_removed(card)

    def is_text_negated(self, card: Card | int, ability: Ability) -> bool:
        """Is this ability negated by a continuous effect? Unnegatable abilities are negated only
        by a negation that says it includes them (``value="all"``; PMV 12.4)."""
        return self.derived.is_text_negated(card, ability)

    # -- the flow of an action (rulestack._activation) ---------------------------------------

    def activatable(self, player: int, window: str | None = None, *, zones: Iterable[str] | None = None,
                    kinds: Iterable[str] | None = None,
                    card_activation: bool | Callable[[Card, Ability], bool] = False) -> list[Action]:
        """The ``activate`` actions available to ``player``: every activated ability of the cards
        in ``zones`` (default: the abilities' own ``from``/``zone`` lists) that the hooks allow now,
        whose condition holds, whose cost can be paid and whose targets exist."""
        return self.flow.activatable(player, window, zones=zones, kinds=kinds, card_activation=card_activation)

    def can_activate(self, act: Activation) -> bool:
        """Would this activation be allowed now: hooks, once-per-turn, zone, condition, a payable
        cost and enough targets? Changes nothing."""
        return self.flow.activation_problem(act) is None   # (ActionFlow.can_activate, one call less)

    def activation_problem(self, act: Activation) -> str | None:
        """Why this activation is not allowed now, or ``None`` when it is. Changes nothing."""
        return self.flow.activation_problem(act)

    def used_this_turn(self, card: Card, ability: Ability) -> bool:
        return self.flow.used_this_turn(card, ability)

    def activate(self, player: int, card: Card | int, ability: int | Ability, *, card_activation: bool = False,
                 trigger: PendingTrigger | None = None, window: str | None = None,
                 data: Mapping[str, Any] | None = None) -> Item | None:
        """Run the flow of one activation: announce, assemble and pay the cost, make the choices
        the game makes at activation, push the item. All or nothing: if anything fails the state
        is exactly as before and :class:`IllegalAction` (or the script's error) is raised.
        Returns the item (``None`` when a cost failed part way and the system kept the payment)."""
        return self.flow.activate(player, card, ability, card_activation=card_activation, trigger=trigger,
                                  window=window, data=data)

    def put_trigger(self, trigger: PendingTrigger, data: Mapping[str, Any] | None = None) -> Item | None:
        """Activate a pending triggered ability (asking first when it is optional). Returns the item,
        or ``None`` when it was declined or could not be activated (a cost that cannot be paid,
        no target: YGO-A10, MTG 603.3d)."""
        return self.flow.put_trigger(trigger, data)

    def assemble_cost(self, act: Activation) -> list[CostComponent]:
        """The ability's cost plus every contribution, as the system finally assembles it."""
        return self.flow.assemble_cost(act)

    def cost_payable(self, act: Activation, comps: list[CostComponent] | None = None) -> bool:
        """Can the whole cost be paid now?"""
        return self.flow.cost_payable(act, comps)

    def pay_cost(self, player: int, components: Sequence[CostComponent], card: Card | int,
                 label: str = "cost") -> dict[str, Any]:
        """Pay a cost that is not an activation's (a Summon's or an attack's cost, a maintenance
        cost), all or nothing, asking the player what to pay with. Raises :class:`CostUnpayable`
        (and changes nothing) when it cannot be paid whole; returns what was paid."""
        return self.flow.pay_cost(player, components, card, label)

    def request_choice(self, req: ChoiceRequest) -> list[int]:
        """Ask for a choice at resolution, after the system's ``choice_rules``. Raises
        :class:`StopResolution` when the rules say the choice fails (PMV 8.1.3.a)."""
        return self.flow.request_choice(req)

    @property
    def in_dry_run(self) -> bool:
        """True while the host checks something by doing it and rolling it back (a cost's
        payability): cost kinds must not ask players anything then."""
        return self.flow.in_dry_run

    def resolve(self, item: Item) -> None:
        """Resolve an item (its negation checked by the hooks), then run ``after_resolve``."""
        return self.flow.resolve(item)

    def run_resolution(self, item: Item) -> None:
        """The host's default resolution: the ability's ``resolve`` function, unless negated."""
        return self.flow.run_resolution(item)

    def run_state_checks(self, limit: int = 1000) -> bool:
        """Run the state checks until nothing happens (a fixed point). Returns whether anything did."""
        return self.flow.run_state_checks(limit)

    def take_triggers(self) -> list[PendingTrigger]:
        """Remove the pending triggered abilities and return them in the order the system's
        ``order_triggers`` hook gives (default: the order they triggered)."""
        return self.flow.take_triggers()

    # -- asking players (rulestack._asking) --------------------------------------------------

    def decide(self, decision: d.Decision) -> Any:
        """Ask the deciding player's agent; validate and record the answer."""
        return self.asking.decide(decision)

    def card_option(self, card_id: int, viewer: int, show_face: bool = False) -> d.Option:
        """An option standing for a card, showing its face only if ``viewer`` may see it (or
        ``show_face``: the chooser looks at it, as in a deck search)."""
        return self.asking.card_option(card_id, viewer, show_face)

    def choose_cards(self, player: int, card_ids: Sequence[int], min: int, max: int, prompt: str, *,
                     reason: str = "resolution", source: int | None = None, secret: bool = False,
                     show_faces: bool = False) -> list[int]:
        """Ask ``player`` to choose between ``min`` and ``max`` of the given cards. With
        ``show_faces`` the chooser sees the faces of cards they could not otherwise see (they look
        at them: One Piece 8-4-4-4)."""
        return self.asking.choose_cards(player, card_ids, min, max, prompt, reason=reason, source=source,
                                        secret=secret, show_faces=show_faces)

    def choose_players(self, player: int, indices: Sequence[int], min: int, max: int, prompt: str, *,
                       source: int | None = None) -> list[int]:
        """Ask ``player`` to choose between ``min`` and ``max`` of the given players (by index)."""
        return self.asking.choose_players(player, indices, min, max, prompt, source=source)

    def yes_no(self, player: int, prompt: str, *, source: int | None = None, must: bool = False) -> bool:
        """Ask a yes/no question (``must`` forbids declining)."""
        return self.asking.yes_no(player, prompt, source=source, must=must)

    def choose_option(self, player: int, labels: Sequence[str], prompt: str, *, source: int | None = None) -> int:
        """Ask ``player`` to pick one of several labelled options; returns its index."""
        return self.asking.choose_option(player, labels, prompt, source=source)

    def choose_number(self, player: int, lo: int, hi: int, prompt: str, *, source: int | None = None) -> int:
        return self.asking.choose_number(player, lo, hi, prompt, source=source)

    def order(self, player: int, things: Sequence[Any], prompt: str, label: Callable[[Any], str] = str) -> list[Any]:
        """Ask ``player`` to put ``things`` in order; returns them reordered."""
        return self.asking.order(player, things, prompt, label)

    def legal_actions(self, player: int, window: str) -> list[Action]:
        """Every action the plugins allow ``player`` now."""
        return self.asking.legal_actions(player, window)

    def act(self, player: int, window: str, prompt: str | None = None) -> Action:
        """An action window: ask ``player`` to choose one legal action and perform it. The state
        after the previous action becomes the base a failure rolls back to. A position that keeps
        coming back ends the game (:mod:`rulestack.runaway`)."""
        return self.asking.act(player, window, prompt)

    def perform(self, action: Action) -> Any:
        """Perform one action (as one transaction)."""
        return self.asking.perform(action)

    # -- players' views (rulestack._views) ---------------------------------------------------

    def can_see(self, player: int, card: Card) -> bool:
        """May ``player`` see this card's face?"""
        return self.views.can_see(player, card)

    def card_view(self, card: Card, viewer: int) -> dict[str, Any]:
        """What ``viewer`` sees of a card."""
        return self.views.card_view(card, viewer)

    def view(self, player: int) -> dict[str, Any]:
        """``player``'s view of the game: public information, their own private zones, and only
        the sizes of what they may not see."""
        return self.views.view(player)

    def visible_log(self, player: int) -> list[dict[str, Any]]:
        """The event log as ``player`` may read it: cards they could not see are not named."""
        return self.views.visible_log(player)


class _Transaction:
    """The context manager of :meth:`Game.transaction`: marks the journal, rolls back to the mark
    if the block fails (other than by the game ending)."""

    __slots__ = ("game", "mark", "version")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.mark = 0
        self.version = 0

    def __enter__(self) -> None:
        game = self.game
        journal = game.journal
        self.mark, self.version = len(journal._undo), journal.version   # (Journal.mark)
        game._tx_depth += 1

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: Any) -> None:
        game = self.game
        game._tx_depth -= 1
        if error is not None and not isinstance(error, GameOver):   # a game that ended stays ended
            game.journal.rollback(self.mark, self.version)
