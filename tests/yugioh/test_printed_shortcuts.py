"""The plugin's shortcuts that read a card's data instead of its derived values (while no modifier in
the game could give or take a keyword, or negate) give the host's answers in every state of random
games with the sample decks, and in a position where Fiendish Chain grants "Cannot Attack" and
negates a monster's effects."""
from __future__ import annotations

from typing import Any

import pytest

from random_games import checks_in_game
from rulestack_systems.yugioh import cardinfo, rules, windows

from .conftest import duel

KEYWORDS = ("Cannot Attack",)


def check_shortcuts(game: Any) -> int:
    """Compare the shortcut with the host's answer for every card in the game; return how many
    cards were checked."""
    for card in game.state.cards.values():
        for keyword in KEYWORDS + tuple(card.definition.keywords):
            assert rules.has_keyword(game, card, keyword) == game.has_keyword(card, keyword), (card.name, keyword)
        for ability in card.definition.abilities:
            assert rules.is_text_negated(game, card, ability) == game.is_text_negated(card, ability), card.name
    return len(game.state.cards)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_printed_keywords_agree_with_the_derived_values(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_shortcuts) > 1000


def test_a_granted_keyword_and_a_negation_are_read_from_the_derived_values():
    sc = duel(phase="battle")
    cannon = sc.add("Cannon Soldier", "monster", 0)
    sc.add("Fiendish Chain", "spell_trap", 1, face_up=False)
    sc.add("Mystical Space Typhoon", "hand", 0)
    sc.answer("pass", "activate Fiendish Chain", "pass")
    sc.run()
    card = sc.card(cannon)
    written, negates = rules.modifier_writes(sc.game)
    assert written is not None and "Cannot Attack" in written and negates
    assert rules.has_keyword(sc.game, card, "Cannot Attack") and sc.game.has_keyword(card, "Cannot Attack")
    assert rules.is_text_negated(sc.game, card, card.definition.abilities[0])
    check_shortcuts(sc.game)


# -- the static abilities, looked for among the cards that have one -------------------------------------
def statics_by_scan(game: Any, kind: str) -> list[tuple[Any, Any]]:
    """``rules.active_statics`` as it was worked out before the cards with a static ability were
    listed per game: every card of the field in its order (zone, player, place)."""
    st = game.state
    holders = []
    for zname in ("monster", "spell_trap"):
        for p in range(len(st.players)):
            for cid in st.zones[(zname, p)].cards:
                card = st.cards[cid]
                by_kind = rules._statics_by_kind(card.definition)
                if by_kind and card.face_up and not card.status.get("activating"):
                    holders.append((card, by_kind))
    return rules._active_statics(game, kind, holders)


def check_statics(game: Any) -> int:
    for kind in ("continuous", "toll", "maintenance"):
        assert rules.active_statics(game, kind) == statics_by_scan(game, kind), kind
    return 1


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_active_statics_agree_with_a_scan_of_the_field(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_statics) > 50


def test_a_card_that_becomes_one_with_a_static_ability_is_seen():
    from rulestack._primitives import PRINTED_CODES
    assert cardinfo.PRINTED_CODES == PRINTED_CODES          # the host's name for its record of copies
    sc = duel()
    rat = sc.add("Giant Rat", "monster", 1)
    sc.add("Swords of Revealing Light", "spell_trap", 0)
    mallon = sc.add("Marshmallon", "hand", 1)
    game = sc.game
    assert [c.name for c, _ in rules.active_statics(game, "continuous")] == ["Swords of Revealing Light"]
    game.become(rat, game.card(mallon).code)      # as many cards as before: the record of copies says
    assert [c.name for c, _ in rules.active_statics(game, "continuous")] == ["Marshmallon", "Swords of Revealing Light"]
    assert rules.active_statics(game, "continuous") == statics_by_scan(game, "continuous")


def test_a_card_created_in_place_of_one_rolled_back_is_seen():
    sc = duel()
    sc.add("Swords of Revealing Light", "spell_trap", 0)
    game = sc.game
    rat_code, mallon_code = (game.card(sc.add(name, "hand", 1)).code for name in ("Giant Rat", "Marshmallon"))
    mark = game.journal.mark()
    rat = game.create_card(rat_code, 1, "monster", face_up=True)
    count = len(game.state.cards)
    assert [c.name for c, _ in rules.active_statics(game, "continuous")] == ["Swords of Revealing Light"]
    game.journal.rollback(mark)             # the Giant Rat is forgotten; another card takes its id
    mallon = game.create_card(mallon_code, 1, "monster", face_up=True)
    assert mallon.id == rat.id and len(game.state.cards) == count
    assert [c.name for c, _ in rules.active_statics(game, "continuous")] == ["Marshmallon", "Swords of Revealing Light"]
    assert rules.active_statics(game, "continuous") == statics_by_scan(game, "continuous")


