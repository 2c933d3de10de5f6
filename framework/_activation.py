"""The flow of an action, top to bottom: what may be activated, the activation (announcement, cost
checked by a dry run then paid, choices, push), resolution with negation, state checks to a fixed
point, and triggered abilities put in the system's order. Each step names the hooks it asks:

1. **May it be activated?** :meth:`ActionFlow.activation_problem` — the ability's zone, abilities
   lost, once per turn, hook ``can_activate``, the ability's ``condition`` script, then a dry run
   of the cost and the targets (:meth:`ActionFlow._feasibility_problem`).
2. **Activation** :meth:`ActionFlow.activate`, all or nothing — a new :class:`Item`; hook
   ``announce``; the cost (hooks ``cost_contributions`` and ``assemble_cost``; each component's
   :class:`~rulestack.system.CostKind` paid after a dry run says the whole cost can be, every dry
   run inside the context of hook ``cost_judgement``; hook
   ``cost_payment_failed`` when a payment fails part way) and the targets (hook ``choice_rules``),
   in the order ``targets_before_cost`` says; event ``activated``; hook ``push_item``.
3. **Resolution** :meth:`ActionFlow.resolve` — hook ``resolve_item`` (the host's default runs
   :meth:`ActionFlow.run_resolution`: skipped when the activation is negated, hook ``is_negated``
   for the effect, then the ability's ``resolve`` script); hook ``after_resolve``.
4. **State checks** :meth:`ActionFlow.run_state_checks` — hook ``state_checks`` until nothing happens.
5. **Triggers** — every recorded event is matched against the listening triggered abilities
   (:meth:`ActionFlow.match_triggers`: the trigger's data filter, hook ``ability_active``, its
   ``condition``); :meth:`ActionFlow.take_triggers` hands them over in the order of hook
   ``order_triggers``, and :meth:`ActionFlow.put_trigger` activates one (asking first when optional).

The flow is handed the objects it works with: the game (state, journal, hooks, scripts, events),
the primitives, the derived values, the asking of players and the card index.
"""
from __future__ import annotations

import contextlib
import functools
import itertools
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from .cards import Ability, CostComponent, Role
from .context import relative_player
from .errors import ConfigurationError, IllegalAction, RulestackError, StopResolution
from .events import Cause, Event
from .flow import Action, Activation, ChoiceRequest, CostUnpayable, PendingTrigger
from .state import Card, EventData, Item
from ._hookcall import DirectHookCaller

#: The arguments of the hook implementations the flow calls directly (DirectHookCaller.sole):
#: ``state_checks``; ``can_activate``; ``choice_rules``.
_GAME_ONLY = ("game",)
_ACTIVATION_ARGS = ("game", "activation")
_REQUEST_ARGS = ("game", "request")
_ASSEMBLE_ARGS = ("game", "activation", "components")
_ITEM_ARGS = ("game", "item")

if TYPE_CHECKING:
    from .game import Game
    from ._asking import DecisionAsking
    from ._derived import DerivedValues
    from ._primitives import CardIndex, StatePrimitives


