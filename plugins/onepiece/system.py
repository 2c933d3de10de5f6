"""The One Piece Card Game as a rulestack system (Comprehensive Rules v1.2.0).

The class declares the game's data — areas, card fields, ability kinds, cost kinds, the Lua
vocabulary — and answers the host's hooks by handing each to the module that holds that part of
the rules: :mod:`.turn` (setup and phases), :mod:`.actions` (what players may do),
:mod:`.battle`, :mod:`.life` (damage and [Trigger]), :mod:`.resolution` (activation and the
order of 8-6), :mod:`.choices` (8-4-4), :mod:`.rules` (rule processing and defeat),
:mod:`.abilities` (keywords and conditions), :mod:`.costs`, :mod:`.don` and :mod:`.deck_rules`.
"""
from __future__ import annotations

from typing import Any

from rulestack import Ability, Action, Activation, Card, Decision, Event, Game, GameSystem, hookimpl, Item, Modifier
from rulestack.system import CardStat

from . import abilities, actions, activations, areas, choices, deck_rules, evaluation, narration, prohibitions, reference, resolution, rules, turn
from .costs import COST_KINDS
from .vocabulary import SCRIPT_METHODS


_expand_keywords = abilities.expand   # the hook's argument is also called "abilities"


class OnePieceSystem(GameSystem):
    """The One Piece Card Game: Leaders with Life, DON!!, battles with Blockers and Counters, and
    effects that resolve at once, without a stack."""

    name = "onepiece"
    version = "1.2.0"
    title = "One Piece Card Game (Comprehensive Rules v1.2.0)"
    #: While a cost is judged, the prohibitions as they stood before its payment began (8-3-1-3).
    frozen_prohibitions: frozenset[tuple[int, str]] | None = None
    #: (journal, its version, the field's prohibiting abilities then): prohibitions._on_field.
    prohibiting_on_field: tuple[Any, int, list[tuple[Any, Any]]] | None = None
    #: (journal version, what a modifier could change then: anywhere, on single cards, and whether
    #: power other than by DON!!): areas._written.
    written_attrs: tuple[int, tuple[set[str] | frozenset[str] | None, dict[int, Any], bool]] | None = None
    #: (the state's dict of zones, its size, the field areas in turn order of players):
    #: prohibitions._on_field.
    field_zones: tuple[dict, int, list[Any]] | None = None
    #: (the state's dict of zones, its size, its zones grouped by name): areas._zones_by_name.
    zones_by_name: tuple[dict, int, dict[str, list[Any]]] | None = None
    #: (the cards in the index of static abilities, their definitions, what those abilities could
    #: write: anywhere and on their own cards): areas._static_part.
    static_writes: tuple[list[int], list[tuple[int, Any]], tuple[frozenset[str] | None, dict[int, Any]]] | None = None
    zones = areas.ZONES
    deck_sections = {"leader": areas.LEADER, "main": areas.DECK, "don": areas.DON_DECK}
    card_fields = {
        "category": ("string", True),   # leader, character, event, stage or don (2-2)
        "color": "list",                # 2-3
        "types": "list",                # 2-4: {Straw Hat Crew}, {Navy} ...
        "attribute": "string",          # 2-5
        "power": "integer",             # 2-6
        "cost": "integer",              # 2-7
        "life": "integer",              # 2-9: a Leader's Life
        "counter": "integer",           # 2-10: a Character's Counter value
        "text": "string",               # the card's text, in our own words
    }
    ability_kinds = abilities.ABILITY_KINDS
    default_zones = abilities.DEFAULT_ZONES
    cost_kinds = COST_KINDS
    script_methods = SCRIPT_METHODS
    trigger_keys = abilities.TRIGGER_KEYS
    layers = ("set", "add")
    op_layers = {"set": "set", "add": "add"}
    settings_defaults = {"simultaneous_defeat": rules.ALL_LOSE}
    event_kinds = reference.EVENT_KINDS
    #: How the events count in a simulation's per-card figures: a draw (4-5) and a Character or Stage
    #: played; an Event activated from hand is the host's card activation (8-5-2).
    card_stats = (CardStat("drew", "drawn"), CardStat("played", "played"))
    phases = reference.PHASES
    windows = reference.WINDOWS
    player_values = reference.PLAYER_VALUES
    keywords = reference.KEYWORDS
    zone_docs = reference.ZONE_DOCS
    settings_docs = reference.SETTINGS_DOCS
    card_resource = ("rulestack_cards", "onepiece")
    sample_decks = ("red_straw_hat_crew", "black_navy")
    #: Action windows the turn can be re-entered at from the state alone (a fork copies there: rulestack.fork).
    resumable_windows = frozenset({"main"})
    max_turns = 200

    @hookimpl
    def evaluate_position(self, game: Game, player: int) -> float:
        """The search agents' score of a position (see :mod:`.evaluation`)."""
        return evaluation.evaluate(game, player)

    # -- setup and turns -----------------------------------------------------------------------
    @hookimpl
    def setup_game(self, game: Game) -> None:
        """5-2: shuffle, who goes first, opening hands and mulligans, Life."""
        turn.setup(game)

    @hookimpl
    def play_turn(self, game: Game) -> Any:
        """Refresh, Draw, DON!!, Main and End Phases (6)."""
        return turn.play_turn(game)

    @hookimpl
    def legal_actions(self, game: Game, player: int, window: str) -> list:
        return actions.legal_actions(game, player, window)

    @hookimpl
    def perform_action(self, game: Game, action: Action) -> Any:
        return actions.perform(game, action)

    # -- activation (8-4-1) -----------------------------------------------------------------------
    @hookimpl
    def can_activate(self, game: Game, activation: Activation) -> bool | None:
        """Timing (10-2-2 to 10-2-4), conditions (8-3-2) and invalidated text (8-2-1-1)."""
        return actions.activation_allowed(game, activation)

    def allowed_by_rules(self, game: Game, card: Card, ability: Ability, player: int, trigger: Any,
                         window: str | None) -> bool | None:
        """:meth:`can_activate` for an activation's parts (``actions.allowed_by_rules``: what the
        plugin's activation lists ask while this is the hook's one implementation)."""
        return actions.allowed_by_rules(game, card, ability, player, trigger, window)

    @hookimpl
    def announce(self, game: Game, activation: Activation) -> Any:
        """Reveal a card activated from hand (8-4-1-2); trash an Event before its effect (8-4-2)."""
        return actions.announce(game, activation)

    @hookimpl
    def cost_contributions(self, game: Game, activation: Activation) -> list:
        """Activating an Event from hand also pays its cost: rest that many DON!! (2-7-3). (Read from
        the ability, not ``card_activation``: the host's ``activatable`` list checks costs without it.)"""
        return activations.event_cost(game, activation.card, activation.ability)

    @hookimpl
    def cost_payment_failed(self, game: Game, activation: Activation, paid: dict) -> str:
        """8-3-1-3-1: payment that became impossible part way keeps what was paid, and the effect
        does not resolve ([Once Per Turn] is then used up, 10-2-13-5)."""
        return "keep"

    @hookimpl
    def cost_judgement(self, game: Game, activation: Activation) -> Any:
        """8-3-1-3: a cost is judged on the state before paying: prohibitions as they stood then."""
        return prohibitions.judged_before_payment(game, activation)

    @hookimpl
    def choice_rules(self, game: Game, request: Any) -> Any:
        return choices.choice_rules(game, request)

    @hookimpl
    def push_item(self, game: Game, item: Item) -> Any:
        return True if resolution.hold_item(game, item) else None

    @hookimpl
    def is_negated(self, game: Game, item: Item) -> bool:
        if item.card is None or item.ability is None:
            return False
        card = game.card(item.card)
        return areas.is_text_negated(game, card, card.definition.abilities[item.ability])

    # -- rule processing, auto effects and values ---------------------------------------------------
    @hookimpl
    def state_checks(self, game: Game) -> bool:
        return rules.rule_processing(game)

    @hookimpl
    def order_triggers(self, game: Game, triggers: list) -> list:
        return resolution.order_batch(game, triggers)

    @hookimpl
    def ability_active(self, game: Game, card: Card, ability: Ability, event: Event) -> bool:
        return abilities.functions_here(game, card, ability, event)

    @hookimpl
    def modifiers(self, game: Game) -> list:
        """Each DON!! given to a Leader or Character is +1000 power during its owner's turn (6-5-5-2)."""
        state = game.state
        cards, zones, player = state.cards, state.zones, state.active_player
        out = []
        for zone in areas.BATTLE_AREAS:
            found = zones.get((zone, player))
            for cid in (found if found is not None else game.zone(zone, player)).cards:
                given = cards[cid].status.get(areas.DON_COUNT, 0)
                if given:
                    out.append(Modifier(card=cid, attr="power", op="add", value=1000 * given, layer="add"))
        return out

    # -- loading ----------------------------------------------------------------------------------------
    @hookimpl
    def expand_keywords(self, entry: Any, abilities: list) -> list:
        """Timings become triggers; keyword texts such as "Trigger: play this card" become abilities."""
        return _expand_keywords(entry, abilities)

    @hookimpl
    def validate_deck(self, game: Game, deck: Any) -> list:
        """5-1-2: 1 Leader, 50 cards of the Leader's colours with at most 4 of each card number,
        10 DON!!."""
        return deck_rules.problems(game, deck)

    # -- narration ----------------------------------------------------------------------------------------
    @hookimpl
    def narrate_event(self, game: Game, event: Event, viewer: int | None) -> str | None:
        return narration.narrate(game, event, viewer)

    @hookimpl
    def narrate_decision(self, game: Game, decision: Decision, answer: Any, viewer: int | None) -> str | None:
        return narration.narrate_decision(game, decision, answer, viewer)
