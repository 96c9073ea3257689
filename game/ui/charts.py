"""Bar charts drawn in the game's look: a title, a value axis with its zero line and end
values, each bar's value on it, and labels under the bars — all kept inside the box."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.render.paint import GAIN, GOLD, IVORY, LOSS, MUTED, Color
from game.render.text import blit_text, fit, panel, ui_font, wrap

Scale = Callable[[float], int]


@dataclass(frozen=True)
class Bar:
    """One bar: its label under it, its value, and its colour (None: by the sign)."""

    label: str
    value: float
    color: Color | None = None


def sign_color(value: float) -> Color:
    return GAIN if value > 0 else LOSS if value < 0 else MUTED


def draw_bar_chart(surface: pygame.Surface, box: pygame.Rect, title: str,
                   bars: Sequence[Bar], k: Scale, shown: Callable[[float], str],
                   axis: str = "") -> pygame.Rect:
    """Draw the chart in `box`; `shown` writes a value, `axis` names the value axis (its
    unit). Returns the rectangle of the plot itself (bars and zero line)."""
    panel(surface, box, alpha=120)
    size = k(16)
    blit_text(surface, fit(title, size, box.w - k(16), True), size,
              (box.x + k(8), box.y + k(6)), GOLD, True)
    small = k(13)
    if axis:
        blit_text(surface, fit(axis, small, box.w - k(16)), small,
                  (box.x + k(8), box.y + k(8) + size + k(2)), MUTED)
    if not bars:
        return pygame.Rect(box.x, box.y, 0, 0)
    font = ui_font(small)
    low = min(0.0, *(b.value for b in bars))
    high = max(0.0, *(b.value for b in bars))
    ends = [shown(v) for v in {low, high, 0.0}]
    axis_w = max(font.size(e)[0] for e in ends) + k(8)
    step = (box.w - axis_w - k(20)) / len(bars)
    label_lines = [wrap(b.label, font, max(1, round(step) - k(2)))[:2] for b in bars]
    lines = max(len(ls) for ls in label_lines) if len(bars) <= 12 else 0
    line_h = font.get_linesize()
    top = box.y + k(12) + size + (line_h if axis else 0) + line_h
    plot = pygame.Rect(box.x + axis_w + k(10), top, box.w - axis_w - k(20),
                       box.bottom - k(8) - lines * line_h - (line_h if low < 0 else 0) - top)
    if plot.h < k(20):
        return plot
    span = (high - low) or 1.0
    zero = plot.bottom - round((0 - low) / span * plot.h)
    pygame.draw.line(surface, MUTED, plot.topleft, plot.bottomleft)
    for value in (0.0, low, high):   # an end too near the zero line keeps its tick only
        y = plot.bottom - round((value - low) / span * plot.h)
        pygame.draw.line(surface, MUTED, (plot.x - k(4), y), (plot.x, y))
        if value == 0.0 or abs(y - zero) >= line_h:
            blit_text(surface, shown(value), small, (plot.x - k(6), y), MUTED,
                      anchor="midright")
    for i, (bar, label) in enumerate(zip(bars, label_lines)):
        x = round(plot.x + i * step + step * 0.15)
        h = round(abs(bar.value) / span * plot.h)
        rect = pygame.Rect(x, zero - h if bar.value >= 0 else zero, max(1, round(step * 0.7)), h)
        pygame.draw.rect(surface, bar.color or sign_color(bar.value), rect)
        if font.size(shown(bar.value))[0] <= step:
            at = (rect.centerx, rect.y - k(1)) if bar.value >= 0 else (rect.centerx, rect.bottom)
            blit_text(surface, shown(bar.value), small, at, IVORY,
                      anchor="midbottom" if bar.value >= 0 else "midtop")
        for n, line in enumerate(label[:lines]):
            blit_text(surface, line, small, (round(plot.x + (i + 0.5) * step),
                                             box.bottom - k(6) - (lines - n) * line_h), MUTED,
                      anchor="midtop")
    pygame.draw.line(surface, MUTED, (plot.x, zero), (plot.right, zero))
    return plot
