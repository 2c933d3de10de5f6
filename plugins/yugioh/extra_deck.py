"""Summons from the Extra Deck, and Ritual Summons (Rulebook v10, "Summoning Monsters").

Materials are data on the monster's card (the ``materials`` field):

* **Synchro** (``frame: Synchro``): ``{tuner = {filter}, non_tuner = {filter}, max = n}`` — 1 face-up
  Tuner (``tuner: true``) and 1 or more (at most ``max``) face-up non-Tuners you control whose Levels
  add up exactly to the Synchro Monster's Level. The materials go to the GY.
* **Xyz** (``frame: Xyz``, ``rank``): ``{count = 2, filter = {...}}`` — ``count`` face-up monsters you
  control whose Level equals the Rank. They are attached under the Xyz Monster (the ``overlay``
  zone, each with ``attached_to`` = the Xyz Monster), never in the GY; they go to the GY when it
  leaves the field, and are detached as a cost (``{ kind = "detach", amount = 1 }``).
* **Link** (``frame: Link``, ``link_rating``, ``link_arrows``): ``{min = 2, max = 2, filter = {...}}`` —
  face-up monsters you control; each counts as 1, a Link Monster as 1 or as its Link Rating; the
  count must equal the Link Rating. Link Materials go to the GY. The arrows are recorded as data
  (zone geometry is not modelled: a Link Monster points to no zone).
* **Fusion** (``frame: Fusion``): ``{fusion = { {name = "A"}, {name = "B"} }}`` — one card for each
  listed filter, from your hand or field, sent to the GY by the effect that Fusion Summons
  (Polymerization: ``ctx:fusion_summon()``).
* **Ritual** (``frame: Ritual``): a Ritual Spell (``ctx:ritual_summon{name = ...}``) Tributes monsters
  from your hand or field whose Levels total at least the Ritual Monster's Level (none of them
  needless: leaving out the lowest would fall short), then Special Summons it from the hand.

Synchro, Xyz and Link Summons are inherent Special Summons: actions of the turn player's Main Phase,
offered only when a legal set of materials exists. They do not start a chain; the Summon passes
through the ``summon`` window where it can be negated (Solemn Judgment, Stardust Warrior), like a
Normal Summon (:func:`.summoning.finish_summon`). Fusion and Ritual Summons are made by a Spell's
effect, so they are answered by negating the Spell, not the Summon.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterable, Mapping

from rulestack import Action, Card, Cause, Game, IllegalAction

from . import chain, rules
from .cardinfo import ATTACK, DEFENSE, acting_card, free_zones, is_monster
from .moves import place_on_field, send
from .summoning import special_summon
from .xyz_materials import OVERLAY, tie

#: The card fields this module reads (added to the system's ``card_fields``).
CARD_FIELDS = {"tuner": "boolean", "rank": "integer", "link_rating": "integer", "link_arrows": "list",
               "materials": "table"}

#: The inherent Special Summons from the Extra Deck: frame -> action kind.
PROCEDURES = {"Synchro": "synchro_summon", "Xyz": "xyz_summon", "Link": "link_summon"}
#: How each kind of Summon is recorded (``summoned`` events, the ``summoning`` window).
HOW = {"synchro_summon": "synchro", "xyz_summon": "xyz", "link_summon": "link"}
#: Kinds of Summon that are Special Summons (Stardust Warrior answers these, not Normal Summons).
SPECIAL_HOWS = frozenset({"special", "synchro", "xyz", "link", "fusion", "ritual"})


def _fields(card: Card) -> Mapping[str, Any]:
    return card.definition.fields


def level_of(game: Game, card: Card) -> int:
    """A monster's current Level (Xyz and Link Monsters have none: 0)."""
    if _fields(card).get("frame") in ("Xyz", "Link"):
        return 0
    return int(game.values(card).get("level") or 0)


def is_tuner(card: Card) -> bool:
    return bool(_fields(card).get("tuner"))


def _spec(card: Card) -> dict[str, Any]:
    spec = _fields(card).get("materials") or {}
    return spec if isinstance(spec, dict) else {}


