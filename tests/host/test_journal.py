"""The journal rolls every kind of mutation back exactly."""
import pytest

from rulestack.hookspecs import hookimpl
from rulestack.journal import Journal


class Box:
    def __init__(self):
        self.x = 1


def test_rollback_restores_attributes_dicts_and_lists():
    j = Journal()
    box, d, lst = Box(), {"a": 1}, [1, 2, 3]
    mark = j.mark()
    j.setattr(box, "x", 5)
    j.setitem(d, "a", 2)
    j.setitem(d, "b", 3)
    j.delitem(d, "a")
    j.append(lst, 4)
    j.insert(lst, 0, 0)
    j.remove(lst, 2)
    j.replace_list(lst, [9])
    j.pop(lst)
    assert (box.x, d, lst) == (5, {"b": 3}, [])
    j.rollback(mark)
    assert (box.x, d, lst) == (1, {"a": 1}, [1, 2, 3])


def test_nested_marks_roll_back_only_their_part():
    j = Journal()
    d = {}
    j.setitem(d, "outer", 1)
    inner = j.mark()
    j.setitem(d, "inner", 2)
    j.rollback(inner)
    assert d == {"outer": 1}
    j.rollback(0)
    assert d == {}


def test_checkpoint_forgets_undo_entries():
    j = Journal()
    d = {}
    j.setitem(d, "k", 1)
    j.checkpoint()
    assert len(j) == 0
    j.rollback(0)
    assert d == {"k": 1}


def test_version_changes_on_every_mutation_and_rollback():
    j = Journal()
    v0 = j.version
    j.setitem({}, "k", 1)
    assert j.version > v0
    v1 = j.version
    j.rollback(0)
    assert j.version > v1



def test_a_rollback_given_the_marks_version_returns_to_it_and_no_number_names_two_states():
    j, other = Journal(), Journal()
    d = {}
    j.setitem(d, "k", 1)
    mark, at_mark = j.mark(), j.version
    seen = {at_mark, other.version}
    for value in (2, 3):                      # a dry run: two states, rolled back
        j.setitem(d, "k", value)
        seen.add(j.version)
    j.rollback(mark, at_mark)
    assert d == {"k": 1} and j.version == at_mark     # the same state: the same version
    j.setitem(d, "k", 4)                       # a new state: a number no earlier state had
    other.setitem({}, "x", 1)                  # (nor one of another journal)
    assert j.version not in seen and other.version not in seen | {j.version}


def test_a_failed_action_and_a_dry_run_leave_the_games_version_as_it_was():
    from rulestack import Game, IllegalAction

    game = Game.empty("tiny", seed=1)
    version = game.journal.version
    try:
        with game.transaction():
            game.set_value(None, "tried", 1)
            raise IllegalAction("refused")
    except IllegalAction:
        pass
    assert game.value_of(None, "tried") is None and game.journal.version == version
    game.flow._dry(lambda: game.set_value(None, "dry", 1))
    assert game.value_of(None, "dry") is None and game.journal.version == version
    game.close()


class _Risky:
    """Offers two actions at window ``risky`` and performs them: ``boom`` changes a value then
    fails, ``end`` changes a value then ends the game."""

    plugin_name = "risky"

    def __init__(self):
        from rulestack import Action
        self.actions = [Action("boom", 0, label="boom"), Action("end", 0, label="end")]

    @hookimpl
    def legal_actions(self, game, player, window):
        return self.actions if window == "risky" else None

    @hookimpl(tryfirst=True)
    def perform_action(self, game, action):
        from rulestack import IllegalAction
        if action.kind == "boom":
            game.set_value(None, "tried", 1)
            raise IllegalAction("refused")
        if action.kind == "end":
            game.set_value(None, "ended", 1)
            game.end_game([0], "test")
        return None


def _pick(label):
    class Picker:
        def decide(self, decision, seat):
            return [next(i for i, o in enumerate(decision.options) if o.label == label)]
    return Picker()


