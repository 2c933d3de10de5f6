"""The areas of the One Piece Card Game (CR 3) and small queries about what is in them.

Secret areas (deck, hand, Life) hide their cards; open areas show them (3-1-5). Two zones are
modelling devices rather than areas of the CR: ``given`` holds the DON!! cards given to a Leader
or Character (each DON!! card's ``attached_to`` names the card it is under, 6-5-5), and
``no_area`` holds a Life card while its [Trigger] is being activated, when it belongs to no area
(10-1-5-3).
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from rulestack import Ability, Game, Role, ZoneSpec
from rulestack.hookowners import only_by
from rulestack.state import Card, Visibility

DECK, HAND, LEADER, CHARACTER, STAGE = "deck", "hand", "leader", "character", "stage"
COST, DON_DECK, GIVEN, TRASH, LIFE, NO_AREA = "cost", "don_deck", "given", "trash", "life", "no_area"

ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec(DECK, Visibility.HIDDEN, ordered=True),        # 3-2: secret, end of the list is the top
    ZoneSpec(HAND, Visibility.PRIVATE),                     # 3-4: secret to the opponent
    ZoneSpec(LEADER, Visibility.PUBLIC),                    # 3-6
    ZoneSpec(CHARACTER, Visibility.PUBLIC),                 # 3-7: at most 5 Characters
    ZoneSpec(STAGE, Visibility.PUBLIC),                     # 3-8: at most 1 Stage
    ZoneSpec(COST, Visibility.PUBLIC),                      # 3-9: DON!! cards, active or rested
    ZoneSpec(DON_DECK, Visibility.PUBLIC, ordered=True),    # 3-3: an open area
    ZoneSpec(GIVEN, Visibility.PUBLIC),                     # DON!! given to a Leader or Character
    ZoneSpec(TRASH, Visibility.PUBLIC, ordered=True),       # 3-5
    ZoneSpec(LIFE, Visibility.HIDDEN, ordered=True),        # 3-10: secret, end of the list is the top
    ZoneSpec(NO_AREA, Visibility.PUBLIC),                   # 10-1-5-3: a [Trigger] card being activated
)

#: Areas whose cards are hidden (3-1-5); a card moving into one of them does not activate its
#: own auto effects (8-4-5).
SECRET_AREAS = frozenset({DECK, HAND, LIFE})
#: Where Leaders and Characters are: the cards that can attack, be attacked and be given DON!!.
BATTLE_AREAS = (LEADER, CHARACTER)
#: The field: the areas whose cards' effects function (2-8-2).
FIELD = (LEADER, CHARACTER, STAGE)

MAX_CHARACTERS = 5      # 3-7-6
MAX_STAGES = 1          # 3-8-5
DON_DECK_SIZE = 10      # 5-1-3
OPENING_HAND = 5        # 5-2-1-6

#: Card statuses, in the game's words.
RESTED = "rested"               # 4-4: rested (horizontal); absent means active
DON_COUNT = "don"               # on a Leader or Character: how many DON!! it has been given
PLAYED_TURN = "played_turn"     # on a Character: the turn it was played (3-7-4)
HOST_GENERATION = "host_generation"  # on a given DON!!: the generation of the card it is under


def category(card: Card) -> str:
    """Leader, character, event, stage or don (2-2)."""
    return card.definition.get("category", "")


def is_rested(card: Card) -> bool:
    return bool(card.status.get(RESTED))


def cards(game: Game, zone: str, player: int) -> list[Card]:
    """The cards in one of ``player``'s areas, bottom to top."""
    return game.cards_in(zone, player)


def battlers(game: Game, player: int) -> Iterator[Card]:
    """``player``'s Leader and Characters."""
    for zone in BATTLE_AREAS:
        yield from game.cards_in(zone, player)


def leader(game: Game, player: int) -> Card | None:
    found = game.cards_in(LEADER, player)
    return found[0] if found else None


def given_don(card: Card) -> int:
    """How many DON!! cards ``card`` has been given (0 once it has left its area)."""
    return card.status.get(DON_COUNT, 0)


def active_don(game: Game, player: int) -> list[Card]:
    """The active DON!! cards in ``player``'s cost area."""
    return [c for c in game.cards_in(COST, player) if not c.status.get(RESTED)]


