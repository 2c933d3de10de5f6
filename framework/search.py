"""Forks of a game in progress, and the position evaluation search agents use.

:func:`fork` (``game.fork()``) gives an independent game paused at the decision its parent
waits for, made one of two ways:

- **by copy** (:func:`rulestack.fork.copy_fork`, well under a millisecond for a mid-game duel):
  at an action window the system declares re-entrant (its ``resumable_windows``), the state is
  copied (:mod:`rulestack.state_copy`) and the system's turn re-entered from the recorded phase;
  the host checks that this reaches the same decision at the same place, untouched;
- **by replay** (:func:`replay_to`, the fallback, always right): a new game with the parent's
  system, decks, seed and player names is fed the parent's recorded answers until it stands at
  the same decision. Every decision asked from inside a running card script (its Lua coroutine
  and greenlet are paused mid-call and cannot be copied), in the middle of a procedure, or at a
  window the system did not declare re-entrant is forked so.

A fork is a :class:`~rulestack.fork.ForkedGame` (a :class:`~rulestack.step.StepGame`) whose
``method`` says which; drive it with ``fork.apply(answer)`` and ``fork.close()`` it when done. It
shares no mutable state with its parent: its own journal, state, RNG, card index and engine
(system instance, plugin manager, Lua sandbox: an idle one of the runtime's pool, never the
parent's). ``benchmarks/fork_bench.py`` prints what each way costs.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .agents import Agent, RandomAgent
from .errors import GameOver, RulestackError
from .fork import ForkedGame, copy_fork
from .state import Visibility
from .step import StepGame

if TYPE_CHECKING:
    from .game import Game

__all__ = ["AGENT_NAMES", "ForkError", "GreedyAgent", "MCTSAgent", "Trial", "default_evaluation", "determinise",
           "evaluate", "fork", "make_agent", "parse_agent_spec", "replay_to", "seat_agents", "settle_as_if_all_passed",
           "try_action"]


class ForkError(RulestackError):
    """A game could not be forked (it was not built from decks, or its replay diverged)."""


def replay_to(parent: "Game", answers: Sequence[Any]) -> ForkedGame:
    """A new stepped game with ``parent``'s system, decks, seed and player names, fed ``answers``
    (recorded canonical answers) and paused at the decision after the last of them."""
    from .game import Game

    if not parent.decks:
        raise ForkError("only a game built from decks can be forked (a position built with "
                        "Game.empty has no replay): build it with Game(system, decks, seed=...)")
    names = [p.name for p in parent.state.players]
    child = Game(parent.runtime.system_cls, list(parent.decks), seed=parent.seed, runtime=parent.runtime,
                 plugins=(), player_names=names)
    child.auto_single = parent.auto_single
    step = ForkedGame(child, "replay")
    for i, answer in enumerate(answers):
        if step.done:
            step.close()
            raise ForkError(f"the replay of the parent ended after {i} of {len(answers)} answers: "
                            f"the game is not a function of its seed, decks and answers")
        step.apply(answer)
    return step


def fork(game: "Game") -> ForkedGame:
    """An independent copy of ``game`` at the decision it waits for (see the module docstring):
    a :class:`~rulestack.fork.ForkedGame` whose ``decision`` is the parent's pending one, made by
    copy where the game can be copied there, by replay otherwise."""
    return copy_fork(game) or replay_to(game, list(game.decisions))


# -- determinisation: what a player could know -------------------------------------------------

def hidden_from(game: "Game", player: int) -> dict[int, list[int]]:
    """The cards ``player`` cannot see, by owner, in zones that are not public (hands, decks)."""
    out: dict[int, list[int]] = {}
    for zone in game.state.zones.values():
        if zone.spec.visibility == Visibility.PUBLIC:
            continue
        for cid in zone.cards:
            card = game.state.cards[cid]
            if not game.can_see(player, card):
                out.setdefault(card.owner, []).append(cid)
    return out


def determinise(game: "Game", player: int, rng: random.Random) -> None:
    """Resample, in place, what ``player`` does not know: the hidden cards of each owner are dealt
    again at random among the places hidden cards of that owner occupy (an opponent's hand and
    deck, one's own deck), and the game's RNG is reseeded. Every change is journaled (a rollback
    undoes it). The result depends only on what ``player`` knows and on ``rng``: the hidden cards
    are dealt from a canonical order (by id), so where they really were changes nothing."""
    journal = game.journal
    for owner, ids in sorted(hidden_from(game, player).items()):
        places = []
        for cid in ids:
            card = game.state.cards[cid]
            places.append((card.zone, card.zone_player, game.zone(card.zone, card.zone_player).cards.index(cid)))
        dealt = sorted(ids)
        rng.shuffle(dealt)
        for (zname, zplayer, pos), new in zip(places, dealt):
            game.zone(zname, zplayer).cards[pos] = new
            card = game.state.cards[new]
            if card.zone != zname or card.zone_player != zplayer:
                card.zone, card.zone_player = zname, zplayer
    generator = game.state.random
    journal.call(generator.setstate, generator.getstate())
    generator.seed(rng.getrandbits(64))


# -- evaluation --------------------------------------------------------------------------------

WIN = 10_000.0


def default_evaluation(game: "Game", player: int) -> float:
    """The generic score of a position for ``player``: a won game ``+WIN``, a lost one ``-WIN``;
    otherwise the life difference, plus cards in hand and cards on the board (cards in public
    zones other than graveyards and the like, counted by ``board_zones``) against the opponents'."""
    result = game.state.result
    if result is not None:
        if player in result.winners:
            return WIN
        return -WIN if result.winners else 0.0
    score = 0.0
    board = board_zones(game)
    for p in game.state.players:
        sign = 1.0 if p.index == player else -1.0
        score += sign * float(p.life or 0)
        score += sign * 0.5 * len(game.state.zones.get(("hand", p.index), _NO_ZONE).cards)
        score += sign * 1.0 * sum(len(game.state.zones[(z, p.index)].cards) for z in board
                                  if (z, p.index) in game.state.zones)
    return score


class _NoZone:
    cards: list[int] = []


_NO_ZONE = _NoZone()

#: Zone names never counted as a board: where cards go when they are gone.
_NOT_BOARD = frozenset({"graveyard", "trash", "exile", "banished", "removed", "discard", "stack", "chain",
                        "deck", "library", "hand", "life", "extra", "extra_deck", "security", "egg_deck",
                        "breeding", "trash_pile"})


def board_zones(game: "Game") -> list[str]:
    """The system's public per-player zones that hold a board (not a graveyard, exile or deck)."""
    return [s.name for s in game.system.zones
            if s.per_player and s.visibility == Visibility.PUBLIC and s.name not in _NOT_BOARD]


def evaluate(game: "Game", player: int) -> float:
    """How good the position is for ``player``: the system's ``evaluate_position`` hook, or
    :func:`default_evaluation` when no plugin answers."""
    if game.state.result is None:
        score = game.pm.hook.evaluate_position(game=game, player=player)
        if score is not None:
            return float(score)
    return default_evaluation(game, player)


def close_all(steps: Iterable[StepGame]) -> None:
    """Close forks (abandoning their games, giving their engines back)."""
    for s in steps:
        s.close()


# -- search agents -----------------------------------------------------------------------------

def _candidates(decision: Any, rng: random.Random, limit: int) -> list[Any]:
    """The legal answers to try (a seeded sample of ``limit`` when there are more)."""
    answers = decision.answers(limit=max(limit * 8, 64))
    if not answers:
        raise RulestackError(f"no legal answer exists for {decision.describe()}")
    if len(answers) > limit:
        answers = rng.sample(answers, limit)
    return answers


def _reward(game: "Game", player: int) -> float:
    """A playout's value for ``player`` in [0, 1]: 1 a win, 0 a loss, else the squashed score."""
    score = evaluate(game, player)
    if score >= WIN:
        return 1.0
    if score <= -WIN:
        return 0.0
    import math
    return 1.0 / (1.0 + math.exp(-score / 5.0))


class _NeedsDecision(Exception):
    """Raised by the probe agent: the option tried asks a further decision."""


class _Probe:
    def decide(self, decision: Any, seat: Any) -> Any:
        raise _NeedsDecision()


class Trial:
    """A trial in place: everything the game does inside the ``with`` block is undone at its end
    (the state by the journal, including the RNG; and what the journal does not hold: the answers
    recorded, the agents, the runaway guard's count, the scripts' instruction allowances). The game counts as inside a transaction
    meanwhile, so that no action window makes its state the new base of the undo log. Observers (``on_event`` plugins) do not see
    the trial's events. The fastest fork there is — no copy — but it can only look ahead as far
    as the code inside the block goes: it cannot run the rest of the parent's turn."""

    def __init__(self, game: "Game", agents: Sequence[Any]) -> None:
        self.game = game
        self._agents = list(agents)

    def __enter__(self) -> "Trial":
        game = self.game
        self._mark = game.journal.mark()
        self._saved_agents, game.agents = game.agents, self._agents
        self._answers = len(game.decisions)
        self._observed, game._observed = game._observed, False
        guard = game._runaway
        self._guard = (guard.turn, guard.count, guard.ended)
        game._tx_depth += 1   # inside the trial, as inside an action: no window forgets the undo log
        self._usage = game.sandbox.usage_mark()   # the scripts' allowances: a trial's use is given back
        return self

    def __exit__(self, *exc: Any) -> None:
        game = self.game
        game._tx_depth -= 1
        game.journal.rollback(self._mark)
        game.agents = self._saved_agents
        del game.decisions[self._answers:]
        game._observed = self._observed
        guard = game._runaway
        guard.turn, guard.count, guard.ended = self._guard
        game.sandbox.usage_rollback(self._usage)


def try_action(game: "Game", action: Any, player: int) -> float | None:
    """The score for ``player`` of the position after performing ``action`` now and letting what
    it put on the stack resolve (:func:`settle_as_if_all_passed`), tried in place and undone
    (:class:`Trial`: the game is left exactly as it was). ``None`` when the action needs a
    further decision (a target, a cost choice, a response): the trial stops there."""
    with Trial(game, [_Probe() for _ in game.agents]):
        try:
            game.perform(action)
            settle_as_if_all_passed(game)
        except _NeedsDecision:
            return None
        except GameOver:
            pass
        except RulestackError:
            return None
        return evaluate(game, player)


def settle_as_if_all_passed(game: "Game", rounds: int = 30) -> None:
    """What follows an action when every player passes, in game-agnostic terms (for a look-ahead):
    the state checks, the pending triggers put where the system puts them, and the items on
    ``game.state.stack`` resolved top first, until nothing is left. (A system's own window may do
    more — a chain's own bookkeeping — this is the look-ahead's approximation of it.)"""
    from .windows import resolve_top
    for _ in range(rounds):
        if game.state.result is not None:
            return
        game.run_state_checks()
        triggered = game.take_triggers()
        for trigger in triggered:
            game.put_trigger(trigger)
        if game.state.stack:
            resolve_top(game)
        elif not triggered:
            return


class _PlayoutOver(BaseException):
    """Raised by the playout's agent when the playout has made its ``depth`` decisions: it unwinds
    the rules' code (a BaseException, so that no ``except Exception`` of a system stops it; the
    sandbox passes a host exception through a script call unchanged)."""


def continue_turns(game: "Game", turns: int = 2) -> None:
    """Go on playing ``game`` in place after an action at an action window: the system's turn
    re-entered from the recorded phase (``play_turn``), then up to ``turns`` turns after it (a
    bound for turns that ask nothing), unless the game ends (:class:`GameOver`) or the agents stop
    it first. Exact where the system declares the window
    re-entrant (``resumable_windows``: what a fork by copy checks); elsewhere the current phase
    or step starts over — its start is done again (a phase event, a step's turn-based actions) —
    an approximation a look-ahead accepts. Only for a :class:`Trial`."""
    for _ in range(turns + 1):
        game.pm.hook.play_turn(game=game)
        game.next_turn()


class _Chooser:
    """The agent of every seat inside a playout: seeded random answers; those of ``player``
    recorded while ``recording`` (the plan the search agent follows if it picks this line); after
    ``budget`` answers, :class:`_PlayoutOver`."""

    def __init__(self, rng: random.Random, player: int, budget: int = 1 << 30) -> None:
        self.rng, self.player, self.budget = rng, player, budget
        self.recording = True    # the player's answers are kept (kind, prompt, answer) ...
        self.counting = False    # ... and, once the action is performed, the decisions counted
        self.mine: list[tuple[str, str, Any]] = []

    def decide(self, decision: Any, seat: Any) -> Any:
        if self.counting:
            self.budget -= 1
            if self.budget < 0:
                raise _PlayoutOver()
        answers = decision.answers(limit=64)
        if not answers:
            raise RulestackError(f"no legal answer exists for {decision.describe()}")
        answer = self.rng.choice(answers)
        if self.recording and decision.player == self.player:
            if self.counting and decision.kind == "action":
                self.recording = False   # the player's next action window: the plan ends there
            else:
                self.mine.append((decision.kind, decision.prompt, answer))
        return answer


class GreedyAgent:
    """Picks, in an action window, the action whose resulting position scores best for its player
    by the system's ``evaluate_position`` hook (:func:`try_action`: each action is performed in a
    transaction and rolled back, so no copy of the game is needed; an action that needs a further
    choice scores as the position before it). Other decisions (targets, costs) are tried on a
    determinised fork when ``fork=1`` (slow: a fork replays the game) and answered at random
    otherwise. Ties go to a seeded random pick. Scores read only what the player could know."""

    name = "greedy"

    def __init__(self, seed: int | None = 0, options: int = 12, fork: int = 0) -> None:
        self.rng = random.Random(seed)
        self.options = int(options)
        self.fork = bool(int(fork))

    def decide(self, decision: Any, seat: Any) -> Any:
        from . import decisions as d
        answers = _candidates(decision, self.rng, self.options)
        if len(answers) == 1:
            return answers[0]
        game, me = seat.game, seat.player
        if decision.kind == d.ACTION and not game.in_dry_run:
            here = evaluate(game, me)
            scored = []
            for answer in answers:
                score = try_action(game, decision.options[answer[0]].value, me)
                scored.append((here if score is None else score, answer))
        elif self.fork:
            world = self.rng.getrandbits(64)   # one determinisation for every option: a fair comparison
            scored = []
            for answer in answers:
                f = fork(game)
                try:
                    determinise(f.game, me, random.Random(world))
                    f.apply(answer)
                    scored.append((evaluate(f.game, me), answer))
                finally:
                    f.close()
        else:
            return self.rng.choice(answers)
        top = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s == top])


