"""Corner cases a judge would notice, each through the real flow with the rule number in its name:
summoning sickness of permanents that become creatures (302.6), the mana spent from a pool
(601.2h, 106.4), X on the stack (202.3e), paying life (119.4, 118.3), the order of replacement
effects by category (616.1a-e) and copies that gain abilities (707.9b)."""
from __future__ import annotations

from rulestack import decisions as d

from .helpers import Table


def _pool(t: Table, player: int = 0) -> str:
    return t.game.value_of(player, "mana_pool") or ""


def _pick(t: Table, cid: int) -> Table:
    """Answer the pending choice of cards with the card ``cid``."""
    return t.answer([i for i, o in enumerate(t.decision.options) if o.card == cid])


# -- 302.6: a permanent that becomes a creature ------------------------------------------------------

def test_CR_302_6_a_land_played_this_turn_and_animated_cannot_attack():
    t = Table()
    t.lands("Forest", 1)
    t.add("Forest", "hand")
    t.add("Animate Land", "hand")
    t.act("play Forest")
    played = t.game.cards_in("battlefield", 0)[-1].id
    t.act("cast Animate Land")
    _pick(t, played)
    t.resolve_stack()
    assert t.pt(played) == (3, 3)
    t.add("Grizzly Bears", status={"sick": None})      # a creature that can attack: the question is asked
    t.until(lambda g: t.decision.reason == "attack")
    assert [o.card for o in t.decision.options] == [t.card("Grizzly Bears").id]


def test_CR_302_6_a_land_animated_the_turn_it_was_played_cannot_be_tapped_for_mana():
    t = Table()
    t.lands("Forest", 1)
    t.add("Forest", "hand")
    t.add("Animate Land", "hand")
    t.add("Giant Growth", "hand")
    t.act("play Forest")
    played = t.game.cards_in("battlefield", 0)[-1].id
    t.act("cast Animate Land")                        # taps the old Forest
    _pick(t, played)
    t.resolve_stack()
    assert t.card(played).zone == "battlefield" and not t.card(played).status.get("tapped")
    assert not t.offers("cast Giant Growth")          # the new Forest is a sick creature: no {G}


def test_CR_302_6_a_land_controlled_since_the_turn_began_and_animated_can_tap_for_mana():
    t = Table()
    old = t.lands("Forest", 2)
    t.add("Animate Land", "hand")
    t.add("Giant Growth", "hand")
    t.act("cast Animate Land")
    _pick(t, old[1])
    t.resolve_stack()
    assert t.pt(old[1]) == (3, 3)
    assert t.offers("cast Giant Growth")
