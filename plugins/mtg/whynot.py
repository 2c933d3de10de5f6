"""Why not, in Magic's words (issue 19: the terminal's ``?`` and ``Scenario.why_not``): when the
host's own check refuses a spell or ability because its cost cannot be paid, say which part and
why — "not enough mana: needs {4}{R}{R}, has 5 lands", the colours no source makes, the life a
Phyrexian symbol or a cost would take, nothing to sacrifice or discard — citing the rule.
Nothing here changes the game: it reads the pool and the lands (hook ``explain_refusal``).
"""
from __future__ import annotations

from rulestack import Activation, CostComponent, Game

from . import mana_pool, payment, rules
from .mana import COLORS, ManaCost, mana_of, sources


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def mana_shortfall(game: Game, player: int, cost: ManaCost) -> str | None:
    """Why ``player`` cannot pay a mana cost now, or ``None`` when they can: the cost, the
    untapped lands and pool they have, and which colours are missing (601.2g-h, 106.4)."""
    if payment.cheapest_resolution(game, player, cost) is not None:
        return None
    srcs = sources(game, player)
    pool = mana_pool.pool(game, player)
    lands = sum(1 for cid, _ in srcs if rules.is_land(game, game.card(cid)))
    have = _plural(len(srcs), "untapped land" if lands == len(srcs) else "untapped mana source")
    if pool:
        have += f" and {mana_pool.symbols(pool)} in the mana pool"
    need = cost.with_x(0)
    plain, _ = need.resolved(tuple(h.split("/")[0] for h in need.hybrid), tuple(True for _ in need.phyrexian))
    missing = []
    for color in COLORS:
        want = plain.count(color)
        supply = pool.get(color, 0) + sum(1 for _, made in srcs if color in made)
        if want > supply:
            missing.append(f"{{{color}}}" * (want - supply))
    why = f"not enough mana: needs {cost}, has {have}"
    if missing and len(srcs) + mana_pool.size(game, player) >= need.least_mana:
        why += f" (nothing makes {''.join(missing)})"
    if need.phyrexian and not need.hybrid:
        life = game.players[player].life or 0
        why += f"; {life} life for Phyrexian mana at 2 each (107.4f, 119.4)"
    return why + " (601.2g-h)"


def explain(game: Game, activation: Activation, problem: str) -> str | None:
    """The first part of the activation's total cost the player cannot pay, in Magic's words; or
    ``None`` (the host's wording stands) when the cost is not what refused it."""
    if "cannot be paid" not in problem:
        return None
    player = activation.player
    components = game.assemble_cost(activation)
    for comp in components:
        if comp.kind == "mana":
            said = mana_shortfall(game, player, mana_of(comp))
            if said:
                return said
        elif comp.kind == "pay_life":
            life = game.players[player].life or 0
            if comp.amount > life:
                return f"needs {comp.amount} life, has {life} (119.4)"
        else:
            kind = game.system.cost_kinds.get(comp.kind)
            cands = kind.candidates(game, player, comp, activation) if kind is not None else None
            if cands is not None and len(cands) < comp.amount:
                what = _what(comp)
                return (f"nothing to {kind.label}: needs {_plural(comp.amount, what)}, has {len(cands)} "
                        "(601.2h)")
    return None


def _what(comp: CostComponent) -> str:
    f = comp.params.get("filter") or {}
    types = f.get("types") if isinstance(f, dict) else None
    if isinstance(types, str):
        return types.lower()
    if isinstance(f, dict) and f.get("color"):
        return f"{f['color']} card"
    return "card" if comp.kind != "sacrifice" else "permanent"
