"""Mana: mana costs, the lands that make mana, and paying a cost by tapping them (601.2g-h).

There is no floating mana pool: a mana cost is a cost component (``{"mana", "{2}{W}"}``) whose
payment taps the player's lands for exactly that mana, as one all-or-nothing step. Which lands get
tapped is a choice of the player only when it matters (different lands would stay untapped);
otherwise it is deterministic. The choice is made in :func:`choose_plan` while the spell or ability
is announced, so the dry-run payments the host makes to check a cost never ask anyone anything.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Iterable

import attrs

from rulestack import Cause, CostComponent, CostKind, CostUnpayable

from . import rules

#: The five colours in WUBRG order (105.1).
COLORS = ("W", "U", "B", "R", "G")
#: The colour of mana each basic land type's intrinsic ability makes (305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

_SYMBOL = re.compile(r"\{([^{}]+)\}")


@attrs.frozen
class ManaCost:
    """A mana cost: a generic amount and the coloured symbols (hybrid, Phyrexian and X costs are
    not in the card pool)."""

    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def parse(text: str) -> "ManaCost":
        """Parse ``"{2}{W}{W}"``; an empty string is a cost of {0}."""
        generic = 0
        counts = dict.fromkeys(COLORS, 0)
        rest = _SYMBOL.sub("", text or "").strip()
        if rest:
            raise ValueError(f"not a mana cost: {text!r}")
        for sym in _SYMBOL.findall(text or ""):
            if sym.isdigit():
                generic += int(sym)
            elif sym in counts:
                counts[sym] += 1
            else:
                raise ValueError(f"unsupported mana symbol {{{sym}}} in {text!r}")
        return ManaCost(generic, tuple((c, n) for c, n in counts.items() if n))

    @property
    def value(self) -> int:
        """The mana value (202.3)."""
        return self.generic + sum(n for _, n in self.colored)

    @property
    def colors(self) -> tuple[str, ...]:
        return tuple(c for c, _ in self.colored)

    def __add__(self, other: "ManaCost") -> "ManaCost":
        counts = dict(self.colored)
        for c, n in other.colored:
            counts[c] = counts.get(c, 0) + n
        return ManaCost(self.generic + other.generic, tuple((c, counts[c]) for c in COLORS if counts.get(c)))

    def __str__(self) -> str:
        out = f"{{{self.generic}}}" if self.generic or not self.colored else ""
        return out + "".join(f"{{{c}}}" * n for c, n in self.colored)


def colors_of(text: str | None) -> tuple[str, ...]:
    """The colours of a card from its mana cost (105.2)."""
    return ManaCost.parse(text or "").colors


# -- mana sources --------------------------------------------------------------------------------

def produced_colors(game: Any, card: Any) -> frozenset[str]:
    """The colours of mana a permanent's mana abilities make: a basic land type's intrinsic
    ability (305.6) plus a ``produces`` field; nothing once it has lost all abilities."""
    if game.abilities_removed(card):
        return frozenset()
    out = {BASIC_LAND_MANA[t] for t in rules.subtypes_of(game, card) if t in BASIC_LAND_MANA}
    out.update(card.definition.fields.get("produces") or ())
    return frozenset(out)


def sources(game: Any, player: int) -> list[tuple[int, frozenset[str]]]:
    """The untapped lands ``player`` controls that can make mana, in battlefield order."""
    out = []
    for card in game.cards_in("battlefield", player):
        if card.status.get("tapped") or not rules.is_land(game, card):
            continue
        colors = produced_colors(game, card)
        if colors:
            out.append((card.id, colors))
    return out


# -- finding a payment ---------------------------------------------------------------------------

def _assign_colored(cost: ManaCost, srcs: list[tuple[int, frozenset[str]]]) -> list[int] | None:
    """Sources for the coloured symbols (a small matching, scarce colours and one-colour
    sources first), or ``None`` when they cannot all be paid."""
    symbols = [c for c, n in cost.colored for _ in range(n)]
    supply = {c: sum(1 for _, cs in srcs if c in cs) for c in COLORS}
    symbols.sort(key=lambda c: supply[c])
    order = sorted(srcs, key=lambda s: len(s[1]))
    used: list[int] = []

    def place(i: int) -> bool:
        if i == len(symbols):
            return True
        for sid, cs in order:
            if symbols[i] in cs and sid not in used:
                used.append(sid)
                if place(i + 1):
                    return True
                used.pop()
        return False

    return list(used) if place(0) else None


def _kind(colors: frozenset[str]) -> str:
    return "".join(c for c in COLORS if c in colors)


def find_payment(cost: ManaCost, srcs: list[tuple[int, frozenset[str]]]) -> list[int] | None:
    """A deterministic set of sources paying ``cost`` exactly, or ``None``. Generic mana comes
    from the most plentiful kind of land left, so the lands that stay untapped are as varied as
    possible."""
    colored = _assign_colored(cost, srcs)
    if colored is None:
        return None
    rest = [s for s in srcs if s[0] not in colored]
    if len(rest) < cost.generic:
        return None
    groups: dict[str, list[int]] = {}
    for sid, cs in rest:
        groups.setdefault(_kind(cs), []).append(sid)
    generic: list[int] = []
    for _ in range(cost.generic):
        kind = max(sorted(groups), key=lambda k: (len(groups[k]), -len(k)))
        generic.append(groups[kind].pop(0))
        if not groups[kind]:
            del groups[kind]
    return colored + generic


def payment_plans(cost: ManaCost, srcs: list[tuple[int, frozenset[str]]], limit: int = 12) -> list[list[int]]:
    """The materially different ways to pay ``cost``: one plan per mix of land kinds used for the
    generic part (identical untapped lands are interchangeable). The first is the default plan."""
    default = find_payment(cost, srcs)
    if default is None:
        return []
    colored = _assign_colored(cost, srcs) or []
    rest = [s for s in srcs if s[0] not in colored]
    groups: dict[str, list[int]] = {}
    for sid, cs in rest:
        groups.setdefault(_kind(cs), []).append(sid)
    kinds = sorted(groups)
    plans: list[list[int]] = [default]
    seen = {_signature(default, srcs)}

    def compose(i: int, left: int, picked: list[int]) -> None:
        if len(plans) >= limit:
            return
        if i == len(kinds):
            if left == 0:
                plan = colored + picked
                sig = _signature(plan, srcs)
                if sig not in seen:
                    seen.add(sig)
                    plans.append(plan)
            return
        ids = groups[kinds[i]]
        for n in range(min(left, len(ids)), -1, -1):
            compose(i + 1, left - n, picked + ids[:n])

    compose(0, cost.generic, [])
    return plans


def _signature(plan: Iterable[int], srcs: list[tuple[int, frozenset[str]]]) -> tuple[str, ...]:
    kinds = dict((sid, _kind(cs)) for sid, cs in srcs)
    return tuple(sorted(kinds[s] for s in plan))


# -- the cost kind -------------------------------------------------------------------------------

def mana_of(component: CostComponent) -> ManaCost:
    """The mana cost a ``mana`` component stands for (``{"mana", "{1}{R}"}``)."""
    text = component.params.get("mana", component.params.get("amount_word", ""))
    return ManaCost.parse(str(text))


def merge_mana(components: list[CostComponent]) -> list[CostComponent]:
    """Lock in the total cost (601.2f): every mana component becomes one, placed first."""
    mana = [c for c in components if c.kind == "mana"]
    if len(mana) <= 1:
        return components
    total = ManaCost()
    for c in mana:
        total = total + mana_of(c)
    merged = CostComponent("mana", total.value, {"mana": str(total)})
    return [merged] + [c for c in components if c.kind != "mana"]


class ManaCostKind(CostKind):
    """Pay a mana cost by tapping lands (cause ``cost``). Raises
    :class:`~rulestack.CostUnpayable` when the untapped lands cannot make the mana."""

    label = "pay mana"

    def pay(self, game: Any, player: int, component: CostComponent, chosen: list[int], activation: Any) -> dict:
        cost = mana_of(component)
        if cost.value == 0:
            return {"mana": str(cost)}
        srcs = sources(game, player)
        plan = activation.data.get("mana_plan")
        available = {sid for sid, _ in srcs}
        if plan is None or not set(plan) <= available or find_payment(cost, [s for s in srcs if s[0] in plan]) is None:
            plan = find_payment(cost, srcs)
        if plan is None:
            raise CostUnpayable(f"P{player} cannot make {cost} with untapped lands")
        for sid in plan:
            game.set_status(sid, "tapped", True, cause=Cause.COST, source=activation.card.id, by=player)
        return {"mana": str(cost), "lands": list(plan)}


class TapCostKind(CostKind):
    """The {T} symbol: tap this permanent (a creature needs to have been under its controller's
    control since their most recent turn began, or haste: 302.6)."""

    label = "tap"

    def pay(self, game: Any, player: int, component: CostComponent, chosen: list[int], activation: Any) -> dict:
        card = activation.card
        if card.zone != "battlefield" or card.status.get("tapped"):
            raise CostUnpayable(f"{card.name} is not an untapped permanent")
        if rules.is_creature(game, card) and rules.summoning_sick(game, card):
            raise CostUnpayable(f"{card.name} has summoning sickness")
        game.set_status(card, "tapped", True, cause=Cause.COST, source=card.id, by=player)
        return {"tapped": [card.id]}


def choose_plan(game: Any, activation: Any, components: list[CostComponent]) -> None:
    """Let the player choose which lands to tap when it matters (601.2g); the plan is kept on the
    activation for the payment that follows."""
    mana = [c for c in components if c.kind == "mana"]
    if not mana:
        return
    cost = mana_of(mana[0])
    if cost.generic == 0:
        return
    plans = payment_plans(cost, sources(game, activation.player))
    if len(plans) <= 1:
        return
    names = {c.id: c.name for c in game.cards_in("battlefield", activation.player)}
    labels = ["tap " + ", ".join(names[s] for s in plan) for plan in plans]
    pick = game.choose_option(activation.player, labels, f"pay {cost} for {activation.card.name}",
                              source=activation.card.id)
    activation.data["mana_plan"] = plans[pick]