# -- target requirements refused by counting the cards of the zones searched ------------------------------
def check_target_bounds(game: Any) -> int:
    """Where :func:`windows.lacks_targets` refuses an activation (for either player, whatever the
    window), the host finds fewer targets than a requirement asks for, and refuses it too; returns
    how many refusals were checked."""
    from rulestack import Activation

    if not windows.plain_targeting(game):
        return 0
    refused = 0
    for card in list(game.state.cards.values()):
        for ab in card.definition.abilities:
            bounds = windows.target_bounds(ab) if ab.role == "activated" else None
            if bounds is None:
                continue
            for player in range(len(game.state.players)):
                if not windows.lacks_targets(game, card, ab.kind, bounds, player):
                    continue
                assert any(len(game.find(t["filter"], player, card)) < t.get("count", 1) for t in ab.targets
                           if t.get("kind", "card") == "card" and not t.get("up_to")), (card.name, player)
                assert not game.can_activate(Activation(player=player, card=card, ability=ab, window="main")), card.name
                refused += 1
    return refused


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_activations_refused_for_want_of_targets_are_refused_by_the_host(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_target_bounds) > 100


def test_a_cost_or_a_toll_keeps_the_full_check():
    """An ability with a cost of its own (paid before the targets are looked for) is not bounded;
    a card activated from the hand is not refused by counting (a toll may apply to it), nor
    checked by the system while a toll applies."""
    from rulestack import Ability, Activation, Role

    with_cost = Ability(index=0, kind="activate", role=Role.ACTIVATED,
                        spec={"cost": ({"kind": "discard", "amount": 1},),
                              "targets": [{"filter": {"zone": "graveyard"}}]})
    assert windows.target_bounds(with_cost) is None
    up_to = Ability(index=0, kind="activate", role=Role.ACTIVATED,
                    spec={"targets": [{"filter": {"zone": "graveyard"}, "up_to": True}]})
    assert windows.target_bounds(up_to) is None
    sc = duel()
    reborn = sc.card(sc.add("Monster Reborn", "hand", 0))
    set_reborn = sc.card(sc.add("Monster Reborn", "spell_trap", 0, face_up=False))
    game = sc.game
    ability = reborn.definition.abilities[0]
    bounds = windows.target_bounds(ability)
    assert bounds is not None and windows.lacks_targets(game, set_reborn, "activate", bounds, 0)   # both GYs empty
    assert not windows.lacks_targets(game, reborn, "activate", bounds, 0)
    from_hand = Activation(player=0, card=reborn, ability=ability, window="main")
    assert windows.quick_can_activate(game, from_hand) is False
    sc.add("Chain Energy", "spell_trap", 1)
    assert windows.quick_can_activate(game, from_hand) is None
    assert not game.can_activate(from_hand)


# -- the state checks' first round, asked of this system directly ---------------------------------------
def test_state_checks_run_directly_as_the_host_runs_them():
    """rules.run_state_checks answers as Game.run_state_checks: nothing to do, an Equip card left
    without its monster destroyed, a loss (the game ends); with another implementation of the hook,
    the host runs them."""
    from rulestack import hookimpl

    from rulestack import GameOver

    def equip_without_monster(direct: bool) -> tuple[bool, str]:
        sc = duel()
        game = sc.game
        assert (rules.run_state_checks(game) if direct else game.run_state_checks()) is False
        axe = sc.card(sc.add("Axe of Despair", "spell_trap", 0))
        gone = sc.card(sc.add("Celtic Guardian", "graveyard", 0))
        game.journal.setattr(axe, "attached_to", gone.id)
        did = rules.run_state_checks(game) if direct else game.run_state_checks()
        return did, game.card(axe.id).zone
    assert equip_without_monster(True) == equip_without_monster(False) == (True, "graveyard")
    sc = duel()
    sc.game.journal.setattr(sc.game.state.players[1], "life", 0)
    with pytest.raises(GameOver):
        rules.run_state_checks(sc.game)
    assert sc.game.state.result.winners == (0,)

    class Counting:
        calls = 0

        @hookimpl
        def state_checks(self, game: Any) -> bool:
            Counting.calls += 1
            return False

    other = duel()
    other.game.pm.register(Counting())
    assert rules.run_state_checks(other.game) is False and Counting.calls == 1


