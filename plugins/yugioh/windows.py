"""Response windows that a player provably cannot use are passed without asking.

Building the list of legal actions is the costly part of a window; most windows (each phase's
start, the moment before a phase ends, every response to a chain link) offer a player nothing but
"pass". :func:`may_act` lets those windows pass at once: its cheap refusals come first, and when
some ability gets past them it works out the window's activations (:func:`activations`, the same
list the window would offer, kept for that window while the state does not change) and says "maybe"
only when there is one; then the real window opens (:meth:`Game.act`) and offers that list.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from rulestack import Ability, Action, Activation, Card, CardDefinition, Game, Role
from rulestack.context import ScriptUsageError, relative_player
from rulestack.hookowners import only_by
from rulestack.state import GameState, Zone

from . import timing
from .cardinfo import ACTIVATION_ZONES, CardsSeen, ability_speed_of, cached_action, zone_groups

if TYPE_CHECKING:
    from .system import YugiohSystem


def may_act(game: Game, player: int, window: str) -> bool:
    """Could ``player`` have anything but "pass" in this window? When it says no, the window is
    passed without building the list of actions (it would only hold "pass"). It applies the
    refusals :func:`activations` applies before the host's full check (spell speed, where the card
    is, a "When ..." timing) first; when some ability gets past them, it answers whether
    :func:`activations` finds one (the window then offers the list it found)."""
    return may_any_act(game, (player,), window)


def may_any_act(game: Game, players: tuple[int, ...], window: str) -> bool:
    """Could any of ``players`` have anything but "pass" in this window: :func:`may_act` asked for
    each in turn until one says yes (a window that both players may only pass is passed without
    being run), with what they share (the state's zones and cards, the spell-speed table) looked
    up once. Only the cards :func:`searched_zones` keeps for the window's facts are looked at."""
    if window in ("main", "battle"):
        return True
    st = game.state
    values = st.values
    if values.get("resolving"):
        return False
    found = searched_zones(game, window)
    by_player, speeds, facts, no_link, no_timing, hot_places = found
    # (Most windows hold no card that may get past the refusals: told from the zones' cards alone.)
    for player in players:
        for place, hot in hot_places[player]:
            if not hot.isdisjoint(place.cards):
                break
        else:
            continue
        break
    else:
        return False
    cards = st.cards
    journal = game.journal
    version = journal.version
    for n, player in enumerate(players):
        for zone, place, on_field, hot, entries_of in by_player[player]:
            if hot.isdisjoint(place.cards):     # (hot: the cards that may get past the refusals below)
                continue
            for cid in place.cards:
                if cid not in hot:
                    continue
                card = cards[cid]
                entries = entries_of[id(card.definition)]     # (kept for every card of ``hot``)
                for ab, kind, speed_key, when, _label, _bounds in entries:
                    if kind == "activate" and on_field and card.face_up:
                        continue        # (timing.place_refusal refuses it too)
                    # The cheap refusals the action list applies before the full check (a "When ..."
                    # timing with no chain link or no event to match, the spell speed, where the card
                    # is, the timing's events): an ability they refuse is never in the list. (Each
                    # only reads the state: their order changes no answer.)
                    if when and (no_link if when.get("on") == "link" else no_timing):
                        continue
                    allowed = speeds.get(speed_key)
                    if allowed is None:
                        allowed = timing.speed_allowed(speeds, facts, speed_key)
                    if not allowed:
                        continue
                    if timing.place_refusal(game, card, kind, player):
                        continue
                    if when and not timing.when_matches(game, card, when, player):
                        continue
                    # Past the cheap refusals: the window's list itself says (kept for the window).
                    if activations(game, player, window, found):
                        return True
                    if journal.version != version:     # (its checks are expected to change nothing)
                        return any(may_act(game, p, window) for p in players[n + 1:])
                    break
                else:
                    continue
                break
            else:
                continue
            break
    return False


def searched_zones(game: Game, window: str) -> Narrowed:
    """The zones to search for ``window``'s activations now, per player, with only the cards that
    have an ability that may get past the refusals reading no more than the window's facts
    (:meth:`SearchZones.narrowed`, kept by what it reads of the state), the spell-speed table and
    facts of :func:`.timing.speed_allows`, whether there is no chain link, whether there is no
    timing event, and per player the zones kept as (the state's zone, the ids of the cards kept)."""
    lists: SearchZones = game.system.search_zones  # type: ignore[attr-defined]   # YugiohSystem's
    st = game.state
    if lists.cards_version != game.cards_version or lists.cards is not st.cards or lists.zones is not st.zones:
        lists.find(game)
    stack = st.stack
    values = st.values
    key = (window, values.get("damage_step"), stack[-1].data.get("speed", 1) if stack else None, not stack,
           values.get("timing", ()) == (), st.active_player)
    found = lists.narrow.get(key)
    if found is None:
        found = lists.narrow[key] = lists.narrowed(game, key)
    return found


class SearchZones:
    """The zones searched for activated abilities (:func:`activation_zones`), per player, each as its
    name, the state's zone, whether it is on the field, the ids of the cards with entries there
    and the entries kept by definition for that zone name: for the windows' list
    (:attr:`activatable`: :attr:`ActivationZones.activatable`, :data:`_ACTIVATABLE_BY_ZONE`) and for
    a response window (:attr:`responses`: :attr:`ActivationZones.responses`,
    :data:`_RESPONSES_BY_ZONE`), only the zones where some card has some. For one state's zones (a
    game's zones are made with it and never replaced) and the :class:`ActivationZones` worked out
    at one :attr:`~rulestack.Game.cards_version`. A type of its own, not plain data: a fork, whose
    state has zones of its own, starts with an empty one."""

    __slots__ = ("zones", "cards", "cards_version", "activatable", "responses", "narrow", "hot_of")

    def __init__(self) -> None:
        self.zones: dict[tuple[str, int | None], Zone] | None = None
        self.cards: dict[int, Card] | None = None
        self.cards_version = -1
        self.activatable: dict[int, tuple[SearchedZone, ...]] = {}
        self.responses: dict[int, tuple[SearchedZone, ...]] = {}
        #: :meth:`narrowed`, kept by its key.
        self.narrow: dict[NarrowKey, Narrowed] = {}
        #: The cards :meth:`narrowed` keeps in a zone, by zone name, whether it may hold a Spell card
        #: activated from the hand in its player's turn, the spell-speed facts and the timing flags.
        self.hot_of: dict[tuple[Any, ...], frozenset[int]] = {}

    def find(self, game: Game) -> None:
        """Work the lists out for the game's zones and the zones and cards
        :func:`activation_zones` finds."""
        state = game.state
        system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
        found = system.activation_zones
        if not found.holds(game):
            activation_zones(game)
        zones = state.zones

        def lists(hot_of: Mapping[str, frozenset[int]], kept: dict[str, dict[int, tuple[Activatable, ...]]]
                  ) -> dict[int, tuple[SearchedZone, ...]]:
            return {p.index: tuple((name, zones[(name, p.index)], name in ("spell_trap", "monster"), hot_of[name],
                                    kept.setdefault(name, {}))
                                   for name in found.zones if name in hot_of) for p in state.players}
        self.activatable = lists(found.activatable, _ACTIVATABLE_BY_ZONE)
        self.responses = lists(found.responses, _RESPONSES_BY_ZONE)
        self.zones, self.cards, self.cards_version = zones, state.cards, found.cards_version
        self.narrow, self.hot_of = {}, {}

    def narrowed(self, game: Game, key: NarrowKey) -> Narrowed:
        """What :func:`searched_zones` answers for ``key`` (the window, the Damage Step's timing, the
        last chain link's spell speed, whether there is no chain link, whether there is no timing
        event, the turn player): the zones of :attr:`responses` (in a response window) or
        :attr:`activatable` (else) with only the cards that have an ability there that the
        refusals reading no more than that let through: the spell-speed check, a "When ..."
        timing (no chain link or no timing event to match), the turn player (a Quick-Play Spell
        is activated from the hand only in its own player's turn), and the card's definition and
        zone (a Trap Card in the hand is not activated; a card is activated only from the hand or
        the Spell & Trap Zone). A zone left without any is dropped. The entries of every card kept
        are in the zone's entries by definition. (For the cards and definitions of
        :attr:`cards_version`.)"""
        window, _damage_step, _top_speed, no_link, no_timing, active = key
        speeds, facts = timing.speed_allows(game, window)
        state = game.state
        responding = facts[0] in RESPONSE_WINDOWS
        lookup = response_entries if responding else activated_entries
        cards = state.cards
        hot_of = self.hot_of
        out = {}
        places = {}
        for player, searched in (self.responses if responding else self.activatable).items():
            kept = []
            for zone, place, on_field, hot, entries_of in searched:
                spells_too = zone != "hand" or player == active
                ids = hot_of.get((zone, spells_too, facts, no_link, no_timing))
                if ids is None:
                    passes = _PASSES.setdefault((zone, spells_too, facts, no_link, no_timing), {})
                    passing = set()
                    for cid in hot:
                        definition = cards[cid].definition
                        verdict = passes.get(id(definition))
                        if verdict is None:
                            verdict = passes[id(definition)] = _passes(definition, zone, spells_too, facts, no_link,
                                                                       no_timing, speeds)
                            if id(definition) not in entries_of:   # (the walks read them for the cards kept)
                                entries_of[id(definition)] = lookup(definition, zone)
                        if verdict:
                            passing.add(cid)
                    ids = hot_of[(zone, spells_too, facts, no_link, no_timing)] = frozenset(passing)
                if ids:
                    kept.append((zone, place, on_field, ids, entries_of))
            out[player] = tuple(kept)
            places[player] = tuple((place, ids) for _zone, place, _on_field, ids, _entries in kept)
        return out, speeds, facts, no_link, no_timing, places


def _passes(definition: CardDefinition, zone: str, spells_too: bool, facts: tuple[str, str | None, int | None],
            no_link: bool, no_timing: bool, speeds: dict[tuple[int, tuple[str, ...]], bool]) -> bool:
    """Whether a card of ``definition`` in ``zone`` is kept by :meth:`SearchZones.narrowed`
    (``spells_too``: whether it is its player's turn or the zone is not the hand)."""
    fields = definition.fields
    # (timing.place_refusal refuses a card's activation from the hand when it is a Trap, or a
    # Quick-Play Spell in the opponent's turn; from elsewhere than the hand and the Spell & Trap Zone
    # always)
    refused = zone not in ("hand", "spell_trap") or zone == "hand" and (
        fields.get("card_type", "") == "Trap" or
        (not spells_too and fields.get("property", "Normal") == "Quick-Play"))
    entries = (response_entries if facts[0] in RESPONSE_WINDOWS else activated_entries)(definition, zone)
    for _ab, kind, speed_key, when, _label, _bounds in entries:
        if kind == "activate" and refused:
            continue
        if when and (no_link if when.get("on") == "link" else no_timing):
            continue
        if timing.speed_allowed(speeds, facts, speed_key):
            return True
    return False


#: :func:`_passes` by zone name, ``spells_too`` and the key's facts and timing flags, then by the
#: identity of the definition (kept for the process: :data:`_ACTIVATABLE` keeps the definitions).
_PASSES: dict[tuple[Any, ...], dict[int, bool]] = {}


class WindowActivations:
    """The activations last worked out for a window: the journal version they hold at (a dry run
    while working them out rolls back to the same version), the player and window, and the list.
    A type of its own, not plain data: a fork starts with an empty one (:func:`rulestack.fork`
    copies plain values)."""

    __slots__ = ("version", "player", "window", "actions", "checking", "checking_version")

    def __init__(self) -> None:
        self.version = -1
        self.player = -1
        self.window = ""
        self.actions: tuple[Action, ...] = ()
        #: The activation the host is checking for the list now, past the list's place, spell speed and
        #: timing checks (the ``can_activate`` hook does not apply them again), at journal version
        #: :attr:`checking_version`.
        self.checking: Activation | None = None
        self.checking_version = -1


def activations(game: Game, player: int, window: str, found: Narrowed | None = None) -> list[Action]:
    """Every ability ``player`` may activate now (spell speed, place and timing first, cheaply, then
    the host's full check: condition, cost payable as a whole, targets), looked for among the cards
    :func:`searched_zones` keeps for the window's facts. Worked out once per
    window: asked again for the same player and window while the journal's version has not moved
    (:func:`may_act`, then the window's list), the list found is given again. ``found``: what
    :func:`searched_zones` answers for the window in this very state, when the caller has it."""
    st = game.state
    if st.values.get("resolving"):
        return []
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    memo = system.window_activations
    journal = game.journal
    if memo.version == journal.version and memo.player == player and memo.window == window:
        return list(memo.actions)
    out = []
    actions = system.action_cache      # (action_cache(game), read directly)
    cards = st.cards
    checked_window: str | None = None     # the window the hook judges the spell speed in (the same for all)
    plain: bool | None = None             # whether target requirements may be bounded (asked when first needed)
    by_player, speeds, facts, no_link, no_timing, _hot = found if found is not None else searched_zones(game, window)
    for _zone, place, _on_field, hot, entries_of in by_player[player]:
        if hot.isdisjoint(place.cards):     # (hot: the cards that may get past the refusals below)
            continue
        for cid in place.cards:
            if cid not in hot:
                continue
            card = cards[cid]
            entries = entries_of[id(card.definition)]     # (kept for every card of ``hot``)
            for ab, kind, speed_key, when, label, bounds in entries:
                # Cheap refusals before the full check (each only reads the state: their order
                # changes no answer): a "When ..." timing with no chain link or no event to match,
                # the spell speed, where the card is, the timing's events.
                if when and (no_link if when.get("on") == "link" else no_timing):
                    continue
                allowed = speeds.get(speed_key)
                if allowed is None:
                    allowed = timing.speed_allowed(speeds, facts, speed_key)
                if not allowed:
                    continue
                if timing.place_refusal(game, card, kind, player) or (
                        when and not timing.when_matches(game, card, when, player)):
                    continue
                if plain is None:
                    plain = plain_targeting(game)
                if bounds is not None and plain and lacks_targets(game, card, kind, bounds, player):
                    continue                                 # the host's target check would refuse it
                act = Activation(player=player, card=card, ability=ab, window=window)
                if checked_window is None:
                    checked_window = timing.effective_window(game, act)
                if checked_window == window:     # the checks above are the hook's: it skips them
                    memo.checking, memo.checking_version = act, journal.version
                try:
                    allowed = quick_can_activate(game, act) if plain else None
                    if allowed is None:
                        allowed = game.can_activate(act)
                finally:
                    memo.checking = None
                if allowed:
                    key = ("activate", player, cid, ab.index, (("window", window),), label)
                    out.append(actions.get(key) or cached_action(actions, key))
    memo.version, memo.player, memo.window, memo.actions = journal.version, player, window, tuple(out)
    return out


class ActivationZones(CardsSeen):
    """The zones worth searching for activated abilities: those some card of the game has an
    activated ability usable from; and, by zone name, the ids of the cards with an activated ability usable from there
    (:attr:`activatable`: :func:`activated_entries`) and of those with one some response window
    lets through the spell-speed check (:attr:`responses`: :func:`response_entries`): the windows
    skip a zone holding none of them, and the other cards of a zone, without looking at their
    definitions. For the cards seen (:class:`.cardinfo.CardsSeen`). A type of its own: a fork
    starts with an empty one."""

    __slots__ = ("zones", "activatable", "responses")

    def __init__(self) -> None:
        super().__init__()
        self.zones: tuple[str, ...] = ()
        self.activatable: dict[str, frozenset[int]] = {}
        self.responses: dict[str, frozenset[int]] = {}


def activation_zones(game: Game) -> tuple[str, ...]:
    """The zones worth searching for activated abilities (:class:`ActivationZones`, worked out
    again when the game's cards or their definitions changed)."""
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    found = system.activation_zones
    state = game.state
    if not found.holds(game):
        zones: set[str] = set()
        activatable: dict[str, set[int]] = {}
        responses: dict[str, set[int]] = {}
        for cid, card in state.cards.items():
            definition = card.definition
            for ab in definition.abilities:
                if ab.role == Role.ACTIVATED:
                    usable = ab.get("from") or ab.get("zone") or ACTIVATION_ZONES.get(ab.kind, ("monster",))
                    zones.update(usable)
            for zone in _activatable_by_zone(definition):
                activatable.setdefault(zone, set()).add(cid)
            for zone in _responses_by_zone(definition):
                responses.setdefault(zone, set()).add(cid)
        found.zones = tuple(z for z in _ZONE_ORDER if z in zones) + tuple(sorted(zones - set(_ZONE_ORDER)))
        found.activatable = {zone: frozenset(ids) for zone, ids in activatable.items()}
        found.responses = {zone: frozenset(ids) for zone, ids in responses.items()}
        found.see(game)
    return found.zones


_ZONE_ORDER = ("spell_trap", "monster", "hand", "graveyard", "banished")


#: A target requirement of an ability that can be bounded by counting cards (:func:`target_bounds`):
#: the zone names its filter searches, the player word that narrows them (``None``: every
#: player's), and how many targets it needs.
TargetBound = tuple[frozenset[str], Any, int]

#: An activated ability as the windows test it: the ability, its kind, its spell speed with its
#: tags (what :func:`.timing.speed_problem` reads), its "When ..." timing, its action's label, and
#: its target requirements that counting cards can refuse (:func:`target_bounds`; ``None``: none).
Activatable = tuple[Ability, str, tuple[int, tuple[str, ...]], Any, str, tuple[TargetBound, ...] | None]

#: What :meth:`SearchZones.narrowed` reads of the game: the window, the Damage Step's timing, the last
#: chain link's spell speed, whether there is no chain link, whether there is no timing event, the
#: turn player.
NarrowKey = tuple[str, Any, Any, bool, bool, int]

#: What :func:`searched_zones` answers: the zones to search per player, the spell-speed table and
#: facts (:func:`.timing.speed_allows`), whether there is no chain link, whether there is no timing event,
#: and per player the same zones as only the state's zone and the ids of the cards kept there (for
#: :func:`may_any_act`'s first look: whether any of them holds one).
Narrowed = tuple[dict[int, tuple["SearchedZone", ...]], dict[tuple[int, tuple[str, ...]], bool],
                 tuple[str, "str | None", "int | None"], bool, bool, dict[int, tuple[tuple[Zone, frozenset[int]], ...]]]

#: A zone the windows search (:class:`SearchZones`): its name, the state's zone, whether it is on the
#: field, the ids of the cards with entries there, and the entries kept there by definition.
SearchedZone = tuple[str, Zone, bool, frozenset[int], dict[int, tuple[Activatable, ...]]]

#: Per card definition (by identity: definitions are immutable and shared by every game of the
#: process), its activated abilities by the zone they are usable from, in printed order.
_ACTIVATABLE: dict[int, tuple[CardDefinition, dict[str, tuple[Activatable, ...]]]] = {}


def activated_entries(definition: CardDefinition, zone: str) -> tuple[Activatable, ...]:
    """The activated abilities of a card definition usable from ``zone``, each with the facts the
    windows test first (worked out once per definition)."""
    return _activatable_by_zone(definition).get(zone, ())


def _activatable_by_zone(definition: CardDefinition) -> dict[str, tuple[Activatable, ...]]:
    """:func:`activated_entries` of a card definition for every zone it has some in."""
    found = _ACTIVATABLE.get(id(definition))
    if found is None or found[0] is not definition:
        found = _ACTIVATABLE[id(definition)] = (definition, _activatable(definition))
    return found[1]


def _activatable(definition: CardDefinition) -> dict[str, tuple[Activatable, ...]]:
    by_zone: dict[str, list[Activatable]] = {}
    for ab in definition.abilities:
        if ab.role != Role.ACTIVATED:
            continue
        speed = ability_speed_of(definition.fields, ab)
        tags = ab.get("tags")
        label = f"activate {definition.name}" + (f": {ab.label}" if ab.label != ab.kind else "")
        entry = (ab, ab.kind, (speed, tuple(tags) if tags else ()), ab.get("when"), label, target_bounds(ab))
        for zone in dict.fromkeys(ab.get("from") or ab.get("zone") or ACTIVATION_ZONES.get(ab.kind, ("monster",))):
            by_zone.setdefault(zone, []).append(entry)
    return {zone: tuple(entries) for zone, entries in by_zone.items()} if by_zone else _NO_ZONES


_NO_ZONES: dict[str, tuple[Activatable, ...]] = {}    # (shared by the many cards without any; never changed)


#: :func:`activated_entries` and :func:`response_entries` kept by zone name, then by the identity of the
#: card definition (one look-up per card in the windows' walks of the zones). The id of a definition
#: cannot name another object while it is a key here: finding the entries puts the definition itself
#: in :data:`_ACTIVATABLE` (and :data:`_RESPONSES`), which keep it for the process.
_ACTIVATABLE_BY_ZONE: dict[str, dict[int, tuple[Activatable, ...]]] = {}
_RESPONSES_BY_ZONE: dict[str, dict[int, tuple[Activatable, ...]]] = {}


#: The response windows (:func:`may_act` is asked about), each with the least demanding facts of
#: the game for the spell-speed check in it (no Damage Step; a chain's last link of Spell Speed 1).
_RESPONSE_FACTS = {"open": (None, None), "chain": (None, 1), "summon": (None, None)}
RESPONSE_WINDOWS = frozenset(_RESPONSE_FACTS)

#: Per card definition (by identity, like :data:`_ACTIVATABLE`): its activated abilities that some
#: response window lets through the spell-speed check, by the zone they are usable from.
_RESPONSES: dict[int, tuple[CardDefinition, dict[str, tuple[Activatable, ...]]]] = {}


def response_entries(definition: CardDefinition, zone: str) -> tuple[Activatable, ...]:
    """The activated abilities of a card definition usable from ``zone`` that the spell-speed check
    lets through in some response window (:data:`RESPONSE_WINDOWS`), in printed order: an
    ability that no Damage Step timing or chain makes less demanding than the facts of
    :data:`_RESPONSE_FACTS` (:func:`.timing.speed_refusal` only adds refusals for them)."""
    return _responses_by_zone(definition).get(zone, ())


def _responses_by_zone(definition: CardDefinition) -> dict[str, tuple[Activatable, ...]]:
    """:func:`response_entries` of a card definition for every zone it has some in."""
    found = _RESPONSES.get(id(definition))
    if found is None or found[0] is not definition:
        by_zone = {}
        for z, entries in _activatable_by_zone(definition).items():
            kept = tuple(e for e in entries if any(timing.speed_refusal(e[2][0], w, e[2][1], ds, top) is None
                                                   for w, (ds, top) in _RESPONSE_FACTS.items()))
            if kept:
                by_zone[z] = kept
        found = _RESPONSES[id(definition)] = (definition, by_zone or _NO_ZONES)
    return found[1]


def target_bounds(ab: Ability) -> tuple[TargetBound, ...] | None:
    """The target requirements of an activated ability that counting the cards of the zones its
    filter searches can refuse: those of a card target, not "up to", in named zones; ``None``
    when it has none, or when the host's check could find more candidates than are in those zones
    now or could fail for another reason first that is not a plain refusal: an ability with a
    condition (a script: it runs first, and could fail) or a cost of its own (paid in the dry
    run before the targets are looked for: a discard could fill a Graveyard)."""
    spec = ab.spec
    if spec.get("condition") is not None or spec.get("cost"):
        return None
    out = []
    for target in spec.get("targets") or ():
        if not isinstance(target, Mapping) or target.get("kind", "card") != "card" or target.get("up_to", False):
            continue
        filt = target.get("filter")
        count = target.get("count", 1)
        if not isinstance(filt, Mapping) or filt.get("zone") is None or type(count) is not int or count <= 0:
            continue
        zones = filt["zone"]
        names = frozenset(zones if isinstance(zones, list) else [zones])
        if not all(isinstance(name, str) for name in names):
            continue
        out.append((names, filt.get("player", filt.get("controller")), count))
    return tuple(out) or None


def plain_targeting(game: Game) -> bool:
    """Whether only this system's hooks judge an activation, its cost and its target requests
    (``can_activate``, ``cost_contributions``, ``assemble_cost``, ``cost_judgement``,
    ``choice_rules``): then the host's check of a card target needs as many candidates as the
    target asks for, each found by the filter among the cards of the zones it names
    (:func:`lacks_targets`), and the whole check of an ability of plain data can be made here
    (:func:`quick_can_activate`)."""
    return only_by(game.pm, game.system, "can_activate", "cost_contributions", "assemble_cost",
                   "cost_judgement", "choice_rules")


def quick_can_activate(game: Game, act: Activation) -> bool | None:
    """``game.can_activate(act)`` for an activated ability of plain data (no condition, no cost of its
    own, no toll on it), worked out here with the host's checks in their order, without its dry
    run: where the card must be, its abilities not removed, once per turn, this system's
    ``can_activate`` hook, then each target: as many candidates as it asks for (the host's
    ``choice_rules`` are this system's: a target not "up to" needs them all), counted by
    :func:`.timing.plain_count` for a filter of plain keys, else by the host's search (not for a
    filter that runs a script, ``where``). ``None`` for anything else (the host is asked). Only
    while :func:`plain_targeting` holds."""
    card, ab = act.card, act.ability
    if act.trigger is not None:
        return None
    kept = _QUICK_PLANS.get(id(ab))
    if kept is None or kept[0] is not ab:
        kept = _QUICK_PLANS[id(ab)] = (ab, _quick_plan(ab))
    plan = kept[1]
    if plan is None:
        return None
    zones, once, steps = plan
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    allowed = zones or system.default_zones.get(ab.role)
    if allowed and card.zone not in allowed:
        return False
    if game.abilities_removed(card):
        return False
    if once and game.used_this_turn(card, ab):
        return False
    verdict = system.can_activate(game, act)
    if verdict is False or isinstance(verdict, str):
        return False
    if ab.kind == "activate" and card.zone == "hand" and system.cost_contributions(game, act):
        return None                  # a toll adds a cost (the host's assemble_cost would): it pays it in its dry run
    player = act.player
    for step in steps:
        if step is None:
            return None                  # (a target of another kind, or a filter's script: the host is asked)
        filt, count, up_to = step
        found = timing.plain_count(game, filt, player, card) if filt is not None else None
        if up_to:
            if found is None:
                game.find(filt, player, card)    # (not needed, but the host's check searches: as it does)
            continue
        if found is None:
            if not timing.finds_at_least(game, filt, player, card, count):
                return False
        elif found < count:
            return False
    return True


#: What :func:`quick_can_activate` reads of an ability's data: the zones it names (``from``, else
#: ``zone``; ``None``: the system's default), whether it is once per turn, and its targets in order,
#: each as its filter, count and whether it is "up to" (``None``: one of another kind, or with a
#: count not a number or a filter not plain data or running a script: the host is asked when it
#: comes to it). ``None`` for an ability with a condition or a cost of its own.
QuickPlan = tuple[Any, bool, tuple["tuple[Mapping[str, Any] | None, int, bool] | None", ...]]

#: :func:`_quick_plan` by the identity of the ability (kept with it, so that its id names no other
#: object meanwhile; abilities are their definitions' immutable data).
_QUICK_PLANS: dict[int, tuple[Ability, QuickPlan | None]] = {}


def _quick_plan(ab: Ability) -> QuickPlan | None:
    """What :func:`quick_can_activate` reads of ``ab``'s data, read once."""
    spec = ab.spec
    if spec.get("condition") is not None or spec.get("cost"):
        return None
    steps: list[tuple[Mapping[str, Any] | None, int, bool] | None] = []
    for target in spec.get("targets") or ():
        if not isinstance(target, Mapping) or target.get("kind", "card") != "card":
            steps.append(None)
            break
        count = target.get("count", 1)
        filt = target.get("filter")
        if type(count) is not int or (filt is not None and (not isinstance(filt, Mapping) or "where" in filt)):
            steps.append(None)
            break
        steps.append((filt, count, bool(target.get("up_to", False))))
    return spec.get("from") or spec.get("zone"), bool(spec.get("once_per_turn")), tuple(steps)


def lacks_targets(game: Game, card: Card, kind: str, bounds: tuple[TargetBound, ...], player: int) -> bool:
    """Would the host's check refuse activating this ability of ``card`` by ``player`` for want of
    targets, as counting the cards of the zones its filters search shows (fewer cards there than
    a target needs: the filter can only find fewer)? Only for an ability with ``bounds``
    (:func:`target_bounds`: no condition, no cost of its own), with only this system's hooks
    changing costs and target requests (:func:`plain_targeting`), and not for a card activated
    from the hand (a toll, the only cost this system adds, may apply to it: the host is asked).
    The host's other checks run before the targets' and change nothing: whatever they say, the
    answer is no."""
    if kind == "activate" and card.zone == "hand":
        return False      # a toll may add a cost to it (this system's cost_contributions): the host decides
    st = game.state
    by_name = zone_groups(game)
    for names, who, count in bounds:
        zone_player = None
        if who is not None and who != "any":
            try:
                zone_player = relative_player(game, player, who)
            except ScriptUsageError:
                continue
        found = 0
        for name in names:
            for zp, zone in by_name.get(name, ()):
                if zone_player is None or zp is None or zp == zone_player:
                    found += len(zone.cards)
        if found < count:
            return True
    return False


def activated_abilities(definition: CardDefinition, zone: str) -> tuple[Ability, ...]:
    """The activated abilities of a card definition usable from ``zone``."""
    return tuple(entry[0] for entry in activated_entries(definition, zone))


def respond(game: Game, player: int, window: str) -> Action:
    """A response window: the player acts, or passes at once when they provably cannot act. (When
    the window's activations for the player have just been worked out in this very state, by
    :func:`may_any_act` asking before the window ran, whether there are some is its answer.)"""
    memo: WindowActivations = game.system.window_activations  # type: ignore[attr-defined]   # YugiohSystem's
    if memo.version == game.journal.version and memo.player == player and memo.window == window and \
            window in RESPONSE_WINDOWS:
        if not memo.actions:
            return PASS[player]
    elif not may_any_act(game, (player,), window):     # (may_act, without its call)
        return PASS[player]
    return game.act(player, window)


#: The pass of each player, as returned when a window is passed without asking.
PASS = (Action("pass", 0, label="pass"), Action("pass", 1, label="pass"))
