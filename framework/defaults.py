"""The host's default answers to the hooks; every system plugin answers before them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import RulestackError
from .hookspecs import hookimpl

if TYPE_CHECKING:
    from .cards import Ability
    from .events import Event
    from .flow import Action
    from .game import Game
    from .state import Card, Item


class HostDefaults:
    """Default behaviour: abilities function in their zones, items go on top of ``state.stack``,
    resolution runs the ability's ``resolve`` function, ``activate`` and ``pass`` actions."""

    plugin_name = "rulestack-defaults"

    @hookimpl(trylast=True)
    def ability_active(self, game: Game, card: Card, ability: Ability, event: Event | None) -> bool:
        """In one of its zones (``zone``, else the system's default for its role); for the card's
        own move, in either the zone it left or the zone it entered."""
        zones = ability.get("zone") or game.system.default_zones.get(ability.role)
        if not zones:
            return True
        if event is not None and event.get("card") == card.id and event.kind == "moved":
            return event.get("from") in zones or event.get("to") in zones
        return card.zone in zones

    @hookimpl(trylast=True)
    def push_item(self, game: Game, item: Item) -> bool:
        """On top of ``game.state.stack``, through the journal."""
        game.journal.append(game.state.stack, item)
        return True

    @hookimpl(trylast=True)
    def resolve_item(self, game: Game, item: Item) -> bool:
        """:meth:`Game.run_resolution`: negation checks, then the ability's ``resolve`` function."""
        game.run_resolution(item)
        return True

    @hookimpl(trylast=True)
    def perform_action(self, game: Game, action: Action) -> bool:
        """``activate`` (through :meth:`Game.activate`) and ``pass``; any other kind is an error."""
        if action.kind == "activate":
            if action.card is None or action.ability is None:
                raise RulestackError(f"an 'activate' action names a card and an ability; this one does not: {action!r}")
            game.activate(action.player, action.card, action.ability, window=action.get("window"))
            return True
        if action.kind == "pass":
            return True
        raise RulestackError(f"no plugin performs actions of kind {action.kind!r}")
