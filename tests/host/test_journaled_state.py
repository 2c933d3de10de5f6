"""Mutation goes through the journal by construction: every raw mutation a plugin or a card could
make on the state (a list's append or pop, a dict's update, setting a field) inside a transaction
that fails is undone with it."""
from __future__ import annotations

import pytest

from rulestack import Item, PendingTrigger
from rulestack.events import Event
from rulestack.journal import JournaledDict, JournaledList
from rulestack.scenario import Scenario
from rulestack.state import FloatingEffect


class Boom(Exception):
    pass


@pytest.fixture
def position():
    """A Tiny position with cards in several zones, an item on the stack (with targets, paid and
    data), a pending trigger, a continuous effect and named values."""
    sc = Scenario("tiny", seed=3)
    sc.set_turn(turn=3, active=0, phase="main")
    game = sc.game
    grunt = sc.add("Grunt", "field", 0, status={"tapped": True}, counters={"plus": 1})
    sc.add_many(["Brute", "Spark", "Rally"], "deck", 1)
    sc.add("Spark", "hand", 0)
    game.remember(grunt, "seen", [1, 2])
    game.set_value(0, "energy", 3)
    game.set_value(None, "round", {"n": 1})
    item = Item(id=game.new_id(), kind="activation", card=grunt, ability=None, controller=0,
                targets=[[grunt]], paid={"energy": 1}, data={"speed": 1})
    game.journal.append(game.state.stack, item)
    ev = game.record("probe", card=grunt)
    game.journal.append(game.state.pending, PendingTrigger(card=grunt, ability=0, controller=0, event=ev,
                                                           generation=0))
    game.add_effect("add", "power", 1, targets=[grunt], duration="until_end_of_turn")
    game.journal.checkpoint()
    yield game, grunt
    sc.close()


def _raw_mutations(game, grunt):
    st = game.state
    card = st.cards[grunt]
    item = st.stack[-1]
    player = st.players[0]
    zone = st.zones[("deck", 1)]
    trig = st.pending[0]
    eff = st.effects[0]
    return {
        "stack.append": lambda: st.stack.append(Item(id=99, kind="x", card=None, ability=None, controller=1)),
        "stack.pop": lambda: st.stack.pop(),
        "stack.insert": lambda: st.stack.insert(0, item),
        "stack.clear": lambda: st.stack.clear(),
        "stack.extend": lambda: st.stack.extend([item, item]),
        "stack[0] =": lambda: st.stack.__setitem__(0, None),
        "del stack[0]": lambda: st.stack.__delitem__(0),
        "stack +=": lambda: st.stack.__iadd__([item]),
        "pending.pop": lambda: st.pending.pop(0),
        "pending.remove": lambda: st.pending.remove(trig),
        "effects.clear": lambda: st.effects.clear(),
        "zone.cards.reverse": lambda: zone.cards.reverse(),
        "zone.cards.sort": lambda: zone.cards.sort(reverse=True),
        "zone.cards.append": lambda: zone.cards.append(grunt),
        "zone.cards =": lambda: setattr(zone, "cards", []),
        "cards.pop": lambda: st.cards.pop(grunt),
        "del cards[id]": lambda: st.cards.__delitem__(grunt),
        "zones.clear": lambda: st.zones.clear(),
        "card.face_up =": lambda: setattr(card, "face_up", not card.face_up),
        "card.zone =": lambda: setattr(card, "zone", "graveyard"),
        "card.status[k] =": lambda: card.status.__setitem__("tapped", False),
        "card.status.pop": lambda: card.status.pop("tapped"),
        "card.counters.update": lambda: card.counters.update(plus=5, minus=2),
        "card.memory nested append": lambda: card.memory["seen"].append(3),
        "card.memory.setdefault": lambda: card.memory.setdefault("new", 1),
        "card.memory.clear": lambda: card.memory.clear(),
        "card.memory |=": lambda: card.memory.__ior__({"x": 1}),
        "card.memory.popitem": lambda: card.memory.popitem(),
        "card.memory = {}": lambda: setattr(card, "memory", {}),
        "card.memory = {} then raw set": lambda: (setattr(card, "memory", {}), card.memory.__setitem__("y", 2)),
        "item.resolved =": lambda: setattr(item, "resolved", True),
        "item.targets[0].append": lambda: item.targets[0].append(5),
        "item.paid[k] =": lambda: item.paid.__setitem__("energy", 9),
        "item.data.update": lambda: item.data.update(speed=2),
        "item.data = ...": lambda: setattr(item, "data", {"other": [1]}),
        "trigger.controller =": lambda: setattr(trig, "controller", 1),
        "trigger.data[k] =": lambda: trig.data.__setitem__("k", 1),
        "effect.value =": lambda: setattr(eff, "value", 7),
        "effect.targets.append": lambda: eff.targets.append(4),
        "player.life =": lambda: setattr(player, "life", -5),
        "player.values[k] =": lambda: player.values.__setitem__("energy", 0),
        "player.values.pop": lambda: player.values.pop("energy"),
        "state.turn =": lambda: setattr(st, "turn", 99),
        "state.phase =": lambda: setattr(st, "phase", None),
        "state.values nested": lambda: st.values["round"].__setitem__("n", 2),
        "state.values[k] =": lambda: st.values.__setitem__("new", (1, 2)),
        "state.result =": lambda: setattr(st, "result", "over"),
        "state.stack = []": lambda: setattr(st, "stack", []),
        "log.append": lambda: st.log.append(Event(999, "fake", "rule", None, None, {})),
        "rng draw": lambda: game.rng.randint(1, 6),
    }


