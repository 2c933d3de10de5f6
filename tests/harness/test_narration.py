"""Narration: every event of a seeded game of every installed system is told in that game's words,
as the chosen viewer may see it, and narrating a game does not change it."""
from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from rulestack import Game, hookimpl
from rulestack.cli import main
from rulestack.narrate import LiveNarrator, chosen_action, explain, narrate, narrate_answer, printable
from rulestack.system import available_systems, find_system

#: A raw field of an event (``card=32``) or a repr leaking into a line.
RAW = re.compile(r"\b(card|item|effect|target|source|player|code)=|\{'|\[\[")
GOLDEN = Path(__file__).resolve().parents[1] / "golden"

#: Every installed system (digimon and pmv too, once merged) and the host's test system.
SYSTEMS = sorted(set(available_systems()) | {"tiny"})
VIEWS = (None, 0, 1, "omniscient")


class _Who:
    """Notes, as each event happens, who narrated it (the system, the host, or nobody: ``raw``)."""

    def __init__(self) -> None:
        self.by: list[tuple[object, str, str | None]] = []

    @hookimpl
    def on_event(self, game, event):
        said, by = explain(game, event, None, omniscient=True)
        self.by.append((event, by, said))


def _play(system: str, seed: int, views=VIEWS, *extra, decks=None) -> tuple[Game, LiveNarrator]:
    narrator = LiveNarrator(views)
    game = Game(system, list(decks or find_system(system).sample_decks), seed=seed, plugins=[narrator, *extra])
    game.play()
    return game, narrator


#: The bundled systems with their sample decks, and the other bundled decks played against each other.
GAMES = [(system, None) for system in SYSTEMS] + [
    ("yugioh", ("synchron_extreme", "legendary_fusions")),
    ("onepiece", ("blue_seven_warlords", "yellow_big_mom_pirates")),
    ("onepiece", ("yellow_big_mom_pirates", "red_straw_hat_crew")),
]


