"""Test-only systems of the robustness suite, registered in this process and installed (as entry
points) for the fresh ``rulestack`` processes some tests start."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulestack import register_system

from .crashers import CrashyTiny
from .hostile import HostileTiny
from .ledger import LedgerTiny

TESTS = Path(__file__).resolve().parents[1]

for _system in (HostileTiny, CrashyTiny, LedgerTiny):
    register_system(_system)


@pytest.fixture(scope="session")
def robustness_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment for a subprocess in which ``tiny``, ``hostile`` and ``crashy`` are installed
    systems (a distribution's metadata declaring the entry points)."""
    site = tmp_path_factory.mktemp("site")
    dist = site / "rulestack_robustness_for_tests-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: rulestack-robustness-for-tests\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[rulestack.systems]\n"
        "tiny = tinygame.system:TinyGame\n"
        "hostile = robustness.hostile:HostileTiny\n"
        "crashy = robustness.crashers:CrashyTiny\n")
    env = dict(os.environ)
    extra = [env["PYTHONPATH"]] if env.get("PYTHONPATH") else []
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(TESTS), *extra])
    env.pop("PYTEST_ADDOPTS", None)
    return env


@pytest.fixture
def rulestack_cli(robustness_env, tmp_path):
    """Run ``rulestack ARGS`` in a fresh process (in a scratch folder); returns the completed process."""
    def run(*args: str, timeout: float = 120, cwd: Path | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "rulestack.cli", *args], capture_output=True, text=True,
                              env=robustness_env, cwd=cwd or tmp_path, timeout=timeout)
    return run