def active_don_count(game: Game, player: int) -> int:
    """How many active DON!! cards ``player`` has in their cost area (``len(active_don(...))``,
    without building the list)."""
    state = game.state
    cards = state.cards
    try:
        ids = state.zones[(COST, player)].cards
    except KeyError:
        ids = game.zone(COST, player).cards
    n = 0
    for cid in ids:
        if not cards[cid].status.get(RESTED):
            n += 1
    return n


def rested_don(game: Game, player: int) -> list[Card]:
    """The rested DON!! cards in ``player``'s cost area."""
    return [c for c in game.cards_in(COST, player) if c.status.get(RESTED)]


def is_secret(zone: str | None) -> bool:
    return zone in SECRET_AREAS


def is_card_activation(card: Card, ability: Ability) -> bool:
    """Is activating this ability using the Event card itself from hand (8-5-2)? An Event's
    [Main] and [Counter] are activated only that way (10-2-3, 10-2-4)."""
    return category(card) == "event" and ability.kind in ("main", "counter")


def _zones_by_name(game: Game) -> dict[str, list[Any]]:
    """The state's zones grouped by name (worked out again only when the state's dict of zones is
    another one or has another size: a game's zones do not change once it is built)."""
    system: Any = game.system
    zones = game.state.zones
    known = system.zones_by_name
    if known is not None and known[0] is zones and known[1] == len(zones):
        return known[2]
    by_name: dict[str, list[Any]] = {}
    for (name, _), zone in zones.items():
        by_name.setdefault(name, []).append(zone)
    system.zones_by_name = (zones, len(zones), by_name)
    return by_name


# -- values no modifier can change -----------------------------------------------------------------

#: Modifier ops that change only the attribute they name (the ability ops change keywords and
#: ability flags, never a card field such as ``cost``).
_NAMED_ATTR_OPS = frozenset({"set", "add"})
#: id of a card definition -> (the definition, what its static abilities' modify entries write on
#: the card itself (``affects`` "self", the default) and on other cards (see :func:`_writes`;
#: ``None``: anything)).
_STATIC_WRITES: dict[int, tuple[Any, frozenset[str] | None, frozenset[str] | None]] = {}
_NOTHING: frozenset[str] = frozenset()
_NO_CARDS: dict[int, Any] = {}      # (shared, never filled: a fresh dict is made to add to)
_POWER: frozenset[str] = frozenset({"power"})    # what this system's own ``modifiers`` hook writes


#: What each ability op writes (``rulestack.values``: grant and revoke change keywords,
#: remove_abilities sets abilities_removed and clears keywords, negate sets negated or adds a scope).
_ABILITY_WRITES = {"grant": ("keywords",), "revoke": ("keywords",),
                   "remove_abilities": ("keywords", "abilities_removed"),
                   "negate": ("negated", "negated_scopes")}
#: A written entry naming one keyword: granting or revoking a literal keyword changes only it.
_KEYWORD = "keyword:"


def _writes(op: str, attr: str | None, value: Any, into: set[str]) -> bool:
    """Add what a modifier with this op (attribute, value) writes to ``into``: attribute names, or
    ``keyword:K`` for a grant or revoke of the literal keyword K; ``False`` when it could write
    anything."""
    if op in _NAMED_ATTR_OPS:
        into.add(attr or "")
        return True
    if op in ("grant", "revoke") and isinstance(value, str):
        into.add(_KEYWORD + value)
        return True
    if op in _ABILITY_WRITES:
        into.update(_ABILITY_WRITES[op])
        return True
    return False


def _static_writes(definition: Any) -> tuple[frozenset[str] | None, frozenset[str] | None]:
    """What a definition's static abilities write: (on the card itself, on other cards)."""
    known = _STATIC_WRITES.get(id(definition))
    if known is None:
        own: set[str] | None = set()
        others: set[str] | None = set()
        for ab in definition.abilities:
            if ab.role != Role.STATIC:
                continue
            for spec in ab.get("modify") or ():
                on_self = spec.get("affects", ab.get("affects", "self")) == "self"   # (as the host reads it)
                into = own if on_self else others
                if into is not None and not _writes(spec.get("op", "add"), spec.get("attr", ""), spec.get("value"),
                                                    into):
                    if on_self:
                        own = None
                    else:
                        others = None
        known = _STATIC_WRITES[id(definition)] = (definition, None if own is None else frozenset(own),
                                                  None if others is None else frozenset(others))
    return known[1], known[2]


