"""The ST03 (blue) and ST07 (yellow) cards do what their texts say, through the real game loop."""
from __future__ import annotations

from .board import give_don, leader, position


def rested(sc, player):
    return sum(1 for c in sc.game.cards_in("cost", player) if c.status.get("rested"))


def options(sc):
    return [o.label for o in sc.decision.options]


def field_don(sc, player):
    return len(sc.game.cards_in("cost", player)) + len(sc.game.cards_in("given", player))


# -- ST03 (blue) -------------------------------------------------------------------------------------

def test_crocodile_leader_returns_four_don_to_bounce_a_character_once_per_turn():
    sc = position(leaders=("ST03-001", "Plain Leader"), don=(5, 0))
    franky = sc.add("Franky", "character", 1)                 # cost 4: may be returned
    sc.add("Monkey.D.Garp", "character", 1)                   # cost 5: may be returned too
    sc.answer("activate Crocodile", *["DON!!"] * 4).run()
    assert field_don(sc, 0) == 1 and len(sc.game.cards_in("don_deck", 0)) == 9
    assert set(options(sc)) == {"Franky", "Monkey.D.Garp"}
    sc.answer("Franky").run()
    assert sc.card(franky).zone == "hand" and sc.card(franky).owner == 1
    assert not [o for o in options(sc) if o.startswith("activate Crocodile")]


def test_crocodile_character_blocks_and_sends_a_cheap_character_to_the_deck_bottom():
    sc = position(active=1, don=(0, 1))
    croc = sc.add("ST03-003", "character", 0)
    give_don(sc, croc, 1)
    karoo = sc.add("Karoo", "character", 1)                   # cost 1
    sc.answer("attack Plain Leader with Plain Leader", "block with Crocodile", "Karoo").run()
    assert sc.card(karoo).zone == "deck" and sc.game.zone("deck", 1).cards[0] == karoo
    assert sc.card(croc).status.get("rested")


def test_gecko_moria_takes_back_a_warlord_but_not_another_moria():
    sc = position(don=(4, 0))
    sc.add("Gecko Moria", "hand", 0)
    sc.add("Gecko Moria", "trash", 0)
    mihawk = sc.add("Dracule Mihawk", "trash", 0)
    sc.add("Donquixote Doflamingo", "trash", 0)               # cost 7: too expensive
    sc.add("Karoo", "trash", 0)                               # not a Warlord
    sc.answer("play Gecko Moria").run()
    assert options(sc) == ["Dracule Mihawk"] or options(sc)[:1] == ["Dracule Mihawk"]
    sc.answer("Dracule Mihawk").run()
    assert sc.card(mihawk).zone == "hand"


def test_mihawk_draws_two_then_trashes_two():
    sc = position(don=(1, 0), deck=(5, 5))
    mihawk = sc.add("Dracule Mihawk", "character", 0)
    give_don(sc, mihawk, 1)
    sc.add("Karoo", "hand", 0)
    sc.answer("attack Plain Leader with Dracule Mihawk", ["Karoo", "Dockhand"]).run()
    assert sorted(sc.zone("trash", 0)) == ["Dockhand", "Karoo"] and sc.zone("hand", 0) == ["Dockhand"]


def test_sentomaru_plays_a_pacifista_from_the_deck():
    sc = position(don=(2, 0))
    sento = sc.add("Sentomaru", "character", 0)
    give_don(sc, sento, 1)
    pacifista = sc.add("Pacifista", "deck", 0)
    sc.answer("activate Sentomaru", "Pacifista").run()
    assert sc.card(pacifista).zone == "character" and rested(sc, 0) == 2
    assert sc.assert_event("shuffled")
    assert not [o for o in options(sc) if o.startswith("activate Sentomaru")]


