"""The game's one source of randomness: seeded, journaled, and shared with Lua's ``math.random``."""
from __future__ import annotations

import random
from typing import Sequence, TypeVar

from .journal import Journal

T = TypeVar("T")


class GameRandom:
    """A seeded RNG whose state is rolled back with the journal.

    Only the game uses it (shuffles, coin flips, ``math.random`` in scripts); agents have their own.
    """

    def __init__(self, seed: int, journal: Journal, generator: random.Random | None = None) -> None:
        #: The generator (the game state's ``random``, so its state is part of the state's data).
        self._rng = generator if generator is not None else random.Random()
        self._rng.seed(seed)
        self._journal = journal

    @classmethod
    def resuming(cls, generator: random.Random, journal: Journal) -> "GameRandom":
        """An RNG drawing from ``generator`` where it is (not seeded again), journaled in ``journal``."""
        rng = cls.__new__(cls)
        rng._rng, rng._journal = generator, journal
        return rng

    def _save(self) -> None:
        # Every draw from the RNG is journaled, so a rollback restores its state exactly.
        self._journal.call(self._rng.setstate, self._rng.getstate())

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in [a, b]."""
        self._save()
        return self._rng.randint(a, b)

    def shuffle(self, items: list[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        self._save()
        out = list(items)
        self._rng.shuffle(out)
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        self._save()
        return self._rng.choice(items)
