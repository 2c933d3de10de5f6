"""The ``rulestack`` command: ``systems``, ``play``, ``check`` (and more from the harness)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from .errors import DataError, GameAborted, RulestackError


def _settings(pairs: Sequence[str] | None) -> dict[str, str]:
    """A system's settings from ``--set key=value`` pairs (see :func:`harness.systems.parse_settings`)."""
    from .harness.systems import parse_settings
    return parse_settings(pairs)


def cmd_systems(args: argparse.Namespace) -> int:
    from .system import available_systems, find_system
    eps = available_systems()
    if not eps:
        print("no game systems installed")
        return 0
    for name, ep in eps.items():
        try:
            cls = find_system(name)
            print(f"{name:10} {cls.version:8} {cls.title}  ({ep.value})")
        except RulestackError as e:
            print(f"{name:10} (broken: {e})")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    if getattr(args, "isolate", False):
        from .isolation import play_isolated
        return play_isolated(args, cmd_play)
    from .agents import RandomAgent
    from .game import Game
    from .narrate import LiveNarrator
    from .harness.systems import with_cards
    from .harness.terminal import HumanAgent, PlayerQuit
    system = with_cards(args.system, args.cards or ())
    decks = list(args.deck or system.sample_decks)
    if len(decks) != system.player_count:
        raise RulestackError(f"{system.name} needs {system.player_count} decks (--deck twice), got {len(decks)}")
    human = args.human
    if human is not None and not 0 <= human < system.player_count:
        raise RulestackError(f"--human takes a seat from 0 to {system.player_count - 1}, got {human}")
    agents: list[Any] = []   # empty: the game seats its own random agents
    if human is not None:
        agents = [RandomAgent(args.seed * 7919 + i + 1) for i in range(system.player_count)]
        agents[human] = HumanAgent(human)
    view = _play_view(args, system.player_count)
    narrator = LiveNarrator([view]) if human is None and not args.quiet and not args.events else None
    game = Game(system, decks, seed=args.seed, settings=_settings(args.set), agents=agents,
                plugins=[narrator] if narrator is not None else ())
    from .isolation import record_decisions
    record_decisions(game)   # with --isolate: streamed to the parent, so a crash still leaves a replay
    if human is not None:
        agents[human].names = {i: d.name for i, d in enumerate(game.decks)}
    error: GameAborted | None = None
    try:
        result = game.play()
    except GameAborted as e:
        error = e
    try:
        if args.replay:
            from .harness.replay import record
            path = record(game, args.replay, error=error, info={"human": human} if human is not None else None)
            print(f"replay written to {path}", file=sys.stderr)
        if error is not None:
            if isinstance(error.cause, PlayerQuit):
                print(f"game abandoned: {error.cause}", file=sys.stderr)
            else:
                print(f"error: {error}", file=sys.stderr)
            return 1
        if human is not None:
            agents[human].show_news(game)
        elif args.events:
            from .harness.logtext import describe_event
            _print_lines(describe_event(game, ev) for ev in game.events)
        elif narrator is not None:
            _print_lines(narrator.lines(view))
    finally:
        game.close()
    names = [f"P{i} ({d.name})" for i, d in enumerate(game.decks)]
    _print_lines([f"result: {result.describe(names)}; {result.decisions} decisions, {len(game.events)} events"])
    return 0


def _play_view(args: argparse.Namespace, players: int) -> Any:
    """The view ``play`` narrates: a spectator's (default), player P's (``--view P``) or all (``--omniscient``)."""
    if args.omniscient:
        return "omniscient"
    if args.view is not None:
        if not 0 <= args.view < players:
            raise RulestackError(f"--view takes a seat from 0 to {players - 1}, got {args.view}")
        return args.view
    return None


def _print_lines(lines: Any) -> None:
    """Print lines; a closed pipe (``| head``) ends the output quietly."""
    try:
        for line in lines:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")


def cmd_check(args: argparse.Namespace) -> int:
    from .checker import check_paths
    problems, checked = check_paths([Path(p) for p in args.paths], args.system)
    for p in problems:
        print(p)
    print(f"checked {checked} card(s): {len(problems)} problem(s)")
    return 1 if problems else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulestack", description="Rules of trading card games: play, check, test.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("systems", help="list the installed game systems and their versions")
    p.set_defaults(func=cmd_systems)

    p = sub.add_parser("play", help="play one game between two decks: random agents, or a person at the terminal")
    p.add_argument("system", help="the game system (see 'rulestack systems')")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    p.add_argument("--deck", action="append", help="a deck name or .yaml file (twice; default: the sample decks)")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help="a system setting (repeatable)")
    p.add_argument("--cards", action="append", metavar="PATH",
                   help="extra card data (a .yaml file or a folder), e.g. the cards you are writing")
    p.add_argument("--human", type=int, default=None, metavar="P",
                   help="take seat P yourself: see your view, choose among the legal choices")
    p.add_argument("--replay", metavar="FILE", help="record the game (decisions, digests, final state) to FILE")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--view", type=int, default=None, metavar="P",
                       help="narrate the game as player P saw it (default: as a spectator, hidden cards hidden)")
    shown.add_argument("--omniscient", action="store_true", help="narrate everything, hidden cards included")
    shown.add_argument("--events", action="store_true", help="print the raw events (for debugging) instead")
    p.add_argument("--isolate", action="store_true",
                   help="play in a child process with OS limits (address space, CPU time); a crash is reported "
                        "and leaves a replay up to the last decision")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("check", help="load and validate card data and Lua card scripts in the sandbox")
    p.add_argument("paths", nargs="+", help="card data files (.yaml), scripts (.lua) or folders")
    p.add_argument("--system", help="the system whose rules apply (default: from the path card_scripts/<system>/)")
    p.set_defaults(func=cmd_check)

    for extra in _extra_commands():
        extra(sub)
    return parser


def _extra_commands() -> list[Any]:
    try:
        from .harness import cli as harness_cli
    except ImportError:
        return []
    return list(getattr(harness_cli, "COMMANDS", []))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (RulestackError, DataError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