@pytest.mark.parametrize("name", [
    "stack.append", "stack.pop", "stack.insert", "stack.clear", "stack.extend", "stack[0] =", "del stack[0]",
    "stack +=", "pending.pop", "pending.remove", "effects.clear", "zone.cards.reverse", "zone.cards.sort",
    "zone.cards.append", "zone.cards =", "cards.pop", "del cards[id]", "zones.clear", "card.face_up =",
    "card.zone =", "card.status[k] =", "card.status.pop", "card.counters.update", "card.memory nested append",
    "card.memory.setdefault", "card.memory.clear", "card.memory |=", "card.memory.popitem", "card.memory = {}",
    "card.memory = {} then raw set", "item.resolved =", "item.targets[0].append", "item.paid[k] =",
    "item.data.update", "item.data = ...", "trigger.controller =", "trigger.data[k] =", "effect.value =",
    "effect.targets.append", "player.life =", "player.values[k] =", "player.values.pop", "state.turn =",
    "state.phase =", "state.values nested", "state.values[k] =", "state.result =", "state.stack = []",
    "log.append", "rng draw",
])
def test_a_raw_mutation_inside_a_failed_transaction_is_undone(position, name):
    game, grunt = position
    before = game.state.to_data()
    mutate = _raw_mutations(game, grunt)[name]
    with pytest.raises(Boom):
        with game.transaction():
            mutate()
            assert game.state.to_data() != before, f"{name} changed nothing: the test would prove nothing"
            raise Boom
    assert game.state.to_data() == before


def test_the_states_containers_and_objects_are_journaled_however_they_got_there(position):
    game, grunt = position
    st = game.state
    card = st.cards[grunt]
    for container in (st.stack, st.pending, st.effects, st.zones[("field", 0)].cards, st.stack[-1].targets,
                      st.stack[-1].targets[0], st.log):
        assert type(container) is JournaledList
    for container in (st.cards, st.zones, st.values, st.values["round"], card.status, card.memory,
                      st.players[0].values, st.stack[-1].data, st.pending[0].data, st.effects[0].data):
        assert type(container) is JournaledDict
    assert type(card.memory["seen"]) is JournaledList
    card.memory = {"fresh": {"deep": []}}            # a plain value stored in the state becomes journaled
    assert type(card.memory["fresh"]["deep"]) is JournaledList


def test_a_raw_mutation_that_succeeds_stays_and_a_later_rollback_undoes_it(position):
    game, grunt = position
    mark = game.journal.mark()
    version = game.journal.version
    game.state.stack.pop()
    assert game.state.stack == [] and game.journal.version > version   # caches see the change
    game.journal.rollback(mark)
    assert len(game.state.stack) == 1


def test_copies_of_the_states_containers_are_plain(position):
    import copy
    import pickle
    game, grunt = position
    memory = game.state.cards[grunt].memory
    for clone in (copy.copy(memory), copy.deepcopy(memory), pickle.loads(pickle.dumps(memory)), dict(memory)):
        assert type(clone) is dict and clone == memory
    assert type(copy.deepcopy(game.state.stack[-1].targets)) is list


def test_a_floating_effect_built_before_it_is_added_is_plain_until_then():
    eff = FloatingEffect(id=1, source=None, controller=0, op="add", attr="power", value=1, targets=[3],
                         filter=None, duration="permanent", timestamp=1)
    eff.value = 2                                    # not in a state yet: a plain set
    assert eff.value == 2 and type(eff.targets) is list


def test_an_events_data_cannot_be_changed(position):
    game, grunt = position
    ev = next(e for e in game.state.log if e.kind == "probe")
    for change in (lambda: ev.data.__setitem__("card", 99), lambda: ev.data.pop("card"),
                   lambda: ev.data.update(card=2), lambda: ev.data.clear()):
        with pytest.raises(TypeError, match="records what happened"):
            change()
    assert ev.get("card") == grunt
