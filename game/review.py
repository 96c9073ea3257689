"""`python -m game.review FILE [--seat N] [--json]`: Hard's review of every decision of a
seat (default: every seat) of a match file.

--json prints {"seats": [{"seat": n, "level": …, "decisions": n, "agree": k,
"mistakes": [{"hand", "step", "chosen", "hard_choice", "regret", "reason"}, …]}, …]},
the costliest mistakes first.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import NoReturn

from game.console import run_cli
from game.history.review import review
from game.shell.saves import SaveError, load_save


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m game.review", description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a match file (a save or a match record)")
    parser.add_argument("--seat", type=int, help="review only this seat")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        save = load_save(args.file)
    except SaveError as exc:
        parser.error(f"cannot open {args.file}: {exc}")
    players = save.match.ruleset.players
    if args.seat is not None and not 0 <= args.seat < players:
        parser.error(f"--seat must be a seat from 0 to {players - 1}")
    seats = [args.seat] if args.seat is not None else list(range(players))
    reviews = review(save, seats)
    if args.json:
        print(json.dumps({"seats": [r.to_json() for r in reviews]}, ensure_ascii=False))
        return 0
    for r in reviews:
        data = r.to_json(mistakes=5)
        share = data["agree"] / data["decisions"] if data["decisions"] else 1.0
        print(f"seat {r.seat} ({r.level}): agrees with Hard on {data['agree']} of "
              f"{data['decisions']} decisions ({share:.0%})")
        for m in data["mistakes"]:
            print(f"  hand {m['hand']} step {m['step']}: {m['chosen']}  (Hard: "
                  f"{m['hard_choice']}, {m['regret']:.3f} worse)")
    return 0


if __name__ == "__main__":
    run_cli(main)
