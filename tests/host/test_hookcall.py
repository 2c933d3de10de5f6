"""Direct hook calls (rulestack._hookcall) give exactly pluggy's results, and fall back to pluggy
whenever the case is not plain (wrappers, a missing argument, monitoring), and follow plugins
registered or unregistered after they were made."""
from __future__ import annotations

from typing import Any, Iterator

import pluggy
import pytest

from rulestack._hookcall import DirectHookCaller, direct_hooks

spec = pluggy.HookspecMarker("hc")
impl = pluggy.HookimplMarker("hc")


class Spec:
    @spec
    def many(self, game: Any, x: int) -> Any: ...

    @spec(firstresult=True)
    def first(self, game: Any, x: int) -> Any: ...

    @spec
    def nobody(self, game: Any) -> Any: ...


class Low:
    @impl
    def many(self, x: int) -> int:
        return x + 1

    @impl
    def first(self, game: Any, x: int) -> Any:
        return ("low", x)


class High:
    @impl
    def many(self, game: Any, x: int) -> Any:
        return None if x < 0 else ("high", game, x)

    @impl
    def first(self, x: int) -> Any:
        return None if x < 0 else ("high", x)


class Wrapper:
    @impl(wrapper=True)
    def many(self, x: int) -> Iterator[None]:
        result = yield
        return [*result, "wrapped"]


def managers() -> tuple[pluggy.PluginManager, pluggy.PluginManager]:
    out = []
    for _ in range(2):
        pm = pluggy.PluginManager("hc")
        pm.add_hookspecs(Spec)
        pm.register(Low(), name="low")
        pm.register(High(), name="high")
        out.append(pm)
    direct_hooks(out[1])
    return out[0], out[1]


def test_direct_callers_answer_as_pluggy_does() -> None:
    plain, direct = managers()
    assert isinstance(direct.hook.many, DirectHookCaller)
    for x in (-1, 0, 3):
        assert direct.hook.many(game="g", x=x) == plain.hook.many(game="g", x=x)
        assert direct.hook.first(game="g", x=x) == plain.hook.first(game="g", x=x)
    assert direct.hook.nobody(game="g") == plain.hook.nobody(game="g") == []


def test_a_plugin_registered_later_is_called_and_one_unregistered_is_not() -> None:
    plain, direct = managers()
    assert direct.hook.many(game="g", x=1) == [("high", "g", 1), 2]
    for pm in (plain, direct):
        pm.register(Wrapper(), name="wrapper")
    assert direct.hook.many(game="g", x=1) == plain.hook.many(game="g", x=1) == [("high", "g", 1), 2, "wrapped"]
    for pm in (plain, direct):
        pm.unregister(name="wrapper")
        pm.unregister(name="high")
    assert direct.hook.many(game="g", x=1) == plain.hook.many(game="g", x=1) == [2]
    assert direct.hook.first(game="g", x=-1) == ("low", -1)


def test_a_missing_argument_is_pluggys_error() -> None:
    _, direct = managers()
    with pytest.raises(pluggy.HookCallError, match="'x'"), pytest.warns(UserWarning, match="'x'"):
        direct.hook.many(game="g")


def test_an_exception_inside_an_implementation_is_not_taken_for_a_missing_argument() -> None:
    class Raises:
        @impl
        def nobody(self, game: Any) -> Any:
            raise KeyError("inside")

    _, direct = managers()
    direct.register(Raises(), name="raises")
    with pytest.raises(KeyError, match="inside"):
        direct.hook.nobody(game="g")


def test_monitoring_switched_on_afterwards_sees_the_calls() -> None:
    _, direct = managers()
    seen: list[str] = []
    undo = direct.add_hookcall_monitoring(lambda name, impls, kwargs: seen.append(name), lambda *a: None)
    assert direct.hook.first(game="g", x=2) == ("high", 2)
    undo()
    direct.hook.first(game="g", x=2)
    assert seen == ["first"]


def test_games_use_direct_callers() -> None:
    from rulestack import Game

    game = Game("tiny", ["alpha", "beta"], seed=1)
    try:
        assert isinstance(game.pm.hook.legal_actions, DirectHookCaller)
    finally:
        game.close()


