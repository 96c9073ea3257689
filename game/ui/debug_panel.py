"""Hotseat debug aids: each AI seat's reasons for its last decision, in a player's words
(game.ui.reason_words), in a panel placed on free felt near the seat — never over any
seat's tiles, plate or pool, the centre box or the table's panels."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pygame

from game.render.layout import TableLayout
from game.render.paint import GOLD, IVORY, MUTED
from game.render.text import fit, rounded_panel, text_surface, ui_font
from game.ui.reason_words import SEPARATOR

SHOWN = 3                  # candidates listed at most
WIDTHS = 12                # a panel's width is one of this many steps up to the widest
NARROWEST = 0.5            # the narrowest tried, as a share of its text's width
Row = tuple[str, tuple[str, ...]]   # a candidate: its move, its estimates' parts, in words
Box = tuple[int, int, int, int]
Placed = tuple[pygame.Rect, tuple[Row, ...], int, int]  # where, the rows shown, width, text size


def _pad(font: int) -> int:
    return max(5, font // 2)


def _step(font: int) -> int:
    return round(font * 1.3)


@lru_cache(maxsize=512)
def _part_widths(parts: tuple[str, ...], font: int) -> tuple[int, ...]:
    plain = ui_font(font)
    return tuple(plain.size(part)[0] for part in parts)


def _wrapped(parts: tuple[str, ...], font: int, room: int) -> list[str]:
    """The estimates' parts joined into lines of at most `room` pixels, breaking only
    between parts (reckoned from each part's width: cheap enough to try many widths)."""
    sep = ui_font(font).size(SEPARATOR)[0]
    lines: list[list[str]] = []
    used = 0
    for part, width in zip(parts, _part_widths(parts, font)):
        if lines and used + sep + width <= room:
            lines[-1].append(part)
            used += sep + width
        else:
            lines.append([part])
            used = width
    return [SEPARATOR.join(line) for line in lines]


def line_count(rows: tuple[Row, ...], font: int, width: int) -> int:
    """How many lines the panel of `rows` takes at `width` pixels (its title too)."""
    room = width - 3 * _pad(font)
    return 1 + sum(1 + len(_wrapped(parts, font, room)) for _, parts in rows)


@lru_cache(maxsize=64)
def panel_lines(title: str, rows: tuple[Row, ...], font: int,
                width: int) -> tuple[tuple[str, int, bool], ...]:
    """The panel's lines (text, indent, best candidate's) at `width` pixels: the title,
    then each move and its estimates, wrapped between parts (a part wider than the
    panel is cut)."""
    pad = _pad(font)
    lines = [(fit(title, font, width - 2 * pad, True), pad, False)]
    for i, (move, parts) in enumerate(rows):
        lines.append((fit(move, font, width - 2 * pad), pad, i == 0))
        lines += [(fit(line, font, width - 3 * pad), 2 * pad, False)
                  for line in _wrapped(parts, font, width - 3 * pad)]
    return tuple(lines)


def natural_width(title: str, rows: tuple[Row, ...], font: int) -> int:
    """The width the panel's text takes on unwrapped lines."""
    pad, plain, bold = _pad(font), ui_font(font), ui_font(font, True)
    sep = plain.size(SEPARATOR)[0]
    return max([bold.size(title)[0] + 2 * pad]
               + [plain.size(move)[0] + 2 * pad for move, _ in rows]
               + [sum(_part_widths(parts, font)) + sep * (len(parts) - 1) + 3 * pad
                  for _, parts in rows])


def panel_height(lines: int, font: int) -> int:
    return _pad(font) // 2 + _step(font) * lines + _pad(font) // 2


@lru_cache(maxsize=16)
def reasoning_panel(title: str, rows: tuple[Row, ...], font: int,
                    width: int) -> pygame.Surface:
    """The top candidates of an AI's last decision, best first: each move, and under it
    what the level estimated for it."""
    pad, step = _pad(font), _step(font)
    lines = panel_lines(title, rows, font, width)
    surf = rounded_panel((width, panel_height(len(lines), font)), (10, 16, 34, 215),
                         (120, 160, 240, 120), pad).copy()
    y = pad // 2
    for n, (text, indent, best) in enumerate(lines):
        color = GOLD if n == 0 else IVORY if best or indent == pad else MUTED
        surf.blit(text_surface(text, font, color, n == 0), (indent, y))
        y += step
    return surf


def obstacles(layout: TableLayout) -> tuple[Box, ...]:
    """What a panel must leave uncovered: every seat's tiles and plate, the pools and
    the centre box (all the room they turn round in), at their fullest, and the table's
    panels. (Claim bubbles in rows above their strip are drawn over it.)"""
    regions = layout.regions()
    pools = [r for name, r in regions.items() if name.startswith("pool")]
    rects = [*regions.values(), layout.box.unionall(pools), *layout.panels().values()]
    return tuple(_box(r.inflate(2 * layout.gap, 2 * layout.gap)) for r in rects)


def place_panels(layout: TableLayout, wanted: list[tuple[int, str, tuple[Row, ...]]],
                 fonts: tuple[int, ...], widest: int) -> list[Placed | None]:
    """Where each seat's panel (its side, title, rows) goes, with the rows it has room
    for, its width and text size: the free spot nearest the seat's plate, clear of the
    table and of the panels placed before it — with all its candidates if it can, as
    wide as its text (up to `widest`) if it can, in the first of `fonts` that leaves
    room; None for a panel with no room for one candidate. The panel that lands
    nearest its seat goes first (the viewer's last), so that panels sit by their seats
    and one far from its seat does not take another's room."""
    taken = obstacles(layout)
    out: list[Placed | None] = [None] * len(wanted)
    left = set(range(len(wanted)))
    while left:
        found = []
        for n in left:
            side, title, rows = wanted[n]
            placed = next((p for font in fonts if (p := _place(
                layout, taken, side, title, rows, font, widest)) is not None), None)
            if placed is not None:
                x, y = placed[0].center
                px, py = layout.plates[side].center
                found.append((side == 0, (x - px) ** 2 + (y - py) ** 2, n, placed))
        if not found:
            break
        *_, n, placed = min(found, key=lambda f: f[:3])
        out[n] = placed
        left.remove(n)
        taken = (*taken, _box(placed[0].inflate(2 * layout.gap, 2 * layout.gap)))
    return out


def _place(layout: TableLayout, taken: tuple[Box, ...], side: int, title: str,
           rows: tuple[Row, ...], font: int, widest: int) -> Placed | None:
    """The panel at its text's width, else narrower (its estimates wrapped), then with
    fewer candidates; widths go by steps of the widest, so that the spots found for one
    decision's panels serve the next (free_spot's cache)."""
    step = max(1, widest // WIDTHS)
    need = natural_width(title, rows[:SHOWN], font)
    full = min(widest, -(-need // step) * step)
    widths = range(full, max(step, round(full * NARROWEST)) - 1, -step)
    for shown in range(min(SHOWN, len(rows)), 0, -1):
        for width in widths:
            size = (width, panel_height(line_count(rows[:shown], font, width), font))
            spot = free_spot(taken, layout.size, layout.plates[side].center, size,
                             layout.margin)
            if spot is not None:
                return pygame.Rect(spot), rows[:shown], width, font
    return None


def _box(rect: pygame.Rect) -> Box:
    return rect.x, rect.y, rect.w, rect.h


@lru_cache(maxsize=1024)
def free_spot(taken: tuple[Box, ...], window: tuple[int, int], near: tuple[int, int],
              size: tuple[int, int], margin: int) -> Box | None:
    """The spot of `size` inside the window (`margin` from its edges) that overlaps none
    of `taken` and is nearest `near`; None if there is none. The candidates are the
    places where a panel touches an edge of a taken box or of the window (all weighed
    at once, as arrays)."""
    w, h = size
    boxes = np.array(taken, dtype=np.int64).reshape(-1, 4)
    bx, by, bw, bh = boxes.T
    xs = np.unique(np.concatenate(([margin, window[0] - margin - w, near[0] - w // 2],
                                   bx + bw, bx - w, bx, bx + bw - w)))
    ys = np.unique(np.concatenate(([margin, window[1] - margin - h, near[1] - h // 2],
                                   by + bh, by - h, by, by + bh - h)))
    xs = xs[(xs >= margin) & (xs <= window[0] - margin - w)]
    ys = ys[(ys >= margin) & (ys <= window[1] - margin - h)]
    if not len(xs) or not len(ys):
        return None
    x, y = np.meshgrid(xs, ys)
    free = np.ones(x.shape, dtype=bool)
    for left, top, width, height in boxes:
        free &= (x >= left + width) | (x + w <= left) | (y >= top + height) | (y + h <= top)
    if not free.any():
        return None
    far = np.where(free, (x + w // 2 - near[0]) ** 2 + (y + h // 2 - near[1]) ** 2, np.inf)
    at = np.unravel_index(int(np.argmin(far)), far.shape)
    return int(x[at]), int(y[at]), w, h
