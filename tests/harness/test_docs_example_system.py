"""The example system of the guides installs as a publisher's package does, and plays.

A fresh virtual environment sees rulestack (and its dependencies) from the environment running
these tests, but not the example: ``pip install`` of ``docs/examples/tinygame`` (a copy, so the
checkout gets no build files) must make ``tiny`` appear through its entry point, with its cards
found as package data in the new environment. Then the modder's example folder passes a bare
``pytest``, as docs/modding.md says. Nothing but the build backend (setuptools, from pip's cache
or PyPI) is fetched: ``--no-deps``.
"""
from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "tinygame"
MOD = ROOT / "docs" / "examples" / "tiny-mod"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A new venv with the example system pip-installed into it; returns its python and env."""
    where = tmp_path_factory.mktemp("example-venv")
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=300)
    python = venv / "bin" / "python"
    # rulestack and its dependencies: the running environment's (processing its .pth files, so an
    # editable rulestack is found too).
    new_site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                   check=True, capture_output=True, text=True).stdout.strip())
    ours = [sysconfig.get_paths()["purelib"], *site.getsitepackages()]
    (new_site / "_outer_env.pth").write_text("".join(f"import site; site.addsitedir({p!r})\n" for p in dict.fromkeys(ours)))
    copy = where / "tinygame"
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_ADDOPTS")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(copy)],
                          capture_output=True, text=True, env=env, cwd=where, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return python, env


def run(fresh_venv: tuple[Path, dict[str, str]], cwd: Path, *args: str) -> subprocess.CompletedProcess:
    python, env = fresh_venv
    return subprocess.run([str(python), *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=600)


def test_the_installed_example_is_a_system_and_plays(fresh_venv, tmp_path):
    listed = run(fresh_venv, tmp_path, "-m", "rulestack.cli", "systems")
    assert listed.returncode == 0, listed.stderr
    assert "tiny" in listed.stdout and "(rulestack_tiny:TinyGame)" in listed.stdout
    played = run(fresh_venv, tmp_path, "-m", "rulestack.cli", "play", "tiny", "--seed", "1", "--quiet")
    assert played.returncode == 0, played.stderr
    assert "won" in played.stdout or "draw" in played.stdout
    where = run(fresh_venv, tmp_path, "-c", "from rulestack_tiny import TinyGame; print(TinyGame.card_files()[0])")
    installed = Path(where.stdout.strip())
    assert installed.name == "cards.yaml" and EXAMPLE not in installed.parents   # package data, not the checkout


def test_the_modders_example_folder_passes_a_bare_pytest(fresh_venv, tmp_path):
    folder = tmp_path / "my-cards"
    shutil.copytree(MOD, folder)
    done = run(fresh_venv, folder, "-m", "pytest", "-q", "-p", "no:cacheprovider")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "passed" in done.stdout and "failed" not in done.stdout


def test_the_example_system_keeps_the_hosts_contracts(fresh_venv, tmp_path):
    done = run(fresh_venv, tmp_path, "-c", "from rulestack.testing.conformance import check_system; "
                                           "print(check_system('tiny', games=1, seed=2).describe())")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "conformance of 'tiny': 1 game(s)" in done.stdout and "every contract kept" in done.stdout
