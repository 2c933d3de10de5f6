"""``PlayerViews.seen_by`` names the players who may see a card's face: :meth:`can_see` asked of
each player (its answer for the usual players, each at its own index, worked out directly)."""
from __future__ import annotations

from typing import Any

from rulestack import FunctionAgent, Game, RandomAgent


def _by_can_see(game: Game, card: Any) -> set[int]:
    return {p.index for p in game.state.players if game.views.can_see(p.index, card)}


def test_seen_by_is_can_see_of_each_player():
    checked = [0]

    def agent(seed: int) -> FunctionAgent:
        rnd = RandomAgent(seed)

        def decide(decision: Any, seat: Any) -> Any:
            game = seat.game
            for card in game.state.cards.values():
                assert game.views.seen_by(card) == _by_can_see(game, card)
                checked[0] += 1
            return rnd.decide(decision, seat)
        return FunctionAgent(decide)

    for system, decks in (("tiny", ["alpha", "beta"]), ("yugioh", None)):
        if decks is None:
            from rulestack.system import find_system
            decks = list(find_system(system).sample_decks)[:2]
        Game(system, decks, seed=4, agents=[agent(1), agent(2)]).play()
    assert checked[0] > 1000


def test_a_player_not_at_its_index_is_found_by_its_index():
    game = Game("tiny", ["alpha", "beta"], seed=1)
    game.start()
    hand = [game.state.cards[c] for c in game.state.zones[("hand", 0)].cards]
    assert hand and all(game.views.seen_by(c) == {0} for c in hand if not c.face_up)
    first, second = game.state.players
    for indices, seen in (((1, 0), {0}), ((5, 6), set()), ((0, 0), {0})):   # (players not at their index)
        object.__setattr__(first, "index", indices[0])
        object.__setattr__(second, "index", indices[1])
        assert all(game.views.seen_by(c) == seen == _by_can_see(game, c) for c in hand if not c.face_up)
    game.close()
