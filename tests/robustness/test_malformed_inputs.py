"""Malformed inputs: card data, decks, scenario files, replay files and agent answers. Each is a
clear error naming the file and the line or field (or, for an answer, the decision), and nothing
else changes. Hand-written cases for each kind of mistake, then fuzzing: random truncations and
mutations of valid files, and random garbage answers to real decisions, must only ever produce
those errors — never a bare Python exception."""
from __future__ import annotations

import copy
import json
import tempfile
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulestack import Game, IllegalAnswer, RulestackError
from rulestack.agents import resolve_answer
from rulestack.cli import main as rulestack_main
from rulestack.errors import CardDataError, DataError, DeckError, GameAborted
from rulestack.harness.replay import FORMAT_VERSION, Replay, replay_game
from rulestack.harness.scenario_format import parse_scenario_text
from rulestack.harness.scenario_run import run_scenario
from rulestack.pool import CardPool
from rulestack.step import StepGame
from rulestack.system import find_system

from .fuzz import fuzz
from .invariants import fingerprint

TESTS = Path(__file__).resolve().parents[1]
TINY = TESTS.parent / "docs" / "examples" / "tinygame" / "rulestack_tiny"   # the Tiny system's files
TINY_CARDS = TINY / "cards" / "cards.yaml"
TINY_DECK = TINY / "decks" / "alpha.yaml"
SPARK_SCENARIO = TESTS / "harness" / "scenarios" / "spark.scenario.yaml"
FUZZ = fuzz(60)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


# =============================================================================================
# Card data
# =============================================================================================

@pytest.mark.parametrize("text, where", [
    ("- {name: Nameless, type: unit}\n", "cards.yaml:1: code: missing required field"),
    ("- {code: X1, type: unit}\n", "cards.yaml:1: name: missing required field"),
    ("- {code: X1, name: Shapeless}\n", "cards.yaml:1: type: card 'Shapeless': missing required field"),
    ("- code: X1\n  name: Wordy\n  type: unit\n  cost: three\n",
     "cards.yaml:4: cost: card 'Wordy': expected integer, got string"),
    ("- code: X1\n  name: Flag\n  type: unit\n  power: true\n",
     "cards.yaml:4: power: card 'Flag': expected integer, got boolean"),
    ("- code: X1\n  name: Extra\n  type: unit\n  colour: red\n",
     "cards.yaml:4: colour: unknown field for card 'Extra'"),
    ("- code: X1\n  name: Twice\n  name: Again\n", "cards.yaml:3: name: duplicate key 'name'"),
    ("- {code: X1, name: One, type: unit}\n- {code: X1, name: Two, type: unit}\n",
     "cards.yaml:2: code: duplicate card code 'X1' (first defined at"),
    ("- {code: X1, name: Lost, type: spell, script: nowhere.lua}\n",
     "cards.yaml:1: script: card 'Lost': script file 'nowhere.lua' not found"),
    ("- {code: X1, name: Listed, type: unit, keywords: fast}\n", "keywords: card 'Listed': keywords must be a list"),
    ("- just a string\n", "cards.yaml:1: each card is a mapping of fields"),
    ("{code: X1}\n", "cards.yaml:1: a card data file is a list of cards"),
    ("- {code: X1, name: [unclosed\n", "cards.yaml:2: not valid YAML"),
])
def test_card_data_mistakes_name_file_line_and_field(tmp_path, capsys, text, where):
    path = write(tmp_path, "cards.yaml", text)
    assert rulestack_main(["check", str(path), "--system", "tiny"]) == 1
    out, _ = capsys.readouterr()
    assert where in out, out
    assert out.startswith(str(path)) or out.startswith(f"{tmp_path.name}/") or str(tmp_path) in out


def test_a_card_code_the_system_already_has_is_refused_when_the_cards_are_added(tmp_path, rulestack_cli):
    path = write(tmp_path, "cards.yaml", "- {code: T01, name: Clone, type: unit, cost: 1, power: 1, toughness: 1}\n")
    done = rulestack_cli("play", "tiny", "--cards", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}:1: code: duplicate card code 'T01' (first defined at {TINY_CARDS}:2)" in done.stderr


