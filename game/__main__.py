"""`python -m game` (or `mahjong` when installed): start the game.

`--load FILE` opens a match file (a save or a bare match record); `--check FILE…`
checks match files without opening a window. Everything the command line can get
wrong (a bad argument or file, an unknown ruleset, no display, a data folder that cannot
be written, a loaded match's program that cannot be started) is reported in one line
before any window opens, exit status 2.
"""
from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from game import paths
from game.console import OneLineParser, run_cli
from game.files import DataError, check_writable_folder, shown_name, write_atomic
from game.play.setup import BOT_PREFIX, SetupError
from game.shell.lessons import first_start
from game.shell.settings import Settings
from game.version import game_version

if TYPE_CHECKING:
    from game.shell.session import MatchSession

DISPLAY_HELP = ("no display to open a window on: start the game from a desktop session, "
                "or under a virtual one with `xvfb-run python -m game`")


def parse_args(argv: list[str] | None, prog: str) -> argparse.Namespace:
    parser = OneLineParser(
        prog=prog, description="Chinese mahjong (大众麻将) against the computer.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {game_version()}")
    parser.add_argument("--load", metavar="FILE", type=Path,
                        help="open a match file (a save from the Matches page, or a record)")
    parser.add_argument("--check", metavar="FILE", type=Path, nargs="+",
                        help="check match files and print one line each; opens no window")
    parser.add_argument("--ruleset", metavar="ID",
                        help="the ruleset the new-match form starts with (e.g. honors)")
    parser.add_argument("--settings", metavar="FILE", type=Path,
                        help="settings file to use (default: settings.json in the data folder)")
    parser.add_argument("--data-dir", metavar="DIR", type=Path,
                        help="keep match files, settings and logs in DIR")
    parser.add_argument("--bot", metavar="SEAT=CMD", action="append", default=[],
                        help="seat an outside program (docs/bot_protocol.md) at SEAT in the "
                             "new-match form, e.g. --bot '1=python3 mybot.py' (repeatable)")
    parser.add_argument("--layout-check", action="store_true",
                        help="render every page headless at several window sizes and report "
                             "anything outside the window, overlapping or cut off")
    parser.add_argument("--size", metavar="WxH", action="append", default=[],
                        help="with --layout-check: a window size to check (repeatable)")
    parser.add_argument("--ui-scale", metavar="PERCENT", type=int, default=100,
                        help="with --layout-check: the UI-scale setting to check at, 75-200 "
                             "(default 100)")
    parser.add_argument("--json", action="store_true",
                        help="with --layout-check: print one JSON object")
    parser.add_argument("--shots", metavar="DIR", type=Path,
                        help="with --layout-check: save one PNG per page, state and size")
    return parser.parse_args(argv)


def fail(prog: str, message: str, status: int = 2) -> int:
    """One line on stderr, and the exit status."""
    print(f"{prog}: {message}", file=sys.stderr)
    return status


def check_files(files: list[Path]) -> int:
    """One line per match file: ok with a summary, or its first problem. 0 if all ok."""
    from game.shell.saves import SaveError, load_save, summary
    status = 0
    for path in files:
        try:
            print(f"{shown_name(path)}: ok, {summary(load_save(path))}", flush=True)
        except SaveError as exc:
            print(f"{shown_name(path)}: {exc}", flush=True)
            status = 2
    return status


def parse_bots(specs: list[str]) -> dict[int, str]:
    """--bot SEAT=CMD options as {seat: command}; ValueError names a bad one."""
    bots: dict[int, str] = {}
    for spec in specs:
        seat, _, command = spec.partition("=")
        if not (seat.isascii() and seat.isdigit() and 0 <= int(seat) <= 3) or not command.strip():
            raise ValueError(f"--bot {spec!r}: expected SEAT=COMMAND with SEAT 0-3")
        from ai.levels import parse_spec  # only with --bot: AI loads after start
        try:
            parse_spec(BOT_PREFIX + command)
        except SetupError as exc:
            raise ValueError(f"--bot {spec!r}: {exc}") from None
        bots[int(seat)] = command.strip()
    return bots


def layout_check(prog: str, args: argparse.Namespace) -> int:
    """--layout-check: 0 when every page fits every size, 1 when one does not."""
    from game.layoutcheck.run import DEFAULT_SIZES, check, parse_size, report
    try:
        sizes = [parse_size(s) for s in args.size] or list(DEFAULT_SIZES)
    except ValueError as exc:
        return fail(prog, str(exc))
    if not 75 <= args.ui_scale <= 200:
        return fail(prog, f"--ui-scale {args.ui_scale}: the setting goes from 75 to 200 (%)")
    return report(check(sizes, args.shots, ui_scale=args.ui_scale / 100), args.json)


