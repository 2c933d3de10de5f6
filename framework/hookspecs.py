"""The hooks a game system (and any other plugin) answers.

The host drives every action down the same road — activation, cost, choice, push, resolution,
state checks, triggers — and asks these hooks what the rules say at each step. Each game has its
own :class:`pluggy.PluginManager` holding the system plugin, the host's defaults
(:class:`~rulestack.defaults.HostDefaults`, which answer last) and any extra plugins (house rules,
format restrictions, observers).

Two kinds of hook:

* *firstresult* hooks stop at the first plugin that returns something other than ``None``: that
  answer decides, and ``None`` means "no opinion, ask the next plugin". When every plugin returns
  ``None`` the host does what the hook's docstring calls the default.
* the others call every plugin and hand the host the list of their answers (``None`` answers
  included); each docstring says how the host combines them.

Hooks are called with keyword arguments, so an implementation may take only the arguments it
needs (``def state_checks(self, game)``). The types below are the real classes; they are imported
only for the type checker, so this module imports nothing of the host at run time.
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Literal

import pluggy

if TYPE_CHECKING:
    from .cards import Ability, CardEntry, CostComponent, Deck
    from .decisions import Decision
    from .events import Event
    from .flow import Action, Activation, ChoiceRequest, GameResult, PendingTrigger
    from .game import Game
    from .state import Card, Item
    from .values import Modifier

PROJECT = "rulestack"
#: Marks a function of this module as a hook specification.
hookspec = pluggy.HookspecMarker(PROJECT)
#: Marks a method of a plugin (a game system, house rules, an observer) as answering a hook.
hookimpl = pluggy.HookimplMarker(PROJECT)


# -- setup and turn structure ---------------------------------------------------------------

@hookspec
def setup_game(game: Game) -> None:
    """Prepare a new game, once, after the decks are in their zones (face down): shuffle, set life
    and resources, draw opening hands, mulligans, decide who goes first (through decisions), deal
    Life or security. Called by :meth:`Game.start`; not called for positions built by the
    scenario API. Every plugin's implementation runs; return values are ignored."""


@hookspec(firstresult=True)
def play_turn(game: Game) -> object | None:
    """Play the active player's turn, starting at ``game.state.phase`` (``None`` means the very
    start of the turn), and return any non-``None`` value when the turn is over.

    Called by :meth:`Game.play` once per turn, then :meth:`Game.next_turn` passes the turn.
    Starting at the recorded phase lets a scenario begin in the middle of a turn. The system calls
    :meth:`Game.act` wherever players may act, :meth:`Game.run_state_checks` where its rules check
    state, and :meth:`Game.end_game` when someone wins (which raises and ends the loop). *firstresult*:
    the first plugin returning non-``None`` played the turn; ``None`` passes to the next plugin."""


@hookspec(firstresult=True)
def next_turn(game: Game) -> int | None:
    """The index of the player whose turn comes next, asked by :meth:`Game.next_turn` after each
    turn (extra turns, skipped players). *firstresult*; ``None`` from every plugin: the next player
    in seat order."""


@hookspec
def legal_actions(game: Game, player: int, window: str) -> list[Action] | None:
    """The actions ``player`` may take now, in the action window ``window`` (a system word such as
    ``"main"``, ``"priority"``, ``"counter_step"``), asked by :meth:`Game.act` each time it opens a
    window. Every plugin's lists are joined in plugin order (``None`` counts as an empty list); the
    joined list must not be empty (a system always offers at least a pass). Use
    :meth:`Game.activatable` to list the card abilities that could be activated. Must not change
    the state."""


@hookspec(firstresult=True)
def perform_action(game: Game, action: Action) -> object | None:
    """Carry out ``action``, one of the :func:`legal_actions` a player chose. Called by
    :meth:`Game.perform` inside one transaction: if it raises, the state returns to before it.
    *firstresult*: return any non-``None`` value when done; ``None`` leaves the action to the next
    plugin. The host's default performs ``"activate"`` (through :meth:`Game.activate`) and
    ``"pass"`` and refuses any other kind with an error."""


# -- activation -----------------------------------------------------------------------------