def test_a_script_that_does_not_fit_the_schema_is_refused_with_its_line(tmp_path, capsys):
    write(tmp_path, "bad.lua", """
        return { abilities = {
          { kind = "spell", resolve = function(ctx) end },
          { kind = "spell", cost = 3 },
          { kind = "nonsense" },
        } }""")
    path = write(tmp_path, "cards.yaml", "- {code: X1, name: Bad, type: spell, script: bad.lua}\n")
    assert rulestack_main(["check", str(path), "--system", "tiny"]) == 1
    out, _ = capsys.readouterr()
    assert "bad.lua:3" in out and "cost" in out


def test_a_script_that_is_not_utf8_is_refused(tmp_path, capsys):
    (tmp_path / "latin.lua").write_bytes(b"-- caf\xe9\nreturn { abilities = {} }\n")
    path = write(tmp_path, "cards.yaml", "- {code: X1, name: Latin, type: spell, script: latin.lua}\n")
    assert rulestack_main(["check", str(path), "--system", "tiny"]) == 1
    assert "not UTF-8" in capsys.readouterr().out


def test_the_pool_is_unchanged_when_a_data_file_is_refused(tmp_path):
    """A refused file adds nothing: not even the cards before the mistake."""
    pool = CardPool(find_system("tiny"))
    before = dict(pool.entries)
    path = write(tmp_path, "cards.yaml",
                 "- {code: X1, name: Fine, type: unit}\n- {code: X1, name: Clash, type: unit}\n")
    with pytest.raises(CardDataError):
        pool.add_file(path)
    assert pool.entries == before


# =============================================================================================
# Decks
# =============================================================================================

@pytest.mark.parametrize("system, text, error, where", [
    ("tiny", "name: d\nmain:\n  - 3 Grunt\n  - 2 Grnut\n", DeckError, "deck.yaml:4: main: unknown card 'Grnut'"),
    ("tiny", "name: d\nmain:\n  - 5 Grunt\n", DeckError, "deck.yaml: a Tiny deck has 10 to 40 cards, not 5"),
    ("tiny", "name: d\nmain:\n  - 45 Grunt\n", DeckError, "a Tiny deck has 10 to 40 cards, not 45"),
    ("tiny", "name: d\nsideboard:\n  - 10 Grunt\n", DeckError, "deck.yaml:2: sideboard: unknown deck section"),
    ("tiny", "name: d\nmain: 10 Grunt\n", DeckError, "deck.yaml:2: main: a section is a list"),
    ("tiny", "name: d\nmain:\n  - {card: Grunt, count: -2}\n", DeckError,
     "deck.yaml:3: main: count must be a positive"),
    ("tiny", "- 10 Grunt\n", DeckError, "deck.yaml:1: a deck file is a mapping"),
    ("mtg", "name: d\nmain:\n  - 30 Plains\n  - 10 Savannah Lions\n", DeckError,
     "10 copies of Savannah Lions (at most 4)"),
    ("mtg", "name: d\nmain:\n  - 12 Plains\n", DeckError, "a deck has at least 40 cards, not 12"),
])
def test_deck_mistakes_are_clear_errors(tmp_path, system, text, error, where):
    path = write(tmp_path, "deck.yaml", text)
    cls = find_system(system)
    with pytest.raises(error) as err:
        Game(system, [str(path), cls.sample_decks[1]], seed=1)
    assert where in str(err.value), str(err.value)


def test_a_deck_file_is_read_again_only_when_its_bytes_change(tmp_path):
    """The pool keeps the decks it read (reading one costs more than a game's setup), by the file's
    bytes: an unchanged file gives the deck read before, a rewritten one is read anew, and a broken
    rewrite is an error, not the old deck."""
    pool = CardPool(find_system("tiny"))
    path = write(tmp_path, "deck.yaml", "name: d\nmain:\n  - 10 Grunt\n")
    first = pool.deck(str(path))
    assert pool.deck(str(path)) is first
    write(tmp_path, "deck.yaml", "name: d\nmain:\n  - 12 Grunt\n")
    assert len(pool.deck(str(path)).sections["main"]) == 12
    write(tmp_path, "deck.yaml", "name: d\nmain:\n  - 10 Grnut\n")
    with pytest.raises(DeckError, match="unknown card 'Grnut'"):
        pool.deck(str(path))
    write(tmp_path, "deck.yaml", "name: d\nmain:\n  - 10 Grunt\n")
    assert pool.deck(str(path)) is first


