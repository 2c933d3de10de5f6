"""The activations a player may choose in a window, worked out by the plugin.

:func:`activatable` gives exactly what :meth:`Game.activatable` gives (the same actions in the same
order) for the abilities of one kind of the cards in some zones. It asks the host the same
questions in the same order (the ability's zone, lost abilities, [Once Per Turn], the
``can_activate`` hooks, the ability's condition, the assembled cost), except one: whether the
cost can be paid. The host answers that by paying the cost in a dry run and rolling it back; for
the costs this system pays (rest DON!!, rest this card, trash from hand, :mod:`.costs`), what the
dry run would find can be read from the state:

* ``don`` N (``_pay_don``) can be paid while N active DON!! are left in the cost area (each ``don``
  component rests that many, and nothing else in a cost rests a DON!!);
* ``rest_self`` (``_pay_rest_self``) while the card is on the field and active (and not rested by
  an earlier ``rest_self`` of the same cost);
* ``trash_hand`` N (``_pay_trash_hand``) while the player may trash cards from their hand (the
  prohibitions as they stand before payment, which is now, 8-3-1-3), and N cards other than the
  card itself are left in hand, and no card of the game has a replacement ability (with none,
  ``would_move_to`` answers the trash, and trashing one card rather than another changes
  nothing that a later component reads).

Anything else (another cost kind, a system whose cost kinds are not these, a ``cost_judgement``
hook of another plugin, a replacement ability, an amount that is not a plain int) is left to the
host's dry run (:meth:`Game.cost_payable`); an ability with targets is left to the host whole
(:meth:`Game.can_activate`).

While the system's ``can_activate`` and ``cost_contributions`` are the hooks' only
implementations (and nothing reassembles the cost), they are asked directly with the card, the
ability and the player (``actions.allowed_by_rules``, :func:`event_cost`), and an
:class:`Activation` is made only for what needs one (another plugin's hook, a condition script,
the host). tests/onepiece/test_printed_shortcuts.py compares the lists with the host's before
every decision of random games; tests/onepiece/test_activation_lists.py covers the positions
those games do not reach.
"""
from __future__ import annotations

from typing import Any, Iterable

from rulestack import Ability, Action, Activation, Card, CostComponent, Game, Role
from rulestack.hookowners import only_by, sole_by

from . import areas, prohibitions, reused
from .areas import COST, FIELD, HAND, RESTED
from .costs import COST_KINDS

#: id of a card definition -> (the definition, its activated abilities by kind, each kind's in
#: order, each with the label of its action).
_ACTIVATED: dict[int, tuple[Any, dict[str, tuple[tuple[Ability, str], ...]]]] = {}
_NONE: tuple[tuple[Ability, str], ...] = ()

_DON, _REST_SELF, _TRASH_HAND = COST_KINDS["don"], COST_KINDS["rest_self"], COST_KINDS["trash_hand"]


def _activated(definition: Any) -> dict[str, tuple[tuple[Ability, str], ...]]:
    """A definition's activated abilities by kind, with their actions' labels as the host's
    ``activatable`` makes them (a card's name is its definition's): worked out once per definition."""
    known = _ACTIVATED.get(id(definition))
    if known is None or known[0] is not definition:
        by_kind: dict[str, list[tuple[Ability, str]]] = {}
        for ab in definition.abilities:
            if ab.role == Role.ACTIVATED:
                label = f"activate {definition.name}" + (f": {ab.label}" if ab.label != ab.kind else "")
                by_kind.setdefault(ab.kind, []).append((ab, label))
        known = _ACTIVATED[id(definition)] = (definition, {k: tuple(v) for k, v in by_kind.items()})
    return known[1]


class _Asking:
    """What one list asks of the hooks, looked up once per list (the cost judgement only when a
    cost is read)."""

    __slots__ = ("verdict", "contributions", "judged", "default_zones")

    def __init__(self, game: Game) -> None:
        pm = game.pm
        system: Any = game.system
        #: The system's rules (``actions.allowed_by_rules``, through the system) when its
        #: can_activate is the hook's one implementation, else None: the hook is asked.
        self.verdict = system.allowed_by_rules if sole_by(pm, system, "can_activate") else None
        #: Whether the system's cost_contributions (:func:`event_cost`) is the hook's one
        #: implementation and nothing reassembles the cost: the host's assemble_cost is then the
        #: ability's cost plus :func:`event_cost`.
        self.contributions = False
        if only_by(pm, None, "assemble_cost"):   # (no implementation at all)
            self.contributions = sole_by(pm, system, "cost_contributions")
        #: Whether no cost_judgement but the system's (which only freezes the prohibitions) is
        #: entered when a cost is checked (None: not looked up yet).
        self.judged: bool | None = None
        self.default_zones = system.default_zones

    def judged_here(self, game: Game) -> bool:
        """:attr:`judged`, looked up the first time."""
        judged = self.judged
        if judged is None:
            judged = self.judged = only_by(game.pm, game.system, "cost_judgement")
        return judged


#: The kinds of ability an Event activates from hand (areas.is_card_activation).
_FROM_HAND = ("main", "counter")


