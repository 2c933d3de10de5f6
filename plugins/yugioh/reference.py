"""The reference data of the Yu-Gi-Oh! system: its events, turn structure, windows, player values,
keywords and zones, each in one line (read by ``rulestack describe yugioh`` and ``rulestack check``)."""
from __future__ import annotations

from rulestack.system import EventKind, Phase

_CARD = {"card": "the card's id"}

_MOVE = {"card": "the card's id", "code": "its code", "from": "the zone it left", "from_player": "whose zone",
         "to": "the zone it entered", "to_player": "whose zone", "visible": "who saw it"}

EVENT_KINDS = {
    "moved": EventKind("a card changed zone",
                       {**_MOVE, "how": "in the game's words: destroyed, tributed, discarded, banished, synchro_material, "
                               "link_material, fusion_material, attached (an Xyz Material), detached ...",
                        "under": "the Xyz Monster a material was attached to",
                        "was_face_up": "whether it was face-up before", "was_position": "its battle position before",
                        "equipped_to": "the monster it was equipped to"}),
    "coin_toss": EventKind("the coin toss was won (its winner, the event's player, chose who goes first)",
                           {"goes_first": "the player who goes first"}),
    "damage_timing": EventKind("a timing of the Damage Step began",
                               {"timing": "start, before_calculation, after_calculation or end"}),
    "summoned": EventKind("a monster was Summoned (Normal, Tribute, Flip or Special)",
                          {"card": "the monster", "how": "normal, tribute, flip, special, or the kind of Special "
                           "Summon: synchro, xyz, link, fusion, ritual", "position": "its battle position"}),
    "materials_used": EventKind("materials were used for a Synchro, Xyz, Link, Fusion or Ritual Summon",
                                {"card": "the monster Summoned", "how": "synchro, xyz, link, fusion or ritual",
                                 "materials": "the ids of the materials (Tributes for a Ritual Summon)"}),
    "monster_set": EventKind("a monster was Set face-down in Defense Position", _CARD),
    "flipped": EventKind("a face-down card was turned face-up",
                         {"card": "the card", "code": "its code", "zone": "where it is"}),
    "position_changed": EventKind("a monster's battle position was changed",
                                  {"card": "the monster", "position": "the new position"}),
    "summon_negated": EventKind("a Summon was negated", _CARD),
    "card_revealed": EventKind("a card activated from the hand was shown", {"card": "the card", "code": "its code"}),
    "chain_link": EventKind("an activation became a Chain Link",
                            {"card": "the card", "item": "the item", "link": "its Chain Link number",
                             "speed": "its Spell Speed"}),
    "chain_resolved": EventKind("a Chain finished resolving"),
    "missed_timing": EventKind("an optional \"When ... you can\" effect missed its timing",
                               {"card": "the card", "ability": "the ability's index"}),
    "attack_declared": EventKind("an attack was declared", {"card": "the attacker", "target": "the monster, or nil "
                                                                                            "for a direct attack"}),
    "attack_negated": EventKind("an attack was negated", {"card": "the attacker"}),
    "damage_calculation": EventKind("damage calculation began",
                                    {"card": "the attacker", "target": "the attack target", "atk": "the attacker's "
                                     "ATK", "against": "the value it meets", "defending": "whether the target is in "
                                     "Defense Position", "face_down": "whether the target was face-down"}),
    "damage_calculated": EventKind("damage calculation ended",
                                   {"card": "the attacker", "target": "the attack target",
                                    "face_down": "whether the target was face-down"}),
    "damaged": EventKind("a player took damage (battle or effect)",
                         {"delta": "the change", "life": "the new LP", "by": "the player responsible"}),
    "lp_paid": EventKind("a player paid LP as a cost", {"delta": "the change", "life": "the new LP", "by": "who"}),
    "lp_gained": EventKind("a player gained LP", {"delta": "the change", "life": "the new LP", "by": "who"}),
    "equipped": EventKind("an Equip Card was equipped to a monster", {"card": "the Equip Card", "to": "the monster"}),
    "maintenance_paid": EventKind("a card's Standby Phase maintenance cost was paid", _CARD),
    "deck_out": EventKind("a player had to draw from an empty Deck",
                          {"key": "drew_from_empty_deck", "value": "true", "old": "the old value"}),
    "turn_flag": EventKind("an effect set a flag for the rest of the turn",
                           {"key": "turn_flags", "value": "the flags", "old": "the old flags"}),
}

PHASES = (
    Phase("draw", "the turn player draws 1 card (not on the first turn of the Duel)"),
    Phase("standby", "maintenance costs and \"during the Standby Phase\" effects"),
    Phase("main1", "Main Phase 1: Summons, Sets, Spells and Ignition Effects"),
    Phase("battle", "the Battle Phase (not on the first turn of the Duel)",
          {"start": "the Start Step", "battle": "the Battle Step: declare an attack",
           "damage": "the Damage Step: damage calculation", "end": "the End Step"}),
    Phase("main2", "Main Phase 2 (only after a Battle Phase)"),
    Phase("end", "\"during the End Phase\" effects, the hand limit of 6, \"this turn\" effects end"),
)

WINDOWS = {
    "main": "the turn player's open game state in a Main Phase: Summon, Set, activate, move on",
    "battle": "the turn player's Battle Step: declare an attack, move on or end the turn",
    "open": "a response window with no Chain: Quick Effects and Traps of Spell Speed 2 or more",
    "chain": "a response window on a Chain: Spell Speed of the last Chain Link or higher",
    "summon": "the window right after a Summon (Normal, Tribute, Flip, or an inherent Synchro/Xyz/Link Summon): "
              "only effects that negate Summons",
}

PLAYER_VALUES = {
    "normal_summon_turn": "the turn in which the player last Normal Summoned or Set a monster",
    "no_normal_summon_turn": "a turn in which the player may not Normal Summon (an effect said so)",
    "names_used": "card names whose \"once per turn\" effects the player used this turn",
    "turn_flags": "flags effects set for the rest of the turn",
    "drew_from_empty_deck": "true once the player had to draw from an empty Deck (they lose)",
}

KEYWORDS = {"Cannot Attack": "this monster cannot declare an attack"}

ZONE_DOCS = {
    "deck": "the Main Deck, face down",
    "extra": "the Extra Deck (Fusion, Synchro, Xyz and Link Monsters), private",
    "hand": "the hand, private",
    "monster": "the Main Monster Zones",
    "spell_trap": "the Spell & Trap Zones",
    "graveyard": "the GY, public",
    "banished": "banished cards",
    "overlay": "Xyz Materials, each attached to (attached_to) an Xyz Monster on the field; not the GY",
}
