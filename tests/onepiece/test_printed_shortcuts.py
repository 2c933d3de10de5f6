"""The plugin's shortcuts that read a card's data instead of its derived values (while no modifier in
the game could change the attribute on that card) give the host's answer in every state of random
games with all the sample decks: values, keywords and negation."""
from __future__ import annotations

from typing import Any

import pytest

from rulestack import Game, RandomAgent
from rulestack_systems.onepiece import areas

ATTRIBUTES = ("power", "cost", "counter", "life", "unblockable", "ko_immune", "cannot_attack", "cannot_activate",
              "blockers_below")
KEYWORDS = ("Rush", "Blocker", "Double Attack", "Banish")


class ShortcutCheckingAgent:
    """A random agent that, before every answer, compares each shortcut with the host's answer for
    every card in the game."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomAgent(seed)
        self.checked = 0

    def decide(self, decision: Any, seat: Any) -> Any:
        game = seat.game
        for card in game.state.cards.values():
            for attr in ATTRIBUTES:
                assert areas.value(game, card, attr) == game.value(card, attr), (card.name, attr)
            for keyword in KEYWORDS + tuple(card.definition.keywords):
                assert areas.has_keyword(game, card, keyword) == game.has_keyword(card, keyword), (card.name, keyword)
            for ability in card.definition.abilities:
                assert areas.is_text_negated(game, card, ability) == game.is_text_negated(card, ability), card.name
            self.checked += 1
        return self.inner.decide(decision, seat)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("decks", [("red_straw_hat_crew", "blue_seven_warlords"),
                                   ("black_navy", "yellow_big_mom_pirates")])
def test_printed_shortcuts_agree_with_the_derived_values(seed, decks):
    agents = [ShortcutCheckingAgent(seed * 2 + 1), ShortcutCheckingAgent(seed * 2 + 2)]
    game = Game("onepiece", list(decks), seed=seed, agents=agents)
    game.play()
    assert agents[0].checked + agents[1].checked > 1000
