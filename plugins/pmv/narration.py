"""Every event a PMV game records, told in the game's own words (the ``narrate_event`` hook).

A card a viewer could not see (a card set as a node, a card drawn by the other player) is "a card";
a spectator (``viewer=None``) sees only what every player saw.
Terms: 冥界 (the netherworld), node, near-death (決死), discard (破棄), exclusion (除外),
interference (干渉), graze, sleep/active.
"""
from __future__ import annotations

from typing import Any, Callable

from rulestack import Decision, Event, Game

AREA_WORDS = {"deck": "deck", "hand": "hand", "field": "field", "nodes": "node area", "netherworld": "冥界",
              "removed": "removed area", "play_area": "play area"}
STEP_WORDS = {"making": "is being made near-death (9.2.3.a)", "would": "would become near-death (9.2.3.b)",
              "made": "was made near-death (9.2.3.c)", "became": "became near-death (9.2.3.d)"}
PHASE_WORDS = {"active": "Active Phase", "maintenance": "Maintenance Phase", "draw": "Draw Phase",
               "main": "Main Phase", "discard": "Discard Phase", "turn_end": "turn end"}


class _Teller:
    def __init__(self, game: Game, ev: Any, viewer: int | None) -> None:
        self.game, self.ev, self.viewer = game, ev, viewer

    def who(self, p: Any = "event") -> str:
        p = self.ev.player if p == "event" else p
        players = self.game.state.players
        return players[p].name if isinstance(p, int) and 0 <= p < len(players) else "the rules"

    def card(self, cid: Any = None) -> str:
        cid = self.ev.get("card") if cid is None else cid
        if not isinstance(cid, int) or cid not in self.game.state.cards:
            return "a card"
        vis = self.ev.get("visible", "all")
        if vis != "all" and (self.viewer is None or self.viewer not in vis):
            return "a card"          # a spectator (None) sees only what every player saw
        return "「" + self.game.state.cards[cid].name + "」"

    def source(self) -> str:
        src = self.ev.source
        if isinstance(src, int) and src in self.game.state.cards:
            return " by " + "「" + self.game.state.cards[src].name + "」"
        return ""

    def how(self) -> str:
        return {"battle": " in battle", "effect": " by an effect", "cost": " as a cost", "rule": " by the rules",
                "action": ""}.get(self.ev.cause, "")

    def area(self, key: str) -> str:
        return AREA_WORDS.get(self.ev.get(key), str(self.ev.get(key)))

    def get(self, key: str, default: Any = None) -> Any:
        return self.ev.get(key, default)


def _status(t: _Teller) -> str:
    key, value = t.get("key"), t.get("value")
    if key == "sleep":
        return f"{t.card()} {'goes to sleep' if value else 'becomes active'}{t.how()}"
    return f"{t.card()}: {key} {'set' if value else 'cleared'}"


def _moved(t: _Teller) -> str:
    return f"{t.card()} moves from {t.area('from')} to {t.area('to')}{t.how()}{t.source()}"


def _life(verb: str) -> Callable[[_Teller], str]:
    return lambda t: f"{t.who()} {verb} {abs(t.get('delta') or 0)}{t.source()} (life {t.get('life')})"


_DURATIONS = {"until_end_of_turn": " until end of turn", "this_turn": " during the turn", "permanent": ""}


def _effect_began(t: _Teller) -> str:
    op, attr, value = t.get("op"), t.get("attr"), t.get("value")
    what = {"set": f"'s {attr} becomes {value}", "add": f" gets {value:+d} {attr}" if isinstance(value, int) else " changes",
            "swap": "'s attack and durability are swapped", "negate": "'s text is negated"
            + (", 【】 included" if value == "all" else ""),
            "negate_auto": "'s auto effects are negated" + (", 【】 included" if value == "all" else ""),
            "gained": f" gains an effect ({attr})"}.get(op, f": {op} {attr}")
    targets = ", ".join(t.card(c) for c in t.get("targets") or []) or "cards"
    return f"{t.card(t.ev.source)}: {targets}{what}{_DURATIONS.get(t.get('duration'), '')}"


