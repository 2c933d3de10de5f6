"""The host's default answers to the hooks; every system plugin answers before them."""
from __future__ import annotations

from typing import Any

from .errors import RulestackError
from .hookspecs import hookimpl


class HostDefaults:
    """Default behaviour: abilities function in their zones, items go on top of ``state.stack``,
    resolution runs the ability's ``resolve`` function, ``activate`` and ``pass`` actions."""

    plugin_name = "rulestack-defaults"

    @hookimpl(trylast=True)
    def ability_active(self, game: Any, card: Any, ability: Any, event: Any) -> bool:
        zones = ability.get("zone") or game.system.default_zones.get(ability.role)
        if not zones:
            return True
        if event is not None and event.get("card") == card.id and event.kind == "moved":
            return event.get("from") in zones or event.get("to") in zones
        return card.zone in zones

    @hookimpl(trylast=True)
    def push_item(self, game: Any, item: Any) -> bool:
        game.journal.append(game.state.stack, item)
        return True

    @hookimpl(trylast=True)
    def resolve_item(self, game: Any, item: Any) -> bool:
        game.run_resolution(item)
        return True

    @hookimpl(trylast=True)
    def perform_action(self, game: Any, action: Any) -> bool:
        if action.kind == "activate":
            game.activate(action.player, action.card, action.ability, window=action.get("window"))
            return True
        if action.kind == "pass":
            return True
        raise RulestackError(f"no plugin performs actions of kind {action.kind!r}")
