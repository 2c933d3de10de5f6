"""The game: state, primitives, the flow of an action, decisions and the main loop.

:class:`Game` is the host. It knows no game's rules: it owns the state and its journal, records
events with their causes, runs the flow of an action (activation → cost → choice → push →
resolution → state checks → triggers) and asks the system's hooks what the rules say at each step.
"""
from __future__ import annotations

import contextlib
import itertools
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from . import decisions as d
from .agents import Agent, RandomAgent
from .cards import Ability, CardDefinition, CostComponent, Deck, Role, ScriptFunction
from .context import HOST_METHODS, EffectContext, relative_player
from .errors import (ConfigurationError, DeckError, GameAborted, GameOver, IllegalAction, RulestackError,
                     StopResolution)
from .events import Cause, Event
from .filters import CardFilter
from .flow import Action, Activation, ChoiceRequest, CostUnpayable, GameResult, PendingTrigger
from .journal import Journal
from .pool import CardPool, make_plugin_manager
from .rng import GameRandom
from .sandbox import LuaFunctionRef, LuaSandbox, ScriptError
from .state import Card, FloatingEffect, GameState, Item, Player, Visibility, Zone
from .system import GameSystem, find_system
from .values import ABILITY_OPS, Modifier, compute

#: Zone positions accepted by :meth:`Game.move`.
TOP, BOTTOM = "top", "bottom"


class Seat:
    """What an agent sees: its player's view of the game (computed on demand)."""

    __slots__ = ("game", "player")

    def __init__(self, game: "Game", player: int) -> None:
        self.game = game
        self.player = player

    def view(self) -> dict[str, Any]:
        return self.game.view(self.player)


