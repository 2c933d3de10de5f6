"""When a card or effect may be activated: windows, spell speeds and "When ..." timings.

Windows (the ``window`` of an action):

* ``main`` — the turn player's open game state in their Main Phase with an empty chain: the only
  place Spell Speed 1 may start a chain (Normal Spells, Ignition effects ...).
* ``open`` — any other open game state with an empty chain (phase starts, the turn player's
  Battle Step, the opponent before a phase ends, right after a Summon or attack declaration):
  Spell Speed 2 and 3 only.
* ``chain`` — responding to the last chain link: the response needs a spell speed of at least 2
  and at least the last link's; only Spell Speed 3 may respond to Spell Speed 3 (B3.1, YGO-14).
* ``summon`` — a monster is about to be Summoned: only effects that negate Summons
  (tag ``negate_summon``: Solemn Judgment, Stardust Warrior) may start a chain.

Nothing may be activated while a chain resolves. Trigger effects are not activated in windows:
they go on a chain through SEGOC (:mod:`.chain`), so spell speed does not gate them.

"When ..." timings are data: ``when = { on = "attack_declared", player = "opponent" }`` on an
activated ability matches the events that opened the current timing (a Summon, an attack
declaration), and ``when = { on = "link", card_type = "Trap", card_activation = true }`` matches
the last chain link (Seven Tools of the Bandit: "When a Trap Card is activated").
"""
from __future__ import annotations

from typing import Any, Collection, Mapping

from rulestack import Ability, Activation, Card, Game, Item
from rulestack.context import ScriptUsageError, relative_player
from rulestack.filters import CardFilter

from .cardinfo import ability_speed, card_type, free_zones, prop, zone_groups

MAIN_PHASES = ("main1", "main2")

#: Keys of a ``when`` table that are not compared with the event's fields.
_SPECIAL_WHEN_KEYS = frozenset({"on", "player", "filter", "tag"})


# -- chain links as plain data ------------------------------------------------------------------------
def link_info(game: Game, item: Item) -> dict[str, Any]:
    """A chain link as plain data (what ``ctx:last_link()`` returns to scripts)."""
    card = game.state.cards.get(item.card) if item.card is not None else None
    ab = card.definition.abilities[item.ability] if card is not None and item.ability is not None else None
    return {
        "id": item.id, "link": item.data.get("link"), "card": item.card, "controller": item.controller,
        "name": card.name if card else None, "code": card.code if card else None,
        "card_type": card_type(card) if card else None, "property": prop(card) if card else None,
        "card_activation": item.card_activation, "kind": ab.kind if ab else None,
        "speed": item.data.get("speed", 1), "tags": list(ab.get("tags") or ()) if ab else [],
        "activation_negated": item.activation_negated,
    }


def top_link(game: Game) -> Item | None:
    stack = game.state.stack
    return stack[-1] if stack else None


# -- the events that opened the current timing -------------------------------------------------------
def timing_events(game: Game) -> tuple[dict[str, Any], ...]:
    """What just happened and may be responded to ("When a monster is Summoned", "When an attack is
    declared"): kept while the chain built at that timing lasts."""
    events: tuple[dict[str, Any], ...] = game.state.values.get("timing", ())   # (value_of, read directly)
    return events


def open_timing(game: Game, event: Mapping[str, Any]) -> None:
    game.set_value(None, "timing", tuple(timing_events(game)) + (dict(event),))


def close_timing(game: Game) -> None:
    if timing_events(game):
        game.set_value(None, "timing", ())


def _field_matches(have: object, want: object) -> bool:
    options = want if isinstance(want, list) else [want]
    if isinstance(have, (list, tuple)):
        return any(o in have for o in options)
    return have in options


