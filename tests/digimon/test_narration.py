"""The ``narrate_event`` hook (contract 1 of the coordination notes): every event kind a Digimon
game records is told in the game's own words, and secret cards stay secret."""
from __future__ import annotations

from rulestack import Game

from rulestack_systems.digimon import DigimonSystem, narration

from .board import digimon, position


def _games(seeds):
    for seed in seeds:
        game = Game("digimon", list(DigimonSystem.sample_decks), seed=seed)
        try:
            game.play()
            yield game
        finally:
            game.close()


def test_every_event_kind_of_random_games_is_narrated():
    system = DigimonSystem()
    kinds = set()
    for game in _games(range(1, 11)):
        for ev in game.events:
            kinds.add(ev.kind)
            line = system.narrate_event(game=game, event=ev, viewer=None)
            assert isinstance(line, str) and line and "None" not in line, (ev.kind, ev.data, line)
    assert {"memory", "digivolved", "attack_declared", "security_checked", "deleted", "played", "game_over"} <= kinds


def test_every_event_kind_of_the_checklist_positions_is_narrated():
    sc = position(memory=3, security=(3, 0))
    digimon(sc, "Red Rookie", 0)
    sc.add("Delayed Blast", "hand", 0)
    sc.add("Warning Bell", "battle_area", 1)
    sc.add("Red Egg", "battle_area", 0)
    sc.answer("use Delayed Blast", "attack your opponent with Red Rookie").run()
    for ev in sc.events():
        assert narration.narrate(sc.game, ev, 0), ev.kind


def test_a_secret_draw_is_named_only_to_its_player():
    game = next(_games([2]))
    draw = next(e for e in game.events if e.kind == "drew" and e.get("visible") != "all")
    drawer = draw.get("visible")[0]
    name = game.card(draw.get("card")).name
    assert name in narration.narrate(game, draw, drawer)
    assert name not in narration.narrate(game, draw, 1 - drawer)
    assert name not in narration.narrate(game, draw, None)


def test_the_words_are_the_games_own():
    sc = position(memory=1)
    digimon(sc, "Red Rookie", 0)
    sc.add("Big Draw", "hand", 0)
    sc.answer("use Big Draw").run()
    told = [narration.narrate(sc.game, e, None) for e in sc.events()]
    assert "P0 pays 3 memory: the memory goes to 2 on P1's side." in told
    assert any(t.startswith("P0 uses Big Draw: it is in no area") for t in told)
    assert "End of P0's turn." in told


def test_an_unknown_event_kind_is_left_to_others():
    sc = position()
    ev = sc.game.record("card:custom_thing")
    assert narration.narrate(sc.game, ev, None) is None
