"""The pytest plugin rulestack registers (entry point ``pytest11``, so it is active wherever
rulestack is installed).

It collects scenario files — ``*.scenario.yaml`` and ``scenario_*.yaml`` (or ``.yml``) — so that
a modder's folder holding only card data, Lua scripts and scenario files is tested by a bare
``pytest``. Each scenario of a file is one test, named after it; a failure shows what was
expected, what happened and the tail of the event log, without a Python traceback. A malformed
file becomes one failing test whose message names the file, the line and the field.

It also provides the fixtures of :mod:`rulestack.testing` (``scenario``, ``scenario_file``,
``random_game``) to Python tests, and ``conformance``, the conformance kit for game systems
(:mod:`rulestack.testing.conformance`).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pytest

from .conformance import conformance  # noqa: F401  (fixture)
from .fixtures import random_game, rulestack_cards, scenario, scenario_file  # noqa: F401  (fixtures)

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr

_PATTERNS = ("*.scenario.yaml", "*.scenario.yml", "scenario_*.yaml", "scenario_*.yml")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulestack", "rulestack scenario files")
    group.addoption("--scenario-tail", type=int, default=None, metavar="N",
                    help="how many events a failing scenario shows (default 20)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "scenario: a test collected from a rulestack scenario file")
    tail = config.getoption("--scenario-tail", default=None)
    if tail:
        from ..harness import scenario_run
        scenario_run.TAIL = tail


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if any(file_path.match(p) for p in _PATTERNS):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: one test per scenario."""

    def collect(self) -> Iterator[pytest.Item]:
        from ..errors import DataError
        from ..harness.scenario_format import load_scenario_file
        try:
            specs = load_scenario_file(_shown(self.path, self.config))
        except DataError as e:
            yield BrokenScenarioFile.from_parent(self, name=self.path.name, error=e)
            return
        for spec in specs:
            yield ScenarioItem.from_parent(self, name=spec.name, spec=spec)


def _shown(path: Path, config: pytest.Config) -> Path:
    """The path as reports show it: relative to where pytest was started, when inside it."""
    try:
        return path.relative_to(config.invocation_params.dir)
    except ValueError:
        return path


class ScenarioItem(pytest.Item):
    """One scenario of a scenario file."""

    def __init__(self, *, spec: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.spec = spec
        self.add_marker(pytest.mark.scenario)

    def runtest(self) -> None:
        from ..harness.scenario_run import check_scenario
        check_scenario(self.spec)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str | TerminalRepr:
        from ..errors import DataError
        from ..harness.scenario_run import ScenarioFailed
        if isinstance(excinfo.value, (ScenarioFailed, DataError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        line = self.spec.line - 1 if self.spec.line else None
        return self.path, line, f"scenario: {self.spec.name}"


class BrokenScenarioFile(pytest.Item):
    """A scenario file that does not validate: fails with the file, line and field."""

    def __init__(self, *, error: Exception, **kw: Any) -> None:
        super().__init__(**kw)
        self.error = error

    def runtest(self) -> None:
        raise self.error

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return f"malformed scenario file: {excinfo.value}"

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"scenario file: {self.path.name}"
