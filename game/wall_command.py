"""`mahjong wall --seed SEED [--ruleset R]`: print the wall a seed shuffles, so that anyone
can rebuild a hand's tiles from its revealed seed (docs/shuffle.md).

The wall is printed front to back, space-separated, in the bot protocol's tile notation:
the deal comes first (the dealer's 14 tiles, then each next seat's 13, in turn order),
then the live wall in the order it is drawn; kong replacements are drawn from the far end,
so the last tile printed is the first kong draw.
"""
from __future__ import annotations

import argparse

from game.console import OneLineParser
from game.engine.ruleset import Ruleset, RulesetError
from game.engine.wall_notation import wall_tile_name
from game.rulesets import DEFAULT_RULESET, load_ruleset

SEED_LIMIT = 1 << 64        # the shuffle reads a seed as 64 bits


def wall_tiles(ruleset: Ruleset, seed: int) -> list[int]:
    """The wall `seed` shuffles for `ruleset`, as tile kinds, front to back."""
    return ruleset.new_wall(seed)


def wall_text(ruleset: Ruleset, seed: int) -> str:
    """The wall `seed` shuffles for `ruleset`, as space-separated tiles, front to back
    (国标's flowers, which no hand holds, as f1-f8)."""
    return " ".join(wall_tile_name(k) for k in wall_tiles(ruleset, seed))


def read_seed(text: str) -> int:
    """A wall seed: a whole number from 0 to 2**64 - 1, in decimal."""
    if not text.isascii() or not text.isdigit() or len(text) > 20:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number in decimal, "
                                         f"not {text[:30]!r}")
    seed = int(text)
    if seed >= SEED_LIMIT:
        raise argparse.ArgumentTypeError("the seed must be below 2**64")
    return seed


def main(argv: list[str], prog: str) -> int:
    parser = OneLineParser(prog=f"{prog} wall",
                           description="Print the wall a hand's seed shuffles, in draw order.")
    parser.add_argument("--seed", required=True, type=read_seed,
                        help="the hand's wall seed (as revealed after the hand), decimal")
    parser.add_argument("--ruleset", default=DEFAULT_RULESET, metavar="ID",
                        help=f"the ruleset whose tiles are shuffled (default {DEFAULT_RULESET})")
    args = parser.parse_args(argv)
    try:
        ruleset = load_ruleset(args.ruleset)
    except RulesetError as exc:
        parser.error(str(exc))
    print(wall_text(ruleset, args.seed))
    return 0
