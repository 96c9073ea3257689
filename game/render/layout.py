"""Where everything goes on the table, for one window size and number of seats.

Seats are placed relative to the viewer: side 0 is the bottom (the viewer), 1 the
right (下家), 2 the top, 3 the left (上家).  Each side has a `Frame`: local
coordinates in which u runs along the seat's row of tiles and v points from the
seat towards the centre.  Tiles are laid out in (u, v) and the frame maps them to
the screen, so one piece of code draws all four seats, rotated.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.tile_art import WIDTH_RATIO

BASE_SIZE = (1280, 800)
POOL_COLUMNS = {2: 16}        # per player count; six wide otherwise
POOL_ROWS_SHOWN = 4          # rows guaranteed to fit; later rows may run longer
SIDES_BY_PLAYERS = {2: (0, 2), 3: (0, 1, 3), 4: (0, 1, 2, 3)}
# (u axis, v axis, tile rotation in degrees counter-clockwise) per side
AXES = {0: ((1, 0), (0, -1), 0), 1: ((0, -1), (-1, 0), 90),
        2: ((-1, 0), (0, 1), 180), 3: ((0, 1), (1, 0), 270)}

Point = tuple[float, float]


@dataclass(frozen=True)
class Frame:
    """A seat's local coordinate system on the screen."""

    origin: Point
    u: tuple[int, int]
    v: tuple[int, int]
    rotation: int

    def point(self, u: float, v: float) -> Point:
        ox, oy = self.origin
        return ox + self.u[0] * u + self.v[0] * v, oy + self.u[1] * u + self.v[1] * v

    def rect(self, u: float, v: float, w: float, h: float) -> pygame.Rect:
        """Screen rectangle of the local box [u, u+w] x [v, v+h]."""
        x1, y1 = self.point(u, v)
        x2, y2 = self.point(u + w, v + h)
        return pygame.Rect(round(min(x1, x2)), round(min(y1, y2)),
                           round(abs(x2 - x1)), round(abs(y2 - y1)))


def side_of(seat: int, viewer: int, players: int) -> int:
    """Where `seat` sits on screen when `viewer` is at the bottom."""
    return SIDES_BY_PLAYERS[players][(seat - viewer) % players]


def line_height(size: int) -> int:
    """Height of one line of the shipped font at `size` (its ascent and descent: 1.45 em)."""
    return round(1.45 * size) + 1


def tile_width(height: int) -> int:
    return round(height * WIDTH_RATIO)


