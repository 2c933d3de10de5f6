"""Mana: mana costs and their symbols (107.4, 202), the lands that make mana, and finding which
lands pay a plain cost.

A cost is a :class:`ManaCost` parsed from its printed symbols — generic, {W}{U}{B}{R}{G}, {C},
{X}, hybrid {R/W} and Phyrexian {R/P}. Where the mana goes and how a cost is paid: the pool in
:mod:`.mana_pool`, payment in :mod:`.payment`, the choices of 601.2b and the total of 601.2f in
:mod:`.costs`. Which lands get tapped is a choice of the player only when it matters (different
lands would stay untapped); otherwise it is deterministic.
"""
from __future__ import annotations

import functools
import itertools
import re
from typing import TYPE_CHECKING, Any, Iterable

import attrs

from rulestack import Activation, Card, Cause, CostComponent, CostKind, CostUnpayable, Game

from . import rules

if TYPE_CHECKING:
    from .system import MTGSystem

#: The five colours in WUBRG order (105.1).
COLORS = ("W", "U", "B", "R", "G")
#: The types of mana (106.1b): the five colours and colorless ({C}, 107.4c).
MANA_TYPES = COLORS + ("C",)
#: The colour of mana each basic land type's intrinsic ability makes (305.6).
BASIC_LAND_MANA = rules.BASIC_LAND_MANA
#: What paying a Phyrexian mana symbol with life costs (107.4f).
PHYREXIAN_LIFE = 2

_SYMBOL = re.compile(r"\{([^{}]+)\}")


