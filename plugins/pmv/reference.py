"""The reference data of the Phantom Magic Vision (幻想ビジョン) system: its events, turn
structure, window, player values, keywords, settings and areas, each in one line with the rule it
follows — CR numbers (``9.2.3``) and the codes of the rules summary (``S3``, ``T7``, ``B2``, ``G1``)
— read by ``rulestack describe pmv`` and ``rulestack check``.

Every event kind here is one this plugin records (``game.record``, a move's or a life change's
``kind=``); the host's own kinds are used as they are.
"""
from __future__ import annotations

from rulestack.system import EventKind, Phase

_MOVE = {"card": "the card's id", "code": "its code", "from": "the area it left", "from_player": "whose area",
         "to": "the area it entered", "to_player": "whose area", "visible": "who saw it"}
_LIFE = {"delta": "the change", "life": "the new life", "by": "the player responsible"}
_REMOVAL = {"card": "the character", "rule": "the rule that made it so", "by_battle": "true when caused by battle "
            "damage (1.10.12.f)"}

EVENT_KINDS = {
    # -- setup and the turn (S3-S6, 4.2, T1-T9) --
    "first_player_decided": EventKind("the winner of rock-paper-scissors chose who goes first (S4)",
                                      {"key": "first_player", "value": "the player", "old": "nil"}),
    "turn_start": EventKind("the turn starts: turn-start auto effects (T1)"),
    "phase_ended": EventKind("a phase ended after every player passed with nothing to resolve (T2)",
                             {"phase": "the phase", "hand": "the turn player's hand size (Discard Phase only)"}),
    "nodes_woke": EventKind("the turn player's nodes became active (N13, setting nodes_wake)",
                            {"count": "how many nodes they have"}),
    "maintenance_paid": EventKind("a maintenance cost (維持コスト) was paid by putting nodes to sleep (T7)",
                                  {"card": "the card maintained", "amount": "the nodes put to sleep"}),
    "drew": EventKind("a player drew a card (T6, S5)", _MOVE),
    "could_not_draw": EventKind("a player had to draw from an empty deck: they lose (W1)"),
    "damage_reset": EventKind("turn end: the damage on every character is reset (T4 step 1)",
                              {"after": "each character and its damage afterwards"}),
    "end_of_turn": EventKind("turn end: \"at end of turn\" effects (自動γ) resolve (T4 step 3)"),
    # -- nodes (5.2.1, G1-G4) --
    "node_set": EventKind("a card from hand was set face down as a node, not a play (5.2.1.a)", _MOVE),
    "graze": EventKind("a player grazed after battle damage: deck cards become sleeping nodes (G1-G4)",
                       {"count": "how many cards"}),
    "grazed": EventKind("a card from the deck became a sleeping node by grazing (G1-G4)", _MOVE),
    # -- playing and the interference stack (C9, 1.12) --
    "played": EventKind("a card was played: it waits face up in the play area (C9 step 3)", _MOVE),
    "interference": EventKind("a play or activated effect joined the interference stack (1.12)",
                              {"item": "the item", "card": "its card", "depth": "items on the stack (1: it "
                               "begins the interference)", "kind_of": "the ability's kind"}),
    "interference_resolves": EventKind("every player passed: the interference resolves, last first (1.12.8.a)",
                                       {"count": "the items to resolve"}),
    "play_negated": EventKind("the play of a card was negated: it does not enter the field (2.12)",
                              {"card": "the card", "item": "its item"}),
    "entered_field": EventKind("a character (asleep unless played with 速攻, 10.2.2.a) or a world charm (active, C7) "
                               "entered the field",
                               {**_MOVE, "played": "true when it entered by resolving its play"}),
    "equipped": EventKind("a 【装備】 was set on its 目標 character (C7, 6.1.10.c)",
                          {"card": "the 【装備】", "target": "the character"}),
    "to_netherworld": EventKind("a resolved spell or command went to 冥界", _MOVE),
    "step_failed": EventKind("a step of an effect could not be applied: the rest of it does not apply (12.2)",
                             {"why": "why, in words"}),
    # -- attacks and battle (B1-B5) --
    "attack_declared": EventKind("a character was put to sleep to attack the opposing player (B1)",
                                 {"card": "the attacker"}),
    "defence_declared": EventKind("the attacked player defended with an active character (B2)",
                                  {"card": "the defender", "attacker": "the attacker"}),
    "battle_cancelled": EventKind("the battle did not happen: the attacker left the field (1.12.8.b)",
                                  {"why": "why, in words"}),
    "battle": EventKind("the battle after the attack's interference resolved (1.12.8.b, B3, B4)",
                        {"attacker": "the attacker", "defender": "the defender, or nil when undefended"}),
    "battle_damage": EventKind("an undefended attack dealt battle damage to a player's life (B4)", _LIFE),
    # -- life, damage and removal (9) --
    "effect_damage": EventKind("an effect dealt damage to a player's life", _LIFE),
    "life_gained": EventKind("a player gained life by an effect", _LIFE),
    "damage": EventKind("a character took damage; it accumulates until turn end (B5)",
                        {"card": "the character", "amount": "the damage dealt", "total": "its damage in all"}),
    "near_death": EventKind("a character became near-death (決死状態) (9.2.2)", _REMOVAL),
    "near_death_step": EventKind("one step of near-death; auto effects listen for it (9.2.3.a-d)",
                                 {**_REMOVAL, "controller": "the character's controller",
                                  "step": "making, would, made or became (9.2.3.a-d)"}),
    "near_death_negated": EventKind("a near-death was negated: its damage is reset (9.2.4)",
                                    {"card": "the character"}),
    "near_death_not_negated": EventKind("a near-death cannot be negated: durability 0 or less (9.2.5)",
                                        {"card": "the character", "rule": "9.2.5"}),
    "marked_discard": EventKind("a card was put in the discard (破棄) removal state (9.1.2)", _REMOVAL),
    "marked_exclusion": EventKind("a card was put in the exclusion (除外) removal state (9.1.2)", _REMOVAL),
    "discarded": EventKind("a card was discarded (破棄) to 冥界 (9.1, H1)",
                           {**_MOVE, "near_death": "true when near-death led to it (9.2.3.e)",
                            "by_battle": "true when caused by battle damage", "why": "hand limit, for H1"}),
    "excluded": EventKind("a card was excluded (除外) to the removed area (9.1)", _MOVE),
    # -- decks (3.2.5) --
    "looked_at_deck": EventKind("a player looked at the top cards of a deck, or all of it",
                                {"owner": "whose deck", "count": "how many cards", "whole": "whether it was all "
                                 "of the deck (3.2.5)"}),
    "deck_reordered": EventKind("a card was put back on top of the deck by an effect", _MOVE),
    "deck_shuffled_3_2_5": EventKind("a deck seen whole by an effect was shuffled (3.2.5)",
                                     {"when": "at the end of that effect, or before another manipulates it"}),
}