@hookspec
def can_activate(game: Game, activation: Activation) -> bool | str | None:
    """May ``activation`` be announced now? Timing, spell speed, conditions, "cannot activate"
    effects (the host itself checks the ability's zones, lost abilities, once per turn, the
    ``condition`` script, the cost and the targets).

    Asked by :meth:`Game.activation_problem` (listing, then activating, an ability) and before a
    pending trigger is put (:meth:`Game.put_trigger`). Every plugin answers: any ``False`` — or a
    string, the reason, shown in errors and to players — refuses; ``True`` and ``None`` (no
    opinion) allow. Must not change the state."""


@hookspec(firstresult=True)
def announce(game: Game, activation: Activation) -> object | None:
    """What announcing the activation does to the card, before costs, inside the activation's
    transaction (``activation.item`` is already made): MTG moves a spell to the stack, One Piece
    trashes an Event (8-4-2), Digimon reveals an Option and puts it in no area (9-1-4), Yu-Gi-Oh!
    flips a Set card face up. *firstresult*: return non-``None`` if handled; when no plugin
    handles it, the card stays where it is."""


# -- costs ----------------------------------------------------------------------------------

@hookspec
def cost_contributions(game: Game, activation: Activation) -> list[CostComponent] | None:
    """Extra cost components that other cards or plugins add to this activation's cost (Chain
    Energy's LP, MTG taxes). Asked whenever the host assembles a cost (checking it can be paid,
    then paying it). Every plugin's lists are joined after the ability's own components (``None``
    counts as an empty list). Must not change the state."""


@hookspec(firstresult=True)
def assemble_cost(game: Game, activation: Activation, components: list[CostComponent]) -> list[CostComponent] | None:
    """The full cost, given the ability's own components followed by the :func:`cost_contributions`:
    apply reductions and increases and lock the total in (MTG 601.2f). *firstresult*: return the
    final list; ``None`` from every plugin keeps ``components`` as they are. Must not change the
    state (it also runs in the dry run that checks the cost can be paid)."""


@hookspec(firstresult=True)
def cost_payment_failed(game: Game, activation: Activation,
                        paid: dict[str, Any]) -> Literal["keep", "rollback"] | None:
    """Payment became impossible part way (after the whole cost was checked payable): a
    :class:`~rulestack.flow.CostUnpayable` was raised by a cost kind's ``pay``. ``paid`` is what
    was paid so far (a copy of ``Item.paid``). *firstresult*: ``"keep"`` keeps what was paid and
    does not put the item (One Piece 8-3-1-3-1: :meth:`Game.activate` returns ``None``);
    ``"rollback"`` or ``None`` from every plugin undoes the whole activation and re-raises."""


@hookspec(firstresult=True)
def cost_judgement(game: Game, activation: Activation) -> AbstractContextManager[object] | None:
    """A context manager under which the host judges whether an activation's cost can be paid (the
    dry runs before and during payment), for a game that judges a cost on the state as it was
    before paying began (One Piece 8-3-1-3: a prohibition that starts part way does not make the
    cost unpayable beforehand; paying then stops where it starts, and ``cost_payment_failed``
    says what happens). *firstresult*: the first context manager returned is entered; ``None``
    from every plugin: the cost is judged on the live state, part after part."""


@hookspec(firstresult=True)
def explain_refusal(game: Game, activation: Activation, problem: str) -> str | None:
    """Say in the game's own words why the host's own checks refuse an activation (``problem``,
    the host's wording: a cost that cannot be paid, no legal target ...), for a player asking
    why it is not offered (:mod:`rulestack.whynot`: the terminal's ``?``, ``Scenario.why_not``).
    Asked only then, never during play; must change nothing. *firstresult*; ``None`` from every
    plugin: the host's wording stands."""


# -- choices --------------------------------------------------------------------------------