class MCTSAgent:
    """Determinised Monte Carlo search at a decision: UCB1 over the legal answers (up to
    ``options`` of them, a seeded sample when there are more), each playout scored 1 for a win,
    0 for a loss, else the squashed ``evaluate_position`` score; the answer visited most is played.

    **Budget**: ``playouts`` playouts per decision (the default, deterministic), or ``ms``
    milliseconds per decision when ``ms`` is given (at least one playout per answer; a time budget
    depends on the machine's speed, so a game with it is *not* reproducible). Seeded: with a
    playout budget, the same seed makes the same choices.

    **Determinised**: every playout first deals again, at random, every card its player cannot
    see (:func:`determinise`: the opponent's hand and deck, its own deck) and reseeds the game's
    RNG, so the agent never peeks at hidden cards or at the order of a deck.

    **Playouts**: at an action window (the common case), a playout runs *in place*
    (:class:`Trial`, undone afterwards: no copy at all): the answer's action is performed (the
    further choices it asks — targets, costs, the opponent's responses — answered at random), then
    the game goes on (:func:`continue_turns`: the turn re-entered from the recorded phase, exact at
    the windows a system declares re-entrant, approximate elsewhere) with random answers for both
    players until ``depth`` more decisions were made, the game ended or two more turns passed; the
    position is then scored. At a window opened inside an action (a response to an attack) the
    turn cannot be re-entered: the playout stops once what the action put on the stack has
    resolved (:func:`settle_as_if_all_passed`). The choices the player made in the best line of
    the chosen action, up to its next action window, are kept as a plan: the decisions that
    follow (the action's targets and costs, the attackers it declares after passing) are answered
    from it while they are the same questions and its answers legal. With ``fork=1``, or at a decision
    that is not an action window, a playout is played on a fork instead (:func:`fork`: a copy
    where the system allows, a replay elsewhere — slow) for ``depth`` random decisions of both
    players; without ``fork=1`` such decisions are answered at random (or from the plan)."""

    name = "mcts"

    def __init__(self, seed: int | None = 0, playouts: int = 32, depth: int = 3, options: int = 8,
                 c: float = 1.4, ms: float = 0, fork: int = 0) -> None:
        self.rng = random.Random(seed)
        self.playouts, self.depth, self.options, self.c = int(playouts), int(depth), int(options), float(c)
        self.ms = float(ms)
        self.fork = bool(int(fork))
        if self.playouts < 1 or self.depth < 1 or self.options < 1 or self.ms < 0:
            raise RulestackError("mcts: playouts, depth and options must be at least 1 and ms not negative "
                                 f"(got playouts={playouts}, depth={depth}, options={options}, ms={ms})")
        self._plan: list[tuple[str, str, Any]] = []

    def decide(self, decision: Any, seat: Any) -> Any:
        import math
        import time
        from . import decisions as d
        from .fork import _window, waiting_frames

        game, me = seat.game, seat.player
        if decision.kind == d.ACTION:
            self._plan = []
        elif self._plan:
            kind, prompt, planned = self._plan.pop(0)
            try:
                if kind != decision.kind or prompt != decision.prompt:
                    raise RulestackError("the plan went another way")
                decision.validate(planned)
                return planned
            except RulestackError:
                self._plan = []
        answers = _candidates(decision, self.rng, self.options)
        if len(answers) == 1:
            return answers[0]
        window = None
        if decision.kind == d.ACTION and not self.fork and not game.in_dry_run:
            frames = waiting_frames(game)
            window = _window(frames) if frames else None
        if window is None and not self.fork:
            return self.rng.choice(answers)
        visits = [0] * len(answers)
        value = [0.0] * len(answers)
        lines: list[dict[str, tuple[list[float], tuple]]] = [{} for _ in answers]
        deadline = time.perf_counter() + self.ms / 1000 if self.ms else None
        n = 0
        while True:
            if n >= len(answers):
                if deadline is None and n >= self.playouts:
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                i = max(range(len(answers)), key=lambda k: value[k] / visits[k]
                        + self.c * math.sqrt(math.log(n) / visits[k]))
            else:
                i = n
            n += 1
            seed = self.rng.getrandbits(64)
            if window is not None:
                reward, line = self._window_playout(game, me, window, decision.options[answers[i][0]].value, seed)
            else:
                reward, line = self._fork_playout(game, me, answers[i], seed), ()
            visits[i] += 1
            value[i] += reward
            stats = lines[i].setdefault(repr(line), ([0.0, 0.0], line))[0]
            stats[0] += 1
            stats[1] += reward
        best = max(range(len(answers)), key=lambda k: (visits[k], value[k]))
        if lines[best]:
            stats, plan = max(lines[best].values(), key=lambda sp: (sp[0][1] / sp[0][0], sp[0][0]))
            self._plan = list(plan)
        return answers[best]

    def _window_playout(self, game: "Game", me: int, window: str, action: Any, seed: int) -> tuple[float, tuple]:
        """One playout in place from performing ``action`` (see the class docstring): its reward
        and the answers ``me`` gave to the decisions the action asked."""
        rng = random.Random(seed)
        chooser = _Chooser(rng, me, self.depth)
        nested = game.in_transaction   # a window opened inside an action (a response to an attack ...)
        with Trial(game, [chooser for _ in game.agents]):
            determinise(game, me, rng)

            try:
                game.perform(action)
                chooser.counting = True
                if nested:   # the turn cannot be re-entered from the middle of an action: only its stack settles
                    settle_as_if_all_passed(game)
                else:
                    continue_turns(game)
            except (GameOver, _PlayoutOver):
                pass
            except RulestackError:
                pass   # a line the rules refused part way: scored where it stopped
            return _reward(game, me), tuple(chooser.mine)

    def _fork_playout(self, game: "Game", me: int, answer: Any, seed: int) -> float:
        f = fork(game)
        try:
            rng = random.Random(seed)
            determinise(f.game, me, rng)
            f.apply(answer)
            for _ in range(self.depth):
                if f.done:
                    break
                f.apply(rng.choice(f.legal_answers(limit=64)))
            return _reward(f.game, me)
        finally:
            f.close()