def check_clean_state_checks(game: Any) -> int:
    """Where the system knows the state checks find nothing at the game's journal version
    (``checked_at``: a direct round found nothing there, or only a phase was entered since), a
    round of them finds nothing; return 1 if it was checked."""
    from rulestack import GameOver

    journal = game.journal
    if game.system.checked_at != journal.version:
        return 0
    mark, version = journal.mark(), journal.version
    try:
        found = rules.run_state_checks(game, True)
    except GameOver:
        found = True
    journal.rollback(mark, version)     # (only if it found something: the test fails then)
    assert not found, (game.state.turn, game.state.phase)
    return 1


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_state_checks_known_to_find_nothing_find_nothing(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_clean_state_checks) > 100


def test_entering_a_phase_that_changes_more_than_the_phase_keeps_the_state_checks():
    """settling.enter_phase carries "the checks find nothing" over a phase change only when the
    phase, the step, the event's record and the triggers it put into ``pending`` are all it
    changed: a change to a player's LP on the way makes settle run the checks (the player loses)."""
    from rulestack import GameOver
    from rulestack_systems.yugioh import settling

    sc = duel()
    game = sc.game
    settling.settle(game)
    assert game.system.checked_at == game.journal.version
    settling.enter_phase(game, "battle", "start")
    assert game.system.checked_at == game.journal.version       # only the phase changed
    settling.settle(game)
    plain = game.set_phase

    def set_phase_and_lose(phase: Any, step: Any = None) -> None:
        plain(phase, step)
        game.journal.setattr(game.state.players[1], "life", 0)
    game.set_phase = set_phase_and_lose
    settling.enter_phase(game, "main2")
    assert game.system.checked_at != game.journal.version
    with pytest.raises(GameOver):
        settling.settle(game)
    assert game.state.result.winners == (0,)


def test_a_timing_that_changes_more_than_its_value_keeps_the_state_checks(monkeypatch):
    """settle carries "the checks find nothing" over a timing no one responded to only when clearing
    the timing's value is all that changed: a change to a player's LP while the chain was built
    makes it run the checks (the player loses)."""
    from rulestack import GameOver
    from rulestack_systems.yugioh import settling

    sc = duel()
    game = sc.game
    settling.settle(game)
    game.set_value(None, "timing", ({"on": "nothing"},))
    settling.settle(game)
    assert game.system.checked_at == game.journal.version       # only the timing's value changed
    assert not game.value_of(None, "timing")
    plain = settling.build

    def build_and_lose(game: Any, first: int) -> None:
        plain(game, first)
        game.journal.setattr(game.state.players[1], "life", 0)
    monkeypatch.setattr(settling, "build", build_and_lose)
    game.set_value(None, "timing", ({"on": "nothing"},))
    with pytest.raises(GameOver):
        settling.settle(game)
    assert game.state.result.winners == (0,)


# -- both players' windows asked at once ----------------------------------------------------------------
def check_may_any_act(game: Any) -> int:
    """windows.may_any_act answers as may_act asked for each player in turn, in every response window."""
    players = (game.state.active_player, 1 - game.state.active_player)
    for window in sorted(windows.RESPONSE_WINDOWS):
        for order in (players, players[::-1], players[:1]):
            answer = windows.may_any_act(game, order, window)
            assert answer == any(windows.may_act(game, p, window) for p in order)
            assert answer == any(windows.activations(game, p, window) for p in order), (order, window)
    return 1


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_may_any_act_agrees_with_may_act(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_may_any_act) > 50


# -- the cards searched in a window, narrowed by what the window's facts refuse -----------------------------
def check_narrowed_zones(game: Any) -> int:
    """Every activated ability of every card that gets past the windows' cheap refusals (spell speed
    by the host's speed_problem, a "When ..." timing's event, where the card is) is one of a card
    kept in windows.searched_zones for its zone and player, in the main window and the response
    windows; returns how many such abilities it checked."""
    from rulestack_systems.yugioh import timing

    st = game.state
    checked = 0
    for window in ("main", "open", "chain", "summon"):
        by_player = windows.searched_zones(game, window)[0]
        for player in range(len(st.players)):
            kept = {zone: (place, ids) for zone, place, _on_field, ids, _entries in by_player[player]}
            for (name, zp), zone in st.zones.items():
                if zp != player:
                    continue
                for cid in zone.cards:
                    card = st.cards[cid]
                    for ab in windows.activated_abilities(card.definition, name):
                        when = ab.get("when")
                        if timing.speed_problem(game, timing.ability_speed(card, ab), window, ab.get("tags")) or \
                                timing.place_refusal(game, card, ab.kind, player) or \
                                (when and not timing.when_matches(game, card, when, player)):
                            continue
                        assert name in kept and kept[name][0] is zone and cid in kept[name][1], (card.name, window)
                        checked += 1
    return checked


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_the_cards_searched_in_a_window_are_all_that_may_be_activated(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_narrowed_zones) > 100


