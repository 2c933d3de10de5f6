"""The reference data of the Digimon Card Game system: its events, turn structure, windows, player
values, keywords and areas, each in one line with the rule of the Comprehensive Rules Manual
(Ver.4.2) it follows (read by ``rulestack describe digimon`` and ``rulestack check``).

Every event kind here is one this plugin records (``game.record``, or a move's ``kind=``); the
host's own kinds are redeclared only when the plugin gives them extra fields (``revealed``).
"""
from __future__ import annotations

from rulestack.system import EventKind, Phase

_MOVE = {"card": "the card's id", "code": "its card number", "from": "the area it left", "from_player": "whose area",
         "to": "the area it entered", "to_player": "whose area", "visible": "who saw it"}
_STACK = {**_MOVE, "digimon": "the Digimon whose stack it is in (or was in)"}

EVENT_KINDS = {
    # -- preparation and the turn (5-2, 6) --
    "first_player_decided": EventKind("the winner of rock-paper-scissors goes first (5-2-1-3)",
                                      {"key": "first_player", "value": "the player", "old": "nil"}),
    "redraw": EventKind("a player shuffled their opening hand back and drew 5 again (5-2-1-5)"),
    "set_as_security": EventKind("a card from the deck was placed face down in security (5-2-1-6)", _MOVE),
    "turn_started": EventKind("the start of the turn: [Start of Your Turn] effects (6-2-1)",
                              {"turn": "the turn number"}),
    "drew": EventKind("a player drew a card (6-3, <Draw> 16-8)", _MOVE),
    "could_not_draw": EventKind("a player had to draw with an empty deck: they lose (1-2-3-2)"),
    "end_of_turn": EventKind("the end of the turn: its timing's effects resolve (6-6)", {"turn": "the turn number"}),
    "end_of_turn_postponed": EventKind("the memory came back to 0 or more on the turn player's side: the main "
                                       "phase goes on (6-6-4)", {"memory": "the turn player's memory"}),
    "memory": EventKind("the memory marker moved on the shared gauge (1-4-2, 4-1, 4-2, 6-5-1-7)",
                        {"why": "paid, gained, lost, passed or set", "before": "the memory before, read from "
                         "the player's side", "after": "the memory after, read from the player's side",
                         "gauge": "the gauge after, read from player 0's side (negative: player 1's side)"}),
    # -- breeding area (6-4, 4-17, 4-18) --
    "hatched": EventKind("a Digi-Egg was hatched into the breeding area (4-18)", _MOVE),
    "moved_out": EventKind("a Digimon moved from the breeding area to the battle area (4-17)", _MOVE),
    # -- playing, digivolving, using (7, 8, 9) --
    "revealed": EventKind("a card was revealed to every player (7-1-3, 8-1-3, 9-1-9-1)",
                          {"cards": "their ids", "codes": "their card numbers", "why": "play, digivolve or use",
                           "target": "the Digimon to digivolve, when digivolving"}),
    "would_be_played": EventKind("a card is about to be played: 'when ... would be played' effects (7-1-2-2)",
                                 {"card": "the card", "code": "its card number", "visible": "who saw it"}),
    "played": EventKind("a Digimon or Tamer was played onto the field: [On Play] effects (7-1-3)", _MOVE),
    "placed": EventKind("an effect placed a card in the battle area without playing it", _MOVE),
    "would_digivolve": EventKind("a Digimon is about to digivolve: 'when ... would digivolve' effects (8-1-3)",
                                 {"card": "the card digivolving onto it", "code": "its card number",
                                  "target": "the Digimon digivolving", "visible": "who saw it"}),
    "stacked": EventKind("the digivolving card was placed on top of the Digimon (8-1-3-3)", _MOVE),
    "placed_under": EventKind("a card went under a Digimon as a digivolution card (4-3-2)", _STACK),
    "digivolved": EventKind("a Digimon digivolved: [When Digivolving] effects (8-1)",
                            {"card": "the new top card", "code": "its card number", "onto": "the card it was "
                             "placed on", "onto_code": "that card's number", "zone": "the area of the Digimon",
                             "level": "the new level"}),
    "would_be_used": EventKind("an Option is about to be used: 'when ... would be used' effects (9-1-6)",
                               {"card": "the Option", "code": "its card number", "visible": "who saw it"}),
    "used": EventKind("an Option was used: it is in no area while its [Main] effect is processed (9-1-4)", _MOVE),
    "trashed_after_use": EventKind("a used Option was trashed after its effect (9-1-5)", _MOVE),
    # -- attacks, blocks, security checks, battles (11-14) --
    "attack_declared": EventKind("a Digimon was suspended to attack (11-2)",
                                 {"card": "the attacker", "code": "its card number",
                                  "target": "the Digimon attacked, or nil for the player",
                                  "defender": "the player attacked"}),
    "blocked": EventKind("a <Blocker> was suspended and became the attack's target (12-1)",
                         {"card": "the attacker", "blocker": "the blocker", "code": "the blocker's card number"}),
    "attack_failed": EventKind("the attack did not succeed (11-5-1-2-1, 11-5-1-4)",
                               {"card": "the attacker", "why": "why, in words, when given"}),
    "attack_succeeded": EventKind("an attack on a player with no security succeeded: they lose (11-5-1-2, 1-2-3-1)",
                                  {"card": "the attacker", "defender": "the player", "security": "their security"}),
    "security_checked": EventKind("the top security card was flipped face up and checked: it is in no area (13-1-6)",
                                  {**_MOVE, "checker": "the checking Digimon",
                                   "piercing": "true when checked through <Piercing> (16-7)"}),
    "security_battle": EventKind("a checked Digimon card battled the checker as a Security Digimon "
                                 "(13-1-7, 14-2-3)",
                                 {"card": "the checking Digimon", "security": "the security Digimon",
                                  "dp": "the checker's DP", "security_dp": "the security Digimon's DP",
                                  "checker_lost": "whether the checker is deleted",
                                  "security_lost": "whether the security Digimon lost"}),
    "trashed_after_check": EventKind("a checked security card was trashed, as no effect placed it somewhere "
                                     "(13-1-8-4)", _MOVE),
    "recovered": EventKind("the top card of the deck was placed on top of security (<Recovery> 16-6)", _MOVE),
    "battled": EventKind("two Digimon battled: the lower DP loses, both on a tie (14-1, 14-2)",
                         {"card": "one Digimon", "other": "the other", "dp": "the first one's DP",
                          "other_dp": "the other's DP", "losers": "the Digimon deleted"}),
    "attack_ended": EventKind("the attack ended once all its processing was resolved (11-6)", {"card": "the attacker"}),
    # -- deletion and leaving the field (4-7, 4-15, 17) --
    "would_be_deleted": EventKind("a Digimon is about to be deleted: 'when ... would be deleted' effects (15-8-5)",
                                  {"card": "the Digimon", "code": "its card number"}),
    "deletion_prevented": EventKind("a deletion did not happen (an immediate effect, <Jamming> 16-9)",
                                    {"card": "the Digimon", "why": "why, in words"}),
    "deleted": EventKind("a Digimon was deleted: its stack goes to the trash (4-15)",
                         {"card": "the Digimon", "code": "its card number", "controller": "its controller",
                          "battled_with": "the Digimon it battled, when deleted in battle",
                          "code_of_other": "that Digimon's card number",
                          "security_battle": "true when deleted in a security battle",
                          "alone": "true when only this Digimon was deleted in the battle (<Retaliation> 16-13)"}),
    "zero_dp": EventKind("rule check: a Digimon with 0 DP is deleted (17-1-3-1-1)", {"card": "the Digimon"}),
    "rule_trash": EventKind("rule check: a card that cannot stay in its area is trashed (17-1-3-2-1 to -3)",
                            {"card": "the card", "why": "why, in words"}),
    "trashed": EventKind("a card was trashed (by an effect or a rule check)", _MOVE),
    "trashed_with_stack": EventKind("a digivolution card was trashed with the Digimon it was under (4-7-8)", _MOVE),
    "trashed_from_stack": EventKind("a digivolution card was trashed from under a Digimon (<Digisorption> 16-10, "
                                    "effects)", _STACK),
    "returned_to_hand": EventKind("a Digimon returned to its owner's hand; its stack is trashed (4-7-8)", _MOVE),
    # -- pending effects (15-4) --
    "effect_lapsed": EventKind("a pending effect no longer applies and is not activated (15-4)",
                               {"card": "the card", "ability": "the ability's index", "why": "why, in words"}),
}

