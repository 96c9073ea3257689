"""`python -m game`: start the game; `--load FILE` opens a save.

Everything the command line can get wrong (a bad save, an unknown ruleset) is
checked before any window opens and reported in one line, exit status 2.
"""
from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path

from game import paths
from game.shell.settings import Settings


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game", description="Chinese mahjong (大众麻将) against the computer.")
    parser.add_argument("--load", metavar="FILE", type=Path,
                        help="open a saved match (e.g. saves/autosave.json or a replay)")
    parser.add_argument("--ruleset", metavar="ID",
                        help="the ruleset the new-match form starts with (e.g. honors)")
    parser.add_argument("--settings", metavar="FILE", type=Path,
                        help="settings file to use (default: settings.json in the data folder)")
    parser.add_argument("--data-dir", metavar="DIR", type=Path,
                        help="keep match files, settings and logs in DIR")
    return parser.parse_args(argv)


def fail(message: str, status: int = 2) -> int:
    """One line on stderr, and the exit status."""
    print(f"python -m game: {message}", file=sys.stderr)
    return status


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.data_dir is not None:
        paths.set_data_dir(args.data_dir)
    settings = Settings.load(args.settings)
    save = None
    if args.ruleset is not None:
        from game.engine.ruleset import RulesetError
        from game.rulesets import load_ruleset
        try:
            load_ruleset(args.ruleset)
        except RulesetError as exc:
            return fail(str(exc))
        settings.ruleset = args.ruleset
    if args.load is not None:
        from game.shell.saves import SaveError, load_save
        try:
            save = load_save(args.load)
        except SaveError as exc:
            return fail(f"cannot open {args.load}: {exc}")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.scenes import REGISTRY
    from game.shell.app import App, Scene, SceneFactory

    start: str | SceneFactory = "menu"
    if save is not None:
        loaded = save

        def start(app: App) -> Scene:
            from game.shell.controller import MatchSession
            return app.scenes.make("table", session=MatchSession.from_save(loaded))
    try:
        App(settings, start, registry=REGISTRY).run()
    except Exception:  # noqa: BLE001 - the match is autosaved after every action: report, don't dump
        paths.ensure_data_dir()
        log = paths.crash_log_path()
        log.write_text(traceback.format_exc(), encoding="utf-8")
        return fail(f"stopped on an internal error; the match is saved, details in {log}", 1)
    return 0


def run() -> None:
    """The `mahjong` command of an installed copy."""
    sys.exit(main())


if __name__ == "__main__":
    run()
