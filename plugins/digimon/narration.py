"""The game's events told in the Digimon Card Game's own words (the ``narrate_event`` hook).

A card moved in secret (a draw, a card set as security) is named only to the players who may see
it (the event's ``visible`` seats); a spectator (``viewer=None``) sees what both players see.
"""
from __future__ import annotations

from typing import Any, Callable

from rulestack import Decision, Event, Game

from rulestack.narrate import chosen_action

ZONE_WORDS = {"deck": "the deck", "digi_egg_deck": "the Digi-Egg deck", "hand": "the hand", "security": "security",
              "breeding_area": "the breeding area", "battle_area": "the battle area", "trash": "the trash",
              "digivolution_cards": "under a Digimon", "no_area": "no area"}


def _who(game: Game, player: Any) -> str:
    if player is None:
        return "the rules"
    return game.player(player).name


def _name(game: Game, card_id: Any, event: Event | None = None, viewer: Any = None) -> str:
    if card_id is None:
        return "a card"
    if event is not None:
        visible = event.get("visible", "all")
        if visible != "all" and (viewer is None or viewer not in visible):
            return "a card"
    return game.card(card_id).name


def _zone(z: Any) -> str:
    return ZONE_WORDS.get(z, str(z))


def _memory(game: Game, ev: Any, viewer: Any) -> str:
    """The memory gauge (3-2): where the memory stands after a payment, a gain, a loss or a pass."""
    if ev.get("why") == "set":
        return "The memory gauge is set at 0."
    who, before, after = _who(game, ev.player), ev.get("before") or 0, ev.get("after") or 0
    other = _who(game, 1 - ev.player) if ev.player in (0, 1) else "their opponent"
    side = f"{after} on {who}'s side" if after >= 0 else f"{-after} on {other}'s side"
    why, n = ev.get("why"), abs(before - after)
    if why == "paid" and n == 0:
        return f"{who} pays no memory: the memory stays at {side}."
    if why == "paid":
        return f"{who} pays {n} memory: the memory goes to {side}."
    if why == "gained":
        return f"{who} gains {n} memory: the memory goes to {side}."
    if why == "lost":
        return f"{who} loses {n} memory: the memory goes to {side}."
    if why == "passed":
        return f"{who} passes: the memory goes to {side}."
    return f"The memory moves to {side}."


def _move(verb: str) -> Callable[[Any, Any, Any], str]:
    def tell(game: Game, ev: Any, viewer: Any) -> str:
        return verb.format(who=_who(game, ev.player if ev.player is not None else ev.get("to_player")),
                           card=_name(game, ev.get("card"), ev, viewer), to=_zone(ev.get("to")),
                           frm=_zone(ev.get("from")))
    return tell


def _attack(game: Game, ev: Any, viewer: Any) -> str:
    target = "their opponent" if ev.get("target") is None else _name(game, ev.get("target"))
    return f"{_who(game, ev.player)}'s {_name(game, ev.get('card'))} attacks {target}."


def _battled(game: Game, ev: Any, viewer: Any) -> str:
    losers = ", ".join(_name(game, c) for c in ev.get("losers", ())) or "nobody"
    return (f"Battle: {_name(game, ev.get('card'))} ({ev.get('dp')} DP) against {_name(game, ev.get('other'))} "
            f"({ev.get('other_dp')} DP); {losers} lost.")


def _security_battle(game: Game, ev: Any, viewer: Any) -> str:
    result = "the checking Digimon lost" if ev.get("checker_lost") else "the Security Digimon lost"
    return (f"Security battle: {_name(game, ev.get('card'))} ({ev.get('dp')} DP) against the Security Digimon "
            f"{_name(game, ev.get('security'))} ({ev.get('security_dp')} DP); {result}.")


def _status(game: Game, ev: Any, viewer: Any) -> str:
    card = _name(game, ev.get("card"))
    if ev.get("key") == "suspended":
        return f"{card} is {'suspended' if ev.get('value') else 'unsuspended'}."
    return f"{card}: {ev.get('key')} is now {ev.get('value')}."


def _activated(game: Game, ev: Any, viewer: Any) -> str:
    card = game.card(ev.get("card"))
    ab = card.definition.abilities[ev.get("ability")]
    return f"{_who(game, ev.player)} activates {card.name}'s {ab.label} effect."


