"""Paragraphs of styled text drawn within a width: lines broken by game.render.linebreak
(Chinese between any two characters, punctuation kept in place), a bullet's continuation
lines at the bullet's indent, bold runs and badges."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.render.layout import line_height
from game.render.linebreak import break_lines
from game.render.paint import GOLD, IVORY
from game.render.text import ui_font

Color = tuple[int, int, int]
NORMAL, BOLD, BADGE = "normal", "bold", "badge"
Span = tuple[str, str]        # (text, style)
BADGE_INK: Color = (28, 20, 6)


@dataclass(frozen=True)
class Style:
    """Sizes and colours of a paragraph."""

    size: int
    color: Color = IVORY
    strong: Color = GOLD          # bold runs
    badge: Color = GOLD           # a badge's background
    spacing: float = 1.0          # line height as a multiple of the font's


def plain(spans: Sequence[Span]) -> str:
    return "".join(text for text, _ in spans)


def wrap(spans: Sequence[Span], width: int, size: int) -> list[tuple[int, str]]:
    """The lines of `spans` within `width` pixels, each as (its start in the plain text,
    its text). Measured in the bold face, so every style fits."""
    font = ui_font(size, True)
    text = plain(spans)
    lines = break_lines(text, max(1, width), lambda s: font.size(s)[0])
    out, pos = [], 0
    for line in lines:
        while pos < len(text) and text[pos] == " " and not line.startswith(" "):
            pos += 1
        out.append((pos, line))
        pos += len(line)
    return out


def _styles(spans: Sequence[Span]) -> list[str]:
    """The style of each character of the plain text."""
    return [style for text, style in spans for _ in text]


def paragraph(spans: Sequence[Span], width: int, style: Style, bullet: str = "") -> pygame.Surface:
    """`spans` drawn within `width` pixels on a transparent surface; with a bullet, the
    bullet hangs left and every line of the text starts at the same indent."""
    indent = ui_font(style.size).size(bullet + " ")[0] if bullet else 0
    lines = wrap(spans, width - indent, style.size)
    step = round(line_height(style.size) * style.spacing)
    surf = pygame.Surface((max(1, width), max(1, step * len(lines))), pygame.SRCALPHA)
    if bullet:
        surf.blit(ui_font(style.size).render(bullet, True, style.strong), (0, 0))
    styles = _styles(spans)
    for row, (start, line) in enumerate(lines):
        x = indent
        for text, kind in _runs(line, styles[start:start + len(line)]):
            x += _draw_run(surf, text, kind, (x, row * step), style)
    return surf


def _runs(line: str, styles: Sequence[str]) -> list[Span]:
    """A line cut where its style changes."""
    runs: list[Span] = []
    for ch, kind in zip(line, styles):
        if runs and runs[-1][1] == kind:
            runs[-1] = (runs[-1][0] + ch, kind)
        else:
            runs.append((ch, kind))
    return runs


def _draw_run(surf: pygame.Surface, text: str, kind: str, pos: tuple[int, int],
              style: Style) -> int:
    """Draw one run; returns its width."""
    font = ui_font(style.size, kind != NORMAL)
    if kind == BADGE:
        image = font.render(text, True, BADGE_INK)
        box = image.get_rect(topleft=pos)
        pygame.draw.rect(surf, style.badge, box, border_radius=max(2, style.size // 5))
        surf.blit(image, box)
        return box.w
    image = font.render(text, True, style.strong if kind == BOLD else style.color)
    surf.blit(image, pos)
    return image.get_width()
