"""What a script sees is what its controller may see (issue 16, item 7), in every bundled system:
``ctx:card`` on a card in the opponent's hand or in a deck gives no code, name or values unless an
effect revealed it through the host (``ctx:reveal``, recorded in the log)."""
from __future__ import annotations

import pytest

from rulestack import ScriptError
from rulestack.context import looks, may_see

from .test_ctx_arguments import Probe

SYSTEMS = ["mtg", "onepiece", "yugioh", "hostile"]


def _hand_and_deck(game, player):
    hidden = {}
    for (zone, owner), z in game.state.zones.items():
        if z.cards and owner is not None:
            hidden.setdefault((zone, owner), z.cards[0])
    return hidden


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_script_sees_hidden_cards_as_hidden_until_revealed(system):
    probe = Probe(system)
    game = probe.game
    try:
        checked = 0
        for (zone, owner), cid in sorted(_hand_and_deck(game, 0).items(), key=repr):
            card = game.state.cards[cid]
            seen = probe.call("card", [cid])
            if game.can_see(0, card):
                assert seen["name"] == card.name and seen["code"] == card.code
                continue
            checked += 1
            assert seen["hidden"] is True and seen["id"] == cid, seen
            assert not {"name", "code", "text", "power", "cost"} & set(seen), f"{zone}/{owner} leaks {seen}"
        assert checked >= 2, "no hidden card in the position: the test would prove nothing"
        # revealed through the host: recorded, and from then on the script may read it
        cid = next(c for (zone, owner), c in _hand_and_deck(game, 0).items()
                   if not game.can_see(0, game.state.cards[c]))
        probe.call("reveal", [cid])
        assert any(e.kind == "revealed" and cid in e.get("cards") for e in game.events)
        assert probe.call("card", [cid])["name"] == game.state.cards[cid].name
    finally:
        game.close()


def test_a_script_cannot_put_hidden_names_into_the_log():
    """The script only has what ctx:card gave it: logging it carries no hidden name."""
    probe = Probe("hostile")
    game = probe.game
    try:
        opp_hand = game.zone("hand", 1).cards
        names = {game.state.cards[c].name for c in opp_hand}
        for cid in opp_hand:
            seen = probe.call("card", [cid])
            probe.call("log", [str(seen.get("name"))])
        lines = [e.get("message") for e in game.events if e.kind == "script_log"]
        assert lines and not names & set(lines)
    finally:
        game.close()


# -- the controller's own hidden zones (issue 16 item 7): no order, unless the host is asked -------

def _own_deck(game, player=0):
    """The ordered hidden zone of ``player`` holding the most cards (the deck or library)."""
    zones = [z for (name, owner), z in game.state.zones.items()
             if owner == player and z.spec.ordered and z.cards and not game.can_see(player, game.state.cards[z.cards[0]])]
    return max(zones, key=lambda z: len(z.cards))


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_script_learns_nothing_of_its_own_decks_order(system):
    probe = Probe(system)
    game = probe.game
    try:
        deck = _own_deck(game)
        order = list(deck.cards)
        assert order != sorted(order), "the deck is in id order: the test would prove nothing"
        seen = probe.call("cards", [{"zone": deck.name, "player": "you"}])
        assert seen == sorted(order)
        game.shuffle(deck.name, 0)
        assert probe.call("cards", [{"zone": deck.name, "player": "you"}]) == sorted(order)   # a shuffle says nothing
    finally:
        game.close()


@pytest.mark.parametrize("system", SYSTEMS)
def test_top_cards_gives_the_top_cards_unseen(system):
    probe = Probe(system)
    game = probe.game
    try:
        deck = _own_deck(game)
        top = probe.call("top_cards", [deck.name, 3])
        assert top == [deck.cards[-1], deck.cards[-2], deck.cards[-3]]
        for cid in top:
            assert probe.call("card", [cid])["hidden"] is True
        assert looks(game) == []
    finally:
        game.close()


