"""Magic: The Gathering as a rulestack game system: its data and its answers to the host's hooks.

Each hook delegates to the module holding that part of the rules: :mod:`.turn` (setup, steps,
priority, the stack), :mod:`.casting` (timing, casting, resolving, land plays), :mod:`.mana`,
:mod:`.combat`, :mod:`.sba` (704), :mod:`.sagas` (714) and :mod:`.keywords`.
"""
from __future__ import annotations

from typing import Any, Mapping

from rulestack import (AbilityKind, Action, Activation, Card, ChoiceRequest, ConfigurationError, CostComponent, Decision,
                       Deck, Event, Game, GameSystem, Item, Modifier, PendingTrigger, Role, ZoneSpec, hookimpl)
from rulestack.cards import CardEntry
from rulestack.state import Visibility
from rulestack.system import CardStat

from . import (casting, costs, evaluation, keywords, lua_api, lua_entry, mana, narration, payment, reference, rules, sagas,
               sba, turn, whynot)

_TARGET = {"target": "table"}


# -- filter keys -------------------------------------------------------------------------------------

def _colors(game: Game, card: Card) -> tuple[str, ...]:
    values = game.values(card)
    if values.get("colors") is not None:
        return tuple(values["colors"])
    return mana.colors_of(values.get("mana_cost"))


def _f_color(game: Game, card: Card, want: Any, player: int | None) -> bool:
    wanted = want if isinstance(want, list) else [want]
    return any(c in _colors(game, card) for c in wanted)


def _f_not_color(game: Game, card: Card, want: Any, player: int | None) -> bool:
    return not _f_color(game, card, want, player)


def _f_not_types(game: Game, card: Card, want: Any, player: int | None) -> bool:
    """``not_types = "Creature"``: none of these card types (e.g. "noncreature spells")."""
    wanted = want if isinstance(want, list) else [want]
    return not any(rules.has_type(game, card, t) for t in wanted)


def _include(values: dict[str, Any], mod: Modifier) -> None:
    """Op ``include``: add the listed items to a list value (types, subtypes, colors) that does
    not have them yet — "in addition to its other types" (205.1b)."""
    items = mod.value if isinstance(mod.value, (list, tuple)) else [mod.value]
    have = list(values.get(mod.attr) or ())
    values[mod.attr] = have + [i for i in items if i not in have]


def _f_mana_value(game: Game, card: Card, want: Any, player: int | None) -> bool:
    """``mana_value = 2`` (or a list of values), or ``mana_value = { min = 1, max = 3 }``: the
    card's mana value now, with X as chosen for a spell on the stack (202.3e)."""
    value = mana.mana_value(game, card)
    if isinstance(want, dict):
        return want.get("min", value) <= value <= want.get("max", value)
    return value in (want if isinstance(want, list) else [want])


def _f_in_combat(game: Game, card: Card, want: Any, player: int | None) -> bool:
    return bool(card.status.get("attacking") or card.status.get("blocking") is not None) == bool(want)


def _f_permanent(game: Game, card: Card, want: Any, player: int | None) -> bool:
    return bool(rules.PERMANENT_TYPES.intersection(game.values(card).get("types") or ())) == bool(want)


