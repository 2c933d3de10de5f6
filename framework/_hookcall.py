"""Direct hook calls: a game asks its rules thousands of times per game through pluggy, and most
hooks have one plain implementation (the system's) or none. :func:`direct_hooks` gives a plugin
manager hook callers that call such implementations directly (no per-call copy of the
implementation list, no generic multicall loop), with pluggy's own results: a list of the
non-``None`` answers, or the first one for a ``firstresult`` hook.

Anything out of the plain case goes through pluggy unchanged: wrappers, historic hooks, keyword
defaults, implementations taking keyword-only arguments, a missing argument (pluggy's error), and
call monitoring or tracing switched on after the callers were made. Registering or unregistering
a plugin makes the caller look at its implementations again.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

import pluggy
from pluggy import HookCaller

__all__ = ["SEVERAL", "DirectHookCaller", "direct_hooks"]

#: A direct call: ``(kwargs) -> result``, or ``None`` when the hook must go through pluggy.
_Direct = Callable[[dict[str, Any]], Any]

#: The owner :meth:`DirectHookCaller.owners` names when a hook's implementations come from several plugins.
SEVERAL = object()

_MISSING_ARGUMENT = object()   # returned by a direct call whose argument is missing: pluggy says which


def _direct_call(firstresult: bool, calls: list[tuple[Callable[..., Any], tuple[str, ...]]]) -> _Direct:
    """The direct call of plain implementations (in pluggy's call order), with pluggy's result."""
    if not calls:
        return (lambda kw: None) if firstresult else (lambda kw: [])
    if len(calls) == 1:
        fn, names = calls[0]
        if len(names) == 1:
            (name,) = names

            def one(kw: dict[str, Any]) -> Any:
                try:
                    arg = kw[name]
                except KeyError:
                    return _MISSING_ARGUMENT
                res = fn(arg)
                return res if firstresult else ([] if res is None else [res])
            return one

        get: Callable[[dict[str, Any]], Any] = itemgetter(*names) if names else (lambda kw: ())

        def single(kw: dict[str, Any]) -> Any:
            try:
                args = get(kw)
            except KeyError:
                return _MISSING_ARGUMENT
            res = fn(*args)
            return res if firstresult else ([] if res is None else [res])
        return single

    # Each implementation's arguments taken from the keywords at once; every name is checked to be
    # there before any implementation runs (pluggy names the missing one).
    needed = frozenset(n for _, names in calls for n in names)
    plan: list[tuple[Callable[..., Any], int, Callable[[dict[str, Any]], Any]]] = [
        (fn, len(names), itemgetter(*names) if names else dict) for fn, names in calls]   # dict: unused

    def several(kw: dict[str, Any]) -> Any:
        if not kw.keys() >= needed:
            return _MISSING_ARGUMENT
        results = []
        for fn, n, get in plan:
            if n == 1:
                res = fn(get(kw))
            elif n:
                res = fn(*get(kw))
            else:
                res = fn()
            if res is not None:
                if firstresult:
                    return res
                results.append(res)
        return None if firstresult else results
    return several


def _chained(fns: list[Callable[..., Any]], firstresult: bool) -> Callable[..., Any]:
    """Call ``fns`` in order with the same positional arguments, with pluggy's answer."""
    if firstresult:
        def first(*args: Any) -> Any:
            for fn in fns:
                res = fn(*args)
                if res is not None:
                    return res
            return None
        return first

    def every(*args: Any) -> list[Any]:
        results = []
        for fn in fns:
            res = fn(*args)
            if res is not None:
                results.append(res)
        return results
    return every


class DirectHookCaller(HookCaller):
    """A :class:`pluggy.HookCaller` that calls plain implementations directly (see the module)."""

    __slots__ = ("_direct", "_pm", "_exec", "_plan", "_sole", "_chain", "_owners")

    def __init__(self, original: HookCaller, pm: pluggy.PluginManager) -> None:
        # Same name, spec, history and (the same list object of) implementations as ``original``.
        HookCaller.__init__(self, original.name, original._hookexec)
        object.__setattr__(self, "_hookimpls", original._hookimpls)
        self.spec = original.spec
        self._call_history = original._call_history
        self._pm = pm
        self._exec = pm._inner_hookexec
        self._direct: _Direct | None = None
        #: One plain implementation taking arguments: ``(function, getter of its arguments from the
        #: keywords, how many, firstresult)``, called by :meth:`__call__` itself (set with ``_direct``).
        self._plan: tuple[Callable[..., Any], Callable[[dict[str, Any]], Any], int, bool] | None = None
        #: The same one implementation as ``(function, its argument names)``, for a caller that
        #: calls it itself (:meth:`sole`); ``None`` otherwise or until the first call.
        self._sole: tuple[Callable[..., Any], tuple[str, ...]] | None = None
        #: Every implementation taking the same arguments, in order: ``(their names, a function calling
        #: them with those arguments given positionally, with the hook's answer)``, for a caller that
        #: calls them itself (:meth:`chain`); ``None`` otherwise or until the first call.
        self._chain: tuple[tuple[str, ...], Callable[..., Any]] | None = None
        #: ``(how many implementations, the plugin that registered them all)`` (see :meth:`owners`);
        #: ``None`` until asked, and again whenever the implementations change.
        self._owners: tuple[int, object] | None = None

    def owners(self) -> tuple[int, object]:
        """``(n, plugin)``: how many implementations the hook has, and the one plugin that registered
        all of them (``None`` when there is none, :data:`SEVERAL` when they come from more than one
        plugin). Kept until the implementations change (a plugin registered or unregistered)."""
        owners = self._owners
        if owners is None:
            impls = self._hookimpls
            owner: object = impls[0].plugin if impls else None
            for impl in impls:
                if impl.plugin is not owner:
                    owner = SEVERAL
                    break
            owners = self._owners = (len(impls), owner)
        return owners

    def _make_direct(self) -> _Direct:
        direct = self._direct_call()
        self._plan = self._sole = self._chain = None
        impls = self._hookimpls
        if direct != self._through_pluggy and impls and all(impl.argnames == impls[0].argnames for impl in impls):
            spec = self.spec
            self._chain = (tuple(impls[0].argnames), _chained(
                [impl.function for impl in reversed(impls)],
                bool(spec.opts.get("firstresult", False)) if spec is not None else False))
        if direct != self._through_pluggy and len(impls) == 1 and impls[0].argnames:
            names = tuple(impls[0].argnames)
            spec = self.spec
            self._plan = (impls[0].function, itemgetter(*names), len(names),
                          bool(spec.opts.get("firstresult", False)) if spec is not None else False)
            self._sole = (impls[0].function, names)
        return direct

    def sole(self, names: tuple[str, ...]) -> Callable[..., Any] | None:
        """The hook's one plain implementation, when it takes exactly the arguments ``names`` (in
        that order) and calling the hook now would only call it with them (no wrapper, no
        monitoring or tracing, its callers made): ``fn(*args)`` is then the call, its answer the
        implementation's own (the hook's list holds it when it is not ``None``). ``None`` otherwise."""
        sole = self._sole   # (set only with ``_direct``, and forgotten with it: then its callers are made)
        if sole is not None and sole[1] == names and self._pm._inner_hookexec is self._exec:
            return sole[0]
        return None

    def chain(self, names: tuple[str, ...]) -> Callable[..., Any] | None:
        """A function calling the hook's plain implementations, all taking exactly the arguments
        ``names`` (in that order), as calling the hook now would (no wrapper, no monitoring or
        tracing, its callers made): ``fn(*args)`` is then the call, its answer the hook's (the list
        of the answers that are not ``None``, or the first of them for a ``firstresult`` hook).
        ``None`` otherwise."""
        chain = self._chain   # (set only with ``_direct``, and forgotten with it: then its callers are made)
        if chain is not None and chain[0] == names and self._pm._inner_hookexec is self._exec:
            return chain[1]
        return None

    def _direct_call(self) -> _Direct:
        spec = self.spec
        if self._call_history is not None or (spec is not None and spec.kwargdefaults):
            return self._through_pluggy
        calls = []
        for impl in reversed(self._hookimpls):
            if impl.hookwrapper or impl.wrapper or impl.kwargnames:
                return self._through_pluggy
            calls.append((impl.function, tuple(impl.argnames)))
        return _direct_call(bool(spec.opts.get("firstresult", False)) if spec is not None else False, calls)

    def idle(self) -> bool:
        """Would a call now do nothing but answer ``[]`` (or ``None``)? No implementation, no call
        history to keep, no monitoring or tracing to tell."""
        return not self._hookimpls and self._call_history is None and self._pm._inner_hookexec is self._exec

    def _through_pluggy(self, kwargs: dict[str, Any]) -> Any:
        return HookCaller.__call__(self, **kwargs)

    def __call__(self, **kwargs: object) -> Any:
        direct = self._direct
        if direct is None:
            direct = self._direct = self._make_direct()
        if self._pm._inner_hookexec is not self._exec:   # monitoring or tracing switched on
            return HookCaller.__call__(self, **kwargs)
        plan = self._plan
        if plan is not None:   # one implementation: called here (as _direct_call's would)
            fn, get, n, first = plan
            try:
                args = get(kwargs)
            except KeyError:
                return HookCaller.__call__(self, **kwargs)   # pluggy names the missing argument
            res = fn(args) if n == 1 else fn(*args)
            return res if first else ([] if res is None else [res])
        res = direct(kwargs)
        if res is _MISSING_ARGUMENT:
            return HookCaller.__call__(self, **kwargs)
        return res

    def _add_hookimpl(self, hookimpl: Any) -> None:
        HookCaller._add_hookimpl(self, hookimpl)
        self._direct = self._sole = self._chain = self._owners = None

    def _remove_plugin(self, plugin: Any) -> None:
        HookCaller._remove_plugin(self, plugin)
        self._direct = self._sole = self._chain = self._owners = None

    def set_specification(self, specmodule_or_class: Any, spec_opts: Any) -> None:
        HookCaller.set_specification(self, specmodule_or_class, spec_opts)
        self._direct = self._sole = self._chain = self._owners = None


def direct_hooks(pm: pluggy.PluginManager) -> pluggy.PluginManager:
    """Give ``pm`` direct hook callers (once; later calls change nothing). Returns ``pm``."""
    relay = vars(pm.hook)
    for name, caller in list(relay.items()):
        if type(caller) is HookCaller:
            relay[name] = DirectHookCaller(caller, pm)
    return pm
