"""The game: state, primitives, the flow of an action, decisions and the main loop.

:class:`Game` is the host. It knows no game's rules: it owns the state and its journal, records
events with their causes, runs the flow of an action (activation → cost → choice → push →
resolution → state checks → triggers) and asks the system's hooks what the rules say at each step.
"""
from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from .agents import Agent, RandomAgent
from .cards import Ability, CardDefinition, Deck, Role, ScriptFunction
from .context import HOST_METHODS, EffectContext, checked_method, relative_player, stopped_call
from .errors import ConfigurationError, DeckError, GameAborted, GameOver, RulestackError, StopResolution
from .events import Cause, Event
from .flow import GameResult, PendingTrigger
from .journal import Journal
from .pool import CardPool, make_plugin_manager
from .rng import GameRandom
from .runaway import RunawayGuard
from .sandbox import LuaFunctionRef, LuaSandbox, ScriptError
from .state import Card, GameState, Item, Player, Visibility, Zone
from .system import GameSystem, find_system
from .values import Modifier
from ._activation import ActivationFlow
from ._asking import DecisionAsking, Seat
from ._derived import DerivedValues
from ._primitives import BOTTOM, TOP, StatePrimitives
from ._views import PlayerViews

__all__ = ["BOTTOM", "TOP", "Game", "Seat"]