def when_matches(game: Game, card: Card, when: Mapping[str, Any], controller: int) -> bool:
    """Does a ``when`` table match the current timing (or, for ``on = "link"``, the last link)?"""
    on = when.get("on")
    if on == "link":
        top = top_link(game)
        if top is None:
            return False
        candidates = [link_info(game, top)]
    else:
        candidates = [ev for ev in timing_events(game) if ev.get("on") == on]
    for ev in candidates:
        if _event_matches(game, card, when, ev, controller):
            return True
    return False


def _event_matches(game: Game, card: Card, when: Mapping[str, Any], ev: Mapping[str, Any], controller: int) -> bool:
    for key, want in when.items():
        if key == "on":
            continue
        if key == "player":
            who = ev.get("controller", ev.get("player"))
            if who != relative_player(game, controller, want):
                return False
        elif key == "filter":
            subject = ev.get("card")
            if subject is None or not game.matches(game.card(subject), want, controller, card):
                return False
        elif key == "tag":
            if not _field_matches(ev.get("tags", ()), want):
                return False
        elif not _field_matches(ev.get(key), want):
            return False
    return True


# -- may this be activated now? -----------------------------------------------------------------------
def current_window(game: Game, player: int) -> str:
    """The window an activation outside any action window (a direct ``activate``) belongs to."""
    st = game.state
    if st.stack:
        return "chain"
    if st.values.get("summoning"):
        return "summon"
    if st.phase in MAIN_PHASES and player == st.active_player:
        return "main"
    return "open"


def speed_problem(game: Game, speed: int, window: str, tags: Collection[str] | None) -> str | None:
    """Why an ability of this spell speed cannot start or join a chain in ``window``."""
    if window == "summon":
        return speed_refusal(speed, window, tags, None, None)
    top = top_link(game)
    return speed_refusal(speed, window, tags, game.state.values.get("damage_step"),
                         top.data.get("speed", 1) if top is not None else None)


def speed_refusal(speed: int, window: str, tags: Collection[str] | None, in_damage_step: str | None,
                  top_speed: int | None) -> str | None:
    """:func:`speed_problem` from what it reads of the game: the Damage Step's timing (``None``
    outside it) and the spell speed of the last chain link (``None`` with no chain)."""
    if window == "summon":
        if "negate_summon" not in (tags or ()):
            return "only an effect that negates a Summon may be activated as a monster is Summoned"
        return None
    if in_damage_step is not None:
        problem = damage_step_problem(in_damage_step, speed, tags)
        if problem:
            return problem
    if top_speed is not None:
        if speed < 2:
            return "Spell Speed 1 can only be Chain Link 1"
        if top_speed == 3 and speed < 3:
            return "only Spell Speed 3 can respond to Spell Speed 3"
        if speed < top_speed:
            return f"Spell Speed {speed} cannot respond to Spell Speed {top_speed}"
        return None
    if speed == 1 and window != "main":
        return "Spell Speed 1 starts a chain only in your own Main Phase, in an open game state"
    return None


#: Whether :func:`speed_refusal` allows each (spell speed, tags), by (window, Damage Step timing,
#: last link's speed): the answers of a pure function, kept for the process (a few dozen at most).
_SPEED_ALLOWS: dict[tuple[str, str | None, int | None], dict[tuple[int, tuple[str, ...]], bool]] = {}


def speed_allows(game: Game, window: str) -> tuple[dict[tuple[int, tuple[str, ...]], bool],
                                                   tuple[str, str | None, int | None]]:
    """What :func:`speed_problem` answers in ``window`` now, as a table from ``(spell speed, tags)``
    to "allowed" (filled by :func:`speed_allowed`) and the facts of the game it depends on."""
    if window == "summon":
        facts: tuple[str, str | None, int | None] = (window, None, None)
    else:
        stack = game.state.stack
        facts = (window, game.state.values.get("damage_step"), stack[-1].data.get("speed", 1) if stack else None)
    table = _SPEED_ALLOWS.get(facts)
    if table is None:
        table = _SPEED_ALLOWS[facts] = {}
    return table, facts


