"""Card scripts keep nothing between calls, in games of the test-only Hostile Tiny system
(issue 11 item 1, issue 16): one player's copy of a card cannot see what the other player's copy
did, and a refused write into a load-time table names the card and leaves the table as loaded.
The sandbox-level cases are in tests/host/test_script_state.py."""
from __future__ import annotations

import pytest

from rulestack import ScriptError
from rulestack.scenario import Scenario

READ_ONLY = "cannot change a table the script built at load time"


# -- in a game: each copy of a card, one per player ----------------------------------------------

def run_copy(game, card):
    ability = card.definition.abilities[0]
    return game.run_script(card, ability.get("resolve"), game.context(card=card, ability=ability, player=card.owner))


def test_two_copies_of_a_card_one_per_player_cannot_see_each_others_writes():
    sc = Scenario("hostile", seed=7)
    mine = sc.card(sc.add("state_local_counter", "hand", 0))
    theirs = sc.card(sc.add("state_local_counter", "hand", 1))
    game = sc.game
    run_copy(game, mine)
    run_copy(game, theirs)
    run_copy(game, mine)
    marks = [e.get("what") for e in game.events if e.kind == "marked"]
    assert marks == ["1 1", "1 1", "1 1"]   # without the reset: "2 2 saw <mine>", "3 3 saw <theirs>"
    game.close()


def test_a_refused_write_in_a_game_names_the_card_and_leaves_the_table_as_loaded():
    sc = Scenario("hostile", seed=7)
    mine = sc.card(sc.add("state_load_time_table", "hand", 0))
    theirs = sc.card(sc.add("state_load_time_table", "hand", 1))
    game = sc.game
    with pytest.raises(ScriptError) as err:
        run_copy(game, mine)
    assert err.value.card == "state_load_time_table" and err.value.line == 7 and READ_ONLY in str(err.value)
    ability = theirs.definition.abilities[2]
    game.run_script(theirs, ability.get("resolve"), game.context(card=theirs, ability=ability, player=1))
    assert [e.get("what") for e in game.events if e.kind == "marked"] == ["0 0 false false"]
    game.close()


# -- hidden order ----------------------------------------------------------------------------------

def marks(game):
    return [e.get("what") for e in game.events if e.kind == "marked"]


def test_a_deck_comes_in_id_order_not_in_the_decks_order_even_its_controllers_own():
    sc = Scenario("hostile", seed=7)
    theirs = sc.add_many(["Grunt", "Brute", "Spark", "Grunt"], "deck", 1, position="bottom")
    mine = sc.add_many(["Spark", "Brute", "Grunt"], "deck", 0, position="bottom")
    peek = sc.card(sc.add("peek_deck_order", "hand", 0))
    game = sc.game
    deck_order = [c.id for c in game.find({"zone": "deck", "player": 1}, None)]
    assert deck_order != sorted(deck_order)           # the setting: the deck is not in id order
    game.run_script(peek, peek.definition.abilities[0].get("resolve"),
                    game.context(card=peek, ability=peek.definition.abilities[0], player=0))
    assert marks(game) == [",".join(map(str, sorted(theirs)))]
    game.shuffle("deck", 1)
    game.run_script(peek, peek.definition.abilities[0].get("resolve"),
                    game.context(card=peek, ability=peek.definition.abilities[0], player=0))
    assert marks(game)[-1] == ",".join(map(str, sorted(theirs)))   # the same after a shuffle
    # Its own deck too comes in id order (an effect that uses its top cards asks the host:
    # ctx:top_cards, ctx:look_at_top).
    own_order = [c.id for c in game.find({"zone": "deck", "player": 0}, None)]
    assert own_order != sorted(own_order)
    game.run_script(peek, peek.definition.abilities[1].get("resolve"),
                    game.context(card=peek, ability=peek.definition.abilities[1], player=0))
    assert marks(game)[-1] == ",".join(map(str, sorted(mine)))
    game.close()
