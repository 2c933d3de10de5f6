"""Response windows that a player provably cannot use are passed without asking.

Building the list of legal actions is the costly part of a window; most windows (each phase's
start, the moment before a phase ends, every response to a chain link) offer a player nothing but
"pass". :func:`may_act` lets those windows pass at once: its cheap refusals come first, and when
some ability gets past them it works out the window's activations (:func:`activations`, the same
list the window would offer, kept for that window while the state does not change) and says "maybe"
only when there is one; then the real window opens (:meth:`Game.act`) and offers that list.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulestack import Ability, Action, Activation, CardDefinition, Game, Role
from rulestack.state import GameState, Zone

from . import timing
from .cardinfo import ACTIVATION_ZONES, CardsSeen, ability_speed_of, action_cache, cached_action

if TYPE_CHECKING:
    from .system import YugiohSystem


def may_act(game: Game, player: int, window: str) -> bool:
    """Could ``player`` have anything but "pass" in this window? When it says no, the window is
    passed without building the list of actions (it would only hold "pass"). It applies the
    refusals :func:`activations` applies before the host's full check (spell speed, where the card
    is, a "When ..." timing) first; when some ability gets past them, it answers whether
    :func:`activations` finds one (the window then offers the list it found)."""
    if window in ("main", "battle"):
        return True
    st = game.state
    if st.values.get("resolving"):
        return False
    own_turn = player == st.active_player
    cards = st.cards
    zones = st.zones
    speeds: dict[tuple[int, tuple[str, ...]], bool] | None = None    # asked when first needed
    facts: tuple[str, str | None, int | None] = (window, None, None)
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    found = system.activation_zones
    version = game.journal.version
    if (found.version != version or found.cards is not cards) and not found.holds(st, version):
        activation_zones(game)
    searched, hand_effects = found.zones, found.hand_effects
    lists = system.search_zones
    if lists.zones is not zones or lists.searched is not searched:
        lists.find(st, searched)
    # In a response window only the abilities some response window lets through the spell-speed
    # check are worth looking at (the check below refuses the others anyway).
    table, lookup = (_RESPONSES, response_entries) if window in RESPONSE_WINDOWS else \
        (_ACTIVATABLE, activated_entries)
    for zone, place, on_field in lists.by_player[player]:
        # From the hand in the opponent's turn only a monster's effect can be activated (a "hand
        # trap"): a Spell or Trap card's activation from the hand is for its own player's turn.
        spells_too = zone != "hand" or own_turn
        if not spells_too and not hand_effects:
            continue
        for cid in place.cards:
            card = cards[cid]
            definition = card.definition
            known = table.get(id(definition))      # lookup(definition, zone), inlined
            entries = known[1].get(zone) if known is not None and known[0] is definition else \
                lookup(definition, zone)
            if not entries:
                continue
            for ab, kind, speed_key, when, _label in entries:
                if kind == "activate" and ((on_field and card.face_up) or not spells_too):
                    continue
                if speeds is None:
                    speeds, facts = timing.speed_allows(game, window)
                allowed = speeds.get(speed_key)
                if allowed is None:
                    allowed = timing.speed_allowed(speeds, facts, speed_key)
                if not allowed:
                    continue
                # The other cheap refusals the action list applies before the full check (where the
                # card is, its "When ..." timing): an ability they refuse is never in the list.
                if timing.place_refusal(game, card, kind, player):
                    continue
                if when and (((not st.stack) if when.get("on") == "link" else st.values.get("timing", ()) == ())
                             or not timing.when_matches(game, card, when, player)):
                    continue     # (no chain link, no event of the timing: it matches nothing, at once)
                # Past the cheap refusals: the window's list itself says (kept for the window).
                return bool(activations(game, player, window))
    return False


class SearchZones:
    """The zones searched for activated abilities (:func:`activation_zones`), per player, each as its
    name, the state's zone and whether it is on the field; for one state's zones (a game's zones
    are made with it and never replaced) and one tuple of zone names. A type of its own, not plain
    data: a fork, whose state has zones of its own, starts with an empty one."""

    __slots__ = ("zones", "searched", "by_player")

    def __init__(self) -> None:
        self.zones: dict[tuple[str, int | None], Zone] | None = None
        self.searched: tuple[str, ...] = ()
        self.by_player: dict[int, tuple[tuple[str, Zone, bool], ...]] = {}

    def find(self, state: GameState, searched: tuple[str, ...]) -> None:
        """Work the lists out for ``state``'s zones and the zone names ``searched``."""
        zones = state.zones
        self.by_player = {p.index: tuple((name, zones[(name, p.index)], name in ("spell_trap", "monster"))
                                         for name in searched) for p in state.players}
        self.zones, self.searched = zones, searched


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


