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
           "where_to_look",
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
    """The cards ``player`` cannot see, by owner: in secret zones (hands, decks, a One Piece Life
    area, Digimon security) and face down in public zones (a Yu-Gi-Oh! Set card)."""
    out: dict[int, list[int]] = {}
    cards = game.state.cards
    for zone in game.state.zones.values():
        public = zone.spec.visibility == Visibility.PUBLIC
        for cid in zone.cards:
            card = cards[cid]
            if public and card.face_up:
                continue
            if not game.can_see(player, card):
                out.setdefault(card.owner, []).append(cid)
    return out


#: What stays with a place when another card is dealt into it: the card's state there.
_PLACE_FIELDS = ("controller", "face_up", "status", "counters", "memory", "generation", "timestamp", "attached_to")


def _kind(card: Any) -> Any:
    """What a face-down card's place tells of it (a Set monster is a monster): its printed card
    type (the ``card_type`` field, else ``type``)."""
    definition = card.definition
    return definition.get("card_type", definition.get("type"))


def determinise(game: "Game", player: int, rng: random.Random) -> None:
    """Resample, in place, what ``player`` does not know (:func:`hidden_from`): the unseen cards
    of each owner are dealt again at random among the places unseen cards of that owner occupy
    (an opponent's hand, deck and face-down cards, one's own deck and face-down Life or security
    cards), and the game's RNG is reseeded. A face-down card on the board is dealt from the
    owner's unseen cards of the same printed card type (what its place tells), and the card dealt
    takes over the state of the place (position, counters, controller ...). Every change is
    journaled (a rollback undoes it). The result depends only on what ``player`` knows and on
    ``rng``: the unseen cards are dealt from a canonical order (by id), so where they really were
    changes nothing."""
    cards = game.state.cards
    for owner, ids in sorted(hidden_from(game, player).items()):
        board: list[tuple[tuple[str, int | None, int], Any]] = []
        secret: list[tuple[str, int | None, int]] = []
        state_at: dict[tuple[str, int | None, int], tuple] = {}
        for cid in ids:
            card = cards[cid]
            zone = game.zone(card.zone, card.zone_player)
            place = (card.zone, card.zone_player, zone.cards.index(cid))
            state_at[place] = tuple(getattr(card, f) for f in _PLACE_FIELDS)
            if zone.spec.visibility == Visibility.PUBLIC:
                board.append((place, _kind(card)))
            else:
                secret.append(place)
        pool = sorted(ids)
        rng.shuffle(pool)
        dealt: list[tuple[tuple[str, int | None, int], int]] = []
        for place, kind in sorted(board, key=lambda pk: (pk[0][0], -1 if pk[0][1] is None else pk[0][1], pk[0][2])):
            pick = next(i for i, c in enumerate(pool) if _kind(cards[c]) == kind)   # the card there is one
            dealt.append((place, pool.pop(pick)))
        dealt += zip(secret, pool)
        for place, new in dealt:
            zname, zplayer, pos = place
            game.zone(zname, zplayer).cards[pos] = new
            card = cards[new]
            if card.zone != zname or card.zone_player != zplayer:
                card.zone, card.zone_player = zname, zplayer
        if board:   # a card dealt into a board place takes its state there, and one dealt out of it a secret card's
            for place, new in dealt:
                card = cards[new]
                for field, value in zip(_PLACE_FIELDS, state_at[place]):
                    if getattr(card, field) != value:
                        setattr(card, field, dict(value) if isinstance(value, dict) else value)
    generator = game.state.random
    game.journal.call(generator.setstate, generator.getstate())
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
        self._mark, self._version = game.journal.mark(), game.journal.version
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
        game.journal.rollback(self._mark, self._version)
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


def signature(decision: Any) -> tuple:
    """What identifies a question when a step is played again: who, what, and the options' labels."""
    return (decision.player, decision.kind, decision.prompt, decision.min, decision.max,
            tuple(o.label for o in decision.options))


class _Mismatch(BaseException):
    """Raised by the playout's agent when re-entering a step asks something else than the
    decision searched (or another player first): that decision cannot be looked at in place."""


