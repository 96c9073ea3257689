"""Small drawn buttons for the table (toolbar, overlays): cached faces, hover, toggles."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.render.paint import GOLD, IVORY
from game.render.text import text_surface

Color = tuple[int, int, int]
FILL = (18, 74, 55)
FILL_HOVER = (30, 104, 78)
FILL_ON = (212, 174, 85)
TEXT_ON = (28, 20, 6)


@lru_cache(maxsize=256)
def button_face(size: tuple[int, int], label: str, font: int, hover: bool, on: bool,
                primary: bool) -> pygame.Surface:
    """A rounded button with its label, in one of its states."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, size[1] // 3)
    fill = FILL_ON if on or primary else (FILL_HOVER if hover else FILL)
    if primary and hover:
        fill = (236, 204, 120)
    pygame.draw.rect(surf, (*fill, 235), rect, border_radius=radius)
    pygame.draw.rect(surf, (*GOLD, 255 if hover else 150), rect, 1, border_radius=radius)
    img = text_surface(label, font, TEXT_ON if on or primary else IVORY, on or primary)
    surf.blit(img, img.get_rect(center=rect.center))
    return surf


@dataclass
class Button:
    """A clickable label; `toggled` returns the on/off state for switches (None = plain)."""

    key: str
    label: str
    action: Callable[[], None]
    toggled: Callable[[], bool] | None = None
    primary: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], font: int) -> None:
        on = bool(self.toggled and self.toggled())
        hover = self.rect.collidepoint(mouse)
        surface.blit(button_face(self.rect.size, self.label, font, hover, on, self.primary),
                     self.rect)


class ButtonRow:
    """Buttons laid out in a row (right-aligned or centred) inside a rectangle."""

    def __init__(self, buttons: list[Button], area: pygame.Rect, font: int, gap: int,
                 align: str = "right") -> None:
        self.buttons = buttons
        self.font = font
        pad = font
        widths = [text_surface(b.label, font, IVORY, True).get_width() + 2 * pad for b in buttons]
        total = sum(widths) + gap * (len(buttons) - 1)
        x = area.right - total if align == "right" else area.centerx - total // 2
        for b, w in zip(buttons, widths):
            b.rect = pygame.Rect(x, area.y, w, area.h)
            x += w + gap

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the button under `pos`; True if there was one."""
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                b.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        for b in self.buttons:
            b.draw(surface, mouse, self.font)
