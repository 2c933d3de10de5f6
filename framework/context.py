"""``ctx``: what a card script's functions receive, and the host's Lua vocabulary.

Each method below is available to scripts as ``ctx:name(...)``. Arguments and results are plain
values: card ids (integers), strings, numbers, booleans and tables of them. Players are named
relative to the script's controller: ``"you"``, ``"opponent"``, ``"active"`` (or an index).
Lists returned to Lua are sequences (1-based). Systems add their own words
(``GameSystem.script_methods``), e.g. ``ctx:destroy(id)`` or ``ctx:rest_don(2)``.
"""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Annotated, Any, Literal, Mapping, TypedDict, Union

from .errors import StopResolution
from .events import Cause
from .flow import ChoiceRequest
from .sandbox import ScriptError
from .script_args import Bounded, ScriptUsageError, checked_method

if TYPE_CHECKING:
    from .cards import Ability
    from .events import Event
    from .flow import Activation
    from .game import Game
    from .state import Card, Item

__all__ = ["HOST_METHODS", "EffectContext", "ScriptUsageError", "checked_method", "looks", "relative_player",
           "stopped_call"]

# -- the words of the ctx vocabulary, as types the argument checker reads ---------------------------
#: A card id.
CardId = Annotated[int, Bounded(0, 2**31)]
#: How many (cards, counters, a target group ...).
Count = Annotated[int, Bounded(0, 10_000)]
#: A signed amount (life, a number to choose).
Amount = Annotated[int, Bounded(-10**9, 10**9)]
#: A name the host looks up (an attribute, zone, keyword, counter kind, memory key).
Name = Annotated[str, Bounded(1, 100)]
#: Text shown to players (a prompt, a label, a log line).
Text = Annotated[str, Bounded(0, 500)]
#: A player: ``"you"``, ``"opponent"``, ``"active"``, ``"inactive"`` or an index.
Who = Union[Literal["you", "self", "controller", "opponent", "active", "inactive"], Annotated[int, Bounded(0, 64)]]
#: A card filter (see :mod:`rulestack.filters`).
Filter = dict[str, Any]
#: Cards: an id, a list of ids, or a filter.
Cards = Union[CardId, Annotated[list[CardId], Bounded(0, 10_000)], Filter]
#: What a modifier adds, sets or grants: a plain number, word or flag (bounded where it is pushed:
#: every card that reads the value gets it).
ModifierValue = Union[Amount, Annotated[float, Bounded(-1e9, 1e9)], Name, bool]


#: The table of ``ctx:choose{...}`` (functional syntax: ``from`` is a Python keyword).
ChooseSpec = TypedDict("ChooseSpec", {"from": Cards, "filter": Filter, "count": Count, "up_to": bool, "player": Who,
                                      "prompt": Text, "secret": bool, "look": bool}, total=False)


class MoveOptions(TypedDict, total=False):
    """The options of ``ctx:move(card, zone, {...})``."""

    player: Who
    position: Union[Literal["top", "bottom"], Annotated[int, Bounded(-10_000, 10_000)]]
    face_up: bool


class ModifySpec(TypedDict, total=False):
    """The table of ``ctx:modify(cards, {...})``."""

    attr: Name
    op: Name
    value: ModifierValue
    duration: Name
    layer: Name
    until_turn: int


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


def stopped_call(card: Card, ctx: EffectContext, nested: bool) -> None:
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


def triggering_event(game: Game, item: Item) -> Event | None:
    """The :class:`Event` that triggered ``item`` (a triggered ability on the stack or chain), read
    back from the game's log by the ``seq`` its ``event`` record keeps; None for an item that no
    event triggered (an activation, a spell) or whose event is not in this game's log."""
    record = item.event
    if not record:
        return None
    seq = record.get("seq")
    log = game.state.log
    if isinstance(seq, int) and not isinstance(seq, bool) and 0 < seq <= len(log) and log[seq - 1].seq == seq:
        return log[seq - 1]
    return None