#: Playout policies: ``random`` (seeded legal answers, action windows weighted by the system's
#: ``playout_weights``) and ``passive`` (every player passes when they may, else the first legal
#: answer: what follows an answer when nobody does anything more).
RANDOM, PASSIVE = "random", "passive"
_PASS_KINDS = ("pass", "end_turn")


class _Chooser:
    """The agent of every seat inside a look-ahead. When the look-ahead re-enters the step the
    searched decision was asked in, it first answers that step's questions again as ``player``
    answered them (``replay``), then the searched decision with the answer tried (``trying``);
    a different question raises :class:`_Mismatch`. After that, the playout ``policy`` answers for
    both players; the answers of ``player`` to the choices the answer tried asks itself (an
    action's targets and costs, before ``counting``) are recorded: the plan the agent follows if it
    picks this line. Once ``counting``, the playout
    ends (:class:`_PlayoutOver`) after ``budget`` more decisions or at the first decision of a
    turn past ``last_turn``."""

    def __init__(self, rng: random.Random, player: int, budget: int, last_turn: int, policy: str = RANDOM,
                 weights: Any = None, replay: Sequence[tuple[tuple, Any]] = (),
                 trying: tuple[tuple, Any] | None = None) -> None:
        self.rng, self.player, self.budget, self.last_turn = rng, player, budget, last_turn
        self.policy, self.weights = policy, weights or {}
        self.replay, self.trying = list(replay), trying
        self.counting = False    # the answer tried is given: the decisions are counted
        self.mine: list[tuple[str, str, Any]] = []

    def decide(self, decision: Any, seat: Any) -> Any:
        if self.trying is not None:
            return self._again(decision)
        if self.counting:
            self.budget -= 1
            if self.budget < 0 or seat.game.state.turn > self.last_turn:
                raise _PlayoutOver()
        answer = self._policy(decision)
        if not self.counting and decision.player == self.player:
            self.mine.append((decision.kind, decision.prompt, answer))   # a choice the action tried asks
        return answer

    def _again(self, decision: Any) -> Any:
        """The step played again: the player's earlier answers in it, then the answer tried."""
        sig = signature(decision)
        assert self.trying is not None
        if decision.player != self.player:
            raise _Mismatch()
        want, answer = self.trying
        if sig == want:   # the decision searched (a window in a loop is asked at once: the state holds what was done)
            self.trying, self.counting, self.replay = None, True, []
            return answer
        if not self.replay:
            raise _Mismatch()
        want, answer = self.replay.pop(0)   # a choice made earlier in the step and kept in the rules' locals
        if want != sig:
            raise _Mismatch()
        return answer

    def _policy(self, decision: Any) -> Any:
        options = decision.options
        if decision.kind == "action" and decision.validator is None:
            if self.policy == PASSIVE:
                for i, o in enumerate(options):
                    if getattr(o.value, "kind", None) in _PASS_KINDS:
                        return [i]
            elif self.weights:
                weights = [float(self.weights.get(getattr(o.value, "kind", None), 1.0)) for o in options]
                if sum(weights) > 0:
                    return [self.rng.choices(range(len(options)), weights)[0]]
            return [self.rng.randrange(len(options))]
        answers = decision.answers(limit=1 if self.policy == PASSIVE else 64)
        if not answers:
            raise RulestackError(f"no legal answer exists for {decision.describe()}")
        return answers[0] if self.policy == PASSIVE else self.rng.choice(answers)


#: Where a decision can be looked at (:func:`where_to_look`).
WINDOW, NESTED, STEP = "window", "nested", "step"


