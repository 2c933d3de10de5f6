"""Tests of the MTG system: conformance cases (RULES.md C5), rules, and random playouts."""
