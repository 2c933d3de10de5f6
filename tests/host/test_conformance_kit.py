"""The conformance kit (:mod:`rulestack.testing.conformance`): every bundled system and the
example system keep the host's contracts, and a system that breaks one is caught, with a message
that says which contract, in which game and where."""
from __future__ import annotations

import random

import pytest

from rulestack import Action, Cause, IllegalAction, hookimpl
from rulestack.system import find_system
from rulestack.testing.conformance import (ConformanceError, cards_in_one_place, check_system, state_snapshot,
                                           views_hide_what_they_must)

from tinygame.system import TinyGame, draw


@pytest.mark.parametrize("system", ["mtg", "yugioh", "onepiece"])
def test_every_bundled_system_keeps_the_hosts_contracts(system):
    report = check_system(system, games=1, seed=0)
    assert report.passed and report.games == 1
    assert report.decisions > 50 and report.probes > report.decisions / 2
    assert "won" in report.results[0] or "draw" in report.results[0]


def test_the_test_system_keeps_the_hosts_contracts(conformance):
    report = conformance("tiny", games=2, seed=3)
    assert report.passed and report.games == 2 and len(report.results) == 2


# -- systems that break a contract -----------------------------------------------------------------

class TwoPlaces(TinyGame):
    """Playing a unit also lists it in the discard pile, behind the journal's back."""
    name = "tiny_two_places"

    @hookimpl
    def perform_action(self, game, action):
        if action.kind == "play":
            card = game.card(action.card)
            game.move(card, "field", cause=Cause.ACTION, by=action.player, kind="played")
            game.zone("discard", action.player).cards.append(card.id)
            return True
        return None


def test_a_card_in_two_places_is_caught():
    with pytest.raises(ConformanceError) as info:
        check_system(TwoPlaces, games=1, seed=0)
    text = str(info.value)
    assert "is in two places: field/0 and discard/0" in text or "is in two places: field/1 and discard/1" in text
    assert "seed 0, decision" in text


class Unjournaled(TinyGame):
    """Playing a unit marks it going around the journal (a plain ``card.status[...] = ...`` is
    journaled by construction, so this calls dict's own method): a failed transaction cannot undo
    that."""
    name = "tiny_unjournaled"

    @hookimpl
    def perform_action(self, game, action):
        if action.kind == "play":
            card = game.card(action.card)
            game.move(card, "field", cause=Cause.ACTION, by=action.player, kind="played")
            dict.__setitem__(card.status, "fresh", True)
            return True
        return None


def test_a_change_that_rollback_cannot_undo_is_caught():
    report = check_system(Unjournaled, games=1, seed=0, raise_on_problems=False)
    assert not report.passed
    assert any("a failed transaction trying 'play " in p and "did not leave the state as it was" in p
               and ".status.fresh: appeared" in p for p in report.problems), report.describe()


class Unseeded(TinyGame):
    """Draws its starting life from Python's global RNG, not the game's."""
    name = "tiny_unseeded"

    @hookimpl
    def setup_game(self, game):
        for p in range(2):
            game.shuffle("deck", p)
            game.set_life(p, 10 + random.randint(0, 10**9))
            draw(game, p, 3)


def test_a_game_that_is_not_a_function_of_its_seed_and_answers_is_caught():
    with pytest.raises(ConformanceError, match=r"seed 0: not deterministic: the game again with the same seed and "
                                               r"answers recorded a different event log \(event \d+:"):
        check_system(Unseeded, games=1, seed=0)


class OffersTooMuch(TinyGame):
    """Offers every unit in hand whatever the energy, and refuses the ones it cannot pay for."""
    name = "tiny_offers_too_much"

    @hookimpl
    def legal_actions(self, game, player, window):
        if window != "main" or game.state.stack:
            return super().legal_actions(game, player, window)
        have = game.value_of(player, "energy", 0)
        return super().legal_actions(game, player, window) + [Action("summon", player, c.id, label=f"summon {c.name}") for c in game.cards_in("hand", player)
                if c.definition.get("type") == "unit" and c.definition.get("cost", 0) > have]

    @hookimpl
    def perform_action(self, game, action):
        if action.kind == "summon":
            raise IllegalAction(f"P{action.player} has not enough energy")
        return super().perform_action(game, action)


def test_an_offered_action_that_is_not_legal_is_caught():
    report = check_system(OffersTooMuch, games=1, seed=0, raise_on_problems=False)
    assert any("the offered action 'summon " in p and "is not legal: P" in p and "has not enough energy" in p
               for p in report.problems), report.describe()


class Peeks(TinyGame):
    """Tells everyone the name of each card a player draws at the start of a turn."""
    name = "tiny_peeks"

    @hookimpl
    def on_event(self, game, event):
        if event.kind == "drew" and event.cause == Cause.RULE and game.state.turn > 1:
            card = game.card(event.data["card"])
            game.record("told", card=card.id, code=card.code)


def test_an_event_naming_a_hidden_card_is_caught():
    report = check_system(Peeks, games=1, seed=0, raise_on_problems=False)
    assert any("event #" in p and "'told' names" in p and "who may not see it" in p and "`visible`" in p
               for p in report.problems), report.describe()


def test_a_game_that_does_not_end_is_caught():
    report = check_system("tiny", games=1, seed=0, max_decisions=20, raise_on_problems=False)
    assert report.problems == ["seed 0: the game did not end within 20 decisions"]


def test_a_view_that_shows_a_hidden_card_is_caught(monkeypatch):
    from rulestack import Game
    game = Game("tiny", ["alpha", "beta"], seed=0)
    try:
        game.start()
        assert views_hide_what_they_must(game) == [] and cards_in_one_place(game) == []
        secret = game.cards_in("hand", 1)[0]
        real = game.view

        def leaky(player):
            view = real(player)
            view["zones"]["hand/1"]["cards"].append({"id": secret.id, "name": secret.name})
            return view
        monkeypatch.setattr(game, "view", leaky)
        assert f"P0's view of hand/1 shows {secret.name} (#{secret.id}), which P0 may not see" in \
            views_hide_what_they_must(game)
    finally:
        game.close()


def test_a_snapshot_is_equal_after_a_rolled_back_change_and_differs_after_a_kept_one():
    from rulestack import Game
    game = Game("tiny", ["alpha", "beta"], seed=0)
    try:
        game.start()
        before = state_snapshot(game)
        mark = game.journal.mark()
        game.move(game.cards_in("hand", 0)[0], "discard")
        game.rng.randint(1, 6)
        assert state_snapshot(game) != before
        game.journal.rollback(mark)
        assert state_snapshot(game) == before
    finally:
        game.close()


def test_the_kit_finds_systems_by_name_or_class():
    assert find_system(TwoPlaces) is TwoPlaces
    assert check_system(TinyGame, games=1, seed=5).system == "tiny"