def test_sole_gives_the_one_plain_implementation_only_while_a_call_would_only_call_it():
    pm = pluggy.PluginManager("hc")
    pm.add_hookspecs(Spec)
    low = Low()
    pm.register(low, name="low")
    direct_hooks(pm)
    caller = pm.hook.many
    assert isinstance(caller, DirectHookCaller)
    assert caller.sole(("x",)) is None                 # not known before the first call
    assert caller(game=None, x=1) == [2]
    assert caller.sole(("x",)) == low.many and caller.sole(("game",)) is None
    undo = pm.add_hookcall_monitoring(lambda *a: None, lambda *a: None)
    assert caller.sole(("x",)) is None                 # monitoring: through pluggy
    undo()
    assert caller.sole(("x",)) == low.many
    pm.register(High(), name="high")
    assert caller.sole(("x",)) is None                 # two implementations now
    assert caller(game="g", x=1) == [("high", "g", 1), 2]
    assert caller.sole(("x",)) is None
    pm.unregister(name="high")
    assert caller(game=None, x=1) == [2] and caller.sole(("x",)) == low.many
    pm.register(Wrapper(), name="wrapper")
    assert caller(game=None, x=1) == [2, "wrapped"] and caller.sole(("x",)) is None


class Both:
    def __init__(self, tag: str, least: int) -> None:
        self.tag, self.least = tag, least

    @impl
    def many(self, game: Any, x: int) -> Any:
        return None if x < self.least else (self.tag, game, x)

    @impl
    def first(self, game: Any, x: int) -> Any:
        return None if x < self.least else (self.tag, game, x)


@pytest.mark.parametrize("name", ["many", "first"])
def test_chain_calls_implementations_taking_the_same_arguments_as_a_call_would(name):
    plain, pm = pluggy.PluginManager("hc"), pluggy.PluginManager("hc")
    for m in (plain, pm):
        m.add_hookspecs(Spec)
        m.register(High(), name="high")   # many: (game, x); first: (x,)
    direct_hooks(pm)
    caller = getattr(pm.hook, name)
    assert caller.chain(("game", "x")) is None          # not known before the first call
    caller(game="g", x=1)
    own = ("game", "x") if name == "many" else ("x",)   # High's first takes x only
    other = ("x",) if name == "many" else ("game", "x")
    assert caller.chain(own) is not None and caller.chain(other) is None
    for m in (plain, pm):
        m.unregister(name="high")
        m.register(Both("a", 0), name="a")
        m.register(Both("b", 1), name="b")
    caller(game="g", x=1)
    chain = caller.chain(("game", "x"))
    assert chain is not None and caller.chain(("x", "game")) is None
    expect = getattr(plain.hook, name)
    for x in (-1, 0, 1, 2):
        assert chain("g", x) == expect(game="g", x=x)
    undo = pm.add_hookcall_monitoring(lambda *a: None, lambda *a: None)
    assert caller.chain(("game", "x")) is None          # monitoring: through pluggy
    undo()
    if name == "many":
        pm.register(Low(), name="low")                  # an implementation taking other arguments
        assert caller.chain(("game", "x")) is None
        caller(game="g", x=1)
        assert caller.chain(("game", "x")) is None
        pm.unregister(name="low")
        caller(game="g", x=1)
        assert caller.chain(("game", "x")) is not None
        pm.register(Wrapper(), name="wrapper")
        caller(game="g", x=1)
        assert caller.chain(("game", "x")) is None


def test_idle_only_while_a_call_would_do_nothing():
    pm = pluggy.PluginManager("hc")
    pm.add_hookspecs(Spec)
    direct_hooks(pm)
    caller = pm.hook.nobody
    assert isinstance(caller, DirectHookCaller) and caller.idle() and caller(game=None) == []
    seen: list[str] = []
    undo = pm.add_hookcall_monitoring(lambda name, *a: seen.append(name), lambda *a: None)
    assert not caller.idle()                              # the monitor is told of every call
    undo()
    assert caller.idle()
    pm.register(Low(), name="low")
    assert not pm.hook.first.idle()
