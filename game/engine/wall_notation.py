"""Walls in notation, as the wall command prints them, scenarios place them and match
records keep them: the tiles' compact notation, and 国标's flowers (kinds 34-41, which no
hand holds) as f1-f8 (春夏秋冬梅兰竹菊) between its groups ("123mf245p": summer between
3m and 4p). A wall without flowers is written as format_tiles writes it."""
from __future__ import annotations

import re
from collections.abc import Sequence

from .tiles import NUM_KINDS, format_tiles, parse_tiles, tile_name

FLOWER_TOKEN = re.compile(r"f([1-8])")


def wall_tile_name(kind: int) -> str:
    """A wall tile's notation: a tile's, or a flower's f1-f8."""
    return f"f{kind - NUM_KINDS + 1}" if kind >= NUM_KINDS else tile_name(kind)


def format_wall(tiles: Sequence[int]) -> str:
    """The wall in notation, front to back."""
    out: list[str] = []
    start = 0
    for i in range(len(tiles) + 1):
        if i == len(tiles) or tiles[i] >= NUM_KINDS:
            out.append(format_tiles(tiles[start:i], sort=False))
            if i < len(tiles):
                out.append(wall_tile_name(tiles[i]))
            start = i + 1
    return "".join(out)


def parse_wall(text: str) -> list[int]:
    """Tiles in wall notation, in order (spaces between groups allowed, as in hand
    notation); NotationError names anything malformed."""
    out: list[int] = []
    at = 0
    for found in FLOWER_TOKEN.finditer(text):
        out += parse_tiles(text[at:found.start()])
        out.append(NUM_KINDS + int(found.group(1)) - 1)
        at = found.end()
    return out + parse_tiles(text[at:])
