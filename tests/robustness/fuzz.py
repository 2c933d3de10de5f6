"""Hypothesis settings of the robustness suite: modest example counts so the suite stays fast;
``RULESTACK_FUZZ_SCALE=50 pytest tests/robustness`` fuzzes fifty times longer."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SCALE = max(1, int(os.environ.get("RULESTACK_FUZZ_SCALE", "1")))


def fuzz(examples: int) -> settings:
    """Settings for a property test run ``examples`` times (times the scale), without deadlines."""
    return settings(max_examples=examples * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
