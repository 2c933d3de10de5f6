"""Phantom Magic Vision (幻想ビジョン) as a rulestack game system.

The class declares the game's data and hands each hook to the module that holds that part of the
rules: :mod:`.turn` (setup, phases, turn end), :mod:`.priority` (priority and the interference
stack, 1.12), :mod:`.actions` (what a player may do, timing, the play procedure), :mod:`.nodes`
(the resource), :mod:`.battle`, :mod:`.removal` (damage, near-death and removal, 9),
:mod:`.resolution` (items and auto effects, 7.1.6), :mod:`.text` (negation, 【 】, 6.1.10),
:mod:`.names` (12.3), :mod:`.deck_rule` (3.2.5), :mod:`.vocabulary` (the Lua words) and
:mod:`.narration`. Only the host's public API is used.

Settings for rules no source confirms (RULES.md part E, PMV_SUPPLEMENT B2.3.10):
``nodes_wake`` — when sleeping nodes become active (``maintenance``, the most plausible reading,
or ``never``); ``new_node`` — whether a set node enters ``active`` (default) or ``sleep``.
"""
from __future__ import annotations

from typing import Any, Mapping

from rulestack import Ability, Action, Activation, Card, ConfigurationError, Decision, Event, Game, GameSystem, hookimpl, Item, Modifier
from rulestack.system import CardStat

from . import (abilities, actions, areas, deck_rules, evaluation, names, narration, reference, removal, resolution, text,
               turn)
from .nodes import COST_KINDS
from .vocabulary import METHODS

_expand = abilities.expand


