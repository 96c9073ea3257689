"""The countdown ring of a decision: what is left of its time as a gold arc (red in the
last seconds), the whole seconds in the middle; and the same arc alone round a plate's
wind disc."""
from __future__ import annotations

import math

import pygame

from game.render.paint import GOLD, IVORY
from game.render.text import text_surface

URGENT_SECONDS = 3.0
URGENT_RED = (236, 96, 72)
RING_BACK = (6, 30, 22)
TOP = math.pi / 2            # arcs start at twelve o'clock


def urgent(left: float) -> bool:
    """The last seconds of a decision's time: shown (and heard) as urgent."""
    return left <= URGENT_SECONDS


def ring_color(left: float) -> tuple[int, int, int]:
    return URGENT_RED if urgent(left) else GOLD


def share_left(left: float, total: float) -> float:
    """What is left of the time, from 0 to 1 (0 when there is no time limit)."""
    return max(0.0, min(1.0, left / total)) if total > 0 else 0.0


def draw_arc(surf: pygame.Surface, box: pygame.Rect, start: float, sweep: float,
             color: tuple[int, int, int], width: int) -> None:
    """An arc in `box` from the angle `start` (radians, counter-clockwise) over `sweep`."""
    if sweep > 0:
        pygame.draw.arc(surf, color, box, start, start + sweep, width)


def _seconds(rect: pygame.Rect, left: float) -> pygame.Surface:
    """The whole seconds left, as the ring in `rect` writes them (red when urgent)."""
    text = str(math.ceil(left))
    return text_surface(text, round(rect.w // 2 * min(0.9, 1.6 / len(text))),
                        URGENT_RED if urgent(left) else IVORY, True)


def clock_text_size(rect: pygame.Rect, left: float) -> tuple[int, int]:
    """The size of the seconds inside the ring's line (for the layout self-check): the
    ring in `rect` less its line on each side."""
    w, h = _seconds(rect, left).get_size()
    line = 2 * max(3, rect.w // 10)
    return w + line, h + line


def draw_clock_ring(surf: pygame.Surface, rect: pygame.Rect, left: float, total: float) -> None:
    """The ring in `rect` (a square): a dark disc, the arc of the time left and the
    whole seconds left."""
    radius = rect.w // 2
    pygame.draw.circle(surf, RING_BACK, rect.center, radius)
    if urgent(left):        # the whole ring shows it, however little the arc
        pygame.draw.circle(surf, URGENT_RED, rect.center, radius, max(1, radius // 12))
    draw_arc(surf, rect, TOP, 2 * math.pi * share_left(left, total), ring_color(left),
             max(3, radius // 5))
    img = _seconds(rect, left)
    surf.blit(img, img.get_rect(center=rect.center))