def speed_allowed(table: dict[tuple[int, tuple[str, ...]], bool], facts: tuple[str, str | None, int | None],
                  key: tuple[int, tuple[str, ...]]) -> bool:
    """Whether an ability of spell speed and tags ``key`` passes :func:`speed_problem` (see
    :func:`speed_allows`)."""
    found = table.get(key)
    if found is None:
        found = table[key] = speed_refusal(key[0], facts[0], key[1], facts[1], facts[2]) is None
    return found


#: The Damage Step's timings at which effects that change ATK/DEF may still be activated.
ATK_DEF_TIMINGS = frozenset({"start", "before_calculation"})


def damage_step_problem(timing_name: str, speed: int, tags: Collection[str] | None) -> str | None:
    """What may be activated in the Damage Step: Counter Traps (Spell Speed 3), effects that negate
    an activation (tag ``negate``), and effects that change ATK/DEF (tag ``atk_def``) up to the
    start of damage calculation. Trigger effects are not asked here: they activate as usual."""
    tags = tags or ()
    if speed >= 3 or "negate" in tags:
        return None
    if "atk_def" in tags and timing_name in ATK_DEF_TIMINGS:
        return None
    if timing_name == "calculation":
        return "nothing may be activated during damage calculation"
    return ("in the Damage Step only Counter Traps, effects that negate an activation and effects that "
            "change ATK/DEF (until damage calculation) may be activated")


def place_problem(game: Game, act: Activation) -> str | None:
    """Where the card must be, face up or down, for this kind of ability."""
    return place_refusal(game, act.card, act.ability.kind, act.player)


def place_refusal(game: Game, card: Card, kind: str, player: int) -> str | None:
    """:func:`place_problem` for an ability of ``kind`` of ``card`` activated by ``player``."""
    zone = card.zone
    if zone != "hand" and card.controller != player:
        return f"{card.name} is not controlled by P{player}"
    if kind == "activate":
        fields = card.definition.fields       # is_trap(card) and prop(card), read once
        if zone == "hand":
            if card.owner != player:
                return f"{card.name} is not in P{player}'s hand"
            if fields.get("card_type", "") == "Trap":
                return "a Trap Card must be Set before it is activated"
            word = fields.get("property", "Normal")
            if word == "Quick-Play" and player != game.state.active_player:
                return "a Quick-Play Spell is activated from the hand only during your own turn"
            if word != "Field" and free_zones(game, "spell_trap", player) <= 0:
                return "no Spell & Trap Zone is free"
        elif zone == "spell_trap":
            if card.face_up:
                return f"{card.name} is already face-up"
            if (fields.get("card_type", "") == "Trap" or fields.get("property", "Normal") == "Quick-Play") and \
                    card.status.get("set_turn") == game.state.turn:
                return f"{card.name} was Set this turn"
        else:
            return f"a card is activated from the hand or the field, not from {zone}"
    elif zone in ("monster", "spell_trap") and not card.face_up:
        return f"{card.name} is face-down"
    return None


def timing_problem(game: Game, act: Activation) -> str | None:
    """Why ``act`` (an activated ability, not a trigger) may not be activated now, or ``None``."""
    if game.state.values.get("resolving"):
        return "nothing can be activated while a chain resolves"
    problem = place_problem(game, act)
    if problem:
        return problem
    ab = act.ability
    window = effective_window(game, act)
    problem = speed_problem(game, ability_speed(act.card, ab), window, ab.get("tags"))
    if problem:
        return problem
    when = ab.get("when")
    if when and not when_matches(game, act.card, when, act.player):
        return f"the timing of {act.card.name} has not come"
    return usage_problem(game, act.card, ab, act.player)


def effective_window(game: Game, act: Activation) -> str:
    """The window :func:`timing_problem` judges ``act``'s spell speed in."""
    window = act.window or current_window(game, act.player)
    if window == "main" and (game.state.stack or act.player != game.state.active_player):
        window = "chain" if game.state.stack else "open"
    return window


