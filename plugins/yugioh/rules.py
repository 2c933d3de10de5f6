"""Rules that continuous effects and the game state impose: restrictions ("cannot"), negation,
equip bonuses, bonds between cards, and the checks the game makes after each step (losses, equips
left without a monster, cards bound to a monster that left).

Restrictions are data: a ``continuous`` ability lists the actions it ``forbids`` and the cards it
``affects`` (Mask of Restrict forbids ``tribute`` for every monster; Messenger of Peace forbids
``declare_attack`` to monsters with 1500 or more ATK; Marshmallon forbids
``destroy_by_battle`` to itself). Monster effects are negated only while the monster is face-up
on the field (Skill Drain), which is also what lets a monster that Tributes itself as a cost escape
that negation (YGO-A15).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulestack import Ability, Card, CardDefinition, Cause, Game, Modifier, Role
from rulestack.state import FloatingEffect, GameState, Zone
from rulestack.context import ScriptUsageError
from rulestack.hookowners import only_by, sole_by
from rulestack.values import NO_KEYWORDS, keywords_written, union_written

from .cardinfo import FIELD_ZONES, CardsSeen, is_monster, on_field
from .moves import destroy
from .xyz_materials import OVERLAY, orphaned_materials

if TYPE_CHECKING:
    from .system import YugiohSystem

#: Per card definition (by identity: definitions are immutable and shared by every game of the
#: process), its static abilities (continuous effects, tolls) by kind, in printed order.
_STATIC_KINDS: dict[int, tuple[CardDefinition, dict[str, tuple[Ability, ...]]]] = {}


def _statics_by_kind(definition: CardDefinition) -> dict[str, tuple[Ability, ...]]:
    found = _STATIC_KINDS.get(id(definition))
    if found is None or found[0] is not definition:
        kinds: dict[str, list[Ability]] = {}
        for ab in definition.abilities:
            if ab.role == Role.STATIC:
                kinds.setdefault(ab.kind, []).append(ab)
        found = _STATIC_KINDS[id(definition)] = (definition, {k: tuple(v) for k, v in kinds.items()}
                                                 if kinds else _NO_KINDS)
    return found[1]


_NO_KINDS: dict[str, tuple[Ability, ...]] = {}    # (shared by the many cards without any; never changed)


def text_negated(game: Game, card: Card, ability: Ability) -> bool:
    """Is this ability of a card on the field negated right now? Monster effects are negated only
    while the monster is face-up on the field (Skill Drain, Fiendish Chain)."""
    if is_monster(card) and (card.zone != "monster" or not card.face_up):
        return False
    if card.status.get("effects_negated"):          # revived "with its effects negated" (Junk Synchron)
        return True
    return is_text_negated(game, card, ability)


def active_statics(game: Game, kind: str) -> list[tuple[Card, Ability]]:
    """Every face-up card on the field with a static ability of ``kind`` (``continuous``, ``toll``)
    that applies now, with that ability (cached until the state changes: restrictions and tolls
    are asked about once per card in a window). None at once while no card of the game has a
    static ability of ``kind`` (:class:`StaticHolders`)."""
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    holders_index = system.static_holders
    if holders_index.cards_version != game.cards_version or holders_index.cards is not game.state.cards:
        holders_index.find(game)
    if kind not in holders_index.kinds:
        return []
    cache = system.statics
    version = game.journal.version
    if cache.version != version:
        cache.version, cache.holders, cache.by_kind = version, None, {}
        found = None
    else:
        found = cache.by_kind.get(kind)
    if found is None:
        holders = cache.holders
        if holders is None:
            holders = cache.holders = _ability_holders(game, holders_index.ids)
        found = cache.by_kind[kind] = _active_statics(game, kind, holders)
    return found


class ActiveStatics:
    """What :func:`active_statics` found at one journal version: the face-up holders of static
    abilities on the field (``None``: not looked for yet) and, by kind, the abilities that apply.
    A type of its own, not plain data: a fork starts with an empty one."""

    __slots__ = ("version", "holders", "by_kind")

    def __init__(self) -> None:
        self.version = -1
        self.holders: list[tuple[Card, dict[str, tuple[Ability, ...]]]] | None = None
        self.by_kind: dict[str, list[tuple[Card, Ability]]] = {}


class StaticHolders(CardsSeen):
    """The cards of a game whose definition has a static ability (continuous effects, tolls), by
    id in creation order, and the kinds of those abilities; for the cards seen
    (:class:`.cardinfo.CardsSeen`). A type of its own, not plain data: a fork starts with an
    empty one."""

    __slots__ = ("ids", "kinds")

    def __init__(self) -> None:
        super().__init__()
        self.ids: tuple[int, ...] = ()
        self.kinds: frozenset[str] = frozenset()

    def find(self, game: Game) -> None:
        """Work them out for ``game``'s cards as they are now."""
        state = game.state
        ids: list[int] = []
        kinds: set[str] = set()
        for cid, card in state.cards.items():
            by_kind = _statics_by_kind(card.definition)
            if by_kind:
                ids.append(cid)
                kinds.update(by_kind)
        self.ids, self.kinds = tuple(ids), frozenset(kinds)
        self.see(game)


