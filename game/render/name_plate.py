"""A seat's name plate on the board: wind disc (gold for the dealer), name and badges
(dealer, 报听, 托管), level or state, match total and this hand's gain.

Where each part goes is worked out once (`plate_parts`) and both drawn and shown to the
layout self-check: the score and the gain stay whole; the name keeps at least its first
NAME_KEEPS characters; the badges stay whole beside the name, or — when the name would
keep less — the dealer's goes (the gold disc still marks the dealer), and if that is not
enough the others move to the lower row, where the level or state gives way."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.board_model import SeatInfo
from game.render.layout import TableLayout
from game.render.paint import GAIN, GOLD, IVORY, LOSS, MUTED
from game.render.text import blit_text, fit, rounded_panel, text_surface
from game.shell.layout_box import LayoutBox

READY_ORANGE = (242, 146, 52)
AUTO_BLUE = (92, 156, 232)
VOID_VIOLET = (178, 140, 232)
WON_GREEN = (112, 200, 120)
FLOWER_PINK = (236, 150, 178)
WINDS = "东南西北"
NAME_KEEPS = 4          # characters of a name a plate always shows
BADGE_INK = (20, 14, 4)

Badge = tuple[str, tuple[int, int, int]]   # a badge's word and its colour


@dataclass(frozen=True)
class PlateParts:
    """Where a plate's parts go (window pixels)."""

    name: pygame.Rect                 # the room of the name (its text starts at the left)
    badges: tuple[tuple[Badge, pygame.Rect], ...]
    score: pygame.Rect
    tag: pygame.Rect                  # the room of the level or state
    delta: pygame.Rect
    font: int                         # the name's text size
    score_size: int
    name_needs: int                   # the width the name's first characters need
    small: int                        # the badges', gain's and tag's text size


def plate_disc(plate: pygame.Rect, scale: float) -> tuple[tuple[int, int], int]:
    """Centre and radius of the wind disc on a name plate."""
    r = round(15 * scale)
    return (plate.x + round(10 * scale) + r, plate.centery), r


def badge_words(info: SeatInfo, labels: dict[str, str]) -> list[Badge]:
    out = [(labels["dealer"], GOLD)] if info.dealer else []
    if info.ready:
        out.append((labels["ready"], READY_ORANGE))
    if info.auto:
        out.append((labels["auto"], AUTO_BLUE))
    if info.flowers:
        out.append((info.flowers, FLOWER_PINK))
    if info.won:      # a winner plays no more: its void suit no longer matters
        out.append((info.won, WON_GREEN))
    elif info.void:
        out.append((info.void, VOID_VIOLET))
    return out


def name_needs(name: str, font: int) -> int:
    """The width of the part of `name` a plate always shows (its start and an ellipsis,
    or all of a short name)."""
    kept = name if len(name) <= NAME_KEEPS else name[:NAME_KEEPS] + "…"
    return text_surface(kept, font, IVORY, True).get_width()


