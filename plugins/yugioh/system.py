"""The Yu-Gi-Oh! game system: its data (zones, card fields, ability kinds, costs, Lua words) and its
answers to the host's hooks. The rules themselves live in the modules this one delegates to."""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from rulestack import (Ability, AbilityKind, Action, Activation, Card, Cause, ChoiceRequest, CostComponent, Deck,
                       Decision, Event, Game, GameSystem, Item, Modifier, PendingTrigger, Role, ZoneSpec, hookimpl)
from rulestack.cards import CardEntry
from rulestack.state import Visibility
from rulestack.system import CardStat

from . import actions, chain, costs, evaluation, extra_deck, narration, reference, rules, timing, turn
from .cardinfo import (LASTING, ONE_SHOT, ActionCache, ZoneGroups, ability_at, is_extra_deck_monster, is_monster,
                       link_card, on_field, position, prop)
from .lua_api import SCRIPT_METHODS
from .moves import send
from .proper_summons import revivable_filter
from .rules import ActiveStatics, CheckedZones, StaticHolders
from .summoning import SummonActions
from .windows import ActivationZones, SearchZones, WindowActivations

_WHEN = {"when": "table", "requires": "list"}

ABILITY_KINDS = {
    "activate": AbilityKind(
        "activate", Role.ACTIVATED, keys={"speed": "integer", "restriction": "string", "once_per_turn_by_name":
                                          "boolean", **_WHEN},
        doc="activating this Spell or Trap card (from the hand, or Set on the field)", zones=("hand", "spell_trap")),
    "effect": AbilityKind(
        "effect", Role.ACTIVATED, keys={"speed": "integer", "once_per_turn_by_name": "boolean", **_WHEN},
        doc="an activated effect of a face-up Spell or Trap card", zones=("spell_trap",)),
    "ignition": AbilityKind(
        "ignition", Role.ACTIVATED, keys={"once_per_turn_by_name": "boolean", "requires": "list"},
        doc="a monster's Ignition Effect (Spell Speed 1, your Main Phase)", zones=("monster",)),
    "quick": AbilityKind(
        "quick", Role.ACTIVATED, keys={"speed": "integer", "once_per_turn_by_name": "boolean", **_WHEN},
        doc="a monster's Quick Effect (Spell Speed 2)", zones=("monster",)),
    "trigger": AbilityKind(
        "trigger", Role.TRIGGERED, keys={"speed": "integer", "wording": "string", "once_per_turn_by_name": "boolean"},
        required=frozenset({"trigger"}),
        doc="a Trigger Effect; wording = 'when' makes an optional one able to miss the timing"),
    "flip": AbilityKind(
        "flip", Role.TRIGGERED, keys={"once_per_turn_by_name": "boolean", "wording": "string"},
        doc="a FLIP effect: triggers when the monster is flipped face-up", zones=("monster",)),
    "continuous": AbilityKind(
        "continuous", Role.STATIC, keys={"forbids": "list"},
        doc="a Continuous Effect: modifiers and restrictions (forbids = {'tribute', 'declare_attack', ...})"),
    "toll": AbilityKind(
        "toll", Role.STATIC, keys={"actions": "list", "cost": "list", "payer": "string"},
        doc="a Continuous Effect that puts a cost on actions (Chain Energy)"),
    "replacement": AbilityKind("replacement", Role.REPLACEMENT, doc="a replacement effect ('... instead')"),
}