@hookspec(firstresult=True)
def choice_rules(game: Game, request: ChoiceRequest) -> ChoiceRequest | None:
    """Adjust a choice before it becomes a decision: who chooses, how many (``min``/``max``),
    whether declining is allowed, whether too few candidates makes it fail. Asked for every target
    at activation and every :meth:`Game.request_choice` at resolution, after the host's default
    rules (:meth:`ChoiceRequest.apply_default_rules`). For example "up to" allows 0 and otherwise
    as many as possible (One Piece 8-4-4-1); a face-down secret-area choice may be declined
    (8-4-4-2); PMV 8.1.2.b needs exactly the number. *firstresult*: return the adjusted request
    (the same object changed, or a new one); ``None`` from every plugin keeps it as it is."""


# -- the response structure -----------------------------------------------------------------

@hookspec(firstresult=True)
def push_item(game: Game, item: Item) -> object | None:
    """Put an activated or triggered item where the game keeps it — the MTG stack, the
    Yu-Gi-Oh! chain, PMV's interference stack, a pending queue — or resolve it at once (One
    Piece). Called at the end of :meth:`Game.activate`, inside its transaction; change the state
    through ``game.journal`` so a rollback undoes it. *firstresult*: return non-``None`` if
    handled; the host's default puts it on top of ``game.state.stack``."""


@hookspec(firstresult=True)
def resolve_item(game: Game, item: Item) -> object | None:
    """Resolve an item, called by :meth:`Game.resolve` inside a transaction. *firstresult*:
    return non-``None`` if handled. The host's default, :meth:`Game.run_resolution`, skips an item
    whose activation was negated, checks :func:`is_negated`, then runs the ability's ``resolve``
    function with a context. Override to wrap it (PMV's removal suspension) and call
    ``game.run_resolution(item)`` yourself."""


@hookspec
def is_negated(game: Game, item: Item) -> bool | None:
    """Is the *effect* of ``item`` negated as it resolves (Skill Drain while the card is still on
    the field)? Asked by the default resolution. Every plugin answers: any ``True`` negates it,
    unless the ability is unnegatable; ``False`` and ``None`` do not. Negating the *activation* is
    a flag set on the item by an effect (``Item.activation_negated``), not this hook."""


@hookspec
def after_resolve(game: Game, item: Item) -> None:
    """After an item resolved or was negated (``item.resolved`` is set), still inside
    :meth:`Game.resolve`'s transaction: MTG puts an instant into the graveyard, Digimon trashes the
    Option, a Yu-Gi-Oh! Normal Spell goes to the GY. Every plugin's implementation runs; return
    values are ignored."""


# -- state checks and triggers --------------------------------------------------------------

@hookspec
def state_checks(game: Game) -> bool | None:
    """Perform the system's state checks once (MTG state-based actions as one batch, Digimon's
    rule processing, PMV near-death, losses). Called by :meth:`Game.run_state_checks` wherever the
    system's rules check state. Every plugin runs; return ``True`` if anything happened, and the
    host calls the hook again until no plugin returns ``True`` (a fixed point, at most 1000
    rounds)."""


@hookspec(firstresult=True)
def order_triggers(game: Game, triggers: list[PendingTrigger]) -> list[PendingTrigger] | None:
    """Order simultaneous triggered abilities, asked by :meth:`Game.take_triggers` with the
    pending triggers in the order they triggered: APNAP with each controller choosing (MTG 603.3b),
    SEGOC (Yu-Gi-Oh!), turn player first (One Piece 8-6-1, Digimon 15-4-3). Ask players through
    decisions (:meth:`Game.order`). *firstresult*: return the ordered list (the same triggers);
    ``None`` from every plugin keeps the order they triggered in."""


@hookspec(firstresult=True)
def ability_active(game: Game, card: Card, ability: Ability, event: Event | None) -> bool | None:
    """Does ``ability`` of ``card`` function now? Asked with ``event=None`` for static and
    replacement abilities (each time they would apply) and with the event for a triggered ability
    whose trigger an event matches. *firstresult*: ``True`` or ``False`` decides; ``None`` passes to the
    next plugin. The host's default looks at the zones the ability lists in ``zone`` (or the
    system's ``default_zones`` for its role); for a ``moved`` event of the card itself, either
    end of the move counts (leaves-the-field and enters-the-field triggers)."""


# -- derived values -------------------------------------------------------------------------

