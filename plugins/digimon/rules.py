"""Rule checks (CRM 17), inherited effects as rule-made modifiers (15-3), deck rules (1-4-1).

A rule check performs everything listed in 17-1-3 simultaneously; the host repeats it to a fixed
point (a new check after the one that changed something). It runs between processing, never
during an effect (17-1-2): :func:`~.resolution.settle` calls it before each pending effect.
"""
from __future__ import annotations

import weakref
from collections import Counter
from typing import Any

from rulestack import Cause, Game, Modifier

from . import abilities, areas, stacks
from .areas import BATTLE, BREEDING, PLACED_BY_EFFECT


_LOWERS_DP: dict[int, bool] = {}


def _definition_lowers_dp(definition: Any) -> bool:
    """Could this card's text lower a DP: a persistent ``dp`` modifier that is not a positive
    number (a function counts), or a printed DP of 0?"""
    key = id(definition)
    if key not in _LOWERS_DP:
        found = definition.get("dp") is not None and definition.get("dp") <= 0
        for ab in definition.abilities:
            for spec in ab.get("modify") or ():
                value = spec.get("value")
                if spec.get("attr") == "dp" and not (isinstance(value, int) and value > 0 and spec.get("op", "add") == "add"):
                    found = True
        _LOWERS_DP[key] = found
    return _LOWERS_DP[key]


#: Per game: (number of cards, whether one of their texts could lower a DP).
_GAME_TEXTS: "weakref.WeakKeyDictionary[Any, tuple[int, bool]]" = weakref.WeakKeyDictionary()


def dp_can_be_zero(game: Game) -> bool:
    """Whether any Digimon's DP could be 0 now: a lasting effect or a card's text that lowers or
    sets DP. When none can, a rule check needs no derived values (they are costly to compute)."""
    for eff in game.state.effects:
        if eff.attr == "dp" and not (isinstance(eff.value, int) and eff.value > 0 and eff.op == "add"):
            return True
    cards = game.state.cards
    known = _GAME_TEXTS.get(game)
    if known is None or known[0] != len(cards):
        known = (len(cards), any(_definition_lowers_dp(c.definition) for c in cards.values()))
        _GAME_TEXTS[game] = known
    return known[1]


def rule_check(game: Game) -> bool:
    """One rule check (the ``state_checks`` hook). Returns whether anything happened."""
    deleted, trashed = [], []
    check_dp = dp_can_be_zero(game)
    for p in game.players:
        for card in game.cards_in(BATTLE, p.index):
            cat = areas.category(card)
            if cat in (areas.DIGIMON, areas.EGG):
                if not areas.has_dp(card):
                    trashed.append((card, "a Digimon without DP in the battle area (17-1-3-2-1)"))
                elif check_dp and areas.dp(game, card) <= 0:
                    deleted.append(card)                                      # 17-1-3-1-1
            elif cat == areas.OPTION and not card.status.get(PLACED_BY_EFFECT):
                trashed.append((card, "an Option in the battle area not placed by an effect (17-1-3-2-2)"))
        for card in game.cards_in(BREEDING, p.index):
            if not areas.is_digimon_card(card) and not card.status.get(PLACED_BY_EFFECT):
                trashed.append((card, "a card other than a Digimon in the breeding area (17-1-3-2-3)"))
    for card in deleted:
        game.record("zero_dp", card=card.id, player=card.controller)
        stacks.delete(game, card, cause=Cause.RULE)
    for card, why in trashed:
        game.record("rule_trash", card=card.id, player=card.controller, why=why)
        stacks.trash(game, card, cause=Cause.RULE)
    return bool(deleted or trashed)


def inherited_modifiers(game: Game) -> list[Modifier]:
    """The inherited persistent effects of every Digimon in the battle area (15-3): each
    digivolution card's inherited ``static`` ability applies to the Digimon it is under."""
    out: list[Modifier] = []
    for p in game.players:
        for top in game.cards_in(BATTLE, p.index):
            for src in areas.sources(game, top):
                for ab in src.definition.abilities:
                    if ab.kind != "static" or not ab.get("inherited") or not abilities.conditions_met(game, top, ab):
                        continue
                    cond = ab.get("condition")
                    if cond is not None and not game.run_script(src, cond, game.context(card=src, ability=ab)):
                        continue
                    for spec in ab.get("modify") or ():
                        value = spec.get("value")
                        if not isinstance(value, (int, str, bool, float)) and value is not None:
                            value = game.run_script(src, value, game.context(card=src, ability=ab))
                        out.append(Modifier(card=top.id, attr=spec.get("attr", ""), op=spec.get("op", "add"),
                                            value=value, timestamp=src.timestamp, layer=spec.get("layer"),
                                            source=src.id))
    return out


# -- deck rules (1-4-1) ------------------------------------------------------------------------------

def deck_problems(game: Game, deck: Any) -> list[str]:
    """1-4-1: exactly 50 cards with at most 4 of each card number, and a Digi-Egg deck of 0 to 5
    Digi-Egg cards with at most 4 of each."""
    problems = []
    main = list(deck.sections.get("main", ()))
    eggs = list(deck.sections.get("digi_egg", ()))
    if len(main) != areas.DECK_SIZE:
        problems.append(f"deck {deck.name!r}: the deck has {len(main)} cards; it must have exactly 50 (1-4-1)")
    if len(eggs) > areas.MAX_EGGS:
        problems.append(f"deck {deck.name!r}: the Digi-Egg deck has {len(eggs)} cards; at most 5 (1-4-1)")
    for code, n in sorted(Counter(main + eggs).items()):
        if n > areas.MAX_COPIES:
            problems.append(f"deck {deck.name!r}: {n} copies of {code}; at most 4 of a card number (1-4-1)")
    for code in main:
        if game.pool.definition(code).get("category") == areas.EGG:
            problems.append(f"deck {deck.name!r}: Digi-Egg {code} belongs in the digi_egg section")
            break
    for code in eggs:
        if game.pool.definition(code).get("category") != areas.EGG:
            problems.append(f"deck {deck.name!r}: {code} in the digi_egg section is not a Digi-Egg card")
            break
    return problems
