"""rulestack.hookowners: "are a hook's implementations all this plugin's?" answered from a kept
answer, which follows plugins registered and unregistered at once and always equals the answer
read from pluggy's list of implementations."""
from __future__ import annotations

from typing import Any

import pluggy
import pytest

from rulestack import Game, hookimpl
from rulestack._hookcall import DirectHookCaller, direct_hooks
from rulestack.hookowners import only_by, sole_by

spec = pluggy.HookspecMarker("ho")
impl = pluggy.HookimplMarker("ho")


class Spec:
    @spec
    def many(self, x: int) -> Any: ...

    @spec
    def other(self, x: int) -> Any: ...

    @spec
    def nobody(self, x: int) -> Any: ...


class Mine:
    @impl
    def many(self, x: int) -> int:
        return x

    @impl
    def other(self, x: int) -> int:
        return x


class Theirs:
    @impl
    def many(self, x: int) -> int:
        return -x


class Twice:
    """Two implementations of one hook from one plugin (pluggy's ``specname``)."""

    @impl(specname="other")
    def other_a(self, x: int) -> int:
        return x

    @impl(specname="other")
    def other_b(self, x: int) -> int:
        return x


def expected_only(pm: pluggy.PluginManager, plugin: object, *names: str) -> bool:
    return all(i.plugin is plugin for name in names for i in getattr(pm.hook, name).get_hookimpls())


def expected_sole(pm: pluggy.PluginManager, plugin: object, name: str) -> bool:
    impls = getattr(pm.hook, name).get_hookimpls()
    return len(impls) == 1 and impls[0].plugin is plugin


def check(pm: pluggy.PluginManager, plugins: list[object]) -> None:
    for plugin in [*plugins, None]:
        for names in (("many",), ("other",), ("nobody",), ("many", "other"), ("many", "other", "nobody")):
            assert only_by(pm, plugin, *names) == expected_only(pm, plugin, *names), (plugin, names)
        for name in ("many", "other", "nobody"):
            assert sole_by(pm, plugin, name) == expected_sole(pm, plugin, name), (plugin, name)
    assert only_by(pm, plugins[0], "not_a_hook") and not sole_by(pm, plugins[0], "not_a_hook")


@pytest.mark.parametrize("direct", [True, False])
def test_answers_follow_registering_and_unregistering(direct: bool) -> None:
    pm = pluggy.PluginManager("ho")
    pm.add_hookspecs(Spec)
    if direct:
        direct_hooks(pm)
        assert type(pm.hook.many) is DirectHookCaller
    mine, theirs, twice = Mine(), Theirs(), Twice()
    plugins: list[object] = [mine, theirs, twice]
    assert only_by(pm, None, "many", "other") and only_by(pm, mine, "many")
    assert not sole_by(pm, mine, "many")
    check(pm, plugins)

    pm.register(mine, name="mine")
    assert only_by(pm, mine, "many", "other", "nobody") and sole_by(pm, mine, "many")
    assert not only_by(pm, None, "many") and not only_by(pm, theirs, "many")
    check(pm, plugins)

    pm.register(theirs, name="theirs")   # asked just before: the kept answer must change at once
    assert not only_by(pm, mine, "many") and not sole_by(pm, mine, "many")
    assert only_by(pm, mine, "other", "nobody") and sole_by(pm, mine, "other")
    check(pm, plugins)

    pm.unregister(name="theirs")
    assert only_by(pm, mine, "many") and sole_by(pm, mine, "many")
    check(pm, plugins)

    pm.unregister(name="mine")
    pm.register(twice, name="twice")
    assert only_by(pm, twice, "other") and not sole_by(pm, twice, "other")
    check(pm, plugins)

    pm.unregister(name="twice")
    assert only_by(pm, None, "many", "other") and not sole_by(pm, mine, "other")
    check(pm, plugins)


class ExtraModifiers:
    @hookimpl
    def modifiers(self, game: Any) -> list[Any]:
        return []


@pytest.mark.parametrize("system", ["tiny", "yugioh", "mtg", "onepiece"])
def test_a_games_hooks(system: str) -> None:
    from rulestack import find_system
    decks = ["alpha", "beta"] if system == "tiny" else list(find_system(system).sample_decks)[:2]
    game = Game(system, decks, seed=1)
    try:
        pm, own = game.pm, game.system
        names = sorted(n for n in vars(pm.hook) if not n.startswith("_"))
        assert names
        assert type(pm.hook.modifiers) is DirectHookCaller

        def same() -> None:
            for name in names:
                assert only_by(pm, own, name) == expected_only(pm, own, name), name
                assert sole_by(pm, own, name) == expected_sole(pm, own, name), name
                assert only_by(pm, None, name) == (not getattr(pm.hook, name).get_hookimpls()), name
            assert only_by(pm, own, *names) == expected_only(pm, own, *names)

        same()
        before = only_by(pm, own, "modifiers")
        extra = ExtraModifiers()
        pm.register(extra, name="extra-modifiers")
        assert not only_by(pm, own, "modifiers") and not sole_by(pm, own, "modifiers")
        same()
        pm.unregister(extra)
        assert only_by(pm, own, "modifiers") == before
        same()
    finally:
        game.close()