# -- the activated abilities kept by zone ----------------------------------------------------------------
def check_entries_by_zone(game: Any) -> int:
    """What the windows keep per zone and definition is what activated_entries / response_entries say."""
    checked = 0
    for card in game.state.cards.values():
        for kept, lookup in ((windows._ACTIVATABLE_BY_ZONE, windows.activated_entries),
                             (windows._RESPONSES_BY_ZONE, windows.response_entries)):
            entries = kept.get(card.zone, {}).get(id(card.definition))
            if entries is not None:
                assert entries == lookup(card.definition, card.zone), card.name
                checked += 1
    return checked


def test_entries_kept_by_zone_agree():
    # (only the cards with some entries in a zone get there: check_cards_by_zone; the others are skipped)
    assert checks_in_game("yugioh", ("classic_a", "classic_b"), 0, check_entries_by_zone) > 500


def check_cards_by_zone(game: Any) -> int:
    """The cards the windows look at in a zone (windows.ActivationZones.activatable / responses,
    the others skipped unread) are those whose activated_entries / response_entries there are not
    empty, for every card of the game and every zone name; returns how many answers it checked."""
    windows.activation_zones(game)
    found = game.system.activation_zones
    names = {name for name, _ in game.state.zones} | {"hand", "monster", "spell_trap", "graveyard", "banished"}
    checked = 0
    for cid, card in game.state.cards.items():
        for name in names:
            for kept, lookup in ((found.activatable, windows.activated_entries),
                                 (found.responses, windows.response_entries)):
                assert (cid in kept.get(name, ())) == bool(lookup(card.definition, name)), (card.name, name)
                checked += 1
    return checked


@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_the_cards_looked_at_by_zone_are_those_with_entries_there(decks):
    assert checks_in_game("yugioh", decks, 0, check_cards_by_zone) > 1000


def test_a_card_that_becomes_one_with_an_activated_ability_is_looked_at():
    sc = duel()
    rat = sc.add("Giant Rat", "hand", 0)
    typhoon = sc.add("Mystical Space Typhoon", "graveyard", 1)
    game = sc.game
    check_cards_by_zone(game)
    assert rat not in game.system.activation_zones.activatable.get("hand", ())
    game.become(rat, game.card(typhoon).code)
    check_cards_by_zone(game)
    assert rat in game.system.activation_zones.activatable["hand"]
    created = game.create_card(game.card(typhoon).code, 0, "hand", face_up=False)
    check_cards_by_zone(game)
    assert created.id in game.system.activation_zones.responses["hand"]


def check_activations_by_the_host(game: Any) -> int:
    """windows.activations (its zones and cards skipped unread, its cheap refusals, its own checks)
    offers exactly the abilities the host's game.can_activate allows, looked for on every card of
    the game, for both players, in the main window and the response windows; may_any_act says
    "maybe" whenever one of them is offered. Returns how many lists it compared."""
    from rulestack import Activation

    st = game.state
    checked = 0
    for player in range(len(st.players)):
        for window in ("main", "open", "chain", "summon"):
            if window == "main" and (player != st.active_player or st.stack):
                continue
            offered = sorted((a.card, a.ability) for a in windows.activations(game, player, window))
            allowed = sorted((card.id, ab.index) for card in list(st.cards.values())
                             for ab in card.definition.abilities if ab.role == "activated"
                             and not st.values.get("resolving")
                             and game.can_activate(Activation(player=player, card=card, ability=ab, window=window)))
            assert offered == allowed, (player, window)
            if allowed and window != "main":
                assert windows.may_any_act(game, (player,), window), (player, window)
            checked += 1
    return checked


@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_the_windows_offer_what_the_host_allows(decks):
    assert checks_in_game("yugioh", decks, 1, check_activations_by_the_host) > 500


def test_a_response_to_a_chain_link_is_offered_as_the_host_allows_it():
    """Seven Tools of the Bandit ("When a Trap Card is activated": a "When ..." timing on the last
    chain link) is offered in response to Mirror Force, as the host allows it, and not before."""
    from rulestack.errors import UnscriptedDecision

    sc = duel(active=1, phase="battle")
    sc.add("Vorse Raider", "monster", 1)
    sc.add("Mirror Force", "spell_trap", 0, face_up=False)
    tools = sc.add("Seven Tools of the Bandit", "spell_trap", 1, face_up=False)
    sc.answer("attack with Vorse Raider", "activate Mirror Force", "activate Seven Tools of the Bandit")
    offered = []

    def check(game: Any) -> bool:
        check_activations_by_the_host(game)
        offered.append(any(a.card == tools for a in windows.activations(game, 1, "chain")))
        return False
    try:
        sc.run(until=check)
    except UnscriptedDecision:
        pass
    assert True in offered and offered[0] is False


