"""Matching an event against the triggered abilities of the cards listening for its kind
(``ActionFlow.match_triggers``): the listeners are sorted once per kind while the game's cards stay
the same (``Game.cards_version``), and a card whose every trigger on the kind needs the event to
be about itself is visited only for its own events, in its place among the others. What triggers,
and in which order, is what visiting every listener in turn gives, also when a trigger's condition
changes the cards while the event is being matched."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulestack import Game
from tinygame.system import TinyGame

HERE = Path(__file__).resolve().parent / "listening"


def m_convert(ctx: Any) -> None:
    """Every Self Mover becomes an Any Mover (its definition changes: the game's cards change)."""
    game = ctx.game
    for card in list(game.state.cards.values()):
        if card.name == "Self Mover":
            game.become(card, "Any Mover")


class ListeningTiny(TinyGame):
    """Tiny with cards that listen for ``moved`` events of any card or of themselves only."""

    name = "listening_tiny"
    title = "Listening Tiny (test-only)"
    script_methods = {**TinyGame.script_methods, "convert": m_convert}

    @classmethod
    def card_files(cls) -> list[Path]:
        return TinyGame.card_files() + [HERE / "cards.yaml"]


def _game(*names: str) -> tuple[Game, list[int]]:
    game = Game.empty(ListeningTiny)
    ids = [game.create_card(game.pool.code(name), 0, "field", silent=True).id for name in names]
    return game, ids


def _pending(game: Game) -> list[int]:
    return [p.card for p in game.state.pending]


def test_a_self_only_listener_is_visited_for_its_own_event_in_its_place():
    game, (any1, selfish, any2, grunt) = _game("Any Mover", "Self Mover", "Any Mover", "Grunt")
    game.move(selfish, "field")
    assert _pending(game) == [any1, selfish, any2]


def test_a_self_only_listener_is_passed_over_for_another_cards_event():
    game, (any1, selfish, any2, grunt) = _game("Any Mover", "Self Mover", "Any Mover", "Grunt")
    game.move(grunt, "hand")
    assert _pending(game) == [any1, any2]
    game.journal.replace_list(game.state.pending, [])
    game.move(selfish, "hand")    # the same sorted listeners: the moving card in its place
    assert _pending(game) == [any1, selfish, any2]


def test_a_card_changed_while_matching_is_matched_as_it_is_when_its_turn_comes():
    # The Converter's condition makes both Self Movers Any Movers: the first was passed over
    # already (it was about another card then); the second, after it, now listens for any move.
    game, (first, converter, second, grunt) = _game("Self Mover", "Converter", "Self Mover", "Grunt")
    game.move(grunt, "hand")
    assert _pending(game) == [converter, second]
    assert game.card(first).name == game.card(second).name == "Any Mover"


def test_a_new_definition_sorts_the_listeners_again():
    game, (selfish, grunt) = _game("Self Mover", "Grunt")
    game.move(grunt, "hand")
    assert _pending(game) == []
    game.become(game.card(selfish), "Any Mover")
    game.move(grunt, "field")
    assert _pending(game) == [selfish]


def test_a_rollback_gives_back_the_listeners_of_the_state_it_returns_to():
    game, (selfish, grunt) = _game("Self Mover", "Grunt")
    mark, version = game.journal.mark(), game.journal.version
    game.create_card(game.pool.code("Any Mover"), 1, "field")
    added = game.state.cards[max(game.state.cards)].id
    game.move(grunt, "hand")
    assert _pending(game) == [added]
    game.journal.rollback(mark, version)
    game.move(grunt, "hand")
    assert _pending(game) == []


@pytest.mark.parametrize("system, decks", [("yugioh", ("legendary_fusions", "synchron_extreme")),
                                           ("onepiece", None), ("mtg", ("izzet_spells", "selesnya_tokens"))])
def test_the_sorted_listeners_match_what_visiting_each_in_turn_matches(system, decks, monkeypatch):
    from rulestack._activation import ActionFlow
    from rulestack.system import find_system

    real = ActionFlow.match_triggers
    seen = {"events": 0, "triggers": 0}

    def checked(flow: ActionFlow, ev: Any) -> None:
        game = flow.game
        listeners = flow.index.listeners.get(ev.kind)
        if listeners:
            mark, version = game.journal.mark(), game.journal.version
            other = ev.data.get("card")
            start = len(game.state.pending)
            flow._match_listed(ev, list(listeners), other if other is not None else ev.source,
                               flow._compiled_triggers.setdefault(ev.kind, {}))
            expected = list(game.state.pending)[start:]
            game.journal.rollback(mark, version)
            real(flow, ev)
            got = list(game.state.pending)[start:]
            assert [(p.card, p.ability) for p in got] == [(p.card, p.ability) for p in expected]
            seen["events"] += 1
            seen["triggers"] += len(got)
        else:
            real(flow, ev)

    monkeypatch.setattr(ActionFlow, "match_triggers", checked)
    for seed in range(2):
        game = Game(system, list(decks or find_system(system).sample_decks), seed=seed)
        game.play()
        game.close()
    assert seen["events"] and seen["triggers"]


def test_a_listener_needing_values_of_the_event_is_visited_for_events_with_them():
    game, (any1, w, any2, grunt) = _game("Any Mover", "Discard Watcher", "Any Mover", "Grunt")
    seen = []
    for zone, extra in (("hand", {}), ("discard", {}), ("field", {}), ("stack", {}), ("field", {"cost": 2}),
                        ("hand", {"cost": 2}), ("field", {}), ("hand", {"cost": [2]}), ("field", {}),
                        ("hand", {"cost": 2.0}), ("field", {"cost": True})):
        game.journal.replace_list(game.state.pending, [])
        game.move(grunt, zone, **extra)
        seen.append([(p.card, p.ability) for p in game.state.pending])
    both = [(any1, 0), (any2, 0)]
    assert seen == [
        both,                                   # field -> hand
        [(any1, 0), (w, 0), (any2, 0)],         # hand -> discard
        both,                                   # discard -> field
        [(any1, 0), (w, 0), (any2, 0)],         # field -> stack
        both,                                   # stack -> field, cost 2 (not from the field)
        [(any1, 0), (w, 1), (any2, 0)],         # field -> hand, cost 2
        both,                                   # hand -> field
        both,                                   # field -> hand, cost [2] (not a plain value: all visited)
        both,                                   # hand -> field
        [(any1, 0), (w, 1), (any2, 0)],         # field -> hand, cost 2.0 (== 2)
        both,                                   # hand -> field, cost True (from the hand)
    ]


def test_self_only_listeners_keep_their_place_among_listeners_needing_values():
    game, (any1, w, selfish, any2) = _game("Any Mover", "Discard Watcher", "Self Mover", "Any Mover")
    game.move(selfish, "discard")
    assert _pending(game) == [any1, w, selfish, any2]
    game.journal.replace_list(game.state.pending, [])
    game.move(selfish, "field")
    assert _pending(game) == [any1, selfish, any2]
