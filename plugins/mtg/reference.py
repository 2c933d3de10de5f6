"""The reference data of the MTG system: its events, turn structure, windows, player values,
keywords and settings, each in one line (read by ``rulestack describe mtg`` and ``rulestack check``)."""
from __future__ import annotations

from rulestack.system import EventKind, Phase

_MOVE = {"card": "the card's id", "code": "its code", "from": "the zone it left", "from_player": "whose zone",
         "to": "the zone it entered", "to_player": "whose zone", "visible": "who saw it"}

EVENT_KINDS = {
    "moved": EventKind("a card changed zone", {**_MOVE, "how": "why, when a rule says: mulligan, countered ...",
                                                "bottom": "true for a card a player who kept puts on the bottom "
                                                          "of their library after mulligans (103.5)",
                                                "cast_as": "how a permanent spell was cast when not the plain way: "
                                                           "\"with kicker\", \"evoke\" ... (702.33d, 702.74a)"}),
    "drew": EventKind("a player drew a card (a move from library to hand, 121)", _MOVE),
    "drew_from_empty": EventKind("a player had to draw from an empty library (704.5b)",
                                 {"key": "drew_from_empty", "value": "true", "old": "the old value"}),
    "cast": EventKind("a spell was cast: the card moved to the stack (601)", _MOVE),
    "targeted": EventKind("targets were chosen for a spell or ability (601.2c)",
                          {"item": "the item", "targets": "the chosen targets (card ids)",
                           "target": "the chosen `target` of a spell that names one ({card =}, {player =} ...)"}),
    "land_played": EventKind("a land was played (305)", {"card": "the land"}),
    "countered": EventKind("a spell or ability was countered (701.5)",
                           {"item": "the item", "card": "its card", "kind_of": "the item's kind"}),
    "fizzled": EventKind("a spell or ability was removed because all its targets became illegal (608.2b)",
                         {"item": "the item", "card": "its card", "why": "the rule"}),
    "attacks": EventKind("a creature was declared as an attacker (508)",
                         {"card": "the attacker", "defender": "the player attacked"}),
    "blocks": EventKind("a creature was declared as a blocker (509)",
                        {"card": "the blocker", "attacker": "the creature it blocks"}),
    "damage_order": EventKind("the attacking player ordered the blockers of an attacker for damage (509.2, 510.1c)",
                              {"card": "the attacker", "blockers": "its blockers, first to get lethal damage first"}),
    "damage_dealt": EventKind("damage was dealt to a creature (120.3)",
                              {"card": "the creature", "amount": "how much", "marked": "its damage now"}),
    "damaged": EventKind("a player was dealt damage (120.3a): life lost",
                         {"delta": "the change", "life": "the new total", "by": "the controller of the source"}),
    "mulligan": EventKind("a player took a mulligan (103.5)", {"count": "mulligans so far"}),
    "starting_player": EventKind("the starting player was decided (103.1)",
                                 {"key": "starting_player", "value": "the player", "old": "nil"}),
    "mana_added": EventKind("mana was added to a player's mana pool by a mana ability or an effect (106.4, 605)",
                            {"mana": "the mana added (letters: W U B R G C)", "pool": "the pool after"}),
    "mana_emptied": EventKind("a player's unspent mana emptied from their pool as a step or phase ended (500.4)",
                              {"mana": "the mana lost", "step": "the step or phase that ended"}),
    "ceased": EventKind("a token that had left the battlefield ceased to exist (704.5d, 111.7)", _MOVE),
    "lore_replacement_missing": EventKind("a Saga entered without its lore counter (714.3a, 2026 edition)",
                                          {"card": "the Saga", "why": "the rule"}),
}

