"""Card filters and derived values: a card's values with every modifier applied in the system's
layer order, from floating effects, statics and rules, cached on the journal's version."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

import attrs

from .cards import Ability, CardDefinition, Role, ScriptFunction
from .events import Event
from .filters import CardFilter
from .state import Card
from .values import ABILITY_OPS, Modifier, compute, dependency_order, filter_reads, modify_writes
from ._hookcall import DirectHookCaller

#: The arguments of the ``modifiers`` implementation called directly (DirectHookCaller.sole).
_GAME_ONLY = ("game",)

if TYPE_CHECKING:
    from .game import Game
    from ._primitives import CardIndex

#: One ``modify`` entry of a static ability: the card, the ability and the entry.
_Entry = tuple[Card, Ability, Mapping[str, Any]]


class DerivedValues:
    """Filters and derived values of one game (``game.derived``): it reads the state, asks the
    ``modifiers`` and ``ability_active`` hooks, runs static abilities' scripts through the game,
    and keeps the caches of values (valid while the journal's version is unchanged)."""

    def __init__(self, game: Game, index: CardIndex) -> None:
        self.game = game
        self.index = index
        self._values_cache: tuple[int, dict[int, list[Modifier]]] | None = None
        #: Each card's values at the journal's version ``_card_values_version`` (a dict is never
        #: cleared in place once handed to a dry run's saved caches: another one replaces it).
        self._card_values: dict[int, dict[str, Any]] = {}
        self._card_values_version = -1
        self._collecting_statics = False
        #: The modifiers each floating effect gave last time (by id: effect, cards, fields, modifiers).
        self._effect_modifiers: dict[int, tuple[Any, list[int], tuple, list[Modifier]]] = {}
        self._layer_rank = {name: i for i, name in enumerate(game.runtime.system_cls.layers)}
        #: The layered statics' last key and modifiers (see :meth:`_layered_key`).
        self._layered_memo: tuple[tuple, list[Modifier]] | None = None
        #: Each definition's static abilities, read once (see :meth:`_static_abilities`).
        self._statics_of: dict[int, tuple[CardDefinition, tuple[list[tuple[Ability, Any, tuple]], ...]]] = {}
        #: Each card's last values with the definition and modifiers they were computed from.
        self._values_by_mods: dict[int, tuple[CardDefinition, list[Modifier], dict[str, Any]]] = {}

    def save_caches(self) -> tuple[int, Any, dict[int, dict[str, Any]] | None]:
        """What is cached now, to keep through a dry run (:meth:`restore_caches`). The cards'
        values are handed over, not copied: from here on this game caches values in a new dict
        (values computed before the first change still go into this one, and hold for the state
        it is restored to)."""
        version = self.game.journal.version
        card_values = self._card_values if self._card_values_version == version else None
        return version, self._values_cache, card_values

    def restore_caches(self, saved: tuple[int, Any, dict[int, dict[str, Any]] | None]) -> None:
        """After a dry run rolled the state back to exactly what it was, what was computed for it
        still holds: keep it under the journal's new version."""
        version, cache, card_values = saved
        now = self.game.journal.version
        self._values_cache = (now, cache[1]) if cache is not None and cache[0] == version else None
        self._card_values = card_values if card_values is not None else {}
        self._card_values_version = now

    def _drop_card_values(self) -> None:
        """Forget every card's cached values (a new dict: the old one may be a dry run's saved caches)."""
        self._card_values = {}

    def matches(self, card: Card, spec: Mapping[str, Any] | None, player: int | None,
                source: Card | None = None) -> bool:
        """Does ``card`` match a card filter (see :mod:`rulestack.filters`) seen from ``player``?"""
        if not spec:
            return True
        return CardFilter(self.game, spec, player, source).matches(card)

    def find(self, spec: Mapping[str, Any] | None, player: int | None, source: Card | None = None) -> list[Card]:
        """Every card matching a card filter, in a fixed order (zone order, then position)."""
        return CardFilter(self.game, spec or {}, player, source).find()

    def values(self, card: Card | int) -> dict[str, Any]:
        """All derived values of a card (its data fields with every modifier applied)."""
        card = self.game.card(card) if isinstance(card, int) else card
        version = self.game.journal.version
        if self._card_values_version == version:
            cached = self._card_values.get(card.id)
            if cached is not None:
                return cached
        else:
            self._card_values = {}
            self._card_values_version = version
        definition = card.definition
        mods = self._modifiers().get(card.id, ())
        if not self._collecting_statics:
            # Values are a function of the definition and the modifiers: the same ones as last
            # time (modifiers compare by value) give the same values, whatever else changed.
            last = self._values_by_mods.get(card.id)
            if last is not None and last[0] is definition and (last[1] == mods if mods else not last[1]):
                if self.game.journal.version == version:
                    self._card_values[card.id] = last[2]
                return last[2]
        base = dict(definition.fields)
        base["keywords"] = definition.keywords
        out = compute(base, mods, self._layer_rank, self.game.system.op_layers, self.game.system.modifier_ops)
        if self.game.journal.version == version:
            self._card_values[card.id] = out
            if not self._collecting_statics:
                self._values_by_mods[card.id] = (definition, list(mods), out)
        return out

    def value(self, card: Card | int, attr: str, default: Any = None) -> Any:
        """One derived value (``power``, ``toughness``, ``cost`` ...)."""
        return self.values(card).get(attr, default)

    def has_keyword(self, card: Card | int, keyword: str) -> bool:
        """Does the card have this keyword now (printed or granted, and not lost)?"""
        return keyword in self.values(card).get("keywords", ())

    def _modifiers(self) -> dict[int, list[Modifier]]:
        version = self.game.journal.version
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
            hook = self.game.pm.hook.modifiers
            sole = hook.sole(_GAME_ONLY) if type(hook) is DirectHookCaller else None
            if sole is not None:   # the system's one implementation, called as the hook would
                answer = sole(self.game)
                answers = [answer] if answer is not None else []
            else:
                answers = hook(game=self.game)
            for plugin_mods in answers:
                for m in plugin_mods:
                    mods.setdefault(m.card, []).append(m)
            self._values_cache = (version, mods)   # statics see floating and rule modifiers
            for m in self._static_modifiers(mods):
                mods.setdefault(m.card, []).append(m)
        finally:
            self._collecting_statics = False
        self._values_cache = (self.game.journal.version, mods)
        self._drop_card_values()
        return mods

    def _floating_modifiers(self) -> Iterator[Modifier]:
        # Effects with the same filter and controller (an ability activated many times in a turn)
        # match the same cards: each filter is searched once, not once per effect.
        found: dict[tuple[int | None, str], list[int]] = {}
        previous, kept = self._effect_modifiers, {}
        cards = self.game.state.cards
        for eff in self.game.state.effects:
            if eff.targets is not None:
                gens = eff.data.get("generations", {})
                ids = [t for t in eff.targets if cards[t].generation == gens.get(t, cards[t].generation)]
            else:
                key = (eff.controller, repr(eff.filter))
                ids = found.get(key)   # type: ignore[assignment]  # None: not searched yet
                if ids is None:
                    ids = found[key] = [c.id for c in self.find(eff.filter, eff.controller)]
            # An effect's modifiers are the same as last time while it and the cards it reaches are
            # (modifiers are immutable): made again only when either changed.
            shape = (eff.attr, eff.op, eff.value, eff.timestamp, eff.layer, eff.source)
            made = previous.get(id(eff))
            if made is None or made[0] is not eff or made[1] != ids or made[2] != shape:
                made = (eff, ids, shape, [Modifier(card=cid, attr=eff.attr or "", op=eff.op, value=eff.value,
                                                   timestamp=eff.timestamp, layer=eff.layer, source=eff.source)
                                          for cid in ids])
            kept[id(eff)] = made
            yield from made[3]
        self._effect_modifiers = kept

    def _static_modifiers(self, current: dict[int, list[Modifier]]) -> Iterator[Modifier]:
        """Modifiers from the static abilities of active cards. Those that change abilities come
        first, so a card that lost its abilities to another card's static contributes nothing."""
        removed = {cid for cid, ms in current.items() if any(m.op == "remove_abilities" for m in ms)}
        ability_mods = list(self._statics(removed, ability_ops=True))
        removed |= {m.card for m in ability_mods if m.op == "remove_abilities"}
        yield from ability_mods
        if self.game.system.layer_dependencies:
            yield from self._layered_statics(removed, current)
        else:
            yield from self._statics(removed, ability_ops=False)

    def _layered_statics(self, removed: set[int], current: dict[int, list[Modifier]]) -> Iterator[Modifier]:
        """The statics' other modifiers, layer by layer (for a system with ``layer_dependencies``):
        each effect's cards are found on the values the earlier layers made (so "creatures you
        control" sees a land an earlier layer made a creature), and within a layer the effects
        (the entries of one static ability in that layer) apply in dependency order (613.8,
        :func:`~rulestack.values.dependency_order`): one whose cards another would change applies
        after it. Only effects that read a value another writes are tried (a trial applies one and
        finds the other's cards again). An effect applied later than its timestamp says gets the
        timestamp of the one before it, so the values keep that order. ``current`` is the dict of
        modifiers being collected (each yielded modifier is added to it at once)."""
        entries = list(self._static_entries(removed, ability_ops=False))
        key = self._layered_key(entries, removed, current)
        memo = self._layered_memo
        if key is not None and memo is not None and memo[0] == key:
            yield from memo[1]          # nothing they read has changed: the same modifiers
            return
        made: list[Modifier] = []
        for m in self._layered_modifiers(entries, current):
            made.append(m)
            yield m
        self._layered_memo = (key, made) if key is not None else None

    def _layered_key(self, entries: list[_Entry], removed: set[int],
                     current: dict[int, list[Modifier]]) -> tuple | None:
        """Everything the layered statics of ``entries`` read, as a value to compare with the last
        computation's (``None``: they read something it cannot tell, so nothing is reused).

        Given the functioning entries (found by the same hooks and conditions as before), their
        modifiers depend only on: each entry's card (id, controller, timestamp, attachment) and
        spec; the cards their filters can see (the zones the filters name, each card's id,
        controller, owner, face, definition, attachment, status and counters when a filter reads
        them, and the modifiers already collected for it: its derived values); the active player
        and who has lost (the filters' player words). A value given as a script, a ``where``
        filter or a system's own filter key may read anything: then there is no key."""
        if not entries:
            return ()
        filter_keys = self.game.system.filter_keys
        state = self.game.state
        zones: set[str] | None = set()
        status = False
        sources = []
        for card, ab, spec in entries:
            value = spec.get("value")
            if isinstance(value, ScriptFunction) or callable(value):
                return None
            affects = spec.get("affects", ab.get("affects", "self"))
            sources.append((card.id, card.controller, card.timestamp, card.attached_to, ab.index, id(spec)))
            if affects == "self":
                continue
            if not isinstance(affects, Mapping):
                return None
            for k in affects:
                if k == "where" or k in filter_keys:
                    return None
                if k == "status" or k == "counters":
                    status = True
            named = affects.get("zone")
            if named is None:
                zones = None
            elif zones is not None:
                zones.update(named if isinstance(named, (list, tuple)) else (named,))
        cards = state.cards
        seen = []
        for (name, zp), z in state.zones.items():
            if zones is not None and name not in zones:
                continue
            for cid in z.cards:
                c = cards[cid]
                mods = current.get(cid)
                seen.append((cid, name, zp, c.controller, c.owner, c.face_up, c.definition, c.attached_to,
                             tuple(mods) if mods else (),
                             (tuple(c.status.items()), tuple(c.counters.items())) if status else None))
        return (tuple(sources), frozenset(removed), state.active_player, tuple(p.lost for p in state.players),
                tuple(seen))

    def _layered_modifiers(self, entries: list[_Entry], current: dict[int, list[Modifier]]) -> Iterator[Modifier]:
        """The computation of :meth:`_layered_statics` on its functioning ``entries``."""
        rank = self._layer_rank
        op_layers = self.game.system.op_layers
        system_keys = tuple(self.game.system.filter_keys)
        layers: dict[int, dict[tuple[int, int], list[_Entry]]] = {}
        for entry in entries:
            card, ab, spec = entry
            layer = spec.get("layer") or op_layers.get(spec.get("op", "add"))
            layers.setdefault(rank.get(layer, len(rank)) if layer else len(rank), {}) \
                .setdefault((card.id, ab.index), []).append(entry)

        def reads_of(effect: list[_Entry]) -> frozenset[str] | None:
            out: set[str] = set()
            for _, ab, spec in effect:
                r = filter_reads(spec.get("affects", ab.get("affects", "self")), system_keys)
                if r is None:
                    return None
                out |= r
            return frozenset(out)

        def writes_of(effect: list[_Entry]) -> frozenset[str]:
            return frozenset().union(*(modify_writes(spec) for _, _, spec in effect))

        all_effects = [e for effects in layers.values() for e in effects.values()]
        all_reads = [reads_of(e) for e in all_effects]
        read_anything = any(r is None for r in all_reads)
        read_values = frozenset().union(*(r for r in all_reads if r is not None))
        for _, by_ability in sorted(layers.items()):
            effects = list(by_ability.values())
            reads = [reads_of(e) for e in effects]
            writes = [writes_of(e) for e in effects]
            baseline: dict[int, list[list[int]]] = {}

            def affected(i: int) -> list[list[int]]:
                return [self._affected(entry) for entry in effects[i]]

            def depends(i: int, j: int) -> bool:
                """613.8a: would applying effect ``j`` change what effect ``i`` applies to?"""
                r = reads[i]
                if r is not None and not r & writes[j]:
                    return False
                if i not in baseline:
                    baseline[i] = affected(i)
                trial = [m for entry in effects[j] for m in self._entry_modifiers(entry)]
                for m in trial:
                    current.setdefault(m.card, []).append(m)
                self._drop_card_values()
                try:
                    return affected(i) != baseline[i]
                finally:
                    for m in trial:
                        current[m.card].remove(m)
                    self._drop_card_values()

            last = 0
            for i in dependency_order(range(len(effects)), lambda k: effects[k][0][0].timestamp, depends):
                last = max(last, effects[i][0][0].timestamp)
                for entry in effects[i]:
                    for m in self._entry_modifiers(entry):
                        yield attrs.evolve(m, timestamp=last) if m.timestamp != last else m
                if read_anything or read_values & writes[i]:
                    self._drop_card_values()     # the next effects' cards are found on these values
                    baseline.clear()

    def _affected(self, entry: _Entry) -> list[int]:
        """The ids of the cards one ``modify`` entry of a static ability applies to now."""
        card, ab, spec = entry
        affects = spec.get("affects", ab.get("affects", "self"))
        return [card.id] if affects == "self" else [c.id for c in self.find(affects, card.controller, card)]

    def _static_entries(self, removed: set[int],
                        ability_ops: bool) -> Iterator[_Entry]:
        """Each ``modify`` entry of the static abilities that function now, with its card and
        ability (the ability ops' entries, or the others)."""
        cards = self.game.state.cards
        statics_of = self._statics_of
        side = 1 if ability_ops else 0
        for cid in list(self.index.static_cards):
            if cid in removed:
                continue
            card = cards[cid]
            definition = card.definition
            known = statics_of.get(id(definition))
            statics = known[1] if known is not None and known[0] is definition else \
                self._static_abilities(definition)
            for ab, zones, mods in statics[side]:
                if zones and card.zone not in zones:
                    continue
                if not self.ability_usable(card, ab, None):
                    continue
                condition = ab.get("condition")
                if condition is not None and not self.game.run_script(card, condition,
                                                                      self.game.context(card=card, ability=ab)):
                    continue
                for spec in mods:
                    yield card, ab, spec

    def _static_abilities(self, definition: CardDefinition) -> tuple[list[tuple[Ability, Any, tuple]], ...]:
        """A definition's static abilities with ``modify`` entries, as two lists: those with
        entries that are not ability ops, and those with ability ops' entries; each ability with
        the zones it functions in and those of its entries. Read once per definition."""
        known = self._statics_of.get(id(definition))
        if known is not None and known[0] is definition:
            return known[1]
        default_zones = self.game.system.default_zones.get(Role.STATIC)
        out: tuple[list[tuple[Ability, Any, tuple]], ...] = ([], [])
        for ab in definition.abilities:
            mods = ab.get("modify")
            if ab.role != Role.STATIC or not mods:
                continue
            zones = ab.get("zone") or default_zones
            for side, entries in enumerate((tuple(m for m in mods if m.get("op", "add") not in ABILITY_OPS),
                                            tuple(m for m in mods if m.get("op", "add") in ABILITY_OPS))):
                if entries:
                    out[side].append((ab, zones, entries))
        self._statics_of[id(definition)] = (definition, out)
        return out

    def _entry_modifiers(self, entry: _Entry) -> Iterator[Modifier]:
        """The modifiers of one ``modify`` entry of a static ability, on the cards it affects now."""
        card, ab, spec = entry
        affects = spec.get("affects", ab.get("affects", "self"))
        targets = [card] if affects == "self" else self.find(affects, card.controller, card)
        value = spec.get("value")
        if isinstance(value, ScriptFunction) or callable(value):
            value = self.game.run_script(card, value, self.game.context(card=card, ability=ab))
        for t in targets:
            yield Modifier(card=t.id, attr=spec.get("attr", ""), op=spec.get("op", "add"), value=value,
                           timestamp=card.timestamp, layer=spec.get("layer"), source=card.id)

    def _statics(self, removed: set[int], ability_ops: bool) -> Iterator[Modifier]:
        """The modifiers of every static ability that functions now (the ability ops', or the
        others), entry by entry in the order of the cards' index."""
        for entry in self._static_entries(removed, ability_ops):
            yield from self._entry_modifiers(entry)

    def abilities_removed(self, card: Card | int) -> bool:
        """Has the card lost all its abilities (MTG "loses all abilities")?"""
        if not self.index.ability_removers and not self.game.system.removes_abilities_by_rule:
            effects = self.game.state.effects
            if not effects or not any(e.op == "remove_abilities" for e in effects):
                return False  # nothing in the game can remove abilities: skip computing values
        return bool(self.values(card).get("abilities_removed"))

    def is_text_negated(self, card: Card | int, ability: Ability) -> bool:
        """Is this ability negated by a continuous effect? Unnegatable abilities are negated only
        by a negation that says it includes them (``value="all"``; PMV 12.4). A scoped negation
        (``value={kinds = {...}, include_unnegatable = ...}``) negates only the abilities whose
        kind or role it names."""
        values = self.values(card)
        neg = values.get("negated")
        if neg and (neg == "all" or not ability.unnegatable):
            return True
        return any(scope.reaches(ability.kind, ability.role, ability.unnegatable)
                   for scope in values.get("negated_scopes", ()))

    def ability_usable(self, card: Card, ability: Ability, event: Event | None) -> bool:
        """Does the ability function now (the ``ability_active`` hook: its zone, the event)?"""
        answer = self.game.pm.hook.ability_active(game=self.game, card=card, ability=ability, event=event)
        return bool(answer)
