"""A wall as match records write it: the tiles' compact notation in the wall's order,
国标's flowers (kinds 34-41, never in a hand) as ranks 1-8 of the letter f
("123m2f45p" holds summer between 3m and 4p). A wall without flowers is written as
format_tiles writes it."""
from __future__ import annotations

import re
from collections.abc import Sequence

from .tiles import NUM_KINDS, NotationError, format_tiles, parse_tiles

FLOWER_LETTER = "f"
_RUN = re.compile(r"([0-9]+)([a-z])")


def format_wall(tiles: Sequence[int]) -> str:
    """The wall in notation, front to back."""
    out: list[str] = []
    start = 0
    for i in range(len(tiles) + 1):
        if i == len(tiles) or tiles[i] >= NUM_KINDS:
            out.append(format_tiles(tiles[start:i], sort=False))
            if i < len(tiles):
                out.append(f"{tiles[i] - NUM_KINDS + 1}{FLOWER_LETTER}")
            start = i + 1
    return "".join(out)


def parse_wall(text: str) -> list[int]:
    """A wall's tiles from its notation; NotationError names what is wrong."""
    tiles: list[int] = []
    end = 0
    for run in _RUN.finditer(text):
        if run.start() != end:
            break
        digits, letter = run.groups()
        if letter != FLOWER_LETTER:
            tiles += parse_tiles(run.group())
        elif all("1" <= d <= "8" for d in digits):
            tiles += [NUM_KINDS + int(d) - 1 for d in digits]
        else:
            raise NotationError(f"a flower is 1f to 8f, not {run.group()[:12]!r}")
        end = run.end()
    if end != len(text):
        raise NotationError(f"unreadable wall notation at {text[end:end + 12]!r}")
    return tiles