class EffectContext:
    """The host side of ``ctx``: which game, card, ability, item, player and event a script
    function runs for."""

    def __init__(self, game: Game, *, card: Card | None = None, ability: Ability | None = None,
                 item: Item | None = None, player: int | None = None, event: Event | None = None,
                 activation: Activation | None = None) -> None:
        self.game: Game = game
        self.card: Card | None = card
        self.ability: Ability | None = ability
        self.item: Item | None = item
        self.player: int | None = player if player is not None else (card.controller if card is not None else None)
        if event is None and activation is not None and activation.trigger is not None:
            event = activation.trigger.event
        if event is None and item is not None:
            event = triggering_event(game, item)
        #: The event this call runs for: the one being matched (a trigger's condition), or the one
        #: that triggered the ability being activated or resolved (found again from the item's
        #: ``event`` record in the game's log), or None.
        self.event: Event | None = event
        self.activation: Activation | None = activation

    @property
    def source_id(self) -> int | None:
        return self.card.id if self.card is not None else None

    def who(self, word: Any) -> int:
        return relative_player(self.game, self.player, word)

    def this_card(self) -> Card:
        """The card this effect belongs to, for words that default to "this card"; a
        :class:`ScriptUsageError` when the word is called outside a card's effect."""
        if self.card is None:
            raise ScriptUsageError("this word needs the card of a card's effect (it was called outside one)")
        return self.card

    def you(self) -> int:
        """The player this effect works for (who makes its choices); a :class:`ScriptUsageError`
        when the word is called outside a card's effect."""
        if self.player is None:
            raise ScriptUsageError("this word needs the player of a card's effect (it was called outside one)")
        return self.player

    def card_of(self, card_id: Any) -> Card:
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


def m_card(ctx: EffectContext, card_id: CardId | None = None) -> dict[str, Any]:
    """Information about a card (default: this one): ``id, code, name, zone, owner, controller,
    face_up, status, counters`` and its current derived values (``power``, ``cost`` ...)."""
    card = ctx.card if card_id is None else ctx.card_of(card_id)
    if card is None:
        raise ScriptUsageError("no card here")
    if not may_see(ctx, card):
        # What the script's controller may not see stays hidden: no code, name, text or values.
        return {"id": card.id, "hidden": True, "zone": card.zone, "owner": card.owner,
                "controller": card.controller, "face_up": card.face_up, "status": dict(card.status),
                "counters": dict(card.counters), "generation": card.generation}
    values = {k: (list(v) if isinstance(v, tuple) else v) for k, v in ctx.game.values(card).items()
              if isinstance(v, (int, float, str, bool, list, tuple)) or v is None}
    return {**values, "id": card.id, "code": card.code, "name": card.name, "zone": card.zone,
            "owner": card.owner, "controller": card.controller, "face_up": card.face_up,
            "status": dict(card.status), "counters": dict(card.counters), "generation": card.generation}


_revealed: "weakref.WeakKeyDictionary[Game, set[tuple[int, int]]]" = weakref.WeakKeyDictionary()
#: Who looked at which hidden cards through the host (``ctx:look_at_top``): per game, the
#: ``(player, card id, generation)`` of each look, good until the card changes zone.
_looked: "weakref.WeakKeyDictionary[Game, set[tuple[int, int, int]]]" = weakref.WeakKeyDictionary()
#: ... and the looks in order, as ``(turn, player, zone, zone's player, card ids top first)``.
_looks: "weakref.WeakKeyDictionary[Game, list[tuple[int, int, str, int, tuple[int, ...]]]]" = weakref.WeakKeyDictionary()


def may_see(ctx: EffectContext, card: Card) -> bool:
    """May the script's controller see this card's face? Yes when the rules show it to them (the
    zone's visibility, face up), or when an effect revealed it through the host (``ctx:reveal``)
    or let the controller look at it (``ctx:look_at_top``) since it last changed zone. A script
    with no controller (a rule's) sees everything."""
    if ctx.player is None or ctx.game.can_see(ctx.player, card):
        return True
    if (card.id, card.generation) in _revealed.get(ctx.game, ()):
        return True
    return (ctx.player, card.id, card.generation) in _looked.get(ctx.game, ())


def looks(game: Game) -> list[tuple[int, int, str, int, tuple[int, ...]]]:
    """Who looked at which hidden cards through the host in ``game``: ``(turn, player, zone,
    zone's player, card ids top first)`` for each ``ctx:look_at_top``, in order."""
    return list(_looks.get(game, ()))