def _ok(game: Game, card: Card, flt: Mapping[str, Any] | None, player: int, source: Card | None) -> bool:
    return not flt or game.matches(card, flt, player, source)


def _field_monsters(game: Game, player: int) -> list[Card]:
    return [c for c in game.cards_in("monster", player) if c.face_up and c.controller == player]


# -- legal material sets ----------------------------------------------------------------------------
def synchro_sets(game: Game, card: Card, player: int) -> list[tuple[int, ...]]:
    """Every legal set of Synchro Materials for ``card``: 1 Tuner first, then the non-Tuners."""
    spec = _spec(card)
    mons = _field_monsters(game, player)
    if len(mons) < 2 or not any(is_tuner(m) for m in mons):
        return []                                      # the cheap refusal, asked at every Main Phase window
    target = level_of(game, card)
    level = {m.id: level_of(game, m) for m in mons}
    tuners = [m for m in mons if is_tuner(m) and level[m.id] and _ok(game, m, spec.get("tuner"), player, card)]
    others = [m for m in mons if not is_tuner(m) and level[m.id]
              and _ok(game, m, spec.get("non_tuner"), player, card)]
    most = int(spec.get("max", 4))
    out = []
    for t in tuners:
        need = target - level[t.id]
        for n in range(1, min(most, len(others)) + 1):
            for group in combinations(others, n):
                if sum(level[m.id] for m in group) == need:
                    out.append((t.id,) + tuple(m.id for m in group))
    return out


def xyz_sets(game: Game, card: Card, player: int) -> list[tuple[int, ...]]:
    """Every legal set of Xyz Materials: ``count`` face-up monsters whose Level equals the Rank."""
    spec, rank, count = _spec(card), int(_fields(card).get("rank") or 0), int(_spec(card).get("count", 2))
    mons = _field_monsters(game, player)
    if len(mons) < count:
        return []
    mons = [m for m in mons if level_of(game, m) == rank and _ok(game, m, spec.get("filter"), player, card)]
    return [tuple(m.id for m in group) for group in combinations(mons, count)]


def link_sets(game: Game, card: Card, player: int) -> list[tuple[int, ...]]:
    """Every legal set of Link Materials: their count (a Link Monster may count as its Link
    Rating) equals this card's Link Rating."""
    spec, rating = _spec(card), int(_fields(card).get("link_rating") or 0)
    mons = _field_monsters(game, player)
    if len(mons) < int(spec.get("min", 1)):
        return []
    mons = [m for m in mons if _ok(game, m, spec.get("filter"), player, card)]
    out = []
    for n in range(int(spec.get("min", 1)), min(int(spec.get("max", rating)), len(mons)) + 1):
        for group in combinations(mons, n):
            if rating in _link_counts(group):
                out.append(tuple(m.id for m in group))
    return out


def _link_counts(group: Iterable[Card]) -> set[int]:
    totals = {0}
    for m in group:
        ways = {1}
        if _fields(m).get("frame") == "Link":
            ways.add(int(_fields(m).get("link_rating") or 1))
        totals = {t + w for t in totals for w in ways}
    return totals


def fusion_sets(game: Game, card: Card, player: int) -> list[tuple[int, ...]]:
    """Every legal set of Fusion Materials from ``player``'s hand and field, one card per listed
    filter (each set once, whatever the order)."""
    slots = list(_spec(card).get("fusion") or ())
    if not slots:
        return []
    pool = [c for c in game.cards_in("hand", player) if is_monster(c)] + \
        [c for c in game.cards_in("monster", player) if c.controller == player]
    if len(pool) < len(slots):
        return []
    found: dict[frozenset[int], tuple[int, ...]] = {}

    def fill(i: int, chosen: tuple[Card, ...]) -> None:
        if i == len(slots):
            found.setdefault(frozenset(c.id for c in chosen), tuple(c.id for c in chosen))
            return
        for c in pool:
            if c not in chosen and game.matches(c, slots[i], player, card):
                fill(i + 1, chosen + (c,))
    fill(0, ())
    has_room = free_zones(game, "monster", player) > 0
    return [s for s in found.values() if has_room or any(game.card(cid).zone == "monster" for cid in s)]


