"""The records that travel down the flow of one action: activations, pending triggers, choice
requests, actions — and the exception for a cost that cannot be paid."""
from __future__ import annotations

from typing import Any

import attrs

from ._frozen import direct_init
from .errors import IllegalAction
from .journal import Journaled


class CostUnpayable(IllegalAction):
    """A cost (or one component of it) cannot be paid."""


@direct_init
@attrs.frozen
class Action:
    """Something a player may do at an action window: activate an ability, play a card, attack,
    pass ... ``kind`` is a system word; ``card`` and ``ability`` name what it uses; ``data`` holds
    plain extra values (an attack target, a zone)."""

    kind: str
    player: int
    card: int | None = None
    ability: int | None = None
    data: tuple = ()
    label: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        """A value of ``data`` (given as ``(key, value)`` pairs)."""
        for k, v in self.data:
            if k == key:
                return v
        return default

    def __str__(self) -> str:
        return self.label or self.kind


@attrs.define(eq=False, slots=False, on_setattr=attrs.setters.NO_OP)
class PendingTrigger(Journaled):
    """A triggered ability waiting to be put on the stack, chain or queue (journaled once it is
    in the state's ``pending`` list, like the state's other objects)."""

    _containers = ("data",)

    card: int
    ability: int
    controller: int
    event: Any                     # the Event that made it trigger
    generation: int                # the card's generation when it triggered
    order: int = 0                 # arrival order (first in, first out)
    data: dict = attrs.field(factory=dict)

    def source_moved(self, game: Any) -> bool:
        """Has the card changed zone since the ability triggered (One Piece 8-1-3-1-3, Digimon 15-4-4)?"""
        return game.card(self.card).generation != self.generation


@attrs.define(eq=False)
class Activation:
    """An activation being built: who, which ability of which card, and the item it will become."""

    player: int
    card: Any                      # the Card
    ability: Any                   # the Ability
    card_activation: bool = False  # using the card itself (One Piece 8-5-2) rather than an effect of it
    trigger: PendingTrigger | None = None
    window: str | None = None
    item: Any = None
    data: dict = attrs.field(factory=dict)


@attrs.define
class ChoiceRequest:
    """A choice before it becomes a :class:`~rulestack.decisions.Decision`; the system's
    ``choice_rules`` hook adjusts it. ``count`` is what the text asks for; ``min``/``max`` are
    what the chooser may pick."""

    chooser: int
    candidates: list[int]
    count: int
    up_to: bool = False
    prompt: str = ""
    reason: str = "resolution"
    source: int | None = None
    secret: bool = False           # choosing unrevealed cards in a secret area (One Piece 8-4-4-2)
    look: bool = False             # the chooser looks at the candidates' faces (a deck search, 8-4-4-4)
    min: int = 0
    max: int = 0
    fail_if_short: bool = False    # fewer candidates than asked makes the choice fail (PMV 8.1.2.b)
    data: dict = attrs.field(factory=dict)

    def apply_default_rules(self) -> "ChoiceRequest":
        """Choose as many as possible up to ``count``; "up to" and secret choices may pick 0."""
        available = len(self.candidates)
        self.max = min(self.count, available)
        self.min = 0 if (self.up_to or self.secret) else self.max
        return self


@attrs.frozen
class GameResult:
    """How a game ended: the winners (empty for a draw), why, and how long it took."""

    winners: tuple[int, ...]
    reason: str
    turns: int
    decisions: int

    @property
    def draw(self) -> bool:
        return not self.winners

    def describe(self, names: list[str] | None = None) -> str:
        if self.draw:
            return f"draw ({self.reason}) after {self.turns} turns"
        who = ", ".join(names[w] if names else f"P{w}" for w in self.winners)
        return f"{who} won ({self.reason}) after {self.turns} turns"
