"""Runaway games end (issue 16, item 6): a trigger that triggers itself on each resolution makes a
game that would never end; the host ends it with a named, reported result (a draw, as MTG 104.4b
rules for a mandatory loop) as soon as the same position keeps coming back, or, for a loop that
changes the state each time, when a turn passes the bound on events; and a card that burns time in
its conditions is stopped by name."""
from __future__ import annotations

from pathlib import Path

from rulestack import Deck, Game, ScriptLimitError
from rulestack.harness.replay import Replay, replay_game
from rulestack.runaway import DEFAULT_POSITION_WARMUP, position_digest
from rulestack.scenario import Scenario

from .test_attacks import Arena

LOOP_DECK = Deck(name="echo", sections={"main": ("R08",) * 14 + ("R02",) * 6})   # seed 1 plays the loop
COUNTER_DECK = Deck(name="echo counter", sections={"main": ("R09",) * 14 + ("R02",) * 6})
MTG_LOOP_CARDS = str(Path(__file__).resolve().parent / "mtg_loop" / "cards.yaml")
TWINS = Deck(name="twins", sections={"main": ("restless_twin",) * 4 + ("mountain",) * 36})


def test_a_self_triggering_loop_ends_the_game_as_a_repeated_position_draw(tmp_path):
    """Echo Chamber answers each of its resolutions with another: between two resolutions the
    players are asked to respond, in the same position each time. The eighth time it comes back
    the game ends, as a reported draw, long before the bound on events per turn."""
    game = Game("hostile", [LOOP_DECK, "beta"], seed=1)
    try:
        result = game.play()
        assert result.winners == ()
        assert result.reason.startswith("a draw: the game runs away: the same position came back 8 times in turn "), \
            result.reason
        assert "with nothing changing (P" in result.reason and "'response' window)" in result.reason
        assert game.events[-1].kind == "game_over" and game.events[-1].get("reason") == result.reason
        last_turn = [e for e in game.events if e.kind == "marked"]
        assert 8 <= len(last_turn) < 200 < 5000   # ended by the repetition, not by the event bound
        # A replay of the game plays it to the same end.
        path = Replay.from_game(game).save(tmp_path / "echo.replay.json")
    finally:
        game.close()
    check = replay_game(Replay.load(path), keep_game=False)
    assert check.ok, check


def test_a_loop_that_changes_the_state_each_time_ends_at_the_event_bound():
    """Echo Counter keeps a count that grows on each pass: no position comes back, so the bound on
    events per turn is what ends it (the host default: a draw)."""
    game = Game("hostile", [COUNTER_DECK, "beta"], seed=1)
    game.system.max_events_per_turn = 1000   # the default (5000) takes longer to reach
    try:
        result = game.play()
    finally:
        game.close()
    assert result.winners == ()
    assert result.reason.startswith("a draw: the game runs away: more than 1000 events in turn"), result.reason
    assert game.events[-1].kind == "game_over"


def test_a_system_rule_decides_what_a_runaway_game_means():
    """A system's own ``runaway_result`` (MTG 104.4b style) is what ends the game, for either sign."""
    for deck, words in ((COUNTER_DECK, "more than 500 events"), (LOOP_DECK, "the same position came back")):
        game = Game("hostile", [deck, "beta"], seed=1)
        game.system.max_events_per_turn = 500
        game.system.runaway_result = lambda g, reason: ((1,), f"P1 wins by house rule: {reason}")
        try:
            result = game.play()
        finally:
            game.close()
        assert result.winners == (1,) and result.reason.startswith("P1 wins by house rule") and words in result.reason


def test_a_system_sets_how_many_repeats_make_a_loop():
    game = Game("hostile", [LOOP_DECK, "beta"], seed=1)
    game.system.max_position_repeats = 3
    try:
        result = game.play()
    finally:
        game.close()
    assert "the same position came back 3 times" in result.reason, result.reason


def test_mtg_104_4b_a_mandatory_loop_of_two_triggers_is_a_draw():
    """Restless Twin (a test card): when it becomes tapped it untaps, when it becomes untapped it
    taps. Once it attacks, the two triggers answer each other with priority in between, in a
    real MTG game: the host finds the position coming back and MTG's own rule calls it a draw."""
    game = Game("mtg", [TWINS, "white_weenie"], seed=3, cards=[MTG_LOOP_CARDS])
    try:
        result = game.play()
    finally:
        game.close()
    assert result.winners == ()
    assert result.reason.startswith("a draw (104.4b: a loop of mandatory actions): the game runs away: the same "
                                    "position came back 8 times in turn "), result.reason
    assert "'priority' window" in result.reason
    assert len(game.events) < 1000