def test_doflamingo_and_teach_return_characters_by_cost():
    sc = position(don=(7, 0))
    sc.add("Donquixote Doflamingo", "hand", 0)
    garp = sc.add("Monkey.D.Garp", "character", 1)
    sc.answer("play Donquixote Doflamingo", "Monkey.D.Garp").run()
    assert sc.card(garp).zone == "hand"

    sc = position(don=(4, 0))
    sc.add("Marshall.D.Teach", "hand", 0)
    sc.add("Franky", "character", 1)                          # cost 4: out of reach
    tsuru = sc.add("Tsuru", "character", 1)
    sc.answer("play Marshall.D.Teach").run()
    assert options(sc) == ["Tsuru"]
    sc.answer("Tsuru").run()
    assert sc.card(tsuru).zone == "hand"


def test_kuma_puts_top_cards_back_on_top_or_at_the_bottom():
    sc = position(don=(2, 0), deck=(0, 5))
    a, b, c = sc.add_many(["Karoo", "Franky", "Usopp"], "deck", 0)   # Usopp is the top card
    sc.add_many(["Dockhand"] * 2, "deck", 0, position="bottom")
    sc.add("Bartholomew Kuma", "hand", 0)
    sc.answer("play Bartholomew Kuma").run()
    assert sorted(options(sc)) == ["Franky", "Karoo", "Usopp"]        # the chooser sees their faces
    sc.answer(["Usopp", "Karoo"]).run()
    deck = sc.game.zone("deck", 0).cards
    assert deck[-1] == b and set(deck[:2]) == {a, c}

    sc = position(don=(2, 0), deck=(0, 5))
    a, b, c = sc.add_many(["Karoo", "Franky", "Usopp"], "deck", 0)
    sc.add("Bartholomew Kuma", "hand", 0)
    sc.answer("play Bartholomew Kuma", [], ["Usopp", "Franky", "Karoo"]).run()    # none to the bottom
    assert sc.game.zone("deck", 0).cards[-3:] == [c, b, a]                         # Karoo is now on top


def test_sables_main_and_its_trigger_return_a_character():
    sc = position(don=(4, 0))
    sc.add("Sables", "hand", 0)
    garp = sc.add("Monkey.D.Garp", "character", 1)
    sc.answer("activate Sables", "Monkey.D.Garp").run()
    assert sc.card(garp).zone == "hand" and rested(sc, 0) == 4

    sc = position(active=1, don=(0, 1))
    sc.add("Sables", "life", 0)
    garp = sc.add("Monkey.D.Garp", "character", 1)
    sc.answer("attack Plain Leader with Plain Leader", "yes", "Monkey.D.Garp").run()
    assert sc.card(garp).zone == "hand" and "Sables" in sc.zone("trash", 0)


def test_thrust_pad_cannon_counter_and_trigger():
    sc = position(active=1, don=(2, 0))
    sc.add("Thrust Pad Cannon", "hand", 0)
    sc.add("Franky", "character", 1)                          # cost 4: out of reach
    karoo = sc.add("Karoo", "character", 1)
    sc.answer("attack Plain Leader with Plain Leader", "activate Thrust Pad Cannon").run()
    assert options(sc) == ["Karoo"]
    sc.answer("Karoo").run()
    assert sc.card(karoo).zone == "hand" and sc.card(karoo).owner == 1 and rested(sc, 0) == 2

    sc = position(active=1, don=(0, 1))
    sc.add("Thrust Pad Cannon", "life", 0)
    tsuru = sc.add("Tsuru", "character", 1)
    sc.answer("attack Plain Leader with Plain Leader", "yes", "Tsuru").run()
    assert sc.card(tsuru).zone == "hand"


def test_love_love_mellow_draws_only_with_three_or_fewer_cards_in_hand():
    for extra, draws in ((3, True), (4, False)):        # counted after Mellow left the hand
        sc = position(active=1, don=(2, 1))
        sc.add("Love-Love Mellow", "hand", 0)
        sc.add_many(["Karoo"] * extra, "hand", 0)
        sc.answer("attack Plain Leader with Plain Leader", "activate Love-Love Mellow", "Plain Leader",
                  "no more counters").run()
        assert sc.assert_event("battle_result").get("target_power") == 9000 and sc.life(0) == 3
        assert len(sc.zone("hand", 0)) == extra + (1 if draws else 0)


# -- ST07 (yellow) -----------------------------------------------------------------------------------