def test_the_pool_keeps_only_the_newest_decks_it_read(tmp_path, monkeypatch):
    """A deck search writing thousands of deck files does not grow the pool without bound."""
    from rulestack import pool as pool_module

    monkeypatch.setattr(pool_module, "_DECKS_KEPT", 2)
    pool = CardPool(find_system("tiny"))
    paths = [write(tmp_path, f"deck{n}.yaml", f"name: d{n}\nmain:\n  - {10 + n} Grunt\n") for n in range(3)]
    decks = [pool.deck(str(p)) for p in paths]
    assert pool.deck(str(paths[2])) is decks[2] and pool.deck(str(paths[1])) is decks[1]
    again = pool.deck(str(paths[0]))             # the oldest was let go: read anew, the same deck
    assert again is not decks[0] and again == decks[0]


def test_deck_mistakes_through_the_command(tmp_path, rulestack_cli):
    path = write(tmp_path, "deck.yaml", "name: d\nmain:\n  - 3 Grunt\n  - 2 Grnut\n")
    done = rulestack_cli("play", "tiny", "--deck", str(path), "--deck", "beta")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"error: {path}:4: main: unknown card 'Grnut'" in done.stderr
    done = rulestack_cli("play", "tiny", "--deck", str(tmp_path / "missing.yaml"), "--deck", "beta")
    assert done.returncode == 2 and "deck file not found" in done.stderr
    done = rulestack_cli("play", "tiny", "--deck", "nosuch", "--deck", "beta")
    assert done.returncode == 2 and "unknown deck 'nosuch'" in done.stderr


# =============================================================================================
# Scenario files
# =============================================================================================

@pytest.mark.parametrize("body, where", [
    ("position: {turn: three}", "case.scenario.yaml:2: position.turn"),
    ("do: {answer: pass}", "case.scenario.yaml:2: do"),
    ("position:\n  players:\n    - {life: many}", "case.scenario.yaml:4: position.players[0].life"),
    ("expect: {zones: 5}", "case.scenario.yaml:2: expect.zones"),
    ("until: sometime", "case.scenario.yaml:2: until"),
    ("surprise: 1", "case.scenario.yaml:2: surprise"),
])
def test_scenario_file_mistakes_name_file_line_and_field(body, where):
    with pytest.raises(DataError) as err:
        parse_scenario_text("system: tiny\n" + body + "\n", "case.scenario.yaml")
    assert where in str(err.value), str(err.value)


@FUZZ
@given(data=st.data())
def test_mutated_scenario_files_fail_only_with_data_errors(data):
    """Delete, duplicate or cut lines of a valid scenario file: parsing and running it either
    works (the scenario passes or fails as a test) or is a DataError naming the file."""
    lines = SPARK_SCENARIO.read_text().splitlines()
    mutated = _mutate_lines(data, lines)
    text = "\n".join(mutated) + "\n"
    try:
        specs = parse_scenario_text(text, "fuzzed.scenario.yaml")
        for spec in specs:
            run_scenario(spec)
    except DataError as e:
        assert "fuzzed.scenario.yaml" in str(e)
    except RulestackError:
        pass   # a scenario that runs but cannot be set up (e.g. an illegal answer) is reported as such


def _mutate_lines(data: st.DataObject, lines: list[str]) -> list[str]:
    out = list(lines)
    for _ in range(data.draw(st.integers(1, 3))):
        if not out:
            break
        i = data.draw(st.integers(0, len(out) - 1))
        how = data.draw(st.sampled_from(["delete", "duplicate", "cut", "indent", "garble"]))
        if how == "delete":
            del out[i]
        elif how == "duplicate":
            out.insert(i, out[i])
        elif how == "cut":
            out[i] = out[i][: data.draw(st.integers(0, len(out[i])))]
        elif how == "indent":
            out[i] = "  " + out[i]
        else:
            out[i] = out[i] + data.draw(st.sampled_from([":", " [", " {", " -", ": x", " &a", " *b", "\t"]))
    return out


