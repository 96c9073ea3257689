"""The lesson page's side panel: paragraphs of explanation stacked in a column, their
text made smaller until they all fit its height."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.render.paint import IVORY
from game.render.text_block import NORMAL, Span, Style, paragraph

Color = tuple[int, int, int]
SMALLEST = 10      # pixels: the text never gets smaller than this


@dataclass(frozen=True)
class Part:
    """One paragraph of the panel: its text, colour and size relative to the body's."""

    spans: tuple[Span, ...]
    color: Color = IVORY
    scale: float = 1.0

    @classmethod
    def of(cls, text: str, color: Color = IVORY, scale: float = 1.0,
           style: str = NORMAL) -> Part:
        return cls(((text, style),), color, scale)


def column(parts: Sequence[Part], width: int, height: int, size: int,
           gap: int) -> tuple[pygame.Surface, int]:
    """The parts drawn one below the other within `width`, at the largest text size up to
    `size` at which they fit `height`; the surface and the height it needs."""
    while True:
        images = [paragraph(p.spans, width, Style(max(SMALLEST, round(size * p.scale)),
                                                  p.color)) for p in parts]
        need = sum(i.get_height() for i in images) + gap * max(0, len(images) - 1)
        if need <= height or size <= SMALLEST:
            break
        size -= 1
    surf = pygame.Surface((max(1, width), max(1, need)), pygame.SRCALPHA)
    y = 0
    for image in images:
        surf.blit(image, (0, y))
        y += image.get_height() + gap
    return surf, need