def where_to_look(game: "Game", decision: Any) -> str | None:
    """How the answers to ``decision`` (which ``game`` is asking now) can be tried in place:

    - ``"window"``: an action window the system declares re-entrant (``resumable_windows``): the
      action is performed, then the turn re-entered from the recorded phase and played on
      (:func:`continue_turns`);
    - ``"nested"``: a window opened inside an action (a response to an attack): the action is
      performed and what is on the stack settles (:func:`settle_as_if_all_passed`);
    - ``"step"``: any other decision the turn's own code asks (another action window, attackers,
      blockers, a discard to hand size, a Trigger's yes or no): the turn is re-entered from the
      recorded phase and step, the questions of that step asked again are answered as they were
      until this one is asked again, which gets the answer tried, and the turn is played on (the
      rules' own code goes on after the answer: a Battle Phase left goes to Main Phase 2); an
      action window where that fails (the step asks someone else first) is looked at as a
      ``"window"`` that started over;
    - ``None``: a decision asked in the middle of an action (a target, a cost: the action cannot be
      undone part way and done again in place) or during the set-up: a fork replays the game."""
    from .fork import _window, resumable, waiting_frames
    if game.in_dry_run or game.state.result is not None:
        return None
    frames = waiting_frames(game)
    if frames is None:
        return None
    window = _window(frames) if decision.kind == "action" else None
    if window is not None and game.in_transaction:
        return NESTED
    if window is not None and resumable(game, window):
        return WINDOW
    if game.in_transaction or game.state.phase is None or not game.started:
        return None
    return STEP


class _Looker:
    """Tries answers of a decision for one player (what the search agents share): each look is a
    playout from the position after the answer, scored by :func:`_reward`, in place
    (:class:`Trial`, undone) where :func:`where_to_look` allows, else on a fork when the game is
    short enough to replay (``replay`` answers at most), and the line of the player's answers that
    followed the answer (its plan)."""

    def __init__(self, game: "Game", me: int, decision: Any, where: str | None, step_answers: Sequence[tuple[tuple, Any]],
                 depth: int, turns: int, policy: str) -> None:
        self.game, self.me, self.decision, self.where = game, me, decision, where
        self.step_answers = list(step_answers)
        self.depth, self.turns, self.policy = depth, turns, policy
        self.weights = game.system.playout_weights

    def look(self, answer: Any, seed: int) -> tuple[float, tuple]:
        """One playout after ``answer``: its reward for the player and the player's line."""
        game, me = self.game, self.me
        rng = random.Random(seed)
        chooser = _Chooser(rng, me, self.depth, game.state.turn + self.turns, self.policy, self.weights)
        if self.where is None:
            return self._on_fork(answer, rng, chooser), tuple(chooser.mine)
        if self.where == STEP:
            chooser.replay, chooser.trying = list(self.step_answers), (signature(self.decision), answer)
        with Trial(game, [chooser for _ in game.agents]):
            determinise(game, me, rng)
            try:
                if self.where == STEP:
                    continue_turns(game, self.turns)
                else:
                    game.perform(self.decision.options[answer[0]].value)
                    chooser.counting = True
                    if self.where == NESTED:   # the turn cannot be re-entered in the middle of an action
                        settle_as_if_all_passed(game)
                    else:
                        continue_turns(game, self.turns)
            except (GameOver, _PlayoutOver):
                pass
            except RulestackError:
                pass   # a line the rules refused part way: scored where it stopped
            if chooser.trying is not None:
                raise _Mismatch()   # the step played again never asked the decision
            return _reward(game, me), tuple(chooser.mine)

    def _on_fork(self, answer: Any, rng: random.Random, chooser: _Chooser) -> float:
        f = fork(self.game)
        try:
            from ._asking import Seat
            determinise(f.game, self.me, rng)
            f.apply(answer)
            chooser.counting = True
            while not f.done:
                assert f.decision is not None
                f.apply(chooser.decide(f.decision, Seat(f.game, f.decision.player)))
        except (_PlayoutOver, GameOver, RulestackError):
            pass
        finally:
            reward = _reward(f.game, self.me)
            f.close()
        return reward