def ritual_sets(game: Game, card: Card, player: int) -> list[tuple[int, ...]]:
    """Every legal set of Tributes for Ritual Summoning ``card``: monsters from the hand or field
    (not ``card``) whose Levels total at least its Level, none of them needless."""
    need = level_of(game, card)
    pool = [c for c in game.cards_in("hand", player) if is_monster(c) and c.id != card.id] + \
        [c for c in game.cards_in("monster", player) if c.controller == player]
    pool = [c for c in pool if level_of(game, c) and not rules.forbidden(game, "tribute", c)][:12]
    has_room = free_zones(game, "monster", player) > 0
    out = []
    for n in range(1, len(pool) + 1):
        for group in combinations(pool, n):
            levels = [level_of(game, c) for c in group]
            total = sum(levels)
            if total >= need and total - min(levels) < need and (
                    has_room or any(c.zone == "monster" for c in group)):
                out.append(tuple(c.id for c in group))
    return out


_SETS = {"synchro_summon": synchro_sets, "xyz_summon": xyz_sets, "link_summon": link_sets}


def material_sets(game: Game, card: Card, player: int) -> list[tuple[int, ...]]:
    """The legal material sets of an Extra Deck monster's inherent Summon (none for Fusions)."""
    kind = PROCEDURES.get(_fields(card).get("frame", ""))
    return _SETS[kind](game, card, player) if kind else []


# -- the inherent Summons as actions -----------------------------------------------------------------
def summon_actions(game: Game, player: int) -> list[Action]:
    """Synchro, Xyz and Link Summons the turn player can make now: one action per Extra Deck
    monster that has at least one legal set of materials (the set is chosen on performing)."""
    extra = game.zone("extra", player).cards
    if not extra or len(_field_monsters(game, player)) < 1:
        return []
    out = []
    seen: set[str] = set()
    for cid in extra:
        card = game.card(cid)
        kind = PROCEDURES.get(_fields(card).get("frame", ""))
        if kind is None or card.code in seen:
            continue
        seen.add(card.code)
        if rules.forbidden(game, "special_summon", card):
            continue
        if _SETS[kind](game, card, player):
            word = HOW[kind].capitalize()
            out.append(Action(kind, player, cid, label=f"{word} Summon {card.name}"))
    return out


def is_link(card: Card) -> bool:
    return _fields(card).get("frame") == "Link"


def summon_position(game: Game, player: int, card: Card, source: int | None) -> str:
    """A Special Summoned monster is placed in face-up Attack or Defense Position, as its controller
    chooses; a Link Monster has no DEF and is always in Attack Position."""
    if is_link(card):
        return ATTACK
    return (ATTACK, DEFENSE)[game.choose_option(player, ["Attack Position", "Defense Position"],
                                                f"battle position for {card.name}", source=source)]


def _set_label(game: Game, ids: Iterable[int]) -> str:
    return " + ".join(game.card(cid).name for cid in ids)


def choose_set(game: Game, player: int, sets: list[tuple[int, ...]], what: str, source: int | None) -> tuple[int, ...]:
    """Let ``player`` pick one legal set (asked only when there is a choice)."""
    if len(sets) == 1:
        return sets[0]
    labels = [_set_label(game, s) for s in sets]
    return sets[game.choose_option(player, labels, f"materials for {what}", source=source)]


