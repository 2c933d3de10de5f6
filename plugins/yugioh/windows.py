"""Response windows that a player provably cannot use are passed without asking.

Building the list of legal actions is the costly part of a window; most windows (each phase's
start, the moment before a phase ends, every response to a chain link) offer a player nothing but
"pass". :func:`may_act` is a cheap, conservative test that lets those windows pass at once: when it
says "maybe", the real window opens (:meth:`Game.act`), and the host still answers a single legal
option itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rulestack import Ability, Action, CardDefinition, Game, Role

from . import timing
from .cardinfo import ACTIVATION_ZONES, ability_speed

if TYPE_CHECKING:
    from .system import YugiohSystem


def may_act(game: Game, player: int, window: str) -> bool:
    """A cheap, conservative test: could ``player`` have anything but "pass" in this window? When it
    says no, the window is passed without building the list of actions (it would only hold "pass")."""
    if window in ("main", "battle"):
        return True
    if game.value_of(None, "resolving"):
        return False
    own_turn = player == game.state.active_player
    cards = game.state.cards
    zones = game.state.zones
    for zone in activation_zones(game):
        if zone == "hand" and not own_turn:
            continue
        for cid in zones[(zone, player)].cards:
            card = cards[cid]
            for ab in activated_abilities(card.definition, zone):
                if zone in ("spell_trap", "monster") and ab.kind == "activate" and card.face_up:
                    continue
                if timing.speed_problem(game, ability_speed(card, ab), window, ab.get("tags")) is None:
                    return True
    return False


def activation_zones(game: Game) -> tuple[str, ...]:
    """The zones worth searching for activated abilities: those some card of this game has an
    activated ability usable from (computed once per game, again if cards are created)."""
    system = cast("YugiohSystem", game.system)
    count, zones = system.activation_zones
    if count != len(game.state.cards):
        found: set[str] = set()
        for card in game.state.cards.values():
            for ab in card.definition.abilities:
                if ab.role == Role.ACTIVATED:
                    found.update(ab.get("from") or ab.get("zone") or ACTIVATION_ZONES.get(ab.kind, ("monster",)))
        zones = tuple(z for z in _ZONE_ORDER if z in found) + tuple(sorted(found - set(_ZONE_ORDER)))
        system.activation_zones = (len(game.state.cards), zones)
    return zones


_ZONE_ORDER = ("spell_trap", "monster", "hand", "graveyard", "banished")


_ACTIVATED_CACHE: dict[tuple[str, str], tuple[Ability, ...]] = {}


def activated_abilities(definition: CardDefinition, zone: str) -> tuple[Ability, ...]:
    """The activated abilities of a card definition usable from ``zone`` (cached)."""
    key = (definition.digest or definition.code, zone)
    found = _ACTIVATED_CACHE.get(key)
    if found is None:
        found = _ACTIVATED_CACHE[key] = tuple(
            ab for ab in definition.abilities if ab.role == Role.ACTIVATED and zone in (
                ab.get("from") or ab.get("zone") or ACTIVATION_ZONES.get(ab.kind, ("monster",))))
    return found


def respond(game: Game, player: int, window: str) -> Action:
    """A response window: the player acts, or passes at once when they provably cannot act."""
    if not may_act(game, player, window):
        return PASS[player]
    return game.act(player, window)


#: The pass of each player, as returned when a window is passed without asking.
PASS = (Action("pass", 0, label="pass"), Action("pass", 1, label="pass"))
