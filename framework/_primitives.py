"""The primitives that change the state: every change goes through one of these, which journal
the change and record an event with its cause, source and player."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, NamedTuple

from .cards import Ability, Role
from .errors import GameOver, RulestackError
from .events import Cause
from .journal import _MISSING, _SCALARS, _restore_item, fresh_version
from .flow import GameResult
from .replacement import first_category, replace
from .state import UNTIL_END_OF_TURN_N, Card, EventData, FloatingEffect, Visibility, Zone

if TYPE_CHECKING:
    from .game import Game
    from .journal import Journal
    from ._derived import DerivedValues
    from ._views import PlayerViews

_osetattr, _dict_setitem, _list_append = object.__setattr__, dict.__setitem__, list.append
_list_insert, _list_pop = list.insert, list.pop
_dict_update = dict.update   # (EventData refuses its own update: an event's data is filled as it is made)

#: The fields of a ``moved`` event that :meth:`StatePrimitives.move` fills itself (its ``extra``
#: keywords add others).
_MOVE_DATA = frozenset({"card", "code", "from", "from_player", "to", "to_player", "visible"})
#: The same for :meth:`StatePrimitives.set_life`'s ``life_changed`` event.
_LIFE_DATA = frozenset({"delta", "life", "by"})

#: Zone positions accepted by :meth:`Game.move`.
TOP, BOTTOM = "top", "bottom"

#: The game value (``state.values``) where :meth:`StatePrimitives.become` keeps, for each card
#: that is a copy of another now, ``[its own code, the generation the copy applies to]``.
PRINTED_CODES = "printed_codes"


#: The fields of a card a move changes, in the order :meth:`StatePrimitives.move` saves them.
_MOVED_FIELDS = ("zone", "zone_player", "generation", "timestamp", "controller", "face_up", "status", "counters",
                 "memory", "attached_to")

#: Their slots' setters (a card's own journaling ``__setattr__`` bypassed, as ``object.__setattr__``
#: does, for less: the slot is set directly).
_MOVED_SETTERS = tuple(getattr(Card, name).__set__ for name in _MOVED_FIELDS)
(_set_zone, _set_zone_player, _set_generation, _set_timestamp, _set_controller, _set_face_up, _set_status,
 _set_counters, _set_memory, _set_attached_to) = _MOVED_SETTERS


def _undo_move(card: Card, old: tuple) -> None:
    """Undo a move (:meth:`StatePrimitives.move`): the card's fields (``old[:10]``), then its id out of
    the list it went to (``old[10]`` at ``old[11]``), then back into the one it left (``old[12]`` at
    ``old[13]``) -- newest first, as the journal's entries for each would be undone."""
    for setter, value in zip(_MOVED_SETTERS, old):
        setter(card, value)
    _list_pop(old[10], old[11])
    _list_insert(old[12], old[13], card.id)


class CardIndex:
    """Which cards of a game have abilities the host must look at without scanning every card:
    the triggered abilities listening for each event kind, replacement abilities, statics that
    modify values and those that remove abilities. Kept by :meth:`StatePrimitives.create_card`
    (journaled), read by the derived values and the flow."""

    __slots__ = ("listeners", "replacers", "static_cards", "ability_removers", "_facts")

    def __init__(self, facts: dict[str, tuple[Any, CardFacts]] | None = None) -> None:
        self.listeners: dict[str, list[int]] = {}    # event kind -> cards with a trigger on it
        self.replacers: list[int] = []               # cards with a replacement ability
        self.static_cards: list[int] = []            # cards with a static ability that modifies values
        self.ability_removers: list[int] = []        # cards with a static ability that removes abilities
        # What each card definition says about the above, worked out once per definition (a
        # runtime shares this between its games).
        self._facts = facts if facts is not None else {}

    def add(self, card: Card, journal: Journal) -> None:
        """Index a card that has just been created (journaled: a rollback forgets it)."""
        facts = self._facts_of(card)
        if facts.replacer:
            journal.append(self.replacers, card.id)
        if facts.static:
            journal.append(self.static_cards, card.id)
        if facts.remover:
            journal.append(self.ability_removers, card.id)
        for kind in facts.listens:
            lst = self.listeners.setdefault(kind, [])
            if card.id not in lst:
                journal.append(lst, card.id)

    def add_definition(self, card: Card, journal: Journal) -> None:
        """Index a card whose definition has just changed (:meth:`StatePrimitives.become`): it is
        listed for what its new abilities need, once (journaled). Nothing is unlisted: the lists
        name cards to look at, and each reader checks the card's abilities."""
        facts = CardFacts.of(card.definition)
        for flag, lst in ((facts.replacer, self.replacers), (facts.static, self.static_cards),
                          (facts.remover, self.ability_removers)):
            if flag and card.id not in lst:
                journal.append(lst, card.id)
        for kind in facts.listens:
            lst = self.listeners.setdefault(kind, [])
            if card.id not in lst:
                journal.append(lst, card.id)


    def load(self, card: Card) -> None:
        """Index a card of a deck loaded before the game starts (no undo entries: see
        :meth:`StatePrimitives.load_cards`)."""
        facts = self._facts_of(card)
        if facts.replacer:
            _list_append(self.replacers, card.id)
        if facts.static:
            _list_append(self.static_cards, card.id)
        if facts.remover:
            _list_append(self.ability_removers, card.id)
        for kind in facts.listens:
            lst = self.listeners.setdefault(kind, [])
            if card.id not in lst:
                _list_append(lst, card.id)

    def _facts_of(self, card: Card) -> "CardFacts":
        definition = card.definition
        known = self._facts.get(card.code)
        if known is None or known[0] is not definition:
            known = self._facts[card.code] = (definition, CardFacts.of(definition))
        return known[1]