def usage_problem(game: Game, card: Card, ab: Ability, player: int) -> str | None:
    """The last part of :func:`timing_problem`, after the place, the spell speed and the "When ..."
    timing: what the ability needs on the field, its once-per-turn-by-name use, a name locked by an
    effect, an activation restriction."""
    spec = ab.spec        # (the ability's keys read directly: Ability.get is spec.get)
    if spec.get("requires") and not requirements_met(game, card, ab, player):
        return f"what {card.name} needs on the field is not there"
    # (name_used and name_locked, read here without their calls: asked at every activation check)
    state = game.state
    values = state.players[player].values
    name = card.definition.name
    if spec.get("once_per_turn_by_name"):
        used = values.get("names_used")
        if used and used.get(name) == state.turn:
            return f"an effect of {name} was already used this turn"
    locked = values.get("names_locked")
    if locked and locked.get(name) == state.turn:
        return f"cards named {name} cannot be activated this turn"
    if spec.get("restriction") == "no_normal_summon" and values.get("normal_summon_turn") == state.turn:
        return "you already Normal Summoned or Set this turn"
    return None


def requirements_met(game: Game, card: Card, ability: Ability, player: int) -> bool:
    """Activation requirements as data, checked without calling Lua: ``requires = { { filter =
    {...}, min = 1, max = n } }`` (how many cards matching each filter there must be; ``min``
    defaults to 1 unless a ``max`` is given)."""
    for req in ability.spec.get("requires") or ():
        spec = req.get("filter") or {}
        n = plain_count(game, spec, player, card)
        if n is None:
            n = len(game.find(spec, player, card))
        if n < req.get("min", 0 if "max" in req else 1) or n > req.get("max", n):
            return False
    return True


#: The keys of a card filter :func:`plain_count` reads itself (the host's own checks of them compare
#: the card's zone, controller and face; none reads a derived value or a script).
PLAIN_KEYS = frozenset({"zone", "player", "controller", "face_up", "other"})


def plain_count(game: Game, spec: Mapping[str, Any], player: int, source: Card | None = None) -> int | None:
    """``len(game.find(spec, player, source))`` for a filter of only :data:`PLAIN_KEYS` that names its
    zones, counted from the zones themselves: the cards of the zones of those names (of the player
    the ``player``/``controller`` word means, when there is one: the host searches only that
    player's zones, and shared ones) whose zone, controller and face are those the keys want, but
    ``source`` itself for ``other``. ``None`` for any other filter, or a player word the host
    would not understand (it says why). What it reads of the filter is read once per filter
    (:func:`_plain_filter`: a card's filters are its definition's data, never changed)."""
    if spec.get("zone") is None:
        return None
    kept = _PLAIN_FILTERS.get(id(spec))
    if kept is None or kept[0] is not spec:
        if len(_PLAIN_FILTERS) >= 4096:      # (filters made on the fly are not kept for ever)
            _PLAIN_FILTERS.clear()
        kept = _PLAIN_FILTERS[id(spec)] = (spec, _plain_filter(spec))
    plain = kept[1]
    if plain is None:
        return None
    unique, names, zoned, words, face_up, other = plain
    controller = -1           # the controller the words want (-1: any)
    zone_player = None
    if words:
        try:
            controller = relative_player(game, player, words[0])
            for word in words[1:]:
                if relative_player(game, player, word) != controller:
                    controller = -2     # two controllers wanted: no card has both (each word understood first)
        except ScriptUsageError:
            return None
        if controller == -2:
            return 0
        if zoned:                 # (the player word of the zones is the first word)
            zone_player = controller
    skipped = source.id if other and source is not None else None
    cards = game.state.cards
    by_name = zone_groups(game)
    n = 0
    for name in unique:
        for zp, zone in by_name.get(name, ()):
            if zone_player is not None and zp is not None and zp != zone_player:
                continue
            for cid in zone.cards:
                card = cards[cid]
                if card.zone in names and (face_up is None or card.face_up == face_up) and cid != skipped and \
                        (controller == -1 or card.controller == controller):
                    n += 1
    return n


