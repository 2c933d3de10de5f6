"""``CostKind.payable``: when the host checks whether a cost can be paid, the last component is not
paid and rolled back if its kind knows the answer; the answers are those of paying it. Proven on
the Tiny system (Spark: 1 energy; Deep Study: 2 energy, then discard 2)."""
from __future__ import annotations

from typing import Any

import pytest

from rulestack import CostUnpayable, FunctionCost, Game
from rulestack.flow import Activation
from tinygame.system import TinyGame

_KINDS = TinyGame.cost_kinds
_ENERGY, _DISCARD = _KINDS["energy"], _KINDS["discard"]


class Counted:
    """A cost kind's functions, with the calls counted (and the ``payable`` answer given)."""

    def __init__(self, kind: Any, payable: Any) -> None:
        self.kind, self.answer = kind, payable
        self.paid = self.asked = 0

    def pay(self, game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> Any:
        self.paid += 1
        return self.kind.pay(game, player, comp, chosen, act)

    def payable(self, game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> bool | None:
        self.asked += 1
        return self.answer(game, player, comp, chosen, act)

    def cost_kind(self) -> FunctionCost:
        return FunctionCost(self.pay, lambda g, p, c, a: self.kind.candidates(g, p, c, a), payable=self.payable)


def _energy_payable(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> bool:
    return game.value_of(player, "energy", 0) >= comp.amount


def _discard_payable(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> bool | None:
    if game.index.replacers:
        return None      # a replacement could change where a card goes (its condition is a script)
    return len(chosen) >= comp.amount and all(game.card(c).zone == "hand" for c in chosen)


def _position(spell: str, energy: int, others: int) -> tuple[Game, Activation]:
    game = Game.empty(TinyGame)
    card = game.create_card(game.pool.code(spell), 0, "hand", silent=True)
    game.create_card(game.pool.code("Brute"), 1, "field", silent=True)      # a target for Spark
    for _ in range(others):
        game.create_card(game.pool.code("Grunt"), 0, "hand", silent=True)
    game.set_value(0, "energy", energy)
    ab = card.definition.abilities[0]
    return game, Activation(player=0, card=card, ability=ab, window="main")


def _answers(spell: str) -> list[bool]:
    out = []
    for energy in range(4):
        for others in range(4):
            game, act = _position(spell, energy, others)
            out.append(game.flow.can_activate(act))
            game.close()
    return out


@pytest.mark.parametrize("spell", ["Spark", "Deep Study"])
def test_the_last_component_is_answered_by_its_kind_and_the_answers_are_those_of_paying(monkeypatch, spell):
    paying = _answers(spell)
    assert True in paying and False in paying
    energy, discard = Counted(_ENERGY, _energy_payable), Counted(_DISCARD, _discard_payable)
    monkeypatch.setitem(_KINDS, "energy", energy.cost_kind())
    monkeypatch.setitem(_KINDS, "discard", discard.cost_kind())
    assert _answers(spell) == paying
    last, first = (energy, discard) if spell == "Spark" else (discard, energy)
    assert last.asked and not last.paid          # the last component: asked, never paid to check
    assert not first.asked                        # any other: paid (and rolled back), never asked
    assert spell == "Spark" or first.paid


def test_a_kind_that_does_not_know_is_paid_as_before(monkeypatch):
    paying = _answers("Deep Study")
    discard = Counted(_DISCARD, lambda *a: None)
    monkeypatch.setitem(_KINDS, "discard", discard.cost_kind())
    assert _answers("Deep Study") == paying
    assert discard.asked and discard.paid


def test_paying_still_pays_every_component(monkeypatch):
    discard = Counted(_DISCARD, _discard_payable)
    monkeypatch.setitem(_KINDS, "discard", discard.cost_kind())
    game, act = _position("Deep Study", 2, 2)
    item = game.activate(0, act.card, act.ability)
    assert item is not None and item.paid == {"energy": 2, "cards": [3, 4]}
    assert game.value_of(0, "energy") == 0 and [c.name for c in game.cards_in("discard", 0)] == ["Grunt", "Grunt"]
    assert discard.paid == 1
    game.close()


def test_a_wrong_answer_is_caught_when_the_host_also_pays(monkeypatch):
    monkeypatch.setitem(_KINDS, "discard", Counted(_DISCARD, lambda *a: False).cost_kind())
    game, act = _position("Deep Study", 2, 2)
    assert not game.flow.can_activate(act)       # believed: the check is the kind's word
    game.flow.check_payable_by_paying = True
    with pytest.raises(AssertionError, match="payable=False"):
        game.flow.can_activate(act)
    game.close()


def test_a_payable_that_changes_the_state_is_caught(monkeypatch):
    def meddling(game: Game, player: int, comp: Any, chosen: list[int], act: Any) -> bool:
        game.set_value(player, "meddled", True)
        return True

    monkeypatch.setitem(_KINDS, "energy", Counted(_ENERGY, meddling).cost_kind())
    game, act = _position("Spark", 1, 0)
    game.flow.check_payable_by_paying = True
    with pytest.raises(AssertionError, match="changed the state"):
        game.flow.can_activate(act)
    game.close()


def test_a_right_answer_passes_the_check(monkeypatch):
    monkeypatch.setitem(_KINDS, "energy", Counted(_ENERGY, _energy_payable).cost_kind())
    monkeypatch.setitem(_KINDS, "discard", Counted(_DISCARD, _discard_payable).cost_kind())
    for energy in range(4):
        for others in range(4):
            game, act = _position("Deep Study", energy, others)
            game.flow.check_payable_by_paying = True
            game.flow.can_activate(act)
            game.close()
    assert CostUnpayable   # (the kinds raise it when paying fails)
