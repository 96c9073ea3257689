"""The game's shipped fonts (subsets of Noto CJK SC, see tools/make_font.py).

Only these files are used for text, never system fonts, so every machine
renders the same glyphs.
"""
from __future__ import annotations

from functools import cache

import pygame

from game.paths import asset

FONT_DIR = asset("fonts")
REGULAR_FILE = "NotoSansCJKsc-Game.otf"
BOLD_FILE = "NotoSansCJKsc-Game-Bold.otf"
TILE_FILE = "NotoSerifCJKsc-Tiles.otf"


def font_path(bold: bool = False) -> str:
    """Absolute path of the UI font (regular or bold), independent of the cwd."""
    return str(FONT_DIR / (BOLD_FILE if bold else REGULAR_FILE))


def tile_font_path() -> str:
    """Absolute path of the serif font holding the tile-face characters."""
    return str(FONT_DIR / TILE_FILE)


@cache
def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at a pixel size, cached; initialises pygame.font if needed."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(bold), size)


@cache
def get_tile_font(size: int) -> pygame.font.Font:
    """The tile-face serif font at a pixel size, cached."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(tile_font_path(), size)
