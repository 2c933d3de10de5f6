"""The hooks a game system (and any other plugin) answers.

The host drives every action down the same road — activation, cost, choice, push, resolution,
state checks, triggers — and asks these hooks what the rules say at each step. Each game has its
own :class:`pluggy.PluginManager` holding the system plugin, the host's defaults (which answer
last) and any extra plugins (house rules, format restrictions, observers).

Hooks marked *firstresult* stop at the first plugin that returns something other than ``None``;
the others collect every plugin's answer.
"""
from __future__ import annotations

from typing import Any

import pluggy

PROJECT = "rulestack"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# -- setup and turn structure ---------------------------------------------------------------

@hookspec
def setup_game(game: Any) -> None:
    """Prepare a new game after the decks are in their zones: shuffle, set life and resources,
    draw opening hands, mulligans, decide who goes first (through decisions), deal Life or
    security. Not called for positions built by the scenario API."""


@hookspec(firstresult=True)
def play_turn(game: Any) -> Any:
    """Play the active player's turn, starting at ``game.state.phase`` (``None`` means the very
    start of the turn), and return when the turn is over (any non-``None`` value).

    Starting at the recorded phase lets a scenario begin in the middle of a turn. The system calls
    :meth:`Game.act` wherever players may act, :meth:`Game.run_state_checks` where its rules check
    state, and :meth:`Game.end_game` when someone wins."""


@hookspec(firstresult=True)
def next_turn(game: Any) -> int | None:
    """The index of the player whose turn comes next (default: the next player in order)."""


@hookspec
def legal_actions(game: Any, player: int, window: str) -> list:
    """The actions ``player`` may take now, in the action window ``window`` (a system word such as
    ``"main"``, ``"priority"``, ``"counter_step"``). Every plugin's lists are joined. Use
    :meth:`Game.activatable` to list the card abilities that could be activated."""


@hookspec(firstresult=True)
def perform_action(game: Any, action: Any) -> Any:
    """Carry out an action chosen from :func:`legal_actions`. Return a non-``None`` value when
    done. The host runs it as one transaction: if it fails, the state returns to before it."""


# -- activation -----------------------------------------------------------------------------

@hookspec
def can_activate(game: Any, activation: Any) -> bool | None:
    """May ``activation`` (an :class:`~rulestack.flow.Activation`) be announced now? Timing,
    spell speed, conditions, once-per-turn, "cannot activate" effects. Must not change the state.
    Any plugin answering ``False`` — or a string, the reason, shown in errors — refuses; ``None``
    means no opinion."""


@hookspec(firstresult=True)
def announce(game: Any, activation: Any) -> Any:
    """What announcing the activation does to the card, before costs: MTG moves a spell to the
    stack, One Piece trashes an Event (8-4-2), Digimon reveals an Option and puts it in no area
    (9-1-4), Yu-Gi-Oh! flips a Set card face up. Return a non-``None`` value if handled."""


# -- costs ----------------------------------------------------------------------------------

@hookspec
def cost_contributions(game: Any, activation: Any) -> list:
    """Extra :class:`~rulestack.cards.CostComponent` s that other cards or plugins add to this
    activation's cost (Chain Energy's LP, MTG taxes). Every plugin's lists are joined."""


@hookspec(firstresult=True)
def assemble_cost(game: Any, activation: Any, components: list) -> list | None:
    """The full cost, given the card's own components followed by the contributions: apply
    reductions and increases and lock the total in (MTG 601.2f). Return the final list, or
    ``None`` to keep it as it is."""


@hookspec(firstresult=True)
def cost_payment_failed(game: Any, activation: Any, paid: dict) -> str | None:
    """Payment became impossible part way (after the whole cost was checked payable). Return
    ``"keep"`` to keep what was paid and not resolve the effect (One Piece 8-3-1-3-1), or
    ``"rollback"`` (the default) to undo the whole activation."""


# -- choices --------------------------------------------------------------------------------

@hookspec(firstresult=True)
def choice_rules(game: Any, request: Any) -> Any:
    """Adjust a :class:`~rulestack.flow.ChoiceRequest` before it becomes a decision: who
    chooses, how many (``min``/``max``), whether declining is allowed. For example "up to" allows
    0 and otherwise as many as possible (One Piece 8-4-4-1); a face-down secret-area choice may be
    declined (8-4-4-2); PMV 8.1.2.b needs exactly the number. Return the adjusted request."""


# -- the response structure -----------------------------------------------------------------

@hookspec(firstresult=True)
def push_item(game: Any, item: Any) -> Any:
    """Put an activated or triggered :class:`~rulestack.state.Item` where the game keeps it — the
    MTG stack, the Yu-Gi-Oh! chain, PMV's interference stack, a pending queue — or resolve it at
    once (One Piece). Return a non-``None`` value if handled."""


@hookspec(firstresult=True)
def resolve_item(game: Any, item: Any) -> Any:
    """Resolve an item. The host's default checks :func:`is_negated`, then runs the ability's
    ``resolve`` function with a context. Override to wrap it (PMV's removal suspension)."""


