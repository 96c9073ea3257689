"""The look shared by the pages: palette, theme classes, the felt, the dimming veil, score
colours (text and panels: game.render.text)."""
from __future__ import annotations

import random
from functools import lru_cache

import pygame
from pygame_gui.core import ObjectID

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


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 10, 6, alpha))
    surface.blit(veil, (0, 0))


def signed(n: int) -> str:
    """A score change with its sign: +6, −2, 0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def gain_color(n: int) -> Color:
    return GAIN if n > 0 else LOSS if n < 0 else MUTED
