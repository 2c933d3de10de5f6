"""What a script sees is what its controller may see (issue 16, item 7), in every bundled system:
``ctx:card`` on a card in the opponent's hand or in a deck gives no code, name or values unless an
effect revealed it through the host (``ctx:reveal``, recorded in the log)."""
from __future__ import annotations

import pytest

from rulestack import ScriptError

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
