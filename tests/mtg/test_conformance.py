"""RULES.md Part C5: Summon: Choco/Mog and the Saga machinery, one test per checklist ID, each
played through the real turn loop."""
from __future__ import annotations

import pytest

from rulestack import Cause

from .helpers import Table

CM = "Summon: Choco/Mog"


def cm_table(*, lore: int | None = None, cr: str | None = None, phase: str = "precombat_main",
             step: str | None = None, system: str = "mtg") -> tuple[Table, int | None]:
    """P0 with Savannah Lions (2/1) and, if ``lore`` is given, Choco/Mog on the battlefield with
    that many lore counters; P1 with Grizzly Bears (2/2)."""
    t = Table(cr=cr, phase=phase, step=step, system=system)
    cm = t.add(CM, counters={"lore": lore}) if lore is not None else None
    t.add("Savannah Lions")
    t.add("Grizzly Bears", player=1)
    return t, cm


def chapter_items(t: Table) -> list[str]:
    """The chapter abilities on the stack, bottom to top."""
    return [label for label in t.stack_labels() if label.startswith(f"{CM}: chapter")]


def test_MTG_01_enters_with_one_lore_counter_and_chapter_I_goes_on_the_stack_at_priority():
    """714.3a, 714.2b, 603.3: the counter as it enters (no stack); chapter I waits for priority;
    its +1/+0 reaches the other creatures only."""
    t, _ = cm_table()
    t.lands("Plains", 3)
    t.add(CM, "hand")
    t.act(f"cast {CM}", player=0)
    assert chapter_items(t) == [] and t.zone("stack") == [CM]
    t.until(lambda g: t.zone("battlefield", 0).count(CM) == 1 and t.at_priority())
    # by the time anyone receives priority, chapter I is already on the stack
    assert t.lore(CM) == 1
    assert chapter_items(t) == [f"{CM}: chapter I - Stampede!"]
    entered = t.events("moved", code="choco_mog", to="battlefield")[0]
    counter = t.events("counters_added", card=t.card(CM).id, counter="lore")[0]
    assert counter.cause == Cause.RULE and counter.seq == entered.seq + 1   # no stack in between
    t.resolve_stack()
    assert t.pt("Savannah Lions") == (3, 1)
    assert t.pt(CM) == (3, 3)                       # "other" creatures
    assert t.pt("Grizzly Bears") == (2, 2)          # creatures you control


def test_MTG_02_precombat_main_adds_a_lore_counter_as_a_turn_based_action():
    """714.3c (2026) / 714.3b (FIN), 505.4, 117.3a: before anyone has priority in the main phase,
    a counter is added without using the stack, and chapter II triggers."""
    t, cm = cm_table(lore=1, phase="beginning", step="draw")
    t.to_priority(phase="precombat_main")
    assert t.lore(cm) == 2
    main_began = t.events("phase", phase="precombat_main")[0]
    added = t.events("counters_added", card=cm, counter="lore")
    assert len(added) == 1 and added[0].seq > main_began.seq and added[0].cause == Cause.RULE
    assert added[0].get("before") == 1 and added[0].get("after") == 2
    assert chapter_items(t) == [f"{CM}: chapter II - Stampede!"]
    # the only thing that used the stack is chapter II itself
    assert [e.get("kind_of") for e in t.events("activated")] == ["chapter"]
    t.resolve_stack()
    assert t.pt("Savannah Lions") == (3, 1)


def test_MTG_03_a_third_counter_triggers_only_chapter_III():
    """714.2b and the ruling: chapters whose number was already reached do not trigger again."""
    t, cm = cm_table(lore=2, phase="postcombat_main")
    t.lands("Island", 2)
    t.add("Contentious Plan", "hand")
    t.act("cast Contentious Plan", player=0)
    t.until(lambda g: t.decision.reason == "resolution")     # proliferate: choose CM
    t.answer([t.decision.options.index(next(o for o in t.decision.options if o.card == cm))])
    t.to_priority()
    assert t.lore(cm) == 3
    assert chapter_items(t) == [f"{CM}: chapter III - Stampede!"]
    t.resolve_stack()
    assert t.pt("Savannah Lions") == (3, 1)          # +1/+0 once, from chapter III only


