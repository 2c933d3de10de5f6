"""Each card pays for itself, and host control flow stays in the host (issue 16, items 2-3).

An honest card (Marker) records events during its resolution; a Meddler on the other side has a
triggered ability whose condition is checked inside Marker's host call. Whatever the condition
does (stop, fail, loop, burn just under its budget each time, keep memory), Marker is never the
one blamed, stopped or unloaded: either the game goes on with Marker's effect complete, or it
aborts with an error that names the Meddler.
"""
from __future__ import annotations

import pytest

from rulestack import ScriptError, ScriptLimitError, ScriptMemoryError

from .invariants import fingerprint
from .test_attacks import Arena


def _arena(meddler: str) -> Arena:
    arena = Arena("Marker")
    arena.scenario.add(meddler, "field", 1)
    arena.add_copies()
    return arena


def _marks(arena: Arena) -> list[str]:
    return [e.get("what") for e in arena.scenario.game.events if e.kind == "marked"]


def test_a_condition_cannot_stop_another_cards_resolution():
    arena = _arena("Meddler Stop")
    error, before = arena.play(0)
    assert isinstance(error, ScriptError), repr(error)
    assert error.card == "Meddler Stop" and "ctx:stop() ends a resolution" in str(error)
    assert error.file.endswith("meddlers.lua") and error.line == 7
    assert "StopResolution" not in type(error).__name__
    assert fingerprint(arena.scenario.game) == before


def test_an_error_in_a_condition_names_the_condition_card():
    arena = _arena("Meddler Error")
    error, before = arena.play(0)
    assert isinstance(error, ScriptError) and error.card == "Meddler Error"
    assert "meddler fails" in str(error)
    assert fingerprint(arena.scenario.game) == before


def test_a_looping_condition_is_stopped_and_blamed_not_the_card_whose_call_ran_it():
    arena = _arena("Meddler Loop")
    error, _ = arena.play(0)
    assert type(error) is ScriptLimitError and error.card == "Meddler Loop", repr(error)
    assert "instruction limit exceeded" in str(error)


def test_a_condition_that_burns_under_its_own_budget_does_not_spend_the_outer_cards_budget():
    """Two burns of ~10M instructions inside Marker's call (itself ~6M): with a shared budget
    Marker would be killed; each card pays for itself, so Marker's effect completes."""
    arena = _arena("Meddler Burn")
    error, _ = arena.play(0)
    assert error is None, repr(error)
    assert _marks(arena)[-2:] == ["first", "second"]


def test_memory_kept_by_a_condition_is_charged_to_the_condition_card():
    """The Hoard tries to keep 40 MiB in a table it built at load time. Load-time tables are
    read-only for calls now (a card keeps its state in the game), so the write is refused: either
    way the failure is the Hoard's, never the card whose host call was running."""
    arena = _arena("Meddler Hoard")
    error, before = arena.play(0)
    assert isinstance(error, ScriptError), repr(error)
    assert error.card == "Meddler Hoard"
    assert isinstance(error, ScriptMemoryError) or "built at load time" in str(error)
    assert fingerprint(arena.scenario.game) == before
    # the Marker's script is still loaded: the host can run it again in a new game position
    assert arena.sentinel_says() == ("xxxA2bc", True, 10)


@pytest.mark.parametrize("meddler", ["Meddler Stop", "Meddler Error"])
def test_a_condition_failing_before_any_resolution_is_a_named_abort_not_a_raw_traceback(meddler):
    """The Meddler's condition checked during a plain host call (no script running): still a
    named ScriptError, never a raw StopResolution."""
    arena = _arena(meddler)
    game = arena.scenario.game
    with pytest.raises(ScriptError) as err:
        game.record("marked", what="by the host")
    assert err.value.card == meddler
