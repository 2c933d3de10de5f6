"""Packaging: every package folder is listed in pyproject.toml, and data files ship."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPPING = {"framework": "rulestack", "plugins": "rulestack_systems", "card_scripts": "rulestack_cards"}


def test_every_package_folder_is_listed():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(conf["tool"]["setuptools"]["packages"])
    found = set()
    for folder, name in MAPPING.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            found.add(".".join((name,) + rel.parts))
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"


def test_lua_and_yaml_are_package_data():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = conf["tool"]["setuptools"]["package-data"]["*"]
    assert "**/*.lua" in patterns and "**/*.yaml" in patterns


def test_the_wheel_carries_card_data_scripts_and_decks(tmp_path):
    import subprocess
    import sys
    import zipfile
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    wheel = next(tmp_path.glob("rulestack-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for system in ("mtg", "yugioh", "onepiece"):
        assert any(n.startswith(f"rulestack_cards/{system}/") and n.endswith(".lua") for n in names), system
        assert any(n.startswith(f"rulestack_cards/{system}/cards/") and n.endswith(".yaml") for n in names), system
        assert any(n.startswith(f"rulestack_cards/{system}/decks/") for n in names), system
        assert f"rulestack_systems/{system}/__init__.py" in names
    assert "rulestack/_sandbox_boot.lua" in names
    assert "rulestack/py.typed" in names   # PEP 561: a system's own mypy run reads the host's type hints
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[rulestack.systems]" in text and "[pytest11]" in text
