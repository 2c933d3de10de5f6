"""Security checks (CRM 13) and <Recovery> (16-6).

A checked card leaves the security stack and is in no area (13-1-6): its [Security] effect
activates at once (15-16-10), a Digimon card battles the checking Digimon as a Security Digimon
(13-1-7, 14-2-3: it is not deleted when it loses), then the card is trashed unless an effect
placed it somewhere (13-1-8-4).
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause, Game
from rulestack.state import Card

from . import areas, stacks
from .areas import DECK, NO_AREA, SECURITY
from .resolution import activate_security, settle


def checks(game: Game, card: Card) -> int:
    """How many cards the Digimon checks: 1 plus its <Security Attack> (16-4); never below 0."""
    return max(0, 1 + (game.value(card, "security_attack") or 0))


def check(game: Game, checker: Card, defender: int, *, piercing: bool = False) -> None:
    """One security check (13-1-2): the cards one at a time (13-1-3), while the checker is in the
    battle area (13-1-5) and the defender has security left. <Security Attack> changes apply as
    soon as they are gained, even mid-check (16-4-2)."""
    done = 0
    gen = checker.generation
    while done < checks(game, checker):
        if checker.zone != areas.BATTLE or checker.generation != gen:
            break
        stack = game.zone(SECURITY, defender).cards
        if not stack:
            break
        done += 1
        card = game.card(stack[-1])
        game.move(card, NO_AREA, defender, cause=Cause.BATTLE, source=checker.id, by=checker.controller,
                  face_up=True, kind="security_checked", checker=checker.id, piercing=piercing)
        activate_security(game, card, defender)
        settle(game)
        if card.zone == NO_AREA and areas.is_digimon_card(card) and checker.zone == areas.BATTLE \
                and checker.generation == gen:
            _security_battle(game, checker, card)
            settle(game)
        if card.zone == NO_AREA:
            game.move(card, areas.TRASH, card.owner, cause=Cause.RULE, kind="trashed_after_check")
        settle(game)


def _security_battle(game: Game, checker: Card, sec: Card) -> None:
    """13-1-8-3, 14: the Security Digimon battles the checker; it is not deleted when it loses
    (14-2-3); <Jamming> keeps the checker from being deleted by it (16-9)."""
    dp_checker, dp_sec = areas.dp(game, checker), areas.dp(game, sec)
    checker_loses = dp_checker <= dp_sec
    game.record("security_battle", cause=Cause.BATTLE, player=checker.controller, card=checker.id, security=sec.id,
                dp=dp_checker, security_dp=dp_sec, checker_lost=checker_loses, security_lost=dp_sec <= dp_checker)
    if checker_loses:
        if game.has_keyword(checker, "Jamming"):
            game.record("deletion_prevented", player=checker.controller, card=checker.id, why="<Jamming> (16-9)")
        else:
            stacks.delete(game, checker, cause=Cause.BATTLE, source=sec.id, by=sec.owner, battled_with=sec.id,
                          security_battle=True, alone=dp_sec > dp_checker)


def recover(game: Game, player: int, n: int, *, source: int | None = None) -> int:
    """<Recovery +N (Deck)> (16-6): the top N cards of the deck go face down on top of security."""
    moved = 0
    for _ in range(n):
        deck = game.zone(DECK, player).cards
        if not deck:
            break
        game.move(deck[-1], SECURITY, player, cause=Cause.EFFECT, source=source, by=player, face_up=False,
                  kind="recovered")
        moved += 1
    return moved


def trash_top(game: Game, player: int, n: int, *, source: int | None = None, by: int | None = None) -> int:
    """Trash the top ``n`` security cards (not checking them)."""
    done = 0
    for _ in range(n):
        stack = game.zone(SECURITY, player).cards
        if not stack:
            break
        stacks.trash(game, game.card(stack[-1]), cause=Cause.EFFECT, source=source, by=by)
        done += 1
    return done
