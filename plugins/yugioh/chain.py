"""The chain: links built by alternating response windows, resolved last in, first out.

Each activation becomes an :class:`~rulestack.Item` in ``game.state.stack`` (one chain link). After
a link is added, the opponent of its controller may respond first; players alternate until both
pass in succession; then the chain resolves from the last link to the first, with no activation
allowed meanwhile (B3.1). Trigger effects whose events happen during resolution wait until the
whole chain has resolved, then form a new chain in SEGOC order: the turn player's mandatory
effects, the other player's mandatory effects, the turn player's optional effects, the other
player's optional ones, each player ordering their own (Rulebook v10; the TCG order: the OCG's
Master Duel style "public knowledge first" ordering is not used).

Missing the timing: an optional trigger worded "When ... : You can" activates only if its event was
the last thing to happen; "If ..." optional triggers and mandatory ones never miss the timing. The
last thing to happen is the resolution of the last link to resolve (Chain Link 1), or the action
itself outside a chain. (Within one link's resolution every event counts as the last thing: a
"When" trigger from the first half of "do A, then do B" is not detected as missing its timing.)
"""
from __future__ import annotations

from rulestack import Action, Cause, Event, Game, Item, PendingTrigger
from rulestack.windows import ResponseWindow

from . import rules, timing
from .cardinfo import ability_at, ability_speed, link_card
from .moves import destroy
from .windows import may_any_act, respond


def mark_last_thing(game: Game) -> None:
    """Whatever happens from now on is "the last thing to happen" (for missing the timing)."""
    game.set_value(None, "last_thing_from", len(game.state.log) + 1)


def push(game: Game, item: Item) -> None:
    """Add a chain link (the ``push_item`` hook)."""
    card = link_card(game, item)
    ab = ability_at(card, item.ability)
    link = len(game.state.stack) + 1
    below = game.state.stack[-1].id if game.state.stack else None
    game.set(item, "data", {**item.data, "link": link, "speed": ability_speed(card, ab), "responds_to": below})
    game.journal.append(game.state.stack, item)
    game.record("chain_link", player=item.controller, source=card.id, card=card.id, item=item.id, link=link,
                speed=item.data["speed"])


# -- triggers ------------------------------------------------------------------------------------------
def is_optional(game: Game, trigger: PendingTrigger) -> bool:
    return bool(game.card(trigger.card).definition.abilities[trigger.ability].get("optional"))


def missed_timing(game: Game, trigger: PendingTrigger) -> bool:
    """An optional "When ... : You can" trigger whose event was not the last thing to happen."""
    ab = game.card(trigger.card).definition.abilities[trigger.ability]
    if not ab.get("optional") or ab.get("wording", "if") != "when":
        return False
    event: Event = trigger.event
    last_from: int = game.value_of(None, "last_thing_from", 0)
    return event.seq < last_from


def segoc(game: Game, triggers: list[PendingTrigger]) -> list[PendingTrigger]:
    """The ``order_triggers`` hook: drop the triggers that missed their timing, then order the rest
    by SEGOC (each player orders their own effects within a category)."""
    live = []
    for t in triggers:
        if missed_timing(game, t):
            game.record("missed_timing", source=t.card, player=t.controller, card=t.card, ability=t.ability)
        else:
            live.append(t)
    tp = game.state.active_player
    ntp = game.opponent(tp)
    out = []
    for player, optional in ((tp, False), (ntp, False), (tp, True), (ntp, True)):
        group = [t for t in live if t.controller == player and is_optional(game, t) == optional]
        out += game.order(player, group, "order your simultaneous trigger effects (SEGOC)",
                          label=lambda t: game.card(t.card).name)
    return out


def put_triggers(game: Game) -> bool:
    """Put every pending trigger effect on the chain in SEGOC order; returns whether any was added."""
    added = False
    for trig in game.take_triggers():
        if game.put_trigger(trig) is not None:
            added = True
    return added


# -- building and resolving -------------------------------------------------------------------------------
def window_name(game: Game) -> str:
    if game.state.stack:
        return "chain"
    if game.state.values.get("summoning"):     # (game.value_of(None, ...), read directly)
        return "summon"
    return "open"


def _after_link(game: Game, action: Action) -> int:
    """After a chain link is added, the opponent of its controller may respond first."""
    top = timing.top_link(game)
    return game.opponent(top.controller if top is not None else action.player)


#: Building a chain: players alternate, the opponent of the last link's controller first, until
#: both pass in succession; the links then resolve with no window between them (:func:`resolve_all`).
CHAIN = ResponseWindow(window=lambda game, player: window_name(game), after_action=_after_link, resolve=None,
                       settle=None, ask=respond)


def build(game: Game, first: int) -> None:
    """Response windows, alternating from ``first``, until both players pass in succession. When
    neither player could do anything but pass (:func:`.windows.may_any_act`), it ends as :data:`CHAIN`
    would end after their two passes, without running it."""
    if len(game.state.players) == 2:
        window = window_name(game)
        if not may_any_act(game, (first, 1 - first), window):      # (1 - first: the opponent of two)
            return
    CHAIN.run(game, first)


def resolve_all(game: Game) -> None:
    """Resolve the chain, last link first. No activation is possible meanwhile."""
    st = game.state
    if not st.stack:
        return
    game.set_value(None, "resolving", True)
    while st.stack:
        item = game.journal.pop(st.stack)
        mark_last_thing(game)
        game.resolve(item)
        rules.run_state_checks(game)
    game.set_value(None, "resolving", False)
    game.record("chain_resolved")


def negate_summon(game: Game, source: int | None, by: int | None) -> list[int]:
    """Negate the Summon in progress: the monsters are destroyed (``summon_negated``)."""
    pending = game.value_of(None, "summoning")
    if not pending or pending.get("negated"):
        return []
    game.set_value(None, "summoning", {**pending, "negated": True})
    out = []
    for cid in pending["cards"]:
        game.record("summon_negated", cause=Cause.EFFECT, source=source, player=by, card=cid)
        if destroy(game, cid, cause=Cause.EFFECT, source=source, by=by):
            out.append(cid)
    return out
