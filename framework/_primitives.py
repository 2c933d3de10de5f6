"""The primitives of :class:`~rulestack.game.Game`: every change to the state goes through one of
these, which journal the change and record an event with its cause, source and player."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from .cards import Ability, Role
from .errors import GameOver
from .events import Cause
from .flow import GameResult
from .state import Card, FloatingEffect, Visibility

#: Zone positions accepted by :meth:`Game.move`.
TOP, BOTTOM = "top", "bottom"


class StatePrimitives:
    """Methods of :class:`~rulestack.game.Game` (a mixin: the state lives on the game)."""

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
                cond = ab.get("condition")   # condition(ctx, moving_card_id): whether it applies now
                if cond is not None and not self.run_script(rcard, cond, self.context(card=rcard, ability=ab), card.id):
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
