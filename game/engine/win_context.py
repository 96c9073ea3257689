"""A win as a scorer sees it: the winner's tiles, melds and winning tile, and how the win
came (self-drawn, off a kong, the wall's last tile, the winds): shared by every ruleset's
scorer, whatever it counts."""
from __future__ import annotations

from dataclasses import dataclass

from .melds import CHI, PENG, Meld
from .tiles import MAX_COPIES, NUM_KINDS, tile_name, to_counts

WINDS = 4   # east, south, west, north: 0-3
MAX_FLOWERS = 8


@dataclass(frozen=True)
class WinContext:
    """How a win came about."""

    self_drawn: bool = False
    flowers: int = 0            # flower tiles the winner has set aside (国标 only)
    seat_wind: int = 0          # 0-3: east, south, west, north
    round_wind: int = 0         # the prevailing wind, 0-3
    last_tile: bool = False     # the wall's last tile: 妙手回春 self-drawn, 海底捞月 on a discard
    kong_draw: bool = False     # self-drawn on a kong's replacement tile (杠上开花)
    robbed_kong: bool = False   # won on a tile robbed from a kong (抢杠)
    fourth_tile: bool = False   # the last copy of its kind (和绝张)

    def problem(self) -> str | None:
        """What is impossible in this context, or None."""
        if not 0 <= self.flowers <= MAX_FLOWERS:
            return f"{self.flowers} flowers; there are {MAX_FLOWERS}"
        if not (0 <= self.seat_wind < WINDS and 0 <= self.round_wind < WINDS):
            return "a wind is one of 1-4 (east, south, west, north)"
        if self.kong_draw and not self.self_drawn:
            return "a win on a kong's replacement tile is self-drawn"
        if self.robbed_kong and self.self_drawn:
            return "a robbed kong is won on another seat's tile, not self-drawn"
        return None


class NotAWin(ValueError):
    """A finished hand that does not win under the ruleset (or wins below its minimum)."""


def meld_problem(meld: Meld) -> str | None:
    """Why `meld` is not a chow, pung or kong, or None."""
    tiles = sorted(meld.tiles)
    if meld.kind == CHI:
        if len(tiles) != 3 or tiles[0] >= 27 or tiles[0] // 9 != tiles[2] // 9 \
                or tiles != list(range(tiles[0], tiles[0] + 3)):
            return "a chow is three tiles in a row of one suit"
        return None
    size = 3 if meld.kind == PENG else 4
    if len(tiles) != size or len(set(tiles)) != 1:
        return f"a {'pung' if size == 3 else 'kong'} is {size} identical tiles"
    return None


@dataclass(frozen=True)
class Win:
    """A winning hand: its concealed tiles (the winning tile among them), its melds and
    the winning tile, and how it came."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    context: WinContext = WinContext()

    def problem(self, hand_size: int = 13) -> str | None:
        """Why these tiles cannot be a finished hand of a ruleset dealing `hand_size`
        tiles, or None (whether they win is the scorer's question)."""
        if self.win_tile not in self.concealed:
            return "the winning tile is not in the hand (the hand holds it too)"
        if len(self.melds) > 4:
            return f"{len(self.melds)} melds; a hand has at most 4"
        if len(self.concealed) + 3 * len(self.melds) != hand_size + 1:
            return (f"{len(self.concealed)} tiles in hand with {len(self.melds)} melds; "
                    f"a finished hand has {hand_size + 1 - 3 * len(self.melds)}")
        bad_meld = next(filter(None, map(meld_problem, self.melds)), None)
        if bad_meld:
            return bad_meld
        counts = to_counts(self.concealed)
        for meld in self.melds:
            for k in meld.tiles:
                counts[k] += 1
        for k in range(NUM_KINDS):
            if counts[k] > MAX_COPIES:
                return f"{counts[k]} copies of {tile_name(k)}; there are {MAX_COPIES}"
        return self.context.problem()

    @property
    def counts(self) -> list[int]:
        """The concealed tiles as a count vector."""
        return to_counts(self.concealed)
