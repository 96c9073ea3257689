"""Mahjong tile faces and backs drawn in code, at any size.

Every tile is drawn on a supersampled canvas and smooth-scaled down, so the
dots, sticks and brush characters stay antialiased from ~24 px to 120+ px.
Surfaces are cached per TileArt; after the first request a tile is a blit.

A tile is an ivory face with rounded corners and a bevelled rim sitting on a
green back layer, which shows as a strip along the bottom edge.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.engine.tiles import NUM_KINDS, rank_of, suit_of
from game.render.flower_faces import FLOWERS, draw_flower
from game.render.tile_faces import (
    BACK_DARK,
    BACK_EDGE,
    BACK_LIGHT,
    BACK_RIM,
    BACK_SHEEN,
    EDGE,
    IVORY_BOTTOM,
    IVORY_RIM,
    IVORY_TOP,
    Canvas,
    Color,
    FaceLayout,
    draw_bamboo,
    draw_body,
    draw_characters,
    draw_dots,
    draw_honor,
)

WIDTH_RATIO = 0.72
_WORK_HEIGHT = 288  # minimum supersampled canvas height

_SUIT_PAINTERS: tuple[Callable[[Canvas, FaceLayout, int], None], ...] = (
    draw_characters, draw_dots, draw_bamboo, draw_honor)


class TileArt:
    """All tile images for one tile height; every surface is built once and cached."""

    def __init__(self, tile_height: int) -> None:
        self.height = max(8, int(tile_height))
        self.width = round(self.height * WIDTH_RATIO)
        self.size: tuple[int, int] = (self.width, self.height)
        self._layout = FaceLayout(self.width, self.height)
        self._scale = max(2, math.ceil(_WORK_HEIGHT / self.height))
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}

    def face(self, kind: int) -> pygame.Surface:
        """The upright face of a tile kind (0..33)."""
        return self._get("face", kind, 0)

    def back(self) -> pygame.Surface:
        """The upright back of a tile."""
        return self._get("back", 0, 0)

    def face_rotated(self, kind: int, degrees: int) -> pygame.Surface:
        """The face turned counter-clockwise by 0/90/180/270 degrees."""
        return self._get("face", kind, degrees)

    def back_rotated(self, degrees: int) -> pygame.Surface:
        """The back turned counter-clockwise by 0/90/180/270 degrees."""
        return self._get("back", 0, degrees)

    def outline(self, color: Color, degrees: int = 0) -> pygame.Surface:
        """A coloured rounded outline of the tile shape, to blit over a tile as a highlight."""
        return self._get("outline", _pack(color), degrees)

    def tint(self, color: tuple[int, int, int, int], degrees: int = 0) -> pygame.Surface:
        """A translucent tile-shaped overlay (RGBA), e.g. to grey out unplayable tiles."""
        return self._get("tint", _pack(color), degrees)

    def shadow(self, degrees: int = 0) -> pygame.Surface:
        """A soft translucent shadow the size of the tile, to blit a few pixels offset."""
        return self._get("shadow", 0, degrees)

    def _get(self, what: str, arg: int, degrees: int) -> pygame.Surface:
        degrees %= 360
        if degrees % 90:
            raise ValueError(f"rotation must be a multiple of 90, not {degrees}")
        key = (what, arg, degrees)
        surf = self._cache.get(key)
        if surf is None:
            if degrees:
                surf = pygame.transform.rotate(self._get(what, arg, 0), degrees)
            else:
                surf = _finish(self._build(what, arg))
            self._cache[key] = surf
        return surf

    def _build(self, what: str, arg: int) -> pygame.Surface:
        lay = self._layout
        if what == "face":
            if not 0 <= arg < NUM_KINDS + FLOWERS:
                raise ValueError(f"no tile kind {arg}")
            c = Canvas(self.size, self._scale, EDGE)
            draw_body(c, lay, IVORY_TOP, IVORY_BOTTOM, IVORY_RIM)
            if arg >= NUM_KINDS:    # 国标's flowers, kinds 34-41 as its walls hold them
                draw_flower(c, lay, arg - NUM_KINDS)
            else:
                _SUIT_PAINTERS[suit_of(arg)](c, lay, rank_of(arg))
            return c.output()
        if what == "back":
            c = Canvas(self.size, self._scale, BACK_EDGE)
            draw_body(c, lay, BACK_LIGHT, BACK_DARK, BACK_RIM)
            inset = lay.w * 0.16
            panel = c.rect(inset, inset, lay.w - 2 * inset, lay.face_h - 2 * inset)
            pygame.draw.rect(c.surf, BACK_SHEEN, panel, max(1, c.px(lay.w * 0.018)),
                             border_radius=c.px(lay.radius * 0.6))
            return c.output()
        return self._overlay(what, _unpack(arg))

    def _overlay(self, what: str, rgba: tuple[int, int, int, int]) -> pygame.Surface:
        c = Canvas(self.size, self._scale, rgba[:3])
        rect = c.surf.get_rect()
        radius = c.px(self._layout.radius)
        if what == "outline":
            width = c.px(max(2.0, self.height * 0.05))
            pygame.draw.rect(c.surf, rgba, rect, width, border_radius=radius)
            return c.output()
        if what == "tint":
            pygame.draw.rect(c.surf, rgba, rect, border_radius=radius)
            return c.output()
        pygame.draw.rect(c.surf, (0, 0, 0, 110), rect.inflate(-c.px(2), -c.px(2)),
                         border_radius=radius)
        return pygame.transform.gaussian_blur(c.output(), max(1, self.height // 24))


def _pack(color: Sequence[int]) -> int:
    r, g, b, *rest = color
    a = rest[0] if rest else 255
    return (r << 24) | (g << 16) | (b << 8) | a


def _unpack(v: int) -> tuple[int, int, int, int]:
    return (v >> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255


def _finish(surf: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when there is a display, for fast blits."""
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


_ARTS: dict[int, TileArt] = {}


def tile_art(height: int) -> TileArt:
    """The shared TileArt for a tile height."""
    art = _ARTS.get(height)
    if art is None:
        art = _ARTS[height] = TileArt(height)
    return art