class Game(StatePrimitives, DerivedValues, ActivationFlow, DecisionAsking, PlayerViews):
    """One game of one system.

    Its methods are grouped by job: the primitives that change state (:mod:`rulestack._primitives`),
    derived values and filters (:mod:`rulestack._derived`), the flow of an activation and its cost
    (:mod:`rulestack._activation`), decisions and action windows (:mod:`rulestack._asking`), and
    players' views (:mod:`rulestack._views`); this module holds the state, cards, scripts,
    resolution, triggers and the main loop.

    Build a game from decks with ``Game("mtg", ["red_burn", "white_weenie"], seed=1)`` and call
    :meth:`play`; build a position directly with :meth:`Game.empty` (see :mod:`rulestack.scenario`).
    ``cards`` adds card data files (a modder's cards) to the system's own.
    """

    def __init__(self, system: str | type[GameSystem], decks: Sequence[Deck | str] = (), *, seed: int = 0,
                 agents: Sequence[Agent] | None = None, settings: Mapping[str, Any] | None = None,
                 plugins: Iterable[Any] = (), player_names: Sequence[str] | None = None,
                 sandbox_options: Mapping[str, Any] | None = None, cards: Iterable[str] = ()) -> None:

        system_cls = find_system(system)
        self.system: GameSystem = system_cls(settings)
        self.pool = CardPool.for_system(system_cls, cards)
        self.pm = make_plugin_manager(self.system, plugins)
        self.seed = seed
        self.journal = Journal()
        self.state = GameState()
        self.rng = GameRandom(seed, self.journal)
        n = system_cls.player_count
        self.agents: list[Agent] = list(agents) if agents else [RandomAgent(seed * 7919 + i + 1) for i in range(n)]
        if len(self.agents) != n:
            raise ConfigurationError(f"{system_cls.name} needs {n} agents, got {len(self.agents)}")
        #: Every answer given by an agent, in order: with the seed and decks, a full replay.
        self.decisions: list[Any] = []
        self.decks: list[Deck] = []
        self.started = False
        self._dry_run = 0
        self._tx_depth = 0
        self._contexts: dict[int, Any] = {}
        self._next_ctx = 1
        self._script_ids: dict[str, int] = {}
        self._listeners: dict[str, list[int]] = {}
        self._replacers: list[int] = []
        self._values_cache: tuple[int, dict[int, list[Modifier]]] | None = None
        self._card_values: dict[int, tuple[int, dict[str, Any]]] = {}
        self._collecting_statics = False
        self._layer_rank = {name: i for i, name in enumerate(self.system.layers)}
        self._ability_removers: list[int] = []   # cards with a static ability that removes abilities
        self._static_cards: list[int] = []       # cards with a static ability that modifies values
        self._observed = len(self.pm.hook.on_event.get_hookimpls()) > 0
        self.auto_single = True
        methods = {**HOST_METHODS, **self.system.script_methods}
        self._runaway = RunawayGuard(self)
        self.sandbox = LuaSandbox(methods={name: self._method(checked_method(name, fn)) for name, fn in methods.items()},
                                  random=self.rng.randint, **dict(sandbox_options or {}))
        names = list(player_names) if player_names else [f"P{i}" for i in range(n)]
        for i in range(n):
            self.state.players.append(Player(i, names[i]))
        for spec in self.system.zones:
            if spec.per_player:
                for i in range(n):
                    self.state.zones[(spec.name, i)] = Zone(spec, i)
            else:
                self.state.zones[(spec.name, None)] = Zone(spec, None)
        for i, deck in enumerate(decks):
            self.load_deck(i, deck)

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
            for code in codes:
                self.create_card(code, player, zone, silent=True)
        problems = [p for ps in self.pm.hook.validate_deck(game=self, deck=deck) for p in ps]
        if problems:
            raise DeckError("; ".join(problems), file=deck.file or deck.name)

    def definition(self, code: str) -> CardDefinition:
        """The definition of a card code (loading its script into this game's sandbox)."""
        definition = self.pool.definition(code)
        if definition.source is not None and code not in self._script_ids:
            loaded = self.sandbox.load(definition.source, file=definition.script or code, card=definition.name)
            self._script_ids[code] = loaded.script
        return definition

    def create_card(self, code: str, owner: int, zone: str, *, zone_player: int | None = None,
                    face_up: bool | None = None, position: str | int = TOP, silent: bool = False,
                    cause: str = Cause.RULE, source: int | None = None) -> Card:
        """Create a card (a deck card at load time, or a token) in a zone. ``silent`` creations
        (building a position) record no event."""
        code = self.pool.code(code)
        card = Card(self.state.next_id, self.definition(code), owner)
        self.journal.setattr(self.state, "next_id", self.state.next_id + 1)
        self.journal.setitem(self.state.cards, card.id, card)
        z = self.zone(zone, owner if zone_player is None else zone_player)
        card.zone, card.zone_player = z.name, z.player
        card.controller = z.player if z.player is not None else owner
        card.face_up = face_up if face_up is not None else z.spec.visibility == Visibility.PUBLIC
        card.timestamp = self._timestamp()
        self.journal.insert(z.cards, self._index(z, position), card.id)
        if any(ab.role == Role.REPLACEMENT for ab in card.definition.abilities):
            self.journal.append(self._replacers, card.id)
        if any(ab.role == Role.STATIC and ab.get("modify") for ab in card.definition.abilities):
            self.journal.append(self._static_cards, card.id)
        if any(m.get("op") == "remove_abilities" for ab in card.definition.abilities for m in ab.get("modify") or ()):
            self.journal.append(self._ability_removers, card.id)
        for ab in card.definition.abilities:
            trig = ab.trigger
            if trig is not None:
                for kind in ([trig["on"]] if isinstance(trig["on"], str) else trig["on"]):
                    lst = self._listeners.setdefault(kind, [])
                    if card.id not in lst:
                        self.journal.append(lst, card.id)
        if not silent:
            self.record("created", cause=cause, source=source, player=owner, card=card.id, code=code,
                        to=z.name, to_player=z.player)
        return card

    # -- accessors ---------------------------------------------------------------------------
    def card(self, card_id: int) -> Card:
        """The card with this id."""
        try:
            return self.state.cards[card_id]
        except KeyError:
            raise RulestackError(f"no card with id {card_id!r}") from None

    def zone(self, name: str, player: int | None = None) -> Zone:
        """A zone by name and player (``None`` for shared zones)."""
        return self.state.zone(name, player)

    def cards_in(self, name: str, player: int | None = None) -> list[Card]:
        """The cards in a zone, bottom to top."""
        cards = self.state.cards
        return [cards[i] for i in self.zone(name, player).cards]

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

    def new_id(self) -> int:
        """A fresh sequential id (items, effects)."""
        i = self.state.next_id
        self.journal.setattr(self.state, "next_id", i + 1)
        return i

    def _timestamp(self) -> int:
        t = self.state.next_timestamp
        self.journal.setattr(self.state, "next_timestamp", t + 1)
        return t

    @staticmethod
    def _index(zone: Zone, position: str | int) -> int:
        if position == TOP:
            return len(zone.cards)
        if position == BOTTOM:
            return 0
        return int(position)

    # -- events ------------------------------------------------------------------------------
    def record(self, kind: str, *, cause: str = Cause.RULE, source: int | None = None,
               player: int | None = None, **data: Any) -> Event:
        """Record an event; it is matched against triggered abilities and shown to observers."""
        if cause not in Cause.ALL:
            raise ValueError(f"unknown cause {cause!r}; use one of {sorted(Cause.ALL)}")
        ev = Event(len(self.state.log) + 1, kind, cause, source, player, data)
        self.journal.log(self.state.log, ev)
        if not self._dry_run:
            self._runaway.event(ev)   # a turn past any legal game's events ends the game (rulestack.runaway)
            if kind in self._listeners:
                self._match_triggers(ev)
            if self._observed:
                self.pm.hook.on_event(game=self, event=ev)
        return ev

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """All or nothing: if the block fails (other than by the game ending), the state returns
        to exactly what it was before it."""
        mark = self.journal.mark()
        self._tx_depth += 1
        try:
            yield
        except BaseException as e:
            if not isinstance(e, GameOver):   # a game that ended stays ended
                self.journal.rollback(mark)
            raise
        finally:
            self._tx_depth -= 1

    def set(self, obj: Any, attr: str, value: Any) -> None:
        """Set an attribute of a state object (an item, an effect), journaled."""
        self.journal.setattr(obj, attr, value)

    # -- scripts ---------------------------------------------------------------------------------
    def context(self, **kw: Any) -> Any:
        """A new :class:`~rulestack.context.EffectContext` (what ``ctx`` is to a script)."""
        return EffectContext(self, **kw)

    def run_script(self, card: Card, fn: Any, ctx: Any, *args: Any) -> Any:
        """Call a function of a card's ability: a Lua function of its script (in the sandbox, with
        ``ctx``) or a Python callable given by a keyword expansion (``fn(ctx, *args)``)."""
        nested = self.sandbox.in_call()   # inside another script's host call: a stop ends only this call
        try:
            if isinstance(fn, ScriptFunction):
                ref = LuaFunctionRef(script=self._script_ids[card.code], path=fn.path, line=fn.line)
                cid = self._next_ctx
                self._next_ctx += 1
                self._contexts[cid] = ctx
                try:
                    return self.sandbox.call(ref, cid, *args)
                finally:
                    del self._contexts[cid]
            return fn(ctx, *args)
        except StopResolution:
            return stopped_call(card, ctx, nested)
        except RulestackError as e:
            # Errors from host or system code called by the script: say whose script it was.
            if not isinstance(e, ScriptError) and not getattr(e, "__notes__", None):
                e.add_note(f"while running {card.name} ({card.definition.script or card.code})")
            raise

    def _method(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        contexts = self._contexts

        def call(ctx_id: int, *args: Any) -> Any:
            return fn(contexts[ctx_id], *args)
        call.__name__ = getattr(fn, "__name__", "method")
        return call

    # -- resolution, state checks, triggers ----------------------------------------------------------
    def resolve(self, item: Item) -> None:
        """Resolve an item (its negation checked by the hooks), then run ``after_resolve``."""
        with self.transaction():
            self.pm.hook.resolve_item(game=self, item=item)
            self.set(item, "resolved", True)
            self.pm.hook.after_resolve(game=self, item=item)

    def run_resolution(self, item: Item) -> None:
        """The host's default resolution: the ability's ``resolve`` function, unless negated."""
        card = self.card(item.card)
        ab = card.definition.abilities[item.ability]
        if item.activation_negated:
            self.record("resolution_skipped", source=card.id, item=item.id, why="activation negated")
            return
        negated = (item.effect_negated or any(self.pm.hook.is_negated(game=self, item=item)))
        if negated and (not ab.unnegatable or item.effect_negated == "all"):
            self.record("effect_negated", source=card.id, item=item.id, card=card.id)
            return
        fn = ab.get("resolve")
        self.record("resolving", source=card.id, player=item.controller, item=item.id, card=card.id, code=card.code)
        if fn is not None:
            try:
                self.run_script(card, fn, self.context(card=card, ability=ab, item=item, player=item.controller))
            except StopResolution:
                self.record("resolution_stopped", source=card.id, item=item.id)

    def run_state_checks(self, limit: int = 1000) -> bool:
        """Run the state checks until nothing happens (a fixed point). Returns whether anything did."""
        for i in range(limit):
            if not any(self.pm.hook.state_checks(game=self)):
                return i > 0
        raise RulestackError(f"state checks did not reach a fixed point after {limit} rounds")

    def _match_triggers(self, ev: Event) -> None:
        cards = self.state.cards
        for cid in list(self._listeners.get(ev.kind, ())):
            card = cards[cid]
            for ab in card.definition.abilities:
                trig = ab.trigger
                if trig is None:
                    continue
                on = trig["on"]
                if ev.kind != on and (isinstance(on, str) or ev.kind not in on):
                    continue
                if not self._trigger_filter(card, ab, trig, ev):
                    continue   # the cheap data filter first
                if self.abilities_removed(card) or not self._ability_usable(card, ab, ev):
                    continue
                cond = ab.get("condition")
                if cond is not None and not self.run_script(card, cond, self.context(card=card, ability=ab, event=ev)):
                    continue
                pend = PendingTrigger(card=card.id, ability=ab.index, controller=card.controller, event=ev,
                                      generation=card.generation, order=ev.seq)
                self.journal.append(self.state.pending, pend)

    def _trigger_filter(self, card: Card, ab: Ability, trig: Mapping[str, Any], ev: Event) -> bool:
        for key, want in trig.items():
            if key in ("on", "optional"):
                continue
            if key == "self":
                if bool(want) != (ev.get("card") == card.id or ev.source == card.id and ev.get("card") is None):
                    return False
            elif key == "source_self":
                if bool(want) != (ev.source == card.id):
                    return False
            elif key == "cause":
                if ev.cause not in (want if isinstance(want, list) else [want]):
                    return False
            elif key == "player":
                if ev.player != relative_player(self, card.controller, want):
                    return False
            elif key == "filter":
                other = ev.get("card")
                if other is None or not self.matches(self.card(other), want, card.controller, card):
                    return False
            elif key in self.system.trigger_keys:
                if not self.system.trigger_keys[key](self, card, ev, want):
                    return False
            else:
                have = ev.data.get(key, ev.to_dict().get(key))
                if have not in (want if isinstance(want, list) else [want]):
                    return False
        return True

    def take_triggers(self) -> list[PendingTrigger]:
        """Remove the pending triggered abilities and return them in the order the system's
        ``order_triggers`` hook gives (default: the order they triggered)."""
        pending = list(self.state.pending)
        if not pending:
            return []
        self.journal.replace_list(self.state.pending, [])
        ordered = self.pm.hook.order_triggers(game=self, triggers=pending)
        return list(ordered) if ordered is not None else pending

    # -- the main loop ---------------------------------------------------------------------------------
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

    def next_turn(self) -> None:
        """Pass the turn to the next player; a game past ``max_turns`` is a draw."""
        nxt = self.pm.hook.next_turn(game=self)
        if nxt is None:
            nxt = self.opponent(self.state.active_player)
        if self.state.turn >= self.system.max_turns:
            self.end_game((), f"turn limit ({self.system.max_turns}) reached")
        j = self.journal
        j.setattr(self.state, "turn", self.state.turn + 1)
        j.setattr(self.state, "active_player", nxt)
        j.setattr(self.state, "phase", None)
        j.setattr(self.state, "step", None)
        if self.state.values.get("once_per_turn"):
            j.setitem(self.state.values, "once_per_turn", ())
        self.record("turn_began", player=nxt, turn=self.state.turn)

    def close(self) -> None:
        """Release the Lua runtime."""
        self.sandbox.close()

    def event_log_json(self) -> str:
        """The whole event log as canonical JSON lines (the same bytes for the same game)."""
        return "\n".join(ev.to_json() for ev in self.state.log)
