"""The invariant checker the soak runs before every decision: incremental (the zone scan runs
only when the journal says the state changed), and still catching what it must."""
from __future__ import annotations

import pytest

from rulestack import Game

from .invariants import InvariantBroken, InvariantChecker


@pytest.fixture
def game():
    g = Game("mtg", ["white_weenie", "red_burn"], seed=3)
    g.start()
    yield g
    g.close()


def test_an_unchanged_state_is_not_scanned_again(game, monkeypatch):
    checker = InvariantChecker(game)
    scans = []
    original = InvariantChecker._scan_zones
    monkeypatch.setattr(InvariantChecker, "_scan_zones", lambda self, st: scans.append(1) or original(self, st))
    checker.check()
    checker.check()
    assert len(scans) == 1 and checker.checks == 2
    game.record("phase", phase="x")          # an event alone changes no state: no scan
    checker.check()
    assert len(scans) == 1
    game.set_life(0, 19)                     # a change: scanned again
    checker.check()
    assert len(scans) == 2


def test_a_card_put_in_a_second_zone_after_a_clean_check_is_caught(game):
    checker = InvariantChecker(game)
    checker.check()
    hand = game.zone("hand", 0)
    library = game.zone("library", 0)
    game.journal.append(hand.cards, library.cards[0])     # through the journal, as any change goes
    with pytest.raises(InvariantBroken, match="in two zones"):
        checker.check()


def test_a_card_that_says_it_is_elsewhere_is_caught(game):
    checker = InvariantChecker(game)
    checker.check()
    card = game.state.cards[game.zone("hand", 0).cards[0]]
    game.journal.setattr(card, "zone", "graveyard")
    with pytest.raises(InvariantBroken, match="says it is in"):
        checker.check()


def test_life_that_changed_without_its_event_is_caught_even_without_a_scan(game):
    checker = InvariantChecker(game)
    checker.check()
    game.journal.setattr(game.state.players[1], "life", 3)
    with pytest.raises(InvariantBroken, match="P1 has 3 life"):
        checker.check()
