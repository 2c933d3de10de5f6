"""MTG costs and layers benchmark: what the mana pool and 613.8 dependency cost in random games.

Plays the same seeded games between two copies of a deck built on the cost and layer cards (X,
hybrid, Phyrexian, sacrifice, kicker, alternative costs, Dark Ritual, Goblin Electromancer,
Thalia, and Life and Limb with Yavimaya, Cradle of Growth and Glorious Anthem: a worst case for
statics) with dependency ordering on (``mtg``) and off (the same rules, statics in timestamp
order), and prints decisions per second of each and their ratio. Compare the ratio, not the
absolute figures: the machine is shared.

Run: ``python benchmarks/mtg_costs_bench.py [--games N]``
"""
from __future__ import annotations

import argparse
import time

from rulestack import Game, register_system
from rulestack.cards import Deck
from rulestack_systems.mtg import MTGSystem

SPELLS = ["blaze", "earthquake", "boros_recruit", "manamorphose", "gut_shot", "dismember", "bone_splinters",
          "village_rites", "thrill_of_possibility", "burst_lightning", "dark_ritual", "goblin_electromancer",
          "thalia_guardian_of_thraben", "life_and_limb", "yavimaya_cradle_of_growth", "glorious_anthem",
          "mutagenic_growth", "force_of_will", "grizzly_bears", "grizzly_bears", "hill_giant", "hill_giant",
          "glory_seeker", "glory_seeker"]
LANDS = ["mountain"] * 8 + ["swamp"] * 6 + ["plains"] * 4 + ["forest"] * 4 + ["island"] * 2
DECK = Deck("costs_and_layers", {"main": tuple(SPELLS + LANDS)})


class MTGWithoutDependencies(MTGSystem):
    """MTG with statics in timestamp order, found on printed values (no 613.8)."""

    name = "mtg_no_dependencies"
    layer_dependencies = False


def run(system: str, games: int) -> tuple[float, int, int]:
    """Seconds, decisions and mana abilities activated as actions over ``games`` seeded games."""
    decisions = mana = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game(system, [DECK, DECK], seed=seed)
        result = game.play()
        decisions += result.decisions
        mana += sum(1 for e in game.state.log if e.kind == "mana_added" and e.cause == "action")
    return time.perf_counter() - start, decisions, mana


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    register_system(MTGWithoutDependencies)
    rates = {}
    for system in ("mtg", MTGWithoutDependencies.name):
        secs, decisions, mana = run(system, args.games)
        rates[system] = decisions / secs
        print(f"{system:22s} {args.games} games  {decisions:6d} decisions  {rates[system]:8.0f} decisions/s  "
              f"{mana} lands tapped for mana as actions")
    print(f"613.8 dependency on / off: {rates['mtg'] / rates[MTGWithoutDependencies.name]:.2f}x decisions/s")


if __name__ == "__main__":
    main()
