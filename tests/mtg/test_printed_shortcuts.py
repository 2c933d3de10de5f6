"""The plugin's shortcuts that read a card's printed facts instead of its derived values (while no
modifier in the game could change them) give the host's answer in every state of random games with
every card of the pool: keywords, types, the toughness floor the state-based actions rely on, and
the state-based actions' quiet reading (nothing applies) from printed facts."""
from __future__ import annotations

from typing import Any

import pytest

from rulestack import FunctionAgent, Game, RandomAgent
from rulestack_systems.mtg import rules, sagas, sba, tokens

from .test_playout import everything_deck

#: Keywords the pool prints or its scripts grant (a grant of one the pool never prints is checked too).
EVERGREEN = ("Flying", "First strike", "Double strike", "Trample", "Haste", "Vigilance", "Deathtouch",
             "Lifelink", "Reach", "Defender", "Menace", "Hexproof", "Indestructible", "Flash")


def check_shortcuts(game: Any) -> int:
    """Compare each shortcut with the host's answer for every card in the game; return how many
    cards were checked."""
    keywords = set(EVERGREEN)
    for card in game.state.cards.values():
        keywords.update(card.definition.keywords)
    for card in game.state.cards.values():
        values = game.values(card)
        for keyword in sorted(keywords):
            assert rules.has_keyword(game, card, keyword) == game.has_keyword(card, keyword), (card.name, keyword)
        assert tuple(rules.types_of(game, card)) == tuple(values.get("types") or ()), card.name
        assert tuple(rules.subtypes_of(game, card)) == tuple(values.get("subtypes") or ()), card.name
        assert rules.is_creature(game, card) == ("Creature" in (values.get("types") or ())), card.name
        if rules.printed_toughness_is_floor(game) and card.zone == "battlefield" and rules.is_creature(game, card):
            printed = card.definition.fields.get("toughness")
            if isinstance(printed, int):
                net = card.counters.get("+1/+1", 0) - card.counters.get("-1/-1", 0)
                assert rules.toughness(game, card) >= printed + min(net, 0), card.name
    if sba.quiet(game):
        assert not state_based_action_applies(game)
    return len(game.state.cards)


def state_based_action_applies(game: Any) -> bool:
    """Whether a state-based action the plugin performs applies now, from the derived values (no
    choice asked, nothing changed)."""
    if any((p.life is not None and p.life <= 0) or p.values.get("drew_from_empty") for p in game.state.players):
        return True
    for card in rules.creatures(game):
        tough = rules.toughness(game, card)
        if tough <= 0 or card.status.get("damage", 0) >= tough or card.status.get("deathtouch_damage"):
            return True
    if game.system.settings["legend_rule"]:
        for p in range(len(game.players)):
            names = [c.name for c in game.cards_in("battlefield", p) if "Legendary" in rules.supertypes_of(game, c)]
            if len(names) != len(set(names)):
                return True
    return bool(sagas.to_sacrifice(game) or tokens.ceasing(game))


def checking_agent(seed: int, checked: list[int]) -> FunctionAgent:
    """A random agent that checks the shortcuts before every answer."""
    inner = RandomAgent(seed)
    return FunctionAgent(lambda decision, seat: checked.append(check_shortcuts(seat.game)) or
                         inner.decide(decision, seat))


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("everything", "everything"), ("izzet_spells", "selesnya_tokens")])
def test_printed_shortcuts_agree_with_the_derived_values(seed, decks):
    chosen = [everything_deck() if d == "everything" else d for d in decks]
    checked: list[int] = []
    agents = [checking_agent(seed * 2 + 1, checked), checking_agent(seed * 2 + 2, checked)]
    game = Game("mtg", chosen, seed=seed, agents=agents)
    game.play()
    assert sum(checked) > 1000
