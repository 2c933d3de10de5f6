"""The Monte Carlo search agent (issue 20 item 2) and the systems' evaluations (item 3): trials in
place leave the game as it was, the agent never reads hidden cards, its budgets, and how it fares
against the random agent."""
from __future__ import annotations

import random

import pytest

from rulestack import Game
from rulestack._asking import Seat
from rulestack.agents import RandomAgent
from rulestack.errors import RulestackError
from rulestack.harness.simulate import wilson_interval
from rulestack.search import MCTSAgent, Trial, continue_turns, evaluate, make_agent
from rulestack.step import StepGame
from rulestack.system import find_system


def at_main_window(system: str, seed: int, after: int) -> StepGame:
    """A stepped game played at random for ``after`` answers, then to the turn player's next
    action window with several options."""
    step = StepGame(Game(system, list(find_system(system).sample_decks), seed=seed))
    rng = random.Random(seed)
    for _ in range(after):
        step.apply(rng.choice(step.legal_answers()))
    while not (step.decision.kind == "action" and len(step.decision.options) > 2
               and step.decision.player == step.game.state.active_player):
        step.apply(rng.choice(step.legal_answers()))
    return step


def test_a_trial_that_plays_on_for_turns_leaves_the_game_exactly_as_it_was():
    step = at_main_window("yugioh", 2, 40)
    game = step.game
    before, answers, agents = game.state.to_data(), list(game.decisions), list(game.agents)
    rng = random.Random(1)

    class Chooser:
        n = 0

        def decide(self, decision, seat):
            Chooser.n += 1
            if Chooser.n > 60:
                raise KeyboardInterrupt   # a BaseException, as the search agent's own stop is
            return rng.choice(decision.answers(limit=64))

    try:
        with Trial(game, [Chooser(), Chooser()]):
            game.perform(step.decision.options[-1].value)
            continue_turns(game, turns=20)
    except KeyboardInterrupt:
        pass
    assert Chooser.n > 60   # it went on well past the window
    assert game.state.to_data() == before
    assert game.decisions == answers and game.agents == agents and not game.in_transaction
    # the stepped game goes on as if nothing happened
    step.apply(step.legal_answers()[0])
    step.close()


def test_the_search_agent_never_peeks_at_hidden_cards():
    """The opponent's hand and deck, and the agent's own deck, dealt differently (and the game's
    RNG reseeded): the agent, seeded the same, decides the same."""
    step = at_main_window("yugioh", 3, 30)
    game = step.game
    me = step.player
    them = game.opponent(me)
    picks = []
    for deal in range(3):
        if deal:
            rng = random.Random(deal)
            hidden = [(zone, owner) for zone, owner in (("hand", them), ("deck", them), ("deck", me))]
            for owner in (them, me):
                places = [(z, p, i) for z, p in hidden if p == owner for i in range(len(game.zone(z, p).cards))]
                ids = [game.zone(z, p).cards[i] for z, p, i in places]
                rng.shuffle(ids)
                for (z, p, i), cid in zip(places, ids):
                    game.zone(z, p).cards[i] = cid
                    game.state.cards[cid].zone, game.state.cards[cid].zone_player = z, p
            game.state.random.seed(deal)
        assert game.zone("hand", me).cards == step.game.zone("hand", me).cards
        picks.append(MCTSAgent(11, playouts=12, depth=2).decide(step.decision, Seat(game, me)))
    assert picks[0] == picks[1] == picks[2]
    step.close()


def test_the_search_agent_is_deterministic_with_a_playout_budget_and_takes_a_time_budget():
    step = at_main_window("onepiece", 4, 10)
    seat = Seat(step.game, step.player)
    before = step.game.state.to_data()
    a = MCTSAgent(5, playouts=10).decide(step.decision, seat)
    b = MCTSAgent(5, playouts=10).decide(step.decision, seat)
    assert a == b
    timed = make_agent("mcts:ms=30", 5)
    assert isinstance(timed, MCTSAgent) and timed.ms == 30
    step.decision.validate(timed.decide(step.decision, seat))   # a legal answer, whatever the machine's speed
    assert step.game.state.to_data() == before
    with pytest.raises(RulestackError, match="playouts, depth and options"):
        make_agent("mcts:playouts=0", 1)
    step.close()


@pytest.mark.parametrize("system,gone", [("mtg", "graveyard"), ("digimon", "trash"), ("pmv", "netherworld")])
def test_a_system_scores_positions_with_its_own_evaluation(system, gone):
    game = Game(system, list(find_system(system).sample_decks), seed=1)
    game.start()
    assert game.pm.hook.evaluate_position(game=game, player=0) is not None
    assert evaluate(game, 0) == pytest.approx(-evaluate(game, 1))
    before = evaluate(game, 0)
    game.move(game.cards_in("hand", 1)[0], gone, 1)
    assert evaluate(game, 0) > before   # the opponent lost a card from hand
    game.close()


def duel(system: str, games: int, decks: list[str] | None = None, **options: int) -> int:
    """Seeded games of the search agent against the random agent, seats alternating; its wins."""
    decks = decks or list(find_system(system).sample_decks)
    wins = 0
    for seed in range(games):
        seat = seed % 2
        agents: list = [RandomAgent(seed + 100), RandomAgent(seed + 200)]
        agents[seat] = MCTSAgent(seed, **options)
        wins += seat in Game(system, decks, seed=seed, agents=agents).play().winners
    return wins


@pytest.mark.parametrize("system", ["onepiece", "digimon", "pmv"])
def test_the_search_agent_beats_the_random_agent(system):
    """Ten seeded games, seats alternating, a small budget: at least 9 wins (the 95% interval's
    low end above one half; a coin does that about once in a hundred tries). Measured on branch
    search: One Piece 10/10, Digimon 9/10, PMV 9/10; not yet reached for MTG (6/10) and
    Yu-Gi-Oh! (5/10), whose decisive choices (attackers and blockers; long duels that end by
    decking out) the search does not look at yet."""
    games = 10
    wins = duel(system, games, playouts=8, depth=2)
    low, high = wilson_interval(wins, games)
    assert low > 0.5, f"MCTS won {wins} of {games}: 95% interval [{low:.2f}, {high:.2f}] includes 50%"