@attrs.frozen(cache_hash=True)
class ManaCost:
    """A mana cost (107.4, 202.1): a generic amount, coloured and colorless symbols, hybrid
    symbols (``"R/W"``: either colour, 107.4e), Phyrexian symbols (a colour: that mana or 2 life,
    107.4f) and the number of {X} symbols (107.3). A cost with only generic, coloured and
    colorless symbols is *plain*: it is paid with mana alone."""

    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()
    hybrid: tuple[str, ...] = ()
    phyrexian: tuple[str, ...] = ()
    x: int = 0
    colorless: int = 0

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def parse(text: str) -> "ManaCost":
        """Parse ``"{X}{2}{R/W}{G/P}{W}{W}"``; an empty string is a cost of {0}. Raises
        ValueError naming the symbol it does not know."""
        generic = x = colorless = 0
        counts = dict.fromkeys(COLORS, 0)
        hybrid: list[str] = []
        phyrexian: list[str] = []
        rest = _SYMBOL.sub("", text or "").strip()
        if rest:
            raise ValueError(f"not a mana cost: {text!r} (write symbols in braces: {{2}}{{R}}{{R/W}}{{G/P}}{{X}})")
        for sym in _SYMBOL.findall(text or ""):
            parts = sym.split("/")
            if sym.isdigit():
                generic += int(sym)
            elif sym in counts:
                counts[sym] += 1
            elif sym == "C":
                colorless += 1
            elif sym == "X":
                x += 1
            elif len(parts) == 2 and parts[0] in COLORS and parts[1] == "P":
                phyrexian.append(parts[0])
            elif len(parts) == 2 and parts[0] in COLORS and parts[1] in COLORS and parts[0] != parts[1]:
                hybrid.append(sym)          # as printed: {R/W} for Boros, {W/U} for Azorius
            elif len(parts) == 2 and parts[0] == "2" and parts[1] in COLORS:
                hybrid.append(sym)          # monocolored hybrid {2/R}: {R} or {2} (107.4e)
            else:
                raise ValueError(f"unsupported mana symbol {{{sym}}} in {text!r} (known: {{N}}, {{W}}{{U}}{{B}}{{R}}{{G}}, "
                                 "{C}, {X}, hybrid {R/W} and {2/R}, Phyrexian {R/P})")
        return ManaCost(generic, tuple((c, n) for c, n in counts.items() if n), tuple(sorted(hybrid)),
                        tuple(sorted(phyrexian, key=COLORS.index)), x, colorless)

    @property
    def value(self) -> int:
        """The mana value (202.3): each hybrid or Phyrexian symbol counts one, a monocolored
        hybrid {2/R} two (202.3f), {X} zero (202.3e off the stack)."""
        return (self.generic + self.colorless + sum(n for _, n in self.colored) + len(self.phyrexian)
                + sum(2 if h.startswith("2/") else 1 for h in self.hybrid))

    @property
    def least_mana(self) -> int:
        """The least mana that can pay it with X = 0 (Phyrexian symbols paid with life, each
        hybrid symbol with one mana)."""
        return self.generic + self.colorless + sum(n for _, n in self.colored) + len(self.hybrid)

    @property
    def colors(self) -> tuple[str, ...]:
        """The colours of its symbols, hybrid and Phyrexian ones included (105.2, 202.2)."""
        found = {c for c, _ in self.colored} | {c for h in self.hybrid for c in h.split("/")} | set(self.phyrexian)
        return tuple(c for c in COLORS if c in found)

    @property
    def plain(self) -> bool:
        """Paid with mana alone: no hybrid, Phyrexian or X symbol is left to choose for."""
        return not (self.hybrid or self.phyrexian or self.x)

    def count(self, color: str) -> int:
        """How many plain symbols of ``color`` (``"C"`` for colorless)."""
        if color == "C":
            return self.colorless
        return dict(self.colored).get(color, 0)

    def with_x(self, value: int) -> "ManaCost":
        """The cost with X = ``value`` (107.3a): each {X} adds that much generic mana."""
        return attrs.evolve(self, generic=self.generic + self.x * value, x=0)

    def with_generic(self, delta: int) -> "ManaCost":
        """The cost with its generic part changed by ``delta``, never below {0} (601.2f: a
        reduction lowers only the generic part)."""
        return attrs.evolve(self, generic=max(0, self.generic + delta))

    def resolved(self, hybrid: tuple[str, ...], phyrexian: tuple[bool, ...]) -> tuple["ManaCost", int]:
        """The plain cost once a colour (or ``"2"`` for {2/R}) is chosen for each hybrid symbol (in
        order) and, for each Phyrexian symbol, whether it is paid with life (601.2b); with the life
        to pay."""
        counts = dict(self.colored)
        generic = self.generic
        for c in hybrid:
            if c == "2":
                generic += 2
            else:
                counts[c] = counts.get(c, 0) + 1
        life = 0
        for color, with_life in zip(self.phyrexian, phyrexian):
            if with_life:
                life += PHYREXIAN_LIFE
            else:
                counts[color] = counts.get(color, 0) + 1
        plain = ManaCost(generic, tuple((c, counts[c]) for c in COLORS if counts.get(c)), (), (), self.x,
                         self.colorless)
        return plain, life

    def resolutions(self) -> list[tuple["ManaCost", int, tuple[str, ...], tuple[bool, ...]]]:
        """Every way to pay its hybrid and Phyrexian symbols: (plain cost, life, hybrid colours,
        Phyrexian-with-life flags), cheapest in life first; one entry for a cost without them."""
        out = []
        seen = set()
        for hyb in itertools.product(*[h.split("/") for h in self.hybrid]):
            for phy in itertools.product((False, True), repeat=len(self.phyrexian)):
                plain, life = self.resolved(tuple(hyb), tuple(phy))
                if (plain, life) not in seen:
                    seen.add((plain, life))
                    out.append((plain, life, tuple(hyb), tuple(phy)))
        return sorted(out, key=lambda r: r[1])

    def __add__(self, other: "ManaCost") -> "ManaCost":
        counts = dict(self.colored)
        for c, n in other.colored:
            counts[c] = counts.get(c, 0) + n
        return ManaCost(self.generic + other.generic, tuple((c, counts[c]) for c in COLORS if counts.get(c)),
                        tuple(sorted(self.hybrid + other.hybrid)),
                        tuple(sorted(self.phyrexian + other.phyrexian, key=COLORS.index)),
                        self.x + other.x, self.colorless + other.colorless)

    def __str__(self) -> str:
        """The cost in symbols, generic first: ``{X}{2}{R/W}{G/P}{W}``; {0} when it is free
        (worked out once per cost: see :data:`_TEXTS`)."""
        text = _TEXTS.get(self)
        if text is None:
            text = _TEXTS[self] = self._text()
        return text

    def _text(self) -> str:
        out = "{X}" * self.x + (f"{{{self.generic}}}" if self.generic else "") + "{C}" * self.colorless
        out += "".join(f"{{{h}}}" for h in self.hybrid) + "".join(f"{{{c}/P}}" for c in self.phyrexian)
        out += "".join(f"{{{c}}}" * n for c, n in self.colored)
        return out or "{0}"


