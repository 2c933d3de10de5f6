"""Tiny: a test-only game system that exercises every host hook (not shipped)."""