PHASES = (
    Phase("active", "the turn player's sleeping cards on the field become active (T5)"),
    Phase("maintenance", "nodes wake (N13); maintenance costs are paid or the card is discarded (T7)"),
    Phase("draw", "the turn player draws 1 card (not the first player on their first turn) (T6)"),
    Phase("main", "set a node, play cards, use activated effects, attack (T8)"),
    Phase("discard", "a turn player with more than 7 cards in hand discards down to 7 (T9, H1)"),
    Phase("turn_end", "reset damage; end \"until end of turn\" effects; \"at end of turn\" effects (T4)"),
)

WINDOWS = {
    "priority": "a player with priority: pass, set a node, play, use an effect, attack or defend (1.12, 5.2)",
}

PLAYER_VALUES = {
    "node_set_turn": "the turn the player last set a node: once per turn (5.2.1.a)",
    "character_played_turn": "the turn the player last played a character: once per turn (C2-C8)",
    "world_charm_played_turn": "the turn the player last played a 【世界呪符】: once per turn (C2-C8)",
    "deck_seen_whole": "the item whose effect saw the player's whole deck: a shuffle is due (3.2.5)",
}

SETTINGS_DOCS = {
    "nodes_wake": "when sleeping nodes become active: maintenance (the Maintenance Phase) or never (N13 [U])",
    "new_node": "whether a newly set node enters active or sleep (B2.3.10 [U])",
}

KEYWORDS = {
    "速攻": "haste: a played character enters the field active rather than asleep (10.2.2.a)",
    "奇襲": "ambush: a character played whenever you have priority, even as interference, and not once per "
           "turn only (10.3, C2-C8)",
    "先制": "first strike: deals its battle damage first (B3)",
    "決死にならない": "cannot become near-death, unless its durability is 0 or less (9.2.2, 9.2.5)",
    "目標にならない": "cannot be chosen as a 目標 (8.1.4)",
    "ダメージを受けない": "takes no damage",
}

ZONE_DOCS = {
    "deck": "the deck, face down; the end of the list is the top (3.1.1)",
    "hand": "the hand, secret to the opponent (3.1.1)",
    "field": "the field (場): characters, world charms and 【装備】 (3.1.1)",
    "nodes": "the node area, face down, not part of the field (3.1.1, N4)",
    "netherworld": "冥界, where discarded cards go, open (3.3)",
    "removed": "the removed area (除外エリア) (3.1.1)",
    "play_area": "the play area (プレイエリア), shared: a played card waits there while the stack holds it "
                 "(3.1.1)",
}
