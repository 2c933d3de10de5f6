"""Shared test setup: the test-only Tiny system is registered for the host's tests."""
from __future__ import annotations

import pytest

from rulestack import register_system

from tinygame.system import TinyGame

register_system(TinyGame)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test that takes tens of seconds (it builds a virtual environment)")


@pytest.fixture
def tiny():
    """The Tiny system class."""
    return TinyGame
