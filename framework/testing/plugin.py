"""The pytest plugin rulestack registers (entry point ``pytest11``). Filled in by the harness."""