@hookspec
def is_negated(game: Any, item: Any) -> bool | None:
    """Is the *effect* of ``item`` negated as it resolves (Skill Drain while the card is still on
    the field)? Any ``True`` negates it, unless the ability is unnegatable. Negating the
    *activation* is a flag set on the item by an effect (``Item.activation_negated``)."""


@hookspec
def after_resolve(game: Any, item: Any) -> None:
    """After an item resolved or was negated: MTG puts an instant into the graveyard, Digimon
    trashes the Option, a Yu-Gi-Oh! Normal Spell goes to the GY."""


# -- state checks and triggers --------------------------------------------------------------

@hookspec(firstresult=True)
def cost_judgement(game: Any, activation: Any) -> Any:
    """A context manager under which the host judges whether an activation's cost can be paid (the
    dry runs before and during payment), for a game that judges a cost on the state as it was
    before paying began (One Piece 8-3-1-3: a prohibition that starts part way does not make the
    cost unpayable beforehand; paying then stops where it starts, and ``cost_payment_failed``
    says what happens). ``None``: the cost is judged on the live state, part after part."""


@hookspec
def state_checks(game: Any) -> bool:
    """Perform the system's state checks once (MTG state-based actions as one batch, Digimon's
    rule processing, PMV near-death, losses). Return ``True`` if anything happened; the host
    repeats until nothing does (a fixed point)."""


@hookspec(firstresult=True)
def order_triggers(game: Any, triggers: list) -> list | None:
    """Order simultaneous triggered abilities (:class:`~rulestack.flow.PendingTrigger`): APNAP
    with each controller choosing (MTG 603.3b), SEGOC (Yu-Gi-Oh!), turn player first (One Piece
    8-6-1, Digimon 15-4-3). Ask players through decisions. Return the ordered list."""


@hookspec(firstresult=True)
def ability_active(game: Any, card: Any, ability: Any, event: Any) -> bool | None:
    """Does ``ability`` of ``card`` function now (for triggers ``event`` is the event being
    matched)? The default looks at the zones the ability lists in ``zone`` (or the system's
    ``default_zones`` for its role)."""


# -- derived values -------------------------------------------------------------------------

@hookspec
def modifiers(game: Any) -> list:
    """Modifiers that rules create (not cards): +1/+1 counters, One Piece DON!! +1000 during your
    turn, Digimon inherited DP. Each plugin returns a list of :class:`~rulestack.values.Modifier`."""


# -- loading --------------------------------------------------------------------------------

@hookspec(firstresult=True)
def expand_keywords(entry: Any, abilities: list) -> list | None:
    """Turn a card's keywords (from its data and script) into abilities, as ability tables.
    ``abilities`` is the list the script returned (dicts); return the expanded list."""


@hookspec
def validate_deck(game: Any, deck: Any) -> list:
    """Problems with a deck (size, copies, colours), as a list of strings; empty when legal."""


# -- observers ------------------------------------------------------------------------------

@hookspec
def on_event(game: Any, event: Any) -> None:
    """Every event as it is recorded (for statistics and loggers; keep it cheap)."""


@hookspec
def game_over(game: Any, result: Any) -> None:
    """The game ended with ``result`` (a :class:`~rulestack.game.GameResult`)."""


# -- narration (rulestack.narrate) --------------------------------------------------------------

from typing import TYPE_CHECKING  # noqa: E402  (this block is kept apart from the typed hooks above)

if TYPE_CHECKING:
    from .events import Event
    from .game import Game


@hookspec(firstresult=True)
def narrate_event(game: Game, event: Event, viewer: int | None) -> str | None:
    """One line in the game's own words for ``event`` as ``viewer`` may see it (``None``: a
    spectator); ``None`` lets another plugin, or the host, narrate it. Return ``""`` for an event
    not worth a line. Name cards and players through :func:`rulestack.narrate.teller`, which hides
    what the viewer could not see (and shows everything in the omniscient view)."""


@hookspec
def decision_answered(game: Game, decision: Any, answer: Any) -> None:
    """An agent answered ``decision`` (a :class:`~rulestack.decisions.Decision` that offered more
    than one answer) with ``answer`` (validated, as recorded in the replay). An observer: the
    ``rulestack play`` narrator tells the decisions that leave no event behind (passes). Decisions
    are not events: nothing here is recorded and nothing may change the game."""


@hookspec(firstresult=True)
def narrate_decision(game: Game, decision: Any, answer: Any, viewer: int | None) -> str | None:
    """One line in the game's own words for an answered ``decision`` as ``viewer`` may see it
    ("P1 does not block", "P0 ends the Battle Phase"), ``""`` for an answer not worth a line (one
    whose events tell it already), or ``None`` to let the host word it (for an action decision
    answered with an action of kind ``pass``: "P1 passes"). Called for decisions that offered more
    than one answer; the game is as it was when the answer was given."""