#: The symbols of each cost met (:meth:`ManaCost.__str__`); costs are values and few.
_TEXTS: dict[ManaCost, str] = {}


def mana_value(game: Game, card: Card) -> int:
    """A card's mana value now (202.3): that of its mana cost, {X} counting 0 (202.3e) — except
    for a spell on the stack, where each {X} counts the value chosen for it as it was cast."""
    cost = ManaCost.parse(game.value(card, "mana_cost") or "")
    value = cost.value
    if cost.x and card.zone == "stack":
        for item in game.state.stack:
            if item.kind == "spell" and item.card == card.id:
                value += cost.x * int(item.data.get("x", 0) or 0)
                break
    return value


def colors_of(text: str | None) -> tuple[str, ...]:
    """The colours of a card from its mana cost (105.2)."""
    return ManaCost.parse(text or "").colors


# -- mana sources --------------------------------------------------------------------------------

def produced_colors(game: Game, card: Card) -> frozenset[str]:
    """The colours of mana a permanent's mana abilities make: a basic land type's intrinsic
    ability (305.6) plus a ``produces`` field (a nonbasic land's, or a creature's or artifact's
    "{T}: Add ..." ability, 605.1a); nothing once it has lost all abilities."""
    if game.abilities_removed(card):
        return frozenset()
    out = {BASIC_LAND_MANA[t] for t in rules.subtypes_of(game, card) if t in BASIC_LAND_MANA}
    out.update(card.definition.fields.get("produces") or ())
    return frozenset(out)


def sources(game: Game, player: int) -> list[tuple[int, frozenset[str]]]:
    """The untapped permanents ``player`` controls whose {T} mana abilities can be activated now,
    in battlefield order: lands, and other permanents with ``produces`` (a creature — a land
    animated into one too — only once its controller has controlled it continuously since their
    most recent turn began, or it has haste: 302.6). Worked out once per journal version and
    player (the list is shared: callers do not change it)."""
    system: MTGSystem = game.system   # type: ignore[assignment]
    version = game.journal.version
    known = system.mana_sources
    if known[0] == version and known[1] == player:
        return list(known[2])
    out = _sources(game, player)
    if game.journal.version == version:
        system.mana_sources = (version, player, tuple(out))
    return out


def _sources(game: Game, player: int) -> list[tuple[int, frozenset[str]]]:
    out = []
    state = game.state
    cards = state.cards
    if not rules.printed_types_hold(game):
        for card in [cards[i] for i in state.zones[("battlefield", player)].cards]:
            if card.status.get("tapped"):
                continue
            if not rules.is_land(game, card) and not card.definition.fields.get("produces"):
                continue
            if rules.is_creature(game, card) and rules.summoning_sick(game, card):
                continue        # 302.6: a land that is a creature too (animated) as well
            colors = produced_colors(game, card)
            if colors:
                out.append((card.id, colors))
        return out
    known, printed = rules.PRINTED.get, rules.printed
    kept = rules.abilities_never_removed(game)
    for cid in state.zones[("battlefield", player)].cards:
        card = cards[cid]
        if card.status.get("tapped"):
            continue
        facts = known(id(card.definition)) or printed(card.definition)
        if not facts.land and not facts.produces:
            continue
        if facts.creature and rules.summoning_sick(game, card):
            continue        # 302.6: a land that is a creature too (animated) as well
        if facts.mana and (kept or not game.abilities_removed(card)):
            out.append((cid, facts.mana))
    return out


# -- finding a payment ---------------------------------------------------------------------------

