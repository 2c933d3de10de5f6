"""The harness's subcommands of ``rulestack``: ``replay``, ``simulate``, ``lua-api`` and ``describe``.

:data:`COMMANDS` is read by :mod:`rulestack.cli`; each entry adds one subcommand to its parser.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable


def _settings(pairs: Any) -> dict[str, str]:
    from .systems import parse_settings
    return parse_settings(pairs)


# -- rulestack replay ------------------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    from ..narrate import LiveNarrator, View
    from .replay import Replay, replay_game
    if args.html:
        from .html_replay import replay_to_html
        check, page = replay_to_html(args.file, args.html)
        if page is not None:
            print(f"replay viewer written to {page}", file=sys.stderr)
        print(check.report())
        return 0 if check.ok else 1
    replay = Replay.load(args.file)
    view: View = "omniscient" if args.omniscient else args.viewer
    narrator = LiveNarrator([view]) if args.show else None
    check = replay_game(replay, cards=args.cards, plugins=[narrator] if narrator is not None else ())
    try:
        if narrator is not None:
            for line in narrator.lines(view):
                print(line)
        print(check.report())
    finally:
        if check.game is not None:
            check.game.close()
    return 0 if check.ok else 1


def add_replay(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-run a recorded game and verify it (or show where it now differs)",
                       description="Replay a game recorded with 'rulestack play --replay FILE' (or left by a failed "
                                   "simulated game) with today's cards and rules. Exit 0 if it plays exactly as "
                                   "recorded; otherwise report the changed cards and the first event that differs.")
    p.add_argument("file", help="the replay file (.json or .json.gz)")
    p.add_argument("--show", action="store_true", help="print the replayed game's log")
    p.add_argument("--viewer", type=int, default=None, metavar="P",
                   help="with --show, print only what player P may know (default: what a spectator may)")
    p.add_argument("--omniscient", action="store_true", help="with --show, name every card, hidden ones included")
    p.add_argument("--html", metavar="OUT",
                   help="write a self-contained HTML replay viewer to OUT (the board step by step, the narrated "
                        "log, every player's view)")
    p.add_argument("--cards", action="append", metavar="PATH",
                   help="where the game's extra card data is now (a .yaml file or a folder; repeatable), when it "
                        "moved since the recording (by default: where it was, then beside the replay file, then "
                        "the copy the replay carries)")
    p.set_defaults(func=cmd_replay)


# -- rulestack simulate ----------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import make_backend, plan_for, simulate
    plan = plan_for(args.system, args.deck, games=args.games, seed=args.seed, settings=_settings(args.set),
                    cards=args.cards or (), swap_seats=not args.fixed_seats,
                    agents=tuple(args.agent or ()))
    _refuse_illegal_decks(plan)
    from ..search import seat_agents
    seat_agents(plan.agents, 0, len(plan.decks))   # a bad --agent is refused before any game
    backend = make_backend(args.backend, args.workers, args.ray_address)
    summary = simulate(plan, backend, out=args.out, replays=args.replays, progress=not args.no_progress)
    totals = summary.totals()
    if args.out:
        from .simulate import summary_path
        summary_path(args.out).write_text(json.dumps(totals, sort_keys=True, indent=1) + "\n", encoding="utf-8")
    if args.report:
        Path(args.report).write_text(summary.html(totals), encoding="utf-8")
        print(f"report written to {args.report}", file=sys.stderr)
    if args.json:
        print(json.dumps(totals, sort_keys=True))
    else:
        print(summary.text(totals))
    return 1 if summary.errors else 0


def _refuse_illegal_decks(plan: Any) -> None:
    """Load the decks into one game, so a deck the system refuses (too few cards, too many
    copies) is one clear error before any game is played, not the same error in every game."""
    from ..game import Game
    game = Game(plan.system.load(), list(plan.decks), seed=plan.seed, settings=plan.settings)
    game.close()


def add_simulate(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many games between two decks and summarize them for a publisher",
                       description="Play N games between two decks with seeded agents and print wins per "
                                   "deck and the first player's (with 95% confidence intervals), how games end, "
                                   "game length (median, p10-p90), per card how often it was drawn, played and "
                                   "activated and the win rate when played, and errors. Game i's seed derives from --seed and i alone, so the results do not "
                                   "depend on the number of workers.")
    p.add_argument("system", help="the game system")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    p.add_argument("--deck", action="append", help="a deck name or .yaml file (twice; default: the sample decks)")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help="a system setting (repeatable)")
    p.add_argument("--cards", action="append", metavar="PATH", help="extra card data: a .yaml file or a folder")
    p.add_argument("--workers", type=int, default=None,
                   help="processes (local) or concurrent tasks (ray); default: the number of CPUs")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="local processes (default) or a Ray cluster (pip install 'rulestack[ray]')")
    p.add_argument("--ray-address", default=None, metavar="ADDR",
                   help="the Ray cluster to join (default: start a local Ray)")
    p.add_argument("--agent", action="append", metavar="NAME[:KEY=VALUE,...]",
                   help="the agent of the next seat: random, greedy or mcts (e.g. --agent greedy --agent "
                        "mcts:playouts=50); once per seat, missing seats are random. mcts takes a budget in "
                        "playouts (the default, reproducible) or in milliseconds per decision (mcts:ms=20: "
                        "not reproducible, it depends on the machine's speed)")
    p.add_argument("--out", metavar="FILE", help="write one JSON line per game (with its per-card counts and how it "
                                                 "ended), and the summary (as --json prints it) beside it in "
                                                 "FILE's name with .summary.json")
    p.add_argument("--report", metavar="OUT.html",
                   help="write the summary as one self-contained HTML page: the tables, plots of the win rates "
                        "and of game length, the data embedded (no network)")
    p.add_argument("--replays", default="rulestack-failures", metavar="DIR",
                   help="where failed games leave their replay files (default ./rulestack-failures)")
    p.add_argument("--fixed-seats", action="store_true",
                   help="keep the first deck in seat 0 (default: the decks swap seats every game)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=cmd_simulate)


# -- rulestack lua-api -------------------------------------------------------------------------------------
def cmd_lua_api(args: argparse.Namespace) -> int:
    from .apidoc import host_reference, system_reference
    if args.system:
        from .systems import load_system_spec
        text = system_reference(load_system_spec(args.system))
    else:
        text = host_reference()
    if args.write:
        Path(args.write).write_text(text, encoding="utf-8")
        print(f"wrote {args.write}", file=sys.stderr)
    else:
        print(text, end="")
    return 0


def add_lua_api(sub: Any) -> None:
    p = sub.add_parser("lua-api", help="print the Lua API reference (the host's, or a system's own words)")
    p.add_argument("system", nargs="?", help="document the words this system adds to ctx")
    p.add_argument("--write", metavar="FILE", help="write the reference to FILE instead of printing it")
    p.set_defaults(func=cmd_lua_api)


# -- rulestack describe ------------------------------------------------------------------------------------
def cmd_describe(args: argparse.Namespace) -> int:
    from .describe import describe_markdown, describe_text
    from .systems import load_system_spec
    system = load_system_spec(args.system)
    text = describe_markdown(system) if args.markdown else describe_text(system)
    if args.write:
        Path(args.write).write_text(text, encoding="utf-8")
        print(f"wrote {args.write}", file=sys.stderr)
    else:
        print(text, end="" if text.endswith("\n") else "\n")
    return 0


def add_describe(sub: Any) -> None:
    p = sub.add_parser("describe", help="print a game system's reference: zones, phases, events, values, words",
                       description="Print what a game system declares, each entry with a one-line doc: its zones, "
                                   "phases and steps, action windows, event kinds and their fields, player values, "
                                   "settings, cost kinds, ability kinds, keywords, card fields and Lua words.")
    p.add_argument("system", help="the game system (a name, or module:Class)")
    p.add_argument("--markdown", action="store_true", help="as a Markdown page (docs/systems/<name>.md)")
    p.add_argument("--write", metavar="FILE", help="write it to FILE instead of printing it")
    p.set_defaults(func=cmd_describe)


#: The subcommands the harness adds to ``rulestack``.
COMMANDS: list[Callable[[Any], None]] = [add_replay, add_simulate, add_lua_api, add_describe]
