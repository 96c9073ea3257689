"""The game's fonts: its shipped subsets of Noto CJK SC (see tools/make_font.py) for its
own text and tiles, and for any other character (a player's or a program's name) the
Noto Sans SC that pygame_gui ships. A character neither has is drawn as STAND_IN.

Only these files are used for text, never system fonts, so every machine renders the
same glyphs.
"""
from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import pygame

from game.paths import asset
from game.shell.glyphs import file_characters

FONT_DIR = asset("fonts")
REGULAR_FILE = "NotoSansCJKsc-Game.otf"
BOLD_FILE = "NotoSansCJKsc-Game-Bold.otf"
TILE_FILE = "NotoSerifCJKsc-Tiles.otf"
FALLBACK_PACKAGE = "pygame_gui.data"
FALLBACK_FILE = "NotoSansSC-Regular.otf"     # bold: this one emboldened (the build has no other)
STAND_IN = "?"          # drawn for a character no font of the game has
PRIMARY, FALLBACK = 0, 1

Color = Any     # what pygame accepts as a colour


def font_path(bold: bool = False) -> str:
    """Absolute path of the UI font (regular or bold), independent of the cwd."""
    return str(FONT_DIR / (BOLD_FILE if bold else REGULAR_FILE))


def fallback_path() -> str:
    """Absolute path of the fallback font (pygame_gui's Noto Sans SC)."""
    return str(resources.files(FALLBACK_PACKAGE) / FALLBACK_FILE)


def tile_font_path() -> str:
    """Absolute path of the serif font holding the tile-face characters."""
    return str(FONT_DIR / TILE_FILE)


def _pygame_font(path: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(path, size)


class GameFont:
    """One line of text in a font file at a size, each character the primary font lacks
    drawn with the fallback font (or as STAND_IN): pygame.font.Font's `render` and
    `size`; everything else is the primary font's. A line the primary font covers is
    drawn by it alone, exactly as before."""

    def __init__(self, path: str, size: int, bold: bool = False) -> None:
        self.primary = _pygame_font(path, size)
        self.chars = file_characters(path)
        self.size_px, self.bold = size, bold

    def __getattr__(self, name: str) -> Any:
        return getattr(self.primary, name)

    @property
    def fallback(self) -> pygame.font.Font:
        return _fallback_font(self.size_px, self.bold)

    def covers(self, text: str) -> bool:
        """Whether the primary font alone draws `text`."""
        chars = self.chars
        return all(ord(c) in chars or c < " " for c in text)

    def runs(self, text: str) -> list[tuple[int, str]]:
        """`text` split into runs of (PRIMARY or FALLBACK, characters), a character
        neither font has replaced by STAND_IN."""
        backup = file_characters(fallback_path())
        out: list[tuple[int, str]] = []
        for c in text:
            code = ord(c)
            which = PRIMARY if code in self.chars or c < " " else FALLBACK
            if which == FALLBACK and code not in backup:
                which, c = PRIMARY, STAND_IN
            if out and out[-1][0] == which:
                out[-1] = (which, out[-1][1] + c)
            else:
                out.append((which, c))
        return out

    def size(self, text: str) -> tuple[int, int]:
        if self.covers(text):
            return self.primary.size(text)
        fonts = (self.primary, self.fallback)
        width = sum(fonts[which].size(run)[0] for which, run in self.runs(text))
        return width, self.primary.get_height()

    def render(self, text: str, antialias: bool, color: Color,
               background: Color | None = None) -> pygame.Surface:
        """Like pygame.font.Font.render; the runs share the primary font's baseline and
        height (a taller fallback glyph is clipped, never enlarging the line)."""
        if self.covers(text):
            return self.primary.render(text, antialias, color, background)
        fonts = (self.primary, self.fallback)
        images = [(fonts[which].render(run, antialias, color), fonts[which])
                  for which, run in self.runs(text)]
        out = pygame.Surface((sum(i.get_width() for i, _ in images), self.primary.get_height()),
                             pygame.SRCALPHA)
        if background is not None:
            out.fill(background)
        x, baseline = 0, self.primary.get_ascent()
        for image, font in images:
            out.blit(image, (x, baseline - font.get_ascent()))
            x += image.get_width()
        return out


@cache
def _fallback_font(size: int, bold: bool) -> pygame.font.Font:
    font = _pygame_font(fallback_path(), size)
    font.bold = bold
    return font


@cache
def get_font(size: int, bold: bool = False) -> GameFont:
    """The UI font at a pixel size, cached; initialises pygame.font if needed."""
    return GameFont(font_path(bold), size, bold)


@cache
def get_tile_font(size: int) -> pygame.font.Font:
    """The tile-face serif font at a pixel size, cached."""
    return _pygame_font(tile_font_path(), size)
