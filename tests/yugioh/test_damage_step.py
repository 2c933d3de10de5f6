"""The Damage Step in its timings (issue 18): what may be activated at each, damage calculation in
its place, and monsters destroyed by battle sent to the GY at its end."""
from __future__ import annotations

from .conftest import duel


def _battle(sc, *extra_p1):
    """P0's Vorse Raider (1900) attacks P1's Celtic Guardian (1400, Attack Position); P1 has
    Reinforcements and Waboku Set. Returns the ids."""
    raider = sc.add("Vorse Raider", "monster", 0)
    guard = sc.add("Celtic Guardian", "monster", 1)
    sc.add("Reinforcements", "spell_trap", 1, face_up=False)
    sc.add("Waboku", "spell_trap", 1, face_up=False)
    sc.run()
    sc.answer("pass")                                            # P1, at the Start Step
    sc.run()
    sc.answer("attack with Vorse Raider", "pass")                # P1 lets the declaration stand
    sc.run()
    return raider, guard


def _offered(sc):
    return [o.label for o in sc.decision.options]


def test_only_damage_step_cards_are_offered_at_its_start_and_before_damage_calculation():
    sc = duel(phase="battle")
    _battle(sc)
    timings = []
    while sc.decision is not None and sc.decision.player == 1 and sc.game.state.step == "damage":
        timings.append(sc.game.value_of(None, "damage_step"))
        # Reinforcements changes ATK: allowed; Waboku (a Normal Trap that does not) is not
        assert "activate Reinforcements" in _offered(sc) and "activate Waboku" not in _offered(sc)
        sc.answer("pass")
        sc.run()
    # after damage calculation nothing P1 holds may be activated, so P1 is not asked
    assert timings == ["start", "before_calculation"]


def test_reinforcements_in_the_damage_step_changes_the_battle():
    sc = duel(phase="battle")
    raider, guard = _battle(sc)
    sc.answer("pass", "activate Reinforcements", "Celtic Guardian")   # at "before damage calculation"
    sc.run()
    activated = sc.assert_event("activated", card=sc.card("Reinforcements").id)
    damage_phase = [e for e in sc.events("phase") if e.get("step") == "damage"][-1]
    assert activated.seq > damage_phase.seq
    calc = sc.assert_event("damage_calculation", card=raider)
    assert (calc.get("atk"), calc.get("against")) == (1900, 1900)
    assert sc.card(raider).zone == "graveyard" and sc.card(guard).zone == "graveyard"
    assert sc.life(1) == 8000


def test_monsters_destroyed_by_battle_go_to_the_gy_at_the_end_of_the_damage_step():
    sc = duel(phase="battle")
    raider, guard = _battle(sc)
    while sc.decision is not None and sc.decision.player == 1 and sc.game.state.step == "damage":
        sc.answer("pass")
        sc.run()
    calculated = sc.assert_event("damage_calculated", card=raider)
    damaged = sc.assert_event("damaged", player=1)
    sent = sc.assert_event("moved", card=guard, how="destroyed")
    end = [e for e in sc.events("damage_timing") if e.get("timing") == "end"][-1]
    assert [e.get("timing") for e in sc.events("damage_timing")] == [
        "start", "before_calculation", "after_calculation", "end"]
    assert damaged.seq < calculated.seq < end.seq < sent.seq and sent.cause == "battle"
    assert sc.life(1) == 8000 - 500
