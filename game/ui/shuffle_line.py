"""The line an online hand's results show about its shuffle proof (game.net.shuffle_watch):
"shuffle verified" in green, or a warning in red that names what did not match, wrapped
to at most two lines of its box (smaller type when two lines are not enough)."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.net.room_seat import RoomSeat
from game.render.paint import GAIN, LOSS, MUTED
from game.render.text_block import NORMAL, Style, paragraph
from game.shell.i18n import Translate, Words

SIZES = (15, 13, 11)      # design pixels, largest first


def line_color(words: Words) -> tuple[int, int, int]:
    return GAIN if words.key == "fair.verified" else \
        MUTED if words.key == "fair.waiting" else LOSS


def shuffle_surface(words: Words, width: int, height: int, t: Translate,
                    px: Callable[[float], int]) -> pygame.Surface:
    """The line drawn within `width`, its type as large as keeps it within `height`."""
    text = words.said(t)
    for size in SIZES:
        surface = paragraph(((text, NORMAL),), width, Style(px(size), line_color(words)))
        if surface.get_height() <= height:
            break
    return surface


def draw_proof(surface: pygame.Surface, panel: pygame.Rect, button: pygame.Rect,
               online: RoomSeat | None, t: Translate, px: Callable[[float], int]) -> None:
    """An online hand's proof line at the foot of its results `panel`, left of its
    `button` (nothing offline, or when the server sends no proofs)."""
    words = online.shuffle_line() if online is not None else None
    x = panel.x + px(40)
    rect = pygame.Rect(x, panel.bottom - px(44), button.x - px(16) - x, px(40))
    if words is None or rect.w <= 0:
        return
    drawn = shuffle_surface(words, rect.w, rect.h, t, px)
    surface.blit(drawn, rect.topleft, pygame.Rect(0, 0, rect.w, rect.h))
