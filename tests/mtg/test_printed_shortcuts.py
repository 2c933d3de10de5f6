"""The plugin's shortcuts that read a card's printed facts instead of its derived values (while no
modifier in the game could change them) give the host's answer in every state of random games with
every card of the pool: keywords, types, the toughness floor the state-based actions rely on, and
the state-based actions' quiet reading (nothing applies) from printed facts, and the activated
abilities offered without a dry run when their cost certainly cannot be paid; and the cost kinds
answers to the host's ``payable`` question (mana, {T}), which must be those of paying."""
from __future__ import annotations

from typing import Any

import pytest

from rulestack import Role

from random_games import checks_in_game
from rulestack_systems.mtg import casting, mana, mana_pool, payment, rules, sagas, sba, tokens

from .test_playout import everything_deck

#: Keywords the pool prints or its scripts grant (a grant of one the pool never prints is checked too).
EVERGREEN = ("Flying", "First strike", "Double strike", "Trample", "Haste", "Vigilance", "Deathtouch",
             "Lifelink", "Reach", "Defender", "Menace", "Hexproof", "Indestructible", "Flash")


def check_shortcuts(game: Any) -> int:
    """Compare each shortcut with the host's answer for every card in the game; return how many
    cards were checked."""
    keywords = set(EVERGREEN)
    for card in game.state.cards.values():
        keywords.update(card.definition.keywords)
    for card in game.state.cards.values():
        values = game.values(card)
        for keyword in sorted(keywords):
            assert rules.has_keyword(game, card, keyword) == game.has_keyword(card, keyword), (card.name, keyword)
        assert tuple(rules.types_of(game, card)) == tuple(values.get("types") or ()), card.name
        assert tuple(rules.subtypes_of(game, card)) == tuple(values.get("subtypes") or ()), card.name
        assert rules.is_creature(game, card) == ("Creature" in (values.get("types") or ())), card.name
        if rules.printed_toughness_is_floor(game) and card.zone == "battlefield" and rules.is_creature(game, card):
            printed = card.definition.fields.get("toughness")
            if isinstance(printed, int):
                net = card.counters.get("+1/+1", 0) - card.counters.get("-1/-1", 0)
                assert rules.toughness(game, card) >= printed + min(net, 0), card.name
    if rules.abilities_never_removed(game):
        assert not any(game.abilities_removed(card) for card in game.state.cards.values())
    check_battlefield(game)
    if sba.quiet(game):
        assert not state_based_action_applies(game)
    for player in range(len(game.players)):
        assert mana_pool._could_spend(game, player) == (
            any("Instant" in (game.values(c).get("types") or ()) or game.has_keyword(c, "Flash")
                for c in game.cards_in("hand", player))
            or any(ab.kind == "activated" and any(c.kind == "mana" for c in ab.cost)
                   for card in game.cards_in("battlefield", player) for ab in card.definition.abilities))
        assert [(a.kind, a.card, a.ability, a.data) for a in casting.activatable(game, player, "priority")] == \
            [(a.kind, a.card, a.ability, a.data)
             for a in game.activatable(player, "priority", zones=["battlefield"], kinds=["activated"])]
    return len(game.state.cards)


def check_battlefield(game: Any) -> None:
    """rules.battlefield (cached per journal version and per contents of the battlefield) against
    the battlefield read now: the permanents with an activated ability, and those a state-based
    action looks at by their printed types."""
    found = rules.battlefield(game)
    zones = [z for (name, _), z in game.state.zones.items() if name == "battlefield"]
    cards = [[game.card(cid) for cid in z.cards] for z in zones]
    assert found.activators == tuple(c.id for group in cards for c in group if any(
        ab.role == Role.ACTIVATED and ab.kind == "activated" for ab in c.definition.abilities))

    def watched(card: Any) -> bool:
        fields = card.definition.fields
        return ("Creature" in (fields.get("types") or ()) or "Legendary" in (fields.get("supertypes") or ())
                or "Saga" in (fields.get("subtypes") or ()))
    assert [[cid for cid, _ in group] for group in found.watched] == [
        [c.id for c in group if watched(c)] for group in cards]
    assert all(facts.definition is game.card(cid).definition for group in found.watched for cid, facts in group)


def state_based_action_applies(game: Any) -> bool:
    """Whether a state-based action the plugin performs applies now, from the derived values (no
    choice asked, nothing changed)."""
    if any((p.life is not None and p.life <= 0) or p.values.get("drew_from_empty") for p in game.state.players):
        return True
    for card in rules.creatures(game):
        tough = rules.toughness(game, card)
        if tough <= 0 or card.status.get("damage", 0) >= tough or card.status.get("deathtouch_damage"):
            return True
    if game.system.settings["legend_rule"]:
        for p in range(len(game.players)):
            names = [c.name for c in game.cards_in("battlefield", p) if "Legendary" in rules.supertypes_of(game, c)]
            if len(names) != len(set(names)):
                return True
    return bool(sagas.to_sacrifice(game) or tokens.ceasing(game))


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("everything", "everything"), ("izzet_spells", "selesnya_tokens"),
                                   ("red_burn", "white_weenie")])