def test_MTG_04_not_sacrificed_while_chapter_IV_is_on_the_stack_then_sacrificed_by_SBA():
    """714.4, 704.5s, 704.3: the final chapter on the stack keeps the Saga; once it resolves the
    next check sacrifices it without using the stack."""
    t, cm = cm_table(lore=3, phase="beginning", step="draw")
    t.to_priority(phase="precombat_main")
    assert t.lore(cm) == 4 and chapter_items(t) == [f"{CM}: chapter IV - Stampede!"]
    # SBAs were checked before this priority, and CM is still here
    assert t.card(cm).zone == "battlefield"
    t.step()                                            # P0 passes
    assert t.card(cm).zone == "battlefield"
    t.step()                                            # P1 passes: chapter IV resolves
    assert t.card(cm).zone == "graveyard"
    sacrificed = t.events("moved", card=cm, to="graveyard")[0]
    assert sacrificed.cause == Cause.RULE and sacrificed.get("how") == "sacrificed"
    assert t.pt("Savannah Lions") == (3, 1)            # chapter IV did resolve first
    assert not t.game.state.stack


def test_MTG_04_countered_final_chapter_also_lets_the_saga_go():
    """704.5s: "has left the stack" includes being countered (Tale's End)."""
    t, cm = cm_table(lore=3, phase="beginning", step="draw")
    t.lands("Island", 2, player=1)
    t.add("Tale's End", "hand", player=1)
    t.to_priority(phase="precombat_main")
    t.act("cast Tale's End", player=1)
    t.answer(f"{CM} (chapter IV - Stampede!) (ability)")
    t.resolve_stack()
    assert t.events("countered", card=cm)
    assert t.card(cm).zone == "graveyard"
    assert t.pt("Savannah Lions") == (2, 1)            # chapter IV never resolved


def test_MTG_07_chapter_resolves_after_the_saga_is_exiled_in_response():
    """113.7a and the ruling: a triggered chapter ability is independent of its source."""
    t, cm = cm_table(lore=1, phase="beginning", step="draw")
    t.lands("Plains", 1, player=1)
    t.add("Swords to Plowshares", "hand", player=1)
    t.to_priority(phase="precombat_main")
    assert chapter_items(t) == [f"{CM}: chapter II - Stampede!"]
    t.act("cast Swords to Plowshares", player=1)
    t.answer(CM)
    t.resolve_stack()
    assert t.card(cm).zone == "exile"
    assert t.events("resolving", item=t.events("activated", kind_of="chapter")[0].get("item"))
    assert t.pt("Savannah Lions") == (3, 1)
    assert t.game.players[0].life == 23                  # Swords: CM's power 3


def test_MTG_07_chapter_resolves_after_the_saga_gains_a_counter_in_response():
    """The ruling: gaining counters does not change the chapter on the stack (III triggers too)."""
    t, cm = cm_table(lore=1, phase="beginning", step="draw")
    t.lands("Island", 2, player=1)
    t.add("Contentious Plan", "hand", player=1)
    t.to_priority(phase="precombat_main")
    t.act("cast Contentious Plan", player=1)
    t.until(lambda g: t.decision.reason == "resolution")
    t.answer([next(i for i, o in enumerate(t.decision.options) if o.card == cm)])
    t.to_priority()
    assert chapter_items(t) == [f"{CM}: chapter II - Stampede!", f"{CM}: chapter III - Stampede!"]
    t.resolve_stack()
    assert t.pt("Savannah Lions") == (4, 1)             # II and III both resolved


@pytest.mark.parametrize("cr", ["2026", "2025-fin"])
def test_MTG_08_saga_without_abilities_gets_no_counter_and_stays(cr):
    """714.3b/c, 714.4, 704.5s (June 2025 rule): with its chapter abilities lost, no lore counter
    in the precombat main phase and no sacrifice; it stays a 3/3 creature."""
    t, cm = cm_table(lore=2, cr=cr, phase="beginning", step="draw")
    t.add("Dress Down")                                 # P0's: creatures lose all abilities
    t.to_priority(phase="precombat_main")
    assert t.lore(cm) == 2
    assert not t.events("counters_added", card=cm)
    assert t.card(cm).zone == "battlefield" and t.pt(cm) == (3, 3)
    assert chapter_items(t) == []
    t.to_priority(phase="postcombat_main")
    assert t.card(cm).zone == "battlefield"


def test_MTG_08_regression_pre_2025_rules_sacrifice_it():
    """Before the June 2025 change a Saga with no chapter abilities has final chapter number 0
    (714.2d) and is sacrificed by 704.5s."""
    t, cm = cm_table(lore=2, cr="pre-2025", phase="beginning", step="draw")
    t.add("Dress Down")
    t.to_priority()
    assert t.card(cm).zone == "graveyard"
    assert t.events("moved", card=cm, to="graveyard")[0].get("how") == "sacrificed"


