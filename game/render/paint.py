"""The look shared by the shell's screens: palette, theme classes, felt, panels, text."""
from __future__ import annotations

import random
from functools import lru_cache

import pygame
from pygame_gui.core import ObjectID

from game.shell.fonts import get_font

Color = tuple[int, int, int]

IVORY: Color = (246, 240, 220)
GOLD: Color = (231, 200, 119)
GOLD_DARK: Color = (168, 132, 47)
MUTED: Color = (169, 189, 178)
GAIN: Color = (126, 222, 150)
LOSS: Color = (247, 122, 108)
FELT_CENTER: Color = (28, 104, 76)
FELT_EDGE: Color = (6, 36, 26)

# theme classes of assets/theme.json
PRIMARY = ObjectID(class_id="@primary")
FITTED_PRIMARY = ObjectID(class_id="@fitted_primary")  # on pages that fit the window
CHOICE = ObjectID(class_id="@choice")
FITTED_CHOICE = ObjectID(class_id="@fitted_choice")  # on pages that fit the window


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """A green felt background: a soft radial light with a fine woven grain."""
    w, h = max(1, size[0]), max(1, size[1])
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            d = min(1.0, (((x - 31.5) / 34) ** 2 + ((y - 17) / 26) ** 2) ** 0.5)
            t = d * d * (3 - 2 * d)
            small.set_at((x, y), [round(c + (e - c) * t) for c, e in zip(FELT_CENTER, FELT_EDGE)])
    surf = pygame.transform.smoothscale(small, (w, h))
    for x in range(0, w, 128):
        for y in range(0, h, 128):
            surf.blit(_grain(), (x, y), special_flags=pygame.BLEND_RGB_ADD)
    return surf


@lru_cache(maxsize=1)
def _grain() -> pygame.Surface:
    """A 128 px tile of faint noise, added on top of the felt."""
    rng = random.Random(7)
    tile = pygame.Surface((128, 128))
    for y in range(128):
        for x in range(128):
            v = rng.randrange(7) if (x + y) % 3 else rng.randrange(3)
            tile.set_at((x, y), (v, v + 1, v))
    return tile


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 222, radius: int = 18,
          border: Color = GOLD_DARK) -> None:
    """A translucent dark panel with a soft shadow and a thin gold rim."""
    shadow = pygame.Surface((rect.w + 24, rect.h + 24), pygame.SRCALPHA)
    for i in range(12, 0, -3):
        pygame.draw.rect(shadow, (0, 0, 0, 14), shadow.get_rect().inflate(-2 * i, -2 * i),
                         border_radius=radius + i)
    surface.blit(shadow, (rect.x - 12, rect.y - 6))
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (9, 38, 29, alpha), body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (*border, 200), body.get_rect(), 1, border_radius=radius)
    surface.blit(body, rect.topleft)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 10, 6, alpha))
    surface.blit(veil, (0, 0))


def text(surface: pygame.Surface, value: str, size: int, pos: tuple[int, int],
         color: Color = IVORY, bold: bool = False, anchor: str = "topleft",
         shadow: bool = False) -> pygame.Rect:
    """Draw one line of text with the shipped font; returns its rectangle."""
    font = get_font(size, bold)
    image = font.render(value, True, color)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(font.render(value, True, (0, 0, 0)), rect.move(0, max(1, size // 14)))
    surface.blit(image, rect)
    return rect


def signed(n: int) -> str:
    """A score change with its sign: +6, −2, 0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def gain_color(n: int) -> Color:
    return GAIN if n > 0 else LOSS if n < 0 else MUTED