class _SearchAgent:
    """What the greedy and Monte Carlo agents share: the plan of answers that follows an action
    chosen, the answers given in the current step (to re-enter it), and where each decision can be
    looked at."""

    def __init__(self, seed: int | None, options: int, depth: int, turns: int, replay: int, fork: int,
                 policy: str) -> None:
        if policy not in (RANDOM, PASSIVE):
            raise RulestackError(f"{type(self).__name__}: policy must be {RANDOM!r} or {PASSIVE!r} (got {policy!r})")
        self._policy = policy
        self.rng = random.Random(seed)
        self.options, self.depth, self.turns, self.replay = int(options), int(depth), int(turns), int(replay)
        self.fork = bool(int(fork))
        if self.options < 1 or self.depth < 0 or self.turns < 0 or self.replay < 0:
            raise RulestackError(f"{type(self).__name__}: options must be at least 1, depth, turns and replay "
                                 f"not negative (got options={options}, depth={depth}, turns={turns}, replay={replay})")
        self._plan: list[tuple[str, str, Any]] = []
        self._step: tuple[Any, list[tuple[tuple, Any]]] = (None, [])

    def decide(self, decision: Any, seat: Any) -> Any:
        game = seat.game
        key = (game.state.turn, game.state.phase, game.state.step)
        if key != self._step[0]:
            self._step = (key, [])
        answer = self._decide(decision, seat)
        self._step[1].append((signature(decision), answer))
        return answer

    def _decide(self, decision: Any, seat: Any) -> Any:
        game, me = seat.game, seat.player
        if decision.kind == "action":
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
        where = None if self.fork else where_to_look(game, decision)
        replayable = self.fork or len(game.decisions) <= self.replay
        if where is None and not (replayable and game.decks):
            return self.rng.choice(answers)
        looker = _Looker(game, me, decision, where, self._step[1], self.depth, self.turns, self._policy)
        try:
            best, plan = self._search(looker, answers)
        except _Mismatch:
            if decision.kind == "action" and not game.in_transaction:
                looker.where = WINDOW   # the action performed, then the phase started over (approximate)
            elif replayable and game.decks:
                looker.where = None
            else:
                return self.rng.choice(answers)
            best, plan = self._search(looker, answers)
        self._plan = list(plan)
        return best

    def _search(self, looker: _Looker, answers: list[Any]) -> tuple[Any, tuple]:
        raise NotImplementedError


def _best_line(lines: dict[str, tuple[list[float], tuple]]) -> tuple:
    if not lines:
        return ()
    return max(lines.values(), key=lambda sp: (sp[0][1] / sp[0][0], sp[0][0]))[1]


class GreedyAgent(_SearchAgent):
    """Picks the answer whose resulting position scores best for its player by the system's
    ``evaluate_position`` hook, at every kind of decision it can look at (see
    :func:`where_to_look`: an action at an action window, the attackers or blockers declared, a
    discard, a yes or no; a decision in the middle of an action is looked at on a fork when the
    game is at most ``replay`` answers long, else answered from the plan of the action that asked
    it or at random). Each answer is tried ``samples`` times in place, the choices the answer
    itself asks (targets, costs) at random; then everyone passes (the ``passive`` policy: nobody
    acts, the first legal answer elsewhere) until the turn ends (``turns=0``) or ``depth``
    decisions were made, and the position is scored. The choices of the best line are kept as a
    plan for the questions that follow. Ties go to a seeded random pick; every look is
    determinised (:func:`determinise`), so the agent reads only what its player could know."""

    name = "greedy"

    def __init__(self, seed: int | None = 0, options: int = 12, samples: int = 1, depth: int = 30, turns: int = 0,
                 replay: int = 40, fork: int = 0, policy: str = PASSIVE) -> None:
        super().__init__(seed, options, depth, turns, replay, fork, policy)
        self.samples = int(samples)
        if self.samples < 1:
            raise RulestackError(f"greedy: samples must be at least 1 (got {samples})")

    def _search(self, looker: _Looker, answers: list[Any]) -> tuple[Any, tuple]:
        worlds = [self.rng.getrandbits(64) for _ in range(self.samples)]   # the same worlds for every answer
        scored = []
        for answer in answers:
            lines: dict[str, tuple[list[float], tuple]] = {}
            total = 0.0
            for world in worlds:
                reward, line = looker.look(answer, world)
                total += reward
                stats = lines.setdefault(repr(line), ([0.0, 0.0], line))[0]
                stats[0] += 1
                stats[1] += reward
            scored.append((total, answer, _best_line(lines)))
        top = max(s for s, _, _ in scored)
        best = [(a, line) for s, a, line in scored if s == top]
        passing = [(a, line) for a, line in best if looker.decision.kind == "action"
                   and getattr(looker.decision.options[a[0]].value, "kind", None) in _PASS_KINDS]
        return (passing or best)[0] if passing else self.rng.choice(best)   # nothing gained: do nothing