@pytest.mark.parametrize("system", SYSTEMS)
def test_look_at_top_shows_the_controller_alone_and_is_recorded(system):
    probe = Probe(system)
    game = probe.game
    try:
        deck = _own_deck(game)
        log_before = len(game.events)
        top = probe.call("look_at_top", [deck.name, 2])
        assert top == [deck.cards[-1], deck.cards[-2]]
        for cid in top:
            assert probe.call("card", [cid])["name"] == game.state.cards[cid].name   # the looker sees them
            assert not may_see(game.context(player=1), game.state.cards[cid])      # the other player does not
        assert looks(game) == [(game.state.turn, 0, deck.name, 0, tuple(top))]
        (look,) = game.events[log_before:]
        assert look.kind == "looked_at" and look.player == 0 and look.get("cards") == top
        codes = [game.state.cards[c].code for c in top]
        mine, theirs = game.visible_log(0)[-1], game.visible_log(1)[-1]
        assert mine["codes"] == codes and "codes" not in theirs and "code" not in theirs
        from rulestack.narrate import narrate
        told_them = narrate(game, look, viewer=1)
        assert "2 hidden cards" in told_them, told_them      # the other player reads no name
        third = deck.cards[-3]
        assert probe.call("card", [third])["hidden"] is True   # only what it looked at
        # The look lasts until the card changes zone.
        game.move(top[0], deck.name, 0, cause="rule")
        assert probe.call("card", [top[0]])["hidden"] is True
    finally:
        game.close()


@pytest.mark.parametrize("args, words", [
    (["hand", 1], "'hand' is not an ordered zone"),
    (["nowhere", 1], "'nowhere' is not an ordered zone"),
    (["deck", -1], "n"),
    (["deck", 1, "nobody"], "nobody"),
])
def test_look_at_top_refuses_odd_arguments_by_name(args, words):
    probe = Probe("hostile")
    try:
        with pytest.raises(ScriptError) as err:
            probe.call("look_at_top", args)
        assert "look_at_top" in str(err.value) and words in str(err.value)
        assert looks(probe.game) == []
    finally:
        probe.game.close()


def test_kuma_looks_at_the_top_three_through_the_host():
    """One Piece ST03-010 (Kuma) in the real flow: the chooser sees the three faces, top card first
    (8-4-4-4), and the look is recorded for its controller alone."""
    from onepiece.board import position
    sc = position(don=(2, 0), deck=(0, 5))
    a, b, c = sc.add_many(["Karoo", "Franky", "Usopp"], "deck", 0)   # Usopp is the top card
    sc.add("Bartholomew Kuma", "hand", 0)
    sc.answer("play Bartholomew Kuma").run()
    assert [o.label for o in sc.decision.options] == ["Usopp", "Franky", "Karoo"]
    assert looks(sc.game) == [(3, 0, "deck", 0, (c, b, a))]
    assert not any(may_see(sc.game.context(player=1), sc.game.state.cards[x]) for x in (a, b, c))
    sc.answer(["Usopp", "Karoo"]).run()
    assert sc.game.zone("deck", 0).cards[-1] == b
    sc.game.close()


def test_linlin_adds_the_top_card_to_life_unseen():
    """ST07-010 (Charlotte Linlin) takes the top card of its deck without looking at it."""
    from onepiece.board import position
    sc = position(life=(3, 3), don=(7, 0), deck=(0, 5))
    a, b = sc.add_many(["Karoo", "Usopp"], "deck", 0)   # Usopp is the top card
    sc.add("ST07-010", "hand", 0)
    sc.answer("play Charlotte Linlin", "your opponent adds").run()
    assert sc.life(0) == 4 and sc.card(b).zone == "life" and sc.card(b).face_up is False
    assert sc.card(a).zone == "deck"
    assert looks(sc.game) == []
    sc.game.close()


def test_the_event_a_script_reads_drops_the_code_of_a_card_its_controller_did_not_see():
    """A trigger of P0 on P1's draw: ctx:event() must not carry the code of the card P1 drew (the
    log's own view drops it too)."""
    probe = Probe("hostile")
    game = probe.game
    try:
        drawn = game.zone("deck", 1).cards[-1]
        game.move(drawn, "hand", 1, kind="drew")
        ev = game.events[-1]
        assert ev.kind == "drew" and ev.get("code") == game.state.cards[drawn].code   # the host's record has it
        from rulestack.context import m_event
        theirs = m_event(game.context(player=0, event=ev))
        mine = m_event(game.context(player=1, event=ev))
        assert "code" not in theirs and theirs["card"] == drawn
        assert mine["code"] == game.state.cards[drawn].code
    finally:
        game.close()