class MTGSystem(GameSystem):
    """Magic: The Gathering: two players, 20 life, the stack and priority, combat, state-based
    actions, continuous effects in layers, and Sagas, under the Comprehensive Rules edition
    chosen by the setting ``cr``."""

    name = "mtg"
    version = "1.0"
    title = "Magic: The Gathering"
    zones = (
        ZoneSpec("library", Visibility.HIDDEN, ordered=True),
        ZoneSpec("hand", Visibility.PRIVATE),
        ZoneSpec("battlefield", Visibility.PUBLIC),
        ZoneSpec("graveyard", Visibility.PUBLIC, ordered=True),
        ZoneSpec("exile", Visibility.PUBLIC),
        ZoneSpec("stack", Visibility.PUBLIC, per_player=False, ordered=True),
        ZoneSpec("nowhere", Visibility.PUBLIC, per_player=False),
    )
    deck_sections = {"main": "library"}
    #: The replay viewer's table: hand at the edge, then the battlefield, then the piles; the stack
    #: between the players ("nowhere", where tokens are made and cease to exist, is never drawn).
    board_layout = {"rows": [["hand"], ["battlefield"], ["library", "graveyard", "exile"]], "shared": ["stack"]}
    card_fields = {
        "mana_cost": "string",
        "types": ("list", True),
        "subtypes": "list",
        "supertypes": "list",
        "power": "integer",
        "toughness": "integer",
        "produces": "list",
        "colors": "list",
        "text": "string",
        "set": "string",
        "token": "boolean",
    }
    ability_kinds = {
        "spell": AbilityKind("spell", Role.ACTIVATED,
                             keys={**_TARGET, "alternative": "boolean", "kicker": "list", "kicked": "boolean",
                                   "evoke": "list"},
                             zones=("hand",),
                             doc="casting the card (601); added for every nonland card with its mana cost; "
                                 "'alternative = true': cast for its own cost instead (118.9); 'kicker = { costs }': "
                                 "also castable kicked (702.33); 'evoke = { costs }': also castable evoked (702.74)"),
        "activated": AbilityKind("activated", Role.ACTIVATED, keys={**_TARGET, "sorcery_speed": "boolean"},
                                 zones=("battlefield",), doc="an activated ability of a permanent (602)"),
        "triggered": AbilityKind("triggered", Role.TRIGGERED, keys=_TARGET, required=frozenset({"trigger"}),
                                 doc="a triggered ability (603)"),
        "chapter": AbilityKind("chapter", Role.TRIGGERED, keys={**_TARGET, "chapter": "integer", "chapters": "list"},
                               doc="a Saga's chapter ability (714.2); 'chapters = {1, 2}' is one per number"),
        "static": AbilityKind("static", Role.STATIC, keys={"cost_change": "table"},
                              doc="a static ability (604); 'cost_change = { amount = -1, spells = {filter}, "
                                  "caster = \"you\" }' changes what spells cost (601.2f)"),
        "replacement": AbilityKind("replacement", Role.REPLACEMENT, keys={"category": "string"},
                                   doc="a replacement effect (614); 'category = \"self\"': a self-replacement "
                                       "effect of the spell or ability causing the event (614.15), chosen before "
                                       "any other (616.1a); \"control\" and \"copy\" come next (616.1b-c)"),
        "enters": AbilityKind("enters", Role.STATIC,
                              keys={"copy": "table", "except": "table", "counters": "table", "tapped": "boolean",
                                    "optional": "boolean"},
                              doc="how the permanent enters (614.1c): as a copy (707.2; 'except = { ... }' its "
                                  "exceptions, 707.9), with counters, tapped"),
    }
    default_zones = {Role.ACTIVATED: ("battlefield",), Role.TRIGGERED: ("battlefield",),
                     Role.STATIC: ("battlefield",), Role.REPLACEMENT: ("battlefield",)}
    cost_kinds = {
        "mana": payment.ManaCostKind(),
        "tap": mana.TapCostKind(),
        "pay_life": costs.PAY_LIFE,
        **costs.COST_KINDS,
    }
    script_methods = {**lua_api.METHODS, **lua_entry.METHODS}
    trigger_keys = {"chapter": sagas.crosses}
    filter_keys = {"color": _f_color, "not_color": _f_not_color, "in_combat": _f_in_combat,
                   "permanent": _f_permanent, "not_types": _f_not_types, "mana_value": _f_mana_value}
    #: 613.1 (layers 1-6) and 613.4 (the sublayers of layer 7).
    layers = ("copy", "control", "text", "type", "color", "ability", "pt_cda", "pt_set", "pt_modify", "pt_switch")
    op_layers = {"remove_abilities": "ability", "grant": "ability", "revoke": "ability", "negate": "ability",
                 "set": "pt_set", "add": "pt_modify", "swap": "pt_switch"}
    modifier_ops = {"include": _include}
    #: 613.8: statics apply layer by layer, dependent effects after those they depend on.
    layer_dependencies = True
    #: 616.1a-c: self-replacement effects are chosen first, then those changing who controls an
    #: entering object, then "enters as a copy"; the affected player orders the rest (616.1d-e).
    replacement_steps = ("self", "control", "copy")
    settings_defaults = {"cr": "2026", "legend_rule": True, "damage_assignment_order": False}
    event_kinds = reference.EVENT_KINDS
    #: How the events count in a simulation's per-card figures: a draw (121), a spell cast (601; its
    #: ``activated`` event is the same act) and a land played (305).
    card_stats = (CardStat("drew", "drawn"), CardStat("cast", "played"), CardStat("land_played", "played"),
                  CardStat("activated", None, when={"kind_of": "spell"}))
    phases = reference.PHASES
    windows = reference.WINDOWS
    player_values = reference.PLAYER_VALUES
    keywords = reference.KEYWORDS
    zone_docs = reference.ZONE_DOCS
    settings_docs = reference.SETTINGS_DOCS
    replaceable_events = reference.REPLACEABLE_EVENTS
    card_resource = ("rulestack_cards", "mtg")
    sample_decks = ("white_weenie", "red_burn")
    #: Two more sample decks, passed by name (``rulestack play mtg --deck selesnya_tokens --deck izzet_spells``).
    more_decks = ("selesnya_tokens", "izzet_spells")
    evaluate_position = evaluation.evaluate_position   # the search agents' score (see .evaluation)
    targets_before_cost = True          # 601.2c before 601.2h
    min_deck_size = 40
    max_copies = 4

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings)
        #: Caches of rules.printed_types_hold: (cards_version, whether a static ability among them
        #: changes types) and (journal version, whether printed types hold).
        self.type_statics: tuple[int, bool] = (-1, True)
        self.types_hold: tuple[int, bool] = (-1, False)
        #: Cache of rules.printed_keyword_holds and rules.printed_toughness_is_floor: (journal
        #: version, the keywords a modifier could change then (None: any), whether printed
        #: toughness is a floor).
        self.printed_holds: tuple[int, frozenset[str] | None, bool] = (-1, None, False)
        #: ... and of its part from the index of static abilities: ((the cards version, the cards in
        #: the index), the keywords their static abilities could change (None: any), whether one
        #: could lower a toughness).
        self.printed_statics: tuple[tuple[Any, ...] | None, frozenset[str] | None, bool] = (None, None, True)
        #: Caches of rules.battlefield: (journal version, the facts then), (the cards version and the
        #: cards of the battlefield zones, the facts then) and (the state's zones, how many, the
        #: battlefield zones among them in order).
        self.battlefield_at: tuple[int, rules.Battlefield] = (-1, rules.Battlefield((), ()))
        self.battlefield_by: tuple[tuple[Any, ...] | None, rules.Battlefield] = (None, rules.Battlefield((), ()))
        self.battlefield_zones: tuple[Any, int, tuple[Any, ...]] | None = None
        #: Cache of mana.sources: (journal version, player, the sources).
        self.mana_sources: tuple[int, int, tuple[tuple[int, frozenset[str]], ...]] = (-1, -1, ())
        #: The journal version at which the state-based actions last found nothing to do.
        self.sba_clean_at: int = -1
        #: ... and the fingerprint of what they look at (sba.fingerprint) then.
        self.sba_clean_mark: tuple | None = None
        #: Cache of costs.changers: (number of cards in the game, ids of cards with a cost_change ability).
        self.cost_changer_cards: tuple[int, tuple[int, ...]] = (-1, ())
        if self.settings["cr"] not in sagas.EDITIONS:
            raise ConfigurationError(f"setting 'cr' must be one of {', '.join(sagas.EDITIONS)}, "
                                     f"not {self.settings['cr']!r}")

    def runaway_result(self, game: Game, reason: str) -> tuple[tuple[int, ...], str]:
        """104.4b: a game that enters a loop of mandatory actions nobody can stop is a draw
        (asked by the host's runaway guard, :mod:`rulestack.runaway`)."""
        return (), f"a draw (104.4b: a loop of mandatory actions): {reason}"

    # -- setup and turns ----------------------------------------------------------------------------
    @hookimpl
    def setup_game(self, game: Game) -> None:
        turn.setup(game)

    @hookimpl
    def play_turn(self, game: Game) -> bool:
        return turn.play_turn(game)

    @hookimpl
    def legal_actions(self, game: Game, player: int, window: str) -> list[Action]:
        return casting.legal_actions(game, player, window)

    @hookimpl
    def perform_action(self, game: Game, action: Action) -> bool | None:
        return casting.perform_action(game, action)

    # -- the flow of a spell or ability --------------------------------------------------------------
    @hookimpl
    def can_activate(self, game: Game, activation: Activation) -> bool | str | None:
        return casting.can_activate(game, activation)

    @hookimpl
    def announce(self, game: Game, activation: Activation) -> bool:
        return casting.announce(game, activation)

    @hookimpl
    def assemble_cost(self, game: Game, activation: Activation,
                      components: list[CostComponent]) -> list[CostComponent]:
        return casting.assemble_cost(game, activation, components)

    @hookimpl
    def explain_refusal(self, game: Game, activation: Activation, problem: str) -> str | None:
        """Why not, in Magic's words: which part of the cost cannot be paid (:mod:`.whynot`)."""
        return whynot.explain(game, activation, problem)

    @hookimpl
    def choice_rules(self, game: Game, request: ChoiceRequest) -> ChoiceRequest:
        """601.2c, 603.3d: a spell or ability needs every target it asks for (unless "up to");
        without enough legal targets it cannot be cast or is removed from the stack."""
        if request.reason == "target" and not request.up_to:
            request.min = request.count
            request.fail_if_short = True
        return request

    @hookimpl
    def resolve_item(self, game: Game, item: Item) -> bool:
        return casting.resolve_item(game, item)

    @hookimpl
    def after_resolve(self, game: Game, item: Item) -> None:
        casting.after_resolve(game, item)

    # -- state-based actions and triggers ------------------------------------------------------------
    @hookimpl
    def state_checks(self, game: Game) -> bool:
        return sba.check(game)

    @hookimpl
    def order_triggers(self, game: Game, triggers: list[PendingTrigger]) -> list[PendingTrigger]:
        return turn.order_triggers(game, triggers)

    # -- values ---------------------------------------------------------------------------------------
    @hookimpl
    def modifiers(self, game: Game) -> list[Modifier]:
        """+1/+1 and -1/-1 counters change power and toughness in layer 7c (613.4c)."""
        out = []
        state = game.state
        cards, zones = state.cards, state.zones
        for p in range(len(state.players)):
            for cid in zones[("battlefield", p)].cards:
                card = cards[cid]
                counters = card.counters
                if counters:
                    n = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
                    if n:
                        for attr in ("power", "toughness"):
                            out.append(Modifier(card=card.id, attr=attr, op="add", value=n, layer="pt_modify",
                                                source=card.id))
        return out

    # -- loading ----------------------------------------------------------------------------------------
    @hookimpl
    def expand_keywords(self, entry: CardEntry, abilities: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return keywords.expand(entry, abilities)

    @hookimpl
    def validate_deck(self, game: Game, deck: Deck) -> list[str]:
        """100.2a: at least 40 cards (limited) and no more than four of a card but basic lands."""
        main = deck.sections.get("main", ())
        problems = []
        if len(main) < self.min_deck_size:
            problems.append(f"a deck has at least {self.min_deck_size} cards, not {len(main)}")
        counts: dict[str, int] = {}
        for code in main:
            counts[code] = counts.get(code, 0) + 1
        for code, n in sorted(counts.items()):
            definition = game.pool.definition(code)
            if definition.get("token"):
                problems.append(f"{definition.name} is a token, not a card a deck can hold (111.1)")
            if n > self.max_copies and "Basic" not in (definition.get("supertypes") or ()):
                problems.append(f"{n} copies of {definition.name} (at most {self.max_copies})")
        return problems

    # -- narration --------------------------------------------------------------------------------------
    @hookimpl
    def narrate_event(self, game: Game, event: Event, viewer: int | None) -> str | None:
        return narration.narrate(game, event, viewer)

    @hookimpl
    def narrate_decision(self, game: Game, decision: Decision, answer: list[int] | bool | int,
                         viewer: int | None) -> str | None:
        return narration.narrate_decision(game, decision, answer, viewer)