_FIELD_ORDER = {zname: i for i, zname in enumerate(FIELD_ZONES)}


def _ability_holders(game: Game, ids: tuple[int, ...]) -> list[tuple[Card, dict[str, tuple[Ability, ...]]]]:
    """The face-up cards on the field with a static ability whose activation is not resolving,
    in the order of the field (zone, player, place), each with its static abilities by kind
    (looked for among ``ids``, the cards with a static ability: :class:`StaticHolders`)."""
    st = game.state
    cards = st.cards
    out = []
    for cid in ids:
        card = cards[cid]
        if card.zone in _FIELD_ORDER and card.face_up and not card.status.get("activating"):
            definition = card.definition
            known = _STATIC_KINDS.get(id(definition))      # _statics_by_kind(definition), inlined
            by_kind = known[1] if known is not None and known[0] is definition else \
                _statics_by_kind(definition)
            if by_kind:
                out.append((card, by_kind))
    if len(out) > 1:
        zones = st.zones
        out.sort(key=lambda held: (_FIELD_ORDER[held[0].zone], held[0].zone_player,
                                   zones[(held[0].zone, held[0].zone_player)].cards.index(held[0].id)))
    return out


def _active_statics(game: Game, kind: str, holders: list[tuple[Card, dict[str, tuple[Ability, ...]]]]
                    ) -> list[tuple[Card, Ability]]:
    out: list[tuple[Card, Ability]] = []
    for card, by_kind in holders:
        for ab in by_kind.get(kind, ()):
            if text_negated(game, card, ab):
                continue
            cond = ab.get("condition")
            if cond is not None and not game.run_script(card, cond, game.context(card=card, ability=ab)):
                continue
            out.append((card, ab))
    return out


def forbids_any(game: Game, action: str) -> bool:
    """Does some active continuous effect forbid ``action`` to some card (:func:`forbidden` can say
    yes for it only then: but for ``declare_attack``, which a "Cannot Attack" keyword forbids too)?"""
    for _, ab in active_statics(game, "continuous"):
        if action in (ab.get("forbids") or ()):
            return True
    return False


def forbidden(game: Game, action: str, card: Card) -> bool:
    """Does a continuous effect forbid ``action`` (``tribute``, ``declare_attack``,
    ``destroy_by_battle``, ``normal_summon`` ...) for ``card``?"""
    if action == "declare_attack" and has_keyword(game, card, "Cannot Attack"):
        return True
    for src, ab in active_statics(game, "continuous"):
        if action not in (ab.get("forbids") or ()):
            continue
        affects = ab.get("affects", "self")
        if affects == "self":
            if card.id == src.id:
                return True
        elif game.matches(card, affects, src.controller, src):
            return True
    return False


# -- keywords and negation as printed, while no modifier could change them ------------------------------
#: The derived values the host's negation reads (:meth:`Game.is_text_negated`).
NEGATION_VALUES = frozenset({"negated", "negated_scopes"})


def _negates(op: str, attr: str | None, value: Any) -> bool:
    """Could a modifier with this op, attribute and value change what the host's negation reads
    (:data:`NEGATION_VALUES`)? ``negate`` does; ``set``/``add``/``swap`` only of those values; the
    other ability ops do not; a system's op (or an unknown one) is taken to."""
    if op in ("set", "add"):
        return attr in NEGATION_VALUES
    if op == "swap":
        return attr in NEGATION_VALUES or value in NEGATION_VALUES
    return op not in ("grant", "revoke", "remove_abilities")


#: Per card definition (by identity): what its static abilities' modifiers could change, as
#: :func:`modifier_writes` says it (the keywords, ``None``: any; whether negation).
_STATIC_WRITES: dict[int, tuple[CardDefinition, frozenset[str] | None, bool]] = {}