class YugiohSystem(GameSystem):
    """Yu-Gi-Oh! (TCG rules). See the package docstring for what is and is not covered."""

    name = "yugioh"
    version = "1.0"
    title = "Yu-Gi-Oh! Trading Card Game"
    zones = (
        ZoneSpec("deck", Visibility.HIDDEN, ordered=True),
        ZoneSpec("extra", Visibility.PRIVATE),
        ZoneSpec("hand", Visibility.PRIVATE),
        ZoneSpec("monster", Visibility.PUBLIC),
        ZoneSpec("spell_trap", Visibility.PUBLIC),
        ZoneSpec("graveyard", Visibility.PUBLIC, ordered=True),
        ZoneSpec("banished", Visibility.PUBLIC),
        ZoneSpec("overlay", Visibility.PUBLIC),   # Xyz Materials, each attached_to its Xyz Monster
    )
    deck_sections = {"main": "deck", "extra": "extra"}
    card_fields = {"card_type": ("string", True), "property": "string", "frame": "string", "attribute": "string",
                   "type": "string", "level": "integer", "atk": "integer", "def": "integer", "text": "string",
                   **extra_deck.CARD_FIELDS}
    script_keys = {"maintenance": "table", "equip": "table", "lifetime": "table"}
    ability_kinds = ABILITY_KINDS
    default_zones = {Role.ACTIVATED: ("monster",), Role.TRIGGERED: ("monster",),
                     Role.STATIC: ("monster", "spell_trap"), Role.REPLACEMENT: ("monster", "spell_trap")}
    cost_kinds = costs.COST_KINDS
    script_methods = SCRIPT_METHODS
    filter_keys = {
        "attacking": lambda game, card, want, player: _is_attacker(game, card) == bool(want),
        "just_summoned": lambda game, card, want, player: _just_summoned(game, card) == bool(want),
        "position": lambda game, card, want, player: card.zone == "monster" and position(card) == want,
        "revivable": revivable_filter,
        "effect_monster": lambda game, card, want, player: (is_monster(card) and bool(card.definition.abilities))
        == bool(want),
    }
    trigger_keys = {"attacked": lambda game, card, ev, want: (ev.get("target") == card.id) == bool(want)}
    layers = ("set", "add")
    op_layers = {"set": "set", "add": "add"}
    card_resource = ("rulestack_cards", "yugioh")
    event_kinds = reference.EVENT_KINDS
    #: How the events count in a simulation's per-card figures: a draw, a Summon or Set of a monster
    #: (a Flip Summon turns a Set monster face-up: it was played when Set); a Spell or Trap activated
    #: is the host's card activation.
    card_stats = (CardStat("moved", "drawn", when={"how": "drawn"}), CardStat("summoned", None, when={"how": "flip"}),
                  CardStat("summoned", "played"), CardStat("monster_set", "played"))
    phases = reference.PHASES
    windows = reference.WINDOWS
    player_values = reference.PLAYER_VALUES
    keywords = reference.KEYWORDS
    zone_docs = reference.ZONE_DOCS
    sample_decks = ("classic_a", "classic_b")
    #: Action windows the turn can be re-entered at from the state alone (a fork copies there: rulestack.fork).
    resumable_windows = frozenset({"main"})
    playout_weights = evaluation.PLAYOUT_WEIGHTS   # the search agents' playouts (see .evaluation)
    targets_before_cost = False       # the cost is paid, then targets are chosen (YGO-A5)
    max_turns = 200

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings)
        #: The static abilities that apply, found at one journal version (:func:`.rules.active_statics`).
        self.statics = ActiveStatics()
        #: The journal version at which the game was last found settled (see :func:`settling.settle`).
        self.settled_at = -1
        #: The journal version at which a direct round of state checks last found nothing to do, carried
        #: over phase changes that changed nothing the checks read (see :func:`settling.enter_phase`).
        self.checked_at = -1
        #: The zones from which some card of this game has an activated ability, and whether some
        #: card has a monster effect usable from the hand (:class:`.windows.ActivationZones`).
        self.activation_zones = ActivationZones()
        #: The actions offered so far, by what they are made of (:func:`.cardinfo.cached_action`).
        self.action_cache = ActionCache()
        #: The Normal Summon and Set actions of the cards in the hand (:class:`.summoning.SummonActions`).
        self.summon_actions = SummonActions()
        #: What some modifier could change (keywords, negation), and at which journal version
        #: (:func:`.rules.modifier_writes`).
        self.modifier_writes: tuple[int, frozenset[str] | None, bool] = (-1, None, True)
        #: The zones searched for activated abilities, per player (:class:`.windows.SearchZones`).
        self.search_zones = SearchZones()
        #: The activations last worked out for a window (:func:`.windows.activations`).
        self.window_activations = WindowActivations()
        #: The cards with a static ability and their kinds (:class:`.rules.StaticHolders`).
        self.static_holders = StaticHolders()
        #: The zones the state checks look at, per player (:class:`.rules.CheckedZones`).
        self.checked_zones = CheckedZones()
        #: The state's zones grouped by name (:class:`.cardinfo.ZoneGroups`).
        self.zone_groups = ZoneGroups()

    @hookimpl
    def evaluate_position(self, game: Game, player: int) -> float:
        """The search agents' score of a position (see :mod:`.evaluation`)."""
        return evaluation.evaluate(game, player)

    # -- setup and turns ------------------------------------------------------------------------------
    @hookimpl
    def setup_game(self, game: Game) -> None:
        """Shuffle, 8000 LP, a coin toss (its winner chooses to go first or second), 5-card hands."""
        turn.setup(game)

    @hookimpl
    def play_turn(self, game: Game) -> bool:
        """Draw, Standby, Main 1, Battle, Main 2 and End Phases, from the recorded phase."""
        turn.play_turn(game)
        return True

    @hookimpl
    def legal_actions(self, game: Game, player: int, window: str) -> list[Action]:
        """Summons, Sets, attacks and activations allowed in ``window`` (see :mod:`.timing`)."""
        return actions.legal_actions(game, player, window)

    @hookimpl
    def perform_action(self, game: Game, action: Action) -> bool | None:
        """Carry out one action; chains and triggers that follow are handled by the turn loop."""
        return actions.perform(game, action)

    # -- activation ----------------------------------------------------------------------------------
    @hookimpl
    def can_activate(self, game: Game, activation: Activation) -> bool | str | None:
        """Spell speed, window, place and "When ..." timing for activations; the once-per-turn-by-name
        limit for triggers too (SEGOC puts triggers on the chain whatever their spell speed)."""
        ab = activation.ability
        if activation.trigger is not None:
            if ab.get("once_per_turn_by_name") and timing.name_used(game, activation.player, activation.card.name):
                return False
            if timing.name_locked(game, activation.player, activation.card.name):
                return False
            return None
        checked = self.window_activations
        if checked.checking is activation and checked.checking_version == game.journal.version:
            # The window's list has just applied the place, spell speed and timing checks to this
            # very activation, in this very state (see .windows.activations): the rest is left.
            return timing.usage_problem(game, activation.card, ab, activation.player)
        return timing.timing_problem(game, activation)   # the reason refuses (shown by "why not?"); None allows

    @hookimpl
    def announce(self, game: Game, activation: Activation) -> bool | None:
        """Activating a Spell/Trap puts it face-up on the field (from the hand, or by flipping it);
        a name-limited effect is marked used; an activation restriction starts to apply."""
        card, ab, item = activation.card, activation.ability, activation.item
        if ab.get("once_per_turn_by_name"):
            timing.use_name(game, activation.player, card.name)
        if ab.get("restriction") == "no_normal_summon":
            game.set_value(activation.player, "no_normal_summon_turn", game.state.turn)
        if ab.kind != "activate":
            return None
        activation.data["from_zone"] = card.zone
        if card.zone == "hand":
            card = game.move(card, "spell_trap", activation.player, face_up=True, cause=Cause.RULE,
                             by=activation.player, how="activated")
        else:
            game.set(card, "face_up", True)
            game.record("card_revealed", player=activation.player, card=card.id, code=card.code)
        game.set_status(card, "activating", True, quiet=True)
        game.set(item, "data", {**item.data, "card_gen": card.generation})
        return True

    @hookimpl
    def cost_contributions(self, game: Game, activation: Activation) -> list[CostComponent]:
        """Tolls on activating a card from the hand (Chain Energy), part of the cost (YGO-A17)."""
        ab = activation.ability
        if ab is None or ab.kind != "activate":
            return []
        if activation.data.get("from_zone", activation.card.zone) != "hand":
            return []
        return costs.tolls(game, activation.player, "activate_from_hand", activation.card)

    @hookimpl
    def choice_rules(self, game: Game, request: ChoiceRequest) -> ChoiceRequest:
        """A card that targets needs every target it asks for: without enough legal targets it cannot
        be activated at all (unless it says "up to")."""
        if request.reason == "target" and not request.up_to:
            request.fail_if_short = True
            request.min = request.max = min(request.count, len(request.candidates))
        return request

    # -- the chain ------------------------------------------------------------------------------------
    @hookimpl
    def push_item(self, game: Game, item: Item) -> bool:
        """The activation becomes the next chain link."""
        chain.push(game, item)
        return True

    @hookimpl
    def resolve_item(self, game: Game, item: Item) -> bool:
        """A Continuous, Equip or Field card must still be on the field for its activation to
        resolve (Premature Burial destroyed in the chain does nothing)."""
        card = link_card(game, item)
        if item.card_activation and not item.activation_negated and prop(card) in LASTING:
            if card.generation != item.data.get("card_gen") or not on_field(card):
                game.record("resolution_skipped", source=card.id, item=item.id, why="the card left the field")
                return True
        game.run_resolution(item)
        return True

    @hookimpl
    def is_negated(self, game: Game, item: Item) -> bool:
        """Negated as it resolves only if a negation reaches the card now: a monster that left the
        field (Tributed as its own cost) escapes Skill Drain (YGO-A15)."""
        card = link_card(game, item)
        return rules.text_negated(game, card, ability_at(card, item.ability))

    @hookimpl
    def after_resolve(self, game: Game, item: Item) -> None:
        """A Spell/Trap whose activation resolved goes to the GY unless it stays on the field
        (Continuous, Equip, Field, or a card with a ``lifetime``); a negated activation sends it
        there too, and so does an Equip Spell that equipped nothing."""
        if not item.card_activation:
            return
        card = link_card(game, item)
        if card.generation != item.data.get("card_gen") or not on_field(card):
            return
        game.set_status(card, "activating", None, quiet=True)
        stays = prop(card) in LASTING or bool(card.definition.fields.get("lifetime"))
        if item.activation_negated or (prop(card) in ONE_SHOT and not stays) or (
                prop(card) == "Equip" and card.attached_to is None):
            send(game, card, "graveyard", how="resolved", cause=Cause.RULE)

    @hookimpl
    def order_triggers(self, game: Game, triggers: list[PendingTrigger]) -> list[PendingTrigger]:
        """SEGOC, after dropping optional "When" triggers that missed the timing."""
        return chain.segoc(game, triggers)

    @hookimpl
    def state_checks(self, game: Game) -> bool:
        """Losses, Equip cards left without a monster, bound cards (see :mod:`.rules`)."""
        return rules.state_checks(game)

    @hookimpl
    def ability_active(self, game: Game, card: Card, ability: Ability, event: Event | None) -> bool | None:
        """Continuous and replacement effects apply only face-up on the field, and a card's own
        continuous effects wait until its activation has resolved."""
        if ability.role in (Role.STATIC, Role.REPLACEMENT):
            zones = ability.get("zone") or self.default_zones[ability.role]
            return card.zone in zones and card.face_up and not card.status.get("activating")
        return None

    @hookimpl
    def modifiers(self, game: Game) -> list[Modifier]:
        """ATK/DEF bonuses of Equip cards."""
        return rules.equip_modifiers(game)

    # -- loading ---------------------------------------------------------------------------------------
    @hookimpl
    def expand_keywords(self, entry: CardEntry, abilities: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A FLIP effect triggers when its monster is flipped face-up (by a Flip Summon, an attack or
        an effect)."""
        out = []
        for ab in abilities:
            if isinstance(ab, dict) and ab.get("kind") == "flip" and "trigger" not in ab:
                ab = {**ab, "trigger": {"on": "flipped", "self": True}}
            out.append(ab)
        return out

    @hookimpl
    def validate_deck(self, game: Game, deck: Deck) -> list[str]:
        """Main Deck 40 to 60 cards, Extra Deck up to 15, at most 3 copies of a card."""
        problems = []
        main, extra = deck.sections.get("main", ()), deck.sections.get("extra", ())
        if not 40 <= len(main) <= 60:
            problems.append(f"a Main Deck has 40 to 60 cards, not {len(main)}")
        if len(extra) > 15:
            problems.append(f"an Extra Deck has at most 15 cards, not {len(extra)}")
        for code, n in Counter(list(main) + list(extra)).items():
            if n > 3:
                problems.append(f"{game.pool.entries[code].name}: {n} copies (3 at most)")
        for code in main:
            if is_extra_deck_monster(game.pool.entries[code].fields):
                problems.append(f"{game.pool.entries[code].name} belongs in the Extra Deck")
        return problems

    # -- narration -------------------------------------------------------------------------------------
    @hookimpl
    def narrate_event(self, game: Game, event: Event, viewer: int | None) -> str | None:
        return narration.narrate(game, event, viewer)

    @hookimpl
    def narrate_decision(self, game: Game, decision: Decision, answer: list[int] | bool | int,
                         viewer: int | None) -> str | None:
        return narration.narrate_decision(game, decision, answer, viewer)


def _is_attacker(game: Game, card: Card) -> bool:
    atk = game.value_of(None, "attack")
    return bool(atk) and atk["attacker"] == card.id and card.zone == "monster"


def _just_summoned(game: Game, card: Card) -> bool:
    return card.zone == "monster" and any(ev.get("on") == "summoned" and ev.get("card") == card.id
                                          for ev in timing.timing_events(game))