def m_cards(ctx: EffectContext, spec: Filter | None = None) -> list[int]:
    """The ids of the cards matching a filter (see the filter keys), in a fixed order: zone
    order, then position, except that the cards the controller may not see come sorted by id,
    so that the list says nothing about a hidden zone's order (a deck, the opponent's hand,
    face-down life ...), the controller's own included. To act on the top cards of a deck use
    ``ctx:top_cards`` (without looking) or ``ctx:look_at_top`` (looking)."""
    if spec is not None and not isinstance(spec, dict):
        raise ScriptUsageError("cards() takes a filter table")
    cards = ctx.game.find(spec or {}, ctx.player, ctx.card)
    if spec and ctx.player is not None and not PUBLIC_FILTER_KEYS.issuperset(spec):
        # A filter that reads faces (a name, a value, a keyword ...) matches no card whose face
        # the controller may not see: counting "Mind Rot in the opponent's hand" says nothing.
        cards = [c for c in cards if may_see(ctx, c)]
    return hide_order(ctx, cards)


#: The filter keys a player can check on a card whose face they may not see: where it is, whose
#: it is, its public state (statuses, counters), and ``where`` (whose function sees through ctx).
PUBLIC_FILTER_KEYS = frozenset({"zone", "player", "controller", "owner", "face_up", "other", "self",
                                "attached_to_self", "host_of_self", "status", "counters", "where"})


def hide_order(ctx: EffectContext, cards: list[Card]) -> list[int]:
    """The ids of ``cards`` (in zone order) with the hidden cards of each zone put in id order
    in the places they held (issue 16: a script sees no hidden order, not even of its own
    controller's deck). An effect that uses the top cards of a deck asks the host for them
    (``ctx:top_cards``, ``ctx:look_at_top``)."""
    ids = [c.id for c in cards]
    if ctx.player is None:
        return ids
    slots: dict[tuple[Any, Any], list[int]] = {}
    for i, card in enumerate(cards):
        owner = card.zone_player if card.zone_player is not None else card.owner
        if not may_see(ctx, card):
            slots.setdefault((card.zone, owner), []).append(i)
    for places in slots.values():
        for i, cid in zip(places, sorted(ids[i] for i in places)):
            ids[i] = cid
    return ids


def _top(ctx: EffectContext, zone: str, n: int, who: Any, word: str) -> tuple[int, list[int]]:
    player = ctx.who(who)
    try:
        found = ctx.game.zone(zone, player)
    except KeyError:
        found = None
    if found is None or not found.spec.ordered:
        names = sorted({z.name for z in ctx.game.state.zones.values() if z.spec.ordered})
        raise ScriptUsageError(f"{zone!r} is not an ordered zone of player {player} "
                               f"(ordered zones: {', '.join(names)})")
    cards = found.cards
    return player, [cards[-1 - i] for i in range(min(n, len(cards)))]


def m_top_cards(ctx: EffectContext, zone: Name, n: Count = 1, who: Who = "you") -> list[int]:
    """The ids of the top ``n`` cards (fewer if there are fewer) of a player's ordered zone, top
    card first, to act on them without looking ("add the top card of your deck to your Life"):
    a hidden card stays hidden (``ctx:card`` shows it as hidden)."""
    return _top(ctx, str(zone), n, who, "top_cards")[1]


def m_look_at_top(ctx: EffectContext, zone: Name, n: Count = 1, who: Who = "you") -> list[int]:
    """The controller looks at the top ``n`` cards of a player's ordered zone (One Piece 8-4-4-4
    "look at the top 3 cards of your deck"): their ids, top card first. Until a card changes zone
    the controller's scripts see its face (``ctx:card``); the look is recorded (who looked at
    which cards: a ``looked_at`` event whose codes only the looker's view shows, and
    :func:`rulestack.context.looks`)."""
    if ctx.player is None:
        raise ScriptUsageError("look_at_top: no player to do the looking here")
    owner, ids = _top(ctx, str(zone), n, who, "look_at_top")
    game = ctx.game
    cards = game.state.cards
    _looked.setdefault(game, set()).update((ctx.player, i, cards[i].generation) for i in ids)
    _looks.setdefault(game, []).append((game.state.turn, ctx.player, str(zone), owner, tuple(ids)))
    game.record("looked_at", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player, cards=list(ids),
                codes=[cards[i].code for i in ids], visible=[ctx.player])
    return ids


def m_count(ctx: EffectContext, spec: Filter | None = None) -> int:
    """How many cards match a filter."""
    return len(m_cards(ctx, spec))


def m_value(ctx: EffectContext, card_id: CardId, attr: Name) -> Any:
    """A derived value of a card (``power``, ``toughness``, ``cost`` ...), nil if it has none or
    if the controller may not see the card's face."""
    if not isinstance(attr, str):
        raise ScriptUsageError("value(card, attr): attr must be a string")
    card = ctx.card_of(card_id)
    if not may_see(ctx, card):
        return None
    v = ctx.game.value(card, attr)
    return list(v) if isinstance(v, tuple) else v