# -- the monsters that may be Tributed, all of them at once while no effect forbids Tributes --------------
def tribute_pool_by_scan(game: Any, player: int) -> list[int]:
    """summoning.tribute_pool as it was worked out before: each monster asked about."""
    from rulestack_systems.yugioh import rules

    return [c.id for c in game.cards_in("monster", player) if not rules.forbidden(game, "tribute", c)]


def check_tribute_pool(game: Any) -> int:
    from rulestack_systems.yugioh import rules, summoning

    for player in range(len(game.state.players)):
        assert summoning.tribute_pool(game, player) == tribute_pool_by_scan(game, player), player
        for action in ("tribute", "normal_summon", "destroy_by_battle", "attack_directly"):
            if not rules.forbids_any(game, action):
                assert not any(rules.forbidden(game, action, card) for card in game.state.cards.values()), action
    return 1


@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_the_tribute_pool_agrees_with_asking_about_each_monster(decks):
    assert checks_in_game("yugioh", decks, 0, check_tribute_pool) > 50


def test_mask_of_restrict_empties_the_tribute_pool():
    from rulestack_systems.yugioh import summoning

    sc = duel()
    sc.add("Celtic Guardian", "monster", 0)
    sc.add("Giant Rat", "monster", 0)
    assert len(summoning.tribute_pool(sc.game, 0)) == 2
    sc.add("Mask of Restrict", "spell_trap", 1, face_up=True)
    assert summoning.tribute_pool(sc.game, 0) == [] == tribute_pool_by_scan(sc.game, 0)
    check_tribute_pool(sc.game)


# -- plain card filters counted from the zones -----------------------------------------------------------
PLAIN_FILTERS = (
    {"zone": "monster", "player": "you"}, {"zone": "monster"}, {"zone": "monster", "player": "opponent", "face_up": True},
    {"zone": ["spell_trap", "monster"], "controller": "opponent"}, {"zone": "spell_trap", "face_up": False},
    {"zone": "hand", "player": "you"}, {"zone": ["graveyard", "graveyard"], "player": "any"},
    {"zone": "monster", "player": "you", "controller": "opponent"}, {"zone": "spell_trap", "other": True},
    {"zone": ["hand", "spell_trap"], "player": "you", "other": False},
    {"zone": "monster", "player": 1, "controller": "you"},
    {"zone": ["monster", "hand"], "player": "any", "controller": "opponent"},
    {"zone": "spell_trap", "player": "opponent", "controller": "opponent", "face_up": True},
)


def check_plain_counts(game: Any) -> int:
    """timing.plain_count is the number of cards the host's filter finds, for the requirements and
    targets of every card's abilities (from the card) and a few more filters, from each player's
    side; a filter with another key is left to the host."""
    from rulestack_systems.yugioh import timing

    cards = list(game.state.cards.values())
    specs = [(req.get("filter") or {}, card) for card in cards for ab in card.definition.abilities
             for req in ab.get("requires") or ()]
    specs += [(t.get("filter") or {}, card) for card in cards for ab in card.definition.abilities
              for t in ab.targets]
    specs += [(spec, source) for spec in PLAIN_FILTERS for source in (None, cards[0], cards[-1])]
    checked = 0
    for spec, source in specs:
        for player in range(len(game.state.players)):
            n = timing.plain_count(game, spec, player, source)
            if n is None:
                assert spec.get("zone") is None or not timing.PLAIN_KEYS.issuperset(spec), spec
                continue
            assert n == len(game.find(spec, player, source)), (spec, player)
            checked += 1
    return checked


@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_plain_counts_agree_with_the_host(decks):
    assert checks_in_game("yugioh", decks, 0, check_plain_counts) > 1000