def _effect_began(game: Game, ev: Any, viewer: Any) -> str:
    """A lasting effect on Digimon: "Greymon gets +3000 DP (Shadow Wing)", "Garudamon can't block"."""
    what = str(ev.get("attr") or "")
    value = ev.get("value")
    targets = [_name(game, c) for c in ev.get("targets") or ()]
    tgt = ", ".join(targets) if targets else "the Digimon it applies to"
    src = f" ({_name(game, ev.source)})" if ev.source is not None else ""
    label = what.upper() if what == "dp" else what.replace("_", " ")
    if ev.get("op") == "add" and isinstance(value, int):
        return f"{tgt} gets {'+' if value >= 0 else ''}{value} {label}{src}."
    if isinstance(value, bool):
        if what.startswith("cannot_"):
            can = "can't" if value else "can"
            return f"{tgt} {can} {what.removeprefix('cannot_').replace('_', ' ')}{src}."
        return f"{tgt} {'gains' if value else 'loses'} {label}{src}."
    return f"{tgt}: {label or 'a value'} becomes {value}{src}."


NARRATORS: dict[str, Callable[[Any, Any, Any], str]] = {
    "memory": _memory,
    "first_player_decided": lambda g, e, v: f"{_who(g, e.get('value'))} won rock-paper-scissors and goes first.",
    "redraw": lambda g, e, v: f"{_who(g, e.player)} re-draws their opening hand.",
    "shuffled": lambda g, e, v: f"{_who(g, e.player)} shuffles {_zone(e.get('zone'))}.",
    "drew": _move("{who} draws {card}."),
    "set_as_security": _move("{who} places a card face down in security."),
    "hatched": _move("{who} hatches {card} in the breeding area."),
    "moved_out": _move("{who} moves {card} from the breeding area to the battle area."),
    "revealed": lambda g, e, v: f"{_who(g, e.player)} reveals {', '.join(_name(g, c) for c in e.get('cards', ()))}"
                                + (f" to {e.get('why')} it." if e.get("why") else "."),
    "would_be_played": lambda g, e, v: f"{_who(g, e.player)} is about to play {_name(g, e.get('card'))}.",
    "would_digivolve": lambda g, e, v: f"{_who(g, e.player)} is about to digivolve {_name(g, e.get('target'))} "
                                       f"into {_name(g, e.get('card'))}.",
    "would_be_deleted": lambda g, e, v: f"{_name(g, e.get('card'))} is about to be deleted.",
    "would_be_used": lambda g, e, v: f"{_who(g, e.player)} is about to use {_name(g, e.get('card'))}.",
    "used": _move("{who} uses {card}: it is in no area while its [Main] effect is processed."),
    "trashed_after_use": _move("{card} is trashed after its use."),
    "played": _move("{who} plays {card}."),
    "stacked": _move("{who} digivolves into {card}."),
    "placed_under": _move("{card} goes under the digivolving Digimon."),
    "digivolved": lambda g, e, v: f"{_who(g, e.player)}'s {_name(g, e.get('onto'))} digivolved into "
                                  f"{_name(g, e.get('card'))} (level {e.get('level')}) in {_zone(e.get('zone'))}.",
    "security_checked": lambda g, e, v: f"Security check by {_name(g, e.get('checker'))}: "
                                        f"{_name(g, e.get('card'))} is revealed from {_who(g, e.get('from_player'))}'s "
                                        "security.",
    "trashed_after_check": _move("The checked card {card} is trashed."),
    "recovered": _move("{who} places the top card of their deck on top of security (<Recovery>)."),
    "trashed": _move("{card} is trashed from {frm}."),
    "trashed_with_stack": _move("{card} is trashed with the Digimon it was under."),
    "trashed_from_stack": _move("{card} is trashed from under a Digimon."),
    "returned_to_hand": _move("{card} returns to its owner's hand."),
    "placed": _move("{card} is placed in the battle area."),
    "moved": _move("{card} moves from {frm} to {to}."),
    "created": _move("{card} is created in {to}."),
    "deleted": lambda g, e, v: f"{_name(g, e.get('card'))} is deleted"
                               + {"battle": " in battle.", "rule": " by the rules (0 DP).",
                                  "effect": " by an effect."}.get(e.cause, "."),
    "zero_dp": lambda g, e, v: f"Rule check: {_name(g, e.get('card'))} has 0 DP.",
    "rule_trash": lambda g, e, v: f"Rule check: {_name(g, e.get('card'))} is trashed: {e.get('why')}.",
    "attack_declared": _attack,
    "blocked": lambda g, e, v: f"{_name(g, e.get('blocker'))} blocks {_name(g, e.get('card'))}.",
    "attack_failed": lambda g, e, v: f"The attack of {_name(g, e.get('card'))} does not succeed"
                                     + (f": {e.get('why')}." if e.get("why") else "."),
    "attack_succeeded": lambda g, e, v: f"{_name(g, e.get('card'))}'s attack succeeds against a player with "
                                        "no security.",
    "battled": _battled,
    "security_battle": _security_battle,
    "deletion_prevented": lambda g, e, v: f"{_name(g, e.get('card'))} is not deleted: {e.get('why')}.",
    "attack_ended": lambda g, e, v: f"The attack of {_name(g, e.get('card'))} ends.",
    "turn_began": lambda g, e, v: f"--- Turn {e.get('turn')}: {_who(g, e.player)} ---",
    # The turn starts as its unsuspend phase begins (6-2-1-2): the phase line says it.
    "turn_started": lambda g, e, v: f"Start of {_who(g, e.player)}'s turn: [Start of Your Turn] effects trigger.",
    "end_of_turn": lambda g, e, v: f"End of {_who(g, e.player)}'s turn.",
    "end_of_turn_postponed": lambda g, e, v: f"The memory is back on {_who(g, e.player)}'s side: the turn goes on.",
    "could_not_draw": lambda g, e, v: f"{_who(g, e.player)} has no card to draw in their draw phase.",
    "phase": lambda g, e, v: f"{_who(g, e.player)}'s turn starts: unsuspend phase." if e.get("phase") == "unsuspend"
    else f"{_who(g, e.player)}: {str(e.get('phase')).replace('_', ' ')} phase"
                             + (f", {str(e.get('step')).replace('_', ' ')}" if e.get("step") else "") + ".",
    "status": _status,
    "activated": _activated,
    "resolving": lambda g, e, v: f"{_name(g, e.get('card'))}'s effect is processed.",
    "effect_lapsed": lambda g, e, v: f"{_name(g, e.get('card'))}'s pending effect does not activate: {e.get('why')}.",
    "effect_began": _effect_began,
    "effect_ended": lambda g, e, v: "A lasting effect ends.",
    "targeted": lambda g, e, v: f"{_who(g, e.player)} chooses targets.",
    "resolution_stopped": lambda g, e, v: "The rest of the effect does not apply.",
    "effect_negated": lambda g, e, v: f"{_name(g, e.get('card'))}'s effect is negated.",
    "resolution_skipped": lambda g, e, v: "The effect is not processed: its activation was negated.",
    "script_log": lambda g, e, v: f"Note: {e.get('message')}",
    "game_over": lambda g, e, v: f"The game is over: {e.get('reason')}.",
}


def narrate(game: Game, event: Event, viewer: int | None) -> str | None:
    """One line for ``event`` as ``viewer`` may see it, or ``None`` for an event kind this system
    does not know (another plugin, or the host, may tell it)."""
    teller = NARRATORS.get(event.kind)
    return teller(game, event, viewer) if teller is not None else None


#: What passing means in each action window (by the window's prompt).
PASSES = {"breeding phase": "{who} does nothing in the breeding phase.",
          "main phase": "",   # told by the memory moving to the opponent's side (the `memory` event)
          "block timing": "{who} does not block."}


def narrate_decision(game: Game, decision: Decision, answer: Any, viewer: int | None) -> str | None:
    """A pass in the Digimon Card Game's words: leaving the breeding area as it is, passing the
    main phase (the memory goes to 3 on the opponent's side), not blocking."""
    action = chosen_action(decision, answer)
    if action is None or action.kind != "pass" or decision.prompt not in PASSES:
        return None
    return PASSES[decision.prompt].format(who=_who(game, decision.player))