@pytest.mark.parametrize(("system", "decks"), GAMES, ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_event_of_a_seeded_game_is_narrated_without_raw_fields(system, decks, seed):
    who = _Who()
    game, narrator = _play(system, seed, VIEWS, who, decks=decks)
    try:
        kinds = {ev.kind for ev in game.state.log}
        for ev, lines in narrator.entries():
            for view, line in zip(VIEWS, lines):
                assert line is None or not RAW.search(line), f"{system}: raw field in {line!r} for {ev}"
        for view in VIEWS:
            for line in narrator.lines(view):
                assert not RAW.search(line) and not re.search(r"\b[a-z]+_[a-z_]+\b", line), \
                    f"{system}: a developer's word in {line!r}"
        assert any(re.match(r"^[-=]{3} turn 1: P\d [-=]{3}$", line, re.I) for line in narrator.lines(None)[:60]), \
            f"{system}: the first turn has no header"
        for ev, by, said in who.by:
            assert by != "raw", f"{system}: event kind {ev.kind!r} has no narration: {said}"
        assert len(who.by) >= len(game.state.log) and len(narrator.lines("omniscient")) > 20 and len(kinds) > 5
        assert narrator.lines("omniscient")[-1] == who.by[-1][2]
        ending, last = game.state.log[-1], narrator.lines(None)[-1]           # why the game ended, and who won
        assert ending.kind == "game_over" and last == narrator.entries()[-1][1][0]
        winners = ending.get("winners") or []
        assert any(f"P{w}" in last for w in winners) if winners else "draw" in last.lower()
    finally:
        game.close()


@pytest.mark.parametrize("system", ["mtg", "yugioh", "onepiece"])
def test_narrating_a_game_live_leaves_it_byte_for_byte_the_golden_game(system):
    game, narrator = _play(system, 3)
    try:
        golden = gzip.decompress((GOLDEN / system / "seed-03.jsonl.gz").read_bytes()).decode()
        assert game.event_log_json() == golden
        assert len(narrator.entries()) == len(game.state.log)
    finally:
        game.close()


def _views(entries, ev_filter):
    """``(event, {view: line})`` for the events ``ev_filter`` keeps."""
    return [(ev, dict(zip(VIEWS, lines))) for ev, lines in entries if ev_filter(ev)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_spectator_sees_no_hidden_card_a_player_sees_their_own_and_omniscience_sees_all(seed):
    game, narrator = _play("yugioh", seed)
    try:
        cards, entries = game.state.cards, narrator.entries()
        draws = _views(entries, lambda ev: ev.kind == "moved" and ev.get("how") == "drawn")
        assert draws
        for ev, line in draws:
            p, name = ev.get("to_player"), cards[ev.get("card")].name
            assert line[None].startswith(f"P{p} draws a card") and name not in line[None].split(" (")[0]
            assert name in line[p] and name not in line[1 - p] and name in line["omniscient"]
        sets = _views(entries, lambda ev: ev.get("how") == "set" and ev.get("to") == "monster")
        for ev, line in sets:
            p, name = ev.get("to_player"), cards[ev.get("card")].name
            assert line[None] == line[1 - p] == f"P{p} Sets a monster" and line[p] == f"P{p} Sets a monster ({name})"
        # An attack on a monster Set face down: judged at the moment of the attack (it is flipped just after).
        log = game.state.log
        on_face_down = _views(entries, lambda ev: ev.kind == "attack_declared" and any(
            e.kind == "flipped" and e.get("card") == ev.get("target") for e in log[ev.seq: ev.seq + 3]))
        for ev, line in on_face_down:
            name = cards[ev.get("target")].name
            assert "face-down monster" in line[None] and name not in line[None].split(" attacks ")[1]
            assert line["omniscient"].endswith(name) or name in line["omniscient"].split(" attacks ")[1]
        assert sets or on_face_down
    finally:
        game.close()


@pytest.mark.parametrize("seed", [1, 2])
def test_lines_name_the_player_first_the_targets_and_the_owner_the_event_is_about(seed):
    game, narrator = _play("mtg", seed)
    try:
        cards, log = game.state.cards, game.state.log
        entries = narrator.entries()
        spells = _views(entries, lambda ev: ev.kind == "activated" and ev.get("kind_of") == "spell")
        assert spells
        for ev, line in spells:
            assert line[None].startswith(f"P{ev.player} casts {cards[ev.get('card')].name}")
            aimed = [e for e in log[: ev.seq] if e.kind == "targeted" and e.get("item") == ev.get("item")]
            for t in aimed:
                if isinstance(t.get("target"), dict) and "player" in t.get("target"):
                    assert f"targeting P{t.get('target')['player']}" in line[None]
                elif isinstance(t.get("target"), dict):
                    assert f"targeting {cards[t.get('target')['card']].name}" in line[None]
        # Moves caused by another player's card name the card's owner.
        theirs = _views(entries, lambda ev: ev.kind == "moved" and ev.cause == "effect" and ev.source is not None
                        and cards[ev.get("card")].owner != cards[ev.source].controller and ev.get("from") == "battlefield")
        for ev, line in theirs:
            assert f"P{cards[ev.get('card')].owner}'s {cards[ev.get('card')].name}" in line[None]
        for ev, line in _views(entries, lambda ev: ev.kind in ("damaged", "life_changed") and ev.get("life") != ev.get("delta")):
            assert f"{ev.get('life') - ev.get('delta')} → {ev.get('life')} life" in line[None]
            assert line[None].startswith(f"P{ev.player}") or cards.get(ev.source) is not None
        for ev, line in _views(entries, lambda ev: ev.kind == "blocks"):
            blocker, attacker = cards[ev.get("card")], cards[ev.get("attacker")]
            assert line[None] == f"P{blocker.owner}'s {blocker.name} blocks P{attacker.owner}'s {attacker.name}"
        for ev, line in _views(entries, lambda ev: ev.kind == "turn_began"):
            assert line[None] == f"--- turn {ev.get('turn')}: P{ev.player} ---"
        steps = [line[None] for _, line in _views(entries, lambda ev: ev.kind == "phase")]
        assert "· Declare attackers step" in steps and "· Untap step" in steps
    finally:
        game.close()


def test_the_words_of_the_issue_in_a_built_position():
    """Casting with a target, life as before → after with its cause, +N/+0 until end of turn, and the
    owner named when the opponent's spell exiles a card."""
    from mtg.helpers import Table
    t = Table(phase="postcombat_main")
    t.lands("Mountain", 2)
    t.lands("Plains", 1, player=1)
    t.add("Grizzly Bears")
    t.add("Lightning Bolt", "hand")
    t.add("Brute Force", "hand")
    t.add("Swords to Plowshares", "hand", player=1)
    t.act("cast Lightning Bolt")
    t.answer("P1")
    t.resolve_stack()
    t.act("cast Brute Force")
    t.answer("Grizzly Bears")
    t.resolve_stack()
    t.act("cast Swords to Plowshares", player=1)
    t.answer("Grizzly Bears")
    t.resolve_stack()
    lines = [line for ev in t.game.state.log if (line := narrate(t.game, ev))]
    t.game.close()
    expected = ["P0 taps Mountain for Lightning Bolt", "P0 casts Lightning Bolt targeting P1", "Lightning Bolt resolves",
                "Lightning Bolt deals 3 damage to P1: 20 → 17 life", "Lightning Bolt goes to P0's graveyard",
                "P0 casts Brute Force targeting Grizzly Bears", "Grizzly Bears gets +3/+0 until end of turn (Brute Force)",
                "P1 casts Swords to Plowshares targeting Grizzly Bears",
                "Swords to Plowshares exiles P0's Grizzly Bears", "P0: 20 → 25 life (Swords to Plowshares)"]
    assert [x for x in lines if x in expected] == expected


@pytest.mark.parametrize("seed", [1, 2])
def test_one_piece_battles_counters_and_life_are_told(seed):
    game, narrator = _play("onepiece", seed)
    try:
        cards, entries = game.state.cards, narrator.entries()
        battles = _views(entries, lambda ev: ev.kind == "battle_result")
        assert battles
        for ev, line in battles:
            a, d = cards[ev.get("card")], cards[ev.get("target")]
            verb = "wins" if ev.get("won") else "loses"
            assert line[None] == (f"{a.name} ({ev.get('attacker_power')} power) {verb} the battle against "
                                  f"P{d.owner}'s {d.name} ({ev.get('target_power')} power)")
        for ev, line in _views(entries, lambda ev: ev.kind == "ko"):
            assert line[None].startswith(f"P{cards[ev.get('card')].owner}'s {cards[ev.get('card')].name} is K.O.'d")
        for ev, line in _views(entries, lambda ev: ev.kind == "moved" and ev.get("counter")):
            assert line[None] == f"P{ev.player} trashes {cards[ev.get('card')].name} for its Counter +{ev.get('counter')}"
        taken = _views(entries, lambda ev: ev.kind == "moved" and ev.get("from") == "life" and ev.get("to") == "hand")
        for ev, line in taken:
            p, name = ev.get("from_player"), cards[ev.get("card")].name
            assert line[None] == f"P{p} takes a card from their Life into their hand"      # hidden from a spectator
            assert line[p] == f"P{p} takes {name} from their Life into their hand"
        attacks = _views(entries, lambda ev: ev.kind == "attack_declared")
        assert attacks and taken and all(" attacks " in line[None] for _, line in attacks)
    finally:
        game.close()


class _Loud:
    """A house-rule plugin that narrates draws its own way and silences shuffles."""

    @hookimpl(tryfirst=True)
    def narrate_event(self, game, event, viewer):
        if event.kind == "shuffled":
            return ""
        if event.kind == "drew":
            return "a card is drawn"
        return None


def test_a_plugin_answers_first_and_an_empty_line_is_silence():
    narrator, who = LiveNarrator([None]), _Who()
    game = Game("tiny", ["alpha", "beta"], seed=2, plugins=[_Loud(), narrator, who])
    try:
        game.play()
        shuffles = [(said, by) for ev, by, said in who.by if ev.kind == "shuffled"]
        assert shuffles and all(said is None and by == "system" for said, by in shuffles)
        assert "a card is drawn" in narrator.lines(None)
        assert not any("shuffle" in line for line in narrator.lines(None))
    finally:
        game.close()


def test_names_from_card_files_are_printed_without_control_characters(tmp_path):
    cards = tmp_path / "evil.yaml"
    cards.write_text('- {code: E01, name: "Evil\\e[2J\\nGrunt\\u202e", type: unit, cost: 1, power: 1, toughness: 1}\n')
    game = Game.empty("tiny", cards=[str(cards)])
    try:
        card = game.create_card("E01", 0, "hand")
        game.move(card, "field", 0, by=0)
        line = narrate(game, game.state.log[-1])
        assert line is not None and "\x1b" not in line and "\n" not in line and "\u202e" not in line
        assert "Evil\\x1b[2J\\nGrunt\\u202e" in line        # the host's escaping (rulestack.escape)
    finally:
        game.close()
    assert printable("a\tb\x07") == "a\\tb\\x07"


def test_play_shows_a_spectators_view_by_default_and_the_other_views_on_request(capsys):
    game, narrator = _play("yugioh", 1)
    game.close()
    outs = {}
    for view, flags in ((None, []), (0, ["--view", "0"]), ("omniscient", ["--omniscient"]), ("events", ["--events"])):
        assert main(["play", "yugioh", "--seed", "1", *flags]) == 0
        out = capsys.readouterr().out.rstrip("\n").splitlines()
        assert out[-1].startswith("result: ")
        outs[view] = out[:-1]
    for view in (None, 0, "omniscient"):
        assert outs[view] == narrator.lines(view)
    assert outs[None] != outs[0] != outs["omniscient"]
    assert outs["events"][0] == "#1 shuffled [rule] player=0 zone=deck" and len(outs["events"]) == len(game.state.log)
    assert main(["play", "yugioh", "--view", "5"]) == 2


class _Answers:
    """Notes every answered decision (the host's ``decision_answered`` observer hook)."""

    def __init__(self) -> None:
        self.seen: list[tuple[object, object]] = []

    @hookimpl
    def decision_answered(self, game, decision, answer):
        self.seen.append((decision, answer))


#: How each bundled system words a player passing (a pass of priority, ending a phase, not blocking).
PASS_WORDS = {
    "mtg": r"^P\d passes$",
    "yugioh": r"^P\d (passes|ends the turn|ends the Battle Phase|moves on to the (Battle|End) Phase)$",
    "onepiece": r"^P\d (ends the Main Phase|does not block|plays no more Counters)$",
    "digimon": r"^P\d (does nothing in the breeding phase|does not block)\.$",
    "pmv": r"^P\d passes$",
    "tiny": r"^P\d passes$",
}


@pytest.mark.parametrize("system", sorted(PASS_WORDS))
def test_passes_are_told_in_their_place_and_single_option_passes_are_not(system):
    """Answered decisions are not events, yet a spectator reads who passed, where it happened; a
    window that offered nothing but a pass is not worth a line."""
    answers, narrator = _Answers(), LiveNarrator((None,))
    game = Game(system, list(find_system(system).sample_decks), seed=4, plugins=[narrator, answers])
    game.auto_single = False                 # single-option decisions reach the agents (and the observer) too
    try:
        game.play()
        told = narrator.answer_lines(None)
        passes = [(d, a) for d, a in answers.seen if getattr(chosen_action(d, a), "kind", None) == "pass"]
        single = [(d, a) for d, a in passes if d.count_answers() == 1]
        chosen = [(d, a) for d, a in answers.seen if d.count_answers() > 1]
        assert single, f"{system}: no window offered only a pass in this game"
        assert told, f"{system}: no pass was told"
        for line in told:
            assert re.match(PASS_WORDS[system], line), f"{system}: {line!r} is not a pass in the game's words"
        # Exactly the decisions that offered a choice are told (those the system words at all).
        assert len(told) <= len(chosen) < len(chosen) + len(single)
        assert all(narrate_answer(game, d, a) is None for d, a in single)
        # In their place: every told pass is among the spectator's lines, in order, between the events.
        lines = narrator.lines(None)
        at = [lines.index(t) for t in dict.fromkeys(told)]
        assert at == sorted(at) and 0 < at[0]
        assert len(lines) == len(told) + len([s for _, (s,) in narrator.entries() if s]) + 1   # + turn 1's header
    finally:
        game.close()


def test_passes_are_not_events_and_the_game_stays_the_golden_one():
    answers, narrator = _Answers(), LiveNarrator((None,))
    game = Game("mtg", list(find_system("mtg").sample_decks), seed=3, plugins=[narrator, answers])
    try:
        game.play()
        golden = gzip.decompress((GOLDEN / "mtg" / "seed-03.jsonl.gz").read_bytes()).decode()
        assert game.event_log_json() == golden
        assert narrator.answer_lines(None) and len(answers.seen) == len(game.decisions)
    finally:
        game.close()
