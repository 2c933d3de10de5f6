"""Helpers of the harness tests: run ``rulestack`` and ``pytest`` in a fresh process where the
test-only Tiny system is installed the way a real system is (an entry point), so that those
processes see what a modder's machine sees."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent


@pytest.fixture(scope="session")
def tiny_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment variables for a subprocess in which ``tiny`` is an installed system: a
    distribution's metadata declaring the entry point, and the ``tinygame`` package importable."""
    site = tmp_path_factory.mktemp("site")
    dist = site / "rulestack_tiny_for_tests-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: rulestack-tiny-for-tests\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[rulestack.systems]\ntiny = tinygame.system:TinyGame\n")
    env = dict(os.environ)
    paths = [str(site), str(TESTS)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env.pop("PYTEST_ADDOPTS", None)
    env["COLUMNS"] = "120"
    return env


@pytest.fixture
def rulestack_cli(tiny_env):
    """Run ``rulestack ARGS`` in a fresh process; returns the completed process."""
    def run(*args: str, input: str | None = None, cwd: Path | None = None, timeout: float = 120):
        return subprocess.run([sys.executable, "-m", "rulestack.cli", *args], input=input, capture_output=True,
                              text=True, env=tiny_env, cwd=cwd, timeout=timeout)
    return run


@pytest.fixture
def bare_pytest(tiny_env):
    """Run a bare ``pytest`` in a folder, as a modder would; returns the completed process."""
    def run(folder: Path, *args: str):
        return subprocess.run([sys.executable, "-m", "pytest", *args], capture_output=True,
                              text=True, env=tiny_env, cwd=folder, timeout=180)
    return run
