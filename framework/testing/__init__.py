"""Test helpers for card authors: scenario files, fixtures and the pytest plugin.

Installed with rulestack, the pytest plugin (:mod:`rulestack.testing.plugin`) collects every
``*.scenario.yaml`` / ``scenario_*.yaml`` file, so a bare ``pytest`` tests a folder of cards.
Python tests get the fixtures ``scenario``, ``scenario_file`` and ``random_game`` (see
:mod:`rulestack.testing.fixtures`), or use the functions below directly::

    from rulestack.testing import check_scenario_file
    check_scenario_file("spark.scenario.yaml")      # raises ScenarioFailed with the report
"""
from __future__ import annotations

from ..harness.scenario_format import ScenarioSpec, load_scenario_file, parse_scenario_text
from ..harness.scenario_run import (ScenarioFailed, ScenarioOutcome, check_scenario, check_scenario_file,
                                    run_scenario, run_scenario_file)
from ..harness.systems import with_cards
from ..scenario import Scenario, ScenarioFailure

__all__ = [
    "Scenario", "ScenarioFailed", "ScenarioFailure", "ScenarioOutcome", "ScenarioSpec", "check_scenario",
    "check_scenario_file", "load_scenario_file", "parse_scenario_text", "run_scenario", "run_scenario_file",
    "with_cards",
]
