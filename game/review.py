"""A level's review of a match:
``python -m game.review FILE [--seat N] [--reviewer LEVEL] [--json]``.

For each seat (or only seat N) every decision with a real choice is set beside what the
reviewing level (by default the strongest quick one) would have done, with its reasons
and the regret by its own evaluation (game.history.review): the points, by its estimate
of the hand's gains, the choice gave up against its best. Hands and steps count from 1
(step n: the hand's n-th action); decisions made under 托管, and those the clock took
when the seat's time ran out (the file's timeouts), are counted apart. Text output: one
summary line per seat and its costliest decisions (only those that lost something);
--json prints one object {"seats": [{"seat", "level", "reviewer", "decisions", "agree",
"regret", "auto_decisions", "timed_out_decisions", "mistakes": [{"hand", "step",
"chosen", "best", "regret", "bounded", "reason": [{"action", "win_chance",
"expected_points", "deal_in_risk", "samples"}, ...]}, ...]}, ...]}. Bad input: one line
on stderr, exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import NoReturn

from game.console import run_cli

EXIT_BAD_INPUT = 2
SHOWN_MISTAKES = 5


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(EXIT_BAD_INPUT)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m game.review",
                     description="A level's review of every decision of a match's seats.")
    parser.add_argument("file", type=Path, help="a match file (save or match record)")
    parser.add_argument("--seat", metavar="N", help="review only seat N (0-based)")
    parser.add_argument("--reviewer", metavar="LEVEL",
                        help="the reviewing level (default: the strongest quick one)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    from ai.levels import LEVELS, STRONGEST
    reviewer = args.reviewer or STRONGEST
    if reviewer not in LEVELS:
        return _fail(f"--reviewer {reviewer!r}: known levels are {', '.join(LEVELS)}")

    from game.history.review import review_seat
    from game.history.timeline import Timeline, seat_levels
    from game.shell.saves import SaveError, load_save
    try:
        save = load_save(args.file)
    except SaveError as exc:
        return _fail(f"cannot review {args.file}: {exc}")
    players = save.match.ruleset.players
    if args.seat is None:
        seats = list(range(players))
    elif args.seat.isascii() and args.seat.isdigit() and int(args.seat) < players:
        seats = [int(args.seat)]
    else:
        return _fail(f"--seat {args.seat!r}: this match has seats 0 to {players - 1}")
    timeline = Timeline(save.match)
    levels = seat_levels(save.setup, players)
    reviews = [review_seat(timeline, s, levels[s], reviewer=reviewer, timeouts=save.timeouts)
               for s in seats]
    if args.json:
        print(json.dumps({"seats": [r.to_json() for r in reviews]}, ensure_ascii=False))
        return 0
    print(f"regret: points a choice gave up against {reviewer}'s best, by {reviewer}'s "
          "estimate of the hand's gains")
    for r in reviews:
        auto = f" (and {r.auto_turns} made under 托管, not counted)" if r.auto_turns else ""
        auto += f" (and {r.timeouts} timed out, not counted)" if r.timeouts else ""
        print(f"seat {r.seat} ({r.level}): {len(r.own)} decisions{auto}, agrees with "
              f"{reviewer} on {r.agree} ({100 * r.agreement:.1f}%), regret {r.regret:.2f} points")
        for d in r.mistakes()[:SHOWN_MISTAKES]:
            bound = "≥" if d.bounded else ""
            print(f"  hand {d.hand + 1} step {d.step + 1}: {d.chosen!r}, {reviewer} "
                  f"{d.best!r}, regret {bound}{d.regret:.2f} points")
    return 0


def _fail(message: str) -> int:
    print(f"python -m game.review: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


if __name__ == "__main__":
    run_cli(main)
