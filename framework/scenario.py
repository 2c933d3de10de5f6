"""The scenario API: build a position directly, script the actions and decisions, run the real
game loop until a stated point, and assert on zones, values and the event log.

>>> sc = Scenario("yugioh")
>>> mf = sc.add("Mirror Force", "spell_trap", player=0, face_up=False)
>>> sc.set_turn(active=1, phase="battle")
>>> sc.answer("attack with Vorse Raider", "activate Mirror Force")
>>> sc.run()
>>> assert sc.zone("graveyard", 1) == ["Vorse Raider"]

Scripts are strict: the game never guesses an answer. ``run()`` plays through the scripted
answers and pauses at the first decision the script does not cover (``sc.decision``);
``run(until=...)`` fails with :class:`UnscriptedDecision` if it must pause before ``until`` holds;
``run(until=..., at_events=True)`` also stops right after the event that makes it hold, even when
no decision follows (``sc.stopped_after``). A decision with a single legal answer is answered by
the game unless the scenario is made with ``ask_single=True``.
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable, Mapping

import greenlet

from .agents import Seat, resolve_answer
from .cards import Ability
from .decisions import Decision
from .errors import RulestackError, UnscriptedDecision
from .events import Event
from .flow import GameResult, PendingTrigger
from .game import Game
from .hookspecs import hookimpl
from .runtime import Runtime
from .state import Card, Item


class _ScenarioAgent:
    def __init__(self, scenario: "Scenario") -> None:
        self.scenario = scenario

    def decide(self, decision: Decision, seat: Seat) -> Any:
        return self.scenario._answer_for(decision)


class _EventWatch:
    """A plugin of the scenario's game: after each event, lets the scenario stop there."""

    plugin_name = "rulestack-scenario-events"

    def __init__(self, scenario: "Scenario") -> None:
        self.scenario = scenario

    @hookimpl
    def on_event(self, game: Any, event: Event) -> None:
        self.scenario._after_event(event)


class ScenarioFailure(AssertionError):
    """An expectation of a scenario did not hold; the message shows the event log's tail."""


