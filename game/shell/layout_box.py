"""What a page tells the layout self-check (game.layoutcheck) besides its widgets: the
boxes it draws itself, and the sample states it can be built in."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

Specimen = tuple[str, dict[str, Any]]   # a sample state: its name, the page's keyword arguments


@dataclass(frozen=True)
class LayoutBox:
    """Something a scene draws itself (not a pygame_gui widget), for the layout self-check:
    `interactive` boxes must not overlap each other; `solid` ones (tiles, name plates) must
    not overlap each other nor the scene's interactive boxes; `text_size` is the size its
    text needs (0, 0 when it holds no text) and must fit inside `rect`; every box must be
    inside the window."""

    name: str
    rect: pygame.Rect
    interactive: bool = False
    text_size: tuple[int, int] = (0, 0)
    solid: bool = False
