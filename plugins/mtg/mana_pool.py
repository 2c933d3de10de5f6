"""The mana pool (106.4): where mana goes when it is made, and from which costs are paid.

Each player's pool is the player value ``mana_pool``, a string of mana letters in WUBRGC order
(``"RRG"`` is {R}{R}{G}); an empty pool is ``""``. Mana is added by a mana ability (605) — a
land's, activated as an action while the player holds priority, or during the payment of a cost
(601.2g) — and stays there while players pass priority, until the step or phase ends: then every
pool empties (106.4, 500.4; there is no mana burn). Paying a cost spends the pool first, then
taps lands for the rest (601.2h).

Players activate mana abilities as actions only while the stack is not empty ("tap lands in
response", 605.3a) and they hold something the mana could pay for at that speed (an instant, a
card with flash, an activated ability with a mana cost): with an empty stack, tapping a land
before casting is the same as tapping it while paying, and mana nothing can spend only empties.
So the choice is left to the payment, and the random agent does not tap lands for nothing.
"""
from __future__ import annotations

from rulestack import Action, Cause, Game, RulestackError

from . import rules
from .mana import MANA_TYPES, ManaCost, sources

#: The player value holding a player's mana pool.
POOL = "mana_pool"
#: The action kind of activating a land's mana ability (605.3a).
ADD_MANA = "add_mana"


def pool(game: Game, player: int) -> dict[str, int]:
    """The mana in ``player``'s pool, by type (W, U, B, R, G and C for colorless)."""
    text = game.value_of(player, POOL) or ""
    return {m: text.count(m) for m in MANA_TYPES if m in text}


def size(game: Game, player: int) -> int:
    """How much mana is in ``player``'s pool."""
    return len(game.value_of(player, POOL) or "")


def as_text(counts: dict[str, int]) -> str:
    """Mana as letters in WUBRGC order: ``{"R": 2, "G": 1}`` is ``"RRG"``."""
    return "".join(m * counts.get(m, 0) for m in MANA_TYPES)


def symbols(counts: dict[str, int] | str) -> str:
    """Mana as symbols: ``"{R}{R}{G}"``; ``"nothing"`` for no mana."""
    text = counts if isinstance(counts, str) else as_text(counts)
    return "".join(f"{{{m}}}" for m in text) or "nothing"


def _set(game: Game, player: int, counts: dict[str, int]) -> None:
    game.set_value(player, POOL, as_text(counts))


def add(game: Game, player: int, mana: str, *, source: int | None, cause: str = Cause.EFFECT) -> None:
    """Add mana (letters, ``"R"`` or ``"GG"``) to ``player``'s pool (106.4); recorded as
    ``mana_added``."""
    counts = pool(game, player)
    for m in mana:
        if m not in MANA_TYPES:
            raise ValueError(f"not a type of mana: {m!r} (one of {', '.join(MANA_TYPES)})")
        counts[m] = counts.get(m, 0) + 1
    _set(game, player, counts)
    game.record("mana_added", cause=cause, source=source, player=player, mana=mana, pool=as_text(counts))


def spend(cost: ManaCost, counts: dict[str, int], generic_from: str | None = None) -> tuple[ManaCost, dict[str, int]]:
    """Spend pool mana on a plain cost: coloured and colorless symbols from mana of their type
    first, then the generic part from whatever is left — the mana ``generic_from`` names first
    (letters: the player's choice, 601.2h), then in a fixed order. Returns the part still to pay
    and the mana spent."""
    left = dict(counts)
    used: dict[str, int] = {}
    colored = []
    for color, n in cost.colored:
        take = min(n, left.get(color, 0))
        left[color] = left.get(color, 0) - take
        used[color] = used.get(color, 0) + take
        if n - take:
            colored.append((color, n - take))
    take_c = min(cost.colorless, left.get("C", 0))
    left["C"] = left.get("C", 0) - take_c
    used["C"] = used.get("C", 0) + take_c
    generic = cost.generic
    for m in generic_from or "":                           # the mana the player chose to spend
        if generic and left.get(m, 0) > 0:
            left[m] -= 1
            used[m] = used.get(m, 0) + 1
            generic -= 1
    for m in ("C",) + tuple(reversed(MANA_TYPES[:-1])):    # colorless first, then R, G ... W
        take = min(generic, left.get(m, 0))
        left[m] = left.get(m, 0) - take
        used[m] = used.get(m, 0) + take
        generic -= take
    rest = ManaCost(generic, tuple(colored), (), (), 0, cost.colorless - take_c)
    return rest, {m: n for m, n in used.items() if n}


