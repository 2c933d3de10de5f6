"""Replacement and prevention effects on any event a game is about to perform (MTG 614-616).

A replacement ability (role ``replacement``) names the event it watches and what happens instead::

    { kind = "replacement", replaces = { event = "counters_added", filter = { controller = "you" },
                                         counter = "+1/+1" },
      instead = { add = { n = 1 } } }

The host asks :func:`replace` before it performs an event of a kind a system lets be replaced
(:data:`HOST_REPLACEABLE` and the system's :attr:`~rulestack.system.GameSystem.replaceable_events`).
The event's *facts* are a plain table (``card``, ``player``, ``n`` ...); a replacement changes
them or prevents the event:

``instead = { KEY = value }``
    sets fields; ``add = { n = 1 }`` adds to numbers; ``times = { n = 2 }`` multiplies them;
    ``prevent = true`` makes the event not happen at all (a prevention effect, MTG 615).
``instead = function(ctx, facts) ... return facts end``
    returns the changed facts, or ``nil`` to prevent the event.

Which replacements apply is worked out again after each one is applied, and each applies at most
once to one event (614.5); when several apply, the affected player (or the controller of the
affected object) chooses which goes first, as a real decision (616.1), among those of the first
category the system orders first (:attr:`~rulestack.system.GameSystem.replacement_steps`, MTG
616.1a-d; the ability's ``category`` key). ``optional = true`` asks
the replacement's controller whether to apply it. ``condition(ctx, facts)`` must hold for it
to apply. Each applied replacement records a ``replaced`` event.

Moves keep their own simpler path (``replaces = { event = "moved" }``, ``instead = { to = ZONE }``),
applied by the move primitive itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import attrs

from .cards import Ability, Role, ScriptFunction
from .context import relative_player
from .events import Cause

if TYPE_CHECKING:
    from .game import Game
    from .state import Card

#: The event kinds the host itself lets be replaced through :func:`replace`, with the facts a
#: replacement sees (besides ``moved``, which moves replace through their own path).
HOST_REPLACEABLE: Mapping[str, Mapping[str, str]] = {
    "counters_added": {"card": "the card the counters would be put on", "counter": "the counter kind",
                       "n": "how many", "player": "who puts them"},
}

#: Keys of ``replaces`` every replaceable event understands (besides its facts).
COMMON_KEYS = frozenset({"event", "self", "filter", "player", "cause"})


@attrs.frozen
class ReplacementEffect:
    """A replacement or prevention effect that is not a card's ability: one a resolved spell left
    (MTG 615.7 "prevent the next 3 damage", a shield), given to :func:`replace` by the system with
    the abilities, and ordered with them (616.1). ``applies(facts)`` says whether it applies;
    ``apply(facts)`` returns the changed facts, or ``None`` when it prevents the event."""

    key: Any
    label: str
    controller: int | None
    applies: Callable[[dict[str, Any]], bool]
    apply: Callable[[dict[str, Any]], dict[str, Any] | None]
    source: int | None = None
    #: Its category among the system's :attr:`~rulestack.system.GameSystem.replacement_steps`.
    category: str | None = None


def replaceable_events(game_or_system: Any) -> dict[str, Mapping[str, str]]:
    """Every event kind that :func:`replace` can change in a system, with its facts."""
    system = getattr(game_or_system, "system", game_or_system)
    return {**HOST_REPLACEABLE, **(getattr(system, "replaceable_events", None) or {})}


def replace(game: Game, kind: str, facts: Mapping[str, Any], *, affected: int | None = None,
            source: int | None = None, effects: Sequence[ReplacementEffect] = ()) -> dict[str, Any] | None:
    """The facts of an event of ``kind`` after every replacement that applies to it (or ``None``
    when one prevents it). ``affected``: the player who orders several replacements (616.1; the
    affected player or the controller of the affected object). ``effects``: the system's
    replacement effects that are not abilities, ordered with them. Cheap when no card in the game
    has a replacement ability and no effect is given."""
    current = dict(facts)
    if not game.index.replacers and not effects:
        return current
    applied: set[Any] = set()
    while True:
        options: list[Any] = [(card, ab) for card, ab in _candidates(game, kind)
                              if (card.id, ab.index) not in applied and _applies(game, card, ab, current)]
        options += [eff for eff in effects if ("effect", eff.key) not in applied and eff.applies(current)]
        if not options:
            return current
        options = first_category(game, options)
        if len(options) > 1:
            who = affected if affected is not None else _controller(options[0])
            if who is None:
                who = game.state.active_player
            pick = game.choose_option(who, [_label(o) for o in options],
                                      f"which replacement applies first to this {kind} event?", source=source)
            chosen = options[pick]     # choose_option answers a 0-based index
        else:
            chosen = options[0]
        if isinstance(chosen, ReplacementEffect):
            applied.add(("effect", chosen.key))
            result = chosen.apply(dict(current))
            game.record("replaced", cause=Cause.EFFECT, source=chosen.source, player=chosen.controller, card=None,
                        ability=None, event=kind, prevented=result is None,
                        affected=current.get("card", current.get("player")))
        else:
            card, ab = chosen
            applied.add((card.id, ab.index))
            if ab.get("optional") and not game.yes_no(card.controller, f"apply {card.name}'s replacement?",
                                                      source=card.id):
                continue
            result = _apply(game, card, ab, current)
            game.record("replaced", cause=Cause.EFFECT, source=card.id, player=card.controller, card=card.id,
                        ability=ab.index, event=kind, prevented=result is None,
                        affected=current.get("card", current.get("player")))
        if result is None:
            return None
        current = result


def category_of(option: Any) -> str | None:
    """The category of a replacement option: a :class:`ReplacementEffect`'s own, or the
    ``category`` key of a ``(card, ability)`` pair's ability."""
    if isinstance(option, ReplacementEffect):
        return option.category
    category = option[1].get("category")
    return str(category) if category is not None else None


