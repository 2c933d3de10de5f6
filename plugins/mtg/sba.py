"""State-based actions (704): checked whenever a player would receive priority, all performed at
once as one batch (704.3), repeated by the host until none applies."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulestack import Card, Cause, Game

from . import actions, rules, sagas, tokens

if TYPE_CHECKING:
    from .system import MTGSystem


def check(game: Game) -> bool:
    """Perform every state-based action that applies now, simultaneously. ``True`` if any did."""
    system: MTGSystem = game.system   # type: ignore[assignment]
    if system.sba_clean_at == game.journal.version:
        return False            # nothing changed since a check that found nothing to do
    if quiet(game):
        return False            # the printed facts and the plain status show that nothing applies
    mark = fingerprint(game)
    if mark == system.sba_clean_mark:
        return False            # nothing a state-based action looks at changed
    losers = [p.index for p in game.players
              if (p.life is not None and p.life <= 0)             # 704.5a
              or p.values.get("drew_from_empty")]                 # 704.5b
    doomed: list[tuple[Any, str]] = []
    seen: set[int] = set()

    def doom(card: Card, how: str) -> None:
        if card.id not in seen:
            seen.add(card.id)
            doomed.append((card, how))

    floor = rules.printed_toughness_is_floor(game)
    known, printed = rules.PRINTED.get, rules.printed
    for card in rules.creatures(game):
        status = card.status
        if floor and not status.get("damage") and not status.get("deathtouch_damage"):
            # Its toughness is at least the printed one (and its counters' net): above 0, nothing applies.
            counters = card.counters
            printed_toughness = (known(id(card.definition)) or printed(card.definition)).toughness
            if (type(printed_toughness) is int and printed_toughness > 0
                    and (not counters or counters.get("-1/-1", 0) <= counters.get("+1/+1", 0))):
                continue
        tough = rules.toughness(game, card)
        if tough <= 0:
            doom(card, "toughness_zero")                           # 704.5f
        elif card.status.get("damage", 0) >= tough or card.status.get("deathtouch_damage"):
            doom(card, "destroyed")                                # 704.5g, 704.5h
    if game.system.settings["legend_rule"]:
        for card, how in _legend_rule(game):                       # 704.5j
            doom(card, how)
    for card in sagas.to_sacrifice(game):                          # 704.5s / 714.4
        doom(card, "sacrificed")
    ceasing = tokens.ceasing(game)                                 # 704.5d
    if losers:
        winners = [p.index for p in game.players if p.index not in losers]
        game.end_game(winners, "life total 0 or less (704.5a)" if any(
            (game.players[i].life or 0) <= 0 for i in losers) else "drew from an empty library (704.5b)")
    for card, how in doomed:
        by = card.controller if how in ("sacrificed", "legend_rule") else None
        actions.to_graveyard(game, card, how, cause=Cause.RULE, by=by)
    for card in ceasing:
        tokens.cease(game, card)
    if not doomed and not ceasing:
        system.sba_clean_at, system.sba_clean_mark = game.journal.version, mark
    return bool(doomed or ceasing)


def quiet(game: Game) -> bool:
    """True when no state-based action applies now, as far as the printed facts and the plain
    status of the permanents show without a layer computation: no player at 0 life or having drawn
    from an empty library; while printed types hold and printed toughness is a floor
    (:func:`.rules.printed_toughness_is_floor`), every creature's printed toughness above 0 and
    above its damage with no net -1/-1 counters and no deathtouch damage (its toughness is at least
    the printed one); no two legendary permanents of one name under one player; every Saga below
    its final chapter number (or with none); no token out of the battlefield. ``False`` when one
    may apply or this reading cannot tell: :func:`check` then works it out."""
    st = game.state
    for player in st.players:
        life = player.life
        if (life is not None and life <= 0) or player.values.get("drew_from_empty"):
            return False
    if not rules.printed_types_hold(game) or not rules.printed_toughness_is_floor(game):
        return False
    if (game.value_of(None, tokens.TOKENS) or ()) and tokens.ceasing(game):
        return False
    legend: bool | None = None      # the settings, read at the first permanent that needs them
    legacy: bool | None = None
    cards = st.cards
    for group in rules.battlefield(game).watched:      # each player's battlefield
        names: set[str] | None = None
        for cid, facts in group:
            card = cards[cid]
            if facts.creature:
                status, counters = card.status, card.counters
                printed_toughness = facts.toughness
                damage = status.get("damage") or 0
                if (type(printed_toughness) is not int or type(damage) is not int or damage >= printed_toughness
                        or status.get("deathtouch_damage")
                        or (counters and counters.get("-1/-1", 0) > counters.get("+1/+1", 0))):
                    return False
            if facts.legendary:
                if legend is None:
                    legend = game.system.settings["legend_rule"]
                if legend:
                    if names is None:
                        names = set()
                    if card.name in names:
                        return False
                    names.add(card.name)
            if facts.saga:
                if legacy is None:
                    legacy = rules.cr(game) == "pre-2025"
                final = facts.final_chapter
                if final is None or legacy or (final and card.counters.get(sagas.LORE, 0) >= final):
                    return False
    return True


def fingerprint(game: Game) -> tuple[object, ...]:
    """What the state-based actions of this card pool look at: life totals and empty-library
    draws, the permanents (as objects) with their damage and counters, the continuous effects,
    the stack and the waiting triggers (714.4), and whose turn it is. Equal fingerprints give
    equal answers, so an unchanged one needs no new check (and no layer computation)."""
    st = game.state
    cards, zones = st.cards, st.zones
    permanents = []
    for p in range(len(st.players)):
        for cid in zones[("battlefield", p)].cards:
            c = cards[cid]
            status, counters = c.status, c.counters
            permanents.append((cid, c.generation, c.controller, status.get("damage"), status.get("deathtouch_damage"),
                               tuple(sorted(counters.items())) if counters else ()))
    return (
        tuple((p.life, p.values.get("drew_from_empty")) for p in st.players),
        tuple(permanents),
        tuple(e.id for e in st.effects),
        tuple(it.id for it in st.stack),
        tuple((t.card, t.ability) for t in st.pending),
        st.turn, st.active_player,
    ) + tokens.fingerprint(game)


def _legend_rule(game: Game) -> list[tuple[Card, str]]:
    """704.5j: a player with two or more legendary permanents of one name keeps one of them."""
    out = []
    hold = rules.printed_types_hold(game)
    known, printed = rules.PRINTED.get, rules.printed
    for p in range(len(game.players)):
        by_name: dict[str, list[Any]] = {}
        for card in game.cards_in("battlefield", p):
            legendary = ((known(id(card.definition)) or printed(card.definition)).legendary if hold
                         else "Legendary" in rules.supertypes_of(game, card))
            if legendary:
                by_name.setdefault(card.name, []).append(card)
        for name, group in by_name.items():
            if len(group) > 1:
                keep = game.choose_cards(p, [c.id for c in group], 1, 1, f"legend rule: keep one {name}",
                                         reason="legend_rule")
                out += [(c, "legend_rule") for c in group if c.id not in keep]
    return out
