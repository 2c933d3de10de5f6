"""The Digimon Card Game as a rulestack system (Comprehensive Rules Manual Ver.4.2).

The class declares the game's data — areas, card fields, ability kinds, cost kinds, the Lua
vocabulary — and answers the host's hooks by handing each to the module holding that part of the
rules: :mod:`.turn` (preparation and the turn), :mod:`.memory` (the shared gauge), :mod:`.actions`
(what players may do), :mod:`.stacks` (the field and digivolution), :mod:`.battle` and
:mod:`.security` (attacks), :mod:`.resolution` (pending effects, 15-4), :mod:`.rules` (rule
checks), :mod:`.abilities` (timings and keywords) and :mod:`.narration`.
"""
from __future__ import annotations

from typing import Any

from rulestack import Ability, Action, Activation, Card, Decision, Event, Game, GameSystem, hookimpl, Item
from rulestack.system import CardStat

from . import abilities, actions, areas, evaluation, keywords, memory, narration, reference, resolution, rules, turn
from .vocabulary import FILTER_KEYS, SCRIPT_METHODS


class DigimonSystem(GameSystem):
    """The Digimon Card Game: a shared memory gauge, Digimon that digivolve in stacks, Digi-Eggs
    hatched in the breeding area, security checks, and pending effects without a stack."""

    name = "digimon"
    version = "4.2"
    title = "Digimon Card Game (Comprehensive Rules Manual Ver.4.2)"
    zones = areas.ZONES
    deck_sections = {"main": areas.DECK, "digi_egg": areas.EGG_DECK}
    card_fields = {
        "category": ("string", True),   # digimon, digi_egg, tamer or option (2-1)
        "color": "list",                # 2-2
        "level": "integer",             # 2-4
        "dp": "integer",                # 2-8
        "cost": "integer",              # play cost or use cost (2-5, 2-7)
        "digivolve": "list",            # 2-3-5: [{color, level, cost}], or {name, cost}
        "form": "string",
        "attribute": "string",
        "traits": "list",               # types, e.g. [Dinosaur]
        "text": "string",               # the card's text, in our own words
        "inherited_text": "string",     # its inherited effect, in our own words
        "security_text": "string",      # its [Security] effect, in our own words
    }
    ability_kinds = abilities.ABILITY_KINDS
    default_zones = abilities.DEFAULT_ZONES
    cost_kinds = memory.COST_KINDS
    script_methods = SCRIPT_METHODS
    trigger_keys = abilities.TRIGGER_KEYS
    filter_keys = FILTER_KEYS
    layers = ("set", "add")
    op_layers = {"set": "set", "add": "add"}
    card_resource = ("rulestack_cards", "digimon")
    sample_decks = ("st1_gaia_red", "st2_cocytus_blue")
    evaluate_position = evaluation.evaluate_position   # the search agents' score (see .evaluation)
    #: Action windows the turn can be re-entered at from the state alone (a fork copies there: rulestack.fork).
    resumable_windows = frozenset({"main"})
    max_turns = 300

    # the system's reference (``rulestack describe digimon``, ``rulestack check``)
    event_kinds = reference.EVENT_KINDS
    #: How the events count in a simulation's per-card figures: a draw (6-3), a card played (7-1),
    #: digivolved onto a Digimon (8-1) or hatched (4-18); an Option used is the host's card activation.
    card_stats = (CardStat("drew", "drawn"), CardStat("played", "played"), CardStat("digivolved", "played"),
                  CardStat("hatched", "played"))
    phases = reference.PHASES
    windows = reference.WINDOWS
    player_values = reference.PLAYER_VALUES
    keywords = reference.KEYWORDS
    zone_docs = reference.ZONE_DOCS

    # -- preparation and turns -------------------------------------------------------------------------
    @hookimpl
    def setup_game(self, game: Game) -> None:
        """5-2: shuffle, who goes first, opening hands and re-draws, security, memory at 0."""
        turn.setup(game)

    @hookimpl
    def play_turn(self, game: Game) -> Any:
        """Unsuspend, draw, breeding and main phases, and the end of turn (6)."""
        return turn.play_turn(game)

    @hookimpl
    def legal_actions(self, game: Game, player: int, window: str) -> list:
        """Breeding-phase, main-phase and block-timing actions (6-4, 6-5-1, 12)."""
        return actions.legal_actions(game, player, window)

    @hookimpl
    def perform_action(self, game: Game, action: Action) -> Any:
        """Carry out one action as one transaction."""
        return actions.perform(game, action)

    # -- activation -----------------------------------------------------------------------------------
    @hookimpl
    def can_activate(self, game: Game, activation: Activation) -> bool | None:
        """[Main] timing (15-8-4-2), [Security] while checked, [Your Turn]/[Opponent's Turn]."""
        return actions.activation_allowed(game, activation)

    @hookimpl
    def announce(self, game: Game, activation: Activation) -> Any:
        """Using an Option reveals it and puts it in no area (9-1-9-1, 9-1-4, 9-1-6)."""
        return actions.announce(game, activation)

    @hookimpl
    def cost_contributions(self, game: Game, activation: Activation) -> list:
        """An Option's use cost, in memory (9-1-9-2)."""
        return actions.cost_contributions(game, activation)

    @hookimpl
    def after_resolve(self, game: Game, item: Item) -> None:
        """A used Option is trashed right after its [Main] effect unless placed in an area (9-1-5)."""
        actions.after_use(game, item)

    # -- rule checks, pending effects and values ------------------------------------------------------------
    @hookimpl
    def state_checks(self, game: Game) -> bool:
        """Rule checks (17-1-3), all at once."""
        return rules.rule_check(game)

    @hookimpl
    def order_triggers(self, game: Game, triggers: list) -> list:
        """Order kept; the players choose one at a time as each activates (15-4-3-4/-5)."""
        return resolution.order_triggers(game, triggers)

    @hookimpl
    def ability_active(self, game: Game, card: Card, ability: Ability, event: Event) -> bool:
        """Where each effect works (15-1-7, 15-3, 3-4-7-4) and [Your Turn]/[Opponent's Turn]."""
        return abilities.functions_here(game, card, ability, event)

    @hookimpl
    def modifiers(self, game: Game) -> list:
        """Inherited persistent effects apply to the Digimon their card is under (15-3)."""
        return rules.inherited_modifiers(game)

    # -- loading and telling -------------------------------------------------------------------------------
    @hookimpl
    def expand_keywords(self, entry: Any, abilities: list) -> list:
        """Timings become triggers; keywords (16) become flags, numbers or abilities."""
        return _expand(entry, abilities)

    @hookimpl
    def validate_deck(self, game: Game, deck: Any) -> list:
        """1-4-1: 50 cards, at most 4 of each card number, a Digi-Egg deck of 0 to 5."""
        return rules.deck_problems(game, deck)

    @hookimpl
    def narrate_event(self, game: Game, event: Event, viewer: int | None) -> str | None:
        """One line in the Digimon Card Game's words for an event this system records."""
        return narration.narrate(game, event, viewer)

    @hookimpl
    def narrate_decision(self, game: Game, decision: Decision, answer: Any, viewer: int | None) -> str | None:
        return narration.narrate_decision(game, decision, answer, viewer)


def _expand(entry: Any, found: list) -> list:
    return abilities.fix_inherited_self(keywords.expand(entry, found))