def m_has_keyword(ctx: EffectContext, card_id: CardId, keyword: Name) -> bool:
    """Whether a card has a keyword now (false for a card whose face the controller may not see)."""
    card = ctx.card_of(card_id)
    return may_see(ctx, card) and ctx.game.has_keyword(card, str(keyword))


def m_life(ctx: EffectContext, who: Who = "you") -> int | None:
    """A player's life total."""
    return ctx.game.state.players[ctx.who(who)].life


def m_targets(ctx: EffectContext, group: Count = 1) -> list[int]:
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


def m_target(ctx: EffectContext, group: Count = 1) -> int | None:
    """The first remaining target of a target group (a card id or a player index), or nil."""
    t = m_targets(ctx, group)
    return t[0] if t else None


def m_event(ctx: EffectContext) -> dict[str, Any] | None:
    """The event that triggered this ability (``kind, cause, source, player`` and its fields)."""
    ev = ctx.event
    if ev is None and ctx.item is not None:
        record = ctx.item.event
        return None if record is None else _unseen_dropped(ctx, dict(record))
    return _unseen_dropped(ctx, ev.to_dict()) if ev is not None else None


def _unseen_dropped(ctx: EffectContext, record: dict[str, Any]) -> dict[str, Any]:
    """An event as the controller may read it: the codes of a card they did not see go (a card
    the opponent drew), as in their view of the log."""
    visible = record.get("visible", "all")
    if ctx.player is not None and visible != "all" and ctx.player not in (visible or ()):
        record.pop("code", None)
        record.pop("codes", None)
    return record


def m_item(ctx: EffectContext) -> dict[str, Any] | None:
    """This ability's item (``id, card, controller, paid, targets``)."""
    it = ctx.item
    if it is None:
        return None
    return {"id": it.id, "card": it.card, "controller": it.controller, "paid": dict(it.paid),
            "targets": [list(t) for t in it.targets], "kind": it.kind}


def m_paid(ctx: EffectContext, key: Name | None = None) -> Any:
    """What the cost actually took: ``paid("x")``, ``paid("cards")`` ... (nil if nothing)."""
    if ctx.item is None:
        return None
    return dict(ctx.item.paid) if key is None else ctx.item.paid.get(key)


def m_stack(ctx: EffectContext) -> list[dict[str, Any]]:
    """The items of the response structure, bottom to top, each ``{id, kind, card, code, name,
    controller, card_activation}``."""
    out = []
    for it in ctx.game.state.stack:
        card = ctx.game.state.cards.get(it.card) if it.card is not None else None
        if card is not None and not may_see(ctx, card):
            card = None   # an item of a card whose face the controller may not see: no code, name or kind
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


def m_negate_activation(ctx: EffectContext, item_id: CardId) -> bool:
    """Negate the activation of an item: it will not resolve at all. Returns true if it did."""
    it = _item(ctx, item_id)
    if it.activation_negated:
        return False
    ctx.game.set(it, "activation_negated", True)
    ctx.game.record("activation_negated", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player, item=it.id,
                    card=it.card)
    return True


def m_negate_effect(ctx: EffectContext, item_id: CardId) -> bool:
    """Negate the effect of an item: it stays, but does nothing when it resolves."""
    it = _item(ctx, item_id)
    if it.effect_negated:
        return False
    ctx.game.set(it, "effect_negated", True)
    ctx.game.record("effect_negation_applied", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player,
                    item=it.id, card=it.card)
    return True


def m_choose(ctx: EffectContext, spec: ChooseSpec) -> list[int]:
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


def m_choose_one(ctx: EffectContext, spec: ChooseSpec | None = None) -> int | None:
    """Like ``choose`` with ``count = 1``; returns the id or nil."""
    one: ChooseSpec = {**(spec or {}), "count": 1}
    got = m_choose(ctx, one)
    return got[0] if got else None


def m_yes_no(ctx: EffectContext, prompt: Text, who: Who = "you") -> bool:
    """Ask a player a yes/no question."""
    return ctx.game.yes_no(ctx.who(who), str(prompt), source=ctx.source_id)