def life_names(sc, player):
    return [sc.game.card(c).name for c in sc.game.zone("life", player).cards]      # bottom first


def test_linlin_leader_takes_a_life_card_then_refills_life_from_hand():
    sc = position(leaders=("ST07-001", "Plain Leader"), life=(2, 3), don=(0, 0))
    linlin = leader(sc, 0)
    give_don(sc, linlin, 2)
    sc.add("Karoo", "hand", 0)
    sc.answer("attack Plain Leader with Charlotte Linlin", "yes", "top", "Karoo").run()
    assert life_names(sc, 0)[-1] == "Karoo" and sc.life(0) == 2 and "Dockhand" in sc.zone("hand", 0)

    sc = position(leaders=("ST07-001", "Plain Leader"), life=(4, 3))
    give_don(sc, leader(sc, 0), 2)
    sc.add("Karoo", "hand", 0)
    sc.answer("attack Plain Leader with Charlotte Linlin", "yes", "bottom").run()
    assert sc.life(0) == 3 and "Karoo" in sc.zone("hand", 0)         # 3 Life left: no refill

    sc = position(leaders=("ST07-001", "Plain Leader"), life=(0, 3))
    give_don(sc, leader(sc, 0), 2)
    sc.add("Karoo", "hand", 0)
    sc.answer("attack Plain Leader with Charlotte Linlin").run()        # no Life card to pay with:
    assert not sc.events("resolving", card=leader(sc, 0))               # no "you may" offered at all
    assert sc.life(0) == 0 and sc.zone("hand", 0) == ["Karoo"]


def test_katakuri_rearranges_a_life_and_gains_rush_when_behind():
    sc = position(life=(2, 3), don=(4, 0))
    sc.add("White Out", "life", 1)                                      # the opponent's top Life card
    kata = sc.add("Charlotte Katakuri", "hand", 0)
    sc.answer("play Charlotte Katakuri", "your opponent's Life", "put it at the bottom").run()
    assert life_names(sc, 1)[0] == "White Out"
    assert sc.assert_event("looked_at", player=0)
    assert sc.game.has_keyword(kata, "Rush")
    sc.answer("attack Plain Leader with Charlotte Katakuri").run()
    assert sc.life(1) == 3

    sc = position(life=(3, 3), don=(4, 0))
    kata = sc.add("Charlotte Katakuri", "hand", 0)
    sc.answer("play Charlotte Katakuri", "neither").run()
    assert not sc.game.has_keyword(kata, "Rush")


def test_snack_pays_a_life_card_for_banish_and_1000_power():
    sc = position(life=(3, 3), don=(0, 0))
    snack = sc.add("Charlotte Snack", "character", 0)
    give_don(sc, snack, 1)
    top = sc.add("White Out", "life", 1)                                # a [Trigger] that must not fire
    sc.answer("attack Plain Leader with Charlotte Snack", "yes", "top").run()
    assert sc.assert_event("battle_result").get("attacker_power") == 8000
    assert sc.card(top).zone == "trash" and sc.life(1) == 3 and sc.life(0) == 2
    assert not sc.game.has_keyword(snack, "Banish")                     # "this battle" is over


def test_daifuku_moves_the_top_deck_card_into_life():
    sc = position(life=(3, 3))
    dai = sc.add("Charlotte Daifuku", "character", 0)
    give_don(sc, dai, 1)
    top_deck = sc.add("Franky", "deck", 0)
    sc.answer("attack Plain Leader with Charlotte Daifuku", "yes", "bottom", "yes").run()
    assert sc.card(top_deck).zone == "life" and sc.life(0) == 3 and not sc.card(top_deck).face_up


def test_pudding_puts_your_own_top_life_card_at_the_bottom():
    sc = position(life=(2, 3), don=(2, 0))
    top = sc.add("Karoo", "life", 0)
    sc.add("Charlotte Pudding", "hand", 0)
    sc.answer("play Charlotte Pudding", "your Life", "put it at the bottom").run()
    assert sc.game.zone("life", 0).cards[0] == top and sc.life(0) == 3


