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