# -- agents by name (--agent NAME[:key=value,...]) -----------------------------------------------

AGENT_NAMES = ("random", "greedy", "mcts")


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:playouts=50,depth=20"`` -> ``("mcts", {"playouts": "50", "depth": "20"})``."""
    name, _, rest = spec.partition(":")
    name = name.strip().lower()
    if name not in AGENT_NAMES:
        raise RulestackError(f"unknown agent {name!r} in --agent {spec!r}: use one of {', '.join(AGENT_NAMES)}")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.replace(":", ",").split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise RulestackError(f"--agent {spec!r}: option {part!r} must be KEY=VALUE (e.g. mcts:playouts=50)")
        options[key.strip()] = value.strip()
    return name, options


def make_agent(spec: str, seed: int) -> Agent:
    """Build the agent ``spec`` names (``random``, ``greedy``, ``mcts`` with ``:key=value``
    options, e.g. ``mcts:playouts=50``), seeded with ``seed``."""
    name, options = parse_agent_spec(spec)
    if name == "random":
        if options:
            raise RulestackError(f"--agent {spec!r}: the random agent takes no options")
        return RandomAgent(seed)
    cls: type[GreedyAgent] | type[MCTSAgent] = GreedyAgent if name == "greedy" else MCTSAgent
    try:
        return cls(seed, **{k: float(v) if "." in v else int(v) for k, v in options.items()})  # type: ignore[arg-type]
    except (TypeError, ValueError) as e:
        raise RulestackError(f"--agent {spec!r}: {e} (options of {name}: see rulestack.search.{cls.__name__})") from e


def seat_agents(specs: Iterable[str] | None, seed: int, players: int) -> list[Agent] | None:
    """The agents of a game from ``--agent`` specs, one per seat in order (missing seats are
    random); ``None`` when no spec is given (the game's own default random agents). Seat ``i``
    is seeded ``seed * 7919 + i + 1`` like the default agents, so ``--agent random`` changes nothing."""
    specs = list(specs or [])
    if not specs:
        return None
    if len(specs) > players:
        raise RulestackError(f"{len(specs)} --agent options for a game of {players} players")
    specs += ["random"] * (players - len(specs))
    return [make_agent(s, seed * 7919 + i + 1) for i, s in enumerate(specs)]
