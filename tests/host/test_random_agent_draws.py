"""The random agent's answer to an action decision is ``[rng.randrange(n)]`` of its own RNG (the
same draws, so the same games), worked out inline for a plain ``random.Random``."""
from __future__ import annotations

import random

from rulestack import RandomAgent
from rulestack import decisions as d


def _decision(n: int) -> d.Decision:
    return d.Decision(0, d.ACTION, "act", tuple(d.Option(str(i), i) for i in range(n)))


def test_action_answers_are_the_draws_of_randrange():
    agent, twin = RandomAgent(7), random.Random(7)
    sizes = [1, 2, 3, 5, 7, 8, 9, 16, 17, 31, 64, 100, 1000, 3] * 40
    answers = [agent.decide(_decision(n), None) for n in sizes]   # type: ignore[arg-type]
    assert answers == [[twin.randrange(n)] for n in sizes]
    assert agent.rng.getstate() == twin.getstate()


def test_another_generator_is_asked_for_randrange():
    class Counting(random.Random):
        calls = 0

        def randrange(self, *args, **kw):   # type: ignore[no-untyped-def, override]
            Counting.calls += 1
            return super().randrange(*args, **kw)

    agent = RandomAgent(3)
    agent.rng = Counting(3)
    assert agent.decide(_decision(4), None) == [random.Random(3).randrange(4)]   # type: ignore[arg-type]
    assert Counting.calls == 1
