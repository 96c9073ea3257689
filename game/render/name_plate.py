"""A seat's name plate on the board: wind disc (gold for the dealer), name and badges
(dealer, 报听, 托管), level or state, match total and this hand's gain."""
from __future__ import annotations

import pygame

from game.render.board_model import SeatInfo
from game.render.layout import TableLayout
from game.render.paint import GAIN, GOLD, IVORY, LOSS, MUTED
from game.render.text import blit_text, fit, rounded_panel, text_surface

READY_ORANGE = (242, 146, 52)
AUTO_BLUE = (92, 156, 232)
WINDS = "东南西北"


Badge = tuple[pygame.Surface, tuple[int, int, int]]   # a badge's word and its colour


def badge_room(badges: list[Badge], scale: float) -> int:
    """Width the badges take beside a seat's name."""
    return sum(img.get_width() + round(14 * scale) for img, _ in badges)


def fitting_badges(badges: list[Badge], dealer: bool, free: int, name_width: int,
                   font: int, scale: float) -> list[Badge]:
    """The badges to show beside a name `name_width` pixels wide in `free` pixels: the
    dealer's (always first) goes when it would cut the name to less than three
    characters — the gold disc still marks the dealer."""
    need = min(name_width, 3 * font)
    if dealer and badges and free - badge_room(badges, scale) < need:
        return badges[1:]
    return badges


def plate_disc(plate: pygame.Rect, scale: float) -> tuple[tuple[int, int], int]:
    """Centre and radius of the wind disc on a name plate."""
    r = round(15 * scale)
    return (plate.x + round(10 * scale) + r, plate.centery), r


def _badge_words(info: SeatInfo, labels: dict[str, str]) -> list[tuple[str, tuple[int, int, int]]]:
    out = [(labels["dealer"], GOLD)] if info.dealer else []
    if info.ready:
        out.append((labels["ready"], READY_ORANGE))
    if info.auto:
        out.append((labels["auto"], AUTO_BLUE))
    return out


def draw_plate(surf: pygame.Surface, L: TableLayout, rect: pygame.Rect, info: SeatInfo,
               labels: dict[str, str], active: bool) -> None:
    """The plate of a seat in `rect` (`active`: the seat is on turn; `labels`: the
    translated badge words)."""
    s = L.scale
    border = (*GOLD, 230) if active else (*GOLD, 90)
    surf.blit(rounded_panel(rect.size, (5, 26, 19, 205), border, round(12 * s),
                            2 if active else 1), rect)
    pad = round(10 * s)
    center, disc = plate_disc(rect, s)
    pygame.draw.circle(surf, GOLD if info.dealer else (30, 70, 54), center, disc)
    blit_text(surf, WINDS[info.wind], round(19 * s), center,
              (30, 20, 6) if info.dealer else IVORY, True, "center")
    x = center[0] + disc + pad
    score = blit_text(surf, str(info.total), round(22 * s),
                      (rect.right - pad, rect.y + round(4 * s)), IVORY, True, "topright")
    top = rect.y + round(7 * s)
    badges = [(text_surface(word, L.small_font, (20, 14, 4), True), color)
              for word, color in _badge_words(info, labels)]
    name_width = text_surface(info.name, L.font, IVORY, True).get_width()
    badges = fitting_badges(badges, info.dealer, score.x - x - pad, name_width, L.font, s)
    room = badge_room(badges, s)                        # badges stay whole:
    name = blit_text(surf, fit(info.name, L.font, score.x - x - pad - room, True), L.font,
                     (x, top), IVORY, True)                       # the name gives way
    bx = name.right + round(6 * s)
    for img, color in badges:
        tag = pygame.Rect(bx, name.centery - img.get_height() // 2,
                          img.get_width() + round(10 * s), img.get_height())
        pygame.draw.rect(surf, color, tag, border_radius=tag.h // 2)
        surf.blit(img, img.get_rect(center=tag.center))
        bx = tag.right + round(4 * s)
    bottom = rect.bottom - round(6 * s)
    delta = blit_text(surf, f"{info.delta:+d}" if info.delta else "±0", L.small_font,
                      (rect.right - pad, bottom),
                      GAIN if info.delta > 0 else LOSS if info.delta < 0 else MUTED, False,
                      "bottomright")
    blit_text(surf, fit(info.tag, L.small_font, delta.x - x - pad), L.small_font,
              (x, bottom), MUTED, False, "bottomleft")
