"""pygame_gui's text with the game's font fallback: every font pygame_gui loads from a
file path (the theme's "game" font) draws the characters that file lacks with the
fallback font, as game.shell.fonts.GameFont does for the game's own text; pygame_gui's
own default fonts (loaded from its package) are left as they are."""
from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core import utility
from pygame_gui.core.gui_font_pygame import GUIFontPygame

from game.shell.fonts import GameFont


class FallbackGUIFont(GUIFontPygame):
    """GUIFontPygame whose lines the primary font does not cover go through GameFont."""

    def __init__(self, file: Any, size: float, force_style: bool = False,
                 style: dict[str, Any] | None = None) -> None:
        super().__init__(file, size, force_style, style)
        bold = bool(style and style.get("bold"))
        self.game_font = GameFont(file, int(size), bold) if isinstance(file, str) else None

    def _mixed(self, text: str) -> GameFont | None:
        """The GameFont when `text` needs the fallback, else None (pygame_gui's own way)."""
        if self.game_font is None or self.game_font.covers(text):
            return None
        return self.game_font

    def get_rect(self, text: str) -> pygame.Rect:
        font = self._mixed(text)
        if font is None:
            return super().get_rect(text)
        return pygame.Rect((0, font.get_ascent()), font.size(text))

    def get_metrics(self, text: str) -> Any:
        font = self._mixed(text)
        if font is None:
            return super().get_metrics(text)
        fonts = (font.primary, font.fallback)
        return [m for which, run in font.runs(text) for m in fonts[which].metrics(run)]

    def render_premul(self, text: str, text_color: pygame.Color) -> pygame.Surface:
        font = self._mixed(text)
        if font is None:
            return super().render_premul(text, text_color)
        return font.render(text, self.antialiased, text_color).convert_alpha().premul_alpha()

    def render_premul_to(self, text: str, text_colour: pygame.Color, surf_size: tuple[int, int],
                         surf_position: tuple[int, int]) -> pygame.Surface:
        font = self._mixed(text)
        if font is None:
            return super().render_premul_to(text, text_colour, surf_size, surf_position)
        out = pygame.Surface(surf_size, pygame.SRCALPHA, 32)
        out.fill((0, 0, 0, 0))
        out.blit(self.render_premul(text, text_colour),
                 (surf_position[0], surf_position[1] - font.get_ascent()),
                 special_flags=pygame.BLEND_PREMULTIPLIED)
        return out


def use_fallback_fonts() -> None:
    """Make pygame_gui load its fonts as FallbackGUIFont (before a UIManager is made)."""
    utility.GUIFontPygame = FallbackGUIFont     # type: ignore[misc]
