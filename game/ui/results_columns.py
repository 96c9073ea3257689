"""The end-of-hand page's two lower columns: every payment of the hand (scrolled by the
wheel) and each seat's points this hand and in all."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.engine.events import Payment
from game.render.paint import GOLD, IVORY, MUTED, gain_color, signed
from game.render.text import blit_text, text_surface
from game.render.text import fit as fit_text
from game.shell.i18n import Translate
from game.ui.hand_report import HandReport
from game.ui.wording import reason_key

ROW = 30  # payment list row height


def draw_payments(surface: pygame.Surface, rect: pygame.Rect, payments: Sequence[Payment],
                  names: Sequence[str], scroll: int, t: Translate, k: Callable[[float], int]
                  ) -> None:
    """The payments from row `scroll` on, as many as fit, with a count when some do not."""
    blit_text(surface, t("results.payments"), k(20), rect.topleft, GOLD, bold=True)
    if not payments:
        blit_text(surface, t("results.no_payments"), k(17), (rect.x, rect.y + k(40)), MUTED)
        return
    area = pygame.Rect(rect.x, rect.y + k(36), rect.w, rect.h - k(36))
    row = k(ROW)
    visible = max(1, area.h // row)
    first = min(scroll, max(0, len(payments) - visible))  # draw reads, never writes
    name_w = (rect.w - k(200)) // 2
    for i, p in enumerate(payments[first:first + visible]):
        y = area.y + i * row + row // 2
        if (i + first) % 2 == 0:
            stripe = pygame.Surface((rect.w, row), pygame.SRCALPHA)
            stripe.fill((255, 255, 255, 10))
            surface.blit(stripe, (rect.x, y - row // 2))
        blit_text(surface, fit_text(names[p.payer], k(17), name_w - k(36)), k(17),
                  (rect.x + k(8), y), IVORY, anchor="midleft")
        blit_text(surface, "→", k(17), (rect.x + name_w, y), MUTED, anchor="midright")
        blit_text(surface, fit_text(names[p.payee], k(17), name_w - k(16)), k(17),
                  (rect.x + name_w + k(12), y), IVORY, anchor="midleft")
        blit_text(surface, str(p.amount), k(18), (rect.x + 2 * name_w + k(44), y), GOLD,
                  bold=True, anchor="midright")
        reason, at = reason_key(p.reason), rect.x + 2 * name_w + k(62)
        blit_text(surface, fit_text(t(reason) if reason else p.reason, k(16),
                                    rect.right - at), k(16), (at, y), MUTED, anchor="midleft")
    if len(payments) > visible:
        more = t("results.more", shown=f"{first + 1}–{first + visible}",
                 total=len(payments))
        blit_text(surface, more, k(14), (rect.right, rect.y + k(4)), MUTED, anchor="topright")


def draw_scores(surface: pygame.Surface, rect: pygame.Rect, hand: HandReport,
                names: Sequence[str], t: Translate, k: Callable[[float], int]) -> None:
    """Each seat's name (the dealer's with its badge), its points this hand and in all."""
    blit_text(surface, t("results.scores"), k(20), rect.topleft, GOLD, bold=True)
    delta_x, total_x = rect.right - k(120), rect.right - k(8)
    head_y = rect.y + k(44)
    blit_text(surface, t("results.this_hand"), k(15), (delta_x, head_y), MUTED,
              anchor="midright")
    blit_text(surface, t("results.total"), k(15), (total_x, head_y), MUTED, anchor="midright")
    row_h = min(k(44), (rect.h - k(60)) // max(1, len(names)))
    for s, name in enumerate(names):
        y = head_y + k(14) + row_h * s + row_h // 2
        label = blit_text(surface, fit_text(name, k(19), delta_x - rect.x - k(140)), k(19),
                          (rect.x, y), IVORY, anchor="midleft")
        if s == hand.dealer:
            badge(surface, t("results.dealer_badge"), (label.right + k(10), y))
        blit_text(surface, signed(hand.deltas[s]), k(20), (delta_x, y),
                  gain_color(hand.deltas[s]), bold=True, anchor="midright")
        blit_text(surface, str(hand.totals[s]), k(22), (total_x, y), IVORY, bold=True,
                  anchor="midright")


def badge(surface: pygame.Surface, label: str, midleft: tuple[int, int]) -> None:
    """A small gold tag, e.g. 庄 beside the dealer's name."""
    w, h = text_surface(label, 14, IVORY, True).get_size()
    rect = pygame.Rect(0, 0, w + 14, h + 2)
    rect.midleft = midleft
    pygame.draw.rect(surface, GOLD, rect, border_radius=rect.h // 2)
    blit_text(surface, label, 14, rect.center, (28, 20, 6), bold=True, anchor="center")