class CardFacts(NamedTuple):
    """What a card definition's abilities mean for the :class:`CardIndex`."""

    replacer: bool
    static: bool
    remover: bool
    listens: tuple[str, ...]

    @classmethod
    def of(cls, definition: Any) -> "CardFacts":
        abilities = definition.abilities
        kinds: list[str] = []
        for ab in abilities:
            trig = ab.trigger
            if trig is not None:
                for kind in ([trig["on"]] if isinstance(trig["on"], str) else trig["on"]):
                    if kind not in kinds:
                        kinds.append(kind)
        return cls(replacer=any(ab.role == Role.REPLACEMENT for ab in abilities),
                   static=any(ab.role == Role.STATIC and ab.get("modify") for ab in abilities),
                   remover=any(m.get("op") == "remove_abilities" for ab in abilities for m in ab.get("modify") or ()),
                   listens=tuple(kinds))


class StatePrimitives:
    """The primitives of one game (``game.primitives``): they change the state through the
    journal and record events through the game; moves see replacement abilities (through the
    derived values' filters) and record who could see the card (through the views)."""

    def __init__(self, game: Game, index: CardIndex, views: PlayerViews, derived: DerivedValues) -> None:
        self.game = game
        self.index = index
        self.views = views
        self.derived = derived

    # -- cards and ids -----------------------------------------------------------------------
    def create_card(self, code: str, owner: int, zone: str, *, zone_player: int | None = None,
                    face_up: bool | None = None, position: str | int = TOP, silent: bool = False,
                    cause: str = Cause.RULE, source: int | None = None) -> Card:
        """Create a card (a deck card at load time, or a token) in a zone. ``silent`` creations
        (building a position) record no event."""
        game = self.game
        state, journal = game.state, game.journal
        code = game.pool.code(code)
        card = Card(state.next_id, game.definition(code), owner)
        z = game.zone(zone, owner if zone_player is None else zone_player)
        card.zone, card.zone_player = z.name, z.player          # not in the state yet: plain sets
        card.controller = z.player if z.player is not None else owner
        card.face_up = face_up if face_up is not None else z.spec.visibility == Visibility.PUBLIC
        card.timestamp = self.timestamp()
        journal.setattr(state, "next_id", state.next_id + 1)
        journal.setitem(state.cards, card.id, card)
        journal.insert(z.cards, self.position_index(z, position), card.id)
        self.index.add(card, journal)
        game.cards_changed()
        if not silent:
            game.record("created", cause=cause, source=source, player=owner, card=card.id, code=code,
                        to=z.name, to_player=z.player)
        return card

    def load_cards(self, codes: Iterable[str], owner: int, zone: str) -> None:
        """Put a deck's cards into ``owner``'s ``zone`` before the game starts, as
        :meth:`create_card` with ``silent`` would, but without undo entries: they are the game's
        starting state, with nothing before them to roll back to (the journal's version still
        changes, so no cached value outlives them)."""
        game = self.game
        state, journal, pool, index = game.state, game.journal, game.pool, self.index
        if game.started:
            raise RulestackError("decks are loaded before the game starts (use create_card afterwards)")
        z = game.zone(zone, owner)
        controller = z.player if z.player is not None else owner
        face_up = z.spec.visibility == Visibility.PUBLIC
        cards, zone_cards, name, zone_player = state.cards, z.cards, z.name, z.player
        next_id, next_timestamp = state.next_id, state.next_timestamp
        definitions: dict[str, Any] = {}      # each code of the deck resolved once
        loaded = Card.loaded
        for code in codes:
            definition = definitions.get(code)
            if definition is None:
                definition = definitions[code] = game.definition(pool.code(code))
            card = loaded(journal, next_id, definition, owner, controller, name, zone_player, face_up, next_timestamp)
            _dict_setitem(cards, next_id, card)
            _list_append(zone_cards, next_id)
            index.load(card)
            next_id += 1
            next_timestamp += 1
        _osetattr(state, "next_id", next_id)
        _osetattr(state, "next_timestamp", next_timestamp)
        journal.version = fresh_version()
        game.cards_version = fresh_version()   # (the starting state: no undo entry, as above)

    def new_id(self) -> int:
        """A fresh sequential id (items, effects)."""
        i = self.game.state.next_id
        self.game.journal.setattr(self.game.state, "next_id", i + 1)
        return i

    def timestamp(self) -> int:
        """A fresh timestamp (the order in which cards and effects came to be)."""
        t = self.game.state.next_timestamp
        self.game.journal.setattr(self.game.state, "next_timestamp", t + 1)
        return t

    @staticmethod
    def position_index(zone: Zone, position: str | int) -> int:
        """The list index of ``position`` (``TOP``, ``BOTTOM`` or an index) in a zone."""
        if position == TOP:
            return len(zone.cards)
        if position == BOTTOM:
            return 0
        return int(position)

    # -- primitives --------------------------------------------------------------------------
    def move(self, card: Card | int, zone: str, player: int | None = None, *, position: str | int = TOP,
             face_up: bool | None = None, cause: str = Cause.EFFECT, source: int | None = None,
             by: int | None = None, kind: str = "moved", keep_status: bool = False, **extra: Any) -> Card:
        """Move a card to ``zone`` of ``player`` (default: the card's owner), after replacement
        effects. The card becomes a new object (its generation increases) and loses its status,
        counters and memory unless ``keep_status``. Records a ``moved`` event (or ``kind``)."""
        game = self.game
        state, j = game.state, game.journal
        card = game.card(card) if isinstance(card, int) else card
        if self.index.replacers:    # no card with a replacement ability: the destination stands
            zone, player = self._replaced_destination(card, zone, player, cause, source)
        zones = state.zones         # the zones read directly, as Game.zone does (with its fallback)
        try:
            src = zones[(card.zone, card.zone_player)]
        except KeyError:
            src = game.zone(card.zone, card.zone_player)
        to_player = card.owner if player is None else player
        try:
            dst = zones[(zone, to_player)]
        except KeyError:
            dst = game.zone(zone, to_player)
        # Who saw the card before and after: everyone when it is face up at either time (a face-up
        # card is seen by every player: PlayerViews.seen_by), else whom seen_by names.
        was_face_up = card.face_up
        seen_before = None if was_face_up else self.views.seen_by(card)
        # The journal's remove and insert, inline (a card id is a scalar: nothing to adopt).
        cid = card.id
        undo = j._undo
        from_cards = src.cards
        from_at = from_cards.index(cid)
        _list_pop(from_cards, from_at)
        to_cards = dst.cards
        at = len(to_cards) if position == TOP else 0 if position == BOTTOM else int(position)   # (position_index)
        if at < 0:
            at += len(to_cards) + 1
        _list_insert(to_cards, at, cid)
        # One undo entry for the two list changes and the card's fields (the journal's ``setattr``, for
        # the fields a move sets): undone in the order three entries would be (_undo_move).
        old = (card.zone, card.zone_player, card.generation, card.timestamp, card.controller, card.face_up,
               card.status, card.counters, card.memory, card.attached_to, to_cards, at, from_cards, from_at)
        undo.append((_undo_move, card, old))
        _set_zone(card, dst.name)
        _set_zone_player(card, dst.player)
        _set_generation(card, card.generation + 1)
        if PRINTED_CODES in state.values:
            j.version = fresh_version()   # (the state changed: what _end_copy reads sees a new version)
            self._end_copy(card)
        stamp = state.next_timestamp    # (timestamp(), inline: the journal's setattr)
        undo.append((_osetattr, state, "next_timestamp", stamp))
        _osetattr(state, "next_timestamp", stamp + 1)
        j.version = fresh_version()
        _set_timestamp(card, stamp)
        _set_controller(card, dst.player if dst.player is not None else card.owner)
        _set_face_up(card, face_up if face_up is not None else dst.spec.visibility == Visibility.PUBLIC)
        if not keep_status:
            if card.status:
                _set_status(card, j.adopt({}))
            if card.counters:
                _set_counters(card, j.adopt({}))
            if card.memory:
                _set_memory(card, j.adopt({}))
            if card.attached_to is not None:
                _set_attached_to(card, None)
        if was_face_up or card.face_up or seen_before is None:
            visible: Any = "all"
        else:
            seen = seen_before | self.views.seen_by(card)
            visible = "all" if len(seen) == len(state.players) else sorted(seen)
        # (Game.record, with the event's data built once.)
        data = EventData({"card": card.id, "code": card.code, "from": src.name, "from_player": src.player,
                          "to": dst.name, "to_player": dst.player, "visible": visible})
        if extra:
            if not _MOVE_DATA.isdisjoint(extra):   # as a keyword given twice to record would
                raise TypeError(f"move() got fields it records itself: {sorted(_MOVE_DATA.intersection(extra))}")
            _dict_update(data, extra)
        game._emit(kind, cause, source, by, data)
        return card

    def become(self, card: Card, code: str, *, generation: int | None = None) -> Card:
        """Make ``card`` the same object with another card's definition (code, name, data fields,
        keywords and abilities): a copy effect (MTG 707.2) or a card that turns into another. It
        lasts while the card is the object of ``generation`` (default: its generation now; give
        the next one to copy a card as it enters a zone): the first move that makes it another
        object gives it its own definition back. Nothing is recorded (the system says why)."""
        game = self.game
        code = game.pool.code(code)
        j = game.journal
        printed = dict(game.state.values.get(PRINTED_CODES) or {})
        own = printed[card.id][0] if card.id in printed else card.code
        printed[card.id] = [own, card.generation if generation is None else generation]
        j.setitem(game.state.values, PRINTED_CODES, printed)
        j.setattr(card, "code", code)
        j.setattr(card, "definition", game.definition(code))
        self.index.add_definition(card, j)
        game.cards_changed()
        return card

    def printed_code(self, card: Card) -> str:
        """The card's own code (not that of a card it is a copy of, :meth:`become`)."""
        entry = (self.game.state.values.get(PRINTED_CODES) or {}).get(card.id)
        return entry[0] if entry else card.code

    def _end_copy(self, card: Card) -> None:
        """A card that became another (:meth:`become`) and is now a new object gets its own
        definition back."""
        printed = self.game.state.values[PRINTED_CODES]
        entry = printed.get(card.id)
        if entry is None or entry[1] == card.generation:
            return
        rest = {k: v for k, v in printed.items() if k != card.id}
        j = self.game.journal
        if rest:
            j.setitem(self.game.state.values, PRINTED_CODES, rest)
        else:
            j.delitem(self.game.state.values, PRINTED_CODES)
        j.setattr(card, "code", entry[0])
        j.setattr(card, "definition", self.game.definition(entry[0]))
        self.game.cards_changed()

    def _replaced_destination(self, card: Card, zone: str, player: int | None, cause: str,
                              source: int | None, *, ask: bool = True) -> tuple[str, int | None]:
        """Apply replacement abilities (``replaces = {event="moved", to=...}``) to a move. Which
        apply is worked out again after each one, and each applies at most once (MTG 614.5, OP
        8-1-3-4-3); when several apply at once, the moving card's controller chooses the one that
        goes first (MTG 616.1), as :func:`rulestack.replacement.replace` has the affected player do.
        ``ask=False`` (a question about where a card would go, not a move) takes them in the order
        the cards entered instead."""
        if not self._replacements:
            return zone, player
        applied: set = set()
        for _ in range(8):
            options = [(rcard, ab) for rcard, ab in self._replacements
                       if (rcard.id, ab.index) not in applied and self._replaces_move(rcard, ab, card, zone, cause)]
            if not options:
                break
            options = first_category(self.game, options)     # MTG 616.1a-d: some categories first
            rcard, ab = options[0]
            if len(options) > 1 and ask:
                pick = self.game.choose_option(
                    card.controller, [f"{r.name}: {a.get('label') or 'replacement'}" for r, a in options],
                    f"which replacement applies first to {card.name} moving to the {zone}?", source=card.id)
                rcard, ab = options[pick]
            applied.add((rcard.id, ab.index))
            zone = ab.get("instead").get("to", zone)
        return zone, player

    def _replaces_move(self, rcard: Card, ab: Ability, card: Card, zone: str, cause: str) -> bool:
        """Does ``rcard``'s replacement ability ``ab`` apply to ``card`` moving to ``zone`` now?"""
        rep = ab.get("replaces") or {}
        if rep.get("event", "moved") != "moved" or not isinstance(ab.get("instead"), dict):
            return False
        if not self.derived.ability_usable(rcard, ab, None):
            return False
        if not self._match_fields(rep, rcard, card, {"to": zone, "from": card.zone, "cause": cause}):
            return False
        cond = ab.get("condition")   # condition(ctx, moving_card_id): whether it applies now
        return cond is None or bool(self.game.run_script(rcard, cond, self.game.context(card=rcard, ability=ab),
                                                         card.id))

    @property
    def _replacements(self) -> list[tuple[Card, Ability]]:
        cards = self.game.state.cards
        return [(cards[cid], ab) for cid in self.index.replacers for ab in cards[cid].definition.abilities
                if ab.role == Role.REPLACEMENT]

    def would_move_to(self, card: Card | int, zone: str, cause: str = Cause.COST) -> str:
        """Where a card sent to ``zone`` would really go after replacement effects (a cost that
        a replacement would change cannot be paid: Macro Cosmos)."""
        card = self.game.card(card) if isinstance(card, int) else card
        return self._replaced_destination(card, zone, None, cause, None, ask=False)[0]

    def _match_fields(self, spec: Mapping[str, Any], owner_card: Card, card: Card, facts: Mapping[str, Any]) -> bool:
        for key, want in spec.items():
            if key in ("event",):
                continue
            if key == "self":
                if bool(want) != (card.id == owner_card.id):
                    return False
            elif key == "filter":
                if not self.derived.matches(card, want, owner_card.controller, owner_card):
                    return False
            elif key in facts:
                wanted = want if isinstance(want, list) else [want]
                if facts[key] not in wanted:
                    return False
        return True

    def shuffle(self, zone: str, player: int | None = None, *, cause: str = Cause.RULE,
                source: int | None = None) -> None:
        """Shuffle a zone with the game's RNG."""
        z = self.game.zone(zone, player)
        self.game.journal.replace_list(z.cards, self.game.rng.shuffle(z.cards))
        self.game._emit("shuffled", cause, source, player, EventData({"zone": zone}))

    def set_status(self, card: Card | int, key: str, value: Any, *, cause: str = Cause.RULE,
                   source: int | None = None, by: int | None = None, quiet: bool = False) -> None:
        """Set a status of a card (``tapped``, ``rested``, ``position`` ... in the system's words)."""
        card = self.game.card(card) if isinstance(card, int) else card
        status = card.status
        prior = status.get(key, _MISSING)
        old = None if prior is _MISSING else prior
        if old == value:
            return
        journal = self.game.journal
        if value is None:
            journal.delitem(status, key)
        else:   # the journal's setitem, inline
            journal._undo.append((_restore_item, status, key, prior))
            _dict_setitem(status, key, value if type(value) in _SCALARS else journal.adopt(value))
            journal.version = fresh_version()
        if not quiet:
            self.game._emit("status", cause, source, by, EventData({"card": card.id, "key": key, "value": value,
                                                                    "old": old}))

    def add_counters(self, card: Card | int, kind: str, n: int = 1, *, cause: str = Cause.EFFECT,
                     source: int | None = None, by: int | None = None) -> int:
        """Put ``n`` counters of ``kind`` on a card; returns the new total."""
        card = self.game.card(card) if isinstance(card, int) else card
        if self.index.replacers and n > 0:     # replacement effects on counters (rulestack.replacement)
            facts = replace(self.game, "counters_added", {"card": card.id, "counter": kind, "n": n, "player": by},
                            affected=card.controller, source=source)
            if facts is None:
                return card.counters.get(kind, 0)
            kind, n = str(facts.get("counter", kind)), int(facts.get("n", n))
        before = card.counters.get(kind, 0)
        if n <= 0:
            return before
        self.game.journal.setitem(card.counters, kind, before + n)
        self.game.record("counters_added", cause=cause, source=source, player=by, card=card.id, counter=kind, n=n,
                         before=before, after=before + n)
        return before + n

    def remove_counters(self, card: Card | int, kind: str, n: int = 1, *, cause: str = Cause.EFFECT,
                        source: int | None = None, by: int | None = None) -> int:
        """Remove up to ``n`` counters of ``kind``; returns how many were removed."""
        card = self.game.card(card) if isinstance(card, int) else card
        before = card.counters.get(kind, 0)
        n = min(n, before)
        if n <= 0:
            return 0
        if before - n:
            self.game.journal.setitem(card.counters, kind, before - n)
        else:
            self.game.journal.delitem(card.counters, kind)
        self.game.record("counters_removed", cause=cause, source=source, player=by, card=card.id, counter=kind, n=n,
                         before=before, after=before - n)
        return n

    def set_life(self, player: int, life: int, *, cause: str = Cause.RULE, source: int | None = None,
                 by: int | None = None, kind: str = "life_changed", **extra: Any) -> int:
        """Set a player's life total; records ``life_changed`` with the delta."""
        p = self.game.state.players[player]
        old = p.life or 0
        self.game.journal.setattr(p, "life", life)
        data = EventData({"delta": life - old, "life": life, "by": by})
        if extra:
            if not _LIFE_DATA.isdisjoint(extra):   # as a keyword given twice to record would
                raise TypeError(f"set_life() got fields it records itself: {sorted(_LIFE_DATA.intersection(extra))}")
            _dict_update(data, extra)
        self.game._emit(kind, cause, source, player, data)
        return life

    def change_life(self, player: int, delta: int, **kw: Any) -> int:
        """Add ``delta`` (negative for a loss) to a player's life total."""
        return self.set_life(player, (self.game.state.players[player].life or 0) + delta, **kw)

    def set_value(self, player: int | None, key: str, value: Any, *, event: str | None = None,
                  cause: str = Cause.RULE, source: int | None = None) -> None:
        """Set a named value of a player (or of the game when ``player`` is ``None``): resources,
        flags, counts. ``event`` names an event to record, if the change should be seen."""
        state = self.game.state
        target = state.values if player is None else state.players[player].values
        prior = target.get(key, _MISSING)
        old = None if prior is _MISSING else prior
        if old == value and event is None:
            return
        journal = self.game.journal     # the journal's setitem, inline
        journal._undo.append((_restore_item, target, key, prior))
        _dict_setitem(target, key, value if type(value) in _SCALARS else journal.adopt(value))
        journal.version = fresh_version()
        if event:
            self.game._emit(event, cause, source, player, EventData({"key": key, "value": value, "old": old}))

    def value_of(self, player: int | None, key: str, default: Any = None) -> Any:
        """A named value of a player (or of the game)."""
        target = self.game.state.values if player is None else self.game.state.players[player].values
        return target.get(key, default)

    def remember(self, card: Card | int, key: str, value: Any) -> None:
        """Keep a value for a card's script (forgotten when the card changes zone)."""
        card = self.game.card(card) if isinstance(card, int) else card
        self.game.journal.setitem(card.memory, key, value)

    def set_phase(self, phase: str | None, step: str | None = None) -> None:
        """Enter a phase (and step); records ``phase`` so triggers can listen for it."""
        state, journal = self.game.state, self.game.journal
        if state.phase is not phase or state.step is not step:   # the same phase (or step) again changes nothing
            undo = journal._undo       # the journal's setattr, inline (a phase and a step are plain values)
            if state.phase is not phase:
                undo.append((_osetattr, state, "phase", state.phase))
                _osetattr(state, "phase", phase if type(phase) in _SCALARS else journal.adopt(phase))
            if state.step is not step:
                undo.append((_osetattr, state, "step", state.step))
                _osetattr(state, "step", step if type(step) in _SCALARS else journal.adopt(step))
            journal.version = fresh_version()
        if phase is not None:
            self.game._emit("phase", Cause.RULE, None, state.active_player, EventData({"phase": phase, "step": step}))

    def add_effect(self, op: str, attr: str | None, value: Any, *, targets: Iterable[int] | None = None,
                   filter: Mapping[str, Any] | None = None, duration: str = "permanent",
                   source: int | None = None, controller: int | None = None, layer: str | None = None,
                   cause: str = Cause.EFFECT, until_turn: int | None = None, **data: Any) -> FloatingEffect:
        """Begin a continuous effect. With ``targets`` it is locked onto those cards as they are
        now (MTG 611.2c); with ``filter`` it applies to whatever matches at each recomputation.
        With ``until_turn`` it ends at the end of that turn (see :meth:`end_effects_of_turn`)."""
        if until_turn is not None:
            if isinstance(until_turn, bool) or not isinstance(until_turn, int):
                raise TypeError(f"add_effect(until_turn=...) needs a turn number, got {until_turn!r}")
            data["until_turn"] = until_turn
            if duration == "permanent":
                duration = UNTIL_END_OF_TURN_N
        eff = FloatingEffect(id=self.new_id(), source=source, controller=controller, op=op, attr=attr, value=value,
                             targets=list(targets) if targets is not None else None,
                             filter=dict(filter) if filter is not None else None, duration=duration,
                             timestamp=self.timestamp(), layer=layer, data=dict(data))
        if eff.targets is not None:
            eff.data.setdefault("generations", {t: self.game.card(t).generation for t in eff.targets})
        self.game.journal.append(self.game.state.effects, eff)
        self.game.record("effect_began", cause=cause, source=source, player=controller, effect=eff.id, op=op, attr=attr,
                         value=value if isinstance(value, (int, str, bool, float)) else None, duration=duration,
                         targets=eff.targets)
        return eff

    def end_effects(self, predicate: Callable[[FloatingEffect], bool]) -> int:
        """End the continuous effects matching ``predicate`` (e.g. all "until end of turn")."""
        ended = 0
        for eff in list(self.game.state.effects):
            if predicate(eff):
                self.game.journal.remove(self.game.state.effects, eff)
                self.game.record("effect_ended", effect=eff.id, duration=eff.duration)
                ended += 1
        return ended

    def carry_effects(self, old: Card, new: Card, *, old_generation: int | None = None) -> int:
        """Make the effects locked onto ``old`` apply to ``new`` as well, from now on (the same
        game object going on as another card). ``old_generation``: the generation of ``old`` the
        effects must have been locked onto (default: any). Returns how many were carried."""
        carried = 0
        for eff in self.game.state.effects:
            if not eff.targets or old.id not in eff.targets:
                continue
            gens = dict(eff.data.get("generations", {}))
            if old_generation is not None and gens.get(old.id, old_generation) != old_generation:
                continue
            if new.id in eff.targets and gens.get(new.id, new.generation) == new.generation:
                continue    # it applies to the new card already
            gens[new.id] = new.generation
            if new.id not in eff.targets:
                self.game.set(eff, "targets", list(eff.targets) + [new.id])
            self.game.set(eff, "data", {**eff.data, "generations": gens})
            carried += 1
        return carried

    def end_effects_of_turn(self, turn: int) -> int:
        """End the effects that last until the end of turn ``turn`` or of an earlier one (their
        ``until_turn``). The host calls it as each turn ends (:meth:`Game.next_turn`); a system
        whose cleanup must end them at a given step of its end of turn calls it there."""
        return self.end_effects(lambda eff: eff.until_turn is not None and eff.until_turn <= turn)

    def end_game(self, winners: Iterable[int], reason: str) -> None:
        """End the game now. Raises :class:`GameOver`, which :meth:`play` catches."""
        result = GameResult(winners=tuple(sorted(set(winners))), reason=reason, turns=self.game.state.turn,
                            decisions=len(self.game.decisions))
        self.game.journal.setattr(self.game.state, "result", result)
        self.game.record("game_over", winners=list(result.winners), reason=reason)
        self.game.pm.hook.game_over(game=self.game, result=result)
        raise GameOver(result)
