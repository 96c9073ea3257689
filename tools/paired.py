"""Compare two arena runs on the same walls, wall by wall (a paired comparison).

Each run is the `--json` output of ``python -m ai.arena`` with the same `--walls`,
`--seed` and `--seats`, played by two versions of the code (a git worktree of the
older one beside the newer).  The walls' own luck cancels in the difference, which
resolves a change about three times finer than two separate intervals.  Prints, for
the level compared, the mean difference in points per hand with its 95 % interval over
walls, and both runs' win and deal-in rates.

    python -m ai.arena --walls 1000 --seed 1 --seats hard,medium,medium,medium \\
        --workers 2 --json > after.json
    python -m tools.paired before.json after.json --level hard

Two levels compare the same way: the after run seats the other level where the before
run had `--level` (e.g. ``--seats master,medium,medium,medium`` against
``hard,medium,medium,medium``), and ``--after-level master`` names it.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path
from typing import Any

from ai.arena import Z95
from game.console import OneLineParser, run_cli

SAME = ("walls", "seed", "seats", "ruleset")


class PairingError(ValueError):
    """Two runs that cannot be compared; str() is one line."""


def load_run(path: Path) -> dict[str, Any]:
    """One arena `--json` document."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PairingError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, ValueError):
        raise PairingError(f"{path} is not an arena --json output") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("levels"), dict):
        raise PairingError(f"{path} is not an arena --json output")
    return doc


def paired(before: dict[str, Any], after: dict[str, Any], level: str,
           after_level: str | None = None) -> dict[str, float]:
    """The difference after - before of `level`'s points per hand, wall by wall
    (`after_level`: the level in the after run that took `level`'s seats)."""
    after_level = after_level or level
    for key in SAME:
        theirs = after.get(key)
        if key == "seats" and isinstance(theirs, list):
            theirs = [level if s == after_level else s for s in theirs]
        if before.get(key) != theirs:
            raise PairingError(f"the runs differ in {key}: {before.get(key)!r} and "
                               f"{after.get(key)!r}; compare runs of the same walls")
    runs = []
    for doc, name in ((before, level), (after, after_level)):
        found = doc["levels"].get(name)
        if not isinstance(found, dict) or not isinstance(found.get("wall_means"), list):
            raise PairingError(f"no per-wall results of level {name!r} "
                               f"(levels: {', '.join(doc['levels'])})")
        runs.append(found)
    diffs = [b - a for a, b in zip(runs[0]["wall_means"], runs[1]["wall_means"], strict=True)]
    if len(diffs) < 2:
        raise PairingError("a paired comparison needs at least 2 walls")
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return {"walls": len(diffs), "difference": statistics.fmean(diffs), "ci95_half": half,
            "before": runs[0]["mean_points"], "after": runs[1]["mean_points"],
            "win_before": runs[0]["win_rate"], "win_after": runs[1]["win_rate"],
            "deal_in_before": runs[0]["deal_in_rate"], "deal_in_after": runs[1]["deal_in_rate"]}


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m tools.paired", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--level", default="hard", help="the level compared (default hard)")
    parser.add_argument("--after-level", default=None,
                        help="the level that sat in its seats in the after run (default: "
                             "the same), to compare two levels on the same walls")
    args = parser.parse_args(argv)
    try:
        r = paired(load_run(args.before), load_run(args.after), args.level, args.after_level)
    except PairingError as exc:
        parser.error(str(exc))
    name = args.level if args.after_level is None else f"{args.after_level} - {args.level}"
    print(f"{name}: {r['after']:+.3f} against {r['before']:+.3f} points per hand; "
          f"paired over {r['walls']} walls {r['difference']:+.3f} +- {r['ci95_half']:.3f} "
          f"(95 %); win {r['win_before']:.3f} -> {r['win_after']:.3f}, "
          f"deal-in {r['deal_in_before']:.3f} -> {r['deal_in_after']:.3f}")
    return 0


if __name__ == "__main__":
    run_cli(main)
