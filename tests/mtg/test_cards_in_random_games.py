"""Every card of issue 17 item 9 loads, passes ``rulestack check`` and is played in seeded random
games: one test per card.

The cards of each file and colour make test decks (two copies of each, four of the expensive ones,
and enough basic lands; a hybrid card is in the decks of both its colours); seeded random games pair
the decks, with the game's invariants checked after
every decision (:class:`.test_playout.CheckingAgent`). A card passes when in those games it was
cast and resolved (a token: created), and each ability it has beyond casting (an enters trigger, an activated ability,
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
         "green_classics.yaml", "cost_classics.yaml", "entry_classics.yaml", "replacement_classics.yaml",
         "classic_tokens.yaml")
#: The basic land of each colour.
BASICS = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}
#: The colours whose decks colourless cards (artifacts) go in.
COLORLESS = ("U", "R")
#: A test deck holds the cards of one file and one colour (a hybrid card is in both its colours'),
#: at most this many different cards, so that random games draw each of them often.
DECK_CARDS = 14
#: Seeds 0, 1, 2 ... are played in turn, each deck against the next one, until every card has
#: done what it does (at most ``MAX_SEEDS``): a change to the engine that shifts the random games
#: costs a few more games rather than a failure, but a card that never works still fails.
MAX_SEEDS = 12
#: Cards that need a rare board get four copies too (an artifact or enchantment to destroy, a
#: flier to shoot down, a blocker, a Saga that must live three turns, tokens to double, a
#: creature card in the graveyard).
MORE_COPIES = frozenset({"naturalize", "disenchant", "plummet", "triumph_of_gerrard", "righteousness",
                         "breath_of_life"})
#: Abilities random games seldom reach (code -> ability index: the scenario covering it).
SITUATIONAL = {
    ("pegasus_courser", 0): "test_pegasus_courser_gives_another_attacker_flying_until_end_of_turn",
    ("pelakka_wurm", 1): "test_pelakka_wurm_gains_seven_on_entering_and_draws_when_it_dies",
    ("vizier_of_remedies", 0): "test_vizier_of_remedies_stops_a_single_minus_counter",   # -1/-1 counters on it
    ("mirror_image", 0): "test_mirror_image_copies_a_creature_its_controller_controls",  # one of yours to copy
    ("personal_sanctuary", 0):                                   # damage to its controller on their own turn
        "test_personal_sanctuary_prevents_damage_to_its_controller_on_their_turn_only",
}


def entries_in(name: str) -> list[dict]:
    return yaml.safe_load((CARDS_DIR / name).read_text())


CARDS = [(name, entry["code"]) for name in FILES for entry in entries_in(name)]
#: Token cards (111): not in decks; they pass when random games create them.
TOKENS = frozenset(entry["code"] for name in FILES for entry in entries_in(name) if entry.get("token"))


def colors(pool: CardPool, code: str) -> tuple[str, ...]:
    """The test decks a card goes in: those of its colours (a hybrid card both)."""
    return ManaCost.parse(pool.definition(code).get("mana_cost") or "").colors or COLORLESS


def test_decks(pool: CardPool) -> list[Deck]:
    """The test decks: per file and colour, up to ``DECK_CARDS`` different cards, two copies of
    each (four of mana value 5 or more, or in ``MORE_COPIES``), and 40% basic lands of the colour
    (half the deck when a card costs 7)."""
    decks = []
    for name in FILES:
        for color, land in BASICS.items():
            group = [code for file, code in CARDS
                     if file == name and code not in TOKENS and color in colors(pool, code)]
            chunks = -(-len(group) // DECK_CARDS)
            for i in range(chunks):
                spells, top = [], 0
                for code in group[i::chunks]:                 # dealt out: creatures and spells mixed
                    value = ManaCost.parse(pool.definition(code).get("mana_cost") or "").value
                    spells += [code] * (4 if value >= 5 or code in MORE_COPIES else 2)
                    top = max(top, value)
                share = 1.0 if top >= 7 else 2 / 3                 # lands per spell: half the deck for 7-drops
                lands = max(40 - len(spells), round(share * len(spells)))
                decks.append(Deck(f"{name[:-5]}_{color}{i}", {"main": tuple([land] * lands + spells)}))
    return decks


test_decks.__test__ = False    # type: ignore[attr-defined]   # a helper, not a test


#: Why a card was on its way to a graveyard (the ``how`` of its ``moved`` event).
GRAVEYARD_BOUND = frozenset({"resolved", "destroyed", "toughness_zero", "sacrificed", "countered", "discarded",
                             "legend_rule"})


def _types_match(game: Any, card_id: int, ability: Any) -> bool:
    """Does the moved card have a type the move replacement's filter asks for (if it asks)?"""
    wanted = ((ability.get("replaces") or {}).get("filter") or {}).get("types")
    if wanted is None:
        return True
    types = game.card(card_id).definition.get("types") or ()
    return any(t in types for t in (wanted if isinstance(wanted, (list, tuple)) else [wanted]))