# -- the whole activation check of an ability of plain data, made by the system ---------------------------
def check_quick_can_activate(game: Any) -> int:
    """windows.quick_can_activate answers as game.can_activate for every activated ability of every
    card, for both players, in the windows an action list asks about; returns how many answers it
    gave (not left to the host)."""
    from rulestack import Activation

    if not windows.plain_targeting(game):
        return 0
    answered = 0
    for card in list(game.state.cards.values()):
        for ab in card.definition.abilities:
            if ab.role != "activated":
                continue
            for player in range(len(game.state.players)):
                for window in ("main", "open", "chain"):
                    act = Activation(player=player, card=card, ability=ab, window=window)
                    quick = windows.quick_can_activate(game, act)
                    if quick is not None:
                        assert quick == game.can_activate(act), (card.name, ab.label, player, window, quick)
                        answered += 1
            kept = windows._QUICK_PLANS.get(id(ab))    # (what it read of the ability, kept with it, is still it)
            assert kept is not None and kept[0] is ab and kept[1] == windows._quick_plan(ab), (card.name, ab.label)
    return answered


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_quick_can_activate_agrees_with_the_host(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_quick_can_activate) > 1000


# -- a target's candidates counted only as far as the target needs --------------------------------------
def check_finds_at_least(game: Any) -> int:
    """timing.finds_at_least says whether the host's search finds as many cards as asked, for the
    requirements and targets of every card's abilities (from the card) and a few more filters,
    from each player's side, for 0 to 3 cards; returns how many answers it checked."""
    from rulestack_systems.yugioh import timing

    cards = list(game.state.cards.values())
    specs = [(req.get("filter") or {}, card) for card in cards for ab in card.definition.abilities
             for req in ab.get("requires") or ()]
    specs += [(t.get("filter"), card) for card in cards for ab in card.definition.abilities
              for t in ab.targets]
    specs += [(spec, source) for spec in PLAIN_FILTERS + (None,) for source in (None, cards[0], cards[-1])]
    checked = 0
    for spec, source in specs:
        if isinstance(spec, dict) and "where" in spec:
            continue
        for player in range(len(game.state.players)):
            found = len(game.find(spec, player, source))
            for count in range(4):
                assert timing.finds_at_least(game, spec, player, source, count) == (found >= count), \
                    (spec, player, count)
                checked += 1
    return checked


@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_finds_at_least_agrees_with_the_host(decks):
    assert checks_in_game("yugioh", decks, 0, check_finds_at_least) > 1000


# -- the Normal Summon and Set actions kept per card ---------------------------------------------------
def check_summon_actions(game: Any) -> int:
    """summoning.summon_actions with the actions kept per card (SummonActions) offers the same
    actions as when they are worked out afresh (an empty table), for each player."""
    from rulestack_systems.yugioh import summoning

    kept = game.system.summon_actions
    for player in range(len(game.state.players)):
        offered = summoning.summon_actions(game, player)
        saved = dict(kept)
        kept.clear()
        try:
            assert summoning.summon_actions(game, player) == offered, player
        finally:
            kept.clear()
            kept.update(saved)
    return 1


@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_the_summon_actions_kept_per_card_agree_with_fresh_ones(decks):
    assert checks_in_game("yugioh", decks, 0, check_summon_actions) > 50


def test_a_card_in_the_hand_that_becomes_another_offers_the_other_summon():
    from rulestack_systems.yugioh import summoning

    sc = duel()
    rat = sc.add("Giant Rat", "hand", 0)
    sc.add("Celtic Guardian", "monster", 0)
    skull = sc.add("Summoned Skull", "deck", 0)
    game = sc.game
    assert [a.label for a in summoning.summon_actions(game, 0)] == ["normal summon Giant Rat", "set Giant Rat"]
    game.become(rat, game.card(skull).code)
    assert [(a.label, a.get("tributes")) for a in summoning.summon_actions(game, 0)] == [
        ("tribute summon Summoned Skull", 1), ("set Summoned Skull", 1)]
    check_summon_actions(game)


# -- the last part of the activation check, reading the ability's keys and the player's values directly ---
def usage_by_the_book(game: Any, card: Any, ab: Any, player: int) -> str | None:
    """timing.usage_problem as written with the helpers it reads through (Ability.get, Card.name,
    requirements_met, name_used, name_locked, value_of)."""
    from rulestack_systems.yugioh import timing

    if not timing.requirements_met(game, card, ab, player):
        return f"what {card.name} needs on the field is not there"
    if ab.get("once_per_turn_by_name") and timing.name_used(game, player, card.name):
        return f"an effect of {card.name} was already used this turn"
    if timing.name_locked(game, player, card.name):
        return f"cards named {card.name} cannot be activated this turn"
    if ab.get("restriction") == "no_normal_summon" and \
            game.value_of(player, "normal_summon_turn") == game.state.turn:
        return "you already Normal Summoned or Set this turn"
    return None


