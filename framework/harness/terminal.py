"""Play at a terminal: a person takes a seat (``rulestack play SYSTEM --human P``).

At each of the person's decisions the terminal shows what happened since their last decision
(only what they may know), their view of the board (their own hand, the opponent's public
cards, counts of hidden zones), the prompt and the legal choices, numbered from 1. An answer
that is not legal is refused with the reason, and the question is asked again.

Answers: numbers (``2``, or ``1 3`` for several), an option's text (``pass``, ``play Grunt``),
``y``/``n``, or a number for a number question. Commands: ``board``, ``log``, ``help``, ``quit``.
"""
from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any, Mapping, TextIO

from .. import decisions as d
from ..agents import find_option
from ..decisions import Decision
from ..errors import IllegalAnswer, RulestackError
from ..escape import escape_lines, escape_text

if TYPE_CHECKING:
    from ..agents import Seat
    from ..game import Game

HELP = """answers:
  2          the option numbered 2
  1 3        several options (when you may choose more than one), or an order (first to last)
  pass       an option by its text (a unique part of it is enough)
  y / n      yes or no
  -          choose nothing (when that is allowed)
commands: board (show the board), log (the last events), ? (why other abilities are not offered), help, quit"""


class PlayerQuit(RulestackError):
    """The person at the terminal left the game (``quit``, or the input ended)."""


