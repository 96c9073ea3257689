"""Ship the AI levels' ratings: a tournament's leaderboard (`--json`) of the levels
becomes assets/level_ratings.json, which the new-match form shows and a player's own
rating is measured against. Only entrants that are a level under its own name count.

    python -m ai.tournament easy medium hard --walls 24 --rounds 8 --seed 1 \\
        --workers 2 --json > levels.json
    python -m tools.level_ratings levels.json
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ai.levels import LEVELS
from ai.tournament.ratings import LEVEL_RATINGS
from game import paths
from game.console import OneLineParser, run_cli
from game.files import write_atomic


def level_doc(board: dict[str, Any], command: str) -> dict[str, Any]:
    """The shipped file's content from a leaderboard (ValueError if it rates no level)."""
    levels = {r["name"]: {"mu": round(r["rating_mu"], 3), "sigma": round(r["rating_sigma"], 3),
                          "hands": r["hands"], "mean_points": round(r["mean_points"], 3)}
              for r in board.get("entrants", [])
              if isinstance(r, dict) and r.get("name") == r.get("spec") and r["name"] in LEVELS}
    if not levels:
        raise ValueError("the leaderboard rates no AI level under its own name")
    return {"model": "openskill PlackettLuce", "command": command, "seed": board.get("seed"),
            "walls": board.get("walls"), "rounds": board.get("rounds"), "levels": levels}


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m tools.level_ratings", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("leaderboard", type=Path, help="the tournament's --json output")
    parser.add_argument("--command", default="python -m ai.tournament easy medium hard "
                        "--walls 24 --rounds 8 --seed 1 --workers 2",
                        help="the tournament command that was run (kept in the file)")
    args = parser.parse_args(argv)
    try:
        doc = level_doc(json.loads(args.leaderboard.read_text(encoding="utf-8")), args.command)
    except OSError as exc:
        parser.error(f"cannot read {args.leaderboard}: {exc.strerror or exc}")
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        parser.error(f"{args.leaderboard} is not a tournament's --json output ({exc})")
    write_atomic(paths.asset(LEVEL_RATINGS), json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    print(", ".join(f"{name} {r['mu']:.2f} (sigma {r['sigma']:.2f})"
                    for name, r in doc["levels"].items()))
    return 0


if __name__ == "__main__":
    run_cli(main)
