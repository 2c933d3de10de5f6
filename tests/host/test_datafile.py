"""YAML data files: line numbers, merge keys, duplicates."""

import pytest

from rulestack.datafile import parse_yaml
from rulestack.errors import DataError


def test_yaml_merge_keys_may_be_overridden_but_explicit_duplicates_are_errors():
    data = parse_yaml("base: &b {a: 1, b: 2}\nother:\n  <<: *b\n  b: 3\n", "x.yaml")
    assert data["other"] == {"a": 1, "b": 3}
    with pytest.raises(DataError, match="x.yaml:3: b: duplicate key"):
        parse_yaml("m:\n  b: 1\n  b: 2\n", "x.yaml")
