"""``ctx``: what a card script's functions receive, and the host's Lua vocabulary.

Each method below is available to scripts as ``ctx:name(...)``. Arguments and results are plain
values: card ids (integers), strings, numbers, booleans and tables of them. Players are named
relative to the script's controller: ``"you"``, ``"opponent"``, ``"active"`` (or an index).
Lists returned to Lua are sequences (1-based). Systems add their own words
(``GameSystem.script_methods``), e.g. ``ctx:destroy(id)`` or ``ctx:rest_don(2)``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .errors import StopResolution
from .events import Cause
from .flow import ChoiceRequest
from .sandbox import HostUsageError, ScriptError

if TYPE_CHECKING:
    from .game import Game


class ScriptUsageError(HostUsageError):
    """A script called a host method with bad arguments (reported at the script's line)."""


def relative_player(game: "Game", perspective: int | None, who: Any) -> int:
    """A player index from a word relative to ``perspective`` (``you``, ``opponent``, ``active``)."""
    if isinstance(who, int) and not isinstance(who, bool):
        if not 0 <= who < len(game.state.players):
            raise ScriptUsageError(f"no player {who}")
        return who
    if who in (None, "you", "self", "controller"):
        if perspective is None:
            raise ScriptUsageError("no player to be 'you' here")
        return perspective
    if who == "opponent":
        if perspective is None:
            raise ScriptUsageError("no player to be 'opponent' of here")
        return game.opponent(perspective)
    if who == "active":
        return game.state.active_player
    if who == "inactive":
        return game.opponent(game.state.active_player)
    raise ScriptUsageError(f"unknown player word {who!r} (use 'you', 'opponent', 'active' or an index)")


def stopped_call(card: Any, ctx: "EffectContext", nested: bool) -> None:
    """What a :class:`StopResolution` escaping one script call means (host control flow stays in
    the host): inside another script's host call it ends only that call (the outer card goes
    on); from a resolution it stops that resolution (re-raised); from anything else (a condition,
    a value, a cost) it is the card's mistake, a named :class:`ScriptError`."""
    if nested:
        return None
    if ctx.item is not None:
        raise StopResolution()
    raise ScriptError("the call was stopped (ctx:stop() or a failed choice), but it is not resolving "
                      "anything; only a resolution can be stopped", card.name, card.definition.script or card.code)


class EffectContext:
    """The host side of ``ctx``: which game, card, ability, item, player and event a script
    function runs for."""

    def __init__(self, game: "Game", *, card: Any = None, ability: Any = None, item: Any = None,
                 player: int | None = None, event: Any = None, activation: Any = None) -> None:
        self.game = game
        self.card = card
        self.ability = ability
        self.item = item
        self.player = player if player is not None else (card.controller if card is not None else None)
        self.event = event if event is not None else (activation.trigger.event if activation is not None and
                                                      activation.trigger is not None else None)
        self.activation = activation

    @property
    def source_id(self) -> int | None:
        return self.card.id if self.card is not None else None

    def who(self, word: Any) -> int:
        return relative_player(self.game, self.player, word)

    def card_of(self, card_id: Any) -> Any:
        if isinstance(card_id, bool) or not isinstance(card_id, int) or card_id not in self.game.state.cards:
            raise ScriptUsageError(f"{card_id!r} is not a card id")
        return self.game.state.cards[card_id]


def _ids(ctx: EffectContext, value: Any) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [ctx.card_of(value).id]
    if isinstance(value, list):
        return [ctx.card_of(v).id for v in value]
    if isinstance(value, dict):
        if not value:
            return []   # an empty Lua table is an empty list, not an empty filter
        return [c.id for c in ctx.game.find(value, ctx.player, ctx.card)]
    raise ScriptUsageError(f"expected a card id, a list of ids or a filter, got {type(value).__name__}")


# -- the methods (each documented: the reference in docs/ is generated from these docstrings) --------

def m_self(ctx: EffectContext) -> int | None:
    """The id of the card this ability belongs to."""
    return ctx.source_id


def m_controller(ctx: EffectContext) -> int | None:
    """The index of the player this ability works for."""
    return ctx.player


def m_opponent(ctx: EffectContext) -> int:
    """The index of the controller's opponent."""
    return ctx.who("opponent")


def m_active_player(ctx: EffectContext) -> int:
    """The index of the turn player."""
    return ctx.game.state.active_player


def m_turn(ctx: EffectContext) -> int:
    """The turn number (1 is the first turn of the game)."""
    return ctx.game.state.turn


def m_phase(ctx: EffectContext) -> tuple:
    """The current phase and step names (two values; the step may be nil)."""
    return ctx.game.state.phase, ctx.game.state.step


def m_card(ctx: EffectContext, card_id: Any = None) -> dict:
    """Information about a card (default: this one): ``id, code, name, zone, owner, controller,
    face_up, status, counters`` and its current derived values (``power``, ``cost`` ...)."""
    card = ctx.card if card_id is None else ctx.card_of(card_id)
    if card is None:
        raise ScriptUsageError("no card here")
    values = {k: (list(v) if isinstance(v, tuple) else v) for k, v in ctx.game.values(card).items()
              if isinstance(v, (int, float, str, bool, list, tuple)) or v is None}
    return {**values, "id": card.id, "code": card.code, "name": card.name, "zone": card.zone,
            "owner": card.owner, "controller": card.controller, "face_up": card.face_up,
            "status": dict(card.status), "counters": dict(card.counters), "generation": card.generation}


def m_cards(ctx: EffectContext, spec: Any = None) -> list[int]:
    """The ids of the cards matching a filter (see the filter keys), in a fixed order."""
    if spec is not None and not isinstance(spec, dict):
        raise ScriptUsageError("cards() takes a filter table")
    return [c.id for c in ctx.game.find(spec or {}, ctx.player, ctx.card)]


def m_count(ctx: EffectContext, spec: Any = None) -> int:
    """How many cards match a filter."""
    return len(m_cards(ctx, spec))


def m_value(ctx: EffectContext, card_id: Any, attr: Any) -> Any:
    """A derived value of a card (``power``, ``toughness``, ``cost`` ...), nil if it has none."""
    if not isinstance(attr, str):
        raise ScriptUsageError("value(card, attr): attr must be a string")
    v = ctx.game.value(ctx.card_of(card_id), attr)
    return list(v) if isinstance(v, tuple) else v


def m_has_keyword(ctx: EffectContext, card_id: Any, keyword: Any) -> bool:
    """Whether a card has a keyword now."""
    return ctx.game.has_keyword(ctx.card_of(card_id), str(keyword))


def m_life(ctx: EffectContext, who: Any = "you") -> int | None:
    """A player's life total."""
    return ctx.game.state.players[ctx.who(who)].life


def m_targets(ctx: EffectContext, group: Any = 1) -> list[int]:
    """The targets chosen at activation for target group ``group`` (1-based): card ids that are
    still the same objects (a card that changed zone is no longer the target), or player indices
    for a ``kind = "player"`` group."""
    item = ctx.item
    if item is None or not item.targets:
        return []
    if not isinstance(group, int) or not 1 <= group <= len(item.targets):
        return []
    kinds = item.data.get("target_kinds") or []
    if group <= len(kinds) and kinds[group - 1] == "player":
        return list(item.targets[group - 1])
    gens = item.data.get("target_generations", {})
    out = []
    for t in item.targets[group - 1]:
        card = ctx.game.state.cards[t]
        if gens.get(t, card.generation) == card.generation:
            out.append(t)
    return out


def m_target(ctx: EffectContext, group: Any = 1) -> int | None:
    """The first remaining target of a target group (a card id or a player index), or nil."""
    t = m_targets(ctx, group)
    return t[0] if t else None


def m_event(ctx: EffectContext) -> dict | None:
    """The event that triggered this ability (``kind, cause, source, player`` and its fields)."""
    ev = ctx.event
    if ev is None and ctx.item is not None:
        return ctx.item.event
    return ev.to_dict() if ev is not None else None


def m_item(ctx: EffectContext) -> dict | None:
    """This ability's item (``id, card, controller, paid, targets``)."""
    it = ctx.item
    if it is None:
        return None
    return {"id": it.id, "card": it.card, "controller": it.controller, "paid": dict(it.paid),
            "targets": [list(t) for t in it.targets], "kind": it.kind}


def m_paid(ctx: EffectContext, key: Any = None) -> Any:
    """What the cost actually took: ``paid("x")``, ``paid("cards")`` ... (nil if nothing)."""
    if ctx.item is None:
        return None
    return dict(ctx.item.paid) if key is None else ctx.item.paid.get(key)


def m_stack(ctx: EffectContext) -> list[dict]:
    """The items of the response structure, bottom to top, each ``{id, kind, card, code, name,
    controller, card_activation}``."""
    out = []
    for it in ctx.game.state.stack:
        card = ctx.game.state.cards.get(it.card) if it.card is not None else None
        out.append({"id": it.id, "kind": it.kind, "card": it.card, "controller": it.controller,
                    "code": card.code if card else None, "name": card.name if card else None,
                    "card_activation": it.card_activation,
                    "ability_kind": card.definition.abilities[it.ability].kind if card and it.ability is not None
                    else None})
    return out


def _item(ctx: EffectContext, item_id: Any) -> Any:
    for it in ctx.game.state.stack:
        if it.id == item_id:
            return it
    raise ScriptUsageError(f"no item {item_id!r} in the response structure")


def m_negate_activation(ctx: EffectContext, item_id: Any) -> bool:
    """Negate the activation of an item: it will not resolve at all. Returns true if it did."""
    it = _item(ctx, item_id)
    if it.activation_negated:
        return False
    ctx.game.set(it, "activation_negated", True)
    ctx.game.record("activation_negated", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player, item=it.id,
                    card=it.card)
    return True


def m_negate_effect(ctx: EffectContext, item_id: Any) -> bool:
    """Negate the effect of an item: it stays, but does nothing when it resolves."""
    it = _item(ctx, item_id)
    if it.effect_negated:
        return False
    ctx.game.set(it, "effect_negated", True)
    ctx.game.record("effect_negation_applied", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player,
                    item=it.id, card=it.card)
    return True


def m_choose(ctx: EffectContext, spec: Any) -> list[int]:
    """Choose cards now (at resolution): ``{from = ids or filter = {...}, count = n, up_to = bool,
    player = "you"|"opponent", prompt = "...", secret = bool, look = bool}`` (``look``: the chooser
    sees the faces, as when searching a deck). The system's choice rules decide
    the minimum (as many as possible unless "up to"). Returns the chosen ids."""
    if not isinstance(spec, dict):
        raise ScriptUsageError("choose{...} takes a table")
    if "from" in spec:
        cands = _ids(ctx, spec["from"])
    else:
        cands = [c.id for c in ctx.game.find(spec.get("filter") or {}, ctx.player, ctx.card)]
    count = spec.get("count", 1)
    if not isinstance(count, int) or count < 0:
        raise ScriptUsageError("choose: count must be a non-negative integer")
    req = ChoiceRequest(chooser=ctx.who(spec.get("player", "you")), candidates=cands, count=count,
                        up_to=bool(spec.get("up_to", False)), prompt=str(spec.get("prompt") or "choose"),
                        reason="resolution", source=ctx.source_id, secret=bool(spec.get("secret", False)),
                        look=bool(spec.get("look", False)))
    return ctx.game.request_choice(req)


def m_choose_one(ctx: EffectContext, spec: Any) -> int | None:
    """Like ``choose`` with ``count = 1``; returns the id or nil."""
    spec = dict(spec or {})
    spec["count"] = 1
    got = m_choose(ctx, spec)
    return got[0] if got else None


def m_yes_no(ctx: EffectContext, prompt: Any, who: Any = "you") -> bool:
    """Ask a player a yes/no question."""
    return ctx.game.yes_no(ctx.who(who), str(prompt), source=ctx.source_id)


def m_choose_option(ctx: EffectContext, labels: Any, prompt: Any = "choose one", who: Any = "you") -> int:
    """Ask a player to pick one of several labels; returns its 1-based index."""
    if not isinstance(labels, list) or not labels:
        raise ScriptUsageError("choose_option takes a non-empty list of labels")
    return ctx.game.choose_option(ctx.who(who), [str(x) for x in labels], str(prompt), source=ctx.source_id) + 1


def m_choose_number(ctx: EffectContext, lo: Any, hi: Any, prompt: Any = "choose a number", who: Any = "you") -> int:
    """Ask a player for a number between ``lo`` and ``hi``."""
    if not all(isinstance(v, int) for v in (lo, hi)) or lo > hi:
        raise ScriptUsageError("choose_number(lo, hi) takes two integers with lo <= hi")
    return ctx.game.choose_number(ctx.who(who), lo, hi, str(prompt), source=ctx.source_id)


def m_move(ctx: EffectContext, card_id: Any, zone: Any, opts: Any = None) -> int:
    """Move a card to a zone (``opts``: ``player``, ``position = "top"|"bottom"``, ``face_up``)."""
    opts = opts or {}
    if not isinstance(zone, str) or not isinstance(opts, dict):
        raise ScriptUsageError("move(card, zone, {opts}) needs a zone name")
    card = ctx.card_of(card_id)
    player = ctx.who(opts["player"]) if "player" in opts else None
    try:
        moved = ctx.game.move(card, zone, player, position=opts.get("position", "top"), face_up=opts.get("face_up"),
                              cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)
    except KeyError as e:
        raise ScriptUsageError(str(e).strip('"')) from None
    return moved.id


def m_add_counters(ctx: EffectContext, card_id: Any, kind: Any, n: Any = 1) -> int:
    """Put counters on a card; returns the new number."""
    return ctx.game.add_counters(ctx.card_of(card_id), str(kind), int(n), cause=Cause.EFFECT, source=ctx.source_id,
                                 by=ctx.player)


def m_remove_counters(ctx: EffectContext, card_id: Any, kind: Any, n: Any = 1) -> int:
    """Remove counters from a card; returns how many were removed."""
    return ctx.game.remove_counters(ctx.card_of(card_id), str(kind), int(n), cause=Cause.EFFECT,
                                    source=ctx.source_id, by=ctx.player)


def m_change_life(ctx: EffectContext, who: Any, delta: Any) -> int:
    """Add to (or, negative, subtract from) a player's life; returns the new total."""
    if isinstance(delta, bool) or not isinstance(delta, int):
        raise ScriptUsageError("change_life(player, delta) needs an integer delta")
    return ctx.game.change_life(ctx.who(who), delta, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)


def m_modify(ctx: EffectContext, what: Any, spec: Any) -> int:
    """Begin a continuous effect on cards (ids are locked in now; a filter applies to whatever
    matches later): ``{attr = "power", op = "add", value = 1000, duration = "until_end_of_turn"}``."""
    if not isinstance(spec, dict):
        raise ScriptUsageError("modify(cards, {attr=..., op=..., value=..., duration=...})")
    kw: dict[str, Any] = {}
    if isinstance(what, dict) and what:
        kw["filter"] = what
    else:
        kw["targets"] = _ids(ctx, what)
    eff = ctx.game.add_effect(str(spec.get("op", "add")), spec.get("attr"), spec.get("value"),
                              duration=str(spec.get("duration", "permanent")), source=ctx.source_id,
                              controller=ctx.player, layer=spec.get("layer"), **kw)
    return eff.id


def m_remember(ctx: EffectContext, key: Any, value: Any) -> None:
    """Keep a plain value for this card (forgotten when it changes zone)."""
    if ctx.card is None:
        raise ScriptUsageError("remember: no card here")
    ctx.game.remember(ctx.card, str(key), value)


def m_recall(ctx: EffectContext, key: Any) -> Any:
    """A value this card remembered, or nil."""
    return None if ctx.card is None else ctx.card.memory.get(str(key))


def m_shuffle(ctx: EffectContext, zone: Any, who: Any = "you") -> None:
    """Shuffle a zone of a player."""
    ctx.game.shuffle(str(zone), ctx.who(who), cause=Cause.EFFECT, source=ctx.source_id)


def m_reveal(ctx: EffectContext, cards: Any) -> None:
    """Reveal cards to every player (recorded as a ``revealed`` event)."""
    ids = _ids(ctx, cards)
    ctx.game.record("revealed", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player, cards=ids,
                    codes=[ctx.game.state.cards[i].code for i in ids])


def m_stop(ctx: EffectContext) -> None:
    """Stop the resolution here: the rest of the text does not apply (a failed "if"). Only a
    resolving ability can stop (a condition returns false instead)."""
    if ctx.item is None:
        raise ScriptUsageError("ctx:stop() ends a resolution, and this function is not resolving one "
                               "(a condition or value returns instead)")
    raise StopResolution()


def m_log(ctx: EffectContext, message: Any) -> None:
    """Write a line into the event log."""
    ctx.game.record("script_log", source=ctx.source_id, player=ctx.player, message=str(message)[:500])


def m_record(ctx: EffectContext, kind: Any, data: Any = None) -> None:
    """Record a custom event (``kind`` prefixed by ``card:``) that other cards may trigger on."""
    if not isinstance(kind, str):
        raise ScriptUsageError("record(kind, {data}) needs a string kind")
    fields = {k: v for k, v in (data or {}).items() if isinstance(k, str) and k not in ("kind", "cause", "source",
                                                                                         "player", "seq")}
    ctx.game.record("card:" + kind, cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player, **fields)


HOST_METHODS: Mapping[str, Any] = {
    name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)
}
