"""The journal rolls every kind of mutation back exactly."""
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

