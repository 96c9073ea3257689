"""Modal cards over the table: the pause menu, the hotseat cover screen, and the online
table's card while its server cannot be reached."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.render.paint import GOLD, MUTED
from game.render.text import blit_text, rounded_panel, soft_shadow
from game.ui.buttons import Button, ButtonRow

CARD_FILL = (8, 36, 27, 240)
DETAIL = (118, 140, 129)       # a technical line: dimmer than the others
DETAIL_SIZE = 13               # and smaller (design pixels; the others' are 16)


@lru_cache(maxsize=4)
def veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 8, 5, alpha))
    return surf


class Overlay:
    """A centred card with a title, a few lines and a row of buttons."""

    def __init__(self, size: tuple[int, int], scale: float, title: str, lines: list[str],
                 buttons: list[Button], opaque: bool = False, above: int | None = None,
                 detail: str = "") -> None:
        """`above`: a y the card must stay above (the viewer's hand starts there);
        `detail`: a technical line under the others, smaller and dimmer."""
        self.size, self.scale = size, scale
        self.title, self.lines, self.opaque, self.detail = title, lines, opaque, detail
        w, h = size
        self.card = pygame.Rect(0, 0, min(w - 40, round(720 * scale)),
                                round((170 + 34 * len(lines) + (28 if detail else 0)) * scale))
        self.card.center = (w // 2, h // 2)
        if above is not None:
            self.card.bottom = min(self.card.bottom, above - round(8 * scale))
            self.card.top = max(0, self.card.top)
        row = pygame.Rect(self.card.x, self.card.bottom - round(74 * scale), self.card.w,
                          round(48 * scale))
        self.buttons = ButtonRow(buttons, row, max(12, round(19 * scale)), round(16 * scale),
                                 "center")

    def click(self, pos: tuple[int, int]) -> bool:
        return self.buttons.click(pos)

    def draw(self, surf: pygame.Surface, mouse: tuple[int, int]) -> None:
        s = self.scale
        surf.blit(veil(self.size, 255 if self.opaque else 150), (0, 0))  # a cover hides all
        spread = round(16 * s)
        surf.blit(soft_shadow(self.card.size, round(18 * s), spread),
                  self.card.move(-spread, -spread // 2))
        surf.blit(rounded_panel(self.card.size, CARD_FILL, (*GOLD, 200), round(18 * s), 2),
                  self.card)
        blit_text(surf, self.title, round(34 * s), (self.card.centerx, self.card.y + round(22 * s)),
                  GOLD, True, "midtop", True)
        y = self.card.y + round(84 * s)
        for line in self.lines:
            blit_text(surf, line, max(11, round(16 * s)), (self.card.centerx, y), MUTED, False,
                      "midtop")
            y += round(34 * s)
        if self.detail:
            blit_text(surf, self.detail, max(10, round(DETAIL_SIZE * s)), (self.card.centerx, y),
                      DETAIL, False, "midtop")
        self.buttons.draw(surf, mouse)