def _static_writes(definition: CardDefinition) -> tuple[CardDefinition, frozenset[str] | None, bool]:
    found = _STATIC_WRITES.get(id(definition))
    if found is None or found[0] is not definition:
        specs = [(spec.get("op", "add"), spec.get("attr", ""), spec.get("value"))
                 for ab in definition.abilities if ab.role == Role.STATIC for spec in ab.get("modify") or ()]
        found = _STATIC_WRITES[id(definition)] = (definition, union_written(keywords_written(*spec) for spec in specs),
                                                  any(_negates(*spec) for spec in specs))
    return found


def modifier_writes(game: Game) -> tuple[frozenset[str] | None, bool]:
    """What some modifier could change now: the keywords it could give or take (``None``: any),
    and whether it could negate. Worked out once per journal version from everything the host's
    derived values take modifiers from: the floating effects, the static abilities of the cards in
    the host's index of static abilities, and the ``modifiers`` hooks (when this system's is the
    only one: it adds Equip ATK/DEF, no keyword, no negation)."""
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    version = game.journal.version
    known = system.modifier_writes
    if known[0] == version:
        return known[1], known[2]
    written: frozenset[str] | None = NO_KEYWORDS
    negates = False
    if not only_by(game.pm, system, "modifiers"):
        written, negates = None, True
    state = game.state
    for e in state.effects:
        if written is None and negates:
            break
        if written is not None:
            more = keywords_written(e.op, e.attr, e.value)
            written = None if more is None else written | more if more else written
        negates = negates or _negates(e.op, e.attr, e.value)
    cards = state.cards
    for cid in game.index.static_cards:
        if written is None and negates:
            break
        _, more, negation = _static_writes(cards[cid].definition)
        if written is not None:
            written = None if more is None else written | more if more else written
        negates = negates or negation
    if game.journal.version == version:
        system.modifier_writes = (version, written, negates)
    return written, negates


def has_keyword(game: Game, card: Card, keyword: str) -> bool:
    """``game.has_keyword``, read from the printed keywords while no modifier could give or take
    ``keyword`` (:func:`modifier_writes`): the derived values need not be worked out for it."""
    written = modifier_writes(game)[0]
    if written is not None and keyword not in written:
        return keyword in card.definition.keywords
    return game.has_keyword(card, keyword)


def is_text_negated(game: Game, card: Card, ability: Ability) -> bool:
    """``game.is_text_negated``: ``False`` at once while no modifier could negate
    (:func:`modifier_writes`) and the card's data holds none of the values negation reads."""
    if not modifier_writes(game)[1] and NEGATION_VALUES.isdisjoint(card.definition.fields):
        return False
    return game.is_text_negated(card, ability)


def turn_flag(game: Game, player: int, word: str) -> bool:
    """A "this turn" flag set by an effect (Waboku: ``no_battle_damage``, ``battle_indestructible``)."""
    flags: dict[str, int] = game.value_of(player, "turn_flags", {})
    return flags.get(word) == game.state.turn


def set_turn_flag(game: Game, player: int, word: str) -> None:
    flags = dict(game.value_of(player, "turn_flags", {}))
    flags[word] = game.state.turn
    game.set_value(player, "turn_flags", flags, event="turn_flag", cause=Cause.EFFECT)


# -- equips and bonds ---------------------------------------------------------------------------------
def equip(game: Game, equip_card: Card, monster: Card) -> bool:
    """Equip a card on the field to a face-up monster on the field."""
    if not on_field(equip_card) or monster.zone != "monster" or not monster.face_up:
        return False
    game.set(equip_card, "attached_to", monster.id)
    game.set_status(equip_card, "equipped_gen", monster.generation, quiet=True)
    game.record("equipped", cause=Cause.EFFECT, source=equip_card.id, player=equip_card.controller,
                card=equip_card.id, to=monster.id)
    return True


def equip_valid(game: Game, equip_card: Card) -> bool:
    if equip_card.attached_to is None:
        return False
    monster = game.card(equip_card.attached_to)
    return (monster.zone == "monster" and monster.face_up
            and monster.generation == equip_card.status.get("equipped_gen", monster.generation))


#: What ends a bond on each side: the card leaving the field by any means, or being destroyed.
BOND_EVENTS = frozenset({"leaves", "destroyed"})


