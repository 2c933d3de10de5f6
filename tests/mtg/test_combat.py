"""Combat keywords and damage assignment (506-511, 702) through the real turn flow, each test
named with the rule it checks. The cards are real ones (card_scripts/mtg)."""
from __future__ import annotations

from rulestack import Cause

from .helpers import Table


def _attack(t: Table, *names: str) -> Table:
    t.until(lambda g: t.decision.reason == "attack")
    return t.answer(list(names))


def _block(t: Table, blocker_prompt: str, answer: str) -> Table:
    t.until(lambda g: t.decision.prompt.startswith(f"{blocker_prompt}: block?"))
    return t.answer(answer)


def _events_in_order(t: Table, *kinds: str) -> list:
    return [e for e in t.game.events if e.kind in kinds]


# -- menace (702.111) --------------------------------------------------------------------------------

def test_702_111b_menace_blocked_by_one_creature_is_an_illegal_declaration_asked_again():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Boggart Brute")                               # 3/2 menace
    t.add("Grizzly Bears", player=1)
    t.add("Glory Seeker", player=1)
    _attack(t, "Boggart Brute")
    _block(t, "Grizzly Bears", "block Boggart Brute")
    _block(t, "Glory Seeker", "no block")
    # the declaration broke 509.1c: asked again from the first blocker, saying why
    t.until(lambda g: t.decision.prompt.startswith("Grizzly Bears: block?"))
    assert "menace" in t.decision.prompt and "702.111b" in t.decision.prompt
    assert not t.events("blocks")
    t.answer("no block")
    _block(t, "Glory Seeker", "no block")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.game.players[1].life == 17 and not t.events("blocks")


def test_702_111b_menace_blocked_by_two_creatures_is_legal():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Boggart Brute")
    t.add("Grizzly Bears", player=1)
    t.add("Glory Seeker", player=1)
    _attack(t, "Boggart Brute")
    _block(t, "Grizzly Bears", "block Boggart Brute")
    _block(t, "Glory Seeker", "block Boggart Brute")
    t.to_priority(phase="combat", step="end_of_combat")
    assert len(t.events("blocks")) == 2
    assert t.card("Boggart Brute").zone == "graveyard" and t.game.players[1].life == 20


# -- damage assignment order (509.2, 510.1c), the rule before November 2024 --------------------------
# (setting damage_assignment_order; the rule now is in test_judge_corner_cases.py)

OLD_COMBAT = {"damage_assignment_order": True}


def _double_block(attacker: str, order: list[str]) -> Table:
    t = Table(phase="combat", step="declare_attackers", settings=OLD_COMBAT)
    t.add(attacker)
    t.add("Grizzly Bears", player=1)                     # 2/2
    t.add("Glory Seeker", player=1)                      # 2/2
    _attack(t, attacker)
    _block(t, "Grizzly Bears", f"block {attacker}")
    _block(t, "Glory Seeker", f"block {attacker}")
    t.until(lambda g: t.decision.reason == "order")
    assert t.decision.player == 0                        # the attacking player orders
    names = [o.label for o in t.decision.options]
    t.answer([names.index(n) for n in order])
    t.to_priority(phase="combat", step="end_of_combat")
    return t


def test_510_1c_the_attacking_player_orders_blockers_and_lethal_goes_to_the_first_before_the_next():
    t = _double_block("Boggart Brute", ["Glory Seeker", "Grizzly Bears"])   # 3 power: 2 lethal, 1 left
    assert t.card("Glory Seeker").zone == "graveyard"
    assert t.card("Grizzly Bears").zone == "battlefield"
    order = t.events("damage_order")
    assert len(order) == 1 and [t.game.card(c).name for c in order[0].data["blockers"]] == \
        ["Glory Seeker", "Grizzly Bears"]
    # the remaining 1 damage stayed with the first blocker in the order (no trample)
    assert t.game.players[1].life == 20


def test_510_1c_the_other_order_kills_the_other_blocker():
    t = _double_block("Boggart Brute", ["Grizzly Bears", "Glory Seeker"])
    assert t.card("Grizzly Bears").zone == "graveyard"
    assert t.card("Glory Seeker").zone == "battlefield"


def test_702_2c_702_19c_deathtouch_makes_one_damage_lethal_and_trample_sends_the_rest_to_the_player():
    t = Table(phase="combat", step="declare_attackers", settings=OLD_COMBAT)
    t.add("Colossal Dreadmaw")                           # 6/6 trample
    t.add("Grizzly Bears", player=1)
    t.add("Giant Spider", player=1)                      # 2/4
    t.lands("Plains", 0)
    _attack(t, "Colossal Dreadmaw")
    _block(t, "Grizzly Bears", "block Colossal Dreadmaw")
    _block(t, "Giant Spider", "block Colossal Dreadmaw")
    t.until(lambda g: t.decision.reason == "order").answer([0, 1])
    t.to_priority(phase="combat", step="end_of_combat")
    # lethal to each in order (2 then 4), the 0 left over: nothing to the player
    assert t.card("Grizzly Bears").zone == "graveyard" and t.card("Giant Spider").zone == "graveyard"
    assert t.game.players[1].life == 20


