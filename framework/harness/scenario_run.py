"""Running a scenario file: build the position, play the scripted answers through the real game
loop, stop where the file says, and check every expectation.

Strict: a decision the file does not script fails the scenario, naming the decision; an answer
that is not legal (or is for another player, or another prompt) fails naming the file line of the
answer. A failure lists each expectation as ``file:line: field: expected ...; happened ...``,
then the decision the game stopped at and the tail of the event log.
"""
from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import attrs

from ..agents import resolve_answer
from ..checker import did_you_mean
from ..decisions import Decision
from ..errors import ConfigurationError, DataError, IllegalAnswer, RulestackError, UnscriptedDecision
from ..events import Event
from ..game import Game
from ..sandbox import ScriptError
from ..scenario import Scenario
from .scenario_format import (CardExpectation, DecisionMatch, ScenarioSpec, Step, ZoneExpectation,
                              load_scenario_file)
from .logtext import describe_event
from .systems import load_system_spec, with_cards

#: How many events a failure shows.
TAIL = 20
_MISSING = object()


class ScenarioFailed(AssertionError):
    """A scenario's expectations did not hold (or its script did not fit the game). ``str(e)`` is
    the full report; ``outcome`` has the details."""

    def __init__(self, outcome: "ScenarioOutcome") -> None:
        self.outcome = outcome
        super().__init__(outcome.report())


class AnswerMismatch(RulestackError):
    """A scripted answer does not fit the decision the game asked."""

    def __init__(self, step: Step, decision: Decision, reason: str) -> None:
        self.step = step
        self.decision = decision
        self.reason = reason
        super().__init__(f"{step.field} {step.answer!r}: {reason}; the decision was {decision.describe()}")