def test_an_action_window_performs_its_action_as_a_transaction():
    from rulestack import Game, GameOver, IllegalAction

    seen = []

    class Watching(Game):
        def transaction(self):
            seen.append("transaction")
            return super().transaction()

    for cls in (Game, Watching):
        game = cls.empty("tiny", seed=1, plugins=[_Risky()], agents=[_pick("boom"), _pick("boom")])
        version = game.journal.version
        with pytest.raises(IllegalAction):
            game.asking.act(0, "risky")
        assert game.value_of(None, "tried") is None and game.journal.version == version   # rolled back
        assert not game.in_transaction
        game.agents[0] = _pick("end")
        with pytest.raises(GameOver):
            game.asking.act(0, "risky")
        assert game.value_of(None, "ended") == 1 and game.over and not game.in_transaction   # kept: it ended
        game.close()
    assert seen == ["transaction", "transaction"]   # a subclass's own transaction is the one used


def test_call_entries_of_any_arity_are_undone_newest_first_with_their_arguments():
    # Undo entries are flat tuples (inverse, *args); rollback calls each with exactly its arguments,
    # whatever their number (0 to 5 here), newest first.
    j = Journal()
    calls = []
    mark = j.mark()
    j.call(lambda: calls.append(()))
    for n in range(1, 6):
        j.call(lambda *args: calls.append(args), *range(n))
    j.log([], "an event")   # (a two-item entry of the journal's own)
    assert len(j) == mark + 7
    j.rollback(mark)
    assert calls == [(0, 1, 2, 3, 4), (0, 1, 2, 3), (0, 1, 2), (0, 1), (0,), ()]
    assert len(j) == mark


def test_item_init_makes_what_the_attrs_init_makes():
    import attrs
    from rulestack.state import Item

    @attrs.define(eq=False, slots=False)
    class Reference:
        id: int
        kind: str
        card: object
        ability: object
        controller: int
        generation: int = 0
        card_activation: bool = False
        targets: list = attrs.field(factory=list)
        paid: dict = attrs.field(factory=dict)
        event: object = None
        activation_negated: bool = False
        effect_negated: object = False
        resolved: bool = False
        data: dict = attrs.field(factory=dict)

    assert [f.name for f in attrs.fields(Reference)] == [f.name for f in attrs.fields(Item)]
    for args, kw in [((1, "activation", 3, 0, 1), {}),
                     ((2, "trigger", None, None, 0), {"targets": None, "paid": {"x": 1}, "data": {"y": 2},
                                                     "event": {"kind": "summon"}, "generation": 4,
                                                     "effect_negated": "all", "resolved": True})]:
        item, ref = Item(*args, **kw), Reference(*args, **kw)
        assert item.__dict__ == ref.__dict__ and list(item.__dict__) == list(ref.__dict__)
        assert item._journal is None
    a, b = Item(1, "k", None, None, 0), Item(1, "k", None, None, 0)
    assert a.targets is not b.targets and a.paid is not b.paid and a.data is not b.data


def test_an_events_undo_entry_names_the_log_it_went_to_when_the_log_is_replaced():
    # Game._emit reuses one undo entry per log: a new log (state.log set anew) gets its own.
    from rulestack import Game, IllegalAction

    game = Game.empty("tiny", seed=1)
    game.record("first")
    old_log = game.state.log
    game.state.log = []
    assert game.state.log is not old_log
    n_old = len(old_log)
    try:
        with game.transaction():
            game.record("second")
            game.record("third")
            assert [e.kind for e in game.state.log] == ["second", "third"]
            raise IllegalAction("refused")
    except IllegalAction:
        pass
    assert list(game.state.log) == [] and len(old_log) == n_old and old_log[-1].kind == "first"
    game.close()


@pytest.mark.parametrize("position", ["top", "bottom", 1])
def test_a_failed_transaction_undoes_moves_within_a_zone_and_between_zones_exactly(position):
    # A move is one undo entry (the card's fields, the list it went to, the list it left): undone in
    # that order, a move within one zone puts every card back where it was.
    from rulestack import Game, IllegalAction
    from tinygame.system import TinyGame

    game = Game.empty(TinyGame)
    field = [game.create_card(game.pool.code("Grunt"), 0, "field", silent=True) for _ in range(3)]
    hand = game.create_card(game.pool.code("Grunt"), 0, "hand", silent=True)
    game.set_status(field[1], "tapped", True)
    game.journal.checkpoint()
    before, version = game.state.to_data(), game.journal.version
    try:
        with game.transaction():
            game.move(field[1], "field", 0, position=position)
            game.move(field[0], "hand", 0, position=position)
            game.move(hand, "field", 0, position=position)
            assert game.state.to_data() != before
            raise IllegalAction("refused")
    except IllegalAction:
        pass
    assert game.state.to_data() == before and game.journal.version == version
    game.close()
