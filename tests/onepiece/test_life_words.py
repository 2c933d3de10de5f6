"""The Life words of the One Piece Lua API (``life_card``, ``life_end_to_hand``, ``add_to_life``,
``trash_life``, ``look_at_top_life``), called as a script calls them, and the CLI with the new decks."""
from __future__ import annotations

import pytest

from rulestack.cli import main
from rulestack.context import ScriptUsageError

from rulestack_systems.onepiece import vocabulary as words

from .board import leader, position


def ctx_for(sc, player=0):
    return sc.game.context(card=sc.game.card(leader(sc, player)), player=player)


def test_life_card_names_the_top_and_bottom_and_nil_when_empty():
    sc = position(life=(0, 3))
    bottom = sc.add("Karoo", "life", 0)
    top = sc.add("Franky", "life", 0)
    ctx = ctx_for(sc)
    assert words.m_life_card(ctx, "you", "top") == top and words.m_life_card(ctx, "you", "bottom") == bottom
    assert words.m_life_card(ctx, "opponent") == sc.game.zone("life", 1).cards[-1]
    with pytest.raises(ScriptUsageError, match="'top' or 'bottom'"):
        words.m_life_card(ctx, "you", "middle")
    empty = position(life=(0, 3))
    assert words.m_life_card(ctx_for(empty), "you") is None


def test_add_to_life_and_trash_life_keep_life_in_step():
    sc = position(life=(2, 3))
    karoo = sc.add("Karoo", "hand", 0)
    ctx = ctx_for(sc)
    words.m_add_to_life(ctx, karoo, {"position": "bottom", "face_up": True})
    assert sc.game.zone("life", 0).cards[0] == karoo and sc.card(karoo).face_up and sc.game.player(0).life == 3
    words.m_trash_life(ctx, karoo)
    assert sc.card(karoo).zone == "trash" and sc.game.player(0).life == 2
    with pytest.raises(ScriptUsageError, match="not in a Life area"):
        words.m_trash_life(ctx, karoo)
    with pytest.raises(ScriptUsageError, match="position is 'top' or 'bottom'"):
        words.m_add_to_life(ctx, karoo, {"position": "under"})


def test_look_at_top_life_rejects_an_unknown_whose():
    sc = position()
    with pytest.raises(ScriptUsageError, match="'either', 'you' or 'opponent'"):
        words.m_look_at_top_life(ctx_for(sc), "both")


def test_life_end_to_hand_does_nothing_without_life():
    sc = position(life=(0, 3))
    assert words.m_life_end_to_hand(ctx_for(sc)) is None and sc.zone("hand", 0) == []


def test_the_cli_plays_the_new_sample_decks(capsys):
    assert main(["play", "onepiece", "--deck", "blue_seven_warlords", "--deck", "yellow_big_mom_pirates",
                 "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "result:" in out and ("Blue Seven Warlords" in out or "Yellow Big Mom Pirates" in out)
