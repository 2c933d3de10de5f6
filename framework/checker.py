"""``rulestack check``: validate card data and scripts, reporting every problem as file:line."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .cards import CardEntry
from .errors import DataError, RulestackError
from .pool import CardPool
from .system import find_system


def _infer_system(path: Path) -> str | None:
    parts = path.resolve().parts
    if "card_scripts" in parts:
        i = parts.index("card_scripts")
        if i + 1 < len(parts):
            return parts[i + 1]
    return None


def _is_test_or_replay(path: Path) -> bool:
    """Scenario files and replays sit beside card data in a modder's folder; they are not cards."""
    name = path.name
    return name.endswith((".scenario.yaml", ".scenario.yml")) or name.startswith("scenario_") or ".replay." in name


def check_paths(paths: Iterable[Path], system: str | None) -> tuple[list[str], int]:
    """Check data files and scripts; returns the problems (``file:line: message``) and how many
    cards were checked."""
    problems: list[str] = []
    checked = 0
    groups: dict[str, tuple[list[Path], list[Path]]] = {}
    for path in paths:
        if not path.exists():
            problems.append(f"{path}: no such file or folder")
            continue
        name = system or _infer_system(path)
        if name is None:
            problems.append(f"{path}: cannot tell which game system it is for; give --system")
            continue
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        yamls, luas = groups.setdefault(name, ([], []))
        yamls += [f for f in files if f.suffix in (".yaml", ".yml") and "decks" not in f.parts
                  and not _is_test_or_replay(f)]
        luas += [f for f in files if f.suffix == ".lua"]
    for name, (yamls, luas) in groups.items():
        try:
            cls = find_system(name)
        except RulestackError as e:
            problems.append(str(e))
            continue
        pool = CardPool(cls, files=[])
        for y in yamls:
            try:
                pool.add_file(y)
            except DataError as e:
                problems.append(str(e))
        covered = {e.script_path.resolve() for e in pool.entries.values() if e.script_path}
        for p in pool.check():
            problems.append(str(p))
        checked += len(pool.entries)
        for lua in luas:
            if lua.resolve() in covered:
                continue
            entry = CardEntry(code=lua.stem, name=lua.stem, fields={}, keywords=(), script_path=lua,
                              file=str(lua), line=None)
            pool.entries[entry.code] = entry
            checked += 1
            for p in pool.check([entry.code]):
                problems.append(str(p))
    return problems, checked
