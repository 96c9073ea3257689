"""python -m ai.tournament ENTRANT [ENTRANT ...] --walls W --rounds R --seed S
    [--workers N | --cluster local | --cluster ray://HOST:PORT] [--ruleset R]
    [--records DIR] [--resume DIR] [--bot-deadline MS] [--json]

An ENTRANT is a level (easy, medium, hard, ...) or bot:COMMAND, named by its level or
NAME=SPEC. In each round every entrant sits at a table of four (empty places: an
unrated Medium); each table plays W walls in all its seatings. See docs/tournament.md.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ai.arena import MAX_WORKERS
from ai.bot import DEFAULT_DEADLINE_MS, BotError
from ai.solo import ruleset_or_error, whole_number
from ai.tournament.cluster import check_address, run_ray
from ai.tournament.entrants import FILL, parse_entrants
from ai.tournament.leaderboard import standings, table_text
from ai.tournament.progress import Progress
from ai.tournament.runner import (
    Plan,
    Result,
    TournamentError,
    WorkerLost,
    run_here,
    run_pool,
)
from ai.tournament.schedule import Unit, schedule, units
from ai.tournament.store import load_done, load_settings, save_result, save_settings
from game.console import OneLineParser, run_cli
from game.files import DataError, check_writable_folder
from game.play.setup import SetupError

DEFAULTS = {"walls": 4, "rounds": 4, "seed": 1, "ruleset": "dazhong",
            "bot_deadline": DEFAULT_DEADLINE_MS}


def arguments() -> OneLineParser:
    parser = OneLineParser(prog="python -m ai.tournament", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("entrants", nargs="*", metavar="ENTRANT")
    parser.add_argument("--walls", type=whole_number, help="walls per table (default 4)")
    parser.add_argument("--rounds", type=whole_number, help="rounds (default 4)")
    parser.add_argument("--seed", type=whole_number, help="fixes every wall (default 1)")
    parser.add_argument("--ruleset", help="the ruleset (default dazhong)")
    parser.add_argument("--bot-deadline", metavar="MS", type=whole_number,
                        help="milliseconds a program has for each decision (default 1000)")
    parser.add_argument("--workers", type=whole_number, default=1,
                        help="processes of this machine (with --cluster local: Ray's CPUs)")
    parser.add_argument("--cluster", metavar="local|ray://HOST:PORT",
                        help="play on Ray: a runtime started here, or a running cluster")
    parser.add_argument("--records", metavar="DIR", type=Path,
                        help="keep the settings, each finished unit and every hand in DIR")
    parser.add_argument("--resume", metavar="DIR", type=Path,
                        help="continue the tournament kept in DIR")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def settings_of(parser: OneLineParser, args: argparse.Namespace) -> tuple[dict[str, Any],
                                                                         Path | None]:
    """The tournament's settings and its folder: from the arguments, or (--resume) from
    the folder, which then takes none of them."""
    given = {key: getattr(args, key) for key in DEFAULTS}
    if args.resume is None:
        settings = {key: DEFAULTS[key] if value is None else value
                    for key, value in given.items()}
        return {"entrants": list(args.entrants), **settings}, args.records
    if args.entrants or args.records is not None or any(v is not None for v in given.values()):
        parser.error("--resume DIR takes the tournament's settings from DIR: give only "
                     "--workers, --cluster and --json with it")
    try:
        return load_settings(args.resume), args.resume
    except DataError as exc:
        parser.error(str(exc))


def main(argv: list[str] | None = None) -> int:
    parser = arguments()
    args = parser.parse_args(argv)
    settings, folder = settings_of(parser, args)
    try:
        entrants = parse_entrants(settings["entrants"])
    except SetupError as exc:
        parser.error(str(exc))
    ruleset = ruleset_or_error(parser, settings["ruleset"])
    if min(settings["walls"], settings["rounds"], settings["bot_deadline"], args.workers) < 1:
        parser.error("--walls, --rounds, --workers and --bot-deadline must be at least 1")
    if args.workers > MAX_WORKERS:
        parser.error(f"--workers must be at most {MAX_WORKERS}")
    if args.cluster is not None and (problem := check_address(args.cluster)):
        parser.error(problem)
    if folder is not None and args.resume is None:
        try:
            check_writable_folder(folder, "--records")
            save_settings(folder, settings)
        except DataError as exc:
            parser.error(str(exc))
    tables = schedule(len(entrants), settings["rounds"], settings["seed"], ruleset.players)
    every = units(tables, settings["walls"])
    results: dict[Unit, Result] = load_done(folder, every) if folder is not None else {}
    by_number = {(t.round, t.number): t for t in tables}
    tasks = [(by_number[u.round, u.table], u.wall) for u in every if u not in results]
    plan = Plan(ruleset.id, settings["seed"], tuple(e.spec for e in entrants), FILL.spec,
                settings["bot_deadline"], records=folder is not None)
    seatings = ruleset.players
    progress = Progress(len(every) * seatings, len(results) * seatings, shown=not args.json)

    def finished(result: Result) -> None:
        unit = Unit(result["round"], result["table"], result["wall"])
        if folder is not None:
            save_result(folder, unit, result)
        result.pop("records", None)     # written: not kept in memory
        results[unit] = result
        progress.add(len(result["hands"]))

    try:
        if args.cluster is not None:
            run_ray(plan, tasks, args.cluster, args.workers if args.workers > 1 else None,
                    finished)
        elif args.workers > 1:
            run_pool(plan, tasks, args.workers, finished)
        else:
            run_here(plan, tasks, finished)
    except WorkerLost as exc:
        parser.error(f"{exc}; what was done is kept: continue with --resume {folder}"
                     if folder is not None else f"{exc} (nothing kept without --records)")
    except (TournamentError, BotError) as exc:
        parser.error(str(exc))
    finally:
        progress.close()
    rows = standings(entrants, every, results)
    if args.json:
        print(json.dumps({"seed": settings["seed"], "walls": settings["walls"],
                          "rounds": settings["rounds"], "ruleset": ruleset.id,
                          "hands": len(every) * seatings, "entrants": rows}))
    else:
        print(f"{len(entrants)} entrants, {settings['rounds']} rounds x "
              f"{len(tables) // settings['rounds']} tables, {settings['walls']} walls x {seatings} seatings a table = "
              f"{len(every) * seatings} hands (seed {settings['seed']}, {ruleset.id})")
        print("\n".join(table_text(rows)))
    return 0


if __name__ == "__main__":
    run_cli(main)
