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

    def view(self) -> dict[str, Any]:
        """What this player may see of the game now, as plain data (hidden cards without faces)."""
        ...


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
            return [self.action_index(n)]
        if kind == d.YES_NO:
            return True if decision.min == 1 else self.rng.random() < 0.5
        if kind == d.NUMBER:
            return self.rng.randint(decision.min, decision.max)
        if kind == d.ORDER:
            order = list(range(n))
            self.rng.shuffle(order)
            return order
        return self.choice_indices(n, decision.min, decision.max)

    def action_index(self, n: int) -> int:
        """Its answer to an action decision of ``n`` options without a validator: the index of
        the action it takes (drawn as :meth:`decide` draws it; the host asks this directly when
        :meth:`decide` is this class's own, :meth:`DecisionAsking.act
        <rulestack._asking.DecisionAsking.act>`)."""
        rng = self.rng
        if n > 0 and type(rng) is random.Random:
            # rng.randrange(n), inline: what it does for a plain Random and n > 0 (the same
            # draws of getrandbits, so the same number).
            getrandbits = rng.getrandbits
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            return r
        return rng.randrange(n)

    def choice_indices(self, n: int, lo: int, hi: int) -> list[int]:
        """Its answer to a ``choose`` decision of ``n`` options (``lo`` to ``hi`` of them) without a
        validator: the indices chosen, in order (drawn as :meth:`decide` draws them; the host asks
        this directly when :meth:`decide` is this class's own, :meth:`DecisionAsking.choose_cards
        <rulestack._asking.DecisionAsking.choose_cards>`)."""
        k = self.rng.randint(lo, min(hi, n))
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
        """Append answers to the end of the script."""
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
