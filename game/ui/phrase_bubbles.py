"""Quick phrases at an online table: a short speech bubble by a seat's name plate,
toward the middle of the table, kept inside the window."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.paint import GOLD, IVORY
from game.render.text import fit, rounded_panel, text_surface

FILL = (14, 40, 32, 235)


@dataclass(frozen=True)
class PhraseBubble:
    """One phrase shown: its seat, its words (in the viewer's language) and where."""

    seat: int
    text: str
    rect: pygame.Rect
    font: int


def place(seat: int, side: int, plate: pygame.Rect, window: pygame.Rect, text: str,
          font: int) -> PhraseBubble:
    """The bubble of `text` beside `plate` (the seat's, on the table's `side`: 0 the
    viewer's, then counter-clockwise), toward the table's middle, in `window`."""
    pad = max(4, font // 2)
    words = fit(text, font, max(40, window.w // 3 - 2 * pad), True)
    w, h = text_surface(words, font, IVORY, True).get_size()
    rect = pygame.Rect(0, 0, w + 2 * pad, h + pad)
    if side == 0:
        rect.midbottom = (plate.centerx, plate.top - pad)
    elif side == 1:
        rect.midright = (plate.left - pad, plate.centery)
    elif side == 2:
        rect.midtop = (plate.centerx, plate.bottom + pad)
    else:
        rect.midleft = (plate.right + pad, plate.centery)
    rect.clamp_ip(window)
    return PhraseBubble(seat, words, rect, font)


def draw(surface: pygame.Surface, bubbles: tuple[PhraseBubble, ...]) -> None:
    for bubble in bubbles:
        rect = bubble.rect
        surface.blit(rounded_panel(rect.size, FILL, (*GOLD, 220), max(6, rect.h // 3), 2), rect)
        img = text_surface(bubble.text, bubble.font, IVORY, True)
        surface.blit(img, img.get_rect(center=rect.center))