@hookspec
def modifiers(game: Game) -> list[Modifier]:
    """Modifiers that rules create (not cards): +1/+1 counters, One Piece DON!! +1000 during your
    turn, Digimon inherited DP. Asked each time the derived values are recomputed (after any change
    of state), before the cards' static abilities. Every plugin's lists are joined (return an
    empty list, not ``None``, when there are none). Must not change the state."""


# -- loading --------------------------------------------------------------------------------

@hookspec(firstresult=True)
def expand_keywords(entry: CardEntry, abilities: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """Turn a card's keywords into abilities, as ability tables, when its definition is built
    (once per card in a card pool, with no game: there is no ``game`` argument). ``entry`` is the
    card's data with ``entry.keywords`` from both its data and its script; ``abilities`` is the
    list the script returned (dicts). *firstresult*: return the expanded list; ``None`` from
    every plugin keeps ``abilities`` as they are."""


@hookspec
def validate_deck(game: Game, deck: Deck) -> list[str]:
    """Problems with a deck (size, copies, colours), as a list of messages; an empty list when
    legal (not ``None``). Asked by :meth:`Game.load_deck` once the deck's cards are in their
    zones. Every plugin's problems are joined; any problem refuses the deck with a
    :class:`~rulestack.errors.DeckError`."""


# -- observers ------------------------------------------------------------------------------

@hookspec
def on_event(game: Game, event: Event) -> None:
    """Every event as it is recorded (for statistics and loggers; keep it cheap and do not change
    the state). Not called for the events of a dry run (the host checking, with no effect, that an
    activation's cost can be paid and its targets chosen). Every plugin's implementation runs;
    return values are ignored. A game whose plugins implement no ``on_event`` skips the call."""


@hookspec
def game_over(game: Game, result: GameResult) -> None:
    """The game ended with ``result`` (called by :meth:`Game.end_game`, after the ``game_over``
    event is recorded and before :class:`~rulestack.errors.GameOver` is raised). Every plugin's
    implementation runs; return values are ignored."""


# -- narration (rulestack.narrate) --------------------------------------------------------------

@hookspec(firstresult=True)
def narrate_event(game: Game, event: Event, viewer: int | None) -> str | None:
    """One line in the game's own words for ``event`` as ``viewer`` may see it (``None``: a
    spectator), asked for every event :mod:`rulestack.narrate` tells. *firstresult*: the first
    line returned is used; ``None`` lets another plugin, or the host, narrate it. Return ``""``
    for an event not worth a line. Name cards and players through :func:`rulestack.narrate.teller`,
    which hides what the viewer could not see (and shows everything in the omniscient view)."""


# -- search agents (rulestack.search) -------------------------------------------------------------

@hookspec(firstresult=True)
def evaluate_position(game: Game, player: int) -> float | None:
    """How good the position of an unfinished game is for ``player``, as a number (higher is
    better; a won game is worth ``rulestack.search.WIN``, so keep scores well below it). Used by
    the greedy and Monte Carlo agents to compare the positions their options lead to. Read only
    what ``player`` may know (life, counts of cards, public cards): search agents call it on
    determinised forks. ``None`` lets the host's generic score (life difference, cards in hand,
    board size; :func:`rulestack.search.default_evaluation`) decide."""
@hookspec
def decision_answered(game: Game, decision: Decision, answer: list[int] | bool | int) -> None:
    """An agent answered ``decision`` (one that offered more than one answer) with ``answer``
    (validated, as recorded in the replay: option indices, yes/no or a number, by the decision's
    kind). An observer, called on every plugin (their answers
    are ignored): the ``rulestack play`` narrator tells the decisions that leave no event behind
    (passes). Decisions are not events: nothing here is recorded and nothing may change the game."""


@hookspec(firstresult=True)
def narrate_decision(game: Game, decision: Decision, answer: list[int] | bool | int,
                     viewer: int | None) -> str | None:
    """One line in the game's own words for an answered ``decision`` as ``viewer`` may see it
    ("P1 does not block", "P0 ends the Battle Phase"), ``""`` for an answer not worth a line (one
    whose events tell it already), or ``None`` to let the host word it (for an action decision
    answered with an action of kind ``pass``: "P1 passes"). Called for decisions that offered more
    than one answer; the game is as it was when the answer was given."""
