"""Tiny for rulestack's own tests: the example system of ``docs/examples/tinygame`` (one copy of
its code and cards), importable from a checkout whether or not that example is pip-installed.
The checkout's copy comes first, so the tests always test the files next to them."""
import sys
from pathlib import Path

_EXAMPLE = str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "tinygame")
if _EXAMPLE not in sys.path:
    sys.path.insert(0, _EXAMPLE)
