"""``Card.loaded``: a card of a deck being loaded, made in one step (built with plain slot stores,
then made a Card), is the card ``Card(...)`` with its place, face and timestamp set and bound to
the journal would be: the same type, fields and journaled containers, journaling its changes."""
from __future__ import annotations

from rulestack import Game
from rulestack.journal import Journal, JournaledDict
from rulestack.state import Card
from tinygame.system import TinyGame


def _definition():
    game = Game.empty(TinyGame)
    return game.definition(game.pool.code("Grunt"))


def _expected(journal: Journal, definition, timestamp: int) -> Card:
    card = Card(7, definition, 1)
    object.__setattr__(card, "controller", 0)
    object.__setattr__(card, "zone", "deck")
    object.__setattr__(card, "zone_player", 1)
    object.__setattr__(card, "timestamp", timestamp)
    card._bind(journal)
    return card


def test_a_loaded_card_is_the_card_built_field_by_field():
    journal, definition = Journal(), _definition()
    card = Card.loaded(journal, 7, definition, 1, 0, "deck", 1, False, 42)
    want = _expected(Journal(), definition, 42)
    assert type(card) is Card
    for name in Card.__slots__:
        if name != "_journal":
            assert getattr(card, name) == getattr(want, name), name
    assert card._journal is journal
    for name in Card._containers:
        value = getattr(card, name)
        assert type(value) is JournaledDict and value._journal is journal and not value
    assert card.status is not card.counters is not card.memory


def test_a_loaded_card_journals_its_changes():
    journal = Journal()
    card = Card.loaded(journal, 7, _definition(), 1, 0, "deck", 1, False, 42)
    mark, version = journal.mark(), journal.version
    card.zone = "hand"
    card.status["tapped"] = True
    assert len(journal._undo) == mark + 2
    journal.rollback(mark, version)
    assert card.zone == "deck" and not card.status


def test_a_subclass_is_loaded_as_itself():
    class Marked(Card):
        __slots__ = ("mark",)

    card = Marked.loaded(Journal(), 3, _definition(), 0, 0, "hand", 0, True, 1)
    assert type(card) is Marked and card.face_up and card.zone == "hand"
