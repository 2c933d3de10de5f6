"""Every card of issue 17 item 9 loads, passes ``rulestack check`` and is played in seeded random
games: one test per card.

Each colour's cards make a test deck (two copies of each, four of the expensive ones, and
enough basic lands; a hybrid card is in the decks of both its colours); seeded random games pair the colours, with the game's invariants checked after
every decision (:class:`.test_playout.CheckingAgent`). A card passes when in those games it was
cast and resolved, and each ability it has beyond casting (an enters trigger, an activated ability,
a chapter) was put on the stack and resolved at least once — except the few that need a rare board
(listed in ``SITUATIONAL`` with the scenario that covers them)."""
from __future__ import annotations

import contextlib
import io
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulestack import Deck, Game
from rulestack.cli import main as cli_main
from rulestack.pool import CardPool
from rulestack_systems.mtg import MTGSystem
from rulestack_systems.mtg.mana import ManaCost

from .test_playout import CheckingAgent, check_invariants

CARDS_DIR = MTGSystem.card_root() / "cards"
#: The card files of issue 17 item 9.
FILES = ("white_classics.yaml", "blue_classics.yaml", "black_classics.yaml", "red_classics.yaml",
         "green_classics.yaml", "cost_classics.yaml")
#: The basic land of each colour; a test deck per colour holds the cards of that colour.
BASICS = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}
#: The decks colourless cards (artifacts) go in.
COLORLESS = ("U", "R")
#: Each colour meets three others. Seeds 0, 1, 2 ... are played in turn until every card has
#: done what it does (at most ``MAX_SEEDS``): a change to the engine that shifts the random games
#: costs a few more games rather than a failure, but a card that never works still fails.
PAIRINGS = (("W", "U"), ("B", "R"), ("G", "W"), ("U", "B"), ("R", "G"), ("G", "B"), ("U", "G"), ("W", "R"))
MAX_SEEDS = 10
#: Cards whose target is rare in these decks get four copies too (an artifact or enchantment to
#: destroy, a flier to shoot down, a Saga that must live three turns).
MORE_COPIES = frozenset({"naturalize", "disenchant", "plummet", "triumph_of_gerrard", "righteousness"})
#: Abilities random games seldom reach (code -> ability index: the scenario covering it).
SITUATIONAL = {
    ("pegasus_courser", 0): "test_pegasus_courser_gives_another_attacker_flying_until_end_of_turn",
    ("pelakka_wurm", 1): "test_pelakka_wurm_gains_seven_on_entering_and_draws_when_it_dies",
}


def codes_in(name: str) -> list[str]:
    return [entry["code"] for entry in yaml.safe_load((CARDS_DIR / name).read_text())]


CARDS = [(name, code) for name in FILES for code in codes_in(name)]


def colors(pool: CardPool, code: str) -> tuple[str, ...]:
    """The test decks a card goes in: those of its colours (a hybrid card both)."""
    return ManaCost.parse(pool.definition(code).get("mana_cost") or "").colors or COLORLESS


