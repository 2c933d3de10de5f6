"""Every event kind a PMV game records is narrated in the game's own words (``narrate_event``),
and a card a viewer could not see stays unnamed."""
from __future__ import annotations

from rulestack import Game

from rulestack_systems.pmv import PMVSystem
from rulestack_systems.pmv.narration import TELLERS

from .board import act, field, position


def _narrate(game, ev, viewer=None):
    """PMV's own line for an event (the hook is firstresult: one answer or None)."""
    return game.pm.hook.narrate_event(game=game, event=ev, viewer=viewer)


def _kinds_of_seeded_games(seeds):
    out = {}
    for seed in seeds:
        game = Game("pmv", list(PMVSystem.sample_decks), seed=seed)
        try:
            game.play()
            for ev in game.state.log:
                line = _narrate(game, ev)
                assert isinstance(line, str) and line.strip(), f"{ev.kind} has no narration"
                out.setdefault(ev.kind, line)
        finally:
            game.close()
    return out


def test_every_event_kind_of_seeded_games_is_narrated():
    seen = _kinds_of_seeded_games(range(1, 9))
    for kind in ("node_set", "played", "interference", "attack_declared", "battle_damage", "near_death",
                 "near_death_step", "discarded", "graze", "damage_reset", "end_of_turn", "game_over"):
        assert kind in seen, f"{kind} never happened in the seeded games"
    assert "決死" in seen["near_death"] and "冥界" in seen["discarded"]
    assert set(seen) <= set(TELLERS)


def test_checklist_events_are_narrated_too():
    sc = position(nodes=(2, 0))
    sc.add("陰陽玉", "hand", 0)
    field(sc, "紅 美鈴", 1)
    act(sc, "play 陰陽玉")
    lines = {ev.kind: _narrate(sc.game, ev) for ev in sc.events()}
    assert lines["step_failed"].startswith("a step of 「陰陽玉」 cannot be applied")
    assert lines["resolution_stopped"] == "the rest of 「陰陽玉」's text does not apply (12.2)"
    assert lines["damage"] == "「紅 美鈴」 takes 2 damage by an effect by 「陰陽玉」 (2 in all)"


def test_a_node_is_named_to_its_owner_only():
    sc = position()
    sc.add("チルノ", "hand", 0)
    sc.answer("set チルノ as a node").run()
    ev = sc.assert_event("node_set")
    assert "チルノ" in _narrate(sc.game, ev, viewer=0)
    assert "チルノ" not in _narrate(sc.game, ev, viewer=1) and "a card" in _narrate(sc.game, ev, viewer=1)
    assert "チルノ" not in _narrate(sc.game, ev, viewer=None)                  # a spectator


def test_an_unknown_kind_is_left_to_others():
    game = Game.empty("pmv")
    try:
        ev = game.record("something_else")
        assert PMVSystem().narrate_event(game, ev, None) is None
    finally:
        game.close()


def test_every_event_kind_the_plugin_records_has_a_line():
    """A static scan: each ``record("kind", ...)`` and ``kind="..."`` in plugins/pmv is narrated,
    and so is each kind the host records for it (moves, activations, effects, turns)."""
    import re
    from pathlib import Path

    import rulestack_systems.pmv as pmv

    recorded = set()
    for path in Path(pmv.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        recorded |= set(re.findall(r'\brecord\(\s*"([a-z_0-9]+)"', text))
        recorded |= set(re.findall(r'\bkind="([a-z_0-9]+)"', text))
        recorded |= set(re.findall(r'event="([a-z_0-9]+)"', text))
    host = {"moved", "activated", "targeted", "resolving", "resolution_stopped", "effect_negated", "effect_began",
            "effect_ended", "shuffled", "status", "life_changed", "turn_began", "phase", "game_over", "revealed",
            "script_log"}
    recorded -= {"play", "attack", "trigger"}                        # item kinds, not events
    missing = (recorded | host) - set(TELLERS)
    assert not missing, f"no narration for {sorted(missing)}"


def test_each_line_reads_without_optional_fields():
    game = Game.empty("pmv")
    try:
        for kind in TELLERS:
            ev = game.record(kind, player=0)
            line = PMVSystem().narrate_event(game, ev, 1)
            assert isinstance(line, str) and line, kind
    finally:
        game.close()