@attrs.define
class ScenarioOutcome:
    """What happened when a scenario ran."""

    spec: ScenarioSpec
    failures: list[str] = attrs.field(factory=list)
    scenario: Scenario | None = None
    error: BaseException | None = None
    stopped_at: Decision | None = None
    tail: list[str] = attrs.field(factory=list)
    #: Each scripted answer used, as ``(step, decision, canonical answer)``.
    answered: list[tuple[Step, Decision, Any]] = attrs.field(factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures

    def report(self) -> str:
        """The failure report: each unmet expectation, where the game stopped, the log's tail."""
        spec = self.spec
        head = f"scenario {spec.name!r} ({spec.where}) " + ("passed" if self.passed else "failed:")
        lines = [head] + [f"  {f}" for f in self.failures]
        if self.scenario is not None and not self.passed:
            if self.stopped_at is not None:
                lines.append(f"stopped at: {self.stopped_at.describe()}")
            elif self.scenario.stopped_after is not None:
                lines.append(f"stopped right after: {describe_event(self.scenario.game, self.scenario.stopped_after)}")
            elif self.scenario.result is not None:
                lines.append(f"stopped at: the end of the game ({self.scenario.result.describe()})")
            if self.answered:
                lines.append("answers used:")
                lines += [f"  {_answer_line(step, dec, ans)}" for step, dec, ans in self.answered]
            if self.tail:
                lines.append(f"event log (last {len(self.tail)}):")
                lines += [f"  {t}" for t in self.tail]
            else:
                lines.append("event log: (empty)")
        return "\n".join(lines)


def _answer_line(step: Step, decision: Decision, answer: Any) -> str:
    """``do[1] (line 20) 'Grunt' -> P1 action 'main': play Grunt``."""
    if isinstance(answer, list) and decision.kind in ("choose", "action", "order"):
        chosen = ", ".join(decision.options[i].label for i in answer) or "nothing"
    else:
        chosen = str(answer)
    line = f" (line {step.line})" if step.line else ""
    return f"{step.field}{line} {step.answer!r} -> P{decision.player} {decision.kind} {decision.prompt!r}: {chosen}"


class ScenarioRunner:
    """Builds and runs one :class:`ScenarioSpec`."""

    def __init__(self, spec: ScenarioSpec) -> None:
        self.spec = spec
        self.outcome = ScenarioOutcome(spec)
        self.current: Step | None = None
        self._snapshot: list[Event] | None = None
        self._names_cache: dict[str, list[str]] | None = None

    # -- errors that point into the file -----------------------------------------------------------
    def data_error(self, message: str, field: str, line: int | None) -> DataError:
        return DataError(message, file=self.spec.file, line=line, field=field or None)

    def fail(self, field: str, line: int | None, message: str) -> None:
        where = f"{self.spec.file}:{line}" if line else self.spec.file
        self.outcome.failures.append(f"{where}: {field}: {message}" if field else f"{where}: {message}")

    # -- building ----------------------------------------------------------------------------------
    def build(self) -> Scenario:
        spec = self.spec
        try:
            system = with_cards(load_system_spec(spec.system), spec.cards)
        except ConfigurationError as e:
            key = "cards" if "card data" in str(e) else "system"
            raise self.data_error(str(e), _field(spec, key), spec.lines.get(key)) from None
        try:
            sc = Scenario(system, seed=spec.seed, settings=spec.settings, ask_single=spec.ask_single)
        except ConfigurationError as e:
            raise self.data_error(str(e), _field(spec, "settings"), spec.lines.get("settings")) from None
        self.outcome.scenario = sc
        self._check_phases(sc.game)
        self._build_position(sc)
        for step in spec.steps:
            sc.answer(self._answerer(step))
        return sc

    def _build_position(self, sc: Scenario) -> None:
        pos, game = self.spec.position, sc.game
        n = len(game.state.players)
        zones = {z.name: z for z in game.system.zones}
        for setup in pos.players:
            if setup.index >= n:
                raise self.data_error(f"no player {setup.index} (a game of {game.system.name} has {n})",
                                      _field(self.spec, "position.players"), setup.line)
        if pos.active is not None and pos.active >= n:
            raise self.data_error(f"no player {pos.active} (a game of {game.system.name} has {n})",
                                  _field(self.spec, "position.active"), pos.lines.get("active"))
        for zs in pos.zones:
            zspec = zones.get(zs.zone)
            if zspec is None:
                raise self.data_error(f"unknown zone {zs.zone!r} (zones of {game.system.name}: "
                                      f"{', '.join(zones)})", zs.field, zs.line)
            if zs.player is None and zspec.per_player:
                raise self.data_error(f"zone {zs.zone!r} belongs to a player: list it under position.players[i]",
                                      zs.field, zs.line)
            if zs.player is not None and not zspec.per_player:
                raise self.data_error(f"zone {zs.zone!r} is shared: list it under position.zones", zs.field, zs.line)
            for pl in zs.cards:
                code = self._code(game, pl.card, pl)
                owner = pl.owner if pl.owner is not None else (zs.player if zs.player is not None else 0)
                if owner >= n:
                    raise self.data_error(f"no player {owner}", pl.field, pl.line)
                for _ in range(pl.count):
                    sc.add(code, zs.zone, player=owner if zs.player is None else zs.player, owner=owner,
                           face_up=pl.face_up, status=pl.status, counters=pl.counters,
                           zone_player=zs.player)
        for setup in pos.players:
            if setup.life is not None:
                sc.set_life(setup.index, setup.life)
            for key, value in setup.values.items():
                sc.set_value(setup.index, key, value)
        for key, value in pos.values.items():
            sc.set_value(None, key, value)
        if any(v is not None for v in (pos.turn, pos.active, pos.phase, pos.step)):
            sc.set_turn(turn=pos.turn, active=pos.active, phase=pos.phase, step=pos.step)

    def _answerer(self, step: Step) -> Callable[[Decision], Any]:
        def answer(decision: Decision) -> Any:
            self.current = step
            if step.player is not None and decision.player != step.player:
                raise AnswerMismatch(step, decision, f"scripted for P{step.player}, but P{decision.player} decides")
            if step.prompt is not None and step.prompt.lower() not in decision.prompt.lower():
                raise AnswerMismatch(step, decision, f"scripted for a prompt with {step.prompt!r}")
            try:
                canonical = decision.validate(resolve_answer(decision, step.answer))
            except IllegalAnswer as e:
                raise AnswerMismatch(step, decision, f"not a legal answer ({e.reason})") from None
            self.outcome.answered.append((step, decision, canonical))
            return canonical
        return answer

    # -- running -------------------------------------------------------------------------------------
    def _until(self, sc: Scenario) -> Callable[[Game], bool]:
        until = self.spec.until

        def stop(game: Game) -> bool:
            used_up = not sc.script
            if until.mode == "answers_used":
                held = used_up
            elif until.mode == "game_over":
                held = False
            else:
                held = self._condition_holds(game, sc.asked[-1])
            if used_up and not held:
                self._snapshot = list(game.state.log)      # before the failed action rolls back
            return held
        return stop

    def _condition_holds(self, game: Game, decision: Decision) -> bool:
        until, st = self.spec.until, game.state
        if until.after is not None and not (st.log and self._event_matches(game, st.log[-1], until.after.fields)):
            return False
        for key, want in until.state.items():
            have = st.active_player if key == "active" else getattr(st, key)
            if have != want:
                return False
        if until.event is not None and not any(self._event_matches(game, ev, until.event.fields) for ev in st.log):
            return False
        if until.decision is not None and self._decision_problems(decision, until.decision):
            return False
        return True

    def run(self) -> ScenarioOutcome:
        """Build and run the scenario, then check it; never raises for a failed expectation."""
        spec, out = self.spec, self.outcome
        sc = self.build()
        error: BaseException | None = None
        try:
            sc.run(until=self._until(sc), at_events=self.spec.until.after is not None)
        except UnscriptedDecision as e:
            error = e
            after = f" (after {self.current.field}, line {self.current.line})" if self.current else ""
            self.fail(_field(spec, "do"), spec.lines.get("do") or spec.line,
                      f"the game asked a decision that the file does not script{after}: {e.decision.describe()}")
        except AnswerMismatch as e:
            error = e
            self.fail(e.step.field, e.step.line, f"{e.step.answer!r}: {e.reason}; the decision was "
                                                 f"{e.decision.describe()}")
        except (RulestackError, ScriptError) as e:
            error = e
        except Exception as e:  # a bug in a system or a host hook: show where
            error = e
            tb = "".join(traceback.format_exception(type(e), e, e.__traceback__)[-3:]).rstrip()
            self.fail("", spec.line, f"the game raised {type(e).__name__}: {e}\n{_indent(tb)}")
        out.error = error
        out.stopped_at = sc.decision
        log = self._snapshot if self._snapshot is not None and error is not None else list(sc.game.state.log)
        out.tail = [describe_event(sc.game, ev) for ev in log[-TAIL:]]
        self._check_error(error)
        if error is None:
            self._check_stop(sc)
        if not isinstance(error, (UnscriptedDecision, AnswerMismatch)) and \
                (error is None or self.spec.expect.error is not None):
            self._check_expectations(sc)
        return out

    def _check_error(self, error: BaseException | None) -> None:
        want = self.spec.expect.error
        line = self.spec.expect.lines.get("error")
        field = _field(self.spec, "expect.error")
        if want is None:
            if error is not None and not isinstance(error, (UnscriptedDecision, AnswerMismatch)) and \
                    isinstance(error, (RulestackError, ScriptError)):
                self.fail("", self.spec.line, f"the game failed: {error}")
            return
        if error is None:
            self.fail(field, line, f"expected an error containing {want!r}; happened: no error")
        elif want.lower() not in str(error).lower():
            self.fail(field, line, f"expected an error containing {want!r}; happened: {error}")

    def _check_stop(self, sc: Scenario) -> None:
        spec, until = self.spec, self.spec.until
        if sc.script:
            left = [s.field for s in self._unused(sc)]
            why = "the game ended" if sc.result is not None else f"'until' ({until.describe()}) held"
            self.fail(_field(spec, "do"), spec.lines.get("do"),
                      f"{why} with {len(left)} answer(s) unused: {', '.join(left)}")
        if sc.result is not None and until.mode == "condition":
            self.fail(_field(spec, "until"), until.line,
                      f"expected to stop at ({until.describe()}); happened: the game ended first "
                      f"({sc.result.describe()})")
        if sc.result is None and until.mode == "game_over":
            self.fail(_field(spec, "until"), until.line, "expected the game to end; it did not")

    def _unused(self, sc: Scenario) -> list[Step]:
        n = len(sc.script)
        return list(self.spec.steps[len(self.spec.steps) - n:])

    # -- expectations ------------------------------------------------------------------------------------
    def _check_expectations(self, sc: Scenario) -> None:
        exp, game = self.spec.expect, sc.game
        st = game.state
        for key, want in exp.state.items():
            have = st.active_player if key == "active" else getattr(st, key)
            if have != want:
                self.fail(_field(self.spec, f"expect.{key}"), exp.lines.get(key),
                          f"expected {want!r}; happened {have!r}")
        for pe in exp.players:
            if pe.index >= len(st.players):
                self.fail(_field(self.spec, "expect.players"), pe.line, f"no player {pe.index}")
                continue
            player = st.players[pe.index]
            field = _field(self.spec, f"expect.players[{pe.index}]")
            if pe.life is not None and player.life != pe.life:
                self.fail(f"{field}.life", pe.line, f"expected {pe.life}; happened {player.life}")
            for key, want in pe.values.items():
                have = player.values.get(key)
                if have != want:
                    self.fail(f"{field}.values.{key}", pe.line, f"expected {want!r}; happened {have!r}")
        for key, want in exp.values.items():
            have = st.values.get(key)
            if have != want:
                self.fail(_field(self.spec, f"expect.values.{key}"), exp.lines.get("values"),
                          f"expected {want!r}; happened {have!r}")
        for ze in exp.zones:
            self._check_zone(game, ze)
        for ce in exp.cards:
            self._check_card(sc, ce)
        for em in exp.events:
            found = [ev for ev in st.log if self._event_matches(game, ev, em.fields)]
            if em.count is None and not found:
                self.fail(em.field, em.line, f"expected an event {em.describe()}; happened none")
            elif em.count is not None and len(found) != em.count:
                self.fail(em.field, em.line, f"expected {em.count} event(s) {em.describe()}; happened {len(found)}"
                          + (f": {', '.join(describe_event(game, e) for e in found[:3])}" if found else ""))
        for em in exp.no_events:
            found = [ev for ev in st.log if self._event_matches(game, ev, em.fields)]
            if found:
                self.fail(em.field, em.line, f"expected no event {em.describe()}; happened "
                                             f"{describe_event(game, found[0])}")
        if exp.result is not None:
            self._check_result(sc)
        if exp.decision is not None:
            dm = exp.decision
            if sc.decision is None:
                self.fail(dm.field, dm.line, "expected a pending decision; happened: the game stopped without one")
            else:
                for problem in self._decision_problems(sc.decision, dm):
                    self.fail(dm.field, dm.line, problem)

    def _check_zone(self, game: Game, ze: ZoneExpectation) -> None:
        zones = {z.name: z for z in game.system.zones}
        zspec = zones.get(ze.zone)
        if zspec is None:
            raise self.data_error(f"unknown zone {ze.zone!r} (zones of {game.system.name}: {', '.join(zones)})",
                                  ze.field, ze.line)
        if zspec.per_player != (ze.player is not None):
            where = "under expect.players[i]" if zspec.per_player else "under expect.zones"
            raise self.data_error(f"zone {ze.zone!r} is {'per player' if zspec.per_player else 'shared'}: "
                                  f"list it {where}", ze.field, ze.line)
        cards = game.cards_in(ze.zone, ze.player)
        have = [c.name for c in cards]
        have_codes = [c.code for c in cards]
        if ze.exact is not None:
            want = [self._code(game, n, ze) for n in ze.exact]
            same = want == have_codes if zspec.ordered else sorted(want) == sorted(have_codes)
            if not same:
                order = " (bottom to top)" if zspec.ordered else ""
                self.fail(ze.field, ze.line, f"expected {self._names(game, want)}{order}; happened {have}")
        if ze.count is not None and len(cards) != ze.count:
            self.fail(ze.field, ze.line, f"expected {ze.count} card(s); happened {len(cards)}: {have}")
        for name in ze.contains:
            code = self._code(game, name, ze)
            if code not in have_codes:
                self.fail(ze.field, ze.line, f"expected it to contain {name}; happened {have}")
        for name in ze.lacks:
            code = self._code(game, name, ze)
            if code in have_codes:
                self.fail(ze.field, ze.line, f"expected no {name} in it; happened {have}")

    def _code(self, game: Game, name: str, where: Any) -> str:
        """The code of the card a file names (by code, or by a name only one card has)."""
        pool = game.pool
        if name in pool.entries:
            return name
        if self._names_cache is None:
            self._names_cache = {}
            for code, entry in pool.entries.items():
                self._names_cache.setdefault(entry.name.lower(), []).append(code)
        codes = self._names_cache.get(str(name).strip().lower(), [])
        if not codes:
            hint = did_you_mean(str(name), sorted({e.name for e in pool.entries.values()}))
            raise self.data_error(f"unknown card {name!r} in system {game.system.name!r}{hint}", where.field,
                                  where.line)
        if len(codes) > 1:
            each = ", ".join(f"{c} ({pool.entries[c].file}:{pool.entries[c].line})" for c in codes)
            raise self.data_error(f"{len(codes)} cards are called {name!r}: {each}; write the code of the one "
                                  f"you mean", where.field, where.line)
        return codes[0]

    def _check_phases(self, game: Game) -> None:
        """Phase and step names (of the position, ``until`` and ``expect``) must be the system's."""
        system = game.system
        if not system.phases:
            return                       # a system that declares no phases cannot be checked
        spec = self.spec
        checks = [(spec.position.phase, spec.position.step, "position", spec.position.lines),
                  (spec.until.state.get("phase"), spec.until.state.get("step"), "until",
                   {"phase": spec.until.line, "step": spec.until.line}),
                  (spec.expect.state.get("phase"), spec.expect.state.get("step"), "expect", spec.expect.lines)]
        for phase, step, where, lines in checks:
            names = system.phase_names()
            if phase is not None and phase not in names:
                hint = did_you_mean(phase, names)
                raise self.data_error(f"unknown phase {phase!r}{hint} (phases of {system.name}: {', '.join(names)})",
                                      _field(spec, f"{where}.phase"), lines.get("phase"))
            steps = system.step_names(phase)
            if step is not None and step not in steps:
                of = f"steps of {phase}" if phase is not None else f"steps of {system.name}"
                hint = did_you_mean(step, steps)
                raise self.data_error(f"unknown step {step!r}{hint} ({of}: {', '.join(steps) or 'none'})",
                                      _field(spec, f"{where}.step"), lines.get("step"))

    @staticmethod
    def _names(game: Game, codes: Iterable[str]) -> list[str]:
        return [game.pool.entries[c].name for c in codes]

    def _check_card(self, sc: Scenario, ce: CardExpectation) -> None:
        game = sc.game
        code = self._code(game, ce.card, ce)
        found = [c for c in game.state.cards.values() if c.code == code
                 and (ce.owner is None or c.owner == ce.owner) and (ce.zone is None or c.zone == ce.zone)]
        if len(found) != 1:
            where = "".join([f" owned by P{ce.owner}" if ce.owner is not None else "",
                             f" in {ce.zone}" if ce.zone is not None else ""])
            if not found:
                self.fail(ce.field, ce.line, f"expected a {ce.card}{where}; happened: none "
                                             f"(copies: {_where_cards(game, code)})")
            else:
                spots = ", ".join(f"P{c.owner} {c.zone}" for c in found)
                self.fail(ce.field, ce.line, f"{len(found)} copies of {ce.card}{where} ({spots}): "
                                             f"add {_missing_keys(ce)}")
            return
        card = found[0]
        for attr, want in ce.values.items():
            have = game.value(card, attr)
            have = list(have) if isinstance(have, tuple) else have
            if have != want:
                self.fail(f"{ce.field}.values.{attr}", ce.line, f"expected {want!r}; happened {have!r}")
        for key, want in ce.status.items():
            have = card.status.get(key)
            if have != want:
                self.fail(f"{ce.field}.status.{key}", ce.line, f"expected {want!r}; happened {have!r}")
        for key, want in ce.counters.items():
            have = card.counters.get(key, 0)
            if have != want:
                self.fail(f"{ce.field}.counters.{key}", ce.line, f"expected {want!r}; happened {have!r}")
        if ce.face_up is not None and card.face_up != ce.face_up:
            self.fail(f"{ce.field}.face_up", ce.line, f"expected {ce.face_up}; happened {card.face_up}")
        if ce.controller is not None and card.controller != ce.controller:
            self.fail(f"{ce.field}.controller", ce.line, f"expected P{ce.controller}; happened P{card.controller}")

    def _check_result(self, sc: Scenario) -> None:
        re_ = self.spec.expect.result
        assert re_ is not None
        field = _field(self.spec, "expect.result")
        result = sc.result or sc.game.state.result
        if result is None:
            self.fail(field, re_.line, "expected the game to be over; it is not")
            return
        if re_.winners is not None and tuple(result.winners) != re_.winners:
            want = "a draw" if not re_.winners else "winners " + ", ".join(f"P{w}" for w in re_.winners)
            self.fail(field, re_.line, f"expected {want}; happened {result.describe()}")
        if re_.draw is not None and result.draw != re_.draw:
            self.fail(field, re_.line, f"expected {'a draw' if re_.draw else 'a winner'}; happened "
                                       f"{result.describe()}")
        if re_.reason is not None and re_.reason.lower() not in result.reason.lower():
            self.fail(field, re_.line, f"expected the reason to mention {re_.reason!r}; happened {result.reason!r}")

    @staticmethod
    def _decision_problems(decision: Decision, dm: DecisionMatch) -> list[str]:
        problems = []
        if dm.player is not None and decision.player != dm.player:
            problems.append(f"expected a decision of P{dm.player}; happened one of P{decision.player}")
        if dm.kind is not None and decision.kind != dm.kind:
            problems.append(f"expected a {dm.kind} decision; happened a {decision.kind} decision")
        if dm.prompt is not None and dm.prompt.lower() not in decision.prompt.lower():
            problems.append(f"expected a prompt with {dm.prompt!r}; happened {decision.prompt!r}")
        labels = [o.label for o in decision.options]
        low = [lb.lower() for lb in labels]
        for text in dm.offers:
            t = text.lower()
            if not any(t == lb or t in lb for lb in low):
                problems.append(f"expected an option {text!r}; happened {labels}")
        for text in dm.does_not_offer:
            t = text.lower()
            hits = [lb for lb, l2 in zip(labels, low, strict=True) if t == l2 or t in l2]
            if hits:
                problems.append(f"expected no option {text!r}; happened {hits}")
        return problems

    @staticmethod
    def _event_matches(game: Game, ev: Event, fields: Mapping[str, Any]) -> bool:
        d = ev.to_dict()
        for key, want in fields.items():
            have = d.get(key, _MISSING)
            if key in ("card", "source") and isinstance(want, str):
                card = game.state.cards.get(have) if isinstance(have, int) else None
                if card is None or (card.name.lower() != want.lower() and card.code != want):
                    return False
            elif isinstance(want, list) and isinstance(have, tuple):
                if list(have) != want:
                    return False
            elif have != want:
                return False
        return True


def _missing_keys(ce: CardExpectation) -> str:
    """What a card expectation could add to find one card: ``owner or zone``, or the one it lacks."""
    missing = [k for k in ("owner", "zone") if getattr(ce, k) is None]
    return " or ".join(missing) if missing else "a more precise position (both copies share owner and zone)"


def _where_cards(game: Game, code: str) -> str:
    spots = [f"P{c.owner} {c.zone}" for c in game.state.cards.values() if c.code == code]
    return ", ".join(spots) if spots else "none in the game"


def _field(spec: ScenarioSpec, key: str) -> str:
    return f"{spec.field}.{key}" if spec.field else key


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


# -- the public entry points ------------------------------------------------------------------------
def run_scenario(spec: ScenarioSpec) -> ScenarioOutcome:
    """Run one scenario and check it. A malformed scenario raises
    :class:`~rulestack.errors.DataError`; failed expectations are in the outcome."""
    runner = ScenarioRunner(spec)
    try:
        return runner.run()
    finally:
        sc = runner.outcome.scenario
        if sc is not None:
            _close(sc)


def _close(sc: Scenario) -> None:
    runner = getattr(sc, "_runner", None)
    if runner is not None and not runner.dead:
        try:
            import greenlet
            runner.throw(greenlet.GreenletExit)
        except Exception:
            pass
    sc.game.close()


def check_scenario(spec: ScenarioSpec) -> ScenarioOutcome:
    """Run one scenario; raise :class:`ScenarioFailed` with the full report if it fails."""
    outcome = run_scenario(spec)
    if not outcome.passed:
        raise ScenarioFailed(outcome)
    return outcome


def run_scenario_file(path: str | Path) -> list[ScenarioOutcome]:
    """Run every scenario of a file (malformed files raise :class:`DataError`)."""
    return [run_scenario(spec) for spec in load_scenario_file(path)]


def check_scenario_file(path: str | Path) -> list[ScenarioOutcome]:
    """Run every scenario of a file; raise :class:`ScenarioFailed` for the first that fails
    (its report names it), after running them all."""
    outcomes = run_scenario_file(path)
    failed = [o for o in outcomes if not o.passed]
    if failed:
        err = ScenarioFailed(failed[0])
        if len(failed) > 1:
            err.args = ("\n\n".join(o.report() for o in failed),)
        raise err
    return outcomes
