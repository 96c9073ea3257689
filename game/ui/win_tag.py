"""A winner on the end-of-hand page: its pattern and fan — 血战到底: its place among
the winners, its fan item by item, and the points each payer paid after the cap."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.engine.bloody_score import fan_items as bloody_items
from game.engine.ruleset import Ruleset
from game.engine.state import WinRecord
from game.render.paint import GOLD, IVORY
from game.render.text import blit_text, fit
from game.shell.i18n import Translate
from game.ui.wording import pattern_key

ORDINALS_EN = ("1st", "2nd", "3rd")
ITEMS_SHARE = 0.4     # of a row's width: the fan's items, right of the tiles


def place_words(wins: Sequence[WinRecord], seat: int, t: Translate, ruleset: Ruleset) -> str:
    """血战到底: the seat's place among the hand's winners, in words before its status
    ("第2胡 · "); "" for another ruleset or a seat that did not win."""
    place = next((i for i, w in enumerate(wins) if w.seat == seat), None)
    if place is None or ruleset.bloody is None:
        return ""
    return t("results.bloody.place", n=place + 1, nth=ORDINALS_EN[min(place, 2)]) + " · "


def fan_items(win: WinRecord, ruleset: Ruleset) -> tuple[tuple[str, int], ...] | None:
    """The win's fan item by item (None where the items are not known)."""
    return bloody_items(win.pattern.applicable, win.pattern.fan, ruleset)


def fan_line(win: WinRecord, ruleset: Ruleset, t: Translate) -> str:
    """The win's fan item by item, e.g. "基本胡 1 + 根 1 + 杠上炮 1" (the leading pattern's
    name alone where the items are not known)."""
    items = fan_items(win, ruleset)
    if items is None:
        return _name(win.pattern.name, t)
    return " + ".join(f"{_name(name, t)} {fan}" for name, fan in items)


def points_words(win: WinRecord, ruleset: Ruleset, t: Translate) -> str:
    """The win's fan and the points each payer paid for it after the cap (自摸加底 is a
    payment of its own), e.g. "6 番 · 16 分"."""
    rules = ruleset.bloody
    assert rules is not None, "a 血战到底 win"
    return t("results.bloody.points", fan=win.pattern.fan, points=rules.points(win.pattern.fan))


def _name(name: str, t: Translate) -> str:
    key = pattern_key(name)
    return t(key) if key else name


def draw_win_tag(surface: pygame.Surface, area: pygame.Rect, win: WinRecord,
                 ruleset: Ruleset, t: Translate, scale: Callable[[float], int]) -> int:
    """A winner's row at the right: its leading pattern and fan — 血战到底: its fan and
    points on the first line, its fan item by item beside its tiles; the room it took on
    the first line."""
    k = scale
    if ruleset.bloody is None:
        fan = blit_text(surface, t("results.fan", fan=win.pattern.fan), k(22),
                        (area.right, area.y + k(13)), GOLD, bold=True, anchor="midright")
        pattern = blit_text(surface, _name(win.pattern.name, t), k(19),
                            (fan.x - k(12), fan.centery), IVORY, anchor="midright")
        return area.right - pattern.x + k(16)
    points = blit_text(surface, points_words(win, ruleset, t), k(20),
                       (area.right, area.y + k(13)), GOLD, bold=True, anchor="midright")
    line = fan_line(win, ruleset, t)
    blit_text(surface, fit(line, k(16), round(area.w * ITEMS_SHARE)), k(16),
              (area.right, area.bottom - k(22)), IVORY, anchor="midright")
    return area.right - points.x + k(16)
