"""A faster ``__init__`` for the host's small frozen attrs classes that the rules make thousands of
times per game (events, actions, options).

attrs makes a frozen class's ``__init__`` set each field through ``object.__setattr__`` (the
class's own ``__setattr__`` refuses); :func:`direct_init` replaces it with one that sets each slot
through its descriptor, about half the cost. The object made is the same: same fields, defaults,
equality, hash, repr, pickling and ``attrs.evolve``; it stays frozen. A class's
``__attrs_post_init__`` runs last, as in the ``__init__`` attrs writes.
"""
from __future__ import annotations

from typing import Any, TypeVar, cast

import attrs

T = TypeVar("T")


def direct_init(cls: type[T]) -> type[T]:
    """Class decorator (put above ``@attrs.frozen``): give ``cls`` an ``__init__`` that sets its slots
    directly. Only for slotted classes whose fields are plain (positional, or with a default or a
    factory not taking ``self``; no converter, validator, alias, ``kw_only`` or ``__attrs_pre_init__``;
    an ``__attrs_post_init__`` is called after the fields are set, as attrs does); anything else is refused."""
    fields = attrs.fields(cast(Any, cls))
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__attrs_pre_init__"):
        raise TypeError(f"direct_init needs a slotted attrs class without __attrs_pre_init__: {cls.__name__}")
    namespace: dict[str, Any] = {"_NOTHING": attrs.NOTHING}
    params, body = [], []
    for f in fields:
        factory = f.default if isinstance(f.default, attrs.Factory) else None   # type: ignore[arg-type]
        if ((factory is not None and factory.takes_self) or f.converter is not None or f.validator is not None
                or not f.init or f.kw_only or f.alias != f.name):
            raise TypeError(f"direct_init supports plain fields only; {cls.__name__}.{f.name} is not")
        namespace[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is attrs.NOTHING:
            params.append(f.name)
            body.append(f"    _set_{f.name}(self, {f.name})")
        elif factory is not None:          # a new default value per object, as attrs makes it
            namespace[f"_factory_{f.name}"] = factory.factory
            params.append(f"{f.name}=_NOTHING")
            body.append(f"    _set_{f.name}(self, _factory_{f.name}() if {f.name} is _NOTHING else {f.name})")
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
            body.append(f"    _set_{f.name}(self, {f.name})")
    if hasattr(cls, "__attrs_post_init__"):
        body.append("    self.__attrs_post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"]) + "\n"
    exec(compile(source, f"<direct_init {cls.__qualname__}>", "exec"), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)
    return cls