class MCTSAgent(_SearchAgent):
    """Determinised Monte Carlo search at every decision it can look at: UCB1 over the legal
    answers (up to ``options`` of them, a seeded sample when there are more), each playout scored
    1 for a win, 0 for a loss, else the squashed ``evaluate_position`` score; the answer visited
    most is played.

    **Budget**: ``playouts`` playouts per decision (the default, deterministic), or ``ms``
    milliseconds per decision when ``ms`` is given (at least one playout per answer; a time budget
    depends on the machine's speed, so a game with it is *not* reproducible). Seeded: with a
    playout budget, the same seed makes the same choices.

    **Determinised**: every playout first deals again, at random, every card its player cannot
    see (:func:`determinise`: the opponent's hand, deck and face-down cards, its own deck and
    face-down cards) and reseeds the game's RNG, so the agent never peeks.

    **Playouts** run in place (:class:`Trial`, undone afterwards: no copy at all) wherever
    :func:`where_to_look` allows — an action at an action window (performed, its own further
    choices answered at random, then the turn played on), the attackers, blockers, a discard or a
    yes or no asked by the turn's own code (the step re-entered and played again with the answer
    tried) — and go on by the playout ``policy`` for both players until ``depth`` more decisions
    were made, the game ended, or the first decision of a turn more than ``turns`` turns after this
    one (``turns=0``: the rest of this turn); the position is then scored. ``policy=random``
    (the default): seeded random answers, an action window's actions weighted by the system's
    ``playout_weights`` (e.g. attacks more often than passes); ``policy=passive``: everyone passes
    (the first legal answer elsewhere), so that the playouts of an answer differ only by the cards
    dealt and the random choices the answer itself asks — the stronger setting against a weak
    opponent, in every bundled system but MTG (benchmarks/agents_bench.py). A decision in the
    middle of an action (a target, a cost) or of the set-up (a mulligan) is looked at on a fork
    (:func:`fork`: a replay) while the game is at most ``replay`` answers long, and answered from
    the plan otherwise: the choices the player made, in the best line of the chosen answer, to the
    questions that answer asked itself are kept and followed while the questions are the same and
    the answers legal. With ``fork=1`` every playout runs on a fork (slow)."""

    name = "mcts"

    def __init__(self, seed: int | None = 0, playouts: int = 32, depth: int = 12, options: int = 8,
                 c: float = 1.4, ms: float = 0, turns: int = 1, replay: int = 40, fork: int = 0,
                 policy: str = RANDOM) -> None:
        super().__init__(seed, options, depth, turns, replay, fork, policy)
        self.playouts, self.c, self.ms = int(playouts), float(c), float(ms)
        if self.playouts < 1 or self.depth < 1 or self.ms < 0:
            raise RulestackError("mcts: playouts, depth and options must be at least 1 and ms not negative "
                                 f"(got playouts={playouts}, depth={depth}, options={options}, ms={ms})")

    def _search(self, looker: _Looker, answers: list[Any]) -> tuple[Any, tuple]:
        import math
        import time
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
            reward, line = looker.look(answers[i], self.rng.getrandbits(64))
            visits[i] += 1
            value[i] += reward
            stats = lines[i].setdefault(repr(line), ([0.0, 0.0], line))[0]
            stats[0] += 1
            stats[1] += reward
        best = max(range(len(answers)), key=lambda k: (visits[k], value[k]))
        return answers[best], _best_line(lines[best])


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
        return cls(seed, **{k: _option_value(v) for k, v in options.items()})  # type: ignore[arg-type]
    except (TypeError, ValueError) as e:
        raise RulestackError(f"--agent {spec!r}: {e} (options of {name}: see rulestack.search.{cls.__name__})") from e


def _option_value(text: str) -> int | float | str:
    """An agent option's value: a number where it reads as one (``12``, ``0.5``), else the word."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


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