def test_deck(pool: CardPool, color: str) -> Deck:
    """Two copies of each card of the colour (four of mana value 5 or more, or in ``MORE_COPIES``)
    and 40% lands."""
    spells = []
    for _name, code in CARDS:
        if color in colors(pool, code):
            value = ManaCost.parse(pool.definition(code).get("mana_cost") or "").value
            spells += [code] * (4 if value >= 5 or code in MORE_COPIES else 2)
    lands = max(40 - len(spells), (2 * len(spells) + 2) // 3)
    return Deck(f"classics_{color}", {"main": tuple([BASICS[color]] * lands + spells)})


test_deck.__test__ = False    # type: ignore[attr-defined]   # a helper, not a test


class Seen:
    """What the seeded games did with each card: casts, resolutions, and abilities resolved."""

    def __init__(self) -> None:
        self.cast: Counter = Counter()
        self.resolved: Counter = Counter()
        self.abilities: Counter = Counter()
        self.games = 0

    def missing(self, pool: CardPool) -> list[str]:
        """What has not happened yet: cards not cast or not resolved, abilities not resolved."""
        out = []
        for _name, code in CARDS:
            if not self.cast[code] or not self.resolved[code]:
                out.append(code)
            out += [f"{code}#{ab.index}" for ab in pool.definition(code).abilities
                    if ab.kind not in ("spell", "static") and (code, ab.index) not in SITUATIONAL
                    and not self.abilities[(code, ab.index)]]
        return out

    def read(self, game: Any) -> None:
        items: dict[int, tuple[str, int, str]] = {}
        for ev in game.state.log:
            if ev.kind == "activated":
                items[ev.get("item")] = (ev.get("code"), ev.get("ability"), ev.get("kind_of"))
                if ev.get("kind_of") == "spell":
                    self.cast[ev.get("code")] += 1
            elif ev.kind == "resolving" and ev.get("item") in items:
                code, index, kind = items[ev.get("item")]
                if kind == "spell":
                    self.resolved[code] += 1
                else:
                    self.abilities[(code, index)] += 1
            elif ev.kind == "moved" and ev.get("from") == "stack" and ev.get("to") == "battlefield":
                self.resolved[ev.get("code")] += 1            # a permanent spell resolved (608.3)
        self.games += 1


@pytest.fixture(scope="module")
def seen() -> Seen:
    pool = CardPool.for_system(MTGSystem)
    decks = {color: test_deck(pool, color) for color in BASICS}
    out = Seen()
    for seed in range(MAX_SEEDS):
        if seed and not out.missing(pool):
            break
        for a, b in PAIRINGS:
            total = len(decks[a].sections["main"]) + len(decks[b].sections["main"])
            agents = [CheckingAgent(seed * 2 + 1, total), CheckingAgent(seed * 2 + 2, total)]
            game = Game("mtg", [decks[a], decks[b]], seed=seed, agents=agents)
            try:
                result = game.play()
                check_invariants(game, total)
                assert result.turns >= 2
                out.read(game)
            finally:
                game.close()
    print(f"\n{out.games} seeded games ({out.games // len(PAIRINGS)} seeds); not reached: {out.missing(pool) or 'none'}")
    return out


@pytest.fixture(scope="module")
def checked() -> dict[str, str]:
    """``rulestack check`` over each card file of the item: its exit code and output, per file."""
    out = {}
    for name in FILES:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            code = cli_main(["check", str(CARDS_DIR / name)])
        out[name] = f"exit {code}\n{buf.getvalue()}"
    return out


def test_the_pool_reaches_the_issues_size():
    pool = CardPool.for_system(MTGSystem)
    assert pool.check() == []
    real = [e for e in pool.entries.values() if "Basic" not in (e.fields.get("supertypes") or ())]
    assert len(real) >= 120, len(real)


@pytest.mark.parametrize("name,code", CARDS, ids=[code for _n, code in CARDS])
def test_card_loads_is_checked_and_is_played_in_random_games(name: str, code: str, checked: dict, seen: Seen):
    pool = CardPool.for_system(MTGSystem)
    definition = pool.definition(code)                        # loads: data, script, keyword expansion
    assert definition.name and definition.get("types")
    report = checked[name]
    assert report.startswith("exit 0") and " 0 problem(s)" in report, report
    assert seen.cast[code] >= 1, f"{definition.name} was never cast in {seen.games} seeded games"
    assert seen.resolved[code] >= 1, f"{definition.name} never resolved in {seen.games} seeded games"
    for ability in definition.abilities:
        if ability.kind == "spell" or ability.kind == "static" or (code, ability.index) in SITUATIONAL:
            continue
        assert seen.abilities[(code, ability.index)] >= 1, \
            f"{definition.name}: its {ability.kind} ability {ability.label!r} never resolved in {seen.games} games"


def test_the_situational_abilities_have_their_scenarios():
    here = Path(__file__).parent
    scenarios = "".join(p.read_text() for p in here.glob("test_cards_*.py"))
    for (code, index), name in SITUATIONAL.items():
        assert f"def {name}(" in scenarios, (code, index, name)
