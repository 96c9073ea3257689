"""Response bubbles: one per legal option (each chi variant apart, with its tiles), the
报听 switch, number-key labels and the claim countdown ring."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal, TypeAlias

import pygame

from game.engine import actions as A
from game.engine.actions import Action, ActionKind
from game.render.clock_ring import draw_clock_ring
from game.render.layout import TableLayout
from game.render.paint import GOLD, IVORY
from game.render.text import soft_shadow, text_surface
from game.render.tile_art import tile_art

READY: Final = "ready"                 # the 报听 switch's bubble
BubbleKind: TypeAlias = ActionKind | Literal["ready"]
Color = tuple[int, int, int]
COLORS: dict[BubbleKind, Color] = {
    A.HU: (196, 44, 40), A.SELF_DRAW: (196, 44, 40), A.KONG: (124, 72, 178),
    A.CONCEALED_KONG: (124, 72, 178), A.ADDED_KONG: (124, 72, 178), A.PENG: (44, 106, 192),
    A.CHI: (34, 140, 86), A.PASS: (84, 96, 92), READY: (222, 128, 36),
    A.SWAP: (34, 120, 140), A.VOID: (150, 60, 150),
}
WORD_KEYS: dict[BubbleKind, str] = {     # each bubble's word, a translation key
    A.HU: "table.bubble.hu", A.SELF_DRAW: "table.bubble.tsumo", A.KONG: "table.bubble.kong",
    A.CONCEALED_KONG: "table.bubble.concealed_kong", A.ADDED_KONG: "table.bubble.added_kong",
    A.PENG: "table.bubble.peng", A.CHI: "table.bubble.chi", A.PASS: "table.bubble.pass",
    READY: "table.bubble.ready", A.SWAP: "table.bubble.swap", A.VOID: "table.bubble.void",
}
NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}  # 1-9: the nth bubble
NUMBER_KEYS.update({getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, 10)})
ORDER = (A.HU, A.SELF_DRAW, A.KONG, A.CONCEALED_KONG, A.ADDED_KONG, A.PENG, A.CHI, A.PASS)
SPECIALS = (A.SELF_DRAW, A.CONCEALED_KONG, A.ADDED_KONG)   # own-turn bubbles


@dataclass(frozen=True)
class Option:
    """A bubble: an action (None for the 报听 switch), its kind and the tiles it shows."""

    action: Action | None
    kind: BubbleKind
    tiles: tuple[int, ...] = ()
    claimed: int | None = None


def option_of(action: Action) -> Option:
    """The bubble for one legal action, showing the meld or tile it makes."""
    t = action.tile
    if action.kind == A.CHI and t is not None:
        return Option(action, action.kind, tuple(sorted((*action.tiles, t))), t)
    if t is None or action.kind == A.PASS:
        return Option(action, action.kind)
    count = {A.PENG: 3, A.KONG: 4, A.CONCEALED_KONG: 4, A.ADDED_KONG: 4}.get(action.kind, 1)
    return Option(action, action.kind, (t,) * count, t)


def options_for(legal: Sequence[Action], claiming: bool) -> list[Option]:
    """Bubbles for a claim window (every option plus 过) or an own turn (自摸 / kongs,
    and the 报听 switch when some discard would leave the hand ready)."""
    if claiming:
        chosen = list(legal)
    else:
        chosen = [a for a in legal if a.kind in SPECIALS]
    chosen.sort(key=lambda a: (ORDER.index(a.kind), a.tiles, a.tile or 0))
    out = [option_of(a) for a in chosen]
    if not claiming and any(a.ready for a in legal):
        out.append(Option(None, READY))
    return out


@lru_cache(maxsize=128)
def bubble_face(option: Option, word: str, height: int, lit: bool, on: bool,
                key: str) -> pygame.Surface:
    """A pill with the word, the small tiles and the number key, built once per state."""
    color = COLORS[option.kind]
    art = tile_art(max(12, round(height * 0.5)))
    label = text_surface(word, round(height * 0.4), IVORY, True, True)
    pad = round(height * 0.26)
    tiles_w = len(option.tiles) * (art.width + 1)
    width = pad + label.get_width() + (pad // 2 + tiles_w if option.tiles else 0) + pad
    surf = pygame.Surface((max(width, round(height * 1.15)), height), pygame.SRCALPHA)
    rect = surf.get_rect()
    top = tuple(min(255, c + (70 if lit else 40)) for c in color)
    bottom = tuple(max(0, c - 40) for c in color)
    if option.kind == READY and not on:
        top, bottom = (40, 52, 46), (18, 30, 24)
    grad = pygame.transform.smoothscale(_two_pixel(top, bottom), rect.size)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=height // 2)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grad, (0, 0))
    ring = GOLD if lit or on else (255, 255, 255)
    pygame.draw.rect(surf, (*ring, 230 if lit or on else 90), rect, 2, border_radius=height // 2)
    x = pad if option.tiles else (rect.w - label.get_width()) // 2
    surf.blit(label, label.get_rect(midleft=(x, rect.centery)))
    x += label.get_width() + pad // 2
    for kind in option.tiles:
        y = (height - art.height) // 2
        surf.blit(art.face(kind), (x, y))
        if kind == option.claimed and (option.kind == A.VOID   # the suggested suit
                                       or len(option.tiles) == 3 and option.kind == A.CHI):
            surf.blit(art.outline(GOLD), (x, y))
        x += art.width + 1
    badge = text_surface(key, max(9, round(height * 0.2)), (28, 20, 6), True)
    r = max(6, round(height * 0.15))
    pygame.draw.circle(surf, GOLD, (r + 2, r + 2), r)
    surf.blit(badge, badge.get_rect(center=(r + 2, r + 2)))
    return surf


def _two_pixel(top: tuple[int, ...], bottom: tuple[int, ...]) -> pygame.Surface:
    strip = pygame.Surface((1, 2), pygame.SRCALPHA)
    strip.set_at((0, 0), (*top[:3], 255))
    strip.set_at((0, 1), (*bottom[:3], 255))
    return strip


class BubbleBar:
    """The row(s) of bubbles above the viewer's hand."""

    def __init__(self, layout: TableLayout, words: dict[BubbleKind, str]) -> None:
        self.layout = layout
        self.words = words
        self.height = round(64 * layout.bubble_scale)
        self.options: list[Option] = []
        self.rects: list[pygame.Rect] = []

    def set(self, options: list[Option]) -> None:
        """Show these options right to left (the countdown ring left of the bottom row);
        rows above the first keep to the room the pools and plates leave (see
        layout.bubble_rooms). Bubbles are as tall as the UI scale makes them where that
        fits, else as tall as fits (down to 60% of the strip's own size)."""
        if options == self.options and (self.rects or not options):
            return
        self.options = options
        L = self.layout
        least = round(64 * L.bubble_scale * 0.6)
        rects = None
        for step in range(20):
            self.height = max(least, round(64 * L.ui * (1 - 0.05 * step)))
            rects = self._fit(self._widths(options))
            if rects is not None or self.height == least:
                break
        self.rects = rects or []

    def _widths(self, options: list[Option]) -> list[int]:
        return [bubble_face(o, self.words[o.kind], self.height, False, False,
                            str(i + 1)).get_width() for i, o in enumerate(options)]

    def _fit(self, widths: list[int]) -> list[pygame.Rect] | None:
        """The bubbles' places at the current height, or None when they do not fit."""
        L = self.layout
        strip = L.bubble_strip(self.height)
        if strip is None:
            return None
        gap = round(12 * L.scale)
        for above in L.bubble_rooms(strip.y - gap):
            rects = self._rows(widths, strip, above, gap)
            if rects is not None:
                return rects
        return self._rows(widths, strip, strip, gap)     # one row, or nothing

    def _rows(self, widths: list[int], area: pygame.Rect, above: pygame.Rect,
              gap: int) -> list[pygame.Rect] | None:
        """Right-aligned rows of these widths, the first in `area`, the others in
        `above`, or None when they do not fit."""
        rects = [pygame.Rect(0, 0, 0, 0)] * len(widths)
        left = area.x + self.height            # room for the countdown ring
        x, y = area.right, area.bottom - self.height
        for i in range(len(widths) - 1, -1, -1):
            if x - widths[i] < left:
                if x == area.right:
                    return None
                x, y, left = above.right, y - self.height - gap, above.x
                if y < above.y or x - widths[i] < left:
                    return None
            rects[i] = pygame.Rect(x - widths[i], y, widths[i], self.height)
            x -= widths[i] + gap
        return rects

    def clear(self) -> None:
        self.options, self.rects = [], []

    def hit(self, pos: tuple[int, int]) -> int | None:
        for i, r in enumerate(self.rects):
            if r.collidepoint(pos):
                return i
        return None

    def draw(self, surf: pygame.Surface, mouse: tuple[int, int], hint: Action | None,
             ready_on: bool, countdown: tuple[float, float] | None) -> None:
        """Bubbles (hovered ones lifted, the hinted one lit) and the countdown ring."""
        spread = round(self.height / 8)
        for i, (o, r) in enumerate(zip(self.options, self.rects)):
            hover = r.collidepoint(mouse)
            lit = hover or (hint is not None and o.action == hint)
            face = bubble_face(o, self.words[o.kind], self.height, lit,
                               o.kind == READY and ready_on, str(i + 1))
            lift = round(self.height / 16) if hover else 0
            surf.blit(soft_shadow(r.size, r.h // 2, spread), r.move(-spread // 2, 0))
            surf.blit(face, r.move(0, -lift))
        if countdown is not None:
            draw_clock_ring(surf, self.clock_rect(), *countdown)

    def clock_rect(self) -> pygame.Rect:
        """Where the countdown ring goes: left of the bottom row of bubbles, or at the
        right end of their strip above the hand when none shows."""
        if self.rects:
            spread = round(self.height / 8)
            bottom = max(r.y for r in self.rects)       # the row that keeps room for it
            first = min((r for r in self.rects if r.y == bottom), key=lambda r: r.x)
            height = self.height
            center = (first.x - height // 2 - spread, first.centery)
        else:
            area, height = self.layout.bubbles, round(64 * self.layout.bubble_scale)
            center = (area.right - height // 2, area.bottom - height // 2)
        radius = round(height * 0.42)
        return pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius)
