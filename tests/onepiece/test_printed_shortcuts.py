"""The plugin's shortcuts that read a card's data instead of its derived values (while no modifier in
the game could change the attribute on that card) give the host's answer in every state of random
games with all the sample decks: values (one card at a time and through a reader made once per state),
keywords and negation; the plugin's activation lists; and the cost kinds' answers to the host's
``payable`` question, which must be those of paying."""
from __future__ import annotations

from typing import Any

import pytest

from random_games import checks_in_game
from rulestack import CostKind
from rulestack_systems.onepiece import activations, areas, costs

ATTRIBUTES = ("power", "cost", "counter", "life", "unblockable", "ko_immune", "cannot_attack", "cannot_activate",
              "blockers_below")
KEYWORDS = ("Rush", "Blocker", "Double Attack", "Banish")


def check_shortcuts(game: Any) -> int:
    """Compare each shortcut with the host's answer for every card in the game; return how many
    cards were checked."""
    readers = {attr: areas.reader(game, attr) for attr in ATTRIBUTES}
    for card in game.state.cards.values():
        for attr in ATTRIBUTES:
            assert areas.value(game, card, attr) == game.value(card, attr), (card.name, attr)
            assert readers[attr](card) == game.value(card, attr), (card.name, attr, "reader")
        assert areas.power(game, card) == game.value(card, "power"), (card.name, "power with DON!!")
        for keyword in KEYWORDS + tuple(card.definition.keywords):
            assert areas.has_keyword(game, card, keyword) == game.has_keyword(card, keyword), (card.name, keyword)
        for ability in card.definition.abilities:
            assert areas.is_text_negated(game, card, ability) == game.is_text_negated(card, ability), card.name
        printed = areas.printed_attributes(game, card) or ()
        fields = card.definition.fields
        if "negated" in printed and "negated" not in fields and "negated_scopes" not in fields:
            assert not any(game.is_text_negated(card, ability) for ability in card.definition.abilities), card.name
        if "cannot_activate" in printed:
            assert fields.get("cannot_activate") == game.value(card, "cannot_activate"), card.name
    return len(game.state.cards)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("decks", [("red_straw_hat_crew", "blue_seven_warlords"),
                                   ("black_navy", "yellow_big_mom_pirates")])
def test_printed_shortcuts_agree_with_the_derived_values(seed, decks):
    assert checks_in_game("onepiece", decks, seed, check_shortcuts) > 1000


#: The activation lists the plugin works out itself (activations.activatable): window, zones, kind.
ACTIVATION_LISTS = (("main", (areas.HAND,), "main"), ("main", areas.FIELD, "activate_main"),
                    ("counter", (areas.HAND,), "counter"))


def check_activations(game: Any) -> int:
    """Compare the plugin's activation lists (the cost read from the state) with the host's
    (the cost paid in a dry run) for both players; return how many actions the host offered."""
    offered = 0
    for player in range(len(game.state.players)):
        lists = []
        for window, zones, kind in ACTIVATION_LISTS:
            host = game.activatable(player, window, zones=list(zones), kinds=[kind])
            assert activations.activatable(game, player, window, zones, kind) == host, (player, window, kind)
            offered += len(host)
            lists.append(host)
        assert activations.main_activations(game, player) == lists[0] + lists[1], (player, "main")
    return offered


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("decks", [("red_straw_hat_crew", "blue_seven_warlords"),
                                   ("black_navy", "yellow_big_mom_pirates")])
def test_activation_lists_agree_with_the_host(seed, decks):
    assert checks_in_game("onepiece", decks, seed, check_activations) > 20


class Counted(CostKind):
    """A cost kind of the plugin, with its ``payable`` answers kept (and, not being the plugin's own
    object, left by the plugin's activation lists to the host's cost check)."""

    def __init__(self, kind: Any) -> None:
        self.kind, self.label = kind, kind.label
        self.answers: list[bool | None] = []

    def candidates(self, *args: Any) -> Any:
        return self.kind.candidates(*args)

    def count(self, *args: Any) -> Any:
        return self.kind.count(*args)

    def pay(self, *args: Any) -> Any:
        return self.kind.pay(*args)

    def payable(self, *args: Any) -> bool | None:
        known = self.kind.payable(*args)
        self.answers.append(known)
        return known


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("decks", [("red_straw_hat_crew", "blue_seven_warlords"),
                                   ("black_navy", "yellow_big_mom_pirates"),
                                   ("black_navy", "red_straw_hat_crew")])
def test_cost_kinds_answer_payable_as_paying_would(monkeypatch, seed, decks):
    """Before every decision of random games, the host works out every activation list (and the
    games check costs as they go) with each ``payable`` answer checked by paying the component as
    well (``check_payable_by_paying``: the host raises on a disagreement)."""
    counted = {name: Counted(kind) for name, kind in costs.COST_KINDS.items() if kind.answers_payable()}
    for name, kind in counted.items():
        monkeypatch.setitem(costs.COST_KINDS, name, kind)

    def check(game: Any) -> int:
        game.flow.check_payable_by_paying = True
        return sum(len(game.activatable(player, window, zones=list(zones), kinds=[kind]))
                   for player in range(len(game.state.players)) for window, zones, kind in ACTIVATION_LISTS)
    checks_in_game("onepiece", decks, seed, check)
    answers = [a for kind in counted.values() for a in kind.answers]
    assert True in answers and False in answers
    assert counted["don"].answers
