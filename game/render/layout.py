"""Where everything goes on the table, for one window size and number of seats.

Seats are placed relative to the viewer: side 0 is the bottom (the viewer), 1 the
right (下家), 2 the top, 3 the left (上家).  Each side has a `Frame`: local
coordinates in which u runs along the seat's row of tiles and v points from the
seat towards the centre.  Tiles are laid out in (u, v) and the frame maps them to
the screen, so one piece of code draws all four seats, rotated.

The table keeps to an `area` at most AREA_RATIO times as wide as it is tall and no
taller than wide, centred (on a wider or taller window the rest is felt and panels). The pools turn round the centre
box like a pinwheel: each starts at the box corner on its seat's left, so the box can
be smaller than a pool row and the four pools still never meet. Each seat's name plate
sits beside its own tiles: the viewer's left of the hand, the top seat's right of its
row, the side seats' on the inner side of their columns.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.tile_art import WIDTH_RATIO

BASE_SIZE = (1280, 800)
AREA_RATIO = BASE_SIZE[0] / BASE_SIZE[1]   # the table area's widest shape
TALLEST = 1.0                 # and its tallest (width / height)
POOL_COLUMNS = {2: 14}        # per player count; six wide otherwise
POOL_ROWS = 4                 # rows a pool has room for; later tiles lengthen the last row
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

    def __init__(self, size: tuple[int, int], players: int, ui: float = 1.0) -> None:
        """`ui`: the player's UI-scale setting; text and controls grow with it (the
        tiles keep to the window, the viewer's hand giving way to a wider plate)."""
        w, h = size
        self.size = size
        self.players = players
        width = min(w, round(h * AREA_RATIO))
        height = min(h, round(width / TALLEST))
        self.area = a = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        self.scale = s = max(0.4, min(width / BASE_SIZE[0], height / BASE_SIZE[1]))
        self.ui = u = s * max(0.75, min(2.0, ui))   # text and controls
        self.margin = m = round(14 * s)
        self.gap = round(6 * s)
        self.apart = round(8 * s)            # between a seat's tiles and its plate
        self.plate_scale = max(s, min(u, 1.4 * s))   # a plate's measures (not its text)
        self.widen = round(196 * (self.plate_scale - s))  # how much wider plates get
        self.hand_h = round(76 * s * (1 - self.widen / (14.35 * tile_width(round(76 * s)))))
        self.meld_h = round(54 * s)          # the viewer's exposed melds
        self.opp_h = round(44 * s)           # other seats' tiles
        self.pool_h = round(50 * s)          # discard pools
        self.raise_px = round(self.hand_h * 0.22)
        self.hand_w, self.pool_w = tile_width(self.hand_h), tile_width(self.pool_h)
        self.opp_w = tile_width(self.opp_h)
        self.band = round(34 * u)            # the caption and toolbar strip at the top
        self.top_row = a.y + m + self.band + round(8 * s)
        self.hand_top = a.bottom - m - self.hand_h - self.raise_px  # nothing modal covers it
        self.pool_columns = POOL_COLUMNS.get(players, 6)
        self.row_len = round(16.5 * self.opp_w)
        self.sides = SIDES_BY_PLAYERS[players]
        # the strip above the hand the bubbles use: it grows with the text as far as the
        # side columns, which end above it, still clear the toolbar
        below_toolbar = a.y + m + self.band + self.gap + self.row_len
        self.bubble_row = max(round(76 * s),
                              min(round(76 * u), self.hand_top - self.gap - below_toolbar))
        self.bubble_scale = (u if self.bubble_row >= round(76 * u)  # the bubbles' measures
                             else (self.bubble_row - round(8 * s)) / 68)
        self.font = max(11, round(17 * u))   # body text size
        self.small_font = max(10, round(14 * u))
        self.box = self._box()
        self.hand_frames = {k: self._hand_frame(k) for k in self.sides}
        self.pool_frames = {k: self._pool_frame(k) for k in self.sides}
        self.plates = {k: self._plate(k) for k in self.sides}
        self._panels(w)

    # ------------------------------------------------------------- frames
    def _box(self) -> pygame.Rect:
        """The centre box: what the room between the top row and the viewer's hand leaves
        beside two pools (150 to 200 design pixels square)."""
        s, clear = self.scale, round(8 * self.scale)
        top, bottom = self.top_row + self.opp_h + clear, self.hand_top - clear
        side = bottom - top - 2 * (self.gap + POOL_ROWS * self.pool_h)
        side = max(round(150 * s), min(round(200 * s), side))
        box = pygame.Rect(0, 0, side, side)
        box.center = (self.area.centerx, (top + bottom) // 2)
        return box

    @property
    def column_bottom(self) -> float:
        """Where the side seats' columns end: centred on the box, but clear of the
        bubbles' strip above the viewer's hand."""
        return min(self.box.centery + self.row_len / 2,
                   self.hand_top - self.bubble_row - self.gap)

    def _hand_frame(self, side: int) -> Frame:
        a, m = self.area, self.margin
        u, v, rot = AXES[side]
        if side == 0:
            origin: Point = (self.hand_left, a.bottom - m)
        elif side == 1:
            origin = (a.right - m, self.column_bottom)
        elif side == 2:
            origin = (a.centerx + self.row_len / 2, self.top_row)
        else:
            origin = (a.x + m, self.column_bottom - self.row_len)
        return Frame(origin, u, v, rot)

    @property
    def hand_left(self) -> int:
        """Left end of the viewer's hand: right of its plate, the melds' room to its right."""
        return self.area.centerx - round(418 * self.scale) + self.widen

    def _pool_frame(self, side: int) -> Frame:
        """A pool starts at the box corner on its seat's left (two players: the long pools
        are centred)."""
        u, v, rot = AXES[side]
        cx, cy = self.box.center
        along = self.pool_columns * self.pool_w if self.players == 2 else self.box.w
        edge = self.box.w / 2 + self.gap
        origin = (cx - v[0] * edge - u[0] * along / 2, cy - v[1] * edge - u[1] * along / 2)
        return Frame(origin, u, v, rot)

    @property
    def plate_size(self) -> tuple[int, int]:
        """A plate is tall enough for its two lines of text, whose sizes stop shrinking in
        small windows."""
        s, u = self.scale, self.ui
        return round(196 * s) + self.widen, max(round(62 * u), round(13 * u)
                                                + line_height(self.font)
                                                + line_height(self.small_font))

    def _plate(self, side: int) -> pygame.Rect:
        """The seat's name plate beside its tiles: left of the viewer's hand, right of the
        top row, on the inner side of a side column (halfway along it)."""
        pw, ph = self.plate_size
        a, m, apart = self.area, self.margin, self.apart
        if side == 0:
            return pygame.Rect(self.hand_left - apart - pw,
                               min(a.bottom - m - (self.hand_h + ph) // 2,
                                   a.bottom - m - ph), pw, ph)
        if side == 2:
            right = max(a.centerx + self.row_len / 2, self.pool_area(2).right)
            return pygame.Rect(round(right) + apart, self.top_row, pw, ph)
        y = round(self.column_bottom - (self.row_len + ph) / 2)
        pool = self.pool_area(side)      # a wider plate (large text) stops short of the pool
        if side == 3:
            x = a.x + m + self.opp_h + apart
            pw = min(pw, max(round(196 * self.scale), pool.left - self.gap - x))
            return pygame.Rect(x, y, pw, ph)
        right = a.right - m - self.opp_h - apart
        pw = min(pw, max(round(196 * self.scale), right - pool.right - self.gap))
        return pygame.Rect(right - pw, y, pw, ph)

    @property
    def drawn_gap(self) -> int:
        return round(self.hand_w * 0.35)

    # ------------------------------------------------------------- panels
    def _panels(self, w: int) -> None:
        """Caption, toolbar and log on the window's edges (the log beside the table when
        there is room, else inside the area by the left column); waits and bubbles above
        the viewer's hand, clear of the pools."""
        u, m, a = self.ui, self.margin, self.area
        left = a.x + m + (self.opp_h + m if 3 in self.sides else 0)
        pool = self.pool_area(0)
        self.info = pygame.Rect(m, m, min(round(420 * u), w // 2 - 2 * m), self.band)
        self.toolbar = pygame.Rect(w // 2, m, w // 2 - m, self.band)
        self.log = self._log(left)
        self.waits = self._waits(left, min(round(330 * u), pool.x - self.gap - left))
        x = pool.right + self.gap
        self.bubbles = pygame.Rect(x, self.hand_top - self.bubble_row,
                                   a.right - m - x, round(68 * self.bubble_scale))
        right = self.row_rect(1).left - self.gap if 1 in self.sides else a.right - m
        top = max(self.pool_area(k).bottom for k in self.sides if k != 0) + self.gap
        self.bubbles_above = pygame.Rect(x, top, right - x, self.bubbles.y - top)

    def bubble_strip(self, height: int) -> pygame.Rect | None:
        """The bottom row of bubbles `height` pixels tall, its bottom where the strip above
        the hand ends: taller than the strip, it stops short of the right seat's column;
        None when it would reach a pool or a name plate."""
        b = self.bubbles
        right = b.right
        if height > b.h and 1 in self.sides:
            right = min(right, self.row_rect(1).left - self.gap)
        strip = pygame.Rect(b.x, b.bottom - height, right - b.x, height)
        if any(strip.colliderect(r.inflate(2 * self.gap, 2 * self.gap))
               for r in self._above_hand()):
            return None
        return strip

    def bubble_rooms(self, bottom: int) -> list[pygame.Rect]:
        """Where rows of bubbles above the bottom one may go, down to `bottom`: over the
        bottom row, clear of everything above it; then right of the right seat's pool,
        under that seat's plate (narrower but taller)."""
        b = self.bubbles
        right = self.row_rect(1).left - self.gap if 1 in self.sides else b.right
        lefts = [b.x] + ([self.pool_area(1).right + self.gap] if 1 in self.sides else [])
        rooms = []
        for left in lefts:
            top = max((r.bottom for r in self._above_hand()
                       if r.left < right and r.right > left and r.top < bottom),
                      default=self.top_row) + self.gap
            if right > left and bottom > top:
                rooms.append(pygame.Rect(left, top, right - left, bottom - top))
        return rooms

    def _above_hand(self) -> list[pygame.Rect]:
        """The other seats' pools, rows and plates: what bubbles keep clear of."""
        return [r for k in self.sides if k
                for r in (self.pool_area(k), self.row_rect(k), self.plates[k])]

    def _waits(self, left: int, width: int) -> pygame.Rect:
        """The waits above the hand: taller with the text as far as the viewer's plate
        and the pools above leave room."""
        s, gap = self.scale, self.gap
        bottom = self.hand_top - round(8 * s)
        plate = self.plates[0]
        if plate.left < left + width and plate.right > left:
            bottom = min(bottom, plate.top - gap)
        pools = [self.pool_area(k) for k in self.sides if k]
        ceiling = max((p.bottom + gap for p in pools
                       if p.left < left + width and p.right > left), default=0)
        height = min(round(66 * self.ui), max(round(66 * s), bottom - ceiling))
        return pygame.Rect(left, bottom - height, width, height)

    def _log(self, left: int) -> pygame.Rect:
        """The log beside the table when there is room, else inside the area by the left
        column, clear of the pools and the left seat's plate: it grows with the text as
        far as that room goes (fewer rows of bigger text in a small window)."""
        s, u, m, a, gap = self.scale, self.ui, self.margin, self.area, self.gap
        top = self.top_row + round(8 * s)
        if a.x >= round(262 * s) + 2 * m:
            return pygame.Rect(m, top, min(round(262 * u), a.x - 2 * m),
                               min(round(150 * u), self.size[1] - m - top))
        pools = min([self.pool_area(k).left for k in self.sides if k != 0]
                    + ([self.row_rect(2).left] if 2 in self.sides else []))
        bottom = self.plates[3].top if 3 in self.sides else self.hand_top - self.bubble_row
        return pygame.Rect(left, top, min(round(262 * u), max(round(262 * s), pools - gap - left)),
                           min(round(150 * u), max(round(150 * s), bottom - gap - top)))

    def pool_slot(self, side: int, index: int) -> pygame.Rect:
        """Screen rectangle of the index-th discard of a side's pool (tiles past the
        pool's rows lengthen its last row)."""
        row = min(index // self.pool_columns, POOL_ROWS - 1)
        col = index - row * self.pool_columns
        return self.pool_frames[side].rect(col * self.pool_w, -(row + 1) * self.pool_h,
                                           self.pool_w, self.pool_h)

    def pool_area(self, side: int) -> pygame.Rect:
        """The room a side's full pool takes (all its rows)."""
        last = POOL_ROWS * self.pool_columns - 1
        return self.pool_slot(side, 0).union(self.pool_slot(side, last))

    def own_row(self, melds: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The viewer's concealed tiles (raised tile and fresh draw included) and melds
        when `melds` melds are down: 14 - 3 * melds tiles in hand."""
        tiles = 14 - 3 * melds
        f, th = self.hand_frames[0], self.hand_h + self.raise_px
        hand = f.rect(0, 0, tiles * self.hand_w + self.drawn_gap, th)
        width = melds * self.meld_row()
        meld_rect = pygame.Rect(self.melds_right - width,
                                self.area.bottom - self.margin - self.meld_h, width, self.meld_h)
        return hand, meld_rect

    @property
    def melds_right(self) -> int:
        """Where the viewer's melds end, at the area's right."""
        return self.area.right - self.margin

    def regions(self) -> dict[str, pygame.Rect]:
        """Every area the table draws its tiles and plates in, at its fullest (the
        viewer's hand with no melds, its melds with four): none overlaps another, but
        for hand0 and melds0, which share the row by turns (see own_row)."""
        out = {"box": self.box}
        for k in self.sides:
            out[f"plate{k}"] = self.plates[k]
            out[f"pool{k}"] = self.pool_area(k)
            if k == 0:
                out["hand0"], _ = self.own_row(0)
                _, out["melds0"] = self.own_row(4)
            else:
                out[f"row{k}"] = self.row_rect(k)
        return out

    def row_rect(self, side: int) -> pygame.Rect:
        """Another seat's whole row: concealed tiles and melds."""
        return self.hand_frames[side].rect(0, 0, self.row_len, self.opp_h)

    def panels(self) -> dict[str, pygame.Rect]:
        """The panels and control strips drawn over the felt."""
        return {"info": self.info, "log": self.log, "toolbar": self.toolbar,
                "bubbles": self.bubbles, "waits": self.waits}

    def meld_row(self) -> int:
        """Width of one four-tile meld with its sideways tile, at the viewer's meld size."""
        return 3 * tile_width(self.meld_h) + self.meld_h + self.gap
