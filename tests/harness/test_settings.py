"""``--set key=value`` pairs, shared by ``rulestack play`` and ``rulestack simulate``."""
import pytest

from rulestack.cli import main
from rulestack.errors import ConfigurationError
from rulestack.harness.systems import parse_settings


def test_pairs_become_settings_with_spaces_trimmed():
    assert parse_settings(["starting_life = 30", "variant=duel"]) == {"starting_life": "30", "variant": "duel"}
    assert parse_settings(None) == {}


@pytest.mark.parametrize("bad", ["starting_life", "=30"])
def test_a_pair_without_key_or_equals_sign_is_refused_by_name(bad):
    with pytest.raises(ConfigurationError, match=f"--set expects key=value, got '{bad}'"):
        parse_settings([bad])


def test_the_play_command_reports_a_bad_pair_and_exits_2(capsys):
    assert main(["play", "mtg", "--set", "nonsense", "--quiet"]) == 2
    assert "--set expects key=value, got 'nonsense'" in capsys.readouterr().err
