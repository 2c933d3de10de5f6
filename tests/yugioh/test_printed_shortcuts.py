"""The plugin's shortcuts that read a card's data instead of its derived values (while no modifier in
the game could give or take a keyword, or negate) give the host's answers in every state of random
games with the sample decks, and in a position where Fiendish Chain grants "Cannot Attack" and
negates a monster's effects."""
from __future__ import annotations

from typing import Any

import pytest

from rulestack import FunctionAgent, Game, RandomAgent
from rulestack_systems.yugioh import rules

from .conftest import duel

KEYWORDS = ("Cannot Attack",)


def check_shortcuts(game: Any) -> int:
    """Compare the shortcut with the host's answer for every card in the game; return how many
    cards were checked."""
    for card in game.state.cards.values():
        for keyword in KEYWORDS + tuple(card.definition.keywords):
            assert rules.has_keyword(game, card, keyword) == game.has_keyword(card, keyword), (card.name, keyword)
        for ability in card.definition.abilities:
            assert rules.is_text_negated(game, card, ability) == game.is_text_negated(card, ability), card.name
    return len(game.state.cards)


def checking_agent(seed: int, checked: list[int]) -> FunctionAgent:
    """A random agent that checks the shortcut before every answer."""
    inner = RandomAgent(seed)
    return FunctionAgent(lambda decision, seat: checked.append(check_shortcuts(seat.game)) or
                         inner.decide(decision, seat))


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_printed_keywords_agree_with_the_derived_values(seed, decks):
    checked: list[int] = []
    agents = [checking_agent(seed * 2 + 1, checked), checking_agent(seed * 2 + 2, checked)]
    game = Game("yugioh", list(decks), seed=seed, agents=agents)
    game.play()
    assert sum(checked) > 1000


def test_a_granted_keyword_and_a_negation_are_read_from_the_derived_values():
    sc = duel(phase="battle")
    cannon = sc.add("Cannon Soldier", "monster", 0)
    sc.add("Fiendish Chain", "spell_trap", 1, face_up=False)
    sc.add("Mystical Space Typhoon", "hand", 0)
    sc.answer("pass", "activate Fiendish Chain", "pass")
    sc.run()
    card = sc.card(cannon)
    written, negates = rules.modifier_writes(sc.game)
    assert written is not None and "Cannot Attack" in written and negates
    assert rules.has_keyword(sc.game, card, "Cannot Attack") and sc.game.has_keyword(card, "Cannot Attack")
    assert rules.is_text_negated(sc.game, card, card.definition.abilities[0])
    check_shortcuts(sc.game)
