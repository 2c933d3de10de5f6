"""The flow of an activation in :class:`~rulestack.game.Game`: whether it may happen, its cost
(assembled, checked by a dry-run payment, paid whole), the choices made at activation, the push."""
from __future__ import annotations

import contextlib
import itertools
from typing import Any, Callable, Iterable, Mapping, Sequence

from .cards import Ability, CostComponent, Role
from .context import relative_player
from .errors import ConfigurationError, IllegalAction, StopResolution
from .events import Cause
from .flow import Action, Activation, ChoiceRequest, CostUnpayable, PendingTrigger
from .state import Card, Item


class ActivationFlow:
    """Methods of :class:`~rulestack.game.Game` (a mixin: the state lives on the game)."""

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
        with self._cost_judgement(act):
            feasible = self._cost_feasible(act, components, 0, [])
        if not feasible:
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
        with self._cost_judgement(act):
            return self._dry(lambda: self._cost_feasible(act, comps, 0, []))

    def _cost_judgement(self, act: Activation) -> Any:
        """The context in which a cost is judged: the system's (``cost_judgement``), or none."""
        judged = self.pm.hook.cost_judgement(game=self, activation=act)
        return judged if judged is not None else contextlib.nullcontext()

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
                    with self._cost_judgement(act):
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