def test_the_position_digest_sees_hidden_order_but_not_what_only_counts():
    """The digest is of the position: a change of the hidden deck order is a new position; events
    recorded, ids and timestamps handed out are not."""
    sc = Scenario("tiny")
    for p in (0, 1):
        for name in ("Grunt", "Spark", "Grunt"):
            sc.add(name, "deck", p)
    sc.set_turn(turn=3, active=0, phase="main")
    game = sc.game
    first = position_digest(game.state, 0, "main")
    game.record("phase", phase="main")                      # the log grows
    game.state.next_id += 5                                 # ids handed out
    game.state.next_timestamp += 5
    assert position_digest(game.state, 0, "main") == first
    assert position_digest(game.state, 1, "main") != first  # another player to act
    deck = game.zone("deck", 1)
    order = list(deck.cards)
    game.journal.replace_list(deck.cards, order[1:] + order[:1])   # the same cards, another order
    assert position_digest(game.state, 0, "main") != first
    game.journal.replace_list(deck.cards, order)
    assert position_digest(game.state, 0, "main") == first
    game.close()


def test_an_ordinary_turn_takes_no_digest(monkeypatch):
    """Digests are taken only after the warm-up: a seeded game of a bundled system (at most 48
    windows in a turn) never takes one."""
    import rulestack.runaway as runaway
    taken = []
    monkeypatch.setattr(runaway, "position_digest", lambda *a: taken.append(a) or b"")
    game = Game("mtg", ["white_weenie", "red_burn"], seed=3)
    try:
        game.play()
    finally:
        game.close()
    assert taken == [] and DEFAULT_POSITION_WARMUP >= 64


def test_a_condition_that_burns_under_its_budget_each_time_is_stopped_by_name():
    """Meddler Burn uses ~12M of its 20M budget each time its condition is checked; the turn
    allowance is 40M: three host checks and Marker's first mark use 48M, so at Marker's second
    mark the Meddler is stopped, by name (not Marker)."""
    arena = Arena("Marker")
    arena.scenario.add("Meddler Burn", "field", 1)
    arena.add_copies()
    game = arena.scenario.game
    for _ in range(3):
        game.record("marked", what="host")   # checks in this turn, outside any script
    error, _ = arena.play(0)
    assert type(error) is ScriptLimitError, repr(error)
    assert error.card == "Meddler Burn" and "allowance" in str(error) and "this turn" in str(error)


def test_mtg_104_4b_a_runaway_mtg_game_is_a_draw():
    """MTG answers the guard with its own rule (104.4b). A bound far below a real game's turn
    (171 events at most in the seeded games) makes an ordinary game count as running away."""
    game = Game("mtg", ["white_weenie", "red_burn"], seed=3)
    game.system.max_events_per_turn = 20
    try:
        result = game.play()
    finally:
        game.close()
    assert result.winners == ()
    assert result.reason.startswith("a draw (104.4b: a loop of mandatory actions): the game runs away: "
                                    "more than 20 events in turn"), result.reason


def test_a_look_ahead_that_is_undone_gives_back_the_allowance_it_used():
    """A search agent's trial (rulestack.search.Trial) is undone, the instructions its scripts used
    included: three trials of three host checks each (108M if they were charged, far over the 40M
    turn allowance) leave Meddler Burn exactly where the same position without them leaves it —
    stopped by name at Marker's second mark."""
    from rulestack.search import Trial
    arena = Arena("Marker")
    arena.scenario.add("Meddler Burn", "field", 1)
    arena.add_copies()
    game = arena.scenario.game
    for _ in range(3):
        with Trial(game, game.agents):
            for _ in range(3):
                game.record("marked", what="look-ahead")
    for _ in range(3):
        game.record("marked", what="host")
    error, _ = arena.play(0)
    assert type(error) is ScriptLimitError, repr(error)
    assert error.card == "Meddler Burn" and "allowance" in str(error) and "this turn" in str(error)