class ActionFlow:
    """The flow of an action in one game (``game.flow``)."""

    def __init__(self, game: Game, index: CardIndex, primitives: StatePrimitives, derived: DerivedValues,
                 asking: DecisionAsking) -> None:
        self.game = game
        self.index = index
        self.primitives = primitives
        self.derived = derived
        self.asking = asking
        #: Depth of dry runs in progress (no triggers, no observers while it is above 0).
        self.dry_run = 0
        self._zone_groups: tuple[tuple[int, int], Any, dict[str, list[Any]]] | None = None
        #: event kind -> id of a card definition -> (the definition, its triggered abilities on that
        #: kind with their compiled data filters, whether all of them need the event to be about
        #: the card: :meth:`_compile_triggers`).
        self._compiled_triggers: dict[str, dict[int, tuple[Any, tuple[tuple[Ability, tuple[Any, ...]], ...], bool]]] = {}
        #: event kind -> its listeners sorted by their triggers (:meth:`_listening_of`).
        self._listening: dict[str, tuple[Any, ...]] = {}
        #: id of a card definition -> (the definition, its activated abilities in order): read once per definition.
        self._activated_of: dict[int, tuple[Any, tuple[Ability, ...]]] = {}
        #: For tests: when a cost kind answers :meth:`CostKind.payable`, pay the component as well
        #: (and roll back) and raise :class:`AssertionError` if the payment disagrees.
        self.check_payable_by_paying = False
        #: id of a cost kind -> (the kind, whether its ``payable`` may answer): asked once per kind.
        self._answers_payable: dict[int, tuple[Any, bool]] = {}

    # -- 1. may it be activated? -------------------------------------------------------------
    def activatable(self, player: int, window: str | None = None, *, zones: Iterable[str] | None = None,
                    kinds: Iterable[str] | None = None,
                    card_activation: bool | Callable[[Card, Ability], bool] = False) -> list[Action]:
        """The ``activate`` actions available to ``player``: every activated ability of the cards
        in ``zones`` (default: the abilities' own ``from``/``zone`` lists) that the hooks allow now,
        whose condition holds, whose cost can be paid and whose targets exist."""
        kinds = set(kinds) if kinds is not None else None
        out = []
        activated_of = self._activated_of
        for card in self._cards_for_activation(player, zones):
            definition = card.definition
            known = activated_of.get(id(definition))
            if known is None or known[0] is not definition:
                known = activated_of[id(definition)] = (
                    definition, tuple(ab for ab in definition.abilities if ab.role == Role.ACTIVATED))
            for ab in known[1]:
                if kinds is not None and ab.kind not in kinds:
                    continue
                using_card = card_activation(card, ab) if callable(card_activation) else card_activation
                act = Activation(player=player, card=card, ability=ab, window=window, card_activation=using_card)
                if self.can_activate(act):
                    out.append(Action("activate", player, card.id, ab.index,
                                      data=(("card_activation", using_card),) if using_card else (),
                                      label=f"activate {card.name}" + (f": {ab.label}" if ab.label != ab.kind else "")))
        return out

    def _cards_for_activation(self, player: int, zones: Iterable[str] | None) -> list[Card]:
        state = self.game.state
        by_name = self._zones_by_name(state.zones)
        names = list(zones) if zones is not None else sorted(by_name)
        cards = state.cards
        out = []
        for name in names:
            for z in by_name.get(name, ()):
                for cid in z.cards:
                    c = cards[cid]
                    if c.controller == player:
                        out.append(c)
        return out

    def _zones_by_name(self, zones: dict[tuple[str, int | None], Any]) -> dict[str, list[Any]]:
        """The state's zones grouped by name, in the state's order (worked out again only when the
        set of zones changes, which a game's zones do not once it is built)."""
        key = (id(zones), len(zones))
        known = self._zone_groups
        if known is not None and known[0] == key and known[1] is zones:
            return known[2]
        by_name: dict[str, list[Any]] = {}
        for (zname, _), z in zones.items():
            by_name.setdefault(zname, []).append(z)
        self._zone_groups = (key, zones, by_name)
        return by_name

    def can_activate(self, act: Activation) -> bool:
        """Would this activation be allowed now: hooks, once-per-turn, zone, condition, a payable
        cost and enough targets? Changes nothing."""
        return self.activation_problem(act) is None

    def activation_problem(self, act: Activation) -> str | None:
        """Why this activation is not allowed now, or ``None`` when it is. Changes nothing."""
        card, ab = act.card, act.ability
        spec = ab.spec   # the ability's keys, read directly (Ability.get, without a call per key)
        allowed = spec.get("from") or spec.get("zone") or self.game.system.default_zones.get(ab.role)
        if allowed and card.zone not in allowed:
            return f"{card.name} is in {card.zone}, not in {'/'.join(allowed)}"
        if act.trigger is None and self.derived.abilities_removed(card):
            return f"{card.name} has lost its abilities"
        if spec.get("once_per_turn") and self.used_this_turn(card, ab):
            return f"{ab.label} of {card.name} was already used this turn"
        hook = self.game.pm.hook.can_activate
        sole = hook.sole(_ACTIVATION_ARGS) if type(hook) is DirectHookCaller else None
        # The system's one implementation called as the hook would (its answer, the list's only one).
        for verdict in (sole(self.game, act),) if sole is not None else hook(game=self.game, activation=act):
            if verdict is False:
                return f"the rules do not allow activating {card.name} ({ab.label}) now"
            if isinstance(verdict, str):
                return verdict
        condition = spec.get("condition")
        if condition is not None and not self.game.run_script(
                card, condition, self.game.context(card=card, ability=ab, player=act.player, activation=act)):
            return f"the condition of {card.name} ({ab.label}) is not met"
        components = self.assemble_cost(act)
        if not components and not spec.get("targets"):
            return None     # nothing to pay and nothing to target: a dry run would find nothing
        # With nothing to pay, the dry run only looks for targets: it is not expected to change
        # anything, so the derived values' caches are kept unless it did (see _dry).
        return self._dry(lambda: self._feasibility_problem(act, components), expect_change=bool(components))

    def _feasibility_problem(self, act: Activation, components: list[CostComponent] | None = None) -> str | None:
        if components is None:
            components = self.assemble_cost(act)
        if components or self.game.pm.hook.cost_judgement.get_hookimpls():
            with self._cost_judgement(act):
                feasible = self._cost_feasible(act, components, 0, [])
        else:
            feasible = True   # nothing to pay, and no judgement to enter (no hook would be called)
        if not feasible:
            return (f"the cost of {act.card.name} ({act.ability.label}) cannot be paid: "
                    + ", ".join(c.describe() for c in components))
        for spec in act.ability.targets:
            req = self._target_request(act, spec)
            if len(req.candidates) < req.min or (req.fail_if_short and len(req.candidates) < req.count):
                return f"{act.card.name} ({act.ability.label}) has no legal target"
        return None

    def used_this_turn(self, card: Card, ability: Ability) -> bool:
        used = self.game.state.values.get("once_per_turn", ())
        return (card.id, card.generation, ability.index) in used

    # -- 2. the activation -------------------------------------------------------------------
    def activate(self, player: int, card: Card | int, ability: int | Ability, *, card_activation: bool = False,
                 trigger: PendingTrigger | None = None, window: str | None = None,
                 data: Mapping[str, Any] | None = None) -> Item | None:
        """Run the flow of one activation: announce, assemble and pay the cost, make the choices
        the game makes at activation, push the item. All or nothing: if anything fails the state
        is exactly as before and :class:`IllegalAction` (or the script's error) is raised.
        Returns the item (``None`` when a cost failed part way and the system kept the payment)."""
        card = self.game.card(card) if isinstance(card, int) else card
        ab = card.definition.abilities[ability] if isinstance(ability, int) else ability
        act = Activation(player=player, card=card, ability=ab, card_activation=card_activation, trigger=trigger,
                         window=window, data=dict(data or {}))
        problem = None if trigger is not None else self.activation_problem(act)
        if problem is not None:
            raise IllegalAction(f"P{player} cannot activate {card.name} ({ab.label}): {problem}")
        with self.game.transaction():
            item = Item(id=self.primitives.new_id(), kind="trigger" if trigger else "activation", card=card.id,
                        ability=ab.index, controller=player, generation=card.generation,
                        card_activation=card_activation,
                        event=trigger.event.to_dict() if trigger is not None else None, data=dict(act.data))
            act.item = item
            if ab.get("once_per_turn"):
                used = tuple(self.game.state.values.get("once_per_turn", ())) + ((card.id, card.generation, ab.index),)
                self.game.journal.setitem(self.game.state.values, "once_per_turn", used)
            hook = self.game.pm.hook.announce
            sole = hook.sole(_ACTIVATION_ARGS) if type(hook) is DirectHookCaller else None
            if sole is not None:   # the system's one implementation, called as the hook would
                sole(self.game, act)
            else:
                hook(game=self.game, activation=act)
            if self.game.system.targets_before_cost:
                self._choose_targets(act)
                kept = self._pay(act)
            else:
                kept = self._pay(act)
                if kept:
                    self._choose_targets(act)
            self.game._emit("activated", Cause.RULE, card.id, player,
                            EventData({"card": card.id, "code": card.code, "ability": ab.index, "kind_of": ab.kind,
                                       "item": item.id, "card_activation": card_activation}))
            if not kept:
                self.game.set(item, "data", {**item.data, "cost_failed": True})
                return None
            self.game.pm.hook.push_item(game=self.game, item=item)
            return item

    def put_trigger(self, trigger: PendingTrigger, data: Mapping[str, Any] | None = None) -> Item | None:
        """Activate a pending triggered ability (asking first when it is optional). Returns the item,
        or ``None`` when it was declined or could not be activated (a cost that cannot be paid,
        no target: YGO-A10, MTG 603.3d)."""
        card = self.game.card(trigger.card)
        ab = card.definition.abilities[trigger.ability]
        act = Activation(player=trigger.controller, card=card, ability=ab, trigger=trigger, data=dict(data or {}))
        verdicts = self.game.pm.hook.can_activate(game=self.game, activation=act)
        if any(v is False or isinstance(v, str) for v in verdicts):
            return None
        if self._dry(lambda: self._feasibility_problem(act)) is not None:
            return None
        if ab.get("optional") and not self.asking.yes_no(trigger.controller, f"Use {card.name} ({ab.label})?",
                                                         source=card.id):
            return None
        return self.activate(trigger.controller, card, ab, trigger=trigger, data=data)

    # -- 2a. the cost: assembled, checked by a dry run, paid ---------------------------------
    def assemble_cost(self, act: Activation) -> list[CostComponent]:
        """The ability's cost plus every contribution, as the system finally assembles it."""
        own = list(act.ability.cost)
        hook = self.game.pm.hook
        # A hook no plugin implements answers nothing: it is not called (these run in every
        # legal-action list, once per ability that could be activated). A system's one
        # implementation is called directly when that is all the hook call would do
        # (DirectHookCaller.sole), with the hook's answer.
        contributions = hook.cost_contributions
        sole = contributions.sole(_ACTIVATION_ARGS) if type(contributions) is DirectHookCaller else None
        if sole is not None:
            own += [c for c in (sole(self.game, act) or [])]
        elif contributions.get_hookimpls():
            own += [c for cs in contributions(game=self.game, activation=act) for c in (cs or [])]
        assemble = hook.assemble_cost
        sole = assemble.sole(_ASSEMBLE_ARGS) if type(assemble) is DirectHookCaller else None
        if sole is not None:   # (firstresult: the hook's answer is the implementation's)
            final = sole(self.game, act, list(own))
        elif not assemble.get_hookimpls():
            return own
        else:
            final = assemble(game=self.game, activation=act, components=list(own))
        return list(final) if final is not None else own

    def _cost_kind(self, comp: CostComponent) -> Any:
        try:
            return self.game.system.cost_kinds[comp.kind]
        except KeyError:
            raise ConfigurationError(f"system {self.game.system.name!r} has no cost kind {comp.kind!r}") from None

    def cost_payable(self, act: Activation, comps: list[CostComponent] | None = None) -> bool:
        """Can the whole cost be paid now?"""
        comps = self.assemble_cost(act) if comps is None else comps
        with self._cost_judgement(act):
            return self._dry(lambda: self._cost_feasible(act, comps, 0, []))

    def _cost_judgement(self, act: Activation) -> Any:
        """The context in which a cost is judged: the system's (hook ``cost_judgement``), or none."""
        hook = self.game.pm.hook.cost_judgement
        sole = hook.sole(_ACTIVATION_ARGS) if type(hook) is DirectHookCaller else None
        if sole is not None:   # (firstresult: the hook's answer is the implementation's)
            judged = sole(self.game, act)
        else:
            judged = hook(game=self.game, activation=act) if hook.get_hookimpls() else None
        return judged if judged is not None else contextlib.nullcontext()

    def _cost_feasible(self, act: Activation, comps: list[CostComponent], i: int, fixed: list[int]) -> bool:
        """Is there a way to pay components ``i..`` given ``fixed`` choices for component ``i``?
        Tried by paying in a dry run and rolling back; the last component is not paid when its
        kind knows the answer (:meth:`CostKind.payable`: paying it would only be rolled back)."""
        if i == len(comps):
            return True
        comp = comps[i]
        kind = self._cost_kind(comp)
        game = self.game
        journal = game.journal
        mark, version = journal.mark(), journal.version
        last = False
        if i == len(comps) - 1:
            known_kind = self._answers_payable.get(id(kind))
            if known_kind is None or known_kind[0] is not kind:
                known_kind = self._answers_payable[id(kind)] = (kind, bool(kind.answers_payable()))
            last = known_kind[1]   # the last component, of a kind that may know whether it can be paid
        cands = kind.candidates(game, act.player, comp, act)
        if cands is None:
            if last:
                known = kind.payable(game, act.player, comp, [], act)
                if known is not None:
                    if self.check_payable_by_paying:
                        self._check_payable(act, kind, comp, [], known, mark, version)
                    return known
            try:
                kind.pay(game, act.player, comp, [], act)
                return self._cost_feasible(act, comps, i + 1, [])
            except CostUnpayable:
                return False
            finally:
                journal.rollback(mark, version)
        need = kind.count(game, act.player, comp, act) - len(fixed)
        rest = [c for c in cands if c not in fixed]
        if need < 0 or need > len(rest):
            return False
        for combo in itertools.islice(itertools.combinations(rest, need), 256):
            chosen = fixed + list(combo)
            if last:
                known = kind.payable(game, act.player, comp, chosen, act)
                if known is not None:
                    if self.check_payable_by_paying:
                        self._check_payable(act, kind, comp, chosen, known, mark, version)
                    if known:
                        return True
                    continue
            try:
                kind.pay(game, act.player, comp, chosen, act)
                if self._cost_feasible(act, comps, i + 1, []):
                    return True
            except CostUnpayable:
                pass
            finally:
                journal.rollback(mark, version)
        return False

    def _check_payable(self, act: Activation, kind: Any, comp: CostComponent, chosen: list[int], known: bool,
                       mark: int, version: int) -> None:
        """Pay the component and roll back, as the host would without :meth:`CostKind.payable`'s
        answer ``known`` (given at journal ``mark`` and ``version``, which it must not have
        changed); raise :class:`AssertionError` when the payment says otherwise."""
        journal = self.game.journal
        if journal.mark() != mark or journal.version != version:
            raise AssertionError(f"cost kind {comp.kind!r}: payable changed the state")
        try:
            kind.pay(self.game, act.player, comp, list(chosen), act)
            paid = True
        except CostUnpayable:
            paid = False
        finally:
            journal.rollback(mark, version)
        if paid != known:
            raise AssertionError(f"cost kind {comp.kind!r} said payable={known} for {comp.describe()} of "
                                 f"{act.card.name} ({act.ability.label}) with {chosen}, but paying it "
                                 f"{'succeeded' if paid else 'failed'}")

    @property
    def in_dry_run(self) -> bool:
        """True while the host checks something by doing it and rolling it back (a cost's
        payability): cost kinds must not ask players anything then."""
        return self.dry_run > 0

    def _dry(self, fn: Callable[[], Any], expect_change: bool = True) -> Any:
        """Run ``fn`` as a dry run: no triggers, no observers, everything rolled back. When the
        journal shows that nothing was changed, there is nothing to roll back and every cached
        derived value still holds. ``expect_change=False`` (a check that should change nothing)
        does not copy the caches first: if it did change something after all, the rollback drops
        them all instead of keeping those of the state it returns to."""
        journal = self.game.journal
        mark, version = len(journal._undo), journal.version
        saved = self.derived.save_caches() if expect_change else None
        self.dry_run += 1
        try:
            return fn()
        finally:
            self.dry_run -= 1
            if len(journal._undo) != mark or journal.version != version:
                journal.rollback(mark, version)
                # The state is exactly what it was: what was cached for it still holds.
                self.derived.restore_caches(saved if saved is not None else (version, None, {}))

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
            cands = kind.candidates(self.game, act.player, comp, act)
            if cands is not None:
                for _ in range(kind.count(self.game, act.player, comp, act)):
                    with self._cost_judgement(act):
                        legal = [c for c in cands if c not in chosen and
                                 self._dry(functools.partial(self._cost_feasible, act, comps, i, chosen + [c]))]
                    if not legal:
                        break
                    picked = self.asking.choose_cards(act.player, legal, 1, 1, f"{kind.label}: {act.card.name}",
                                                      reason="cost", source=act.card.id)
                    chosen.extend(picked)
            try:
                info = kind.pay(self.game, act.player, comp, chosen, act)
            except CostUnpayable:
                policy = self.game.pm.hook.cost_payment_failed(game=self.game, activation=act,
                                                               paid=dict(item.paid)) or "rollback"
                if policy == "keep":
                    return False
                raise
            if info:
                self.game.set(item, "paid", _merge_paid(item.paid, info))
        return True

    def pay_cost(self, player: int, components: Sequence[CostComponent], card: Card | int,
                 label: str = "cost") -> dict[str, Any]:
        """Pay a cost that is not an activation's (a Summon's or an attack's cost, a maintenance
        cost), all or nothing, asking the player what to pay with. Raises :class:`CostUnpayable`
        (and changes nothing) when it cannot be paid whole; returns what was paid."""
        card = self.game.card(card) if isinstance(card, int) else card
        act = Activation(player=player, card=card, ability=Ability(index=-1, kind=label, role=Role.ACTIVATED,
                                                                   spec={"cost": tuple(components)}))
        act.item = Item(id=0, kind=label, card=card.id, ability=None, controller=player)
        with self.game.transaction():
            self._pay(act, list(components))
        return dict(act.item.paid)

    # -- 2b. choices -------------------------------------------------------------------------
    def _target_request(self, act: Activation, spec: Mapping[str, Any]) -> ChoiceRequest:
        chooser = act.player if spec.get("player", "you") == "you" else self.game.opponent(act.player)
        kind = spec.get("kind", "card")
        if kind == "player":
            who = spec.get("who", "any")
            cands = [p.index for p in self.game.state.players
                     if who == "any" or p.index == relative_player(self.game, act.player, who)]
        else:
            cands = [c.id for c in self.derived.find(spec.get("filter"), act.player, act.card)]
        up_to = spec.get("up_to", False)
        req = ChoiceRequest(chooser=chooser, candidates=cands, count=spec.get("count", 1), up_to=up_to,
                            prompt=spec.get("prompt") or f"target for {act.card.name}", reason="target",
                            source=act.card.id, fail_if_short=not up_to,   # targets: the full number
                            data={"kind": kind})
        req.apply_default_rules()
        hook = self.game.pm.hook.choice_rules
        sole = hook.sole(_REQUEST_ARGS) if type(hook) is DirectHookCaller else None
        # (firstresult: the hook's answer is the one implementation's)
        adjusted = sole(self.game, req) if sole is not None else hook(game=self.game, request=req)
        return adjusted or req

    def _choose_targets(self, act: Activation) -> None:
        targets = []
        for spec in act.ability.targets:
            req = self._target_request(act, spec)
            if len(req.candidates) < req.min or (req.fail_if_short and len(req.candidates) < req.count):
                raise IllegalAction(f"{act.card.name}: not enough legal targets")
            if req.data.get("kind") == "player":
                targets.append(self.asking.choose_players(req.chooser, req.candidates, req.min, req.max, req.prompt,
                                                          source=act.card.id))
            else:
                targets.append(self.asking.choose_cards(req.chooser, req.candidates, req.min, req.max, req.prompt,
                                                        reason="target", source=act.card.id))
        if targets:
            kinds = [spec.get("kind", "card") for spec in act.ability.targets]
            self.game.set(act.item, "targets", targets)
            gens = {t: self.game.state.cards[t].generation for group, kind in zip(targets, kinds) if kind == "card"
                    for t in group}
            self.game.set(act.item, "data", {**act.item.data, "target_generations": gens, "target_kinds": kinds})
            self.game._emit("targeted", Cause.RULE, act.card.id, act.player,
                            EventData({"item": act.item.id, "targets": targets}))

    def request_choice(self, req: ChoiceRequest) -> list[int]:
        """Ask for a choice at resolution, after the system's ``choice_rules``. Raises
        :class:`StopResolution` when the rules say the choice fails (PMV 8.1.3.a)."""
        req.apply_default_rules()
        adjusted = self.game.pm.hook.choice_rules(game=self.game, request=req) or req
        if adjusted.fail_if_short and len(adjusted.candidates) < adjusted.count:
            raise StopResolution("not enough candidates")
        if not adjusted.candidates or adjusted.max == 0:
            return []
        return self.asking.choose_cards(adjusted.chooser, adjusted.candidates, adjusted.min, adjusted.max,
                                        adjusted.prompt,
                                        reason=adjusted.reason, source=adjusted.source, secret=adjusted.secret,
                                        show_faces=adjusted.look)

    # -- 3. resolution -----------------------------------------------------------------------
    def resolve(self, item: Item) -> None:
        """Resolve an item (its negation checked by the hooks), then run ``after_resolve``."""
        with self.game.transaction():
            self.game.pm.hook.resolve_item(game=self.game, item=item)
            self.game.set(item, "resolved", True)
            hook = self.game.pm.hook.after_resolve
            sole = hook.sole(_ITEM_ARGS) if type(hook) is DirectHookCaller else None
            if sole is not None:   # the system's one implementation, called as the hook would
                sole(self.game, item)
            else:
                hook(game=self.game, item=item)

    def run_resolution(self, item: Item) -> None:
        """The host's default resolution: the ability's ``resolve`` function, unless negated."""
        if item.card is None or item.ability is None:
            raise RulestackError(f"item {item.id} ({item.kind}) has no ability to resolve: a system that pushes "
                                 "such items resolves them in its own resolve_item hook")
        card = self.game.card(item.card)
        ab = card.definition.abilities[item.ability]
        if item.activation_negated:
            self.game.record("resolution_skipped", source=card.id, item=item.id, why="activation negated")
            return
        hook = self.game.pm.hook.is_negated
        sole = hook.sole(_ITEM_ARGS) if type(hook) is DirectHookCaller else None
        # (the system's one implementation called directly: any() of the hook's list is its answer's truth)
        negated = (item.effect_negated or (bool(sole(self.game, item)) if sole is not None
                                           else any(hook(game=self.game, item=item))))
        if negated and (not ab.unnegatable or item.effect_negated == "all"):
            self.game.record("effect_negated", source=card.id, item=item.id, card=card.id)
            return
        fn = ab.get("resolve")
        self.game._emit("resolving", Cause.RULE, card.id, item.controller,
                        EventData({"item": item.id, "card": card.id, "code": card.code}))
        if fn is not None:
            try:
                ctx = self.game.context(card=card, ability=ab, item=item, player=item.controller)
                self.game.run_script(card, fn, ctx)
            except StopResolution:
                self.game.record("resolution_stopped", source=card.id, item=item.id)

    # -- 4. state checks ---------------------------------------------------------------------
    def run_state_checks(self, limit: int = 1000) -> bool:
        """Run the state checks until nothing happens (a fixed point). Returns whether anything did."""
        game = self.game
        checks = game.pm.hook.state_checks
        if limit > 0:
            # The common case: nothing to do (the first round, without a loop); the system's one
            # implementation called directly when that is all the hook call would do (its answer
            # is the one the list would hold, and any() of that list is its truth).
            sole = checks.sole(_GAME_ONLY) if type(checks) is DirectHookCaller else None
            if not (sole(game) if sole is not None else any(checks(game=game))):
                return False
        for i in range(1, limit):
            if not any(checks(game=game)):
                return True
        raise RulestackError(f"state checks did not reach a fixed point after {limit} rounds")

    # -- 5. triggers -------------------------------------------------------------------------
    def match_triggers(self, ev: Event) -> None:
        """Put every triggered ability that ``ev`` triggers into ``state.pending``."""
        kind = ev.kind
        listeners = self.index.listeners.get(kind)
        if not listeners:
            return
        game = self.game
        compiled = self._compiled_triggers.get(kind)
        if compiled is None:
            compiled = self._compiled_triggers[kind] = {}
        # The card an event is about, for a ``self`` trigger (see _self_event): a card whose every
        # trigger on this kind needs the event to be about it is passed over for another card's event.
        other = ev.data.get("card")
        about = other if other is not None else ev.source
        # The listeners sorted once per kind and cards (see _listening): those that can match any
        # event, and those that can only match an event about themselves (visited only then, in
        # their place among the others).
        version = game.cards_version
        part = self._listening.get(kind)
        if part is None or part[0] != version or part[1] is not listeners:
            part = self._listening_of(kind, listeners, compiled, version)
            if part is None:     # (not sorted: each listener visited as it comes)
                self._match_listed(ev, list(listeners), about, compiled)
                return
        order = part[3]
        gated = part[4]
        keys = part[5]
        if keys:
            # Listeners whose every trigger needs a value of the event's data that this event does
            # not have are left out too (see _listening_of): the order for the event's values of
            # those keys, worked out once per values.
            data = ev.data
            values = tuple([data.get(key) for key in keys])
            by_values = part[7]
            try:
                known_order = by_values.get(values)
            except TypeError:   # (a value that is no plain value: every listener visited)
                known_order = None
            else:
                if known_order is None:
                    known_order = self._listening_for(part, values)
            if known_order is not None:
                order, gated = known_order
        if gated:
            try:
                at = gated.get(about)
            except TypeError:    # (an unhashable ``about`` is no listener's id)
                at = None
            if at is not None:
                pos, cid = at
                order = order[:pos] + (cid,) + order[pos:]
        if not order:
            return
        cards = game.state.cards
        visited = None
        for cid in order:
            if game.cards_version != version:
                break     # a script run for an earlier listener changed the cards: see below
            visited = cid
            # (_match_card inline, up to its data checks: most listeners stop there)
            card = cards[cid]
            definition = card.definition
            known = compiled.get(id(definition))
            if known is None or known[0] is not definition:
                known = self._compile_triggers(definition, kind)
            if known[2] and cid != about:
                continue
            for ab, checks in known[1]:
                for check, want in checks:   # the cheap data filter first
                    if not check(self, card, ev, want):
                        break
                else:
                    self._trigger_if_usable(card, ab, ev)
        if game.cards_version != version:
            # The cards changed while matching (a condition's script made or changed a card): the
            # listeners after the last one visited, each with its full checks, as the list stood
            # when the event came (definitions are read as each is visited).
            listed = part[2]
            self._match_listed(ev, list(listed[listed.index(visited) + 1:] if visited is not None else listed),
                               about, compiled)

    def _listening_of(self, kind: str, listeners: list[int], compiled: dict[int, Any],
                      version: int) -> tuple[Any, ...] | None:
        """The listeners for ``kind`` sorted by what their cards' definitions say (worked out once
        while the game's cards and the list stay the same: :attr:`Game.cards_version`, under which
        the list and every card's definition are the same): ``(version, the list, its cards in
        order, the cards whose triggers on ``kind`` may match any event, {card whose every trigger
        needs the event to be about it: (its place among those, its id)}, the data keys some
        listeners need values of, each listener as (id, self-only, what it needs or None), {the
        event's values of those keys: (the order and self-only cards for them)})``. Cards with no
        trigger on ``kind`` are left out (none of their abilities could match). A card needs values
        when each of its triggers checks a key of the event's data (a key of the system's or the
        trigger's own, read as :func:`_event_field` reads it) before any check that does more than
        read the event: where none of its triggers has all such values, none can match, and nothing
        else would have been asked. ``None`` when a card cannot be read so (left to
        :meth:`_match_listed`, which says what is wrong when it comes to it)."""
        cards = self.game.state.cards
        order: list[int] = []
        gated: dict[int, tuple[int, int]] = {}
        plans: list[tuple[int, bool, Any]] = []
        keys: set[str] = set()
        try:
            for cid in listeners:
                definition = cards[cid].definition
                known = compiled.get(id(definition))
                if known is None or known[0] is not definition:
                    known = self._compile_triggers(definition, kind)
                if not known[1]:
                    continue
                if known[2]:
                    gated[cid] = (len(order), cid)
                    plans.append((cid, True, None))
                    continue
                order.append(cid)
                needs: list[tuple[tuple[str, list[Any]], ...]] | None = []
                for _, checks in known[1]:
                    fields = []
                    for check, want in checks:
                        if check not in _EVENT_CHECKS and getattr(check, "reads_event_only", False) is not True:
                            break     # (a check that does more: the checks after it are not read here)
                        key = getattr(check, "data_key", None)
                        if key is not None and type(want) is list:
                            fields.append((key, want))
                    if not fields:
                        needs = None    # a trigger that needs no value: the card is always visited
                        break
                    needs.append(tuple(fields))   # type: ignore[union-attr]  # (a list until set to None)
                if needs is not None:
                    keys.update(key for fields in needs for key, _ in fields)
                plans.append((cid, False, tuple(needs) if needs is not None else None))
        except Exception:
            return None
        part: tuple[Any, ...] = (version, listeners, tuple(listeners), tuple(order), gated, tuple(sorted(keys)),
                                 tuple(plans), {})
        self._listening[kind] = part
        return part

    def _listening_for(self, part: tuple[Any, ...], values: tuple[Any, ...]) -> tuple[Any, ...] | None:
        """The listeners to visit (and the self-only ones, with their places) for an event whose
        values of the keys ``part[5]`` are ``values`` (kept in ``part[7]``); ``None`` (every
        listener visited) when a value is not a plain scalar."""
        if any(type(v) not in _PLAIN_VALUES for v in values):
            return None
        of = dict(zip(part[5], values))
        order: list[int] = []
        gated: dict[int, tuple[int, int]] = {}
        for cid, self_only, needs in part[6]:
            if self_only:
                gated[cid] = (len(order), cid)
            elif needs is None or any(all(of[key] in want for key, want in fields) for fields in needs):
                order.append(cid)
        found = (tuple(order), gated)
        by_values = part[7]
        if len(by_values) >= _KEPT_ORDERS:
            by_values.clear()
        by_values[values] = found
        return found

    def _match_listed(self, ev: Event, listed: list[int], about: Any, compiled: dict[int, Any]) -> None:
        """Match ``ev`` against the triggers of each listed card in turn."""
        for cid in listed:
            self._match_card(ev, cid, about, compiled)

    def _match_card(self, ev: Event, cid: int, about: Any, compiled: dict[int, Any]) -> None:
        """Put the triggered abilities of card ``cid`` that ``ev`` triggers into ``state.pending``."""
        game = self.game
        card = game.state.cards[cid]
        definition = card.definition
        known = compiled.get(id(definition))
        if known is None or known[0] is not definition:
            known = self._compile_triggers(definition, ev.kind)
        if known[2] and cid != about:
            return
        for ab, checks in known[1]:
            for check, want in checks:   # the cheap data filter first
                if not check(self, card, ev, want):
                    break
            else:
                self._trigger_if_usable(card, ab, ev)

    def _trigger_if_usable(self, card: Card, ab: Ability, ev: Event) -> None:
        """``ev`` passed the data checks of ``card``'s triggered ability ``ab``: put it into
        ``state.pending`` unless the card's abilities are removed, the ability cannot be used now,
        or its condition script says no."""
        game, derived = self.game, self.derived
        if derived.abilities_removed(card) or not derived.ability_usable(card, ab, ev):
            return
        cond = ab.get("condition")
        if cond is not None and not game.run_script(card, cond, game.context(card=card, ability=ab, event=ev)):
            return
        pend = PendingTrigger(card=card.id, ability=ab.index, controller=card.controller, event=ev,
                              generation=card.generation, order=ev.seq)
        game.journal.append(game.state.pending, pend)

    def _compile_triggers(self, definition: Any, kind: str) -> tuple[Any, tuple[tuple[Ability, tuple[Any, ...]], ...], bool]:
        """The triggered abilities of a card definition listening for events of ``kind``, in their
        order, each with its trigger's keys compiled into checks ``(check, want)`` (in the keys'
        order), and whether every one of them needs the event to be about the card itself (a
        ``self`` key, with only checks that read the event before it: such a trigger cannot
        match another card's event, whatever its other checks say): worked out once per
        definition and kind, and kept for the game."""
        keys = self.game.system.trigger_keys
        entries = []
        gated = True
        for ab in definition.abilities:
            trig = ab.trigger
            if trig is None:
                continue
            on = trig["on"]
            if kind != on and (isinstance(on, str) or kind not in on):
                continue
            checks = []
            self_gated = False
            pure = True     # only checks that read the event so far (no hook, no filter, no script)
            for key, want in trig.items():
                check = _TRIGGER_CHECKS.get(key)
                if check is _skip:
                    continue
                if check is None:
                    if key in keys:
                        check = _system_key(keys[key])
                    else:
                        check, want = _event_field(key), (want if isinstance(want, list) else [want])
                elif check is _player:
                    check = _PLAYER_WORDS.get(want, _player) if want is None or type(want) is str else _player
                if check is _self_event and want and pure:
                    self_gated = True
                if check not in _EVENT_CHECKS and getattr(check, "reads_event_only", False) is not True:
                    pure = False
                checks.append((check, want))
            gated = gated and self_gated
            entries.append((ab, tuple(checks)))
        # Keyed by the definition's identity (definitions are immutable; one that changed is another object).
        found = (definition, tuple(entries), gated and bool(entries))
        self._compiled_triggers[kind][id(definition)] = found
        return found

    def take_triggers(self) -> list[PendingTrigger]:
        """Remove the pending triggered abilities and return them in the order the system's
        ``order_triggers`` hook gives (default: the order they triggered)."""
        pending = list(self.game.state.pending)
        if not pending:
            return []
        self.game.journal.replace_list(self.game.state.pending, [])
        ordered = self.game.pm.hook.order_triggers(game=self.game, triggers=pending)
        return list(ordered) if ordered is not None else pending


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