def generic_choices(cost: ManaCost, counts: dict[str, int]) -> list[str]:
    """601.2h: the different ways the pool can pay a plain cost's generic part once its coloured
    and colorless symbols have taken mana of their type: each a set of mana letters (as much of
    the generic part as the pool covers). One entry when it makes no difference (``"RR"`` for
    {1}), none when no pool mana is left for it."""
    left = dict(counts)
    for color, n in cost.colored:
        left[color] = max(0, left.get(color, 0) - n)
    left["C"] = max(0, left.get("C", 0) - cost.colorless)
    k = min(cost.generic, sum(left.values()))
    if k <= 0:
        return []
    out: list[str] = []

    def pick(i: int, need: int, chosen: str) -> None:
        if need == 0:
            out.append(chosen)
            return
        if i == len(MANA_TYPES):
            return
        m = MANA_TYPES[i]
        for n in range(min(need, left.get(m, 0)), -1, -1):
            pick(i + 1, need - n, chosen + m * n)

    pick(0, k, "")
    return out


def take(game: Game, player: int, used: dict[str, int]) -> None:
    """Remove spent mana from ``player``'s pool (quietly: the payment is what is recorded)."""
    counts = pool(game, player)
    for m, n in used.items():
        counts[m] = counts.get(m, 0) - n
        if counts[m] < 0:
            raise ValueError(f"P{player} spends {n} {m} but has only {counts[m] + n} in their pool")
    _set(game, player, {m: n for m, n in counts.items() if n})


def empty_all(game: Game) -> None:
    """500.4, 106.4: as a step or phase ends, every mana pool empties; unspent mana is lost
    (recorded as ``mana_emptied``)."""
    for p in range(len(game.players)):
        text = game.value_of(p, POOL) or ""
        if text:
            game.set_value(p, POOL, "")
            game.record("mana_emptied", cause=Cause.RULE, player=p, mana=text,
                        step=game.state.step or game.state.phase)


# -- mana abilities as actions (605.3a) ----------------------------------------------------------------

def actions(game: Game, player: int) -> list[Action]:
    """The mana abilities ``player`` may activate now, while the stack is not empty: one action
    per kind of untapped mana source (a land, a mana creature) and colour it makes (identical
    sources offer one choice)."""
    if not game.state.stack or not _could_spend(game, player):
        return []
    out = []
    seen: set[tuple[str, str]] = set()
    for cid, made in sources(game, player):
        card = game.card(cid)
        for m in sorted(made, key=MANA_TYPES.index):
            if (card.name, m) in seen:
                continue
            seen.add((card.name, m))
            out.append(Action(ADD_MANA, player, card.id, data=(("mana", m),), label=f"tap {card.name} for {{{m}}}"))
    return out


def _could_spend(game: Game, player: int) -> bool:
    """Whether ``player`` holds an instant or a card with flash, or controls a permanent with an
    activated ability that costs mana: something floating mana could pay for now. Read from the
    printed facts while printed types and Flash hold."""
    state = game.state
    cards, zones = state.cards, state.zones
    known, printed = rules.PRINTED.get, rules.printed
    if rules.printed_types_hold(game) and rules.printed_keyword_holds(game, "Flash"):
        for cid in zones[("hand", player)].cards:
            definition = cards[cid].definition
            facts = known(id(definition)) or printed(definition)
            if facts.instant or "Flash" in facts.keywords:
                return True
    else:
        for card in game.cards_in("hand", player):
            if rules.has_type(game, card, "Instant") or rules.has_keyword(game, card, "Flash"):
                return True
    for cid in zones[("battlefield", player)].cards:
        definition = cards[cid].definition
        if (known(id(definition)) or printed(definition)).mana_activated:
            return True
    return False


def activate(game: Game, action: Action) -> bool:
    """605.3b: a mana ability resolves at once — tap the land (its {T} cost), add the mana."""
    if action.card is None:
        raise RulestackError(f"P{action.player}'s mana ability action names no permanent to tap "
                             "(check the code that offered the action)")
    card = game.card(action.card)
    mana = action.get("mana")
    if not any(cid == card.id and mana in made for cid, made in sources(game, action.player)):
        raise ValueError(f"{card.name} cannot be tapped for {{{mana}}} now")
    game.set_status(card, "tapped", True, cause=Cause.COST, source=card.id, by=action.player)
    add(game, action.player, mana, source=card.id, cause=Cause.ACTION)
    return True