def _assign_colored(cost: ManaCost, srcs: list[tuple[int, frozenset[str]]]) -> list[int] | None:
    """Sources for the coloured symbols (a small matching, scarce colours and one-colour
    sources first), or ``None`` when they cannot all be paid."""
    if not cost.colored and not cost.colorless:
        return []
    symbols = [c for c, n in cost.colored for _ in range(n)] + ["C"] * cost.colorless
    kinds = set(symbols)
    order = sorted(srcs, key=lambda s: len(s[1]))
    if len(kinds) == 1:
        # One kind of symbol: the search below takes the first sources (in this order) that make
        # it, one per symbol, and fails only when there are not enough of them.
        (symbol,) = kinds
        fit = [sid for sid, cs in order if symbol in cs]
        return fit[:len(symbols)] if len(fit) >= len(symbols) else None
    supply = {c: sum(1 for _, cs in srcs if c in cs) for c in kinds}
    symbols.sort(key=lambda c: supply[c])
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
    kind = _KINDS.get(colors)
    if kind is None:
        kind = _KINDS[colors] = "".join(c for c in MANA_TYPES if c in colors)
    return kind


#: The kind of each set of colours a source makes (its colours in WUBRGC order), once per set.
_KINDS: dict[frozenset[str], str] = {}


def find_payment(cost: ManaCost, srcs: list[tuple[int, frozenset[str]]]) -> list[int] | None:
    """A deterministic set of sources paying ``cost`` exactly, or ``None``. Generic mana comes
    from the most plentiful kind of land left, so the lands that stay untapped are as varied as
    possible. A function of the cost and the sources: the answers are kept (:data:`_PAYMENTS`)."""
    key = (cost, tuple(srcs))
    known = _PAYMENTS.get(key, _UNKNOWN)
    if known is _UNKNOWN:
        if len(_PAYMENTS) >= _PAYMENTS_KEPT:
            _PAYMENTS.clear()
        found = _find_payment(cost, srcs)
        known = _PAYMENTS[key] = tuple(found) if found is not None else None
    return list(known) if known is not None else None


#: find_payment's answers by cost and sources (at most _PAYMENTS_KEPT of them: then it starts over).
_PAYMENTS: dict[tuple[ManaCost, tuple[tuple[int, frozenset[str]], ...]], tuple[int, ...] | None] = {}
_PAYMENTS_KEPT = 1024
_UNKNOWN: Any = object()


def _find_payment(cost: ManaCost, srcs: list[tuple[int, frozenset[str]]]) -> list[int] | None:
    colored = _assign_colored(cost, srcs)
    if colored is None:
        return None
    rest = [s for s in srcs if s[0] not in colored]
    if len(rest) < cost.generic:
        return None
    groups: dict[str, list[int]] = {}
    for sid, cs in rest:
        groups.setdefault(_kind(cs), []).append(sid)
    if len(groups) == 1:      # one kind of source: the first ones (what the loop below would take)
        return colored + next(iter(groups.values()))[:cost.generic]
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


class TapCostKind(CostKind):
    """The {T} symbol: tap this permanent (a creature needs to have been under its controller's
    control since their most recent turn began, or haste: 302.6)."""

    label = "tap"

    def pay(self, game: Game, player: int, component: CostComponent, chosen: list[int],
            activation: Activation) -> dict[str, Any]:
        card = activation.card
        if card.zone != "battlefield" or card.status.get("tapped"):
            raise CostUnpayable(f"{card.name} is not an untapped permanent")
        if rules.is_creature(game, card) and rules.summoning_sick(game, card):
            raise CostUnpayable(f"{card.name} has summoning sickness")
        game.set_status(card, "tapped", True, cause=Cause.COST, source=card.id, by=player)
        return {"tapped": [card.id]}

    def payable(self, game: Game, player: int, component: CostComponent, chosen: list[int],
                activation: Activation) -> bool | None:
        """What :meth:`pay` would do, without tapping: whether this permanent is untapped on the
        battlefield and not a creature with summoning sickness."""
        card = activation.card
        if card.zone != "battlefield" or card.status.get("tapped"):
            return False
        return not (rules.is_creature(game, card) and rules.summoning_sick(game, card))