def bond(game: Game, card: Card, monster: Card, when_this: str | None, when_monster: str | None) -> None:
    """Bind a Spell/Trap to a monster. ``when_this``: when this card leaves the field (``leaves``) or
    is destroyed (``destroyed``), the monster is destroyed; ``when_monster``: likewise the other way
    round (Call of the Haunted: leaves / destroyed; Premature Burial: destroyed / none; Fiendish
    Chain: none / destroyed). A partner that goes some other way just ends the bond. This is not a
    chain link: it applies at once (B3.1)."""
    for word in (when_this, when_monster):
        if word is not None and word not in BOND_EVENTS:
            raise ScriptUsageError(f"a bond ends on one of {sorted(BOND_EVENTS)} (or nothing), not {word!r}")
    bonds = tuple(game.value_of(None, "bonds", ())) + ((card.id, card.generation, monster.id, monster.generation,
                                                        when_this, when_monster),)
    game.set_value(None, "bonds", bonds)


def _alive(game: Game, cid: int, gen: int) -> bool:
    c = game.card(cid)
    return c.generation == gen and on_field(c)


def _left_as(game: Game, cid: int, when: str | None) -> bool:
    """Whether a card that has left the field left the way ``when`` names: any way (``leaves``), or
    destroyed (its last move was a destruction)."""
    if when is None:
        return False
    if when == "leaves":
        return True
    for ev in reversed(game.events):
        if ev.kind == "moved" and ev.get("card") == cid:
            return bool(ev.get("how") == "destroyed")
    return False


def check_bonds(game: Game) -> bool:
    bonds = game.value_of(None, "bonds", ())
    if not bonds:
        return False
    changed, keep = False, []
    cards = game.state.cards
    for cid, cgen, mid, mgen, when_this, when_monster in bonds:
        try:                                   # _alive(game, cid, cgen) and of (mid, mgen), inlined
            c, m = cards[cid], cards[mid]
        except KeyError:                       # (game.card says which card is unknown)
            c, m = game.card(cid), game.card(mid)
        card_alive = c.generation == cgen and c.zone in FIELD_ZONES
        monster_alive = m.generation == mgen and m.zone in FIELD_ZONES
        if card_alive and monster_alive:
            keep.append((cid, cgen, mid, mgen, when_this, when_monster))
            continue
        if not card_alive and monster_alive and _left_as(game, cid, when_this):
            destroy(game, mid, cause=Cause.EFFECT, source=cid)
            changed = True
        elif card_alive and not monster_alive and _left_as(game, mid, when_monster):
            destroy(game, cid, cause=Cause.EFFECT, source=cid)
            changed = True
    if len(keep) != len(bonds) or type(bonds) is not tuple:   # (else the same value: set_value would do nothing)
        game.set_value(None, "bonds", tuple(keep))
    return changed


def equip_modifiers(game: Game) -> list[Modifier]:
    """ATK/DEF changes of face-up Equip cards (``equip = { atk = 1000 }`` in the card script), from
    the Spell & Trap Zones in the order of the state's zones (the players' order:
    :class:`CheckedZones`)."""
    out = []
    st = game.state
    checked: CheckedZones = game.system.checked_zones  # type: ignore[attr-defined]   # YugiohSystem's
    if checked.zones is not st.zones:
        checked.find(st)
    cards = st.cards
    for _, zone in checked.spell_traps:
        for cid in zone.cards:
            card = cards[cid]
            if card.attached_to is None:
                continue
            bonus = card.definition.fields.get("equip")
            if not bonus or not card.face_up or not equip_valid(game, card):
                continue
            for attr in ("atk", "def"):
                if bonus.get(attr):
                    out.append(Modifier(card=card.attached_to, attr=attr, op="add", value=bonus[attr],
                                        timestamp=card.timestamp, source=card.id))
    return out


# -- state checks -------------------------------------------------------------------------------------
def run_state_checks(game: Game, one_round: bool = False) -> bool:
    """``game.run_state_checks()``: the state checks until nothing happens; returns whether
    anything did. When this system's ``state_checks`` is the only implementation of the hook (the
    host's rounds then ask only it), the first round, which finds nothing almost every time, is
    made here directly; when it did something, the host runs the rounds after it (999 more at
    most: 1000 in all, as it would itself). With ``one_round``, just one round of this system's
    checks (:func:`state_checks`, the hook's answer): the round is written once, here, so that the
    direct first round costs no further call."""
    if not one_round:
        if not sole_by(game.pm, game.system, "state_checks"):
            return game.run_state_checks()
    # -- one round: losses end the game at once; Equip cards whose monster is gone are destroyed;
    # bound cards follow their partner; "while face-up" effects of a gone card end.
    st = game.state
    for p in st.players:
        life = p.life
        if (life is not None and life <= 0) or ("drew_from_empty_deck" in p.values      # (values.get, without
                                                 and p.values["drew_from_empty_deck"]):  # a call)
            _losses(game)
            break
    changed = False
    cards = st.cards
    system: YugiohSystem = game.system  # type: ignore[assignment]   # this system's own hooks
    checked = system.checked_zones
    if checked.zones is not st.zones:
        checked.find(st)
    for index, spell_trap in checked.spell_traps:
        for cid in spell_trap.cards:
            if cards[cid].attached_to is not None:      # an Equip card (or another attached card): check them all
                changed = _check_equips(game, index) or changed
                break
    if st.effects:
        changed = end_lapsed_effects(game) or changed
    for overlay in checked.overlays:
        if overlay.cards:                         # no Xyz Materials anywhere: none can be orphaned
            changed = orphaned_materials(game) or changed
            break
    if st.values.get("bonds"):
        changed = check_bonds(game) or changed
    if not changed:
        if not one_round:       # (the host's rounds: they are its answer, not this direct round's)
            system.checked_at = game.journal.version
        return False
    if one_round:
        return True
    game.run_state_checks(_LIMIT - 1)
    return True


