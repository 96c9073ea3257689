"""The one text and panel kit: every string is rendered here (`text_surface`, cached, so a
page renders each string once and then blits it), and every rounded panel."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import pygame

from game.render.paint import GOLD_DARK
from game.shell.fonts import GameFont, get_font

Color = tuple[int, int, int]


def ui_font(size: int, bold: bool = False) -> GameFont:
    """The UI font (with its fallback) at a pixel size: for text laid out line by line."""
    return get_font(size, bold)


@lru_cache(maxsize=2048)
def text_surface(value: str, size: int, color: Color, bold: bool = False,
                 shadow: bool = False) -> pygame.Surface:
    """`value` rendered with the shipped font (optionally with a soft drop shadow)."""
    font = get_font(size, bold)
    image = font.render(value, True, color)
    if not shadow:
        return image
    off = max(1, size // 14)
    out = pygame.Surface((image.get_width() + off, image.get_height() + off), pygame.SRCALPHA)
    dark = font.render(value, True, (0, 0, 0))
    dark.set_alpha(170)
    out.blit(dark, (off, off))
    out.blit(image, (0, 0))
    return out


def blit_text(surface: pygame.Surface, value: str, size: int, pos: tuple[float, float],
              color: Color, bold: bool = False, anchor: str = "topleft",
              shadow: bool = False) -> pygame.Rect:
    """Draw cached text anchored at `pos`; returns where it went."""
    image = text_surface(value, size, color, bold, shadow)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """`value` shortened with an ellipsis to fit `width` pixels."""
    return fit_font(value, get_font(size, bold), width)


def fit_font(value: str, font: Any, width: int) -> str:
    """`value` shortened with an ellipsis to fit `width` pixels in `font` (anything with
    pygame's `size(text)`, a pygame_gui widget's font too)."""
    if font.size(value)[0] <= width:
        return value
    while value and font.size(value + "…")[0] > width:
        value = value[:-1]
    return value + "…"


NO_LINE_START = "，。、；：？！）》」』】…,.;:?!)"
_UNITS = re.compile(r"[0-9A-Za-z.,;:!?'%+\-/()\"≥]+|\s+|.")


def wrap(value: str, font: Any, width: int) -> list[str]:
    """`value` in lines of at most `width` pixels in `font`: broken at spaces or between
    any two Chinese characters, never before closing punctuation (the character before
    it goes down with it); a word wider than a line is broken anywhere."""
    lines: list[str] = []
    line = ""
    for unit in _UNITS.findall(value):
        if unit.isspace() and not line:
            continue
        if font.size(line + unit)[0] <= width or not line:
            line += unit
        elif unit.isspace():
            lines.append(line.rstrip())
            line = ""
        elif unit[0] in NO_LINE_START and len(line) > 1:
            lines.append(line[:-1].rstrip())
            line = line[-1] + unit
        else:
            lines.append(line.rstrip())
            line = unit
        while font.size(line)[0] > width and len(line) > 1:   # a word wider than a line
            cut = next(i for i in range(len(line) - 1, 0, -1)
                       if font.size(line[:i])[0] <= width or i == 1)
            lines.append(line[:cut])
            line = line[cut:]
    return [*lines, line.rstrip()] if line.strip() or not lines else lines


@lru_cache(maxsize=256)
def rounded_panel(size: tuple[int, int], fill: tuple[int, int, int, int],
                  border: tuple[int, int, int, int] | None = None, radius: int = 10,
                  width: int = 1) -> pygame.Surface:
    """A translucent rounded rectangle, built once per size and colour."""
    surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, rect, width, border_radius=radius)
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 222, radius: int = 18,
          border: Color = GOLD_DARK) -> None:
    """A page's translucent dark panel with a soft shadow and a thin gold rim."""
    surface.blit(_panel_shadow(rect.size, radius), (rect.x - 12, rect.y - 6))
    surface.blit(rounded_panel(rect.size, (9, 38, 29, alpha), (*border, 200), radius), rect)


@lru_cache(maxsize=32)
def _panel_shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    """Four faint stacked rounded rectangles 12 px beyond a panel."""
    shadow = pygame.Surface((size[0] + 24, size[1] + 24), pygame.SRCALPHA)
    for i in range(12, 0, -3):
        pygame.draw.rect(shadow, (0, 0, 0, 14), shadow.get_rect().inflate(-2 * i, -2 * i),
                         border_radius=radius + i)
    return shadow


@lru_cache(maxsize=64)
def soft_shadow(size: tuple[int, int], radius: int, spread: int) -> pygame.Surface:
    """A blurred dark rounded rectangle to put under a panel or bubble."""
    w, h = size[0] + 2 * spread, size[1] + 2 * spread
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 120), surf.get_rect().inflate(-spread, -spread),
                     border_radius=radius)
    return pygame.transform.gaussian_blur(surf, max(1, spread // 2))
