"""Why not? The card abilities a player could otherwise activate now, and what refused each.

For every activated ability of the cards the player controls (in the zones the ability may be used
from), the host asks the same questions as :meth:`Game.activation_problem` — lost abilities, once per
turn, the ``can_activate`` hook of each plugin, the ability's condition, the cost and the targets —
and reports the first that says no, with the plugin that said it; a refusal by the host's own
checks (the cost, the targets) is put in the game's words by hook ``explain_refusal`` when a
plugin answers it. Nothing changes in the game.
The terminal's ``?`` command and :meth:`rulestack.scenario.Scenario.why_not` show these.
"""
from __future__ import annotations

from typing import Any, Iterable

import attrs

from .cards import Role
from .flow import Activation


@attrs.frozen
class Refusal:
    """An ability that may not be activated now: the card, the ability, the reason and who gave it
    (a plugin's name for a ``can_activate`` answer, ``"host"`` for the host's own checks)."""

    card: int
    name: str
    ability: str
    reason: str
    by: str

    def __str__(self) -> str:
        label = "" if self.ability in ("", self.name) else f" ({self.ability})"
        return f"{self.name}{label}: {self.reason}" + ("" if self.by == "host" else f" [{self.by}]")


def _plugin_name(game: Any, impl: Any) -> str:
    name = game.pm.get_name(impl.plugin) if hasattr(game.pm, "get_name") else None
    system = game.system
    if impl.plugin is system or name == getattr(system, "name", None):
        return f"{system.name} rules"
    return str(name or type(impl.plugin).__name__)


def _hook_verdict(game: Any, act: Activation) -> tuple[str, str] | None:
    """The first ``can_activate`` answer refusing ``act``, with the plugin that gave it."""
    for impl in reversed(game.pm.hook.can_activate.get_hookimpls()):   # in the order pluggy calls them
        verdict = impl.function(game=game, activation=act)
        if verdict is False:
            return (f"the rules do not allow activating {act.card.name} ({act.ability.label}) now",
                    _plugin_name(game, impl))
        if isinstance(verdict, str):
            return verdict, _plugin_name(game, impl)
    return None


def _explained(game: Any, act: Activation, problem: str) -> tuple[str, str] | None:
    """The first ``explain_refusal`` answer for a refusal of the host's own checks, with the
    plugin that gave it."""
    for impl in reversed(game.pm.hook.explain_refusal.get_hookimpls()):   # in the order pluggy calls them
        offered = {"game": game, "activation": act, "problem": problem}
        said = impl.function(**{k: v for k, v in offered.items() if k in impl.argnames})
        if isinstance(said, str) and said:
            return said, _plugin_name(game, impl)
    return None


def refusal(game: Any, player: int, card: Any, ability: Any, *, window: str | None = None) -> Refusal | None:
    """Why ``player`` may not activate ``ability`` of ``card`` now, or ``None`` when they may."""
    act = Activation(player=player, card=card, ability=ability, window=window)
    problem = game.activation_problem(act)
    if problem is None:
        return None
    hooked = _hook_verdict(game, act)
    generic = f"the rules do not allow activating {card.name} ({ability.label}) now"
    reason, by = hooked if hooked is not None and problem in (hooked[0], generic) else (problem, "host")
    if by == "host":
        explained = _explained(game, act, problem)
        if explained is not None:
            reason, by = explained
    return Refusal(card=card.id, name=card.name, ability=ability.label, reason=reason, by=by)


def why_not(game: Any, player: int, *, cards: Iterable[int] | None = None, window: str | None = None) -> list[Refusal]:
    """The activated abilities of ``player``'s cards (or of ``cards``) that may not be activated now,
    each with its reason; abilities of cards outside the zones they are used from are left out."""
    wanted = set(cards) if cards is not None else None
    out: list[Refusal] = []
    for (zone, _), z in sorted(game.state.zones.items(), key=lambda kv: (kv[0][0], -1 if kv[0][1] is None else kv[0][1])):
        for cid in z.cards:
            card = game.state.cards[cid]
            if card.controller != player or (wanted is not None and cid not in wanted):
                continue
            for ab in card.definition.abilities:
                if ab.role != Role.ACTIVATED:
                    continue
                allowed = ab.get("from") or ab.get("zone") or game.system.default_zones.get(ab.role)
                if allowed and card.zone not in (allowed if isinstance(allowed, (list, tuple)) else (allowed,)):
                    continue
                found = refusal(game, player, card, ab, window=window)
                if found is not None:
                    out.append(found)
    return out