_AUTO_WORDS = {"auto_alpha": "自動α", "auto_beta": "自動β", "auto_gamma": "自動γ"}


def _activated(t: _Teller) -> str:
    kind = t.get("kind_of")
    if kind == "play":
        return f"{t.who()} pays for {t.card()}"
    if kind in _AUTO_WORDS:
        return f"{t.card()}'s ({_AUTO_WORDS[kind]}) effect applies ({_label(t)})"
    return f"{t.who()} uses {t.card()}'s effect ({_label(t)})"


def _label(t: _Teller) -> str:
    card = t.game.state.cards.get(t.get("card"))
    index = t.get("ability")
    if card is None or not isinstance(index, int) or index >= len(card.definition.abilities):
        return "?"
    return card.definition.abilities[index].label


def _discarded(t: _Teller) -> str:
    why = " (hand limit)" if t.get("why") == "hand limit" else (" after near-death" if t.get("near_death") else "")
    return f"{t.card()} is discarded (破棄) to 冥界{why}{t.how()}{t.source()}"


TELLERS: dict[str, Callable[[_Teller], str]] = {
    "turn_began": lambda t: f"=== turn {t.get('turn')}: {t.who()} ===",
    "turn_start": lambda t: f"{t.who()}'s turn starts",
    "first_player_decided": lambda t: f"{t.who(t.get('value'))} goes first",
    "phase": lambda t: f"-- {t.who()}'s {PHASE_WORDS.get(t.get('phase'), t.get('phase'))} --",
    "phase_ended": lambda t: f"{PHASE_WORDS.get(t.get('phase'), t.get('phase'))} ends",
    "nodes_woke": lambda t: f"{t.who()} has no sleeping node to wake" if not t.get("count") else (
        f"{t.who()}'s node becomes active" if t.get("count") == 1 else f"{t.who()}'s {t.get('count')} nodes become active"),
    "maintenance_paid": lambda t: f"{t.who()} pays {t.get('amount')} node(s) to maintain {t.card()}",
    "drew": lambda t: f"{t.who()} draws {t.card()}",
    "could_not_draw": lambda t: f"{t.who()} must draw but the deck is empty",
    "node_set": lambda t: f"{t.who()} sets {t.card()} as a node",
    "played": lambda t: f"{t.who()} plays {t.card()} (it waits in the play area)",
    "interference": lambda t: (f"{t.card()} {'begins an interference' if t.get('depth') == 1 else 'interferes'}"
                               f" (interference stack: {t.get('depth')})"),
    "interference_resolves": lambda t: ("Everyone passes: the interference resolves" if t.get("count") == 1
                                        else f"Everyone passes: the interference's {t.get('count')} plays resolve, last first"),
    "activated": lambda t: _activated(t),
    "targeted": lambda t: f"{t.who()} chooses the 目標 of {t.card(t.ev.source)}",
    "resolving": lambda t: f"{t.card()} resolves",
    "resolution_stopped": lambda t: f"the rest of {t.card(t.ev.source)}'s text does not apply (12.2)",
    "step_failed": lambda t: f"a step of {t.card(t.ev.source)} cannot be applied: {t.get('why')}",
    "resolution_skipped": lambda t: f"{t.card(t.ev.source)} does not resolve: {t.get('why')}",
    "play_negated": lambda t: f"the play of {t.card()} is negated",
    "effect_negated": lambda t: f"the effect of {t.card()} is negated",
    "effect_negation_applied": lambda t: f"{t.card(t.ev.source)} negates the effect of {t.card()}",
    "entered_field": lambda t: f"{t.card()} enters {t.who(t.get('to_player'))}'s field{'' if t.get('played') else t.source()}",
    "to_netherworld": lambda t: f"{t.card()} goes to 冥界",
    "equipped": lambda t: f"{t.card()} is set on {t.card(t.get('target'))} (【装備】)",
    "status": _status,
    "attack_declared": lambda t: f"{t.who()} attacks with {t.card()}",
    "defence_declared": lambda t: f"{t.who()} defends with {t.card()}",
    "battle": lambda t: (f"{t.card(t.get('attacker'))} battles {t.card(t.get('defender'))}"
                         if t.get("defender") else f"{t.card(t.get('attacker'))}'s attack is not defended"),
    "battle_cancelled": lambda t: f"no battle: {t.get('why')}",
    "battle_damage": _life("takes battle damage"),
    "effect_damage": _life("takes damage"),
    "life_gained": _life("gains life"),
    "life_changed": lambda t: f"{t.who()}'s life is {t.get('life')}",
    "graze": lambda t: f"{t.who()} grazes: {t.get('count')} card(s) from the deck become sleeping nodes",
    "grazed": lambda t: f"{t.card()} becomes a sleeping node (graze)",
    "damage": lambda t: f"{t.card()} takes {t.get('amount')} damage{t.how()}{t.source()} ({t.get('total')} in all)",
    "near_death": lambda t: f"{t.card()} becomes near-death (決死){t.how()}{t.source()} [{t.get('rule')}]",
    "near_death_step": lambda t: f"{t.card()} {STEP_WORDS.get(t.get('step'), t.get('step'))}",
    "near_death_negated": lambda t: f"the near-death of {t.card()} is negated{t.source()}; its damage is reset (9.2.4)",
    "near_death_not_negated": lambda t: f"the near-death of {t.card()} cannot be negated: durability 0 or less (9.2.5)",
    "marked_discard": lambda t: f"{t.card()} is to be discarded (破棄){t.source()}",
    "marked_exclusion": lambda t: f"{t.card()} is to be excluded (除外){t.source()}",
    "discarded": _discarded,
    "excluded": lambda t: f"{t.card()} is excluded (除外){t.source()}",
    "effect_began": lambda t: _effect_began(t),
    "effect_ended": lambda t: "a continuous effect ends",
    "damage_reset": lambda t: "The damage on every character is reset (turn end)",
    "end_of_turn": lambda t: "\"At end of turn\" effects apply (turn end)",
    "shuffled": lambda t: f"{t.who()}'s {AREA_WORDS.get(t.get('zone'), t.get('zone'))} is shuffled",
    "deck_shuffled_3_2_5": lambda t: f"{t.who()}'s deck was seen whole, so it is shuffled {t.get('when')} (3.2.5)",
    "looked_at_deck": lambda t: (f"{t.who()} looks at {'the whole' if t.get('whole') else 'the top ' + str(t.get('count')) + ' card(s) of the'}"
                                 f" deck of {t.who(t.get('owner'))}{t.source()}"),
    "deck_reordered": lambda t: f"{t.card()} is put back on top of the deck",
    "moved": _moved,
    "revealed": lambda t: f"{t.who()} reveals {', '.join(t.card(c) for c in t.get('cards') or [])}",
    "game_over": lambda t: ("game over: " + (", ".join(t.who(w) for w in t.get("winners") or []) + " wins"
                                             if t.get("winners") else "a draw") + f" ({t.get('reason')})"),
    "script_log": lambda t: f"{t.card(t.ev.source)}: {t.get('message')}",
}


def narrate(game: Game, event: Event, viewer: int | None) -> str | None:
    """One line for a PMV event, or ``None`` for a kind this system does not record."""
    teller = TELLERS.get(event.kind)
    if teller is None:
        return None
    return teller(_Teller(game, event, viewer))


def narrate_decision(game: Game, decision: Decision, answer: Any, viewer: int | None) -> str | None:
    """``None``: a pass of priority is the host's "P1 passes"; any other answer is told by its events."""
    return None