def check_usage_problem(game: Any) -> int:
    """timing.usage_problem says what usage_by_the_book says, for every ability of every card, for
    both players; returns how many answers it compared."""
    from rulestack_systems.yugioh import timing

    checked = 0
    for card in list(game.state.cards.values()):
        for ab in card.definition.abilities:
            for player in range(len(game.state.players)):
                answer = timing.usage_problem(game, card, ab, player)
                assert answer == usage_by_the_book(game, card, ab, player), (card.name, ab.label, player)
                checked += 1
    return checked


@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_usage_problem_agrees_with_its_helpers(decks):
    assert checks_in_game("yugioh", decks, 0, check_usage_problem) > 1000


def test_a_used_and_a_locked_name_and_a_restriction_are_refused():
    from rulestack_systems.yugioh import timing

    sc = duel()
    game = sc.game
    mst, dragon, armory = (game.card(sc.add(name, "hand", 0))
                           for name in ("Mystical Space Typhoon", "Shaddoll Dragon", "Hidden Armory"))
    sc.add("Axe of Despair", "deck", 0)          # (what Hidden Armory requires)
    problems = [timing.usage_problem(game, card, card.definition.abilities[0], 0) for card in (mst, dragon, armory)]
    assert problems == [None, None, None]
    timing.lock_name(game, 0, mst.name)
    timing.use_name(game, 0, dragon.name)
    game.set_value(0, "normal_summon_turn", game.state.turn)
    problems = [timing.usage_problem(game, card, card.definition.abilities[0], 0) for card in (mst, dragon, armory)]
    assert "cannot be activated" in problems[0] and "already used" in problems[1] and "Normal Summoned" in problems[2]
    assert [timing.usage_problem(game, card, card.definition.abilities[0], 1) for card in (mst, dragon)] == [None, None]
    assert check_usage_problem(game) > 0


# -- the Main Phase list built in one list, the toll question asked once --------------------------------
def check_main_actions(game: Any) -> int:
    """actions.legal_actions in the Main Phase (its parts appended to one list, whether some toll
    applies asked once, an empty Extra Deck skipped) offers what each part offers asked on its own,
    in the same order, for the turn player; returns how many lists it compared."""
    from rulestack_systems.yugioh import actions, extra_deck, summoning

    st = game.state
    if st.phase not in ("main1", "main2") or st.stack:
        return 0
    player = st.active_player
    offered = actions.legal_actions(game, player, "main")
    plain = [a for a in offered if a.kind in ("pass", "end_turn")]
    plain += summoning.summon_actions(game, player) + extra_deck.summon_actions(game, player) + \
        summoning.field_monster_actions(game, player) + actions.set_spell_trap_actions(game, player) + \
        windows.activations(game, player, "main")
    assert offered == plain, player
    return 1


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_the_main_phase_list_is_its_parts_asked_on_their_own(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_main_actions) > 50


def test_a_toll_is_asked_once_for_the_whole_main_phase_list():
    """With Chain Energy on the field and 400 LP, every part of the Main Phase list refuses what the
    toll makes unpayable, as on its own (a Flip Summon pays no toll)."""
    from rulestack_systems.yugioh import actions

    sc = duel()
    sc.add("Chain Energy", "spell_trap", 1)
    sc.add("Giant Rat", "hand", 0)
    sc.add("Mystical Space Typhoon", "hand", 0)
    sc.add("Celtic Guardian", "monster", 0, face_up=False)
    game = sc.game
    assert check_main_actions(game) == 1
    labels = [a.label for a in actions.legal_actions(game, 0, "main")]
    assert "normal summon Giant Rat" in labels and "set Mystical Space Typhoon" in labels
    game.journal.setattr(game.state.players[0], "life", 400)
    assert check_main_actions(game) == 1
    labels = [a.label for a in actions.legal_actions(game, 0, "main")]
    assert "flip summon Celtic Guardian" in labels
    assert not {"normal summon Giant Rat", "set Giant Rat", "set Mystical Space Typhoon"} & set(labels)


# -- attacks: the effects' part of the restrictions asked only while some continuous effect applies ---------
def attacks_by_asking(game: Any, player: int) -> list[Any]:
    """battle.attack_actions as it was worked out before: each monster asked about with rules.forbidden."""
    from rulestack_systems.yugioh import costs
    from rulestack_systems.yugioh.cardinfo import ATTACK, action_cache, named_action, position

    out = []
    st = game.state
    for cid in st.zones[("monster", player)].cards:
        card = st.cards[cid]
        if not card.face_up or position(card) != ATTACK or card.status.get("attacked_turn") == st.turn:
            continue
        if rules.forbidden(game, "declare_attack", card):
            continue
        if not st.zones[("monster", game.opponent(player))].cards and rules.forbidden(game, "attack_directly", card):
            continue
        if costs.tolls_apply(game) and not costs.action_cost_payable(game, player, card, "declare_attack"):
            continue
        out.append(named_action(action_cache(game), "attack", player, cid, card.definition.name))
    return out


