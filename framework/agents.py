"""Agents answer decisions: a seeded random agent, a strict scripted agent, and the protocol any
other agent (a person at a terminal, an AI) implements."""
from __future__ import annotations

import random
from collections import deque
from typing import Any, Callable, Iterable, Protocol

from . import decisions as d
from .errors import RulestackError, UnscriptedDecision


class Seat(Protocol):
    """What an agent may look at: its own player's view of the game."""

    player: int

    def view(self) -> dict[str, Any]: ...


class Agent(Protocol):
    """Anything that answers decisions."""

    def decide(self, decision: d.Decision, seat: Seat) -> Any:
        """Return an answer to ``decision`` (see :mod:`rulestack.decisions` for answer shapes)."""


class RandomAgent:
    """Answers uniformly at random among the legal answers, from its own seeded RNG (never the
    game's), so a game is a function of the seeds and nothing else."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: d.Decision, seat: Seat) -> Any:
        kind, n = decision.kind, len(decision.options)
        if decision.validator is not None:
            answers = decision.answers(limit=2000)
            if not answers:
                raise RulestackError(f"no legal answer exists for {decision.describe()}")
            return self.rng.choice(answers)
        if kind == d.ACTION:
            return [self.rng.randrange(n)]
        if kind == d.YES_NO:
            return True if decision.min == 1 else self.rng.random() < 0.5
        if kind == d.NUMBER:
            return self.rng.randint(decision.min, decision.max)
        if kind == d.ORDER:
            order = list(range(n))
            self.rng.shuffle(order)
            return order
        hi = min(decision.max, n)
        k = self.rng.randint(decision.min, hi)
        return sorted(self.rng.sample(range(n), k))


class ScriptedAgent:
    """Answers from a script, in order, and fails on any decision the script does not cover.

    Script entries may be the canonical answer (see :mod:`rulestack.decisions`), an option label
    or a card name (matched case-insensitively; for ``choose``, a list of them), or a callable
    ``f(decision) -> answer``.
    """

    def __init__(self, answers: Iterable[Any] = (), *, strict: bool = True) -> None:
        self.queue: deque[Any] = deque(answers)
        self.strict = strict

    def add(self, *answers: Any) -> None:
        self.queue.extend(answers)

    def decide(self, decision: d.Decision, seat: Seat) -> Any:
        if not self.queue:
            raise UnscriptedDecision(decision)
        return resolve_answer(decision, self.queue.popleft())


def resolve_answer(decision: d.Decision, entry: Any) -> Any:
    """Turn a scripted entry (labels, names, callables, canonical answers) into a canonical answer."""
    if callable(entry):
        return entry(decision)
    if decision.kind in (d.YES_NO, d.NUMBER):
        if isinstance(entry, str):
            low = entry.strip().lower()
            if decision.kind == d.YES_NO and low in ("yes", "no", "true", "false"):
                return low in ("yes", "true")
            if decision.kind == d.NUMBER and low.removeprefix("-").isdecimal():
                return int(low)
        return entry
    if isinstance(entry, str):
        return [find_option(decision, entry)]
    if isinstance(entry, (list, tuple)) and any(isinstance(e, str) for e in entry):
        return [find_option(decision, e) if isinstance(e, str) else e for e in entry]
    return entry


def find_option(decision: d.Decision, text: str) -> int:
    """The index of the option whose label (or card name, or value) matches ``text``.

    An exact (case-insensitive) match wins; otherwise a unique option whose label contains the text.
    """
    want = text.strip().lower()
    exact = [i for i, o in enumerate(decision.options)
             if want in (o.label.lower(), str(o.value).lower())]
    if len(exact) >= 1:
        return exact[0]
    partial = [i for i, o in enumerate(decision.options) if want in o.label.lower()]
    if len(partial) == 1:
        return partial[0]
    from .errors import IllegalAnswer
    if not partial:
        raise IllegalAnswer(decision, text, "no option matches")
    labels = ", ".join(decision.options[i].label for i in partial)
    raise IllegalAnswer(decision, text, f"ambiguous: it matches {labels}")


class FunctionAgent:
    """Wraps a function ``f(decision, seat) -> answer`` as an agent."""

    def __init__(self, fn: Callable[[d.Decision, Seat], Any]) -> None:
        self.fn = fn

    def decide(self, decision: d.Decision, seat: Seat) -> Any:
        return self.fn(decision, seat)


#: Agents by the name ``--agent NAME[:option=value,...]`` gives (see :func:`make_agent`).
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
    from . import search
    cls = search.GreedyAgent if name == "greedy" else search.MCTSAgent
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