class Seen:
    """What the seeded games did with each card: casts, resolutions, and abilities resolved."""

    def __init__(self) -> None:
        self.cast: Counter = Counter()
        self.resolved: Counter = Counter()
        self.created: Counter = Counter()
        self.entered_as: Counter = Counter()     # "enters as a copy" / "enters with" applied
        self.abilities: Counter = Counter()
        self.games = 0

    def did(self, code: str, ability: Any) -> bool:
        """Did the ability do its work at least once (or need it not be seen here)?"""
        if ability.kind in ("spell", "static") or (code, ability.index) in SITUATIONAL:
            return True
        if ability.kind == "enters":
            return self.entered_as[code] > 0
        return self.abilities[(code, ability.index)] > 0

    def missing(self, pool: CardPool) -> list[str]:
        """What has not happened yet: cards not cast or not resolved, abilities not resolved."""
        out = []
        for _name, code in CARDS:
            if code in TOKENS and not self.created[code]:
                out.append(code)
            elif code not in TOKENS and (not self.cast[code] or not self.resolved[code]):
                out.append(code)
            out += [f"{code}#{ab.index}" for ab in pool.definition(code).abilities if not self.did(code, ab)]
        return out

    def read(self, game: Any) -> None:
        items: dict[int, tuple[str, int, str]] = {}
        movers: dict[int, list[Any]] = {}      # permanents now on the battlefield with a move replacement
        for ev in game.state.log:
            if ev.kind == "moved" and ev.get("to") == "exile" and ev.get("how") in GRAVEYARD_BOUND:
                for cid, abilities in movers.items():      # a move to a graveyard, replaced (614.1a)
                    for ab in abilities:
                        if _types_match(game, ev.get("card"), ab):
                            self.abilities[(game.printed_code(cid), ab.index)] += 1
            if ev.kind == "moved":
                movers.pop(ev.get("card"), None)
                if ev.get("to") == "battlefield":
                    found = [ab for ab in game.card(ev.get("card")).definition.abilities
                             if ab.kind == "replacement" and (ab.get("replaces") or {}).get("event") == "moved"]
                    if found:
                        movers[ev.get("card")] = found
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
            elif ev.kind == "replaced":                        # a replacement effect applied (614)
                self.abilities[(game.printed_code(ev.get("card")), ev.get("ability"))] += 1
            elif ev.kind == "moved" and ev.get("to") == "battlefield":
                printed = game.printed_code(ev.get("card"))
                if ev.get("from") == "stack":
                    self.resolved[printed] += 1               # a permanent spell resolved (608.3)
                elif ev.get("from") == "nowhere":
                    self.created[printed] += 1                # a token was created (111.2)
                if printed != ev.get("code"):                 # it entered as a copy (707.2)
                    self.entered_as[printed] += 1
            elif ev.kind == "counters_added" and ev.cause == "rule" and ev.source == ev.get("card"):
                self.entered_as[game.printed_code(ev.get("card"))] += 1   # "enters with" counters
        self.games += 1


@pytest.fixture(scope="module")
def seen() -> Seen:
    pool = CardPool.for_system(MTGSystem)
    decks = test_decks(pool)
    out = Seen()
    for seed in range(MAX_SEEDS):
        if seed and not out.missing(pool):
            break
        for i, a in enumerate(decks):
            b = decks[(i + 1 + seed) % len(decks)]            # a different opponent each seed
            total = len(a.sections["main"]) + len(b.sections["main"])
            agents = [CheckingAgent(seed * 2 + 1, total), CheckingAgent(seed * 2 + 2, total)]
            game = Game("mtg", [a, b], seed=seed, agents=agents)
            try:
                result = game.play()
                check_invariants(game, total)
                assert result.turns >= 2
                out.read(game)
            finally:
                game.close()
    print(f"\n{out.games} seeded games ({out.games // len(decks)} seeds); not reached: {out.missing(pool) or 'none'}")
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
    if code in TOKENS:
        assert seen.created[code] >= 1, f"{definition.name} was never created in {seen.games} seeded games"
    else:
        assert seen.cast[code] >= 1, f"{definition.name} was never cast in {seen.games} seeded games"
        assert seen.resolved[code] >= 1, f"{definition.name} never resolved in {seen.games} seeded games"
    for ability in definition.abilities:
        assert seen.did(code, ability), \
            f"{definition.name}: its {ability.kind} ability {ability.label!r} never did its work in {seen.games} games"


def test_the_situational_abilities_have_their_scenarios():
    here = Path(__file__).parent
    scenarios = "".join(p.read_text() for p in here.glob("test_cards_*.py"))
    for (code, index), name in SITUATIONAL.items():
        assert f"def {name}(" in scenarios, (code, index, name)