def event_cost(game: Game, card: Card, ability: Ability) -> list[CostComponent]:
    """What the system contributes to an activation's cost (the ``cost_contributions`` hook):
    activating an Event from hand also pays its cost, rest that many DON!! (2-7-3). (Read from the
    ability, not ``card_activation``: the host's ``activatable`` list checks costs without it.)"""
    if card.definition.fields.get("category") == "event" and ability.kind in _FROM_HAND:
        cost = max(0, areas.value(game, card, "cost") or 0)      # (actions.play_cost, 1-3-6-2)
        if cost:
            return [CostComponent("don", cost, source=card.id)]
    return []


def activatable(game: Game, player: int, window: str | None, zones: Iterable[str], kind: str) -> list[Action]:
    """``game.activatable(player, window, zones=zones, kinds=[kind])``, with the cost read from the
    state where it can be (see the module's docstring)."""
    out: list[Action] = []
    _collect(game, player, window, zones, kind, out, None)
    return out


def main_activations(game: Game, player: int) -> list[Action]:
    """The Main Phase's two lists, one after the other: :func:`activatable` for the [Main]
    abilities of the cards in hand, then for the [Activate: Main] abilities of the cards on the
    field (the hooks looked up once for both)."""
    out: list[Action] = []
    asking = _collect(game, player, "main", (HAND,), "main", out, None)
    _collect(game, player, "main", FIELD, "activate_main", out, asking)
    return out


def _collect(game: Game, player: int, window: str | None, zones: Iterable[str], kind: str, out: list[Action],
             asking: _Asking | None) -> _Asking | None:
    """Add :func:`activatable`'s actions to ``out``; returns ``asking``, made when first needed."""
    cards = game.state.cards
    by_name = areas._zones_by_name(game)
    for name in zones:
        for z in by_name.get(name, ()):
            for cid in z.cards:
                card = cards[cid]
                if card.controller != player:
                    continue
                definition = card.definition
                known = _ACTIVATED.get(id(definition))
                abilities = (known[1] if known is not None and known[0] is definition
                             else _activated(definition)).get(kind, _NONE)
                for ab, label in abilities:
                    if asking is None:
                        asking = _Asking(game)
                    if _allowed(game, player, card, ab, window, asking):
                        out.append(reused.activate(player, card, ab.index, label))
    return asking


def _allowed(game: Game, player: int, card: Card, ab: Ability, window: str | None, asking: _Asking) -> bool:
    """``game.can_activate(Activation(player, card, ab, window=window))`` (the host's
    activation_problem, step by step, for an ability without targets; the cost as
    :func:`cost_answer` reads it when it can). The :class:`Activation` is made only when a hook of
    another plugin, a condition or the host is asked."""
    spec = ab.spec
    act: Activation | None = None
    if spec.get("targets"):
        return game.can_activate(Activation(player=player, card=card, ability=ab, window=window))
    allowed = spec.get("from") or spec.get("zone") or asking.default_zones.get(ab.role)
    if allowed and card.zone not in allowed:
        return False
    if game.abilities_removed(card):
        return False
    if spec.get("once_per_turn") and game.used_this_turn(card, ab):
        return False
    if asking.verdict is not None:
        if asking.verdict(game, card, ab, player, None, window) is False:
            return False
    else:
        act = Activation(player=player, card=card, ability=ab, window=window)
        for verdict in game.pm.hook.can_activate(game=game, activation=act):
            if verdict is False or isinstance(verdict, str):
                return False
    condition = spec.get("condition")
    if condition is not None:
        if act is None:
            act = Activation(player=player, card=card, ability=ab, window=window)
        if not game.run_script(card, condition, game.context(card=card, ability=ab, player=player, activation=act)):
            return False
    if asking.contributions:
        components = list(ab.cost)
        components += event_cost(game, card, ab)
    else:
        if act is None:
            act = Activation(player=player, card=card, ability=ab, window=window)
        components = game.assemble_cost(act)
    if not components:
        return True
    answer = cost_answer(game, player, card, components) if asking.judged_here(game) else None
    if answer is not None:
        return answer
    if act is None:
        act = Activation(player=player, card=card, ability=ab, window=window)
    return game.cost_payable(act, components)


def cost_answer(game: Game, player: int, card: Card, components: list[CostComponent]) -> bool | None:
    """Whether the host's dry run would pay ``components`` for ``player``'s activation of an
    ability of ``card`` now, read from the state; ``None`` when it cannot be read (a cost kind
    other than those of the module's docstring)."""
    kinds = game.system.cost_kinds
    dons: int | None = None
    hand_left: int | None = None
    self_rested = False
    for comp in components:
        amount = comp.amount
        if type(amount) is not int or amount < 0:
            return None
        kind = kinds.get(comp.kind)
        if kind is _DON and comp.kind == "don":
            if card.zone == COST:
                return None
            if dons is None:
                dons = areas.active_don_count(game, player)
            if dons < amount:
                return False
            dons -= amount
        elif kind is _REST_SELF and comp.kind == "rest_self":
            if card.zone not in FIELD or card.status.get(RESTED) or self_rested:
                return False
            self_rested = True
        elif kind is _TRASH_HAND and comp.kind == "trash_hand":
            if game.index.replacers:
                return None
            if hand_left is None:
                own = card.id
                hand_left = sum(1 for cid in game.zone(HAND, player).cards if cid != own)
            if amount > hand_left or prohibitions.prohibited(game, player, "trash_from_hand"):
                return False
            hand_left -= amount
        else:
            return None
    return True
