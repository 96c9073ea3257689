"""国标: the flowers a seat has set aside, drawn small beside its name plate (under it,
else above it) where the table leaves room; where it does not, the plate's badge
counts them instead (game.ui.gb_table.flower_badge)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.render.board_model import SeatInfo
from game.render.flower_faces import FLOWERS
from game.render.layout import TableLayout, tile_width
from game.render.tile_art import tile_art

TILE_H = 38        # design pixels of a flower tile's height


def tile_h(L: TableLayout) -> int:
    """A flower tile's height at the layout's scale."""
    return max(12, round(TILE_H * L.scale))


def flower_slot(L: TableLayout, side: int) -> pygame.Rect | None:
    """The room of a side's row of all eight flowers: under its plate, else above it,
    from the plate's left (the right seat's: ending at its right), clear of every other
    part of the table and its panels; None where there is no such room."""
    th = tile_h(L)
    width = FLOWERS * (tile_width(th) + 1)
    plate = L.plates[side]
    others = [r for name, r in L.regions().items() if name != f"plate{side}"]
    others += L.panels().values()
    window = pygame.Rect((0, 0), L.size)
    x = plate.right - width if side == 1 else plate.x
    for y in (plate.bottom + L.gap, plate.top - L.gap - th):
        slot = pygame.Rect(x, y, width, th)
        if window.contains(slot) and slot.collidelist(others) < 0:
            return slot
    return None


def shown_info(info: SeatInfo, slot: pygame.Rect | None) -> SeatInfo:
    """The plate's facts as drawn: without the flowers' badge where their row shows them."""
    return replace(info, flowers="") if slot is not None and info.flowers else info


def row_rect(slot: pygame.Rect, count: int, side: int) -> pygame.Rect:
    """The part of the slot `count` flowers take (the right seat's: at its right)."""
    width = max(0, count * (tile_width(slot.h) + 1) - 1)
    x = slot.right - width if side == 1 else slot.x
    return pygame.Rect(x, slot.y, width, slot.h)


def draw_flowers(surf: pygame.Surface, row: pygame.Rect, kinds: Sequence[int],
                 count: int) -> None:
    """`count` flowers along `row` (its row_rect): the `kinds` known, the rest face down
    (a seat whose hand was taken up midway is not told which flowers came before)."""
    art = tile_art(row.h)
    x = row.x
    for i in range(count):
        surf.blit(art.face(kinds[i]) if i < len(kinds) else art.back(), (x, row.y))
        x += art.size[0] + 1
