"""Modal cards over the table: the pause menu and the hotseat cover screen."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.render.paint import GOLD, MUTED
from game.render.text import blit_text, fit, rounded_panel, soft_shadow, text_surface
from game.shell.app import LayoutBox
from game.ui.buttons import Button, ButtonRow

CARD_FILL = (8, 36, 27, 240)


@lru_cache(maxsize=4)
def veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 8, 5, alpha))
    return surf


Translate = Callable[..., str]


class Overlay:
    """A centred card with a title, a few lines and a row of buttons."""

    def __init__(self, size: tuple[int, int], scale: float, title: str, lines: list[str],
                 buttons: list[Button], opaque: bool = False) -> None:
        self.size, self.scale = size, scale
        self.title, self.lines, self.opaque = title, lines, opaque
        w, h = size
        self.title_font, self.font = round(34 * scale), max(11, round(16 * scale))
        pad = round(48 * scale)
        need = max([text_surface(title, self.title_font, GOLD, True).get_width()] +
                   [text_surface(x, self.font, MUTED).get_width() for x in lines])
        self.card = pygame.Rect(0, 0, min(w - 40, max(round(720 * scale), need + 2 * pad)),
                                round((170 + 34 * len(lines)) * scale))
        self.text_w = self.card.w - 2 * pad
        self.card.center = (w // 2, h // 2)
        row = pygame.Rect(self.card.x, self.card.bottom - round(74 * scale), self.card.w,
                          round(48 * scale))
        self.buttons = ButtonRow(buttons, row, max(12, round(19 * scale)), round(16 * scale),
                                 "center")

    def handle(self, event: pygame.event.Event, close: Callable[[], None]) -> bool:
        """A click runs a button (an opaque card closes on any click or key, Escape closes
        any card); True if the event was the card's."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.buttons.click(event.pos) and self.opaque:
                close()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE or self.opaque:
                close()
            return True
        return False

    def _texts(self) -> list[tuple[str, int, bool, pygame.Rect]]:
        """(text cut to the card, size, bold, its box) for the title and each line."""
        s = self.scale
        out = []
        y = self.card.y + round(22 * s)
        for i, line in enumerate([self.title, *self.lines]):
            size, bold = (self.title_font, True) if i == 0 else (self.font, False)
            text = fit(line, size, self.text_w, bold)
            box = pygame.Rect(0, y, self.text_w, text_surface(text, size, GOLD, bold).get_height())
            box.centerx = self.card.centerx
            out.append((text, size, bold, box))
            y = self.card.y + round((84 + 34 * i) * s)
        return out

    def boxes(self) -> list[LayoutBox]:
        """The card's buttons and text lines for the layout self-check."""
        return [LayoutBox(f"overlay.button:{b.key}", b.rect, True, self.buttons.label_size(b))
                for b in self.buttons.buttons] + \
            [LayoutBox(f"overlay.text{i}", box, False,
                       text_surface(text, size, GOLD, bold).get_size())
             for i, (text, size, bold, box) in enumerate(self._texts())]

    def draw(self, surf: pygame.Surface, mouse: tuple[int, int]) -> None:
        s = self.scale
        surf.blit(veil(self.size, 255 if self.opaque else 150), (0, 0))
        spread = round(16 * s)
        surf.blit(soft_shadow(self.card.size, round(18 * s), spread),
                  self.card.move(-spread, -spread // 2))
        surf.blit(rounded_panel(self.card.size, CARD_FILL, (*GOLD, 200), round(18 * s), 2),
                  self.card)
        for i, (text, size, bold, box) in enumerate(self._texts()):
            blit_text(surf, text, size, box.midtop, GOLD if i == 0 else MUTED, bold, "midtop",
                      i == 0)
        self.buttons.draw(surf, mouse)


def pause_overlay(size: tuple[int, int], scale: float, t: Translate,
                  resume: Callable[[], None], leave: Callable[[], None]) -> Overlay:
    """The pause menu: the keys, resume, save and quit."""
    buttons = [Button("resume", t("table.pause.resume"), resume, primary=True),
               Button("quit", t("table.pause.quit"), leave)]
    return Overlay(size, scale, t("table.pause.title"), t("table.pause.keys").split(" · "),
                   buttons)


def cover_overlay(size: tuple[int, int], scale: float, t: Translate, name: str, wind: int,
                  go: Callable[[], None]) -> Overlay:
    """Hotseat: a fully opaque card hiding the table until the next player is ready."""
    title = t("table.cover", name=name, wind=t(f"table.wind.{wind}"))
    return Overlay(size, scale, title, [], [Button("go", t("table.cover.go"), go,
                                                   primary=True)], True)
