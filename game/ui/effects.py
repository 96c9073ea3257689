"""Motion on the table: tiles sliding (hand → pool, pool → meld), the drawn tile
dropping in, and claim calls (碰! 杠! 胡!) that pop and fade.  All tweens run on the
frame clock and scale with the animation speed (0 = everything instant)."""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.render.paint import GOLD
from game.render.text import text_surface
from game.ui.tween import Timeline, Tween, ease_in_out, ease_out_back, ease_out_cubic, lerp, linear

SLIDE = 0.28      # seconds for a tile to slide
DROP = 0.22       # the drawn tile dropping in
CALL = 1.1        # a claim call on screen
CALL_POP = 0.22   # share of CALL spent popping in
CALL_FADE = 0.35  # share of CALL spent fading out


@dataclass
class Slide:
    """A tile image moving from one rectangle to another; `hides` what it lands on."""

    image: pygame.Surface
    start: pygame.Rect
    end: pygame.Rect
    hides: Hashable


@dataclass
class Call:
    """A word popping up over a seat."""

    image: pygame.Surface
    center: tuple[int, int]


@lru_cache(maxsize=64)
def call_image(word: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """The call word in bold with a dark outline over a soft golden burst."""
    body = text_surface(word, size, color, True)
    dark = text_surface(word, size, (40, 16, 6), True)
    w, h = body.get_width() + size, body.get_height() + size // 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    burst = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(burst, (*GOLD, 120), burst.get_rect().inflate(-size // 3, -size // 4))
    surf.blit(pygame.transform.gaussian_blur(burst, max(2, size // 6)), (0, 0))
    at = body.get_rect(center=(w // 2, h // 2))
    step = max(1, size // 18)
    for dx in (-step, 0, step):
        for dy in (-step, 0, step):
            surf.blit(dark, at.move(dx, dy))
    surf.blit(body, at)
    return surf


class Effects:
    """Every running animation of the table."""

    def __init__(self, speed: float) -> None:
        self.timeline = Timeline(speed)
        self.drop: Tween | None = None

    @property
    def hidden(self) -> frozenset[Hashable]:
        """Board spots a sliding tile has not reached yet."""
        return frozenset(p.hides for _, p in self.timeline.items if isinstance(p, Slide))

    @property
    def moving(self) -> bool:
        """Whether anything is animating (a slide, a called word, a dropping tile)."""
        return bool(self.timeline.items) or self.drop is not None

    @property
    def sliding(self) -> bool:
        return any(isinstance(p, Slide) for _, p in self.timeline.items)

    def slide(self, image: pygame.Surface, start: pygame.Rect, end: pygame.Rect,
              hides: Hashable, delay: float = 0.0) -> None:
        self.timeline.add(Slide(image, start, end, hides), SLIDE, ease_in_out, delay)

    def call(self, word: str, center: tuple[int, int], size: int,
             color: tuple[int, int, int]) -> None:
        self.timeline.add(Call(call_image(word, size, color), center), CALL, linear)

    def drop_in(self) -> None:
        """Start the viewer's drawn tile dropping into place."""
        speed = self.timeline.speed
        self.drop = Tween(DROP / speed, ease_out_cubic) if speed > 0 else None

    def drop_offset(self, height: int) -> int:
        """How far above its place the drawn tile is now."""
        return 0 if self.drop is None else round((1.0 - self.drop.value) * height)

    def update(self, dt: float) -> bool:
        """Advance; True if a slide landed (the board must show the tile again)."""
        if self.drop is not None:
            self.drop.update(dt)
            if self.drop.done:
                self.drop = None
        return any(isinstance(p, Slide) for p in self.timeline.update(dt))

    def clear(self) -> None:
        self.timeline.clear()
        self.drop = None

    def draw(self, surf: pygame.Surface) -> None:
        for tween, payload in self.timeline.items:
            if not tween.started:
                continue
            if isinstance(payload, Slide):
                t = tween.value
                s, e = payload.start, payload.end
                img = payload.image
                if img.get_size() != e.size:
                    img = pygame.transform.smoothscale(img, (
                        round(lerp(s.w, e.w, t)), round(lerp(s.h, e.h, t))))
                surf.blit(img, img.get_rect(center=(round(lerp(s.centerx, e.centerx, t)),
                                                    round(lerp(s.centery, e.centery, t)))))
            elif isinstance(payload, Call):
                self._draw_call(surf, payload, tween.raw)

    @staticmethod
    def _draw_call(surf: pygame.Surface, call: Call, t: float) -> None:
        img = call.image
        if t < CALL_POP:
            scale = 0.4 + 0.6 * ease_out_back(t / CALL_POP)
            img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * scale)),
                                                     max(1, round(img.get_height() * scale))))
        alpha = 255 if t < 1 - CALL_FADE else round(255 * (1 - t) / CALL_FADE)
        img.set_alpha(alpha)
        surf.blit(img, img.get_rect(center=call.center))
        call.image.set_alpha(255)
