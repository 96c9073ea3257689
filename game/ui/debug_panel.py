"""Hotseat debug aids: each AI seat's reasons for its last decision, in a player's words
(game.ui.reason_words), in a panel placed on free felt near the seat — never over any
seat's tiles, plate or pool, the centre box or the table's panels."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.render.layout import TableLayout
from game.render.paint import GOLD, IVORY, MUTED
from game.render.text import fit, rounded_panel, text_surface, ui_font
from game.ui.reason_words import SEPARATOR

SHOWN = 3                  # candidates listed at most
NARROWER = (1.0, 0.85, 0.7, 0.55)   # the widths tried, as shares of the widest
Row = tuple[str, tuple[str, ...]]   # a candidate: its move, its estimates' parts, in words
Box = tuple[int, int, int, int]
Placed = tuple[pygame.Rect, tuple[Row, ...], int, int]  # where, the rows shown, width, text size


def _pad(font: int) -> int:
    return max(5, font // 2)


def _step(font: int) -> int:
    return round(font * 1.3)


@lru_cache(maxsize=256)
def panel_lines(title: str, rows: tuple[Row, ...], font: int,
                width: int) -> tuple[tuple[str, int, bool], ...]:
    """The panel's lines (text, indent, best candidate's) at `width` pixels: the title,
    then each move and its estimates, wrapped between parts (a part wider than the
    panel is cut)."""
    pad, plain = _pad(font), ui_font(font)
    lines = [(fit(title, font, width - 2 * pad, True), pad, False)]
    for i, (move, parts) in enumerate(rows):
        lines.append((fit(move, font, width - 2 * pad), pad, i == 0))
        line = ""
        for part in parts:
            joined = line + SEPARATOR + part if line else part
            if line and plain.size(joined)[0] > width - 3 * pad:
                lines.append((fit(line, font, width - 3 * pad), 2 * pad, False))
                joined = part
            line = joined
        if line:
            lines.append((fit(line, font, width - 3 * pad), 2 * pad, False))
    return tuple(lines)


def natural_width(title: str, rows: tuple[Row, ...], font: int) -> int:
    """The width the panel's text takes on unwrapped lines."""
    pad, plain, bold = _pad(font), ui_font(font), ui_font(font, True)
    return max([bold.size(title)[0] + 2 * pad]
               + [plain.size(move)[0] + 2 * pad for move, _ in rows]
               + [plain.size(SEPARATOR.join(parts))[0] + 3 * pad for _, parts in rows])


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
    table and of the panels placed before it (the viewer's last) — with all its
    candidates if it can, as wide as its text (up to `widest`) if it can, in the first
    of `fonts` that leaves room; None for a panel with no room for one candidate."""
    taken = obstacles(layout)
    out: dict[int, Placed | None] = {}
    for n in sorted(range(len(wanted)), key=lambda n: wanted[n][0] == 0):
        side, title, rows = wanted[n]
        placed = next((p for font in fonts if (p := _place(layout, taken, side, title, rows,
                                                            font, widest)) is not None), None)
        out[n] = placed
        if placed is not None:
            taken = (*taken, _box(placed[0].inflate(2 * layout.gap, 2 * layout.gap)))
    return [out[n] for n in range(len(wanted))]


def _place(layout: TableLayout, taken: tuple[Box, ...], side: int, title: str,
           rows: tuple[Row, ...], font: int, widest: int) -> Placed | None:
    full = min(widest, natural_width(title, rows[:SHOWN], font))
    for shown in range(min(SHOWN, len(rows)), 0, -1):
        for share in NARROWER:
            width = round(full * share)
            size = (width, panel_height(len(panel_lines(title, rows[:shown], font, width)),
                                        font))
            spot = free_spot(taken, layout.size, layout.plates[side].center, size,
                             layout.margin)
            if spot is not None:
                return pygame.Rect(spot), rows[:shown], width, font
    return None


def _box(rect: pygame.Rect) -> Box:
    return rect.x, rect.y, rect.w, rect.h


@lru_cache(maxsize=512)
def free_spot(taken: tuple[Box, ...], window: tuple[int, int], near: tuple[int, int],
              size: tuple[int, int], margin: int) -> Box | None:
    """The spot of `size` inside the window (`margin` from its edges) that overlaps none
    of `taken` and is nearest `near`; None if there is none. The candidates are the
    places where a panel touches an edge of a taken box or of the window."""
    w, h = size
    xs = {margin, window[0] - margin - w, near[0] - w // 2}
    ys = {margin, window[1] - margin - h, near[1] - h // 2}
    for x, y, bw, bh in taken:
        xs.update((x + bw, x - w, x, x + bw - w))
        ys.update((y + bh, y - h, y, y + bh - h))
    xs = {x for x in xs if margin <= x <= window[0] - margin - w}
    ys = {y for y in ys if margin <= y <= window[1] - margin - h}
    cx, cy = near[0] - w // 2, near[1] - h // 2
    boxes = [pygame.Rect(b) for b in taken]
    for _, x, y in sorted(((x - cx) ** 2 + (y - cy) ** 2, x, y) for x in xs for y in ys):
        if pygame.Rect(x, y, w, h).collidelist(boxes) == -1:
            return x, y, w, h
    return None