def activations(game: Game, player: int, window: str) -> list[Action]:
    """Every ability ``player`` may activate now (spell speed, place and timing first, cheaply, then
    the host's full check: condition, cost payable as a whole, targets). Worked out once per
    window: asked again for the same player and window while the journal's version has not moved
    (:func:`may_act`, then the window's list), the list found is given again."""
    st = game.state
    if st.values.get("resolving"):
        return []
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    memo = system.window_activations
    journal = game.journal
    if memo.version == journal.version and memo.player == player and memo.window == window:
        return list(memo.actions)
    out = []
    cards, zones = st.cards, st.zones
    speeds, facts = timing.speed_allows(game, window)
    data = (("window", window),)
    checked_window: str | None = None     # the window the hook judges the spell speed in (the same for all)
    cache = action_cache(game)
    found = system.activation_zones
    version = journal.version
    searched = found.zones if (found.version == version and found.cards is cards) or found.holds(st, version) \
        else activation_zones(game)
    lists = system.search_zones
    if lists.zones is not zones or lists.searched is not searched:
        lists.find(st, searched)
    for zone, place, _on_field in lists.by_player[player]:
        for cid in place.cards:
            card = cards[cid]
            definition = card.definition
            known = _ACTIVATABLE.get(id(definition))      # activated_entries(definition, zone), inlined
            entries = known[1].get(zone) if known is not None and known[0] is definition else \
                activated_entries(definition, zone)
            if not entries:
                continue
            for ab, kind, speed_key, when, label in entries:
                allowed = speeds.get(speed_key)
                if allowed is None:
                    allowed = timing.speed_allowed(speeds, facts, speed_key)
                if not allowed:
                    continue
                if timing.place_refusal(game, card, kind, player) or (
                        when and (((not st.stack) if when.get("on") == "link" else st.values.get("timing", ()) == ())
                                  or not timing.when_matches(game, card, when, player))):
                    continue                                 # cheap refusals before the full check
                act = Activation(player=player, card=card, ability=ab, window=window)
                if checked_window is None:
                    checked_window = timing.effective_window(game, act)
                if checked_window == window:     # the checks above are the hook's: it skips them
                    memo.checking, memo.checking_version = act, journal.version
                try:
                    allowed = game.can_activate(act)
                finally:
                    memo.checking = None
                if allowed:
                    out.append(cached_action(cache, ("activate", player, cid, ab.index, data, label)))
    memo.version, memo.player, memo.window, memo.actions = journal.version, player, window, tuple(out)
    return out


class ActivationZones(CardsSeen):
    """The zones worth searching for activated abilities: those some card of the game has an
    activated ability usable from; and whether some card has a monster's effect usable from the
    hand (a "hand trap", the only kind of activation from the hand in the opponent's turn). For
    the cards seen (:class:`.cardinfo.CardsSeen`). A type of its own: a fork starts with an empty one."""

    __slots__ = ("zones", "hand_effects")

    def __init__(self) -> None:
        super().__init__()
        self.zones: tuple[str, ...] = ()
        self.hand_effects = False