def test_printed_shortcuts_agree_with_the_derived_values(seed, decks):
    chosen = [everything_deck() if d == "everything" else d for d in decks]
    assert checks_in_game("mtg", chosen, seed, check_shortcuts) > 1000


@pytest.mark.parametrize("status", [{}, {"sick": True}, {"tapped": True}])
@pytest.mark.parametrize("mountains", [0, 1, 2])
def test_activated_abilities_refused_without_a_dry_run_are_those_the_host_refuses(status, mountains):
    from .helpers import Table
    t = Table(phase="postcombat_main")
    t.add("Prodigal Pyromancer", status=dict(status))
    t.add("Shivan Dragon", status=dict(status))
    t.add("Prodigal Pyromancer", player=1)
    t.lands("Mountain", mountains)
    t.start()
    t.game.flow.check_payable_by_paying = True      # the {T} and mana kinds' payable answers, checked too
    for player in (0, 1):
        ours = casting.activatable(t.game, player, "priority")
        host = t.game.activatable(player, "priority", zones=["battlefield"], kinds=["activated"])
        assert [(a.kind, a.card, a.ability, a.data) for a in ours] == [(a.kind, a.card, a.ability, a.data) for a in host]
        assert len(host) == (player == 1) + (player == 0 and not status) + (player == 0 and mountains > 0)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("decks", [("everything", "everything"), ("izzet_spells", "selesnya_tokens"),
                                   ("red_burn", "white_weenie")])
def test_cost_kinds_answer_payable_as_paying_would(monkeypatch, seed, decks):
    """Every answer of the mana and {T} cost kinds to ``payable`` in random games is checked by the
    host paying the component as well (``check_payable_by_paying``: it raises on a disagreement)."""
    answers: list[bool | None] = []
    for cls in (payment.ManaCostKind, mana.TapCostKind):
        def counted(self: Any, *args: Any, _original: Any = cls.payable) -> bool | None:
            known = _original(self, *args)
            answers.append(known)
            return known
        monkeypatch.setattr(cls, "payable", counted)

    def check(game: Any) -> int:
        game.flow.check_payable_by_paying = True
        return 1
    chosen = [everything_deck() if d == "everything" else d for d in decks]
    checks_in_game("mtg", chosen, seed, check)
    assert True in answers and (False in answers or decks[0] != "everything")


def test_battlefield_facts_follow_a_permanent_that_becomes_a_copy():
    """A permanent that becomes a copy of another card stays where it is: rules.battlefield sees
    the new definition (its cache is keyed on the game's cards version as well as the zones)."""
    from .helpers import Table
    t = Table(phase="postcombat_main")
    bear = t.add("Grizzly Bears")
    t.lands("Mountain", 1)
    t.start()
    game = t.game
    assert rules.battlefield(game).activators == ()
    game.become(bear, game.pool.code("Prodigal Pyromancer"))
    check_battlefield(game)
    assert rules.battlefield(game).activators == (bear,)


def test_printed_types_follow_a_permanent_that_becomes_a_card_with_a_type_changing_ability():
    """Which cards have a static ability that changes types is kept per cards version, not per
    number of cards: a permanent that becomes Life and Limb (same number of cards) makes its
    Forests creatures at once (613.1d, layer 4)."""
    from .helpers import Table
    t = Table(phase="postcombat_main")
    bear = t.add("Grizzly Bears")
    forest = t.lands("Forest", 1)[0]
    t.start()
    game = t.game
    assert rules.printed_types_hold(game)
    assert not rules.is_creature(game, game.card(forest))
    game.become(bear, game.pool.code("Life and Limb"))
    assert not rules.printed_types_hold(game)
    assert rules.is_creature(game, game.card(forest))
    assert tuple(rules.types_of(game, game.card(forest))) == tuple(game.values(game.card(forest)).get("types") or ())


def test_printed_keywords_see_a_static_ability_that_comes_into_the_game():
    """The static abilities' part of what a modifier could change is kept per set of cards in the
    host's index: a card with a static ability granting haste, created mid-game, makes Haste no
    longer as printed."""
    from .helpers import Table
    t = Table(phase="postcombat_main")
    goblin = t.add("Festering Goblin")
    t.start()
    game = t.game
    card = game.card(goblin)
    assert rules.printed_keyword_holds(game, "Haste")
    assert rules.has_keyword(game, card, "Haste") is False
    t.add("Goblin Chieftain")
    assert not rules.printed_keyword_holds(game, "Haste")
    assert rules.has_keyword(game, card, "Haste") is game.has_keyword(card, "Haste") is True