def test_MTG_09_lethal_damage_destroys_the_saga_creature_whatever_its_lore():
    """704.5g, 714.1a: the creature half is an ordinary creature."""
    t, cm = cm_table(lore=2, phase="postcombat_main")
    t.lands("Mountain", 1, player=1)
    t.add("Lightning Bolt", "hand", player=1)
    t.act("cast Lightning Bolt", player=1)
    t.answer(CM)
    t.resolve_stack()
    assert t.card(cm).zone == "graveyard"
    died = t.events("moved", card=cm, to="graveyard")[0]
    assert died.cause == Cause.RULE and died.get("how") == "destroyed"


def test_MTG_11_toughness_zero_only_during_a_resolution_kills_nothing():
    """704.4, 117.5: state-based actions are checked only when a player would receive priority."""
    t = Table(system="mtg_test", phase="postcombat_main")
    t.lands("Plains", 2)
    bears = t.add("Grizzly Bears", player=1)
    t.add("Test Saga of Fleeting Weakness", "hand")
    t.act("cast Test Saga of Fleeting Weakness", player=0)
    t.until(lambda g: t.decision.reason == "target")
    t.answer("Grizzly Bears")
    t.resolve_stack()
    assert [e.get("message") for e in t.events("script_log")] == ["toughness during resolution: -1"]
    assert t.card(bears).zone == "battlefield" and t.pt(bears) == (2, 2)


def test_MTG_14_cast_in_the_postcombat_main_phase_gets_one_counter_this_turn():
    """505.1a, 505.4: only the precombat main phase adds lore counters."""
    t, _ = cm_table(phase="postcombat_main")
    t.lands("Plains", 3)
    t.add(CM, "hand")
    t.act(f"cast {CM}", player=0)
    t.resolve_stack()
    assert t.lore(CM) == 1 and t.pt("Savannah Lions") == (3, 1)
    t.to_priority(phase="ending", step="end")
    assert t.lore(CM) == 1
    t.until(lambda g: g.state.active_player == 1 and t.at_priority(phase="postcombat_main"))
    assert t.lore(CM) == 1                               # the opponent's main phase adds nothing
    t.until(lambda g: g.state.active_player == 0 and t.at_priority(phase="precombat_main"))
    assert t.lore(CM) == 2


def test_MTG_15_creatures_arriving_after_the_chapter_resolved_are_not_affected():
    """611.2c: the set of affected creatures is locked in as the ability resolves."""
    t, cm = cm_table(lore=2, phase="beginning", step="draw")
    t.lands("Plains", 1)
    t.add("Elite Vanguard", "hand")
    t.to_priority(phase="precombat_main")
    assert chapter_items(t) == [f"{CM}: chapter III - Stampede!"]
    t.resolve_stack()
    t.act("cast Elite Vanguard", player=0)
    t.resolve_stack()
    assert t.pt("Savannah Lions") == (3, 1)
    assert t.pt("Elite Vanguard") == (2, 1)


def test_MTG_16_2026_rules_a_saga_entering_without_abilities_gets_no_counter():
    """714.3a (2026): "enters with a lore counter" is the Saga's own replacement ability, which it
    does not have while creatures lose all abilities."""
    t, _ = cm_table(cr="2026")
    t.lands("Plains", 3)
    t.add("Dress Down")
    t.add(CM, "hand")
    t.act(f"cast {CM}", player=0)
    t.resolve_stack()
    assert t.zone("battlefield", 0).count(CM) == 1
    assert t.lore(CM) == 0 and not t.events("activated", kind_of="chapter")
    assert t.events("lore_replacement_missing", card=t.card(CM).id)


def test_MTG_16_fin_era_rules_the_saga_gets_a_counter_but_nothing_triggers():
    """714.3a (FIN era): the controller puts a lore counter on it as a rule action; it has no
    chapter ability to trigger, and is not sacrificed (714.4 since June 2025)."""
    t, _ = cm_table(cr="2025-fin")
    t.lands("Plains", 3)
    t.add("Dress Down")
    t.add(CM, "hand")
    t.act(f"cast {CM}", player=0)
    t.resolve_stack()
    assert t.lore(CM) == 1
    assert not t.events("activated", kind_of="chapter")
    assert t.card(CM).zone == "battlefield"