def _badge_row(badges: list[Badge], x: int, centery: int, font: int,
               scale: float) -> list[tuple[Badge, pygame.Rect]]:
    """The badges in a row from `x`, each a pill round its word."""
    out = []
    for badge in badges:
        w, h = text_surface(badge[0], font, BADGE_INK, True).get_size()
        tag = pygame.Rect(x, centery - h // 2, w + round(10 * scale), h)
        out.append((badge, tag))
        x = tag.right + round(4 * scale)
    return out


def _row_width(row: list[tuple[Badge, pygame.Rect]], scale: float) -> int:
    return row[-1][1].right - row[0][1].x + round(6 * scale) if row else 0


def plate_parts(L: TableLayout, rect: pygame.Rect, info: SeatInfo,
                labels: dict[str, str]) -> PlateParts:
    """Where the parts of the plate in `rect` go: the score and the name at their full
    sizes if the name's first characters fit beside the score, else the score a step
    smaller, then the name too."""
    s, base = L.ui, max(11, round(17 * L.scale))
    small = L.small_font
    sizes = [(round(22 * s), L.font, small), (round(18 * s), L.font, small),
             (round(18 * s), max(small, round(L.font * 0.85)), small)]
    if s > L.scale:     # a larger UI scale: down to the 100 % sizes before the name gives way
        least = max(10, round(14 * L.scale))
        sizes += [(round(18 * L.scale), max(base, small), least),
                  (round(18 * L.scale), base, least)]
    for score_size, font, small in sizes:
        parts = _parts(L, rect, info, labels, (score_size, font, small))
        if parts.name.w >= parts.name_needs and _apart(parts):
            break
    return parts


def _apart(parts: PlateParts) -> bool:
    """No badge runs into the score or the gain."""
    return not any(tag.colliderect(parts.score) or tag.colliderect(parts.delta)
                   for _, tag in parts.badges)


def _parts(L: TableLayout, rect: pygame.Rect, info: SeatInfo, labels: dict[str, str],
           sizes: tuple[int, int, int]) -> PlateParts:
    """The parts at these text sizes: the score's, the name's and the small text's."""
    score_size, font, small = sizes
    s = L.plate_scale
    pad = round(10 * s)
    center, disc = plate_disc(rect, s)
    x = center[0] + disc + pad
    score_img = text_surface(str(info.total), score_size, IVORY, True)
    score = _ink(score_img, score_img.get_rect(topright=(rect.right - pad,
                                                         rect.y + round(4 * s))))
    delta_img = text_surface(_delta_text(info.delta), small, IVORY)
    line = delta_img.get_rect(bottomright=(rect.right - pad, rect.bottom - round(6 * s)))
    delta = _ink(delta_img, line)
    name_h = text_surface(info.name or " ", L.font, IVORY, True).get_height()
    top = pygame.Rect(x, rect.y + round(7 * s), max(0, score.x - pad - x), name_h)
    bottom = pygame.Rect(x, line.y, max(0, line.x - pad - x), line.h)
    need = name_needs(info.name, font)
    words = badge_words(info, labels)
    for shown in (words, words[1:] if info.dealer else words):
        row = _badge_row(shown, 0, top.centery, small, s)
        if top.w - _row_width(row, s) >= need or not row:
            name = pygame.Rect(top.x, top.y, top.w - _row_width(row, s), top.h)
            return PlateParts(name, _placed(row, name, s), score, bottom, delta, font,
                              score_size, need, small)
    low = _badge_row(words[1:] if info.dealer else words, 0, bottom.centery, small, s)
    tag = pygame.Rect(bottom.x, bottom.y, max(0, bottom.w - _row_width(low, s)), bottom.h)
    return PlateParts(top, _placed(low, tag, s), score, tag, delta, font, score_size, need,
                      small)


def _placed(row: list[tuple[Badge, pygame.Rect]], before: pygame.Rect,
            scale: float) -> tuple[tuple[Badge, pygame.Rect], ...]:
    """The row moved to start just after `before` (the name or tag it follows)."""
    if not row:
        return ()
    shift = before.right + round(6 * scale) - row[0][1].x
    return tuple((badge, tag.move(shift, 0)) for badge, tag in row)


def _ink(img: pygame.Surface, at: pygame.Rect) -> pygame.Rect:
    """Where the letters of the text image `img` drawn at `at` are (its line box less the
    room above and below them)."""
    return img.get_bounding_rect().move(at.topleft)


def _delta_text(delta: int) -> str:
    return f"{delta:+d}" if delta else "±0"


def draw_plate(surf: pygame.Surface, L: TableLayout, rect: pygame.Rect, info: SeatInfo,
               labels: dict[str, str], active: bool) -> None:
    """The plate of a seat in `rect` (`active`: the seat is on turn; `labels`: the
    translated badge words)."""
    s = L.plate_scale
    border = (*GOLD, 230) if active else (*GOLD, 90)
    surf.blit(rounded_panel(rect.size, (5, 26, 19, 205), border, round(12 * s),
                            2 if active else 1), rect)
    center, disc = plate_disc(rect, s)
    pygame.draw.circle(surf, GOLD if info.dealer else (30, 70, 54), center, disc)
    blit_text(surf, WINDS[info.wind], round(19 * s), center,
              (30, 20, 6) if info.dealer else IVORY, True, "center")
    parts = plate_parts(L, rect, info, labels)
    pad = round(10 * s)
    blit_text(surf, str(info.total), parts.score_size,
              (rect.right - pad, rect.y + round(4 * s)), IVORY, True, "topright")
    name = blit_text(surf, fit(info.name, parts.font, parts.name.w, True), parts.font,
                     (parts.name.x, parts.name.centery), IVORY, True, "midleft")
    for (word, color), tag in parts.badges:
        if tag.centery == parts.name.centery:      # beside the name as drawn
            tag = tag.move(name.right + round(6 * s) - parts.badges[0][1].x, 0)
        pygame.draw.rect(surf, color, tag, border_radius=tag.h // 2)
        blit_text(surf, word, parts.small, tag.center, BADGE_INK, True, "center")
    blit_text(surf, _delta_text(info.delta), parts.small,
              (rect.right - pad, rect.bottom - round(6 * s)),
              GAIN if info.delta > 0 else LOSS if info.delta < 0 else MUTED, False,
              "bottomright")
    words = fit(info.tag, parts.small, parts.tag.w)
    if words != "…":                                # no room at all: no tag
        blit_text(surf, words, parts.small, parts.tag.bottomleft, MUTED, False, "bottomleft")


def plate_boxes(L: TableLayout, rect: pygame.Rect, info: SeatInfo, labels: dict[str, str],
                name: str) -> list[LayoutBox]:
    """The plate's parts for the layout self-check: the name's room must hold its first
    characters; badges, score and gain are solid (none over another)."""
    parts = plate_parts(L, rect, info, labels)
    boxes = [LayoutBox(f"{name} · name", parts.name, text_size=(parts.name_needs, 0)),
             LayoutBox(f"{name} · score", parts.score, solid=True),
             LayoutBox(f"{name} · gain", parts.delta, solid=True)]
    boxes += [LayoutBox(f"{name} · badge {word}", tag, solid=True)
              for (word, _), tag in parts.badges]
    return boxes