def display_missing() -> bool:
    """True when no window can be opened (X11/Wayland systems without a display)."""
    if sys.platform in ("win32", "darwin") or os.environ.get("SDL_VIDEODRIVER"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv: list[str] | None = None, prog: str = "python -m game") -> int:
    words = sys.argv[1:] if argv is None else argv
    if words[:1] in (["serve"], ["join"]):     # network play: no window, no pygame
        from game.net.commands import run_command
        return run_command(words, prog)
    if words[:1] == ["wall"]:                  # a hand's wall from its seed: no window
        from game.wall_command import main as wall_main
        return wall_main(words[1:], prog)
    if words[:1] == ["score"]:                 # score one winning hand: no window
        from game.score import main as score_main
        return score_main(words[1:], f"{prog} score")
    args = parse_args(argv, prog)
    if args.data_dir is not None:
        if args.data_dir.exists() and not args.data_dir.is_dir():
            return fail(prog, f"--data-dir {args.data_dir} is not a folder")
        paths.set_data_dir(args.data_dir)
    if args.check:
        return check_files(args.check)
    if args.layout_check:
        return layout_check(prog, args)
    new_player = first_start(args.settings)
    settings = Settings.load(args.settings)
    if settings.problem:
        print(f"{prog}: {settings.problem}", file=sys.stderr)
    save = None
    if args.ruleset is not None:
        from game.engine.ruleset import RulesetError
        from game.rulesets import load_ruleset
        try:
            load_ruleset(args.ruleset)
        except RulesetError as exc:
            return fail(prog, str(exc))
        settings.ruleset = args.ruleset
    if args.load is not None:
        from game.shell.saves import SaveError, load_save
        try:
            save = load_save(args.load)
        except SaveError as exc:
            return fail(prog, f"cannot open {args.load}: {exc}")
    try:
        settings.bots = parse_bots(args.bot)
    except ValueError as exc:
        return fail(prog, str(exc))
    if display_missing():
        return fail(prog, DISPLAY_HELP)
    try:
        check_writable_folder(paths.data_dir(), "the data folder")
    except DataError as exc:
        return fail(prog, str(exc))
    from game.shell.library import adopt_legacy_saves
    adopt_legacy_saves()
    session = None
    if save is not None and not save.match.is_over:
        from ai.bot import BotError, check_startable
        from game.play.setup import SeatKind
        from game.shell.session import MatchSession
        try:    # before the window: a seat's program that cannot be started is refused here
            for spec in save.setup.seats:
                if spec.kind is SeatKind.PROGRAM:
                    check_startable(spec.program)
            session = MatchSession.from_save(save, args.load)
        except (BotError, ValueError) as exc:
            return fail(prog, f"cannot open {args.load}: {exc}")
    replay = args.load if save is not None and save.match.is_over else None
    return play(prog, settings, session, replay, new_player)


def play(prog: str, settings: Settings, session: MatchSession | None,
         replay: Path | None, new_player: bool = False) -> int:
    """Open the window and run the game until it is closed: at the table of `session`, in
    the viewer of the finished match file `replay`, at the new-match form when programs
    are to be seated (`settings.bots`), at the lessons for a `new_player`, or at the
    menu."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.scenes import REGISTRY
    from game.shell.app import App, Scene, SceneFactory

    start: str | SceneFactory = "menu"
    if session is not None:
        resumed = session

        def start(app: App) -> Scene:
            return app.scenes.make("table", session=resumed)
    elif replay is not None:
        viewed = replay

        def start(app: App) -> Scene:
            return app.scenes.make("replay", match_path=viewed)
    elif settings.bots:
        def start(app: App) -> Scene:
            """The new-match form with the programs in their seats, above the menu."""
            app.scenes.push("menu")
            return app.scenes.make("new_match")
    elif new_player:
        def start(app: App) -> Scene:
            """The lessons offered above the menu to a player new here."""
            app.scenes.push("menu")
            return app.scenes.make("lessons", welcome=True)
    try:
        App(settings, start, registry=REGISTRY).run()
    except pygame.error as exc:
        return fail(prog, f"cannot open a window: {exc}")
    except Exception:  # noqa: BLE001 - the match is saved after every action: report, don't dump
        log = paths.crash_log_path()
        try:
            write_atomic(log, traceback.format_exc())
        except OSError as exc:
            return fail(prog, f"stopped on an internal error; its details could not be written "
                              f"to {log} ({exc.strerror or exc})", 1)
        return fail(prog, f"stopped on an internal error; the match is saved, details in {log}", 1)
    finally:
        if session is not None:     # the table lets go of it too; a window that never opened
            session.release()
    return 0


def run() -> None:
    """The `mahjong` command of an installed copy."""
    run_cli(lambda: main(prog="mahjong"))


if __name__ == "__main__":
    run_cli(main)
