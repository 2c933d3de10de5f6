"""The host's conformance kit on Digimon (skipped until ``rulestack.testing.conformance`` is in
the installed host)."""
from __future__ import annotations

import pytest

conformance = pytest.importorskip("rulestack.testing.conformance")


def test_digimon_keeps_the_hosts_contracts():
    report = conformance.check_system("digimon", games=2, probe_options=3)
    assert not report.problems and report.decisions > 50
