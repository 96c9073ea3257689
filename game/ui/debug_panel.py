"""Hotseat debug aids: the AI's reasoning beside each AI seat (agent.explain())."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.render.layout import TableLayout
from game.render.paint import GOLD, IVORY, MUTED
from game.render.text import fit, rounded_panel, text_surface

SHOWN = 3  # candidates listed


@lru_cache(maxsize=16)
def reasoning_panel(title: str, entries: tuple[tuple[str, float], ...], font: int,
                    width: int) -> pygame.Surface:
    """The top candidates of an AI's last decision with their scores, best first."""
    pad = max(5, font // 2)
    step = round(font * 1.3)
    rows = entries[:SHOWN]
    height = pad + step + step * max(1, len(rows)) + pad // 2
    surf = rounded_panel((width, height), (10, 16, 34, 215), (120, 160, 240, 120), pad).copy()
    surf.blit(text_surface(title, font, GOLD, True), (pad, pad // 2))
    y = pad // 2 + step
    for i, (text, score) in enumerate(rows):
        color = IVORY if i == 0 else MUTED
        value = text_surface(f"{score:.2f}", font, color)
        surf.blit(value, value.get_rect(topright=(width - pad, y)))
        label = fit(text, font, width - 3 * pad - value.get_width())
        surf.blit(text_surface(label, font, color), (pad, y))
        y += step
    return surf


def reasoning_rect(layout: TableLayout, side: int, size: tuple[int, int]) -> pygame.Rect:
    """Under a seat's name plate (the viewer's: above it and the waits), on the felt
    beside its tiles."""
    plate = layout.plates[side]
    rect = pygame.Rect((0, 0), size)
    rect.left = plate.left
    if side == 0:
        rect.bottom = min(plate.top, layout.waits.top) - layout.gap
    else:
        rect.top = plate.bottom + layout.gap
    return rect