@FUZZ
@given(data=st.data())
def test_mutated_card_data_and_decks_fail_only_with_data_errors(data):
    """The same mutations of the Tiny card data and a deck: a DataError naming the file, or
    valid data."""
    which = data.draw(st.sampled_from(["cards", "deck"]))
    source = TINY_CARDS if which == "cards" else TINY_DECK
    text = "\n".join(_mutate_lines(data, source.read_text().splitlines())) + "\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"fuzzed-{which}.yaml"
        path.write_text(text)
        if which == "cards":
            # the scripts the data names live next to the original data file
            for lua in source.parent.glob("*.lua"):
                (Path(tmp) / lua.name).write_text(lua.read_text())
        try:
            if which == "cards":
                pool = CardPool(find_system("tiny"), files=[path])
                pool.check()
            else:
                CardPool.for_system(find_system("tiny")).deck(path)
        except DataError as e:
            assert "fuzzed-" in str(e)


# =============================================================================================
# Replay files
# =============================================================================================

@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> tuple[Path, dict]:
    game = Game("tiny", ["alpha", "beta"], seed=21)
    game.play()
    path = Replay.from_game(game).save(tmp_path_factory.mktemp("replays") / "game.replay.json")
    game.close()
    return path, json.loads(path.read_text())


def test_a_truncated_replay_names_the_file_and_line(recorded, tmp_path):
    path, _ = recorded
    raw = path.read_text()
    cut = write(tmp_path, "cut.replay.json", raw[: len(raw) * 2 // 3])
    with pytest.raises(DataError) as err:
        Replay.load(cut)
    assert str(err.value).startswith(f"{cut}:") and "not a JSON replay" in str(err.value)


@FUZZ
@given(cut=st.floats(0.0, 0.999))
def test_a_replay_cut_anywhere_is_a_data_error(recorded, cut):
    path, _ = recorded
    raw = path.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        cut_path = Path(tmp) / "cut.replay.json"
        cut_path.write_bytes(raw[: int(len(raw) * cut)])
        with pytest.raises(DataError) as err:
            Replay.load(cut_path)
        assert str(cut_path) in str(err.value)


def test_a_replay_from_another_format_version_is_refused(recorded):
    _, data = recorded
    for version in (FORMAT_VERSION + 1, 0, "1", None):
        bad = {**data, "format_version": version}
        with pytest.raises(DataError, match=r"x\.json: format_version: replay format version .* is not supported"):
            Replay.from_dict(bad, "x.json")
    with pytest.raises(DataError, match=r"x\.json: format: not a rulestack replay"):
        Replay.from_dict({**data, "format": "something-else"}, "x.json")


def test_a_replay_from_another_system_version_says_so(recorded):
    _, data = recorded
    check = replay_game(Replay.from_dict({**data, "system_version": "0.9"}, "x.json"), keep_game=False)
    assert "system tiny was version 0.9 when recorded, is 1.0 now" in check.report()


@pytest.mark.parametrize("field, value, where", [
    ("seed", "twenty-one", "x.json: seed: expected an integer seed"),
    ("decisions", "all of them", "x.json: decisions: expected a list of answers"),
    ("decks", [{"name": "d"}], "x.json: decks[0]: expected {name, sections}"),
    ("settings", ["fast"], "x.json: settings: expected a mapping"),
    ("cards", [], "x.json: cards: expected a mapping of card codes to digests"),
])
def test_tampered_replay_fields_are_data_errors_naming_the_field(recorded, field, value, where):
    _, data = recorded
    with pytest.raises(DataError) as err:
        Replay.from_dict({**data, field: value}, "x.json")
    assert where in str(err.value)


@pytest.mark.parametrize("field, value", [
    ("decks", [{"name": "d", "sections": {"main": 5}}]),
    ("players", 5),
    ("card_files", 5),
    ("events", 5),
    ("events", [5]),
    ("result", "won"),
])
def test_tampered_replay_containers_are_data_errors(recorded, field, value):
    _, data = recorded
    with pytest.raises(DataError) as err:
        Replay.from_dict({**data, field: value}, "x.json")
    assert "x.json" in str(err.value) and field in str(err.value)


def test_tampered_replay_contents_are_reported_where_they_differ(recorded):
    _, data = recorded
    # an edited event: the replay plays, and says which event differs from the recording
    events = copy.deepcopy(data["events"])
    events[10]["kind"] = "forged"
    check = replay_game(Replay.from_dict({**data, "events": events}, "x.json"), keep_game=False)
    assert not check.ok and check.difference.index == 10
    assert "differs from the recording at event 11" in check.report()
    # an edited decision: the game goes another way (or the answer is refused)
    decisions = copy.deepcopy(data["decisions"])
    decisions[3] = [0] if decisions[3] != [0] else [1]
    check = replay_game(Replay.from_dict({**data, "decisions": decisions}, "x.json"), keep_game=False)
    assert not check.ok
    # a forged digest
    check = replay_game(Replay.from_dict({**data, "final_digest": "0" * 64}, "x.json"), keep_game=False)
    assert not check.ok and "final state digest differs" in check.report()
    # the untouched recording verifies
    assert replay_game(Replay.from_dict(data, "x.json"), keep_game=False).ok


def test_tampered_replays_through_the_command(recorded, tmp_path, rulestack_cli):
    _, data = recorded
    bad = write(tmp_path, "bad.replay.json", json.dumps({**data, "format_version": 99}))
    done = rulestack_cli("replay", str(bad))
    assert done.returncode == 2 and f"error: {bad}: format_version: replay format version 99" in done.stderr
    events = copy.deepcopy(data["events"])
    events[-1]["reason"] = "forged"
    edited = write(tmp_path, "edited.replay.json", json.dumps({**data, "events": events}))
    done = rulestack_cli("replay", str(edited))
    assert done.returncode == 1 and f"differs from the recording at event {len(events)}" in done.stdout


# =============================================================================================
# Agent answers
# =============================================================================================

GARBAGE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["pass", "yes", "no", "-1", "--5", "²", "99999999999999999999", "", " "]),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=3), inner,
                                                                                          max_size=2),
    max_leaves=8)