class Game:
    """One game of one system.

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
        self.sandbox = LuaSandbox(methods={name: self._method(fn) for name, fn in methods.items()},
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

    # -- primitives ----------------------------------------------------------------------------
    def move(self, card: Card | int, zone: str, player: int | None = None, *, position: str | int = TOP,
             face_up: bool | None = None, cause: str = Cause.EFFECT, source: int | None = None,
             by: int | None = None, kind: str = "moved", keep_status: bool = False, **extra: Any) -> Card:
        """Move a card to ``zone`` of ``player`` (default: the card's owner), after replacement
        effects. The card becomes a new object (its generation increases) and loses its status,
        counters and memory unless ``keep_status``. Records a ``moved`` event (or ``kind``)."""
        card = self.card(card) if isinstance(card, int) else card
        zone, player = self._replaced_destination(card, zone, player, cause, source)
        src = self.zone(card.zone, card.zone_player)
        dst = self.zone(zone, card.owner if player is None else player)
        seen_before = self._seen_by(card)
        self.journal.remove(src.cards, card.id)
        self.journal.insert(dst.cards, self._index(dst, position), card.id)
        j = self.journal
        j.setattr(card, "zone", dst.name)
        j.setattr(card, "zone_player", dst.player)
        j.setattr(card, "generation", card.generation + 1)
        j.setattr(card, "timestamp", self._timestamp())
        j.setattr(card, "controller", dst.player if dst.player is not None else card.owner)
        j.setattr(card, "face_up", face_up if face_up is not None else dst.spec.visibility == Visibility.PUBLIC)
        if not keep_status:
            if card.status:
                j.setattr(card, "status", {})
            if card.counters:
                j.setattr(card, "counters", {})
            if card.memory:
                j.setattr(card, "memory", {})
            if card.attached_to is not None:
                j.setattr(card, "attached_to", None)
        seen = seen_before | self._seen_by(card)
        visible = "all" if len(seen) == len(self.state.players) else sorted(seen)
        self.record(kind, cause=cause, source=source, player=by, card=card.id, code=card.code,
                    **{"from": src.name}, from_player=src.player, to=dst.name, to_player=dst.player,
                    visible=visible, **extra)
        return card

    def _replaced_destination(self, card: Card, zone: str, player: int | None, cause: str,
                              source: int | None) -> tuple[str, int | None]:
        """Apply replacement abilities (``replaces = {event="moved", to=...}``) to a move."""
        if not self._replacements:
            return zone, player
        applied: set = set()
        for _ in range(8):  # each replacement applies at most once to one event (MTG 614.5, OP 8-1-3-4-3)
            for rcard, ab in self._replacements:
                key = (rcard.id, ab.index)
                if key in applied or not self._ability_usable(rcard, ab, None):
                    continue
                rep = ab.get("replaces") or {}
                if rep.get("event", "moved") != "moved":
                    continue
                if not self._match_fields(rep, rcard, card, {"to": zone, "from": card.zone, "cause": cause}):
                    continue
                instead = ab.get("instead")
                if isinstance(instead, dict):
                    zone = instead.get("to", zone)
                    applied.add(key)
                    break
            else:
                return zone, player
        return zone, player

    @property
    def _replacements(self) -> list[tuple[Card, Ability]]:
        cards = self.state.cards
        return [(cards[cid], ab) for cid in self._replacers for ab in cards[cid].definition.abilities
                if ab.role == Role.REPLACEMENT]

    def would_move_to(self, card: Card | int, zone: str, cause: str = Cause.COST) -> str:
        """Where a card sent to ``zone`` would really go after replacement effects (a cost that
        a replacement would change cannot be paid: Macro Cosmos)."""
        card = self.card(card) if isinstance(card, int) else card
        return self._replaced_destination(card, zone, None, cause, None)[0]

    def _match_fields(self, spec: Mapping[str, Any], owner_card: Card, card: Card, facts: Mapping[str, Any]) -> bool:
        for key, want in spec.items():
            if key in ("event",):
                continue
            if key == "self":
                if bool(want) != (card.id == owner_card.id):
                    return False
            elif key == "filter":
                if not self.matches(card, want, owner_card.controller, owner_card):
                    return False
            elif key in facts:
                wanted = want if isinstance(want, list) else [want]
                if facts[key] not in wanted:
                    return False
        return True

    def shuffle(self, zone: str, player: int | None = None, *, cause: str = Cause.RULE,
                source: int | None = None) -> None:
        """Shuffle a zone with the game's RNG."""
        z = self.zone(zone, player)
        self.journal.replace_list(z.cards, self.rng.shuffle(z.cards))
        self.record("shuffled", cause=cause, source=source, player=player, zone=zone)

    def set_status(self, card: Card | int, key: str, value: Any, *, cause: str = Cause.RULE,
                   source: int | None = None, by: int | None = None, quiet: bool = False) -> None:
        """Set a status of a card (``tapped``, ``rested``, ``position`` ... in the system's words)."""
        card = self.card(card) if isinstance(card, int) else card
        old = card.status.get(key)
        if old == value:
            return
        if value is None:
            self.journal.delitem(card.status, key)
        else:
            self.journal.setitem(card.status, key, value)
        if not quiet:
            self.record("status", cause=cause, source=source, player=by, card=card.id, key=key, value=value, old=old)

    def add_counters(self, card: Card | int, kind: str, n: int = 1, *, cause: str = Cause.EFFECT,
                     source: int | None = None, by: int | None = None) -> int:
        """Put ``n`` counters of ``kind`` on a card; returns the new total."""
        card = self.card(card) if isinstance(card, int) else card
        before = card.counters.get(kind, 0)
        if n <= 0:
            return before
        self.journal.setitem(card.counters, kind, before + n)
        self.record("counters_added", cause=cause, source=source, player=by, card=card.id, counter=kind, n=n,
                    before=before, after=before + n)
        return before + n

    def remove_counters(self, card: Card | int, kind: str, n: int = 1, *, cause: str = Cause.EFFECT,
                        source: int | None = None, by: int | None = None) -> int:
        """Remove up to ``n`` counters of ``kind``; returns how many were removed."""
        card = self.card(card) if isinstance(card, int) else card
        before = card.counters.get(kind, 0)
        n = min(n, before)
        if n <= 0:
            return 0
        if before - n:
            self.journal.setitem(card.counters, kind, before - n)
        else:
            self.journal.delitem(card.counters, kind)
        self.record("counters_removed", cause=cause, source=source, player=by, card=card.id, counter=kind, n=n,
                    before=before, after=before - n)
        return n

    def set_life(self, player: int, life: int, *, cause: str = Cause.RULE, source: int | None = None,
                 by: int | None = None, kind: str = "life_changed", **extra: Any) -> int:
        """Set a player's life total; records ``life_changed`` with the delta."""
        p = self.state.players[player]
        old = p.life or 0
        self.journal.setattr(p, "life", life)
        self.record(kind, cause=cause, source=source, player=player, delta=life - old, life=life,
                    by=by, **extra)
        return life

    def change_life(self, player: int, delta: int, **kw: Any) -> int:
        """Add ``delta`` (negative for a loss) to a player's life total."""
        return self.set_life(player, (self.state.players[player].life or 0) + delta, **kw)

    def set_value(self, player: int | None, key: str, value: Any, *, event: str | None = None,
                  cause: str = Cause.RULE, source: int | None = None) -> None:
        """Set a named value of a player (or of the game when ``player`` is ``None``): resources,
        flags, counts. ``event`` names an event to record, if the change should be seen."""
        target = self.state.values if player is None else self.state.players[player].values
        old = target.get(key)
        if old == value and event is None:
            return
        self.journal.setitem(target, key, value)
        if event:
            self.record(event, cause=cause, source=source, player=player, key=key, value=value, old=old)

    def value_of(self, player: int | None, key: str, default: Any = None) -> Any:
        """A named value of a player (or of the game)."""
        target = self.state.values if player is None else self.state.players[player].values
        return target.get(key, default)

    def remember(self, card: Card | int, key: str, value: Any) -> None:
        """Keep a value for a card's script (forgotten when the card changes zone)."""
        card = self.card(card) if isinstance(card, int) else card
        self.journal.setitem(card.memory, key, value)

    def set_phase(self, phase: str | None, step: str | None = None) -> None:
        """Enter a phase (and step); records ``phase`` so triggers can listen for it."""
        self.journal.setattr(self.state, "phase", phase)
        self.journal.setattr(self.state, "step", step)
        if phase is not None:
            self.record("phase", player=self.state.active_player, phase=phase, step=step)

    def add_effect(self, op: str, attr: str | None, value: Any, *, targets: Iterable[int] | None = None,
                   filter: Mapping[str, Any] | None = None, duration: str = "permanent",
                   source: int | None = None, controller: int | None = None, layer: str | None = None,
                   cause: str = Cause.EFFECT, **data: Any) -> FloatingEffect:
        """Begin a continuous effect. With ``targets`` it is locked onto those cards as they are
        now (MTG 611.2c); with ``filter`` it applies to whatever matches at each recomputation."""
        eff = FloatingEffect(id=self.new_id(), source=source, controller=controller, op=op, attr=attr, value=value,
                             targets=list(targets) if targets is not None else None,
                             filter=dict(filter) if filter is not None else None, duration=duration,
                             timestamp=self._timestamp(), layer=layer, data=dict(data))
        if eff.targets is not None:
            eff.data.setdefault("generations", {t: self.card(t).generation for t in eff.targets})
        self.journal.append(self.state.effects, eff)
        self.record("effect_began", cause=cause, source=source, player=controller, effect=eff.id, op=op, attr=attr,
                    value=value if isinstance(value, (int, str, bool, float)) else None, duration=duration,
                    targets=eff.targets)
        return eff

    def end_effects(self, predicate: Callable[[FloatingEffect], bool]) -> int:
        """End the continuous effects matching ``predicate`` (e.g. all "until end of turn")."""
        ended = 0
        for eff in list(self.state.effects):
            if predicate(eff):
                self.journal.remove(self.state.effects, eff)
                self.record("effect_ended", effect=eff.id, duration=eff.duration)
                ended += 1
        return ended

    def end_game(self, winners: Iterable[int], reason: str) -> None:
        """End the game now. Raises :class:`GameOver`, which :meth:`play` catches."""
        result = GameResult(winners=tuple(sorted(set(winners))), reason=reason, turns=self.state.turn,
                            decisions=len(self.decisions))
        self.journal.setattr(self.state, "result", result)
        self.record("game_over", winners=list(result.winners), reason=reason)
        self.pm.hook.game_over(game=self, result=result)
        raise GameOver(result)

    # -- filters and values ----------------------------------------------------------------------
    def matches(self, card: Card, spec: Mapping[str, Any] | None, player: int | None,
                source: Card | None = None) -> bool:
        """Does ``card`` match a card filter (see :mod:`rulestack.filters`) seen from ``player``?"""
        if not spec:
            return True
        return CardFilter(self, spec, player, source).matches(card)

    def find(self, spec: Mapping[str, Any] | None, player: int | None, source: Card | None = None) -> list[Card]:
        """Every card matching a card filter, in a fixed order (zone order, then position)."""
        f = CardFilter(self, spec or {}, player, source)
        return [c for c in f.candidates() if f.matches(c)]

    def values(self, card: Card | int) -> dict[str, Any]:
        """All derived values of a card (its data fields with every modifier applied)."""
        card = self.card(card) if isinstance(card, int) else card
        version = self.journal.version
        cached = self._card_values.get(card.id)
        if cached is not None and cached[0] == version:
            return cached[1]
        base = dict(card.definition.fields)
        base["keywords"] = card.definition.keywords
        mods = self._modifiers().get(card.id, ())
        out = compute(base, mods, self._layer_rank, self.system.op_layers, self.system.modifier_ops)
        if self.journal.version == version:
            self._card_values[card.id] = (version, out)
        return out

    def value(self, card: Card | int, attr: str, default: Any = None) -> Any:
        """One derived value (``power``, ``toughness``, ``cost`` ...)."""
        return self.values(card).get(attr, default)

    def has_keyword(self, card: Card | int, keyword: str) -> bool:
        """Does the card have this keyword now (printed or granted, and not lost)?"""
        return keyword in self.values(card).get("keywords", ())


    def _modifiers(self) -> dict[int, list[Modifier]]:
        version = self.journal.version
        if self._values_cache is not None and self._values_cache[0] == version:
            return self._values_cache[1]
        if self._collecting_statics:
            return {}  # a static ability asking for values while they are collected sees printed values
        self._collecting_statics = True
        try:
            mods: dict[int, list[Modifier]] = {}
            # 1. Effects that change abilities come first: a card that lost its abilities has no statics.
            for m in self._floating_modifiers():
                mods.setdefault(m.card, []).append(m)
            for plugin_mods in self.pm.hook.modifiers(game=self):
                for m in plugin_mods:
                    mods.setdefault(m.card, []).append(m)
            self._values_cache = (version, mods)   # statics see floating and rule modifiers
            for m in self._static_modifiers(mods):
                mods.setdefault(m.card, []).append(m)
        finally:
            self._collecting_statics = False
        self._values_cache = (self.journal.version, mods)
        self._card_values.clear()
        return mods

    def _floating_modifiers(self) -> Iterator[Modifier]:
        for eff in self.state.effects:
            if eff.targets is not None:
                gens = eff.data.get("generations", {})
                ids = [t for t in eff.targets if self.state.cards[t].generation == gens.get(t, self.state.cards[t].generation)]
            else:
                ids = [c.id for c in self.find(eff.filter, eff.controller)]
            for cid in ids:
                yield Modifier(card=cid, attr=eff.attr or "", op=eff.op, value=eff.value, timestamp=eff.timestamp,
                               layer=eff.layer, source=eff.source)

    def _static_modifiers(self, current: dict[int, list[Modifier]]) -> Iterator[Modifier]:
        """Modifiers from the static abilities of active cards. Those that change abilities come
        first, so a card that lost its abilities to another card's static contributes nothing."""
        removed = {cid for cid, ms in current.items() if any(m.op == "remove_abilities" for m in ms)}
        ability_mods = list(self._statics(removed, ability_ops=True))
        removed |= {m.card for m in ability_mods if m.op == "remove_abilities"}
        yield from ability_mods
        yield from self._statics(removed, ability_ops=False)

    def _statics(self, removed: set[int], ability_ops: bool) -> Iterator[Modifier]:
        cards = self.state.cards
        for cid in list(self._static_cards):
            card = cards[cid]
            if card.id in removed:
                continue
            for ab in card.definition.abilities:
                mods = ab.get("modify")
                if ab.role != Role.STATIC or not mods:
                    continue
                mods = [m for m in mods if (m.get("op", "add") in ABILITY_OPS) == ability_ops]
                if not mods:
                    continue
                zones = ab.get("zone") or self.system.default_zones.get(Role.STATIC)
                if zones and card.zone not in zones:
                    continue
                if not self._ability_usable(card, ab, None):
                    continue
                if ab.get("condition") is not None and not self.run_script(card, ab.get("condition"), self.context(
                        card=card, ability=ab)):
                    continue
                for spec in mods:
                    affects = spec.get("affects", ab.get("affects", "self"))
                    targets = [card] if affects == "self" else self.find(affects, card.controller, card)
                    value = spec.get("value")
                    if isinstance(value, ScriptFunction) or callable(value):
                        value = self.run_script(card, value, self.context(card=card, ability=ab))
                    for t in targets:
                        yield Modifier(card=t.id, attr=spec.get("attr", ""), op=spec.get("op", "add"), value=value,
                                       timestamp=card.timestamp, layer=spec.get("layer"), source=card.id)

    def abilities_removed(self, card: Card | int) -> bool:
        """Has the card lost all its abilities (MTG "loses all abilities")?"""
        if not self._ability_removers and not any(e.op == "remove_abilities" for e in self.state.effects) \
                and not self.system.removes_abilities_by_rule:
            return False  # nothing in the game can remove abilities: skip computing values
        return bool(self.values(card).get("abilities_removed"))

    def is_text_negated(self, card: Card | int, ability: Ability) -> bool:
        """Is this ability negated by a continuous effect? Unnegatable abilities are negated only
        by a negation that says it includes them (``value="all"``; PMV 12.4)."""
        neg = self.values(card).get("negated")
        if not neg:
            return False
        return neg == "all" or not ability.unnegatable

    def _ability_usable(self, card: Card, ability: Ability, event: Event | None) -> bool:
        answer = self.pm.hook.ability_active(game=self, card=card, ability=ability, event=event)
        return bool(answer)

    # -- scripts ---------------------------------------------------------------------------------
    def context(self, **kw: Any) -> Any:
        """A new :class:`~rulestack.context.EffectContext` (what ``ctx`` is to a script)."""
        return EffectContext(self, **kw)

    def run_script(self, card: Card, fn: Any, ctx: Any, *args: Any) -> Any:
        """Call a function of a card's ability: a Lua function of its script (in the sandbox, with
        ``ctx``) or a Python callable given by a keyword expansion (``fn(ctx, *args)``)."""
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

    # -- activation ------------------------------------------------------------------------------
    def activatable(self, player: int, window: str | None = None, *, zones: Iterable[str] | None = None,
                    kinds: Iterable[str] | None = None,
                    card_activation: bool | Callable[[Card, Ability], bool] = False) -> list[Action]:
        """The ``activate`` actions available to ``player``: every activated ability of the cards
        in ``zones`` (default: the abilities' own ``from``/``zone`` lists) that the hooks allow now,
        whose condition holds, whose cost can be paid and whose targets exist."""
        kinds = set(kinds) if kinds is not None else None
        out = []
        for card in self._cards_for_activation(player, zones):
            for ab in card.definition.abilities:
                if ab.role != Role.ACTIVATED or (kinds is not None and ab.kind not in kinds):
                    continue
                using_card = card_activation(card, ab) if callable(card_activation) else card_activation
                act = Activation(player=player, card=card, ability=ab, window=window, card_activation=using_card)
                if self.can_activate(act):
                    out.append(Action("activate", player, card.id, ab.index,
                                      data=(("card_activation", using_card),) if using_card else (),
                                      label=f"activate {card.name}" + (f": {ab.label}" if ab.label != ab.kind else "")))
        return out

    def _cards_for_activation(self, player: int, zones: Iterable[str] | None) -> list[Card]:
        names = list(zones) if zones is not None else sorted({z for z, _ in self.state.zones})
        out = []
        for name in names:
            for (zname, zplayer), z in self.state.zones.items():
                if zname == name:
                    for cid in z.cards:
                        c = self.state.cards[cid]
                        if c.controller == player:
                            out.append(c)
        return out

    def can_activate(self, act: Activation) -> bool:
        """Would this activation be allowed now: hooks, once-per-turn, zone, condition, a payable
        cost and enough targets? Changes nothing."""
        return self.activation_problem(act) is None

    def activation_problem(self, act: Activation) -> str | None:
        """Why this activation is not allowed now, or ``None`` when it is. Changes nothing."""
        card, ab = act.card, act.ability
        allowed = ab.get("from") or ab.get("zone") or self.system.default_zones.get(ab.role)
        if allowed and card.zone not in allowed:
            return f"{card.name} is in {card.zone}, not in {'/'.join(allowed)}"
        if act.trigger is None and self.abilities_removed(card):
            return f"{card.name} has lost its abilities"
        if ab.get("once_per_turn") and self.used_this_turn(card, ab):
            return f"{ab.label} of {card.name} was already used this turn"
        for verdict in self.pm.hook.can_activate(game=self, activation=act):
            if verdict is False:
                return f"the rules do not allow activating {card.name} ({ab.label}) now"
            if isinstance(verdict, str):
                return verdict
        if ab.get("condition") is not None and not self.run_script(card, ab.get("condition"),
                                                                   self.context(card=card, ability=ab, player=act.player,
                                                                                activation=act)):
            return f"the condition of {card.name} ({ab.label}) is not met"
        return self._dry(lambda: self._feasibility_problem(act))

    def _feasibility_problem(self, act: Activation) -> str | None:
        components = self.assemble_cost(act)
        if not self._cost_feasible(act, components, 0, []):
            return (f"the cost of {act.card.name} ({act.ability.label}) cannot be paid: "
                    + ", ".join(c.describe() for c in components))
        for spec in act.ability.targets:
            req = self._target_request(act, spec)
            if len(req.candidates) < req.min or (req.fail_if_short and len(req.candidates) < req.count):
                return f"{act.card.name} ({act.ability.label}) has no legal target"
        return None

    def used_this_turn(self, card: Card, ability: Ability) -> bool:
        used = self.state.values.get("once_per_turn", ())
        return (card.id, card.generation, ability.index) in used

    def activate(self, player: int, card: Card | int, ability: int | Ability, *, card_activation: bool = False,
                 trigger: PendingTrigger | None = None, window: str | None = None,
                 data: Mapping[str, Any] | None = None) -> Item | None:
        """Run the flow of one activation: announce, assemble and pay the cost, make the choices
        the game makes at activation, push the item. All or nothing: if anything fails the state
        is exactly as before and :class:`IllegalAction` (or the script's error) is raised.
        Returns the item (``None`` when a cost failed part way and the system kept the payment)."""
        card = self.card(card) if isinstance(card, int) else card
        ab = card.definition.abilities[ability] if isinstance(ability, int) else ability
        act = Activation(player=player, card=card, ability=ab, card_activation=card_activation, trigger=trigger,
                         window=window, data=dict(data or {}))
        problem = None if trigger is not None else self.activation_problem(act)
        if problem is not None:
            raise IllegalAction(f"P{player} cannot activate {card.name} ({ab.label}): {problem}")
        with self.transaction():
            item = Item(id=self.new_id(), kind="trigger" if trigger else "activation", card=card.id,
                        ability=ab.index, controller=player, generation=card.generation,
                        card_activation=card_activation,
                        event=trigger.event.to_dict() if trigger is not None else None, data=dict(act.data))
            act.item = item
            if ab.get("once_per_turn"):
                used = tuple(self.state.values.get("once_per_turn", ())) + ((card.id, card.generation, ab.index),)
                self.journal.setitem(self.state.values, "once_per_turn", used)
            self.pm.hook.announce(game=self, activation=act)
            if self.system.targets_before_cost:
                self._choose_targets(act)
                kept = self._pay(act)
            else:
                kept = self._pay(act)
                if kept:
                    self._choose_targets(act)
            self.record("activated", player=player, source=card.id, card=card.id, code=card.code,
                        ability=ab.index, kind_of=ab.kind, item=item.id, card_activation=card_activation,
                        cause=Cause.RULE)
            if not kept:
                self.set(item, "data", {**item.data, "cost_failed": True})
                return None
            self.pm.hook.push_item(game=self, item=item)
            return item

    def put_trigger(self, trigger: PendingTrigger, data: Mapping[str, Any] | None = None) -> Item | None:
        """Activate a pending triggered ability (asking first when it is optional). Returns the item,
        or ``None`` when it was declined or could not be activated (a cost that cannot be paid,
        no target: YGO-A10, MTG 603.3d)."""
        card = self.card(trigger.card)
        ab = card.definition.abilities[trigger.ability]
        act = Activation(player=trigger.controller, card=card, ability=ab, trigger=trigger, data=dict(data or {}))
        if any(v is False or isinstance(v, str) for v in self.pm.hook.can_activate(game=self, activation=act)):
            return None
        if self._dry(lambda: self._feasibility_problem(act)) is not None:
            return None
        if ab.get("optional") and not self.yes_no(trigger.controller, f"Use {card.name} ({ab.label})?",
                                                  source=card.id):
            return None
        return self.activate(trigger.controller, card, ab, trigger=trigger, data=data)

    # -- costs -----------------------------------------------------------------------------------
    def assemble_cost(self, act: Activation) -> list[CostComponent]:
        """The ability's cost plus every contribution, as the system finally assembles it."""
        own = list(act.ability.cost)
        extra = [c for cs in self.pm.hook.cost_contributions(game=self, activation=act) for c in (cs or [])]
        final = self.pm.hook.assemble_cost(game=self, activation=act, components=own + extra)
        return list(final) if final is not None else own + extra

    def _cost_kind(self, comp: CostComponent) -> Any:
        try:
            return self.system.cost_kinds[comp.kind]
        except KeyError:
            raise ConfigurationError(f"system {self.system.name!r} has no cost kind {comp.kind!r}") from None

    def _cost_feasible(self, act: Activation, comps: list[CostComponent], i: int, fixed: list[int]) -> bool:
        """Is there a way to pay components ``i..`` given ``fixed`` choices for component ``i``?
        Tried by paying in a dry run and rolling back."""
        if i == len(comps):
            return True
        comp = comps[i]
        kind = self._cost_kind(comp)
        mark = self.journal.mark()
        cands = kind.candidates(self, act.player, comp, act)
        if cands is None:
            try:
                kind.pay(self, act.player, comp, [], act)
                return self._cost_feasible(act, comps, i + 1, [])
            except CostUnpayable:
                return False
            finally:
                self.journal.rollback(mark)
        need = kind.count(self, act.player, comp, act) - len(fixed)
        rest = [c for c in cands if c not in fixed]
        if need < 0 or need > len(rest):
            return False
        for combo in itertools.islice(itertools.combinations(rest, need), 256):
            try:
                kind.pay(self, act.player, comp, fixed + list(combo), act)
                if self._cost_feasible(act, comps, i + 1, []):
                    return True
            except CostUnpayable:
                pass
            finally:
                self.journal.rollback(mark)
        return False

    @property
    def in_dry_run(self) -> bool:
        """True while the host checks something by doing it and rolling it back (a cost's
        payability): cost kinds must not ask players anything then."""
        return self._dry_run > 0

    def _dry(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` as a dry run: no triggers, no observers, everything rolled back."""
        mark = self.journal.mark()
        version, cache, card_values = self.journal.version, self._values_cache, dict(self._card_values)
        self._dry_run += 1
        try:
            return fn()
        finally:
            self._dry_run -= 1
            self.journal.rollback(mark)
            # The state is exactly what it was: what was computed for it still holds.
            now = self.journal.version
            self._values_cache = (now, cache[1]) if cache is not None and cache[0] == version else None
            self._card_values = {cid: (now, vals) for cid, (v, vals) in card_values.items() if v == version}

    def cost_payable(self, act: Activation, comps: list[CostComponent] | None = None) -> bool:
        """Can the whole cost be paid now?"""
        comps = self.assemble_cost(act) if comps is None else comps
        return self._dry(lambda: self._cost_feasible(act, comps, 0, []))

    def pay_cost(self, player: int, components: Sequence[CostComponent], card: Card | int,
                 label: str = "cost") -> dict[str, Any]:
        """Pay a cost that is not an activation's (a Summon's or an attack's cost, a maintenance
        cost), all or nothing, asking the player what to pay with. Raises :class:`CostUnpayable`
        (and changes nothing) when it cannot be paid whole; returns what was paid."""
        card = self.card(card) if isinstance(card, int) else card
        act = Activation(player=player, card=card, ability=Ability(index=-1, kind=label, role=Role.ACTIVATED,
                                                                   spec={"cost": tuple(components)}))
        act.item = Item(id=0, kind=label, card=card.id, ability=None, controller=player)
        with self.transaction():
            self._pay(act, list(components))
        return dict(act.item.paid)

    def _pay(self, act: Activation, comps: list[CostComponent] | None = None) -> bool:
        """Pay the whole cost, asking the player to choose what to pay with. Returns ``False`` when
        payment failed part way and the system keeps the partial payment (OP 8-3-1-3-1)."""
        comps = self.assemble_cost(act) if comps is None else comps
        if not self.cost_payable(act, comps):
            raise CostUnpayable(f"the cost of {act.card.name} ({act.ability.label}) cannot be paid: "
                                + ", ".join(c.describe() for c in comps))
        item = act.item
        for i, comp in enumerate(comps):
            kind = self._cost_kind(comp)
            chosen: list[int] = []
            cands = kind.candidates(self, act.player, comp, act)
            if cands is not None:
                for _ in range(kind.count(self, act.player, comp, act)):
                    legal = [c for c in cands if c not in chosen and
                             self._dry(lambda c=c: self._cost_feasible(act, comps, i, chosen + [c]))]
                    if not legal:
                        break
                    picked = self.choose_cards(act.player, legal, 1, 1, f"{kind.label}: {act.card.name}",
                                               reason="cost", source=act.card.id)
                    chosen.extend(picked)
            try:
                info = kind.pay(self, act.player, comp, chosen, act)
            except CostUnpayable:
                policy = self.pm.hook.cost_payment_failed(game=self, activation=act, paid=dict(item.paid)) or "rollback"
                if policy == "keep":
                    return False
                raise
            if info:
                self.set(item, "paid", _merge_paid(item.paid, info))
        return True

    # -- choices ---------------------------------------------------------------------------------
    def _target_request(self, act: Activation, spec: Mapping[str, Any]) -> ChoiceRequest:
        chooser = act.player if spec.get("player", "you") == "you" else self.opponent(act.player)
        kind = spec.get("kind", "card")
        if kind == "player":
            who = spec.get("who", "any")
            cands = [p.index for p in self.state.players
                     if who == "any" or p.index == relative_player(self, act.player, who)]
        else:
            cands = [c.id for c in self.find(spec.get("filter"), act.player, act.card)]
        up_to = spec.get("up_to", False)
        req = ChoiceRequest(chooser=chooser, candidates=cands, count=spec.get("count", 1), up_to=up_to,
                            prompt=spec.get("prompt") or f"target for {act.card.name}", reason="target",
                            source=act.card.id, fail_if_short=not up_to,   # targets: the full number
                            data={"kind": kind})
        req.apply_default_rules()
        adjusted = self.pm.hook.choice_rules(game=self, request=req)
        return adjusted or req

    def _choose_targets(self, act: Activation) -> None:
        targets = []
        for spec in act.ability.targets:
            req = self._target_request(act, spec)
            if len(req.candidates) < req.min or (req.fail_if_short and len(req.candidates) < req.count):
                raise IllegalAction(f"{act.card.name}: not enough legal targets")
            if req.data.get("kind") == "player":
                targets.append(self.choose_players(req.chooser, req.candidates, req.min, req.max, req.prompt,
                                                   source=act.card.id))
            else:
                targets.append(self.choose_cards(req.chooser, req.candidates, req.min, req.max, req.prompt,
                                                 reason="target", source=act.card.id))
        if targets:
            kinds = [spec.get("kind", "card") for spec in act.ability.targets]
            self.set(act.item, "targets", targets)
            gens = {t: self.state.cards[t].generation for group, kind in zip(targets, kinds) if kind == "card"
                    for t in group}
            self.set(act.item, "data", {**act.item.data, "target_generations": gens, "target_kinds": kinds})
            self.record("targeted", player=act.player, source=act.card.id, item=act.item.id, targets=targets)

    def request_choice(self, req: ChoiceRequest) -> list[int]:
        """Ask for a choice at resolution, after the system's ``choice_rules``. Raises
        :class:`StopResolution` when the rules say the choice fails (PMV 8.1.3.a)."""
        req.apply_default_rules()
        adjusted = self.pm.hook.choice_rules(game=self, request=req) or req
        if adjusted.fail_if_short and len(adjusted.candidates) < adjusted.count:
            raise StopResolution("not enough candidates")
        if not adjusted.candidates or adjusted.max == 0:
            return []
        return self.choose_cards(adjusted.chooser, adjusted.candidates, adjusted.min, adjusted.max, adjusted.prompt,
                                 reason=adjusted.reason, source=adjusted.source, secret=adjusted.secret,
                                 show_faces=adjusted.look)

    # -- decisions -------------------------------------------------------------------------------
    def decide(self, decision: d.Decision) -> Any:
        """Ask the deciding player's agent; validate and record the answer."""
        if self.auto_single and decision.validator is None and decision.count_answers() == 1:
            return decision.answers(limit=1)[0]
        answer = self.agents[decision.player].decide(decision, Seat(self, decision.player))
        canonical = decision.validate(answer)
        self.decisions.append(canonical)
        return canonical

    def card_option(self, card_id: int, viewer: int, show_face: bool = False) -> d.Option:
        """An option standing for a card, showing its face only if ``viewer`` may see it (or
        ``show_face``: the chooser looks at it, as in a deck search)."""
        card = self.state.cards[card_id]
        if show_face or self.can_see(viewer, card):
            return d.Option(label=card.name, value=card_id, card=card_id, info=self.card_view(card, viewer))
        zone = card.zone
        return d.Option(label=f"a face-down card in {zone}", value=card_id, card=card_id)

    def choose_cards(self, player: int, card_ids: Sequence[int], min: int, max: int, prompt: str, *,
                     reason: str = "resolution", source: int | None = None, secret: bool = False,
                     show_faces: bool = False) -> list[int]:
        """Ask ``player`` to choose between ``min`` and ``max`` of the given cards. With
        ``show_faces`` the chooser sees the faces of cards they could not otherwise see (they look
        at them: One Piece 8-4-4-4)."""
        options = tuple(self.card_option(c, player, show_faces) for c in card_ids)
        dec = d.Decision(player=player, kind=d.CHOOSE, prompt=prompt, options=options, min=min, max=max,
                         source=source, reason=reason)
        return [options[i].value for i in self.decide(dec)]

    def choose_players(self, player: int, indices: Sequence[int], min: int, max: int, prompt: str, *,
                       source: int | None = None) -> list[int]:
        """Ask ``player`` to choose between ``min`` and ``max`` of the given players (by index)."""
        options = tuple(d.Option(label=self.state.players[i].name, value=i) for i in indices)
        dec = d.Decision(player=player, kind=d.CHOOSE, prompt=prompt, options=options, min=min, max=max,
                         source=source, reason="target")
        return [options[i].value for i in self.decide(dec)]

    def yes_no(self, player: int, prompt: str, *, source: int | None = None, must: bool = False) -> bool:
        """Ask a yes/no question (``must`` forbids declining)."""
        dec = d.Decision(player=player, kind=d.YES_NO, prompt=prompt, min=1 if must else 0, source=source,
                         reason="yes_no")
        return self.decide(dec)

    def choose_option(self, player: int, labels: Sequence[str], prompt: str, *, source: int | None = None) -> int:
        """Ask ``player`` to pick one of several labelled options; returns its index."""
        dec = d.Decision(player=player, kind=d.CHOOSE, prompt=prompt, options=d.options_from(labels), min=1, max=1,
                         source=source, reason="option")
        return self.decide(dec)[0]

    def choose_number(self, player: int, lo: int, hi: int, prompt: str, *, source: int | None = None) -> int:
        dec = d.Decision(player=player, kind=d.NUMBER, prompt=prompt, min=lo, max=hi, source=source, reason="number")
        return self.decide(dec)

    def order(self, player: int, things: Sequence[Any], prompt: str, label: Callable[[Any], str] = str) -> list[Any]:
        """Ask ``player`` to put ``things`` in order; returns them reordered."""
        if len(things) <= 1:
            return list(things)
        dec = d.Decision(player=player, kind=d.ORDER, prompt=prompt, options=d.options_from(things, label),
                         reason="order")
        return [things[i] for i in self.decide(dec)]

    # -- actions -----------------------------------------------------------------------------------
    def legal_actions(self, player: int, window: str) -> list[Action]:
        """Every action the plugins allow ``player`` now."""
        return [a for acts in self.pm.hook.legal_actions(game=self, player=player, window=window) for a in (acts or [])]

    def act(self, player: int, window: str, prompt: str | None = None) -> Action:
        """An action window: ask ``player`` to choose one legal action and perform it. The state
        after the previous action becomes the base a failure rolls back to."""
        actions = self.legal_actions(player, window)
        if not actions:
            raise RulestackError(f"no legal action for P{player} in window {window!r} "
                                 "(a system must always offer at least a pass)")
        if self._tx_depth == 0:   # a window opened inside an action keeps that action's transaction
            self.journal.checkpoint()
        options = tuple(d.Option(label=a.label or a.kind, value=a, card=a.card) for a in actions)
        dec = d.Decision(player=player, kind=d.ACTION, prompt=prompt or window, options=options, reason="action")
        action = options[self.decide(dec)[0]].value
        self.perform(action)
        return action

    def perform(self, action: Action) -> Any:
        """Perform one action (as one transaction)."""
        with self.transaction():
            return self.pm.hook.perform_action(game=self, action=action)

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

    # -- views ---------------------------------------------------------------------------------------
    def can_see(self, player: int, card: Card) -> bool:
        """May ``player`` see this card's face?"""
        z = self.state.zones[(card.zone, card.zone_player)]
        vis = z.spec.visibility
        if vis == Visibility.PUBLIC:
            return card.face_up or card.controller == player
        if vis == Visibility.PRIVATE:
            return card.face_up or z.player == player or (z.player is None and card.owner == player)
        return card.face_up

    def _seen_by(self, card: Card) -> set[int]:
        return {p.index for p in self.state.players if self.can_see(p.index, card)}

    def card_view(self, card: Card, viewer: int) -> dict[str, Any]:
        """What ``viewer`` sees of a card."""
        if not self.can_see(viewer, card):
            return {"id": card.id, "face_down": True, "owner": card.owner}
        out = {"id": card.id, "code": card.code, "name": card.name, "owner": card.owner,
               "controller": card.controller, "face_up": card.face_up}
        if card.status:
            out["status"] = dict(card.status)
        if card.counters:
            out["counters"] = dict(card.counters)
        return out

    def view(self, player: int) -> dict[str, Any]:
        """``player``'s view of the game: public information, their own private zones, and only
        the sizes of what they may not see."""
        zones: dict[str, Any] = {}
        for (name, owner), z in self.state.zones.items():
            key = name if owner is None else f"{name}/{owner}"
            if z.spec.visibility == Visibility.HIDDEN:
                cards = [self.card_view(self.state.cards[c], player) for c in z.cards
                         if self.state.cards[c].face_up]
                zones[key] = {"count": len(z.cards), "cards": cards}
            elif z.spec.visibility == Visibility.PRIVATE and owner != player:
                zones[key] = {"count": len(z.cards),
                              "cards": [self.card_view(self.state.cards[c], player) for c in z.cards
                                        if self.state.cards[c].face_up]}
            else:
                zones[key] = {"count": len(z.cards),
                              "cards": [self.card_view(self.state.cards[c], player) for c in z.cards]}
        return {
            "player": player,
            "turn": self.state.turn,
            "active_player": self.state.active_player,
            "phase": self.state.phase,
            "step": self.state.step,
            "players": [{"index": p.index, "name": p.name, "life": p.life,
                         "values": {k: v for k, v in p.values.items() if not k.startswith("_")}}
                        for p in self.state.players],
            "zones": zones,
            "stack": [{"id": it.id, "kind": it.kind, "card": it.card, "controller": it.controller,
                       "name": self.state.cards[it.card].name if it.card is not None else None,
                       "targets": it.targets}
                      for it in self.state.stack],
            "result": None if self.state.result is None else {"winners": list(self.state.result.winners),
                                                               "reason": self.state.result.reason},
        }

    def visible_log(self, player: int) -> list[dict[str, Any]]:
        """The event log as ``player`` may read it: cards they could not see are not named."""
        out = []
        for ev in self.state.log:
            e = ev.to_dict()
            vis = e.get("visible", "all")
            if vis != "all" and player not in vis:
                e.pop("code", None)
            out.append(e)
        return out

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
        except RulestackError as e:   # card script errors included
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


def _merge_paid(paid: Mapping[str, Any], info: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(paid)
    for k, v in info.items():
        if k in out and isinstance(out[k], list) and isinstance(v, list):
            out[k] = out[k] + v
        elif k in out and isinstance(out[k], int) and isinstance(v, int) and not isinstance(v, bool):
            out[k] = out[k] + v
        else:
            out[k] = v
    return out
