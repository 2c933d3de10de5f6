"""The pytest fixtures rulestack provides to every test (through its pytest plugin).

``scenario``
    A factory of :class:`rulestack.scenario.Scenario` objects, closed after the test::

        def test_spark(scenario):
            sc = scenario("tiny", cards=["cards.yaml"])
            spark = sc.add("Spark", "hand", 0)
            ...

``scenario_file``
    Runs a scenario file (a path relative to the test's own file) and fails the test with the
    scenario's report if any scenario of it fails; returns the outcomes.

``random_game``
    Plays one full game with seeded random agents and returns the finished
    :class:`rulestack.Game` (closed after the test).

``rulestack_cards``
    Card data files or folders that ``scenario`` and ``random_game`` add to every system: none by
    default; override the fixture in a ``conftest.py`` to test a folder of your own cards.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import pytest


@pytest.fixture
def rulestack_cards() -> tuple[str, ...]:
    """Extra card data files or folders added to the systems used by the fixtures (none)."""
    return ()


@pytest.fixture
def scenario(rulestack_cards: tuple[str, ...]) -> Iterator[Callable[..., Any]]:
    """A factory: ``scenario(system, *, cards=(), seed=0, settings=None)`` returns a fresh
    :class:`~rulestack.scenario.Scenario` of ``system`` with the card data ``cards`` added."""
    from ..harness.scenario_run import _close
    from ..harness.systems import load_system_spec, with_cards
    from ..scenario import Scenario

    made: list[Scenario] = []

    def make(system: str, *, cards: Sequence[str | Path] = (), seed: int = 0,
             settings: dict[str, Any] | None = None, **kw: Any) -> Scenario:
        cls = with_cards(load_system_spec(system) if isinstance(system, str) else system,
                         [*rulestack_cards, *cards])
        sc = Scenario(cls, seed=seed, settings=settings, **kw)
        made.append(sc)
        return sc

    yield make
    for sc in made:
        _close(sc)


@pytest.fixture
def scenario_file(request: pytest.FixtureRequest) -> Callable[[str | Path], list[Any]]:
    """``scenario_file(path)`` runs every scenario of a file (relative paths are read from the
    test file's folder) and fails with the report of any that fails."""
    from ..harness.scenario_run import check_scenario_file

    base = Path(str(request.path)).parent

    def run(path: str | Path) -> list[Any]:
        p = Path(path)
        return check_scenario_file(p if p.is_absolute() else base / p)

    return run


@pytest.fixture
def random_game(rulestack_cards: tuple[str, ...]) -> Iterator[Callable[..., Any]]:
    """A factory: ``random_game(system, decks=None, *, seed=0, cards=(), settings=None)`` plays a
    full game with random agents and returns the finished :class:`~rulestack.Game`
    (``game.state.result`` holds the result). A failing game raises
    :class:`~rulestack.errors.GameAborted`, naming the script, file and line."""
    from ..game import Game
    from ..harness.systems import load_system_spec, with_cards

    games: list[Game] = []

    def play(system: str, decks: Sequence[str] | None = None, *, seed: int = 0, cards: Sequence[str | Path] = (),
             settings: dict[str, Any] | None = None) -> Game:
        cls = with_cards(load_system_spec(system) if isinstance(system, str) else system,
                         [*rulestack_cards, *cards])
        game = Game(cls, list(decks or cls.sample_decks), seed=seed, settings=settings)
        games.append(game)
        game.play()
        return game

    yield play
    for g in games:
        g.close()