class Scenario:
    """A position under test, and the game loop that plays it."""

    def __init__(self, system: Any, *, seed: int = 0, settings: Mapping[str, Any] | None = None,
                 plugins: Iterable[Any] = (), player_names: list[str] | None = None,
                 ask_single: bool = False, runtime: Runtime | None = None) -> None:
        """``ask_single``: ask every decision, even one with a single legal answer (by default the
        game answers those itself, so a script leaves them out). ``runtime``: the
        :class:`~rulestack.runtime.Runtime` to play on (default: the process's one)."""
        self.game = Game.empty(system, seed=seed, settings=settings, plugins=[*plugins, _EventWatch(self)],
                               player_names=player_names, agents=None, runtime=runtime)
        self.game.agents = [_ScenarioAgent(self) for _ in self.game.agents]
        self.ask_single = ask_single
        #: The event right after which the last ``run(..., at_events=True)`` stopped, if it did.
        self.stopped_after: Event | None = None
        self._at_events = False
        self.script: deque[tuple[int | None, Any]] = deque()
        self.decision: Decision | None = None
        self.result: GameResult | None = None
        self.asked: list[Decision] = []
        self._until: Callable[[Game], bool] | None = None
        self._runner: greenlet.greenlet | None = None
        self._driver: greenlet.greenlet | None = None

    # -- building the position ------------------------------------------------------------------
    def add(self, card: str, zone: str, player: int = 0, *, face_up: bool | None = None,
            status: Mapping[str, Any] | None = None, counters: Mapping[str, int] | None = None,
            position: str | int = "top", zone_player: int | None = None, owner: int | None = None) -> int:
        """Put a card (by name or code) into a zone; returns its id. No event is recorded."""
        owner = player if owner is None else owner
        c = self.game.create_card(card, owner, zone, zone_player=player if zone_player is None else zone_player,
                                  face_up=face_up, position=position, silent=True)
        for k, v in (status or {}).items():
            self.game.set_status(c, k, v, quiet=True)
        for k, n in (counters or {}).items():
            self.game.journal.setitem(c.counters, k, n)
        return c.id

    def add_many(self, cards: Iterable[str], zone: str, player: int = 0, **kw: Any) -> list[int]:
        """Put several cards into a zone, in order (the last one on top)."""
        return [self.add(c, zone, player, **kw) for c in cards]

    def set_life(self, player: int, life: int) -> None:
        self.game.journal.setattr(self.game.state.players[player], "life", life)

    def set_value(self, player: int | None, key: str, value: Any) -> None:
        """Set a player's (or the game's, with ``None``) named value."""
        self.game.set_value(player, key, value)

    def set_turn(self, *, turn: int | None = None, active: int | None = None, phase: str | None = None,
                 step: str | None = None) -> None:
        """Where the game stands: the turn number, the turn player, the phase and step to start from.
        A phase or step the system does not declare is an error (when it declares its phases)."""
        self._check_phase(phase, step)
        st, j = self.game.state, self.game.journal
        if turn is not None:
            j.setattr(st, "turn", turn)
        if active is not None:
            j.setattr(st, "active_player", active)
        j.setattr(st, "phase", phase)
        j.setattr(st, "step", step)

    def _check_phase(self, phase: str | None, step: str | None) -> None:
        from .checker import did_you_mean
        system = type(self.game.system)
        if not system.phases:
            return
        names = system.phase_names()
        if phase is not None and phase not in names:
            raise RulestackError(f"unknown phase {phase!r}{did_you_mean(phase, names)} "
                                 f"(phases of {system.name}: {', '.join(names)})")
        steps = system.step_names(phase)
        if step is not None and step not in steps:
            raise RulestackError(f"unknown step {step!r}{did_you_mean(step, steps)} "
                                 f"(steps of {phase or system.name}: {', '.join(steps) or 'none'})")

    @property
    def ask_single(self) -> bool:
        """Whether decisions with a single legal answer are asked too (see the constructor)."""
        return not self.game.auto_single

    @ask_single.setter
    def ask_single(self, value: bool) -> None:
        self.game.auto_single = not value

    # -- looking things up -----------------------------------------------------------------------
    def card(self, which: str | int, player: int | None = None, zone: str | None = None) -> Card:
        """A card by id, or by name (and optionally owner and zone); a name must be unambiguous."""
        if isinstance(which, int):
            return self.game.card(which)
        found = [c for c in self.game.state.cards.values() if c.name.lower() == which.lower() or c.code == which]
        if player is not None:
            found = [c for c in found if c.owner == player]
        if zone is not None:
            found = [c for c in found if c.zone == zone]
        if len(found) != 1:
            raise RulestackError(f"{len(found)} cards match {which!r} (player={player}, zone={zone}); be more precise")
        return found[0]

    def zone(self, name: str, player: int | None = None) -> list[str]:
        """The names of the cards in a zone, bottom to top."""
        return [c.name for c in self.game.cards_in(name, player)]

    def life(self, player: int) -> int | None:
        return self.game.state.players[player].life

    def value(self, card: str | int, attr: str) -> Any:
        return self.game.value(self.card(card), attr)

    @property
    def stack(self) -> list[Item]:
        """The items of the response structure (stack, chain, queue), bottom to top."""
        return list(self.game.state.stack)

    def stack_names(self) -> list[str]:
        """The name of each item's card on the response structure, bottom to top."""
        return [self.game.card(it.card).name if it.card is not None else it.kind for it in self.game.state.stack]

    @property
    def pending(self) -> list[PendingTrigger]:
        """The triggered abilities waiting to be put on the response structure, in arrival order."""
        return list(self.game.state.pending)

    def abilities(self, card: str | int) -> dict[str, Ability]:
        """A card's abilities by label (an ability without a label is under its kind; a second one
        with the same label gets ``#2``, ``#3`` ...)."""
        out: dict[str, Ability] = {}
        for ab in self.card(card).definition.abilities:
            key, n = ab.label, 2
            while key in out:
                key, n = f"{ab.label} #{n}", n + 1
            out[key] = ab
        return out

    def ability(self, card: str | int, label: str | int) -> Ability:
        """One ability of a card, by its label (see :meth:`abilities`) or its index."""
        found = self.abilities(card)
        if isinstance(label, int):
            return self.card(card).definition.abilities[label]
        if label not in found:
            raise RulestackError(f"{self.card(card).name} has no ability labelled {label!r} "
                                 f"(its abilities: {', '.join(found) or 'none'})")
        return found[label]

    def is_negated(self, card: str | int, label: str | int | None = None) -> bool:
        """Whether a card's text is negated now: the ability with that label (or index), or, without
        one, any of its abilities (or the card having lost all its abilities)."""
        c = self.card(card)
        if self.game.abilities_removed(c):
            return True
        if label is not None:
            return self.game.is_text_negated(c, self.ability(card, label))
        return any(self.game.is_text_negated(c, ab) for ab in c.definition.abilities)

    # -- scripting -------------------------------------------------------------------------------
    def answer(self, *entries: Any, player: int | None = None) -> "Scenario":
        """Queue answers (labels, card names, canonical answers or callables), in order. With
        ``player`` each must be that player's decision."""
        for e in entries:
            self.script.append((player, e))
        return self

    def _answer_for(self, decision: Decision) -> Any:
        while True:
            self.asked.append(decision)
            if self._until is not None and self._until(self.game):
                return self._pause(decision)
            if self.script:
                player, entry = self.script.popleft()
                if player is not None and player != decision.player:
                    raise RulestackError(f"scripted answer {entry!r} is for P{player}, but the decision is "
                                         f"{decision.describe()}")
                return resolve_answer(decision, entry)
            if self._until is not None:
                raise UnscriptedDecision(decision)
            return self._pause(decision)

    def _after_event(self, event: Event) -> None:
        """Stop right after ``event`` when running with ``at_events`` and ``until`` holds now."""
        if self._at_events and self._until is not None and self._driver is not None and self._until(self.game):
            got = self._driver.switch(("event", event))
            assert got is None, "a scenario resumed after an event gets no answer"

    def _pause(self, decision: Decision) -> Any:
        assert self._driver is not None
        got = self._driver.switch(("decision", decision))
        if got is not None:
            return got
        return self._answer_for_again(decision)

    def _answer_for_again(self, decision: Decision) -> Any:
        self.asked.pop()
        return self._answer_for(decision)

    # -- running -----------------------------------------------------------------------------------
    def run(self, until: Callable[[Game], bool] | None = None, *, at_events: bool = False) -> "Scenario":
        """Run the real game loop from the position (or from where it paused) until the script is
        used up (pausing at the next decision), ``until(game)`` holds at a decision, or the game
        ends. With ``at_events``, ``until`` is also tested right after each event, and the run
        stops there (``decision`` is then None and ``stopped_after`` the event); a later ``run()``
        goes on from that point. Errors (a script error, an illegal answer) propagate after the
        state rolled back."""
        self._until = until
        self._at_events = at_events and until is not None
        self.stopped_after = None
        try:
            if self._runner is None:
                self._runner = greenlet.greenlet(self._run)
            self._driver = greenlet.getcurrent()
            kind, payload = self._runner.switch(None)
        finally:
            self._until = None
            self._at_events = False
        if kind == "event":
            self.decision, self.stopped_after = None, payload
        elif kind == "decision":
            self.decision = payload
        elif kind == "over":
            self.decision, self.result = None, payload
        else:
            self.decision = None
            raise payload
        return self

    def _run(self, _: Any) -> tuple[str, Any]:
        try:
            return ("over", self.game.play())
        except Exception as e:
            return ("error", getattr(e, "cause", None) or e)

    def close(self) -> None:
        """Abandon the scenario (unwinding a paused game loop) and give the game's engine back to
        its runtime."""
        if self._runner is not None and not self._runner.dead:
            self._runner.throw(greenlet.GreenletExit)
        self.game.close()

    # -- direct flow (without the turn loop) ---------------------------------------------------------
    def activate(self, card: str | int, ability: int | str = 0, player: int | None = None, **kw: Any) -> Item | None:
        """Activate an ability (its index, or its label) directly through the flow (answers come
        from the script)."""
        c = self.card(card)
        if isinstance(ability, str):
            ability = self.ability(c.id, ability).index
        return self._direct(lambda: self.game.activate(c.controller if player is None else player, c, ability, **kw))

    def resolve_top(self) -> None:
        """Resolve the top item of the response structure directly."""
        game = self.game

        def pop_and_resolve() -> None:
            with game.transaction():   # a failed resolution leaves the item where it was
                game.resolve(game.journal.pop(game.state.stack))
        self._direct(pop_and_resolve)

    def state_checks(self) -> None:
        self._direct(self.game.run_state_checks)

    def _direct(self, fn: Callable[[], Any]) -> Any:
        """Run a flow call with scripted answers; an uncovered decision is an error."""
        prev = self._until
        self._until = lambda g: False
        try:
            return fn()
        finally:
            self._until = prev

    # -- assertions ------------------------------------------------------------------------------
    def why_not(self, card: str | int | None = None, player: int | None = None) -> list[str]:
        """Why the abilities of ``player``'s cards (default: the active player's; or of one ``card``)
        may not be activated now: ``["Trap Hole (activate): ..."]``, from the same checks the host
        makes (see :mod:`rulestack.whynot`)."""
        from .whynot import why_not
        who = self.game.state.active_player if player is None else player
        cards = None if card is None else [self.card(card).id]
        if cards is not None and player is None:
            who = self.game.card(cards[0]).controller
        return [str(r) for r in why_not(self.game, who, cards=cards)]

    def events(self, kind: str | None = None, **fields: Any) -> list[Event]:
        """Events of the log matching ``kind`` and the given fields."""
        return [e for e in self.game.state.log if (kind is None or e.kind == kind) and e.matches(**fields)]

    def assert_event(self, kind: str, **fields: Any) -> Event:
        """The event must have happened; returns the first match."""
        found = self.events(kind, **fields)
        if not found:
            raise ScenarioFailure(f"expected an event {kind} {fields}, none happened\n{self.log_tail()}")
        return found[0]

    def assert_no_event(self, kind: str, **fields: Any) -> None:
        found = self.events(kind, **fields)
        if found:
            raise ScenarioFailure(f"expected no event {kind} {fields}, but: {found[0]}\n{self.log_tail()}")

    def log_tail(self, n: int = 25) -> str:
        """The last ``n`` events, one per line (shown by failing expectations)."""
        tail = self.game.state.log[-n:]
        return "event log (last %d):\n" % len(tail) + "\n".join(f"  {e}" for e in tail)
