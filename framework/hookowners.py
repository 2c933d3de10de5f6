"""Who implements a hook: a system often has a faster way of its own to answer a question when its
own implementation is the only one of the hooks behind that question (no other plugin adds rules).
These functions answer "are the implementations of these hooks all this plugin's?" without
copying pluggy's list of implementations at every call: the answer is kept per hook and worked
out again as soon as a plugin is registered or unregistered, so it is always pluggy's own::

    from rulestack.hookowners import only_by, sole_by

    if only_by(game.pm, game.system, "modifiers"):   # nobody else modifies values
        ...
    if sole_by(game.pm, game.system, "state_checks"):   # exactly one implementation: ours
        ...
"""
from __future__ import annotations

import pluggy

from ._hookcall import DirectHookCaller

__all__ = ["only_by", "sole_by"]


def only_by(pm: pluggy.PluginManager, plugin: object, *names: str) -> bool:
    """Whether every implementation of each hook named in ``names`` was registered by ``plugin``
    (a hook with no implementation, or not known to ``pm``, counts: it has none of another
    plugin's). With ``plugin`` ``None``: whether the hooks have no implementation at all. The
    same answer as ``all(impl.plugin is plugin for impl in pm.hook.NAME.get_hookimpls())`` for
    every name, at the time of the call."""
    relay = pm.hook
    for name in names:
        caller = getattr(relay, name, None)
        if caller is None:
            continue
        if type(caller) is DirectHookCaller:
            owners = caller._owners
            if owners is None:
                owners = caller.owners()
            if owners[0] and owners[1] is not plugin:
                return False
        else:
            for impl in caller.get_hookimpls():
                if impl.plugin is not plugin:
                    return False
    return True


def sole_by(pm: pluggy.PluginManager, plugin: object, name: str) -> bool:
    """Whether the hook ``name`` has exactly one implementation, registered by ``plugin``. The
    same answer as ``len(impls) == 1 and impls[0].plugin is plugin`` for ``impls =
    pm.hook.NAME.get_hookimpls()``, at the time of the call."""
    caller = getattr(pm.hook, name, None)
    if caller is None:
        return False
    if type(caller) is DirectHookCaller:
        owners = caller._owners
        if owners is None:
            owners = caller.owners()
        return owners[0] == 1 and owners[1] is plugin
    impls = caller.get_hookimpls()
    return len(impls) == 1 and impls[0].plugin is plugin
