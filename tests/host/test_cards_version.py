"""``Game.cards_version``: a number naming the game's cards and their definitions. It moves when a
card is created (a token, a deck loaded), when a card gets another definition (``Game.become``, and
the move that ends a copy) and when a card leaves the game's cards (a rollback of its creation),
never to a number given before; a rollback gives back the number of the state it returns to."""
from __future__ import annotations

import pytest

from rulestack import Game
from rulestack.search import fork
from test_fork import at_window
from tinygame.system import TinyGame


def _game() -> tuple[Game, int]:
    game = Game.empty(TinyGame)
    grunt = game.create_card(game.pool.code("Grunt"), 0, "field", silent=True)
    return game, grunt.id


def test_a_created_card_moves_the_number_and_a_rollback_gives_the_old_one_back():
    game, _ = _game()
    seen = {game.cards_version}
    before, mark, version = game.cards_version, game.journal.mark(), game.journal.version
    game.create_card(game.pool.code("Brute"), 0, "field")
    first = game.cards_version
    assert first not in seen
    seen.add(first)
    game.journal.rollback(mark, version)
    assert game.cards_version == before and len(game.state.cards) == 1    # the card left the game's cards
    # another card created under the same id: another number (never one given before)
    game.create_card(game.pool.code("Grunt"), 0, "hand")
    assert game.cards_version not in seen


def test_become_and_the_move_that_ends_the_copy_move_the_number():
    game, gid = _game()
    grunt = game.card(gid)
    seen = [game.cards_version]
    game.become(grunt, "Brute")
    seen.append(game.cards_version)
    game.move(grunt, "discard")      # a new object: its own definition back
    seen.append(game.cards_version)
    assert grunt.name == "Grunt" and len(set(seen)) == 3


def test_nothing_else_moves_the_number():
    game, gid = _game()
    before = game.cards_version
    game.move(gid, "hand")
    game.set_status(gid, "tapped", True)
    game.add_counters(gid, "charge", 1)
    game.set_value(0, "x", 1)
    game.record("something")
    assert game.cards_version == before


def test_a_failed_transaction_restores_the_number():
    game, gid = _game()
    before = game.cards_version
    with pytest.raises(RuntimeError):
        with game.transaction():
            game.become(game.card(gid), "Brute")
            game.create_card(game.pool.code("Brute"), 0, "field")
            assert game.cards_version != before
            raise RuntimeError("fails")
    assert game.cards_version == before and game.card(gid).name == "Grunt"


def test_loading_decks_gives_a_new_number_and_every_game_has_its_own():
    empty = Game.empty(TinyGame)
    before = empty.cards_version
    one = Game("yugioh", ["classic_a", "classic_b"], seed=1)
    two = Game("yugioh", ["classic_a", "classic_b"], seed=1)
    try:
        assert len({before, one.cards_version, two.cards_version}) == 3 and one.state.cards
    finally:
        one.close()
        two.close()
        empty.close()


def test_a_fork_has_its_own_number():
    parent = at_window("yugioh", 1, 60)
    child = fork(parent.game)
    try:
        assert child.method == "copy"
        assert child.game.cards_version != parent.game.cards_version
    finally:
        child.close()
        parent.close()
