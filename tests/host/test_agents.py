"""Forks of a game in progress and the search agents (issue 20 items 1-2)."""
from __future__ import annotations

import random

import pytest

from rulestack import Game
from rulestack.agents import RandomAgent
from rulestack.search import make_agent, parse_agent_spec, seat_agents
from rulestack.errors import RulestackError
from rulestack.harness.simulate import wilson_interval
from rulestack.search import GreedyAgent, MCTSAgent, default_evaluation, determinise, evaluate, fork, try_action
from rulestack.step import StepGame
from rulestack.system import find_system


def stepped(seed: int = 1, answers: int = 15) -> StepGame:
    step = StepGame(Game("tiny", ["alpha", "beta"], seed=seed))
    rng = random.Random(seed)
    for _ in range(answers):
        step.apply(rng.choice(step.legal_answers()))
    return step


def test_a_fork_stands_at_the_parents_decision_with_an_equal_state():
    parent = stepped()
    child = parent.game.fork()
    try:
        assert child.game.state == parent.game.state
        assert child.decision.describe() == parent.decision.describe()
        assert child.player == parent.player
    finally:
        child.close()
        parent.close()


def test_a_fork_played_with_the_same_answers_reaches_the_same_state():
    parent = stepped(seed=2)
    child = fork(parent.game)
    rng = random.Random(9)
    try:
        for _ in range(10):
            if parent.done:
                break
            answer = rng.choice(parent.legal_answers())
            parent.apply(answer)
            child.apply(answer)
            assert child.game.state == parent.game.state
        assert child.done == parent.done
    finally:
        child.close()
        parent.close()


def test_a_fork_shares_no_mutable_state_with_its_parent():
    parent = stepped(seed=3)
    before = parent.game.state.to_data()
    child = fork(parent.game)
    try:
        assert child.game.state is not parent.game.state
        assert child.game.rng is not parent.game.rng and child.game.journal is not parent.game.journal
        assert child.game.sandbox is not parent.game.sandbox
        # mutate the fork: the parent is unchanged
        child.game.state.players[0].life = -99
        child.game.state.zones[("hand", 0)].cards.clear()
        child.game.state.random.seed(12345)
        child.apply(child.legal_answers()[-1])
        assert parent.game.state.to_data() == before
        # and play the parent on: the fork is unchanged
        fork_data = child.game.state.to_data()
        parent.apply(parent.legal_answers()[0])
        assert child.game.state.to_data() == fork_data
    finally:
        child.close()
        parent.close()


def test_a_position_built_without_decks_cannot_be_forked():
    game = Game.empty("tiny")
    with pytest.raises(RulestackError, match="built from decks"):
        fork(game)
    game.close()


def test_determinisation_keeps_what_the_player_knows_and_deals_the_rest_again():
    parent = stepped(seed=4)
    child = fork(parent.game)
    try:
        me = child.player
        mine = list(child.game.state.zones[("hand", me)].cards)
        sizes = {k: len(z.cards) for k, z in child.game.state.zones.items()}
        determinise(child.game, me, random.Random(1))
        assert child.game.state.zones[("hand", me)].cards == mine
        assert {k: len(z.cards) for k, z in child.game.state.zones.items()} == sizes
        for key, zone in child.game.state.zones.items():
            for cid in zone.cards:
                assert (child.game.state.cards[cid].zone, child.game.state.cards[cid].zone_player) == key
        assert child.game.state != parent.game.state   # the unknown cards were dealt again
    finally:
        child.close()
        parent.close()


def test_trying_an_action_leaves_the_game_exactly_as_it_was():
    step = stepped(seed=5)
    while step.decision.kind != "action":
        step.apply(step.legal_answers()[0])
    game = step.game
    before = game.state.to_data()
    for option in step.decision.options:
        try_action(game, option.value, step.player)
        assert game.state.to_data() == before
    step.close()


