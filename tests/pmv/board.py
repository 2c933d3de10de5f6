"""Building Phantom Magic Vision positions for scenario tests.

The test cards in ``cards/`` (codes ``TEST-...``) carry the texts of the RULES.md C2 checklist;
:data:`SYSTEM` is the ``pmv`` system with them added to its pool. A position has filler decks,
25 life and ``nodes`` active nodes per player, and starts in the turn player's Main Phase.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

from rulestack.harness.systems import with_cards
from rulestack.scenario import Scenario

CARDS = Path(__file__).parent / "cards"
SYSTEM = with_cards("pmv", [CARDS])
FILLER = "大妖精"
#: A card each player holds so that the turn player always has a choice (setting a node), so the
#: scenario pauses there instead of the host answering a lone "pass" and playing on.
KEEPER = "試験の巨人"


def position(*, active: int = 0, turn: int = 3, phase: str | None = "main", deck: tuple[int, int] = (10, 10),
             nodes: tuple[int, int] = (0, 0), life: tuple[int, int] = (25, 25), seed: int = 0,
             plugins: Iterable[Any] = (), settings: dict | None = None) -> Scenario:
    sc = Scenario(SYSTEM, seed=seed, plugins=plugins, settings=settings)
    for p in (0, 1):
        sc.add_many([FILLER] * deck[p], "deck", p)
        for _ in range(nodes[p]):
            sc.add(FILLER, "nodes", p, face_up=False)
        sc.add(KEEPER, "hand", p)
        sc.set_life(p, life[p])
    sc.set_turn(turn=turn, active=active, phase=phase)
    return sc


def field(sc: Scenario, name: str, player: int, **status: Any) -> int:
    """Put a card onto a player's field, active unless ``sleep=True``."""
    return sc.add(name, "field", player, status={k: v for k, v in status.items() if v is not None} or None)


def hand(sc: Scenario, player: int) -> list[str]:
    """A player's hand without the keeper card."""
    names = sc.zone("hand", player)
    if KEEPER in names:
        names.remove(KEEPER)
    return names


def settled(sc: Scenario) -> bool:
    """Nothing waits to resolve and the turn player has priority."""
    d = sc.decision
    return (d is not None and d.kind == "action" and d.player == sc.game.state.active_player and not sc.stack
            and sc.game.value_of(None, "attack") is None)


def act(sc: Scenario, *answers: Any, then: Iterable[Any] = ()) -> Scenario:
    """Queue ``answers`` (plays, attacks, X, 目標 ...), then pass priority — whoever holds it —
    until the interference has resolved; ``then`` answers, in order, the other decisions that
    come up meanwhile (choices at resolution, optional auto effects)."""
    pending = list(then)
    sc.answer(*answers).run()
    for _ in range(200):
        if sc.result is not None:
            return sc
        d = sc.decision
        if d.kind == "action":
            if settled(sc) and not sc.script:
                assert not pending, f"answers left unused: {pending}"
                return sc
            sc.answer("pass").run()
        else:
            assert pending, f"unexpected decision {d.describe()}"
            sc.answer(pending.pop(0)).run()
    raise AssertionError(f"the interference did not resolve; at {sc.decision}")


def pass_until(sc: Scenario, done: Callable[[Scenario], bool], limit: int = 200) -> Scenario:
    """Answer ``pass`` (or "no") to every decision until ``done(sc)`` or the game ends."""
    sc.run()
    for _ in range(limit):
        if sc.result is not None or done(sc):
            return sc
        d = sc.decision
        labels = [o.label for o in d.options] if d is not None and d.options else []
        sc.answer("pass" if "pass" in labels else (False if d.kind == "yes_no" else 0)).run()
    raise AssertionError(f"not done after {limit} decisions; at {sc.decision}")


def order_of(sc: Scenario, kind: str, **fields: Any) -> list[int]:
    return [e.seq for e in sc.events(kind, **fields)]
