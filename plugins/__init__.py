"""The game systems bundled with rulestack, one package per system."""