def test_the_generic_evaluation_counts_life_hand_and_board():
    game = Game("tiny", ["alpha", "beta"], seed=1)
    game.state.players[0].life, game.state.players[1].life = 10, 7
    assert default_evaluation(game, 0) == -default_evaluation(game, 1)
    assert default_evaluation(game, 0) > 0
    assert evaluate(game, 0) == default_evaluation(game, 0)   # Tiny has no evaluate_position of its own
    game.close()


def test_agent_specs_are_parsed_and_bad_ones_refused():
    assert parse_agent_spec("mcts:playouts=50,depth=10") == ("mcts", {"playouts": "50", "depth": "10"})
    assert isinstance(make_agent("greedy", 1), GreedyAgent)
    mcts = make_agent("mcts:playouts=7", 1)
    assert isinstance(mcts, MCTSAgent) and mcts.playouts == 7
    with pytest.raises(RulestackError, match="unknown agent 'clever'"):
        make_agent("clever", 1)
    with pytest.raises(RulestackError, match="KEY=VALUE"):
        make_agent("mcts:fast", 1)
    with pytest.raises(RulestackError, match="mcts:nonsense=1"):
        make_agent("mcts:nonsense=1", 1)
    assert seat_agents([], 3, 2) is None
    agents = seat_agents(["greedy"], 3, 2)
    assert isinstance(agents[0], GreedyAgent) and isinstance(agents[1], RandomAgent)


def test_random_agents_by_name_play_the_same_game_as_the_default():
    a = Game("tiny", ["alpha", "beta"], seed=6)
    b = Game("tiny", ["alpha", "beta"], seed=6, agents=seat_agents(["random", "random"], 6, 2))
    assert a.play() == b.play() and a.state == b.state


def test_search_agents_are_deterministic():
    def play() -> Game:
        game = Game("tiny", ["alpha", "beta"], seed=7, agents=[GreedyAgent(1), RandomAgent(2)])
        game.play()
        return game
    assert play().state == play().state
    step = stepped(seed=7)
    from rulestack._asking import Seat
    seat = Seat(step.game, step.player)
    picks = {repr(MCTSAgent(3, playouts=4, depth=4, options=3).decide(step.decision, seat)) for _ in range(2)}
    assert len(picks) == 1
    step.close()


#: Where the greedy agent (one look per answer, everyone passing after it, scored by the system's
#: evaluation) beats the random agent, measured on branch search over these 12 seeded games.
GREEDY_BEATS_RANDOM = ("onepiece", "yugioh", "digimon")


@pytest.mark.parametrize("system", GREEDY_BEATS_RANDOM)
def test_the_greedy_agent_beats_the_random_agent(system):
    """Twelve seeded games, seats alternating: at least 10 wins (the 95% interval's low end above
    one half)."""
    decks = list(find_system(system).sample_decks)
    games, wins = 12, 0
    for seed in range(games):
        seat = seed % 2   # the greedy agent sits first and second in turn
        agents = [RandomAgent(seed + 100), RandomAgent(seed + 200)]
        agents[seat] = GreedyAgent(seed, samples=1)
        result = Game(system, decks, seed=seed, agents=agents).play()
        wins += seat in result.winners
    low, high = wilson_interval(wins, games)
    assert low > 0.5, f"greedy won {wins} of {games}: 95% interval [{low:.2f}, {high:.2f}] includes 50%"


@pytest.mark.parametrize("system", ["onepiece", "yugioh"])
def test_a_system_scores_positions_with_its_own_evaluation(system):
    cls = find_system(system)
    game = Game(system, list(cls.sample_decks), seed=1)
    game.start()
    assert game.pm.hook.evaluate_position(game=game, player=0) is not None
    assert evaluate(game, 0) == pytest.approx(-evaluate(game, 1))
    hand = game.cards_in("hand", 1)
    before = evaluate(game, 0)
    game.move(hand[0], "graveyard" if system == "yugioh" else "trash", 1)
    assert evaluate(game, 0) > before   # the opponent lost a card from hand
    game.close()
