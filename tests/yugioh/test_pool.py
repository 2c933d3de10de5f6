"""The card pool and the sample decks load cleanly; the command line plays a duel."""
from __future__ import annotations

from collections import Counter

from rulestack.cli import main as rulestack_main
from rulestack.pool import CardPool
from rulestack_systems.yugioh import YugiohSystem

SEED_CARDS = ["Seven Tools of the Bandit", "Solemn Judgment", "Mirror Force", "Chain Energy", "Dark Panther",
              "Skill Drain", "Fiendish Chain", "Stardust Dragon", "Stardust Warrior", "Macro Cosmos",
              "Shaddoll Dragon", "Phoenix Wing Wind Blast", "Cannon Soldier", "Hidden Armory", "Mask of Restrict",
              "Premature Burial", "Messenger of Peace"]

CLASSIC_A = ["Gemini Elf", "Vorse Raider", "Luster Dragon", "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian",
             "Summoned Skull", "Blue-Eyes White Dragon", "Sangan", "Man-Eater Bug", "Giant Rat", "Mystic Tomato",
             "Hane-Hane", "Pot of Greed", "Dark Hole", "Monster Reborn", "Mystical Space Typhoon", "Hinotama",
             "Axe of Despair", "Trap Hole", "Mirror Force", "Sakuretsu Armor", "Reinforcements"]
CLASSIC_B = ["Battle Ox", "Beaver Warrior", "Giant Soldier of Stone", "Gemini Elf", "Vorse Raider", "Celtic Guardian",
             "Dark Magician", "Summoned Skull", "Marshmallon", "Old Vindictive Magician", "Giant Rat", "Mystic Tomato",
             "Raigeki", "Fissure", "Dian Keto the Cure Master", "Swords of Revealing Light", "Monster Reborn",
             "Magic Cylinder", "Dust Tornado", "Waboku", "Call of the Haunted", "Trap Hole", "Sakuretsu Armor"]


def test_every_card_loads_and_the_seed_cards_are_there():
    pool = CardPool.for_system(YugiohSystem)
    assert pool.check() == []
    names = {e.name for e in pool.entries.values()}
    assert set(SEED_CARDS) <= names


def test_the_classic_decks_are_card_for_card_what_the_issue_lists():
    pool = CardPool.for_system(YugiohSystem)
    for deck_name, listed, monsters in (("classic_a", CLASSIC_A, 30), ("classic_b", CLASSIC_B, 29)):
        deck = pool.deck(deck_name)
        main = deck.sections["main"]
        names = Counter(pool.entries[c].name for c in main)
        assert len(main) == 40 and set(names) == set(listed)
        assert sum(n for name, n in names.items()
                   if pool.entries[pool.resolve(name)].fields["card_type"] == "Monster") == monsters
        assert max(names.values()) <= 3
    assert YugiohSystem.sample_decks == ("classic_a", "classic_b")


def test_rulestack_play_yugioh_reports_the_winner(capsys):
    assert rulestack_main(["play", "yugioh", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("result: ") and ("won" in out or "draw" in out)