#: What :func:`plain_count` reads of a filter: its zone names (each once, in order, and as a set),
#: whether its player word (``player``, else ``controller``) narrows the zones searched (it is one
#: and not ``any``: then it is the first of the words), the words of those of the two it has (not
#: ``any``), the face it wants (``None``: either), and whether it leaves out the source (``other``).
PlainFilter = tuple[tuple[str, ...], frozenset[str], bool, tuple[Any, ...], "bool | None", bool]

#: :func:`_plain_filter` of the filters seen, by identity (each kept with its filter, so that its id
#: names no other object meanwhile).
_PLAIN_FILTERS: dict[int, tuple[Mapping[str, Any], PlainFilter | None]] = {}


def _plain_filter(spec: Mapping[str, Any]) -> PlainFilter | None:
    """What :func:`plain_count` reads of ``spec``; ``None`` when it is not a filter it counts for."""
    zones = spec.get("zone")
    if zones is None or not PLAIN_KEYS.issuperset(spec):
        return None
    names = zones if type(zones) is list else [zones]
    if not all(type(name) is str for name in names):
        return None
    words = tuple(spec[key] for key in ("player", "controller") if key in spec and spec[key] != "any")
    face = spec.get("face_up")
    who = spec.get("player", spec.get("controller"))
    return (tuple(dict.fromkeys(names)), frozenset(names), who is not None and who != "any", words,
            None if face is None else bool(face), bool(spec.get("other")))


#: The keys of a card filter whose check may fail for one card and not another otherwise than by
#: answering no (``min``/``max`` compare a derived value with a bound: an ATK of another type
#: raises) or that runs a script (``where``): :func:`finds_at_least` counts all the cards for them.
_FULL_SEARCH_KEYS = frozenset({"min", "max", "where"})


def finds_at_least(game: Game, spec: Mapping[str, Any] | None, player: int, source: Card | None, count: int) -> bool:
    """``len(game.find(spec, player, source)) >= count``, with the host's own filter (the same
    candidates in the same order, each checked by :meth:`CardFilter.matches`, the same checks the
    host's search applies), stopping at the ``count``-th card found. A filter with a key of
    :data:`_FULL_SEARCH_KEYS` is searched by the host in full."""
    if spec and not _FULL_SEARCH_KEYS.isdisjoint(spec):
        return len(game.find(spec, player, source)) >= count
    if count <= 0:
        return True
    filt = CardFilter(game, spec or {}, player, source)
    matches = filt.matches
    for card in filt.candidates():
        if matches(card):
            count -= 1
            if not count:
                return True
    return False


def name_used(game: Game, player: int, name: str) -> bool:
    used: dict[str, int] | None = game.state.players[player].values.get("names_used")   # (value_of, read directly)
    return used is not None and used.get(name) == game.state.turn


def name_locked(game: Game, player: int, name: str) -> bool:
    """Whether an effect (Sangan's) has stopped ``player`` activating cards named ``name`` this turn."""
    locked: dict[str, int] | None = game.state.players[player].values.get("names_locked")   # (value_of, read directly)
    return locked is not None and locked.get(name) == game.state.turn


def lock_name(game: Game, player: int, name: str) -> None:
    locked = dict(game.value_of(player, "names_locked", {}))
    locked[name] = game.state.turn
    game.set_value(player, "names_locked", locked)


def use_name(game: Game, player: int, name: str) -> None:
    used = dict(game.value_of(player, "names_used", {}))
    used[name] = game.state.turn
    game.set_value(player, "names_used", used)
