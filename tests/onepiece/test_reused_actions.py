"""The legal-action lists take their actions from reused (actions made once and offered again):
they must equal lists made afresh, in every state of random games and after a card becomes
another (its name, so its actions' labels, changes under the same id)."""
from __future__ import annotations

from typing import Any

import pytest

from random_games import checks_in_game
from rulestack_systems.onepiece import actions, reused

from .board import give_don, leader, position

WINDOWS = ("main", "block", "counter")


def check_fresh(game: Any) -> int:
    """Each player's list in each window with the kept actions (all of them first, so that one
    list meets what the others kept), then all made afresh; return how many actions were compared."""
    keys = [(player, window) for player in range(len(game.state.players)) for window in WINDOWS]
    kept = [actions.legal_actions(game, player, window) for player, window in keys]
    reused.clear()
    fresh = [actions.legal_actions(game, player, window) for player, window in keys]
    for key, mine, made in zip(keys, kept, fresh):
        assert mine == made, key
        assert [a.label for a in mine] == [a.label for a in made], key
    return sum(len(k) for k in kept)


def test_each_kept_action_is_the_players_and_the_definitions():
    """Every maker gives another action for another player, and another label for another
    definition under the same id (as a list would meet them in another game or after a copy)."""
    sc = position()
    a = sc.game.card(sc.add("Eager Recruit", "hand", 0))
    b = sc.game.card(sc.add("Dockhand", "character", 1))
    makers = [lambda p, c: reused.play(p, c), lambda p, c: reused.give_don(p, c),
              lambda p, c: reused.attack(p, c, b), lambda p, c: reused.attack(p, b, c),
              lambda p, c: reused.activate(p, c, 0, "activate " + c.name),
              lambda p, c: reused.counter(p, c, 1000), lambda p, c: reused.block(p, c)]
    for make in makers:
        first = make(0, a)
        assert make(0, a) is first                       # kept
        assert make(1, a).player == 1                    # another player: another action
        assert make(0, a) == first
        sc.game.become(a, "TEST-022")                    # the same id, another definition
        assert "Dockhand" in make(0, a).label and make(0, a) != first
        sc.game.become(a, "TEST-008")
    assert reused.pass_action(0, "pass").player == 0 and reused.pass_action(1, "pass").player == 1
    assert reused.counter(0, a, 2000).label.endswith("(+2000)")
    assert reused.counter(0, a, 1000).label.endswith("(+1000)")
    assert reused.counter(0, a, 1000.0).label.endswith("(+1000.0)")         # equal, but shown otherwise


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("red_straw_hat_crew", "blue_seven_warlords"),
                                   ("black_navy", "yellow_big_mom_pirates")])
def test_kept_actions_equal_fresh_ones(seed, decks):
    assert checks_in_game("onepiece", decks, seed, check_fresh) > 1000


def test_a_card_that_becomes_another_gets_its_own_actions():
    sc = position(don=(3, 0), turn=5)
    recruit = sc.add("Eager Recruit", "hand", 0)
    tashigi = sc.add("Tashigi", "character", 0)
    target = sc.add("Dockhand", "character", 1)
    sc.game.set_status(target, "rested", True)
    give_don(sc, leader(sc, 0))
    sc.run()
    game = sc.game
    labels = [a.label for a in actions.legal_actions(game, 0, "main")]
    assert "play Eager Recruit" in labels and "give DON!! to Tashigi" in labels
    assert "attack Dockhand with Tashigi" in labels and "activate Tashigi: [Activate: Main]" in labels
    game.become(recruit, "TEST-022")                     # Eager Recruit becomes a Dockhand
    game.become(target, "TEST-008")                      # the rested Dockhand becomes an Eager Recruit
    game.become(tashigi, "TEST-022")                     # Tashigi too (no [Activate: Main] any more)
    labels = [a.label for a in actions.legal_actions(game, 0, "main")]
    assert "play Dockhand" in labels and "play Eager Recruit" not in labels
    assert "give DON!! to Dockhand" in labels and "give DON!! to Tashigi" not in labels
    assert "attack Eager Recruit with Dockhand" in labels
    assert not [label for label in labels if label.startswith("activate") or "Tashigi" in label]
    assert actions.legal_actions(game, 0, "main") == (reused.clear() or actions.legal_actions(game, 0, "main"))