# -- the checks of a trigger's keys, one function each (looked up by key) ---------------------------------
def _skip(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    return True


def _self_event(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    other = ev.data.get("card")
    return bool(want) == (other == card.id or ev.source == card.id and other is None)


def _source_self(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    return bool(want) == (ev.source == card.id)


def _cause(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    return ev.cause in (want if isinstance(want, list) else [want])


def _player(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    return ev.player == relative_player(flow.game, card.controller, want)


def _player_you(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    """:func:`_player` for "you" (the words that mean the card's controller): the same answer,
    without relative_player (which cannot fail for these words)."""
    return ev.player == card.controller


def _player_opponent(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    return ev.player == flow.game.opponent(card.controller)


def _player_active(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    return ev.player == flow.game.state.active_player


def _player_inactive(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    game = flow.game
    return ev.player == game.opponent(game.state.active_player)


#: :func:`_player` for the player words, worked out once per trigger (a card's controller is
#: always a player, so none of these can fail): they read only the event, the card and who is
#: active. Any other ``player`` value keeps :func:`_player` (which says what is wrong with it).
_PLAYER_WORDS: dict[Any, Callable[[ActionFlow, Card, Event, Any], bool]] = {
    None: _player_you, "you": _player_you, "self": _player_you, "controller": _player_you,
    "opponent": _player_opponent, "active": _player_active, "inactive": _player_inactive,
}


def _filter(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
    other = ev.data.get("card")
    return other is not None and flow.derived.matches(flow.game.card(other), want, card.controller, card)


def _system_key(fn: Callable[[Any, Card, Event, Any], bool]) -> Callable[[ActionFlow, Card, Event, Any], bool]:
    """The check of a key of the system's ``trigger_keys``."""
    def check(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
        return bool(fn(flow.game, card, ev, want))
    return check


_EVENT_FIELDS = frozenset({"seq", "kind", "cause", "source", "player"})

#: The types of the event values :meth:`ActionFlow._listening_for` sorts listeners by (equal values
#: of them are in the same lists), and how many sortings it keeps per kind at most.
_PLAIN_VALUES = frozenset({str, int, bool, type(None)})
_KEPT_ORDERS = 64


def _event_field(key: str) -> Callable[[ActionFlow, Card, Event, Any], bool]:
    """The check of any other key: the event's field (its data's, else its own) is one of the
    wanted values (``want``: a list)."""
    own = key in _EVENT_FIELDS

    def check(flow: ActionFlow, card: Card, ev: Event, want: Any) -> bool:
        data = ev.data
        if key in data:
            return data[key] in want
        return (getattr(ev, key) if own else None) in want
    check.reads_event_only = True   # type: ignore[attr-defined]  # see ActionFlow._compile_triggers
    if not own:   # ``data.get(key) in want``: see ActionFlow._listening_of
        check.data_key = key        # type: ignore[attr-defined]
    return check


#: The checks that only read the event, the card and who is active (no hook, no filter, no script: none can fail).
_EVENT_CHECKS = frozenset({_self_event, _source_self, _cause, *_PLAYER_WORDS.values()})

_TRIGGER_CHECKS: dict[str, Callable[[ActionFlow, Card, Event, Any], bool]] = {
    "on": _skip, "optional": _skip, "self": _self_event, "source_self": _source_self, "cause": _cause,
    "player": _player, "filter": _filter,
}