def _static_part(game: Game) -> tuple[frozenset[str] | None, dict[int, frozenset[str] | None]]:
    """What the static abilities of the cards in the host's index of static abilities (wherever
    the cards are) could write: on any card (``None``: anything), and by card id on that card
    only. A function of those cards and their definitions alone: kept while the index lists the
    same cards with the same definitions (compared by identity), whatever else changes."""
    system: Any = game.system
    static = game.index.static_cards
    cards = game.state.cards
    known = system.static_writes
    if known is not None and known[0] == static:
        for cid, definition in known[1]:
            if cards[cid].definition is not definition:
                break
        else:
            return known[2]
    ids = list(static)
    definitions = [cards[cid].definition for cid in ids]
    others_all: set[str] = set()
    own_by_card: dict[int, frozenset[str] | None] = {}
    known_writes = _STATIC_WRITES.get
    part: tuple[frozenset[str] | None, dict[int, frozenset[str] | None]] = (None, {})
    for cid, definition in zip(ids, definitions):
        entry = known_writes(id(definition))
        own, others = (entry[1], entry[2]) if entry is not None else _static_writes(definition)
        if others is None:
            break       # (anything, anywhere)
        others_all |= others
        if own is None or own:
            if cid in own_by_card:
                before = own_by_card[cid]
                own = None if before is None or own is None else before | own
            own_by_card[cid] = own
    else:
        part = (frozenset(others_all), own_by_card)
    system.static_writes = (ids, list(zip(ids, definitions)), part)
    return part


def _written(game: Game) -> tuple[set[str] | frozenset[str] | None, dict[int, Any], bool]:
    """What some modifier in the game could change now: the card attributes it could change on
    any card (``None``: any), by card id what it could change on that card only (a floating
    effect locked onto its targets, a static ability that affects its own card), and whether a
    modifier other than this system's DON!! power (6-5-5-2) could change power on any card.
    Worked out once per journal version from the floating effects, the static abilities of the
    cards in the host's index of static abilities (:func:`_static_part`), and the ``modifiers``
    hooks (this system's gives power only)."""
    system: Any = game.system
    version = game.journal.version
    known = system.written_attrs
    if known is not None and known[0] == version:
        return known[1]
    anywhere: set[str] | frozenset[str] | None = None
    per_card: dict[int, Any] = _NO_CARDS
    power_elsewhere = True
    if only_by(game.pm, system, "modifiers"):
        anywhere = _NOTHING
        targeted = None
        for e in game.state.effects:
            if e.targets is None:
                if anywhere is _NOTHING:
                    anywhere = set()
                if not _writes(e.op, e.attr, e.value, anywhere):   # type: ignore[arg-type]
                    anywhere = None
                    break
            elif targeted is None:
                targeted = [e]
            else:
                targeted.append(e)
        if anywhere is not None:
            others, own_by_card = _static_part(game)
            if others is None:
                anywhere = None
            else:
                if others:
                    anywhere = anywhere | others
                power_elsewhere = "power" in anywhere
                anywhere = anywhere | _POWER
                per_card = own_by_card
                if targeted is not None:
                    per_card = dict(own_by_card)
                    for e in targeted:
                        for cid in e.targets or ():
                            into = per_card.get(cid, _NOTHING)
                            if into is None:
                                continue
                            into = set(into)
                            per_card[cid] = into if _writes(e.op, e.attr, e.value, into) else None
    answer = (anywhere, per_card, power_elsewhere)     # (not changed once made)
    if game.journal.version == version:
        system.written_attrs = (version, answer)
    return answer


def _unchanged(game: Game, card: Card, name: str, other: str | None = None) -> bool:
    """Can no modifier in the game change ``name`` (nor ``other``) on ``card`` now?"""
    known = game.system.written_attrs   # type: ignore[attr-defined]
    if known is not None and known[0] == game.journal.version:
        anywhere, per_card, _ = known[1]
    else:
        anywhere, per_card, _ = _written(game)
    if anywhere is None or name in anywhere or (other is not None and other in anywhere):
        return False
    if not per_card:
        return True
    own = per_card.get(card.id, _NOTHING)
    return own is not None and name not in own and (other is None or other not in own)


