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

__all__ = ["AGENT_NAMES", "ForkError", "GreedyAgent", "MCTSAgent", "default_evaluation", "determinise", "evaluate", "fork",
           "make_agent", "parse_agent_spec", "replay_to", "seat_agents", "try_action"]


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


def try_action(game: "Game", action: Any, player: int) -> float | None:
    """The score for ``player`` of the position after performing ``action`` now, tried inside a
    transaction that is then rolled back (the game is left exactly as it was; the events the
    trial recorded are undone with it). ``None`` when the action needs a further decision (a
    target, a cost choice): the trial stops there."""
    mark = game.journal.mark()
    agents, game.agents = game.agents, [_Probe() for _ in game.agents]
    decided = len(game.decisions)
    try:
        try:
            game.perform(action)
            game.run_state_checks()
        except _NeedsDecision:
            return None
        except GameOver:
            pass
        except RulestackError:
            return None
        return evaluate(game, player)
    finally:
        game.journal.rollback(mark)
        game.agents = agents
        del game.decisions[decided:]


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
    """Determinised Monte Carlo tree search at the decision (UCB1 over the legal answers, up to
    ``options`` of them): each of ``playouts`` playouts forks the game, deals the cards its player
    cannot see again at random (it never peeks), plays the chosen answer, then random play for up
    to ``depth`` decisions; the playout's value is 1 for a win, 0 for a loss, else the squashed
    ``evaluate_position`` score. The answer visited most is played. Seeded and deterministic."""

    name = "mcts"

    def __init__(self, seed: int | None = 0, playouts: int = 32, depth: int = 30, options: int = 8,
                 c: float = 1.4) -> None:
        self.rng = random.Random(seed)
        self.playouts, self.depth, self.options, self.c = int(playouts), int(depth), int(options), float(c)

    def decide(self, decision: Any, seat: Any) -> Any:
        import math
        answers = _candidates(decision, self.rng, self.options)
        if len(answers) == 1:
            return answers[0]
        game, me = seat.game, seat.player
        visits = [0] * len(answers)
        value = [0.0] * len(answers)
        for n in range(max(self.playouts, len(answers))):
            if n < len(answers):
                i = n
            else:
                i = max(range(len(answers)), key=lambda k: value[k] / visits[k]
                        + self.c * math.sqrt(math.log(n) / visits[k]))
            visits[i] += 1
            value[i] += self._playout(game, me, answers[i])
        return answers[max(range(len(answers)), key=lambda k: (visits[k], value[k]))]

    def _playout(self, game: "Game", me: int, answer: Any) -> float:
        f = fork(game)
        try:
            determinise(f.game, me, random.Random(self.rng.getrandbits(64)))
            f.apply(answer)
            roll = random.Random(self.rng.getrandbits(64))
            for _ in range(self.depth):
                if f.done:
                    break
                answers = f.legal_answers(limit=64)
                f.apply(roll.choice(answers))
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
