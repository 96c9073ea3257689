"""A drawn example hand: groups of tiles side by side, exposed melds on a gold rail, one
tile (the winning or claimed one) outlined."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.render.paint import GOLD, GOLD_DARK
from game.render.tile_art import tile_art


@dataclass(frozen=True)
class Group:
    """Tiles drawn together; `exposed`: a meld laid on the table; `marked`: the index of
    the tile outlined in gold, if any."""

    tiles: tuple[int, ...]
    exposed: bool = False
    marked: int | None = None


def picture_size(groups: Sequence[Group], height: int) -> tuple[int, int]:
    art = tile_art(height)
    gap = round(art.width * 0.35)
    width = sum(len(g.tiles) * art.width for g in groups) + gap * max(0, len(groups) - 1)
    return width, height + max(3, height // 8)


def hand_picture(groups: Sequence[Group], height: int) -> pygame.Surface:
    """The groups drawn with tiles `height` pixels tall, on a transparent surface."""
    art = tile_art(height)
    gap = round(art.width * 0.35)
    rail = max(3, height // 8)
    surf = pygame.Surface(picture_size(groups, height), pygame.SRCALPHA)
    x = 0
    for group in groups:
        if group.exposed:
            bar = pygame.Rect(x, height - rail // 2, len(group.tiles) * art.width, rail)
            pygame.draw.rect(surf, GOLD_DARK, bar, border_radius=rail // 2)
        for i, kind in enumerate(group.tiles):
            surf.blit(art.face(kind), (x, 0))
            if i == group.marked:
                surf.blit(art.outline(GOLD), (x, 0))
            x += art.width
        x += gap
    return surf