PHASES = (
    Phase("unsuspend", "[Start of Your Turn] effects, then the turn player's cards unsuspend (6-2)"),
    Phase("draw", "the turn player draws 1 card (not the first player in their first turn) (6-3)"),
    Phase("breeding", "hatch a Digi-Egg, move a Digimon out of the breeding area, or do nothing (6-4)"),
    Phase("main", "play, digivolve, use Options, attack, [Main] effects, or pass (6-5)",
          {"attack_declaration": "suspend the attacker and choose its target (11-2)",
           "counter": "the counter timing (11-3)",
           "block": "the block timing: the defender may block with a <Blocker> (11-4, 12)",
           "confirming": "confirming whether the attack succeeds: a battle or security checks (11-5)",
           "end_of_attack": "the end of the attack (11-6)"}),
    Phase("end", "the end of the turn: its effects resolve, then the turn passes (6-6)"),
)

WINDOWS = {
    "breeding": "the turn player's breeding phase: hatch, move out, or do nothing (6-4)",
    "main": "the turn player's main phase: play, digivolve, use, attack, activate [Main], or pass (6-5-1)",
    "block": "the defending player's block timing: block with a <Blocker> or not (12-1)",
}

PLAYER_VALUES = {
    "memory": "the memory read from the player's side: positive on their side, negative on the opponent's (1-4-2)",
}