class PMVSystem(GameSystem):
    """Phantom Magic Vision: 25 life, nodes, the interference stack, near-death and 冥界."""

    name = "pmv"
    version = "1.0"
    title = "Phantom Magic Vision (幻想ビジョン)"
    zones = areas.ZONES
    deck_sections = {"main": areas.DECK}
    card_fields = {
        "type": ("string", True),     # character, spell or command (C1)
        "subtype": "string",          # world_charm (【世界呪符】)
        "number": "integer",          # the card's No.
        "nodes": "integer",           # required nodes (必要ノード); absent: "-"
        "cost": "integer",            # コスト; absent: "-"
        "x_cost": "boolean",          # the cost is X (plus any printed cost)
        "attack": "integer",          # 攻撃力
        "durability": "integer",      # 耐久力
        "graze": "integer",           # グレイズ
        "caster": "string",           # 術者 (T7a)
        "race": "list",               # 種族
        "link_names": "list",         # names a link (連結) gives the card
        "maintenance": "integer",     # 維持コスト (T7)
        "equip_attack": "integer",    # a 【装備】's addition to its character's attack
        "equip_durability": "integer",  # ... and to its durability
        "source": "string",           # "seed" (named by the seed) or "original" (ours)
        "text": "string",             # the card's text, in our own words
    }
    ability_kinds = abilities.ABILITY_KINDS
    default_zones = abilities.DEFAULT_ZONES
    cost_kinds = COST_KINDS
    script_methods = METHODS
    filter_keys = {"named": names.f_named, "same_name_as": names.f_same_name_as}
    layers = text.LAYERS
    op_layers = text.OP_LAYERS
    modifier_ops = text.MODIFIER_OPS
    settings_defaults = {"nodes_wake": "maintenance", "new_node": "active"}
    card_resource = ("rulestack_cards", "pmv")
    sample_decks = ("hakurei_shrine", "hakugyokurou")
    evaluate_position = evaluation.evaluate_position   # the search agents' score (see .evaluation)
    targets_before_cost = True      # C9: 目標 (step 5) before the cost (step 7)
    max_turns = 200

    # the system's reference (``rulestack describe pmv``, ``rulestack check``)
    event_kinds = reference.EVENT_KINDS
    #: How the events count in a simulation's per-card figures: a draw (T6) and a card played (C9; its
    #: ``activated`` event of kind ``play`` is the same act).
    card_stats = (CardStat("drew", "drawn"), CardStat("played", "played"),
                  CardStat("activated", None, when={"kind_of": "play"}))
    phases = reference.PHASES
    windows = reference.WINDOWS
    player_values = reference.PLAYER_VALUES
    keywords = reference.KEYWORDS
    zone_docs = reference.ZONE_DOCS
    settings_docs = reference.SETTINGS_DOCS

    #: The values each setting may take.
    setting_choices = {"nodes_wake": ("maintenance", "never"), "new_node": ("active", "sleep")}

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings)
        for key, allowed in self.setting_choices.items():
            if self.settings[key] not in allowed:
                raise ConfigurationError(f"setting {key!r} must be one of {', '.join(allowed)}, "
                                         f"not {self.settings[key]!r}")

    # -- setup and turns -------------------------------------------------------------------------
    @hookimpl
    def setup_game(self, game: Game) -> None:
        """S3-S6: shuffle, 25 life, who goes first, 7 cards each."""
        turn.setup(game)

    @hookimpl
    def play_turn(self, game: Game) -> Any:
        """Turn start, the five phases and turn-end processing (4.2, T4)."""
        return turn.play_turn(game)

    @hookimpl
    def legal_actions(self, game: Game, player: int, window: str) -> list:
        """Pass, set a node, play, use an activated effect, attack, defend."""
        return actions.legal_actions(game, player, window)

    @hookimpl
    def perform_action(self, game: Game, action: Action) -> Any:
        return actions.perform(game, action)

    # -- the play procedure and the interference stack -----------------------------------------------
    @hookimpl
    def can_activate(self, game: Game, activation: Activation) -> bool | None:
        """Timing of each card type and activated effect (C2-C8), required nodes (5.2.2.c)."""
        return actions.can_activate(game, activation)

    @hookimpl
    def announce(self, game: Game, activation: Activation) -> Any:
        """C9 step 3: the played card goes face up into the play area."""
        return actions.announce(game, activation)

    @hookimpl
    def assemble_cost(self, game: Game, activation: Activation, components: list) -> list | None:
        """Printed cost + X ± Y, or nothing under the caster rule (QA-269, T7a)."""
        return actions.assemble_cost(game, activation, components)

    @hookimpl
    def choice_rules(self, game: Game, request: Any) -> Any:
        """8.1.2.b: 〔 〕 and 目標 need exactly the number given; fewer candidates fail (8.1.3.a)."""
        if request.reason in ("target", "resolution") and not request.up_to:
            request.min = request.max = min(request.count, len(request.candidates))
            request.fail_if_short = True
        return request

    @hookimpl
    def push_item(self, game: Game, item: Item) -> Any:
        """Plays and activated effects join the interference stack; auto effects resolve at once."""
        return resolution.push_item(game, item)

    @hookimpl
    def resolve_item(self, game: Game, item: Item) -> Any:
        return resolution.resolve_item(game, item)

    @hookimpl
    def is_negated(self, game: Game, item: Item) -> bool:
        """2.12.3: an effect of a negated text does not resolve; 【 】 text still does (12.4)."""
        return resolution.is_negated(game, item)

    @hookimpl
    def after_resolve(self, game: Game, item: Item) -> None:
        """A spell or command goes to 冥界; the 3.2.5 shuffle at the end of resolution."""
        resolution.after_resolve(game, item)

    # -- state checks, auto effects, values -------------------------------------------------------------
    @hookimpl
    def state_checks(self, game: Game) -> bool:
        """9.2.2.a/b: near-death by damage or durability 0 or less, processed at once (9.1); a
        【装備】 without its character is discarded."""
        return resolution.unattached_equipment(game) | removal.check_near_death(game)

    @hookimpl
    def order_triggers(self, game: Game, triggers: list) -> list:
        """7.1.6: the turn player orders theirs first."""
        return resolution.order_triggers(game, triggers)

    @hookimpl
    def ability_active(self, game: Game, card: Card, ability: Ability, event: Event) -> bool | None:
        """A negated text's auto effects do not function (2.12.3) unless in 【 】 (12.4)."""
        if ability.kind in text.AUTO_KINDS and card.zone == areas.FIELD and text.ability_negated(game, card, ability):
            return False
        return None

    @hookimpl
    def modifiers(self, game: Game) -> list:
        """A 【装備】 adds its values to the character it is set on (6.1.10.c)."""
        out = []
        for card in areas.equipment(game):
            if card.attached_to is None:
                continue
            for attr in ("attack", "durability"):
                value = card.definition.get("equip_" + attr)
                if value:
                    out.append(Modifier(card=card.attached_to, attr=attr, op="add", value=value, layer="add",
                                        source=card.id))
        return out

    # -- loading ----------------------------------------------------------------------------------------
    @hookimpl
    def expand_keywords(self, entry: Any, abilities: list) -> list:
        """Keywords are checked; every playable card gets its ``play`` ability."""
        return _expand(entry, abilities)

    @hookimpl
    def validate_deck(self, game: Game, deck: Any) -> list:
        """S1-S2: exactly 50 cards, at most 3 of a name (符ノ壱"X" counts as X)."""
        return deck_rules.problems(game, deck)

    # -- narration ---------------------------------------------------------------------------------------
    @hookimpl
    def narrate_event(self, game: Game, event: Event, viewer: int | None) -> str | None:
        """One line in the game's own words for ``event`` as ``viewer`` may see it."""
        return narration.narrate(game, event, viewer)

    @hookimpl
    def narrate_decision(self, game: Game, decision: Decision, answer: Any, viewer: int | None) -> str | None:
        return narration.narrate_decision(game, decision, answer, viewer)
