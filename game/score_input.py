"""Reading a win written out on the command line: the hand and winning tile in notation
(`123m456p789s1122z`, `2z`) and melds as `peng:555p,chi:123m,kong:7777s,ckong:1111z`."""
from __future__ import annotations

from game.engine.melds import CHI, KONG_CONCEALED, KONG_DIRECT, PENG, Meld
from game.engine.tiles import parse_tile, parse_tiles
from game.engine.win_context import Win, WinContext

MELD_KINDS = {"chi": CHI, "peng": PENG, "kong": KONG_DIRECT, "ckong": KONG_CONCEALED}
"""The meld words: 吃, 碰, a melded kong (明杠) and a concealed one (暗杠)."""


def parse_melds(text: str) -> tuple[Meld, ...]:
    """Melds from `kind:tiles` items separated by commas; ValueError names a bad one."""
    melds = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        kind, sep, tiles = item.partition(":")
        if not sep or kind.strip() not in MELD_KINDS:
            raise ValueError(f"bad meld {item[:30]!r}: write kind:tiles with a kind of "
                             f"{', '.join(MELD_KINDS)}, e.g. peng:555p")
        kinds = tuple(parse_tiles(tiles))
        claimed = None if MELD_KINDS[kind.strip()] == KONG_CONCEALED or not kinds else kinds[0]
        melds.append(Meld(MELD_KINDS[kind.strip()], kinds, claimed))
    return tuple(melds)


def read_win(hand: str, win_tile: str, melds: str, context: WinContext,
             hand_size: int = 13) -> Win:
    """The Win these strings describe: `hand` holds the winning tile among its tiles, or
    is the waiting hand without it (one tile short: the winning tile is added); ValueError
    names what is malformed (the scorer checks that it is a finished hand)."""
    tiles, won, exposed = parse_tiles(hand), parse_tile(win_tile), parse_melds(melds)
    if len(tiles) + 3 * len(exposed) == hand_size:
        tiles.append(won)
    return Win(tuple(tiles), exposed, won, context)