def m_choose_option(ctx: EffectContext, labels: Annotated[list[Text], Bounded(1, 100)], prompt: Text = "choose one",
                    who: Who = "you") -> int:
    """Ask a player to pick one of several labels; returns its 1-based index."""
    if not isinstance(labels, list) or not labels:
        raise ScriptUsageError("choose_option takes a non-empty list of labels")
    return ctx.game.choose_option(ctx.who(who), [str(x) for x in labels], str(prompt), source=ctx.source_id) + 1


def m_choose_number(ctx: EffectContext, lo: Amount, hi: Amount, prompt: Text = "choose a number",
                    who: Who = "you") -> int:
    """Ask a player for a number between ``lo`` and ``hi``."""
    if not all(isinstance(v, int) for v in (lo, hi)) or lo > hi:
        raise ScriptUsageError("choose_number(lo, hi) takes two integers with lo <= hi")
    return ctx.game.choose_number(ctx.who(who), lo, hi, str(prompt), source=ctx.source_id)


def m_move(ctx: EffectContext, card_id: CardId, zone: Name, opts: MoveOptions | None = None) -> int:
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


def m_add_counters(ctx: EffectContext, card_id: CardId, kind: Name, n: Count = 1) -> int:
    """Put counters on a card; returns the new number."""
    return ctx.game.add_counters(ctx.card_of(card_id), str(kind), int(n), cause=Cause.EFFECT, source=ctx.source_id,
                                 by=ctx.player)


def m_remove_counters(ctx: EffectContext, card_id: CardId, kind: Name, n: Count = 1) -> int:
    """Remove counters from a card; returns how many were removed."""
    return ctx.game.remove_counters(ctx.card_of(card_id), str(kind), int(n), cause=Cause.EFFECT,
                                    source=ctx.source_id, by=ctx.player)


def m_change_life(ctx: EffectContext, who: Who, delta: Amount) -> int:
    """Add to (or, negative, subtract from) a player's life; returns the new total."""
    if isinstance(delta, bool) or not isinstance(delta, int):
        raise ScriptUsageError("change_life(player, delta) needs an integer delta")
    return ctx.game.change_life(ctx.who(who), delta, cause=Cause.EFFECT, source=ctx.source_id, by=ctx.player)


def m_modify(ctx: EffectContext, what: Cards, spec: ModifySpec) -> int:
    """Begin a continuous effect on cards (ids are locked in now; a filter applies to whatever
    matches later): ``{attr = "power", op = "add", value = 1000, duration = "until_end_of_turn"}``.
    ``until_turn = N`` makes it last until the end of turn N (``ctx:turn()`` is this one), ended
    by the host as that turn ends."""
    if not isinstance(spec, dict):
        raise ScriptUsageError("modify(cards, {attr=..., op=..., value=..., duration=...})")
    until = spec.get("until_turn")
    if until is not None and (isinstance(until, bool) or not isinstance(until, int)):
        raise ScriptUsageError(f"modify(): until_turn must be a turn number, got {until!r}")
    kw: dict[str, Any] = {}
    if isinstance(what, dict) and what:
        kw["filter"] = what
    else:
        kw["targets"] = _ids(ctx, what)
    eff = ctx.game.add_effect(str(spec.get("op", "add")), spec.get("attr"), spec.get("value"),
                              duration=str(spec.get("duration", "permanent")), source=ctx.source_id,
                              controller=ctx.player, layer=spec.get("layer"), until_turn=until, **kw)
    return eff.id


# -- what the host keeps for scripts is bounded, per card and per game ------------------------------
#: Bytes (as measured by :func:`data_size`) one card may keep with ``ctx:remember`` (all keys).
MAX_CARD_MEMORY = 16 * 1024
#: Bytes of event data one ``ctx:record`` or ``ctx:log`` may add to the log.
MAX_EVENT_DATA = 4 * 1024
#: Events the scripts of one card may add to a game's log (``ctx:record``, ``ctx:log``), and all
#: scripts together; and the bytes of them.
MAX_CARD_EVENTS, MAX_GAME_EVENTS = 5_000, 50_000
MAX_CARD_EVENT_BYTES, MAX_GAME_EVENT_BYTES = 1 * 2**20, 8 * 2**20

_usage: "weakref.WeakKeyDictionary[Game, dict[Any, list[int]]]" = weakref.WeakKeyDictionary()


