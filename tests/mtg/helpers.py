"""A small driver over :class:`rulestack.scenario.Scenario` for MTG positions.

Every decision is asked (``auto_single`` off), so a test can stop at any point a player would
receive priority. Decisions the test does not answer get a neutral default: pass priority, attack
and block with nothing, take the first option. ``act(label)`` passes until ``label`` is a legal
action and takes it; ``answer(entry)`` answers the pending decision.
"""
from __future__ import annotations

from typing import Any, Callable

from rulestack import decisions as d
from rulestack.scenario import Scenario


def default_answer(dec: d.Decision) -> Any:
    if dec.kind == d.ACTION:
        return [next(i for i, o in enumerate(dec.options) if o.value.kind == "pass")]
    if dec.kind == d.YES_NO:
        return dec.min == 1
    if dec.kind == d.ORDER:
        return list(range(len(dec.options)))
    if dec.kind == d.NUMBER:
        return dec.min
    return list(range(dec.min))


class Table:
    """An MTG game position under test."""

    def __init__(self, *, cr: str | None = None, system: str = "mtg", turn: int = 3, active: int = 0,
                 phase: str = "precombat_main", step: str | None = None, library: int = 10,
                 settings: dict | None = None) -> None:
        settings = dict(settings or {})
        if cr is not None:
            settings["cr"] = cr
        self.sc = Scenario(system, settings=settings)
        self.game = self.sc.game
        self.game.auto_single = False
        for p in (0, 1):
            self.sc.set_life(p, 20)
            self.sc.add_many(["Wind Drake"] * library, "library", p)
        self.sc.set_turn(turn=turn, active=active, phase=phase, step=step)
        self.started = False

    # -- building ------------------------------------------------------------------------------
    def add(self, name: str, zone: str = "battlefield", player: int = 0, **kw: Any) -> int:
        return self.sc.add(name, zone, player, **kw)

    def lands(self, name: str, n: int, player: int = 0) -> list[int]:
        return [self.add(name, "battlefield", player) for _ in range(n)]

    # -- running -------------------------------------------------------------------------------
    @property
    def decision(self) -> d.Decision | None:
        return self.sc.decision

    def start(self) -> "Table":
        if not self.started:
            self.started = True
            self.sc.run()
        return self

    def answer(self, entry: Any) -> "Table":
        """Answer the pending decision and run to the next one."""
        self.start()
        self.sc.answer(entry)
        self.sc.run()
        return self

    def step(self) -> "Table":
        """Give the pending decision its default answer."""
        return self.answer(default_answer(self.decision))

    def until(self, cond: Callable[[Any], bool], limit: int = 2000) -> "Table":
        """Default-answer decisions until ``cond(game)`` holds at a decision."""
        self.start()
        for _ in range(limit):
            if self.sc.result is not None:
                raise AssertionError(f"the game ended ({self.sc.result}) before the condition held\n"
                                     + self.sc.log_tail())
            if cond(self.game):
                return self
            self.step()
        raise AssertionError("the condition never held\n" + self.sc.log_tail())

    def offers(self, label: str, player: int | None = None) -> bool:
        dec = self.decision
        return (dec is not None and dec.kind == d.ACTION and (player is None or dec.player == player)
                and any(o.label == label for o in dec.options))

    def act(self, label: str, player: int | None = None) -> "Table":
        """Pass until ``label`` is a legal action (of ``player``), then take it."""
        self.until(lambda g: self.offers(label, player))
        return self.answer(label)

    def at_priority(self, player: int | None = None, phase: str | None = None, step: Any = "any") -> bool:
        dec, st = self.decision, self.game.state
        return (dec is not None and dec.kind == d.ACTION and (player is None or dec.player == player)
                and (phase is None or st.phase == phase) and (step == "any" or st.step == step))

    def to_priority(self, player: int | None = None, phase: str | None = None, step: Any = "any") -> "Table":
        return self.until(lambda g: self.at_priority(player, phase, step))

    def resolve_stack(self) -> "Table":
        """Pass until the stack is empty and someone has priority."""
        return self.until(lambda g: not g.state.stack and self.at_priority())

    # -- looking -----------------------------------------------------------------------------------
    def card(self, which: Any) -> Any:
        return self.sc.card(which)

    def pt(self, which: Any) -> tuple[int, int]:
        c = self.card(which)
        return self.game.value(c, "power"), self.game.value(c, "toughness")

    def lore(self, which: Any) -> int:
        return self.card(which).counters.get("lore", 0)

    def stack_labels(self) -> list[str]:
        out = []
        for it in self.game.state.stack:
            card = self.game.card(it.card)
            out.append(f"{card.name}: {card.definition.abilities[it.ability].label}")
        return out

    def zone(self, name: str, player: int | None = None) -> list[str]:
        return self.sc.zone(name, player)

    def events(self, kind: str | None = None, **fields: Any) -> list:
        return self.sc.events(kind, **fields)