PHASES = (
    Phase("beginning", "the beginning phase (501)",
          {"untap": "the active player untaps their permanents (502)", "upkeep": "upkeep triggers (503)",
           "draw": "the active player draws (504)"}),
    Phase("precombat_main", "the first main phase: lands, spells at sorcery speed (505)"),
    Phase("combat", "the combat phase (506)",
          {"beginning_of_combat": "before attackers are declared (507)",
           "declare_attackers": "the active player declares attackers (508)",
           "declare_blockers": "the defending player declares blockers (509)",
           "first_strike_damage": "first and double strike damage, when a combatant has it (510.4)",
           "combat_damage": "combat damage (510)", "end_of_combat": "the end of combat (511)"}),
    Phase("postcombat_main", "the second main phase (505)"),
    Phase("ending", "the ending phase (512)",
          {"end": "\"at the beginning of the end step\" triggers (513)",
           "cleanup": "discard to hand size, damage wears off, \"until end of turn\" ends (514)"}),
)

WINDOWS = {"priority": "a player holds priority (117): cast, activate, play a land or pass"}

PLAYER_VALUES = {
    "lands_played": "lands played this turn (305.2)",
    "mana_pool": "the mana in the player's pool, as letters in WUBRGC order (\"RRG\"); empties as each step ends (106.4, 500.4)",
    "drew_from_empty": "true once the player had to draw from an empty library (704.5b)",
    "no_life_loss_turn": "the turn during which the player can't lose life nor pay life (119.8; ctx:cant_lose_life)",
}

KEYWORDS = {
    "Flying": "can be blocked only by creatures with flying or reach (702.9)",
    "First strike": "deals combat damage before creatures without it (702.7)",
    "Double strike": "deals first-strike and regular combat damage (702.4)",
    "Trample": "excess combat damage goes to the player (702.19)",
    "Vigilance": "attacking does not tap it (702.20)",
    "Haste": "can attack and tap the turn it comes under your control (702.10)",
    "Reach": "can block creatures with flying (702.17)",
    "Flash": "may be cast any time you could cast an instant (702.8)",
    "Defender": "cannot attack (702.3)",
    "Lifelink": "damage it deals also makes its controller gain that much life (702.15)",
    "Deathtouch": "any damage it deals to a creature is lethal (702.2)",
    "Menace": "can't be blocked except by two or more creatures (702.111)",
    "Read ahead": "a Saga that enters at the chapter its controller chooses; lower chapters don't trigger (702.155)",
}

#: The events the MTG rules perform through the host's replacement machinery
#: (rulestack.replacement), so that replacement and prevention abilities can change them (614, 615).
REPLACEABLE_EVENTS = {
    "create_tokens": {"player": "who creates them", "code": "the token's card code", "n": "how many"},
    "damage": {"source": "the source's card id", "n": "how much", "combat": "whether it is combat damage",
               "target": "\"player\" or \"creature\"", "player": "the player dealt damage, or the creature's controller",
               "card": "the creature dealt damage (nil for a player)"},
    "draw": {"player": "who would draw", "n": "1 (each card drawn is one event)",
             "cause": "\"rule\" for the draw step's draw and opening hands, else \"effect\""},
    "life_gain": {"player": "who would gain life", "n": "how much", "cause": "why (effect, battle for lifelink)",
                  "lose": "set it to make the gain a loss instead"},
    "life_loss": {"player": "who would lose life", "n": "how much", "cause": "why",
                  "damage": "whether the loss is the result of damage (120.3a)"},
}

SETTINGS_DOCS = {
    "cr": "the Comprehensive Rules edition: 2026, 2025-fin or pre-2025 (Saga rules differ)",
    "legend_rule": "whether the legend rule applies (704.5j)",
}

ZONE_DOCS = {
    "library": "the player's deck, face down (401)",
    "hand": "cards the player holds (402)",
    "battlefield": "permanents in play (403)",
    "graveyard": "discarded, destroyed and resolved cards (404)",
    "exile": "cards removed from the game (406)",
    "stack": "spells and abilities waiting to resolve, shared (405)",
    "nowhere": "no zone: tokens before they enter and after they cease to exist (111.7, 704.5d)",
}
