"""The end-of-hand page of a 国标 win: the winner's fans by name, each with its fan, the
total and the 8-fan minimum, and what each seat paid (the base, and the fan from the
discarder or, on a self-draw, from each)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.engine.events import Payment
from game.engine.mcr_fans import fan_counts
from game.engine.ruleset import Ruleset
from game.engine.state import WinRecord
from game.render.paint import GOLD, IVORY, MUTED
from game.render.text import blit_text, fit
from game.shell.i18n import Translate
from game.ui.fan_keys import FAN_KEYS
from game.ui.gb_table import times_mark
from game.ui.hand_end import WON, HandRow
from game.ui.hand_report import HandReport

COLUMNS = 2


def mcr_win(rows: Sequence[HandRow], ruleset: Ruleset) -> WinRecord | None:
    """The hand's 国标 win whose every fan is known (an online seat told only the largest
    one gets the payments' list instead), or None."""
    wins = [row.wins[0] for row in rows if row.status == WON]
    if ruleset.guobiao is None or len(wins) != 1:
        return None
    known = sum(fan for _key, _times, fan in fan_counts(wins[0].pattern.applicable))
    return wins[0] if known == wins[0].pattern.fan else None


def paid_lines(payments: Sequence[Payment], names: Sequence[str], t: Translate) -> list[str]:
    """Each payer's line: what it paid, as base + fan where it paid both."""
    lines = []
    for payer in dict.fromkeys(p.payer for p in payments):
        mine = {p.reason: p.amount for p in payments if p.payer == payer}
        base, fan = mine.get("base", 0), mine.get("fan", 0)
        key = "results.gb.paid_both" if fan else "results.gb.paid_base"
        lines.append(t(key, name=names[payer], amount=base + fan, base=base, fan=fan))
    return lines


def draw_fan_list(surface: pygame.Surface, rect: pygame.Rect, report: HandReport,
                  ruleset: Ruleset, t: Translate, k: Callable[[float], int]) -> bool:
    """A 国标 win's fans in two columns under a heading with the total and the minimum,
    then a line for each payer; False (nothing drawn) for any other hand."""
    win = mcr_win(report.rows, ruleset)
    if win is None or ruleset.guobiao is None:
        return False
    _draw(surface, rect, win, paid_lines(report.payments, report.names, t),
          t("results.gb.total", fan=win.pattern.fan, min=ruleset.guobiao.min_fan), t, k)
    return True


def _draw(surface: pygame.Surface, rect: pygame.Rect, win: WinRecord, paid: list[str],
          head: str, t: Translate, k: Callable[[float], int]) -> None:
    blit_text(surface, t("results.gb.fans"), k(20), rect.topleft, GOLD, bold=True)
    blit_text(surface, fit(head, k(15), rect.w * 2 // 3), k(15),
              (rect.right, rect.y + k(4)), MUTED, anchor="topright")
    line = k(22)
    fans = fan_counts(win.pattern.applicable)
    rows = -(-len(fans) // COLUMNS)
    top, bottom = rect.y + k(34), rect.bottom - len(paid) * line - k(6)
    row = max(1, min(k(26), (bottom - top) // max(1, rows)))
    size = max(10, min(k(17), row * 3 // 4))
    cell = rect.w // COLUMNS
    for i, (key, times, fan) in enumerate(fans):
        x, y = rect.x + (i // rows) * cell, top + (i % rows) * row + row // 2
        value = blit_text(surface, t("results.fan", fan=fan), size,
                          (x + cell - k(18), y), GOLD, bold=True, anchor="midright")
        mark = blit_text(surface, times_mark(key, times), size, (value.x - k(8), y), MUTED,
                         anchor="midright")
        blit_text(surface, fit(t(FAN_KEYS[key]), size, mark.x - x - k(12)), size,
                  (x + k(4), y), IVORY, anchor="midleft")
    for i, words in enumerate(paid):
        blit_text(surface, fit(words, k(16), rect.w), k(16),
                  (rect.x + k(4), bottom + k(6) + i * line + line // 2), IVORY, anchor="midleft")
