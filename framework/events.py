"""Events: the record of every change to the game state.

Each primitive of :class:`rulestack.Game` records one :class:`Event` carrying its **cause**
(what kind of thing made it happen), its **source** (the card responsible, if any) and the
**player** responsible. Rules read those tags: "sent to the GY by a card effect" (cause
``effect``, not ``cost``), "deleted by rules at 0 DP" (cause ``rule``), "K.O." versus "trashed by
rule", "near-death by battle damage" (cause ``battle``).
"""
from __future__ import annotations

import json
from typing import Any, Mapping

import attrs

from ._frozen import direct_init
from .escape import escape_json


class Cause:
    """The closed set of causes an event can have."""

    EFFECT = "effect"   #: a card's effect resolving (or a continuous effect applying)
    COST = "cost"       #: paying a cost; never an effect
    RULE = "rule"       #: game rules: turn-based actions, state checks, setup
    BATTLE = "battle"   #: battle / combat damage and its consequences
    ACTION = "action"   #: a player's game action that is neither cost nor effect (playing a land, a Normal Summon)

    ALL = frozenset({EFFECT, COST, RULE, BATTLE, ACTION})


@direct_init
@attrs.frozen(slots=True)
class Event:
    """One recorded change. ``data`` holds plain values only (ids, names, numbers)."""

    seq: int
    kind: str
    cause: str
    source: int | None
    player: int | None
    data: Mapping[str, Any] = attrs.field(factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """A field of ``data``."""
        return self.data.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        """A plain dict, the form used by logs and replays."""
        return {"seq": self.seq, "kind": self.kind, "cause": self.cause, "source": self.source,
                "player": self.player, **self.data}

    def to_json(self) -> str:
        """Canonical JSON (sorted keys), the same bytes for the same event; characters that act on
        a display (C1 controls, bidi overrides ...) are written as escapes (:mod:`rulestack.escape`)."""
        return escape_json(json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False))

    def matches(self, **fields: Any) -> bool:
        """True when every given field equals this event's field (``kind``, ``cause``, ... or data)."""
        d = self.to_dict()
        return all(d.get(k, _ABSENT) == v for k, v in fields.items())

    def __str__(self) -> str:
        extra = " ".join(f"{k}={v}" for k, v in self.data.items())
        src = f" source={self.source}" if self.source is not None else ""
        who = f" player={self.player}" if self.player is not None else ""
        return f"#{self.seq} {self.kind} [{self.cause}]{src}{who} {extra}".rstrip()


_ABSENT = object()