def check_attacks(game: Any) -> int:
    from rulestack_systems.yugioh import battle

    for player in range(len(game.state.players)):
        assert battle.attack_actions(game, player) == attacks_by_asking(game, player), player
    return 1


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", [("classic_a", "classic_b"), ("legendary_fusions", "synchron_extreme")])
def test_the_attacks_offered_agree_with_asking_about_each_monster(seed, decks):
    assert checks_in_game("yugioh", decks, seed, check_attacks) > 50


def test_messenger_of_peace_forbids_the_attacks_of_strong_monsters():
    from rulestack_systems.yugioh import battle

    sc = duel(phase="battle")
    sc.add("Summoned Skull", "monster", 0)
    sc.add("Giant Rat", "monster", 0)
    assert [a.label for a in battle.attack_actions(sc.game, 0)] == ["attack with Summoned Skull", "attack with Giant Rat"]
    sc.add("Messenger of Peace", "spell_trap", 1)
    assert [a.label for a in battle.attack_actions(sc.game, 0)] == ["attack with Giant Rat"]
    check_attacks(sc.game)


# -- Equip bonuses read from the Spell & Trap Zones only ----------------------------------------------------
def equips_by_scan(game: Any) -> list[Any]:
    """rules.equip_modifiers as it was worked out before: every zone of the state looked at."""
    from rulestack import Modifier

    out = []
    for (zname, _), zone in game.state.zones.items():
        if zname != "spell_trap":
            continue
        for cid in zone.cards:
            card = game.state.cards[cid]
            bonus = card.definition.fields.get("equip")
            if not bonus or not card.face_up or card.attached_to is None or not rules.equip_valid(game, card):
                continue
            for attr in ("atk", "def"):
                if bonus.get(attr):
                    out.append(Modifier(card=card.attached_to, attr=attr, op="add", value=bonus[attr],
                                        timestamp=card.timestamp, source=card.id))
    return out


def check_equips(game: Any) -> int:
    found = rules.equip_modifiers(game)
    assert found == equips_by_scan(game)
    return len(found)


def test_equip_bonuses_agree_with_a_scan_of_the_zones():
    assert sum(checks_in_game("yugioh", ("classic_a", "classic_b"), seed, check_equips) for seed in range(2)) > 10


def test_equips_of_both_players_are_read_in_the_order_of_the_zones():
    sc = duel()
    game = sc.game
    for player, monster, equip in ((1, "Giant Rat", "Axe of Despair"), (0, "Celtic Guardian", "Axe of Despair")):
        rules.equip(game, sc.card(sc.add(equip, "spell_trap", player)), sc.card(sc.add(monster, "monster", player)))
    assert [game.card(m.card).name for m in rules.equip_modifiers(game)] == ["Celtic Guardian", "Giant Rat"]
    assert check_equips(game) == 2


# -- bonds: the value set again only when a bond ended ------------------------------------------------------
def test_a_bond_that_holds_is_not_written_again_and_one_that_ends_is_dropped():
    sc = duel()
    game = sc.game
    trap = sc.card(sc.add("Call of the Haunted", "spell_trap", 0))
    rat = sc.card(sc.add("Giant Rat", "monster", 0))
    rules.bond(game, trap, rat, "leaves", "leaves")
    version = game.journal.version
    assert rules.check_bonds(game) is False and game.journal.version == version
    assert len(game.value_of(None, "bonds")) == 1
    game.move(rat, "graveyard", 0)
    assert rules.check_bonds(game) is True
    assert game.value_of(None, "bonds") == () and game.card(trap.id).zone == "graveyard"


def test_a_monster_granted_cannot_attack_is_offered_no_attack():
    """Fiendish Chain grants "Cannot Attack": battle.attack_actions reads the keyword from the
    derived values then (not from the printed keywords)."""
    from rulestack_systems.yugioh import battle

    sc = duel(phase="battle")
    cannon = sc.add("Cannon Soldier", "monster", 0)
    sc.add("Giant Rat", "monster", 0)
    sc.add("Fiendish Chain", "spell_trap", 1, face_up=False)
    sc.add("Mystical Space Typhoon", "hand", 0)
    sc.answer("pass", "activate Fiendish Chain", "Cannon Soldier", "pass")
    sc.run()
    game = sc.game
    assert game.has_keyword(sc.card(cannon), "Cannot Attack")
    assert [a.label for a in battle.attack_actions(game, 0)] == ["attack with Giant Rat"]
    check_attacks(game)