#: The answers of :func:`printed_attributes`.
_ACTIVATION_ATTRIBUTES = frozenset({"negated", "cannot_activate"})
_NEGATED_ONLY = frozenset({"negated"})
_CANNOT_ACTIVATE_ONLY = frozenset({"cannot_activate"})


def printed_attributes(game: Game, card: Card) -> frozenset[str] | None:
    """Which of ``negated`` (standing for negation and its scopes, as :func:`is_text_negated`
    asks) and ``cannot_activate`` no modifier in the game could change on ``card`` now (each as
    :func:`_unchanged` would answer), in one look-up; ``None`` when neither."""
    known = game.system.written_attrs   # type: ignore[attr-defined]
    if known is not None and known[0] == game.journal.version:
        anywhere, per_card, _ = known[1]
    else:
        anywhere, per_card, _ = _written(game)
    if anywhere is None:
        return None
    negation = "negated" not in anywhere and "negated_scopes" not in anywhere
    cannot = "cannot_activate" not in anywhere
    if per_card:
        own = per_card.get(card.id, _NOTHING)
        if own is None:
            return None
        negation = negation and "negated" not in own and "negated_scopes" not in own
        cannot = cannot and "cannot_activate" not in own
    if negation:
        return _ACTIVATION_ATTRIBUTES if cannot else _NEGATED_ONLY
    return _CANNOT_ACTIVATE_ONLY if cannot else None


def power(game: Game, card: Card) -> Any:
    """``game.value(card, "power")``: while no modifier but this system's own could change power
    on the card, its printed power, plus 1000 for each DON!! given to it if it is a Leader or
    Character of the turn player (6-5-5-2: the one modifier the ``modifiers`` hook makes, an
    ``add``, which counts a missing power as 0)."""
    anywhere, per_card, power_elsewhere = _written(game)
    if anywhere is None or power_elsewhere:
        return game.value(card, "power")
    if per_card:
        own = per_card.get(card.id, _NOTHING)
        if own is None or "power" in own:
            return game.value(card, "power")
    printed = card.definition.fields.get("power")
    given = card.status.get(DON_COUNT, 0)
    if given and card.zone in BATTLE_AREAS and card.zone_player == game.state.active_player:
        return (printed or 0) + 1000 * given
    return printed


def reader(game: Game, attr: str, default: Any = None) -> Callable[[Card], Any]:
    """``value(game, card, attr, default)`` for the cards of one state, with what modifiers could
    write looked up once: the function answers only while the state does not change."""
    anywhere, per_card, _ = _written(game)
    if anywhere is None or attr in anywhere:
        return lambda card: game.value(card, attr, default)
    if not per_card:
        return lambda card: card.definition.fields.get(attr, default)

    def read(card: Card) -> Any:
        own = per_card.get(card.id, _NOTHING)
        if own is not None and attr not in own:
            return card.definition.fields.get(attr, default)
        return game.value(card, attr, default)
    return read


def value(game: Game, card: Card, attr: str, default: Any = None) -> Any:
    """``game.value(card, attr, default)``: read from the card's data while no modifier in the
    game can change ``attr`` on it (the derived value is then the printed one), else derived."""
    if _unchanged(game, card, attr):
        return card.definition.fields.get(attr, default)
    return game.value(card, attr, default)


def has_keyword(game: Game, card: Card, keyword: str) -> bool:
    """``game.has_keyword(card, keyword)``: the printed keywords while no modifier in the game can
    change that keyword on the card."""
    if _unchanged(game, card, _KEYWORD + keyword, "keywords"):
        return keyword in card.definition.keywords
    return game.has_keyword(card, keyword)


def is_text_negated(game: Game, card: Card, ability: Ability) -> bool:
    """``game.is_text_negated(card, ability)``: ``False`` at once while no modifier in the game
    can negate anything on the card and its data says nothing of negation."""
    if (_unchanged(game, card, "negated", "negated_scopes")
            and "negated" not in card.definition.fields and "negated_scopes" not in card.definition.fields):
        return False
    return game.is_text_negated(card, ability)
