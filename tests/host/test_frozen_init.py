"""``direct_init`` gives the small frozen records (events, actions, options) a faster ``__init__``
that makes the same objects as the one attrs writes, and refuses classes it cannot copy exactly."""
from __future__ import annotations

import pickle

import attrs
import pytest

from rulestack import Action, Event
from rulestack._frozen import direct_init
from rulestack.decisions import Decision, Option


@attrs.frozen
class _Plain:
    a: int
    b: str = "x"
    c: dict = attrs.field(factory=dict)


@direct_init
@attrs.frozen
class _Fast:
    a: int
    b: str = "x"
    c: dict = attrs.field(factory=dict)


def test_the_object_is_the_one_attrs_makes():
    for args in [(1,), (1, "y"), (1, "y", {"k": 1})]:
        plain, fast = _Plain(*args), _Fast(*args)
        assert attrs.asdict(plain) == attrs.asdict(fast)
    assert _Fast(1).c is not _Fast(1).c                       # a factory default is new per object
    with pytest.raises(TypeError):
        _Fast()                                                # a field without default is required
    with pytest.raises(TypeError):
        _Fast(1, "y", {}, "extra")


@pytest.mark.parametrize("record", [Action("attack", 1, 7, None, (("target", 3),), "attack with X"),
                                    Option("Grunt", 4, 4), Event(3, "moved", "rule", None, 0, {"card": 2})])
def test_the_host_records_stay_frozen_values(record):
    assert record == pickle.loads(pickle.dumps(record))
    assert attrs.evolve(record) == record
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(record, attrs.fields(type(record))[0].name, None)


def test_the_post_init_runs_last_as_attrs_runs_it():
    seen = []

    @direct_init
    @attrs.frozen
    class After:
        a: int
        b: int = 2

        def __attrs_post_init__(self) -> None:
            seen.append((self.a, self.b))
            if self.a < 0:
                raise ValueError("negative")

    assert After(1) == After(1, 2) and seen == [(1, 2), (1, 2)]
    with pytest.raises(ValueError):
        After(-1)
    with pytest.raises(ValueError):
        Decision(0, "no such kind", "prompt")
    assert Decision(1, "choose", "p", (Option("a"),)) == Decision(1, "choose", "p", (Option("a"),), 1, 1, None, "")


def test_classes_it_cannot_copy_exactly_are_refused():
    @attrs.frozen
    class Checked:
        a: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Before:
        a: int

        def __attrs_pre_init__(self) -> None:
            pass

    @attrs.frozen
    class Keyword:
        a: int = attrs.field(kw_only=True)

    for cls in (Checked, Before, Keyword):
        with pytest.raises(TypeError):
            direct_init(cls)


def test_an_event_the_game_records_is_the_event_its_class_makes():
    from rulestack import Game

    game = Game.empty("yugioh")
    ev = game.record("card:note", source=3, player=1, x=1)
    made = Event(ev.seq, "card:note", "rule", 3, 1, {"x": 1})
    assert type(ev) is Event and ev == made and attrs.asdict(ev) == attrs.asdict(made)
    assert ev == pickle.loads(pickle.dumps(ev)) and attrs.evolve(ev) == ev
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ev.kind = "other"
    game.close()


def test_the_decision_of_an_action_window_is_the_decision_its_class_makes():
    from rulestack import Game
    from rulestack._asking import _DECISION_FIELDS, _OPTION_FIELDS

    assert [f.name for f in attrs.fields(Decision)] == list(_DECISION_FIELDS)
    assert [f.name for f in attrs.fields(Option)] == list(_OPTION_FIELDS)
    game = Game("yugioh", ["classic_a", "classic_b"], seed=3)
    asked = []
    agent = game.agents[0]
    plain = agent.decide

    def spy(decision, seat):
        asked.append(decision)
        return plain(decision, seat)
    agent.decide = spy
    game.play()
    windows = [dec for dec in asked if dec.reason == "action"]
    assert windows
    for dec in windows:
        made = Decision(dec.player, "action", dec.prompt, dec.options, reason="action")
        assert type(dec) is Decision and dec == made and attrs.asdict(dec, recurse=False) == attrs.asdict(made, recurse=False)
        assert dec.validator is None and attrs.evolve(dec) == dec
        for option in dec.options:
            action = option.value
            made_option = Option(action.label or action.kind, action, action.card)
            assert type(option) is Option and option == made_option and attrs.evolve(option) == option