KEYWORDS = {
    "Blocker": "<Blocker>: may be suspended in the block timing to become the attack's target (12-1)",
    "Rush": "<Rush>: may attack the turn it is played (7-1-2-1, 16-15)",
    "Piercing": "<Piercing>: when it deletes a Digimon in battle, it checks security too (16-7)",
    "Jamming": "<Jamming>: not deleted in battle with a Digimon in security (16-9)",
    "Reboot": "<Reboot>: unsuspends in the opponent's unsuspend phase (16-11)",
    "Retaliation": "<Retaliation>: deleted alone in battle, it deletes the Digimon it battled (16-13)",
    "Security Attack +N": "<Security Attack +N/-N>: checks N more (or fewer) security cards (16-4)",
    "Digisorption -N": "<Digisorption -N>: trash a digivolution card to reduce a digivolve cost by N (16-10)",
    "<timing>: Draw N": "<Draw N> as the processing of a timing's effect (\"On Play: Draw 1\") (16-8)",
    "<timing>: Recovery +N (Deck)": "<Recovery +N (Deck)>: the top N deck cards go on top of security (16-6)",
    "Security: play this card": "[Security] play this card without paying its cost (15-16-10)",
    "Security: activate this card's [Main] effect": "[Security] activate this card's [Main] effect (15-15-7)",
}

ZONE_DOCS = {
    "deck": "the deck, face down; the end of the list is the top (3-2)",
    "digi_egg_deck": "the Digi-Egg deck, face down (3-3)",
    "hand": "the hand, secret to the opponent (3-5)",
    "security": "security, face down; the end of the list is the top (3-7)",
    "breeding_area": "the breeding area: at most 1 card (3-4-7)",
    "battle_area": "the battle area, where Digimon and Tamers stand (3-4-6)",
    "digivolution_cards": "the cards under each Digimon, bottom first (4-3-2)",
    "trash": "the trash, open (3-6)",
    "no_area": "an Option being used or a security card being checked (9-1-4, 13-1-6)",
}
