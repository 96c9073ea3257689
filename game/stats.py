"""`python -m game.stats`: statistics over the finished matches of the data folder.

    python -m game.stats [--data-dir DIR] [--by level|seat] [--ruleset ID] [--last N] [--json]

With --by level --json: {"levels": {"hard": {"hands": …, "win_rate": …, …}, …}, "matches": N,
"rating": {"mu": …, "sigma": …}} (the followed seat's openskill rating over all its hands)
(--by seat: {"seats": {"0": …}}); hands a person left to the computer (托管) are
counted apart, as the group "auto". DIR may also be a folder of match records, such as
the one `python -m ai.arena --records DIR` writes.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from game import paths
from game.console import OneLineParser, run_cli
from game.engine.ruleset import RulesetError
from game.history.stats import compute, load_finished, match_files, own_rating
from game.rulesets import load_ruleset

COLUMNS = (("hands", "hands", "{:d}"), ("win_rate", "win", "{:.3f}"),
           ("self_draw_share", "tsumo", "{:.3f}"), ("deal_in_rate", "deal-in", "{:.3f}"),
           ("ready_rate", "ready", "{:.3f}"), ("claim_rate", "claims", "{:.2f}"),
           ("average_win_fan", "win fan", "{:.2f}"), ("mean_points", "pts/hand", "{:+.3f}"))


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m game.stats", description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", metavar="DIR", type=Path,
                        help="the data folder (default: this player's) or a folder of records")
    parser.add_argument("--by", choices=("level", "seat"), default="level")
    parser.add_argument("--ruleset", metavar="ID", help="only matches of this ruleset")
    parser.add_argument("--last", metavar="N", type=int, help="only the last N matches")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    folder = args.data_dir if args.data_dir is not None else paths.data_dir()
    if not folder.is_dir():
        parser.error(f"{folder} is not a folder")
    if args.last is not None and args.last < 0:
        parser.error("--last must be 0 or more")
    if args.ruleset is not None:
        try:
            load_ruleset(args.ruleset)
        except RulesetError as exc:
            parser.error(f"--ruleset: {exc}")
    saves, problems = load_finished(match_files(folder))
    for line in problems:
        print(f"skipped {line}", file=sys.stderr)
    figures = compute(saves, args.by, args.ruleset, args.last)
    key = "levels" if args.by == "level" else "seats"
    mu, sigma = own_rating(saves)
    if args.json:
        print(json.dumps({key: {name: f.to_json() for name, f in figures.items()},
                          "matches": len(saves), "rating": {"mu": mu, "sigma": sigma}}))
        return 0
    print(f"{len(saves)} finished matches in {folder}; the player's rating "
          f"mu {mu:.2f}, sigma {sigma:.2f} (against the levels' ratings)")
    print(f"{args.by:8}" + "".join(f"{title:>10}" for _, title, _ in COLUMNS) + "     95% CI")
    for name, f in figures.items():
        cells = "".join(f"{fmt.format(f.value(k)):>10}" for k, _, fmt in COLUMNS)
        lo, hi = f.ci95
        print(f"{name:8}{cells}  [{lo:+.2f}, {hi:+.2f}]")
    return 0


if __name__ == "__main__":
    run_cli(main)