_LIMIT = 1000     # the host's rounds of state checks before it gives up (Game.run_state_checks)


def state_checks(game: Game) -> bool:
    """One round of checks: losses end the game at once; Equip cards whose monster is gone are
    destroyed; bound cards follow their partner; "while face-up" effects of a gone card end
    (:func:`run_state_checks` with ``one_round``)."""
    return run_state_checks(game, True)


class CheckedZones:
    """The zones the state checks look at, per player in order (the index, the Spell & Trap Zone,
    the Xyz Materials), for one state's zones (a game's zones are made with it and never
    replaced). A type of its own, not plain data: a fork, whose state has zones of its own,
    starts with an empty one."""

    __slots__ = ("zones", "by_player", "spell_traps", "overlays")

    def __init__(self) -> None:
        self.zones: dict[tuple[str, int | None], Zone] | None = None
        self.by_player: tuple[tuple[int, Zone, Zone], ...] = ()
        #: The same, as the state checks loop over them: (index, Spell & Trap Zone) pairs, and the
        #: zones of Xyz Materials.
        self.spell_traps: tuple[tuple[int, Zone], ...] = ()
        self.overlays: tuple[Zone, ...] = ()

    def find(self, state: GameState) -> None:
        zones = state.zones
        self.by_player = tuple((p.index, zones[("spell_trap", p.index)], zones[(OVERLAY, p.index)])
                               for p in state.players)
        self.spell_traps = tuple((index, spell_trap) for index, spell_trap, _ in self.by_player)
        self.overlays = tuple(overlay for _, _, overlay in self.by_player)
        self.zones = zones


def _check_equips(game: Game, player: int) -> bool:
    """Destroy the cards in ``player``'s Spell & Trap Zones attached to a monster that is gone."""
    changed = False
    cards = game.state.cards
    for cid in list(game.state.zones[("spell_trap", player)].cards):
        card = cards[cid]
        target = card.attached_to
        if target is None:
            continue
        try:                                   # equip_valid(game, card), inlined
            monster = cards[target]
        except KeyError:                       # (game.card says the card is unknown)
            monster = game.card(target)
        if monster.zone == "monster" and monster.face_up and \
                monster.generation == card.status.get("equipped_gen", monster.generation):
            continue
        destroy(game, card, cause=Cause.RULE)
        changed = True
    return changed


def _losses(game: Game) -> None:
    """A player at 0 LP or who had to draw from an empty Deck loses: the game ends."""
    players = game.state.players
    losers = [p.index for p in players if (p.life is not None and p.life <= 0) or p.values.get("drew_from_empty_deck")]
    winners = [p.index for p in players if p.index not in losers]
    reasons = []
    if any((game.player(i).life or 0) <= 0 for i in losers):
        reasons.append("LP reached 0")
    if any(game.player(i).values.get("drew_from_empty_deck") for i in losers):
        reasons.append("had to draw from an empty Deck")
    game.end_game(winners, " and ".join(reasons))


def end_lapsed_effects(game: Game) -> bool:
    """End the effects of duration ``while_face_up`` whose source card is no longer face-up on the
    field where it was when the effect began (Fiendish Chain destroyed: the monster is free)."""
    def lapsed(eff: FloatingEffect) -> bool:
        if eff.duration != "while_face_up" or eff.source is None:
            return False
        src = game.card(eff.source)
        return not (on_field(src) and src.face_up and src.timestamp < eff.timestamp)
    if not any(e.duration == "while_face_up" for e in game.state.effects):
        return False
    return game.end_effects(lapsed) > 0


def static_role(ability: Ability) -> bool:
    return ability.role in (Role.STATIC, Role.REPLACEMENT)
