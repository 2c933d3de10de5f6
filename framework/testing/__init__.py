"""Test helpers for card authors: fixtures and the pytest plugin."""