def activation_zones(game: Game) -> tuple[str, ...]:
    """The zones worth searching for activated abilities (:class:`ActivationZones`, worked out
    again when the game's cards or their definitions changed)."""
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    found = system.activation_zones
    state, version = game.state, game.journal.version
    if not found.holds(state, version):
        zones: set[str] = set()
        hand_effects = False
        for card in state.cards.values():
            for ab in card.definition.abilities:
                if ab.role == Role.ACTIVATED:
                    usable = ab.get("from") or ab.get("zone") or ACTIVATION_ZONES.get(ab.kind, ("monster",))
                    zones.update(usable)
                    hand_effects = hand_effects or (ab.kind != "activate" and "hand" in usable)
        found.zones = tuple(z for z in _ZONE_ORDER if z in zones) + tuple(sorted(zones - set(_ZONE_ORDER)))
        found.hand_effects = hand_effects
        found.see(state, version)
    return found.zones


_ZONE_ORDER = ("spell_trap", "monster", "hand", "graveyard", "banished")


#: An activated ability as the windows test it: the ability, its kind, its spell speed with its
#: tags (what :func:`.timing.speed_problem` reads), its "When ..." timing and its action's label.
Activatable = tuple[Ability, str, tuple[int, tuple[str, ...]], Any, str]

#: Per card definition (by identity: definitions are immutable and shared by every game of the
#: process), its activated abilities by the zone they are usable from, in printed order.
_ACTIVATABLE: dict[int, tuple[CardDefinition, dict[str, tuple[Activatable, ...]]]] = {}


def activated_entries(definition: CardDefinition, zone: str) -> tuple[Activatable, ...]:
    """The activated abilities of a card definition usable from ``zone``, each with the facts the
    windows test first (worked out once per definition)."""
    found = _ACTIVATABLE.get(id(definition))
    if found is None or found[0] is not definition:
        found = _ACTIVATABLE[id(definition)] = (definition, _activatable(definition))
    return found[1].get(zone, ())


def _activatable(definition: CardDefinition) -> dict[str, tuple[Activatable, ...]]:
    by_zone: dict[str, list[Activatable]] = {}
    for ab in definition.abilities:
        if ab.role != Role.ACTIVATED:
            continue
        speed = ability_speed_of(definition.fields, ab)
        tags = ab.get("tags")
        label = f"activate {definition.name}" + (f": {ab.label}" if ab.label != ab.kind else "")
        entry = (ab, ab.kind, (speed, tuple(tags) if tags else ()), ab.get("when"), label)
        for zone in dict.fromkeys(ab.get("from") or ab.get("zone") or ACTIVATION_ZONES.get(ab.kind, ("monster",))):
            by_zone.setdefault(zone, []).append(entry)
    return {zone: tuple(entries) for zone, entries in by_zone.items()} if by_zone else _NO_ZONES


_NO_ZONES: dict[str, tuple[Activatable, ...]] = {}    # (shared by the many cards without any; never changed)


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
    found = _RESPONSES.get(id(definition))
    if found is None or found[0] is not definition:
        activated_entries(definition, zone)
        by_zone = {}
        for z, entries in _ACTIVATABLE[id(definition)][1].items():
            kept = tuple(e for e in entries if any(timing.speed_refusal(e[2][0], w, e[2][1], ds, top) is None
                                                   for w, (ds, top) in _RESPONSE_FACTS.items()))
            if kept:
                by_zone[z] = kept
        found = _RESPONSES[id(definition)] = (definition, by_zone or _NO_ZONES)
    return found[1].get(zone, ())


def activated_abilities(definition: CardDefinition, zone: str) -> tuple[Ability, ...]:
    """The activated abilities of a card definition usable from ``zone``."""
    return tuple(entry[0] for entry in activated_entries(definition, zone))


def respond(game: Game, player: int, window: str) -> Action:
    """A response window: the player acts, or passes at once when they provably cannot act."""
    if not may_act(game, player, window):
        return PASS[player]
    return game.act(player, window)


#: The pass of each player, as returned when a window is passed without asking.
PASS = (Action("pass", 0, label="pass"), Action("pass", 1, label="pass"))