def first_category(game: Game, options: list[Any]) -> list[Any]:
    """The options a player may choose first (MTG 616.1a-d): those of the earliest category in
    the system's ``replacement_steps`` present among them; all of them when none is (or the
    system orders none). ``options`` are :class:`ReplacementEffect` or ``(card, ability)``."""
    steps = game.system.replacement_steps
    if not steps or len(options) < 2:
        return options
    last = len(steps)

    def rank(option: Any) -> int:
        category = category_of(option)
        return steps.index(category) if category in steps else last

    best = min(rank(o) for o in options)
    return [o for o in options if rank(o) == best]


def _controller(option: Any) -> int | None:
    return option.controller if isinstance(option, ReplacementEffect) else option[0].controller


def _label(option: Any) -> str:
    if isinstance(option, ReplacementEffect):
        return option.label
    card, ab = option
    return f"{card.name}: {ab.get('label') or 'replacement'}"


def _candidates(game: Game, kind: str) -> list[tuple[Card, Ability]]:
    cards = game.state.cards
    out = []
    for cid in game.index.replacers:
        card = cards[cid]
        for ab in card.definition.abilities:
            if ab.role == Role.REPLACEMENT and (ab.get("replaces") or {}).get("event", "moved") == kind \
                    and game.derived.ability_usable(card, ab, None):
                out.append((card, ab))
    return out


def _applies(game: Game, card: Card, ab: Ability, facts: Mapping[str, Any]) -> bool:
    spec = ab.get("replaces") or {}
    for key, want in spec.items():
        if key == "event":
            continue
        if key == "self":
            if bool(want) != (facts.get("card") == card.id):
                return False
        elif key == "filter":
            target = facts.get("card")
            if not isinstance(target, int) or not game.matches(game.card(target), want, card.controller, card):
                return False
        elif key == "player":
            if facts.get("player") is None or facts["player"] not in _players(game, card, want):
                return False
        else:
            wanted = want if isinstance(want, list) else [want]
            if facts.get(key) not in wanted:
                return False
    cond = ab.get("condition")
    if cond is not None and not game.run_script(card, cond, game.context(card=card, ability=ab), dict(facts)):
        return False
    return True


def _players(game: Game, card: Card, want: Any) -> list[int]:
    words = want if isinstance(want, list) else [want]
    if "any" in words:
        return list(range(len(game.players)))
    return [w if isinstance(w, int) else relative_player(game, card.controller, w) for w in words]


def _apply(game: Game, card: Card, ab: Ability, facts: dict[str, Any]) -> dict[str, Any] | None:
    instead = ab.get("instead")
    if isinstance(instead, ScriptFunction) or callable(instead):
        out = game.run_script(card, instead, game.context(card=card, ability=ab), dict(facts))
        if not out:
            return None
        if not isinstance(out, dict):
            raise TypeError(f"{card.name}: a replacement's instead(ctx, facts) returns the facts table or nil, "
                            f"not {out!r}")
        return {**facts, **out}
    if not isinstance(instead, Mapping):
        return facts
    if instead.get("prevent"):
        return None
    out = dict(facts)
    for key, value in instead.items():
        if key == "add":
            for field, n in value.items():
                out[field] = (out.get(field) or 0) + n
        elif key == "times":
            for field, n in value.items():
                out[field] = (out.get(field) or 0) * n
        elif key != "prevent":
            out[key] = value
    return out