@fuzz(25)
@given(system=st.sampled_from(["tiny", "mtg", "yugioh", "onepiece"]), seed=st.integers(0, 10_000), data=st.data())
def test_garbage_answers_are_refused_and_change_nothing(system, seed, data):
    """Random garbage answers to the decisions of a real game (out of range, wrong type, nested,
    unknown labels): each is refused with IllegalAnswer naming the decision, the game is exactly
    as it was and the same decision is still pending; a legal answer then goes on."""
    cls = find_system(system)
    step = StepGame(Game(system, list(cls.sample_decks), seed=seed))
    try:
        for _ in range(data.draw(st.integers(1, 25))):
            if step.done:
                break
            decision = step.decision
            before = fingerprint(step.game)
            legal = step.legal_answers(limit=2000)
            for garbage in data.draw(st.lists(GARBAGE, min_size=1, max_size=4)):
                try:
                    canonical = decision.validate(resolve_answer(decision, garbage))
                except IllegalAnswer as e:
                    assert e.decision is decision and decision.prompt in str(e)
                    with pytest.raises(IllegalAnswer):
                        step.apply(garbage)
                    assert step.decision is decision and fingerprint(step.game) == before
                else:
                    assert canonical in legal or len(legal) >= 2000, (garbage, canonical)
            step.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    finally:
        step.close()


def test_an_agent_that_answers_garbage_aborts_the_game_cleanly():
    """Not the step API but an agent inside the game: its illegal answer aborts the game with an
    error naming the decision and the answer, and the state is rolled back to before the action."""
    from rulestack.agents import FunctionAgent, RandomAgent
    seen = {}
    honest = RandomAgent(1)

    def sloppy(decision, seat):
        if seat.game.state.turn >= 3 and decision.kind == "action":   # asked at an action window
            seen["before"] = fingerprint(seat.game)
            return ["the", "best", "one"]
        return honest.decide(decision, seat)

    game = Game("tiny", ["alpha", "beta"], seed=4, agents=[FunctionAgent(sloppy), RandomAgent(2)])
    game.auto_single = False
    with pytest.raises(GameAborted) as err:
        game.play()
    assert isinstance(err.value.cause, IllegalAnswer)
    assert "illegal answer ['the', 'best', 'one'] to P0 action 'main'" in str(err.value)
    assert "'the' is not an option index" in str(err.value)
    assert fingerprint(game) == seen["before"]
