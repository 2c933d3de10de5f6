"""The reference data of the One Piece Card Game system: its events, turn structure, windows,
player values, keywords, settings and areas, each in one line (read by ``rulestack describe
onepiece`` and ``rulestack check``)."""
from __future__ import annotations

from rulestack.system import EventKind, Phase

_MOVE = {"card": "the card's id", "code": "its code", "from": "the area it left", "from_player": "whose area",
         "to": "the area it entered", "to_player": "whose area", "visible": "who saw it"}

EVENT_KINDS = {
    "moved": EventKind("a card changed area",
                       {**_MOVE, "ko": "true when it was K.O.'d", "counter": "the Counter value it gave, when used "
                        "from the hand (7-1-3)", "revealed": "true when it was revealed as it moved"}),
    "first_player_decided": EventKind("who goes first was decided (5-2-1-4)",
                                      {"key": "first_player", "value": "the player", "old": "nil"}),
    "mulligan": EventKind("a player redrew their opening hand (5-2-1-6)"),
    "drew": EventKind("a player drew a card (4-5)", _MOVE),
    "played": EventKind("a Character or Stage was played (a move to the field)", _MOVE),
    "placed": EventKind("a card was placed somewhere by an effect (a move)", _MOVE),
    "don_given": EventKind("a DON!! card was given to a Leader or Character (6-5-5)",
                           {**_MOVE, "to_card": "the card it was given to"}),
    "attack_declared": EventKind("an attack was declared (7-1-1)", {"card": "the attacker", "target": "the target"}),
    "blocked": EventKind("a [Blocker] became the new target (7-1-2)", {"card": "the blocker",
                                                                       "attacker": "the attacker"}),
    "battle_result": EventKind("powers were compared in the Damage Step (7-1-4)",
                               {"card": "the attacker", "target": "the target", "attacker_power": "its power",
                                "target_power": "the target's power", "won": "whether the attacker won"}),
    "battle_ended": EventKind("the battle ended (7-1-5)", {"card": "the attacker", "target": "the target"}),
    "damage": EventKind("a Leader took damage: a Life card goes to the hand (7-1-4-1)",
                        {"life_before": "Life cards before"}),
    "ko": EventKind("a Character was K.O.'d (10-2-1)", {"card": "the card", "code": "its code"}),
    "ko_prevented": EventKind("a K.O. was prevented by an effect", {"card": "the card"}),
    "looked_at": EventKind("a player looked at cards (a search)", {"cards": "their ids"}),
    "effect_lapsed": EventKind("a pending effect no longer applies and is not activated (8-1-3-1-3, 8-4-5)",
                               {"card": "the card", "ability": "the ability's index", "rule": "the rule",
                                "why": "why, in words"}),
    "prohibited": EventKind("a permanent effect stopped an effect from making a player act (1-3-3)",
                            {"action": "what the player may not do (trash_from_hand ...)"}),
}

PHASES = (
    Phase("refresh", "effects that last until your next turn end; DON!! return; your cards become active (6-2)"),
    Phase("draw", "the turn player draws 1 card (not the first player on their first turn) (6-3)"),
    Phase("don", "2 DON!! cards go to the cost area (1 for the first player's first turn) (6-4)"),
    Phase("main", "play cards, activate [Main] effects, give DON!!, battle (6-5)",
          {"attack": "the Attack Step (7-1-1)", "block": "the Block Step (7-1-2)",
           "counter": "the Counter Step (7-1-3)", "damage": "the Damage Step (7-1-4)",
           "end_of_battle": "the End of Battle Step (7-1-5)"}),
    Phase("end", "[End of Your Turn] effects; \"this turn\" effects end (6-6)"),
)

WINDOWS = {
    "main": "the turn player's Main Phase: play, activate, give DON!!, attack or end the turn",
    "block": "the defending player may activate a [Blocker] (7-1-2)",
    "counter": "the defending player may use Counter cards and [Counter] Events (7-1-3)",
}

PLAYER_VALUES = {"leader_hit_at_zero": "true once the player's Leader took damage with 0 Life (they lose, 9-2-1-1)"}

KEYWORDS = {
    "Blocker": "may become the attack's target in the Block Step (10-1-4)",
    "Rush": "may attack the turn it is played (10-1-1)",
    "Double Attack": "deals 2 damage to a Leader (10-1-2)",
    "Banish": "a Life card it takes is trashed instead of added to the hand (10-1-3)",
    "Trigger: play this card": "[Trigger] play this card when it is revealed from Life",
    "Trigger: activate this card's [Main] effect": "[Trigger] use this card's [Main] text when revealed from Life",
}

SETTINGS_DOCS = {"simultaneous_defeat": "when every player loses at once: all_lose (9-2-1) or draw"}

ZONE_DOCS = {
    "deck": "the deck, secret; the end of the list is the top (3-2)",
    "hand": "the hand, secret to the opponent (3-4)",
    "leader": "the Leader area (3-6)",
    "character": "the Character area: at most 5 Characters (3-7)",
    "stage": "the Stage area: at most 1 Stage (3-8)",
    "cost": "the cost area: DON!! cards, active or rested (3-9)",
    "don_deck": "the DON!! deck, open (3-3)",
    "given": "DON!! cards given to a Leader or Character",
    "trash": "the trash, open (3-5)",
    "life": "the Life area, secret; the end of the list is the top (3-10)",
    "no_area": "a [Trigger] card being activated, in no area (10-1-5-3)",
}
