"""A rounded track filled from the left — the review's progress bar — and the replay's
scrubber built on it: positions along the track, hand starts, decisions and wins."""
from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.render.paint import GOLD, IVORY
from game.render.text import rounded_panel

TRACK_FILL = (18, 74, 55, 235)
WIN_MARK = (242, 146, 52)


def draw_track(surface: pygame.Surface, bar: pygame.Rect, filled: int,
               fill: tuple[int, int, int, int]) -> None:
    """The track with a gold rim, its first `filled` pixels in `fill` (none below 3)."""
    surface.blit(rounded_panel(bar.size, TRACK_FILL, (*GOLD, 150), bar.h // 3), bar)
    if filled > 2:
        surface.blit(rounded_panel((filled, bar.h), fill, None, bar.h // 3), bar.topleft)


class Scrubber:
    """Positions 0..positions-1 along a track: where each lies, which one is under x."""

    def __init__(self, rect: pygame.Rect, positions: int, scale: float) -> None:
        self.rect, self.positions, self.scale = rect, positions, scale
        self.inset = max(4, rect.h // 3)

    def x_of(self, position: int) -> int:
        span = self.rect.w - 1 - 2 * self.inset
        return self.rect.x + self.inset + round(position / max(1, self.positions - 1) * span)

    def at(self, x: int) -> int:
        """The position nearest to x (not clamped)."""
        share = (x - self.rect.x - self.inset) / max(1, self.rect.w - 1 - 2 * self.inset)
        return round(share * (self.positions - 1))

    def draw(self, surface: pygame.Surface, position: int, starts: Iterable[int],
             ticks: Iterable[int], wins: Iterable[int]) -> None:
        """The track filled up to `position`, a gold line at each hand start, an ivory tick
        at each of the seat's decisions, a disc at each win, the knob."""
        bar = self.rect
        draw_track(surface, bar, self.x_of(position) - bar.x, (*GOLD, 90))
        for start in starts:
            x = self.x_of(start)
            pygame.draw.line(surface, GOLD, (x, bar.y), (x, bar.bottom - 1),
                             max(1, round(2 * self.scale)))
        tick = max(2, bar.h // 5)
        for flat in ticks:
            x = self.x_of(flat)
            pygame.draw.line(surface, IVORY, (x, bar.bottom - 2 - tick), (x, bar.bottom - 3))
        for flat in wins:
            pygame.draw.circle(surface, WIN_MARK, (self.x_of(flat), bar.centery),
                               max(3, bar.h // 6))
        knob = pygame.Rect(0, 0, max(4, round(6 * self.scale)), bar.h + 4)
        knob.center = (self.x_of(position), bar.centery)
        pygame.draw.rect(surface, IVORY, knob, border_radius=knob.w // 2)
