"""The state is data: copied, serialised and compared for equality, mid-game, on every bundled
system; a copy's change does not touch the original."""
from __future__ import annotations

import json
import random

import pytest

from rulestack import Game
from rulestack.state import GameState, from_plain, to_plain
from rulestack.step import StepGame
from rulestack.system import find_system


def _positions(system, seed, every=20, limit=400):
    """The states of a seeded random game every ``every`` decisions."""
    pick = random.Random(seed)
    step = StepGame(Game(system, list(find_system(system).sample_decks), seed=seed))
    try:
        n = 0
        while not step.done and n < limit:
            if n % every == 0:
                yield step.game
            step.apply(pick.choice(step.legal_answers(limit=50)))
            n += 1
        yield step.game
    finally:
        step.close()


@pytest.mark.parametrize("system", ["tiny", "yugioh", "mtg", "onepiece"])
def test_copies_and_serialised_round_trips_equal_the_state_mid_game(system):
    seen = 0
    for game in _positions(system, seed=3):
        state = game.state
        data = state.to_data()
        text = json.dumps(data, sort_keys=True)
        back = GameState.from_data(json.loads(text), game.pool.definition)
        assert back == state and back.to_data() == data
        assert json.dumps(back.to_data(), sort_keys=True) == text
        copy = state.copy()
        assert copy == state and copy is not state and copy.journal is not state.journal
        seen += 1
    assert seen > 3


def test_the_state_holds_the_rng_decisions_memory_and_log():
    game = next(p for i, p in enumerate(_positions("tiny", seed=5, every=15)) if i == 2)
    data = game.state.to_data()
    assert data["decisions"] == to_plain(game.decisions) and game.decisions
    assert from_plain(data["random"]) == game.rng._rng.getstate()
    assert len(data["log"]) == len(game.events)
    copy = game.state.copy()
    assert copy.random.random() == game.state.random.random()   # the same generator state, apart


def test_a_change_to_a_copy_does_not_touch_the_original():
    game = next(p for i, p in enumerate(_positions("yugioh", seed=2, every=30)) if i == 2)
    state = game.state
    before = state.to_data()
    copy = state.copy()
    cid = next(iter(copy.cards))
    copy.cards[cid].memory["kept"] = [1]
    copy.cards[cid].status["tapped"] = True
    copy.zones[next(iter(copy.zones))].cards.append(cid)
    copy.players[0].life = 1
    copy.values["x"] = (1, 2)
    copy.turn += 10
    copy.random.random()
    copy.decisions.append(7)
    assert state.to_data() == before
    assert copy != state
    mark = copy.journal.mark()
    copy.players[1].life = 2          # the copy's own journal records its changes
    copy.journal.rollback(mark)
    assert copy.players[1].life == state.players[1].life


def test_equality_sees_every_part_of_the_state():
    game = next(iter(_positions("tiny", seed=1)))
    state = game.state
    for change in (lambda s: setattr(s, "phase", "elsewhere"),
                   lambda s: s.cards[next(iter(s.cards))].memory.__setitem__("k", 1),
                   lambda s: s.random.random(),
                   lambda s: s.decisions.append(0),
                   lambda s: s.zones[next(iter(s.zones))].cards.reverse()):
        copy = state.copy()
        assert copy == state
        change(copy)
        assert copy != state


def test_a_value_that_is_not_plain_data_is_refused_with_its_type():
    with pytest.raises(TypeError, match="holds a builtins.set"):
        to_plain({"odd": {1, 2}})


def test_plain_data_round_trips_tuples_int_keys_and_tag_like_keys():
    value = {"a": (1, [2, (3,)]), 4: {"(tuple)": 5}, (1, 2): None}
    assert from_plain(json.loads(json.dumps(to_plain(value)))) == value
