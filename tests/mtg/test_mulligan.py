"""103.5, the London mulligan, played as simultaneous rounds through the real setup flow."""
from __future__ import annotations

from rulestack import Game, decisions as d
from rulestack.step import StepGame


def _play_setup(wants: dict[int, int]) -> tuple[StepGame, list[tuple[int, str]]]:
    """Step a seeded game to its first priority; each player takes ``wants[p]`` mulligans.
    Returns the stepper and the mulligan-related decisions in the order they were asked."""
    game = Game("mtg", ["white_weenie", "red_burn"], seed=4)
    game.auto_single = False
    step = StepGame(game)
    taken = {0: 0, 1: 0}
    asked: list[tuple[int, str]] = []
    while step.decision.kind != d.ACTION:
        dec = step.decision
        if dec.kind == d.YES_NO and "mulligan" in dec.prompt:
            want = taken[dec.player] < wants.get(dec.player, 0)
            asked.append((dec.player, "mulligan?" if want else "keep"))
            taken[dec.player] += want
            step.apply(want)
        elif dec.kind == d.YES_NO:
            step.apply(True)
        else:
            if dec.reason == "mulligan":
                asked.append((dec.player, f"bottom {dec.min}"))
            step.apply(list(range(dec.min)))
    return step, asked


def test_103_5_mulligans_are_simultaneous_rounds_in_turn_order():
    step, asked = _play_setup({0: 1, 1: 2})
    first = step.game.value_of(None, "starting_player")
    second = 1 - first
    wants = {0: 1, 1: 2}
    # round 1: both declare (starting player first), both mulligan at once
    # round 2: each who mulliganed declares again; a keeper bottoms as they keep
    expected: list[tuple[int, str]] = []
    rounds = max(wants.values()) + 1
    for r in range(rounds):
        for p in (first, second):
            if r < wants[p]:
                expected.append((p, "mulligan?"))
            elif r == wants[p]:
                expected.append((p, "keep"))
                expected.append((p, f"bottom {wants[p]}"))
    assert asked == expected


def test_103_5_both_mulligans_of_a_round_happen_before_either_player_keeps():
    step, _ = _play_setup({0: 1, 1: 1})
    events = step.game.events
    mulls = [i for i, e in enumerate(events) if e.kind == "mulligan"]
    assert len(mulls) == 2
    # round 1's two mulligans come first; only then does each player keep and bottom one card
    kept = [i for i, e in enumerate(events) if e.kind == "moved" and e.data.get("bottom")]
    assert len(kept) == 2 and min(kept) > mulls[1]
    assert {events[i].data["from_player"] for i in kept} == {0, 1}


def test_103_5_london_mulligan_draws_seven_then_bottoms_one_per_mulligan():
    step, _ = _play_setup({0: 2, 1: 0})
    game = step.game
    assert [len(game.cards_in("hand", p)) for p in (0, 1)] == [5, 7]
    assert [len(game.cards_in("library", p)) for p in (0, 1)] == [35, 33]
    counts = [e.data["count"] for e in game.events if e.kind == "mulligan"]
    assert counts == [1, 2]


def test_103_5_after_seven_mulligans_a_player_must_keep_an_empty_opening_hand():
    step, asked = _play_setup({0: 99, 1: 0})
    game = step.game
    assert [e.data["count"] for e in game.events if e.kind == "mulligan"] == list(range(1, 8))
    assert len(game.cards_in("hand", 0)) == 0 and len(game.cards_in("library", 0)) == 40
    assert asked.count((0, "mulligan?")) == 7        # no eighth question was asked


def test_103_5_the_log_tells_the_mulligan_before_the_new_hand_and_the_bottomed_cards_as_such():
    from rulestack_systems.mtg.narration import narrate
    step, _ = _play_setup({0: 1, 1: 0})
    game = step.game
    events = game.events
    mull = next(i for i, e in enumerate(events) if e.kind == "mulligan")
    assert events[mull].player == 0
    assert narrate(game, events[mull], None).startswith("P0 takes a mulligan (number 1): they shuffle their hand")
    redrawn = [e for e in events[mull:] if e.kind == "drew" and e.player == 0]
    assert len(redrawn) == 7                           # the new hand is drawn after the mulligan is told
    (bottom,) = [e for e in events if e.kind == "moved" and e.data.get("bottom")]
    assert narrate(game, bottom, None) == "P0 puts a card on the bottom of their library (103.5)"