class HumanAgent:
    """An agent that asks a person: reads answers from ``stdin``, writes to ``stdout``."""

    def __init__(self, player: int, stdin: TextIO | None = None, stdout: TextIO | None = None,
                 names: Mapping[int, str] | None = None) -> None:
        self.player = player
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.names = dict(names or {})
        self.seen = 0               # events already shown
        self.last_board = ""

    # -- output -----------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Write lines to the person. Control characters are escaped (a card's text never drives
        the terminal); the line breaks the host laid out stay."""
        self.stdout.write(escape_lines(text) + "\n")
        self.stdout.flush()

    def show_news(self, game: Game) -> None:
        """Narrate the events since the last decision, as this player may know them."""
        from ..narrate import narrate
        log = game.state.log
        for ev in log[self.seen:]:
            line = narrate(game, ev, viewer=self.player)
            if line:
                self.say(f"  {escape_text(line)}")   # one event, one line: no forged lines
        self.seen = len(log)

    def show_board(self, view: Mapping[str, Any], force: bool = False) -> None:
        board = render_board(view, self.names)
        if force or board != self.last_board:
            self.say(board)
            self.last_board = board

    def show_log(self, game: Game, n: int = 15) -> None:
        from ..narrate import narrate
        lines = [escape_text(x) if x else x for x in (narrate(game, ev, viewer=self.player) for ev in game.state.log)]
        shown = [x for x in lines if x][-n:]
        self.say("\n".join(f"  {x}" for x in shown) or "  (nothing yet)")

    def show_why_not(self, game: Any, player: int) -> None:
        """The abilities of your cards that are not offered now, and why."""
        if game is None:
            self.say("  (no game to ask)")
            return
        from ..whynot import why_not
        refused = why_not(game, player)
        self.say("\n".join(f"  {r}" for r in refused) or "  every ability of your cards that could be used is offered")

    # -- the decision -------------------------------------------------------------------------------
    def decide(self, decision: Decision, seat: Seat) -> Any:
        game = getattr(seat, "game", None)
        if game is not None:
            self.show_news(game)
        self.show_board(seat.view())
        self.say(render_decision(decision, game))
        while True:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.say("")
                raise PlayerQuit("the input ended; you left the game")
            text = line.strip()
            low = text.lower()
            if low in ("?", "why", "why not"):
                self.show_why_not(game, decision.player)
                continue
            if low in ("help", "h"):
                self.say(HELP)
                continue
            if low in ("board", "b"):
                self.show_board(seat.view(), force=True)
                continue
            if low in ("log", "l"):
                if game is not None:
                    self.show_log(game)
                continue
            if low in ("quit", "q", "exit"):
                raise PlayerQuit("you left the game")
            try:
                return decision.validate(parse_answer(decision, text))
            except IllegalAnswer as e:
                self.say(f"not legal: {e.reason}. Type help for how to answer.")


#: The words a yes/no question accepts (nothing else: a stray "1" is not taken for "yes").
YES_WORDS = ("y", "yes")
NO_WORDS = ("n", "no")


def parse_answer(decision: Decision, text: str) -> Any:
    """Turn what a person typed into an answer (numbers from 1; option texts; y/n)."""
    kind = decision.kind
    low = text.strip().lower()
    if kind == d.YES_NO:
        if low in YES_WORDS:
            return True
        if low in NO_WORDS:
            return False
        raise IllegalAnswer(decision, text, "answer y (yes) or n (no)")
    if kind == d.NUMBER:
        try:
            return int(low)
        except ValueError:
            raise IllegalAnswer(decision, text, f"type a number from {decision.min} to {decision.max}") from None
    if low in ("", "-", "none"):
        if kind == d.CHOOSE and decision.min == 0:
            return []
        raise IllegalAnswer(decision, text, "type the number of an option")
    tokens = [t for t in re.split(r"[,\s]+", low) if t]
    if all(t.isdigit() for t in tokens):
        indices = [int(t) - 1 for t in tokens]
        if any(i < 0 or i >= len(decision.options) for i in indices):
            raise IllegalAnswer(decision, text, f"the options are numbered 1 to {len(decision.options)}")
        return indices
    parts = [p.strip() for p in text.split(",")] if kind in (d.CHOOSE, d.ORDER) else [text.strip()]
    return [find_option(decision, p) for p in parts if p]


def render_decision(decision: Decision, game: Any = None) -> str:
    """The prompt and the numbered options; options for cards of the same name also say which
    card each is (its id, and with ``game`` its owner and zone)."""
    kind = decision.kind
    how = {
        d.ACTION: "choose one action",
        d.YES_NO: "y or n" if decision.min == 0 else "y (you must)",
        d.NUMBER: f"a number from {decision.min} to {decision.max}",
        d.ORDER: "put them in order: all the numbers, first to last",
    }.get(kind)
    if how is None:
        lo, hi = decision.min, min(decision.max, len(decision.options))
        how = f"choose {lo}" if lo == hi else f"choose {lo} to {hi}"
        if lo == 0:
            how += " (- for none)"
    lines = [f"P{decision.player}, your decision ({kind}): {escape_text(decision.prompt)} - {how}"]
    shared = _shared_labels(decision.options)
    for i, opt in enumerate(decision.options, 1):
        where = f" ({_where(opt, game)})" if opt.label in shared else ""
        lines.append(f"  {i:>2}. {escape_text(opt.label)}{where}{escape_text(_card_info(opt))}")
    return "\n".join(lines)


def _shared_labels(options: Any) -> set[str]:
    """Labels that more than one card option carries (two copies of a card in different places)."""
    seen: dict[str, int] = {}
    for opt in options:
        if opt.card is not None:
            seen[opt.label] = seen.get(opt.label, 0) + 1
    return {label for label, n in seen.items() if n > 1}


def _where(opt: d.Option, game: Any = None) -> str:
    """How to tell a card option from another of the same name: its id, owner and zone."""
    card = game.state.cards.get(opt.card) if game is not None else None
    if card is None:
        return f"card {opt.card}"
    return f"card {opt.card}, P{card.owner} {card.zone}"


def _card_info(opt: d.Option) -> str:
    info = opt.info if isinstance(opt.info, dict) else None
    if not info:
        return ""
    bits = [f"{k}" if v is True else f"{k}={v}" for k, v in (info.get("status") or {}).items() if v]
    bits += [f"{k}x{v}" for k, v in (info.get("counters") or {}).items()]
    return f" [{', '.join(bits)}]" if bits else ""


def _card_text(card: Mapping[str, Any]) -> str:
    if card.get("face_down"):
        return "(face down)"
    name = escape_text(card.get("name", "?"))
    bits = [f"{k}" if v is True else f"{k}={v}" for k, v in (card.get("status") or {}).items() if v]
    bits += [f"{k}x{v}" for k, v in (card.get("counters") or {}).items()]
    return name + (f" [{', '.join(bits)}]" if bits else "")


def _grouped(names: list[str]) -> str:
    """``DON!! x10`` for runs of the same card."""
    out: list[list] = []
    for n in names:
        if out and out[-1][0] == n:
            out[-1][1] += 1
        else:
            out.append([n, 1])
    return ", ".join(n if k == 1 else f"{n} x{k}" for n, k in out)


def _zone_text(zone: Mapping[str, Any], limit: int = 15) -> str:
    count, cards = zone.get("count", 0), zone.get("cards", [])
    if not count:
        return "-"
    if len(cards) == count and count <= limit:
        return _grouped([_card_text(c) for c in cards])
    text = f"{count} card(s)"
    if cards and len(cards) < count:               # some cards of a hidden zone are face up
        text += " (face up: " + ", ".join(_card_text(c) for c in cards[-limit:]) + ")"
    elif cards:
        text += ", top: " + _card_text(cards[-1])
    return text


def render_board(view: Mapping[str, Any], names: Mapping[int, str] | None = None) -> str:
    """A player's view of the board as text (only what that player may see)."""
    me = view.get("player")
    names = names or {}
    head = f"=== turn {view.get('turn')}, {_who(view.get('active_player'), me, view, names)} to act"
    if view.get("phase"):
        head += f", {view['phase']}" + (f" / {view['step']}" if view.get("step") else "")
    lines = [head + " ==="]
    zones: Mapping[str, Any] = view.get("zones", {})
    players = view.get("players", [])
    order = [p["index"] for p in players if p["index"] != me] + ([me] if me is not None else [])
    for idx in order:
        p = players[idx]
        vals = ", ".join(f"{k} {v}" for k, v in sorted(p.get("values", {}).items()) if not isinstance(v, (dict, list)))
        life = f"life {p['life']}" if p.get("life") is not None else ""
        facts = " | ".join(x for x in (life, vals) if x)
        lines.append(_who(idx, me, view, names) + (f": {facts}" if facts else ""))
        empty = []
        for key, zone in zones.items():
            name, _, owner = key.partition("/")
            if owner and int(owner) == idx:
                if zone.get("count"):
                    lines.append(f"  {name}: {_zone_text(zone)}")
                else:
                    empty.append(name)
        if empty:
            lines.append(f"  (empty: {', '.join(empty)})")
    shown: set[Any] = set()
    for key, zone in zones.items():
        if "/" not in key and zone.get("count"):
            lines.append(f"{key}: {_zone_text(zone)}")
            shown |= {c.get("id") for c in zone.get("cards", [])}
    items = [it for it in view.get("stack") or [] if it.get("card") not in shown]
    if items:   # items that are not cards of a shared zone (abilities, triggers)
        lines.append("waiting to resolve: " + ", ".join(
            f"{it.get('name') or it.get('kind')} (P{it.get('controller')})" for it in items))
    return "\n".join(lines)


def _who(idx: Any, me: Any, view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    if idx is None:
        return "?"
    players = view.get("players", [])
    name = escape_text(players[idx]["name"]) if 0 <= idx < len(players) else f"P{idx}"
    extras = [x for x in (names.get(idx), "you" if idx == me else None) if x]
    return f"{name} ({', '.join(extras)})" if extras else name