class TableLayout:
    """All positions and sizes for a window size; rebuilt on resize."""

    def __init__(self, size: tuple[int, int], players: int) -> None:
        w, h = size
        self.size = size
        self.players = players
        self.scale = s = max(0.4, min(w / BASE_SIZE[0], h / BASE_SIZE[1]))
        self.margin = round(14 * s)
        self.gap = round(6 * s)
        self.hand_h = round(76 * s)          # the viewer's concealed tiles
        self.meld_h = round(54 * s)          # the viewer's exposed melds
        self.opp_h = round(44 * s)           # other seats' tiles
        self.pool_h = round(42 * s)          # discard pools
        self.raise_px = round(self.hand_h * 0.22)
        self.hand_w, self.pool_w = tile_width(self.hand_h), tile_width(self.pool_h)
        self.opp_w = tile_width(self.opp_h)
        m = self.margin
        self.band = round(34 * s)            # the caption and toolbar strip at the top
        self.top_row = m + self.band + round(8 * s)
        top_band = self.top_row + self.opp_h
        bottom_band = h - m - self.hand_h - self.raise_px
        self.hand_top = bottom_band          # nothing modal may cover the viewer's hand
        self.center = (w / 2, (top_band + bottom_band) / 2 + round(4 * s))
        self.pool_columns = POOL_COLUMNS.get(players, 6)
        half = (6 * self.pool_w) / 2 + round(14 * s)
        cx, cy = self.center
        self.box = pygame.Rect(round(cx - half), round(cy - half), round(2 * half),
                               round(2 * half))
        self.row_len = round(16.5 * self.opp_w)
        self.sides = SIDES_BY_PLAYERS[players]
        self.font = max(11, round(17 * s))   # body text size
        self.small_font = max(10, round(14 * s))
        self.hand_frames = {k: self._hand_frame(k) for k in self.sides}
        self.pool_frames = {k: self._pool_frame(k, half) for k in self.sides}
        self.plates = {k: self._plate(k, half) for k in self.sides}
        self._panels(w, h)

    # ------------------------------------------------------------- frames
    def _hand_frame(self, side: int) -> Frame:
        w, h = self.size
        m = self.margin
        u, v, rot = AXES[side]
        cx, cy = self.center
        if side == 0:
            hand_len = 14 * self.hand_w + self.drawn_gap
            origin: Point = (max(m, (w - hand_len) / 2 - 0.06 * w), h - m)
        elif side == 1:
            origin = (w - m, cy + self.row_len / 2)
        elif side == 2:
            origin = (cx + self.row_len / 2, self.top_row)
        else:
            origin = (m, cy - self.row_len / 2)
        return Frame(origin, u, v, rot)

    def _pool_frame(self, side: int, half: float) -> Frame:
        u, v, rot = AXES[side]
        cx, cy = self.center
        edge = half + self.gap
        width = self.pool_columns * self.pool_w
        origin = (cx - v[0] * edge - u[0] * width / 2, cy - v[1] * edge - u[1] * width / 2)
        return Frame(origin, u, v, rot)

    def _plate(self, side: int, half: float) -> pygame.Rect:
        """The seat's name plate, in the corner beside the centre box on its right hand
        (two players: beside the box, where the long pools leave room)."""
        u, v, _ = AXES[side]
        dx, dy = u[0] - v[0], u[1] - v[1]
        cx, cy = self.center
        edge = half + self.gap
        s = self.scale
        # tall enough for its two lines of text, whose sizes stop shrinking in small windows
        ph = max(round(62 * s), round(13 * s) + line_height(self.font)
                 + line_height(self.small_font))
        pw = round(196 * s)
        if self.players == 2:
            x = cx + edge if dx > 0 else cx - edge - pw
            return pygame.Rect(round(x), round(cy + half - ph if dy > 0 else cy - half), pw, ph)
        px, py = cx + dx * edge, cy + dy * edge
        return pygame.Rect(round(px if dx > 0 else px - pw), round(py if dy > 0 else py - ph),
                           pw, ph)

    @property
    def drawn_gap(self) -> int:
        return round(self.hand_w * 0.35)

    # ------------------------------------------------------------- panels
    def _panels(self, w: int, h: int) -> None:
        s, m = self.scale, self.margin
        left = m + self.opp_h + m
        self.info = pygame.Rect(m, m, round(420 * s), self.band)
        self.toolbar = pygame.Rect(w // 2, m, w // 2 - m, self.band)
        self.log = pygame.Rect(left, self.top_row + round(8 * s), round(262 * s),
                               round(150 * s))
        hand_top = h - m - self.hand_h - self.raise_px
        right = w - 2 * m - self.opp_h      # clear of the right seat's column
        self.bubbles = pygame.Rect(self.box.right + self.gap, hand_top - round(76 * s),
                                   right - self.box.right - self.gap, round(68 * s))
        self.waits = pygame.Rect(left, hand_top - round(74 * s), round(330 * s), round(66 * s))

    def pool_slot(self, side: int, index: int) -> pygame.Rect:
        """Screen rectangle of the index-th discard of a side's pool."""
        row, col = divmod(index, self.pool_columns)
        return self.pool_frames[side].rect(col * self.pool_w, -(row + 1) * self.pool_h,
                                           self.pool_w, self.pool_h)

    def regions(self) -> dict[str, pygame.Rect]:
        """Every area the table draws in at its fullest (for the resize checks)."""
        out = {"box": self.box, "info": self.info, "log": self.log, "toolbar": self.toolbar,
               "bubbles": self.bubbles, "waits": self.waits}
        for k in self.sides:
            out[f"plate{k}"] = self.plates[k]
            last = POOL_ROWS_SHOWN * self.pool_columns - 1
            out[f"pool{k}"] = self.pool_slot(k, 0).union(self.pool_slot(k, last))
            if k == 0:
                f, th = self.hand_frames[0], self.hand_h + self.raise_px
                out["hand0"] = f.rect(0, 0, 14 * self.hand_w + self.drawn_gap, th)
                out["melds0"] = pygame.Rect(self.size[0] - self.margin - 4 * self.meld_row(),
                                            self.size[1] - self.margin - self.meld_h,
                                            4 * self.meld_row(), self.meld_h)
            else:
                out[f"row{k}"] = self.hand_frames[k].rect(0, 0, self.row_len, self.opp_h)
        return out

    def meld_row(self) -> int:
        """Width of one four-tile meld with its sideways tile, at the viewer's meld size."""
        return 3 * tile_width(self.meld_h) + self.meld_h + self.gap