def test_mont_d_or_activate_and_its_trigger():
    sc = position(life=(3, 3))
    mont = sc.add("Charlotte Mont-d'Or", "character", 0)
    tsuru = sc.add("Tsuru", "character", 1)
    sc.answer("activate Charlotte Mont-d'Or", "top", "Tsuru").run()
    assert sc.card(tsuru).zone == "trash" and sc.card(mont).status.get("rested") and sc.life(0) == 2

    sc = position(life=(0, 3))
    sc.add("Charlotte Mont-d'Or", "character", 0)
    sc.add("Tsuru", "character", 1)
    sc.run()
    assert not [o for o in options(sc) if o.startswith("activate Charlotte Mont-d'Or")]   # 8-3-1-3

    sc = position(active=1, don=(0, 1))
    mont = sc.add("Charlotte Mont-d'Or", "life", 0)
    sc.add("Karoo", "hand", 0)
    sc.answer("attack Plain Leader with Plain Leader", "no more counters", "yes").run()   # the one card in hand pays
    assert sc.card(mont).zone == "character" and sc.zone("trash", 0) == ["Karoo"]


def test_linlin_character_lets_the_opponent_choose():
    sc = position(life=(3, 3), don=(7, 0))
    sc.add("ST07-010", "hand", 0)
    sc.answer("play Charlotte Linlin", "trash the top card of your Life").run()
    assert sc.life(1) == 2 and "Dockhand" in sc.zone("trash", 1)
    assert sc.decision.player == 0

    sc = position(life=(3, 3), don=(7, 0))
    sc.add("ST07-010", "hand", 0)
    sc.answer("play Charlotte Linlin", "your opponent adds").run()
    assert sc.life(0) == 4 and sc.life(1) == 3


def test_zeus_gives_banish_and_prometheus_gives_double_attack_to_linlin():
    sc = position(leaders=("ST07-001", "Plain Leader"), life=(3, 3))
    sc.add("Zeus", "character", 0)
    sc.add("Prometheus", "character", 0)
    sc.add("White Out", "life", 1)
    sc.answer("activate Zeus", "Charlotte Linlin", "activate Prometheus", "Charlotte Linlin",
              "attack Plain Leader with Charlotte Linlin").run()
    assert sc.life(1) == 2 and sc.zone("trash", 1) == ["White Out", "Dockhand"]
    assert not sc.events("revealed")                                    # [Banish]: no [Trigger]


def test_soul_pocus_trigger_and_power_mochi():
    sc = position(active=1, don=(0, 1), life=(3, 3))
    sc.add("Soul Pocus", "life", 0)
    sc.answer("attack Plain Leader with Plain Leader", "yes", "trash the top card of your Life").run()
    assert sc.life(1) == 2 and sc.life(0) == 3

    sc = position(active=1, don=(1, 1), life=(3, 3))
    sc.add("Power Mochi", "hand", 0)
    sc.answer("attack Plain Leader with Plain Leader", "activate Power Mochi", "neither", "Plain Leader").run()
    assert sc.assert_event("battle_result").get("target_power") == 7000 and sc.life(0) == 3

    sc = position(active=1, don=(0, 1), life=(3, 3))
    sc.add("Power Mochi", "life", 0)
    top = sc.add("Karoo", "life", 1)
    sc.answer("attack Plain Leader with Plain Leader", "yes", "put it at the bottom").run()
    assert sc.game.zone("life", 1).cards[0] == top and "Dockhand" in sc.zone("hand", 0)


def test_queen_mama_chanter_puts_a_cost_three_character_into_life_face_up():
    sc = position(life=(3, 3))
    sc.add("Queen Mama Chanter", "stage", 0)
    sc.add("Tsuru", "character", 0)                                     # cost 2: not eligible
    hina = sc.add("Hina", "character", 0)
    sc.answer("activate Queen Mama Chanter", "top").run()
    assert options(sc) == ["Hina"]
    sc.answer("Hina").run()
    assert sc.card(hina).zone == "life" and sc.card(hina).face_up and sc.life(0) == 3
