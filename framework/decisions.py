"""Decisions: every choice a player makes, as a typed request with its legal options.

The same :class:`Decision` reaches every agent — a random agent, a scripted test, a replay, a
person at a terminal, an AI through the step API. An answer is validated before the game uses it;
an illegal answer raises :class:`~rulestack.errors.IllegalAnswer` and changes nothing.

Answers are plain data, so a recorded list of them replays a game exactly:

========== ====================================================
kind       answer
========== ====================================================
``choose`` a list of option indices (``min`` to ``max`` of them, no repeats)
``action`` a list with one option index (the action to take)
``yes_no`` ``True`` or ``False``
``order``  a permutation of the option indices
``number`` an integer between ``min`` and ``max``
========== ====================================================
"""
from __future__ import annotations

import itertools
import math
from typing import Any, Callable, Iterator, Sequence

import attrs

from ._frozen import direct_init
from .errors import IllegalAnswer

CHOOSE = "choose"
ACTION = "action"
YES_NO = "yes_no"
ORDER = "order"
NUMBER = "number"
KINDS = frozenset({CHOOSE, ACTION, YES_NO, ORDER, NUMBER})


@direct_init
@attrs.frozen
class Option:
    """One option of a decision: what it is (``value``: a card id, an action, a word) and how it
    reads (``label``)."""

    label: str
    value: Any = None
    card: int | None = None     # the card this option stands for, if any
    info: Any = None            # what the chooser may see of it (a card's face in a deck search)


@direct_init
@attrs.frozen
class Decision:
    """A request for one choice by one player."""

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...] = ()
    min: int = 1
    max: int = 1
    source: int | None = None      # the card whose ability asks, if any
    reason: str = ""               # what the choice is for: "cost", "target", "resolution", "action" ...
    validator: Callable[[Any], str | None] | None = attrs.field(default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown decision kind {self.kind!r}")

    def describe(self) -> str:
        """A one-line description: who, what and the options."""
        opts = ""
        if self.options:
            shown = ", ".join(f"{i}:{o.label}" for i, o in enumerate(self.options[:12]))
            more = f", ... ({len(self.options)} options)" if len(self.options) > 12 else ""
            opts = f" [{shown}{more}]"
        rng = ""
        if self.kind == CHOOSE:
            rng = f" (choose {self.min}..{self.max})"
        elif self.kind == NUMBER:
            rng = f" ({self.min}..{self.max})"
        return f"P{self.player} {self.kind} '{self.prompt}'{rng}{opts}"

    # -- validation ----------------------------------------------------------------------
    def validate(self, answer: Any) -> Any:
        """Return the answer in canonical form, or raise :class:`IllegalAnswer`."""
        if self.kind == ACTION and type(answer) is list and len(answer) == 1 and self.validator is None:
            i = answer[0]   # the common answer (one action, a plain index in range): its canonical form
            if type(i) is int and 0 <= i < len(self.options):
                return [i]
        fix = getattr(self, f"_validate_{self.kind}")
        canonical = fix(answer)
        if self.validator is not None:
            problem = self.validator(canonical)
            if problem:
                raise IllegalAnswer(self, answer, problem)
        return canonical

    def _indices(self, answer: Any) -> list[int]:
        if isinstance(answer, bool) or not isinstance(answer, (list, tuple, int)):
            raise IllegalAnswer(self, answer, "expected a list of option indices")
        items = [answer] if isinstance(answer, int) else list(answer)
        for i in items:
            if isinstance(i, bool) or not isinstance(i, int):
                raise IllegalAnswer(self, answer, f"{i!r} is not an option index")
            if not 0 <= i < len(self.options):
                raise IllegalAnswer(self, answer, f"option {i} is out of range 0..{len(self.options) - 1}")
        if len(set(items)) != len(items):
            raise IllegalAnswer(self, answer, "an option is chosen twice")
        return items

    def _validate_choose(self, answer: Any) -> list[int]:
        items = self._indices(answer)
        if not self.min <= len(items) <= self.max:
            raise IllegalAnswer(self, answer, f"choose between {self.min} and {self.max} options, not {len(items)}")
        return sorted(items)

    def _validate_action(self, answer: Any) -> list[int]:
        items = self._indices(answer)
        if len(items) != 1:
            raise IllegalAnswer(self, answer, "choose exactly one action")
        return items

    def _validate_yes_no(self, answer: Any) -> bool:
        if not isinstance(answer, bool):
            raise IllegalAnswer(self, answer, "expected true or false")
        if self.min == 1 and answer is False:
            raise IllegalAnswer(self, answer, "declining is not allowed here")
        return answer

    def _validate_order(self, answer: Any) -> list[int]:
        items = self._indices(answer)
        if sorted(items) != list(range(len(self.options))):
            raise IllegalAnswer(self, answer, f"expected a permutation of 0..{len(self.options) - 1}")
        return items

    def _validate_number(self, answer: Any) -> int:
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise IllegalAnswer(self, answer, "expected an integer")
        if not self.min <= answer <= self.max:
            raise IllegalAnswer(self, answer, f"expected a number between {self.min} and {self.max}")
        return answer

    # -- enumeration (for agents) ------------------------------------------------------------
    def count_answers(self) -> float:
        """How many distinct legal answers there are, ignoring ``validator`` (may be large)."""
        n = len(self.options)
        if self.kind == ACTION:
            return n
        if self.kind == YES_NO:
            return 1 if self.min == 1 else 2
        if self.kind == NUMBER:
            return self.max - self.min + 1
        if self.kind == ORDER:
            return math.factorial(n)
        return count_choices(n, self.min, self.max)

    def answers(self, limit: int = 10_000) -> list[Any]:
        """Up to ``limit`` legal answers (respecting ``validator``), in a fixed order."""
        out: list[Any] = []
        for ans in self._iter_answers():
            if self.validator is None or not self.validator(ans):
                out.append(ans)
                if len(out) >= limit:
                    break
        return out

    def _iter_answers(self) -> Iterator[Any]:
        n = len(self.options)
        if self.kind == ACTION:
            yield from ([i] for i in range(n))
        elif self.kind == YES_NO:
            yield True
            if self.min == 0:
                yield False
        elif self.kind == NUMBER:
            yield from range(self.min, self.max + 1)
        elif self.kind == ORDER:
            yield from (list(p) for p in itertools.permutations(range(n)))
        else:
            for k in range(self.min, min(self.max, n) + 1):
                yield from (list(c) for c in itertools.combinations(range(n), k))


def count_choices(n: int, lo: int, hi: int) -> int:
    """How many answers a ``choose`` decision of ``n`` options, choosing ``lo`` to ``hi`` of them, has."""
    return sum(math.comb(n, k) for k in range(lo, min(hi, n) + 1))


def options_from(values: Sequence[Any], label: Callable[[Any], str] = str) -> tuple[Option, ...]:
    """Options for plain values, labelled by ``label``."""
    return tuple(Option(label=label(v), value=v) for v in values)