def perform_summon(game: Game, action: Action) -> None:
    """Synchro, Xyz or Link Summon: the materials are used (to the GY, or attached for an Xyz
    Summon), the monster is placed face-up in the position its controller chooses, and the Summon waits in the
    ``summon`` window, where it may be negated (:func:`.summoning.finish_summon`)."""
    player, card = action.player, acting_card(game, action)
    if card.zone != "extra" or card.controller != player:
        raise IllegalAction(f"{card.name} is not in P{player}'s Extra Deck")
    sets = _SETS[action.kind](game, card, player)
    if not sets:
        raise IllegalAction(f"no legal set of materials for {card.name}")
    how = HOW[action.kind]
    chosen = choose_set(game, player, sets, f"the {how.capitalize()} Summon of {card.name}", card.id)
    pos = summon_position(game, player, card, card.id)
    chain.mark_last_thing(game)
    if how != "xyz":
        for cid in chosen:
            send(game, cid, "graveyard", how=f"{how}_material", cause=Cause.ACTION, source=card.id, by=player)
        card = place_on_field(game, card, player, pos, face_up=True, how="summoning", cause=Cause.ACTION)
    else:   # the materials leave their zones first (a full field still has room for the Xyz Monster)
        moved = [game.move(game.card(cid), OVERLAY, player, face_up=True, cause=Cause.ACTION, source=card.id,
                           by=player, how="attached", under=card.id) for cid in chosen]
        card = place_on_field(game, card, player, pos, face_up=True, how="summoning", cause=Cause.ACTION)
        for mat in moved:
            tie(game, card, mat)
    game.record("materials_used", cause=Cause.ACTION, player=player, card=card.id, how=how, materials=list(chosen))
    game.set_value(None, "summoning", {"cards": [card.id], "how": how, "player": player, "negated": False})


# -- Fusion and Ritual Summons by an effect --------------------------------------------------------------
def fusion_candidates(game: Game, player: int) -> list[tuple[Card, list[tuple[int, ...]]]]:
    """Fusion Monsters in ``player``'s Extra Deck with their legal material sets."""
    out = []
    for cid in game.zone("extra", player).cards:
        card = game.card(cid)
        if _fields(card).get("frame") == "Fusion":
            sets = fusion_sets(game, card, player)
            if sets:
                out.append((card, sets))
    return out


def fusion_summon(game: Game, player: int, source: int | None) -> int | None:
    """Fusion Summon by an effect: choose a Fusion Monster and its materials, send them to the GY,
    Special Summon it from the Extra Deck (``summoned`` how = ``fusion``). Returns its id."""
    found = fusion_candidates(game, player)
    if not found:
        return None
    i = game.choose_option(player, [c.name for c, _ in found], "a Fusion Monster to Fusion Summon",
                           source=source) if len(found) > 1 else 0
    card, sets = found[i]
    chosen = choose_set(game, player, sets, f"the Fusion Summon of {card.name}", source)
    pos = summon_position(game, player, card, source)
    for cid in chosen:
        send(game, cid, "graveyard", how="fusion_material", cause=Cause.EFFECT, source=source, by=player)
    return _summon_by_effect(game, card, player, "fusion", source, chosen, pos)


def ritual_candidates(game: Game, player: int, flt: Mapping[str, Any] | None,
                      source: Card | None) -> list[tuple[Card, list[tuple[int, ...]]]]:
    out = []
    for card in game.cards_in("hand", player):
        if _fields(card).get("frame") == "Ritual" and _ok(game, card, flt, player, source):
            sets = ritual_sets(game, card, player)
            if sets:
                out.append((card, sets))
    return out


def ritual_summon(game: Game, player: int, flt: Mapping[str, Any] | None, source: int | None) -> int | None:
    """Ritual Summon by a Ritual Spell: a Ritual Monster in the hand matching ``flt``, Tributes
    by Level from the hand or field, then the Special Summon (how = ``ritual``). Returns its id."""
    found = ritual_candidates(game, player, flt, game.card(source) if source is not None else None)
    if not found:
        return None
    i = game.choose_option(player, [c.name for c, _ in found], "a Ritual Monster to Ritual Summon",
                           source=source) if len(found) > 1 else 0
    card, sets = found[i]
    chosen = choose_set(game, player, sets, f"the Ritual Summon of {card.name}", source)
    pos = summon_position(game, player, card, source)
    for cid in chosen:
        send(game, cid, "graveyard", how="tributed", cause=Cause.EFFECT, source=source, by=player)
    return _summon_by_effect(game, card, player, "ritual", source, chosen, pos)


def _summon_by_effect(game: Game, card: Card, player: int, how: str, source: int | None,
                      materials: Iterable[int], pos: str) -> int | None:
    if not special_summon(game, card, player, pos, cause=Cause.EFFECT, source=source, how=how):
        return None
    game.record("materials_used", cause=Cause.EFFECT, source=source, player=player, card=card.id, how=how,
                materials=list(materials))
    return card.id
