"""Test helpers for card authors: scenario files, fixtures and the pytest plugin.

Installed with rulestack, the pytest plugin (:mod:`rulestack.testing.plugin`) collects every
``*.scenario.yaml`` / ``scenario_*.yaml`` file, so a bare ``pytest`` tests a folder of cards.
Python tests get the fixtures ``scenario``, ``scenario_file`` and ``random_game`` (see
:mod:`rulestack.testing.fixtures`), or use the functions below directly::

    from rulestack.testing import check_scenario_file
    check_scenario_file("spark.scenario.yaml")      # raises ScenarioFailed with the report

The names below load on first use, so that the plugin costs a pytest run nothing until it meets
a scenario file or a fixture.
"""
from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "ScenarioSpec": "..harness.scenario_format", "load_scenario_file": "..harness.scenario_format",
    "parse_scenario_text": "..harness.scenario_format",
    "ScenarioFailed": "..harness.scenario_run", "ScenarioOutcome": "..harness.scenario_run",
    "check_scenario": "..harness.scenario_run", "check_scenario_file": "..harness.scenario_run",
    "run_scenario": "..harness.scenario_run", "run_scenario_file": "..harness.scenario_run",
    "with_cards": "..harness.systems",
    "Scenario": "..scenario", "ScenarioFailure": "..scenario",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