def test_702_2b_deathtouch_destroys_a_creature_it_damaged_704_5h():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Typhoid Rats")                                # 1/1 deathtouch
    t.add("Colossal Dreadmaw", player=1)                 # 6/6
    _attack(t, "Typhoid Rats")
    _block(t, "Colossal Dreadmaw", "block Typhoid Rats")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.card("Colossal Dreadmaw").zone == "graveyard" and t.card("Typhoid Rats").zone == "graveyard"


def test_702_19c_702_2c_deathtouch_and_trample_assign_one_to_the_blocker_and_the_rest_to_the_player():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Colossal Dreadmaw")
    t.add("Typhoid Rats")                                # gives no keyword: a second attacker
    t.add("Giant Spider", player=1)
    _attack(t, "Colossal Dreadmaw")
    _block(t, "Giant Spider", "block Colossal Dreadmaw")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.card("Giant Spider").zone == "graveyard" and t.game.players[1].life == 18   # 4 lethal, 2 trample


def test_702_15b_lifelink_and_702_2_deathtouch_and_702_9b_flying_on_one_creature():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Vampire Nighthawk")                           # 2/3 flying deathtouch lifelink
    t.add("Grizzly Bears", player=1)                     # cannot block a flyer
    t.add("Giant Spider", player=1)                      # reach: can
    _attack(t, "Vampire Nighthawk")
    t.until(lambda g: t.decision.prompt.endswith("block?"))
    assert t.decision.prompt == "Giant Spider: block?"   # 702.9b, 702.17b: the Bears were not asked
    t.answer("block Vampire Nighthawk")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.card("Giant Spider").zone == "graveyard"    # 2 deathtouch damage to a 2/4
    assert t.card("Vampire Nighthawk").zone == "battlefield"
    assert t.game.players[0].life == 22                  # lifelink: damage to a creature counts too


# -- first strike and double strike (510.4, 702.4, 702.7) --------------------------------------------

def test_510_4_702_4b_double_strike_deals_damage_in_both_steps_and_the_first_strike_step_comes_first():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Fencing Ace")                                 # 1/1 double strike
    _attack(t, "Fencing Ace")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.game.players[1].life == 18
    log = [(e.kind, e.data.get("step")) for e in _events_in_order(t, "phase", "damaged")]
    i_first = log.index(("phase", "first_strike_damage"))
    i_regular = log.index(("phase", "combat_damage"))
    assert i_first < i_regular
    hits = [i for i, (k, _) in enumerate(log) if k == "damaged"]
    assert len(hits) == 2 and i_first < hits[0] < i_regular < hits[1]
    assert all(e.cause == Cause.BATTLE for e in t.events("damaged", player=1))


def test_702_7b_a_first_striker_that_kills_its_blocker_takes_no_damage_and_deals_none_again():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Youthful Knight")                             # 2/1 first strike
    t.add("Fencing Ace", player=1)                       # 1/1 double strike blocker strikes first too
    _attack(t, "Youthful Knight")
    _block(t, "Fencing Ace", "block Youthful Knight")
    t.to_priority(phase="combat", step="end_of_combat")
    # both deal damage in the first-strike step: both die; nothing in the regular step
    assert t.card("Youthful Knight").zone == "graveyard" and t.card("Fencing Ace").zone == "graveyard"
    assert len(t.events("damage_dealt")) == 2


def test_510_4_without_first_strike_there_is_one_combat_damage_step():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Grizzly Bears")
    _attack(t, "Grizzly Bears")
    t.to_priority(phase="combat", step="end_of_combat")
    steps = [e.data.get("step") for e in t.events("phase")]
    assert "first_strike_damage" not in steps and "combat_damage" in steps


def test_702_20b_vigilance_attacker_stays_untapped():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Serra Angel")
    t.add("Grizzly Bears")
    _attack(t, "Serra Angel", "Grizzly Bears")
    assert not t.card("Serra Angel").status.get("tapped") and t.card("Grizzly Bears").status.get("tapped")


def test_510_4_a_first_striker_deals_no_damage_again_in_the_regular_step():
    t = Table(phase="combat", step="declare_attackers")
    t.add("Youthful Knight")                             # 2/1 first strike
    t.add("Wall of Wood", player=1)                      # 0/3: survives the 2
    _attack(t, "Youthful Knight")
    _block(t, "Wall of Wood", "block Youthful Knight")
    t.to_priority(phase="combat", step="end_of_combat")
    assert t.card("Wall of Wood").zone == "battlefield" and t.card("Wall of Wood").status.get("damage") == 2
    assert len(t.events("damage_dealt")) == 1
