"""The plugin's activation lists (activations.activatable: the cost read from the state instead of
paid in a dry run) against the host's game.activatable in positions the random games of
test_printed_shortcuts.py do not reach: lost abilities, a prohibition on trashing from hand, a
replacement ability in the game, a cost kind the plugin leaves to the host."""
from __future__ import annotations

from rulestack import Activation, CostComponent, hookimpl
from rulestack_systems.onepiece import activations
from rulestack_systems.onepiece.areas import FIELD

from .board import position


def _lists(sc, player=0):
    game = sc.game
    game.flow.check_payable_by_paying = True       # the cost kinds' payable answers checked by paying too
    mine = activations.activatable(game, player, "main", FIELD, "activate_main")
    assert mine == game.activatable(player, "main", zones=list(FIELD), kinds=["activate_main"])
    return [a.label for a in mine]


def test_a_card_that_lost_its_abilities_offers_none():
    sc = position(don=(2, 0))
    tashigi = sc.add("Tashigi", "character", 0)
    sc.add("Nami", "character", 0)
    sc.run()
    assert len(_lists(sc)) == 2
    sc.game.add_effect("remove_abilities", None, True, targets=[tashigi])
    assert _lists(sc) == ["activate Nami: [Activate: Main]"]


def test_rest_self_needs_the_card_active():
    sc = position(don=(2, 0))
    tashigi = sc.add("Tashigi", "character", 0)
    sc.run()
    assert len(_lists(sc)) == 1
    sc.game.set_status(tashigi, "rested", True)
    assert _lists(sc) == []


def test_trash_from_hand_prohibited_and_hand_size():
    sc = position()
    sc.add("Double Discard Reader", "character", 0)
    sc.add("Strict Quartermaster", "character", 0)
    sc.add_many(["Eager Recruit"] * 3, "hand", 0)        # at 3: trashing is forbidden
    sc.run()
    assert _lists(sc) == []
    sc.add("Eager Recruit", "hand", 0)                   # 4: judged before paying, both trashes can be paid
    assert _lists(sc) == ["activate Double Discard Reader: [Activate: Main]"]
    sc = position()
    sc.add("Double Discard Reader", "character", 0)
    sc.add("Eager Recruit", "hand", 0)                   # one card for two trashes
    sc.run()
    assert _lists(sc) == []
    sc.add("Eager Recruit", "hand", 0)
    assert _lists(sc) == ["activate Double Discard Reader: [Activate: Main]"]


def test_costs_the_plugin_does_not_read_are_left_to_the_host():
    sc = position(don=(1, 0))
    refund = sc.add("DON Refund", "character", 0)
    reader = sc.add("Double Discard Reader", "character", 0)
    sc.add_many(["Eager Recruit"] * 2, "hand", 0)
    sc.run()
    game = sc.game
    assert len(_lists(sc)) == 2
    acts = {a.card: a for a in game.activatable(0, "main", zones=list(FIELD), kinds=["activate_main"])}
    def answer(cid):
        card = game.card(cid)
        act = Activation(player=0, card=card, ability=card.definition.abilities[acts[cid].ability], window="main")
        return activations.cost_answer(game, 0, card, game.assemble_cost(act))
    assert answer(refund) is None                        # don_minus: the host's dry run
    assert answer(reader) is True
    game.index.replacers.append(reader)                  # a card with a replacement ability in the game
    try:
        assert answer(reader) is None                    # trash_hand: would_move_to could say otherwise
        assert len(_lists(sc)) == 2
    finally:
        game.index.replacers.remove(reader)


class _NoNami:
    """Another plugin's ``can_activate``: refuses Nami with a reason."""

    @hookimpl
    def can_activate(self, game, activation):
        return "not Nami" if activation.card.name == "Nami" else None


def test_another_plugins_can_activate_is_asked():
    sc = position(don=(2, 0), plugins=[_NoNami()])
    sc.add("Tashigi", "character", 0)
    sc.add("Nami", "character", 0)
    sc.run()
    assert _lists(sc) == ["activate Tashigi: [Activate: Main]"]


class _ExtraDon:
    """Another plugin's ``cost_contributions``: every activation also rests 1 DON!!."""

    @hookimpl
    def cost_contributions(self, game, activation):
        return [CostComponent("don", 1, source=activation.card.id)]


def test_another_plugins_cost_contribution_is_counted():
    sc = position(don=(1, 0), plugins=[_ExtraDon()])
    sc.add("Tashigi", "character", 0)
    sc.add("Nami", "character", 0)
    sc.run()
    assert len(_lists(sc)) == 2
    don = sc.game.cards_in("cost", 0)[0]
    sc.game.set_status(don, "rested", True)              # no active DON!! left for the contribution
    assert _lists(sc) == []


class _Watching:
    """Another plugin's ``cost_judgement``: counts the costs judged (its context could change any
    answer, so the plugin leaves every cost to the host's dry run while it is there)."""

    def __init__(self):
        self.entered = 0

    @hookimpl
    def cost_judgement(self, game, activation):
        watcher = self

        class _Count:
            def __enter__(self):
                watcher.entered += 1

            def __exit__(self, *exc):
                return None
        return _Count()


def test_another_plugins_cost_judgement_leaves_the_cost_to_the_host():
    watching = _Watching()
    sc = position(don=(2, 0), plugins=[watching])
    sc.add("Tashigi", "character", 0)                    # rest_self: a cost to judge
    sc.run()
    game = sc.game
    before = watching.entered
    assert activations.activatable(game, 0, "main", FIELD, "activate_main")
    assert watching.entered == before + 1
    assert len(_lists(sc)) == 1


def test_trash_from_hand_prohibited_as_the_last_component_of_the_cost():
    """The host asks ``trash_hand``'s ``payable`` for the last component ({2}, trash 1): a
    prohibition refuses it, as paying would (``_lists`` has the host pay as well)."""
    for grip in (False, True):
        sc = position(don=(2, 0))
        sc.add("Costly Reader", "character", 0)
        if grip:
            sc.add("Iron Grip", "character", 0)
        sc.add_many(["Eager Recruit"] * 2, "hand", 0)
        sc.run()
        assert _lists(sc) == ([] if grip else ["activate Costly Reader: [Activate: Main]"])
