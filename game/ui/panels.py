"""Text panels of the table: the action log and the waits of a ready hand (each built
once per content, then blitted)."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.render.paint import GOLD, IVORY, MUTED
from game.render.text import blit_text, fit, rounded_panel, text_surface, ui_font, wrap
from game.render.tile_art import tile_art

PANEL_FILL = (5, 26, 19, 190)
PANEL_BORDER = (*GOLD, 80)


def log_spacing(font: int) -> tuple[int, int, int]:
    """The log panel's padding, the top of its first line (below the title) and the
    step from line to line, for text of size `font`."""
    pad = max(6, font // 2)
    return pad, pad // 2 + round(font * 1.5), round(font * 1.35)


def log_rows(height: int, font: int) -> int:
    """How many lines of the log a panel `height` pixels tall holds (at least 2)."""
    _, first, step = log_spacing(font)
    return max(2, (height - first) // step)


@lru_cache(maxsize=32)
def log_panel(size: tuple[int, int], title: str, lines: tuple[str, ...],
              font: int) -> pygame.Surface:
    """The last few events in words, newest at the bottom."""
    w = size[0]
    pad, y, step = log_spacing(font)
    surf = rounded_panel(size, PANEL_FILL, PANEL_BORDER, pad).copy()
    surf.blit(text_surface(title, font, GOLD, True), (pad, pad // 2))
    for i, line in enumerate(lines):
        color = IVORY if i == len(lines) - 1 else MUTED
        surf.blit(text_surface(fit(line, font, w - 2 * pad), font, color), (pad, y))
        y += step
    return surf


@lru_cache(maxsize=32)
def waits_panel(height: int, title: str, waits: tuple[tuple[int, int], ...],
                font: int) -> pygame.Surface:
    """Each winning tile with the copies still unseen from the player's view."""
    art = tile_art(max(12, round(height * 0.58)))
    pad = max(6, font // 2)
    label = text_surface(title, font, GOLD, True)
    counts = [text_surface(f"×{n}", font, IVORY if n else (120, 120, 110), True)
              for _, n in waits]
    cell = art.width + max(c.get_width() for c in counts) + pad if counts else 0
    width = pad + label.get_width() + pad + cell * len(waits) + pad
    surf = rounded_panel((width, height), PANEL_FILL, PANEL_BORDER, max(6, font // 2)).copy()
    surf.blit(label, label.get_rect(midleft=(pad, height // 2)))
    x = pad + label.get_width() + pad
    for (kind, n), count in zip(waits, counts):
        y = (height - art.height) // 2
        surf.blit(art.face(kind), (x, y))
        if n == 0:
            surf.blit(art.tint((20, 20, 20, 120)), (x, y))
        surf.blit(count, count.get_rect(midleft=(x + art.width + 3, height // 2)))
        x += cell
    return surf


INFO_SEP = "   ·   "
HEAD_KEEPS = 4          # characters of the first part kept however narrow the caption


def info_text(parts: tuple[str, ...], font: int, width: int) -> str:
    """The caption in `width` pixels: the first part (the ruleset's title) gives way so
    that the others (the wildcard, the room and its connection) stay whole."""
    if len(parts) < 2:
        return fit("".join(parts), font, width)
    rest = INFO_SEP + INFO_SEP.join(parts[1:])
    room = width - text_surface(rest, font, MUTED).get_width()
    return fit(fit(parts[0], font, room) + rest, font, width)


def info_needs(parts: tuple[str, ...], font: int) -> tuple[int, int]:
    """The size the caption needs at least: its parts after the first whole, the first
    cut to a few characters."""
    head = parts[0][:HEAD_KEEPS] + "…" if parts and len(parts[0]) > HEAD_KEEPS else \
        "".join(parts[:1])
    return text_surface(INFO_SEP.join((head, *parts[1:])), font, MUTED).get_size()


def caption_font(parts: tuple[str, ...], width: int, largest: int, smallest: int) -> int:
    """The largest text size, from `largest` down to `smallest`, at which the caption's
    needs (info_needs) fit `width`."""
    font = largest
    while font > smallest and info_needs(parts, font)[0] > width:
        font -= 1
    return font


def info_line(surface: pygame.Surface, rect: pygame.Rect, parts: tuple[str, ...],
              font: int) -> None:
    """The small caption in the top-left corner: ruleset, wildcard, room, connection."""
    blit_text(surface, info_text(parts, font, rect.w), font, (rect.x, rect.centery),
              MUTED, False, "midleft", True)


def problem_lines(surface: pygame.Surface, said: str, detail: str, font: int) -> None:
    """A page's problem in the player's words, wrapped across the page a third of the way
    down, the technical reason (`detail`) smaller under it."""
    w, h = surface.get_size()
    lines = wrap(said, ui_font(font, True), w - 80)
    y = h // 3 - len(lines) * font
    for line in lines:
        blit_text(surface, line, font, (w // 2, y), IVORY, True, "center")
        y += round(font * 1.4)
    small = max(10, font * 3 // 4)
    blit_text(surface, fit(detail, small, w - 80), small, (w // 2, y), MUTED, False, "center")
