"""国标麻将 (MCR) fan counting by pymahjonggb (`MahjongGB.MahjongFanCalculator`, the
scoring library of the Botzone competitions): our tiles, melds and win context in, our fan
keys (game.engine.mcr_fans) out; the 8-fan minimum and the official payments.

The library is a C extension: this module stays out of the compiled engine set.
"""
from __future__ import annotations

from MahjongGB import MahjongFanCalculator

from .mcr_fans import BY_LIBRARY_NAME, FLOWER_FAN
from .melds import CHI, KONG_CONCEALED, PENG, Meld
from .win_context import NotAWin, Win

MIN_FAN = 8
"""The smallest legal win, flowers not counted (2006 rulebook: 起和分 8 分, 花牌不计在起和分内)."""
BASE = 8    # every payer pays 8 besides the fan (the rulebook's 底分)

# W = 万 (m), B = 饼/筒 (p), T = 条 (s), F1-F4 = the winds, J1 中, J2 发, J3 白
_CODES = tuple([f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)]
               + [f"T{r}" for r in range(1, 10)] + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"])
_ERRORS = {
    "ERROR_NOT_WIN": "not a winning hand",
    "ERROR_WRONG_TILES_COUNT": "the hand has the wrong number of tiles",
    "ERROR_TILE_COUNT_GREATER_THAN_4": "more than 4 copies of a tile",
}


def _pack(meld: Meld) -> tuple[str, str, int]:
    """A well-formed meld as the library's pack: (kind, tile, offer). A chow names its
    middle tile and which of its tiles was claimed (1-3); a kong offered by nobody is
    concealed."""
    tiles = sorted(meld.tiles)
    if meld.kind == CHI:
        offer = 1 + tiles.index(meld.claimed) if meld.claimed in tiles else 1
        return "CHI", _CODES[tiles[1]], offer
    if meld.kind == PENG:
        return "PENG", _CODES[tiles[0]], 1
    return "GANG", _CODES[tiles[0]], 0 if meld.kind == KONG_CONCEALED else 1


def mcr_fans(win: Win) -> list[tuple[str, int]]:
    """The fans a winning hand scores under MCR, as [(fan key, fan), ...] (a fan met
    twice is counted twice in its fan), flowers included. NotAWin if it does not win,
    ValueError if the tiles cannot be a finished hand."""
    problem = win.problem()
    if problem:
        raise ValueError(problem)
    hand = list(win.concealed)
    hand.remove(win.win_tile)
    ctx = win.context
    try:
        result = MahjongFanCalculator(
            tuple(_pack(m) for m in win.melds), tuple(_CODES[k] for k in hand),
            _CODES[win.win_tile], ctx.flowers, ctx.self_drawn, ctx.fourth_tile,
            ctx.kong_draw or ctx.robbed_kong,
            ctx.last_tile, ctx.seat_wind, ctx.round_wind, True)
    except TypeError as exc:
        reason = str(exc)
        if reason == "ERROR_NOT_WIN":
            raise NotAWin(_ERRORS[reason]) from None
        raise ValueError(_ERRORS.get(reason, f"refused by the fan calculator: {reason}")) \
            from None
    return [(BY_LIBRARY_NAME[name].key, point * count) for point, count, name, _en in result]


def guobiao_fan(win: Win) -> int:
    """The hand's total fan, flowers included (NotAWin / ValueError as mcr_fans)."""
    return sum(fan for _key, fan in mcr_fans(win))


def minimum_fan(fans: list[tuple[str, int]]) -> int:
    """The fan that counts toward the 8-fan minimum: all but the flowers'."""
    return sum(fan for key, fan in fans if key != FLOWER_FAN)


def is_legal_guobiao_win(win: Win) -> bool:
    """Whether the hand wins with at least 8 fan besides its flowers (False for a hand
    that does not win at all)."""
    try:
        return minimum_fan(mcr_fans(win)) >= MIN_FAN
    except NotAWin:
        return False


def guobiao_payments(fan: int, winner: int, discarder: int | None,
                     players: int = 4) -> list[int]:
    """Each seat's change for a win of `fan` (flowers included): on a discard the
    discarder pays 8 + fan and every other seat 8; a self-draw (discarder None) takes
    8 + fan from each."""
    if discarder == winner:
        raise ValueError("the winner cannot have discarded the winning tile")
    changes = [0] * players
    for seat in range(players):
        if seat != winner:
            pay = BASE + fan if discarder is None or seat == discarder else BASE
            changes[seat] -= pay
            changes[winner] += pay
    return changes