def data_size(value: Any) -> int:
    """About how many bytes a plain value takes in the state or log (its text, 8 per scalar)."""
    if isinstance(value, str):
        return len(value.encode("utf-8", "surrogatepass")) + 2
    if isinstance(value, dict):
        return 2 + sum(data_size(k) + data_size(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return 2 + sum(data_size(v) for v in value)
    return 8


def _charge_events(ctx: EffectContext, method: str, size: int) -> None:
    """Count one script event of ``size`` bytes against the card's and the game's allowance."""
    if size > MAX_EVENT_DATA:
        raise ScriptUsageError(f"ctx:{method}(): the event data is too large ({size} bytes, limit {MAX_EVENT_DATA})")
    usage = _usage.setdefault(ctx.game, {})
    card = usage.setdefault(ctx.source_id, [0, 0])
    total = usage.setdefault("game", [0, 0])
    if card[0] >= MAX_CARD_EVENTS or card[1] + size > MAX_CARD_EVENT_BYTES:
        raise ScriptUsageError(f"ctx:{method}(): this card has recorded too much this game "
                               f"(limit {MAX_CARD_EVENTS} events, {MAX_CARD_EVENT_BYTES // 1024} KiB)")
    if total[0] >= MAX_GAME_EVENTS or total[1] + size > MAX_GAME_EVENT_BYTES:
        raise ScriptUsageError(f"ctx:{method}(): the cards' scripts have recorded too much this game "
                               f"(limit {MAX_GAME_EVENTS} events, {MAX_GAME_EVENT_BYTES // 2**20} MiB)")
    card[0] += 1
    card[1] += size
    total[0] += 1
    total[1] += size


def m_remember(ctx: EffectContext, key: Name, value: Any) -> None:
    """Keep a plain value for this card (forgotten when it changes zone). A card keeps at most
    16 KiB this way."""
    if ctx.card is None:
        raise ScriptUsageError("remember: no card here")
    memory = ctx.card.memory
    size = data_size(key) + data_size(value) + sum(data_size(k) + data_size(v) for k, v in memory.items()
                                                   if k != key)
    if size > MAX_CARD_MEMORY:
        raise ScriptUsageError(f"ctx:remember(): this card would keep too much ({size} bytes, "
                               f"limit {MAX_CARD_MEMORY})")
    ctx.game.remember(ctx.card, str(key), value)


def m_recall(ctx: EffectContext, key: Name) -> Any:
    """A value this card remembered, or nil."""
    return None if ctx.card is None else ctx.card.memory.get(str(key))


def m_shuffle(ctx: EffectContext, zone: Name, who: Who = "you") -> None:
    """Shuffle a zone of a player."""
    ctx.game.shuffle(str(zone), ctx.who(who), cause=Cause.EFFECT, source=ctx.source_id)


def m_reveal(ctx: EffectContext, cards: Cards) -> None:
    """Reveal cards to every player (recorded as a ``revealed`` event)."""
    ids = _ids(ctx, cards)
    seen = _revealed.setdefault(ctx.game, set())
    seen.update((i, ctx.game.state.cards[i].generation) for i in ids)
    ctx.game.record("revealed", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player, cards=ids,
                    codes=[ctx.game.state.cards[i].code for i in ids])


def m_stop(ctx: EffectContext) -> None:
    """Stop the resolution here: the rest of the text does not apply (a failed "if"). Only a
    resolving ability can stop (a condition returns false instead)."""
    if ctx.item is None:
        raise ScriptUsageError("ctx:stop() ends a resolution, and this function is not resolving one "
                               "(a condition or value returns instead)")
    raise StopResolution()


def m_log(ctx: EffectContext, message: Text | Amount | float | bool) -> None:
    """Write a line into the event log."""
    text = str(message)[:500]
    _charge_events(ctx, "log", data_size(text))
    ctx.game.record("script_log", source=ctx.source_id, player=ctx.player, message=text)


def m_record(ctx: EffectContext, kind: Name, data: dict[str, Any] | None = None) -> None:
    """Record a custom event (``kind`` prefixed by ``card:``) that other cards may trigger on."""
    if not isinstance(kind, str):
        raise ScriptUsageError("record(kind, {data}) needs a string kind")
    fields = {k: v for k, v in (data or {}).items() if isinstance(k, str) and k not in ("kind", "cause", "source",
                                                                                         "player", "seq")}
    _charge_events(ctx, "record", data_size(kind) + data_size(fields))
    ctx.game.record("card:" + kind, cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player, **fields)


HOST_METHODS: Mapping[str, Any] = {
    name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)
}
