"""The Statistics page: figures over the finished matches of the library, filtered by
ruleset, opponent level and the last N matches, with three charts drawn in the game:
points per match over time, how hands ended, and points per hand by opponent level."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import paths
from game.history.stats import (
    OUTCOMES,
    compute,
    filtered,
    hand_endings,
    load_finished,
    match_files,
    points_by_opponent,
    points_per_match,
)
from game.render.paint import FITTED_CHOICE, GAIN, GOLD, IVORY, LOSS, MUTED, panel
from game.render.text import blit_text, fit
from game.rulesets import available_rulesets, load_ruleset
from game.shell.app import LayoutBox, Specimen
from game.ui.widgets import CHOICE_GAP, Page
from game.ui.wording import ENDING_KEYS, LEVEL_KEYS, every, words_for

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.saves import Save

LEVELS = ("easy", "medium", "hard", "bot")
LASTS = (0, 10, 50)
CHART_MIN_H = 120    # design pixels: below this the charts are left out
FILTER_GAP = 10      # design pixels between the filter lines
COLUMNS = (("hands", "{:d}"), ("win_rate", "{:.0%}"), ("self_draw_share", "{:.0%}"),
           ("deal_in_rate", "{:.0%}"), ("ready_rate", "{:.0%}"), ("claim_rate", "{:.2f}"),
           ("average_win_fan", "{:.1f}"), ("mean_points", "{:+.2f}"))
COLUMN_KEYS = every((key for key, _ in COLUMNS), {
    "hands": "stats.col.hands", "win_rate": "stats.col.win_rate",
    "self_draw_share": "stats.col.self_draw_share", "deal_in_rate": "stats.col.deal_in_rate",
    "ready_rate": "stats.col.ready_rate", "claim_rate": "stats.col.claim_rate",
    "average_win_fan": "stats.col.average_win_fan", "mean_points": "stats.col.mean_points",
})


class StatsScene(Page):
    """Figures per level and charts for the followed (human) seat."""

    title_key = "stats.title"
    max_width = 1200
    fit_panel = False
    scrolls = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves: list[Save] = load_finished(match_files(paths.data_dir()))[0]
        self.ruleset: str | None = None
        self.opponent: str | None = None
        self.last = 0
        self.charts = pygame.Rect(0, 0, 0, 0)
        self.table_rect = pygame.Rect(0, 0, 0, 0)

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        from game.history.autoplay import sample_library
        sample_library()
        return [("library", {})]

    def chosen(self) -> list[Save]:
        return filtered(self.saves, self.ruleset, self.opponent, self.last or None)

    def build_page(self, area: pygame.Rect) -> None:
        t, px = self.app.t, self.app.fit_px
        language = self.app.settings.language
        filters: list[tuple[list[tuple[Any, str]], Any, str]] = [
            ([(None, t("stats.all_rulesets"))]
             + [(r, load_ruleset(r).title(language)) for r in available_rulesets()],
             self.ruleset, "ruleset"),
            ([(None, t("stats.all_opponents"))] + [(lv, t(LEVEL_KEYS[lv])) for lv in LEVELS[:3]],
             self.opponent, "opponent"),
            ([(n, t("stats.last", n=n) if n else t("stats.all_matches")) for n in LASTS],
             self.last, "last")]
        top = area.y
        for options, value, name in filters:   # the page fits the window: FITTED_CHOICE
            lines = self.choice_lines(area.w, [label for _, label in options], FITTED_CHOICE)
            rect = pygame.Rect(area.x, top, area.w,
                               lines * px(36) + (lines - 1) * px(CHOICE_GAP))
            self.choice(rect, options, value, self._set(name), lines=lines, style=FITTED_CHOICE)
            top = rect.bottom + px(FILTER_GAP)
        self.table_rect = pygame.Rect(area.x, top, area.w, px(34) * 5)
        self.charts = pygame.Rect(area.x, self.table_rect.bottom + px(12), area.w,
                                  max(0, area.bottom - self.table_rect.bottom - px(12)))

    def _set(self, name: str) -> Any:
        def change(value: Any) -> None:
            setattr(self, name, value)
        return change

    def layout_boxes(self) -> list[LayoutBox]:
        return [LayoutBox("figures", self.table_rect), LayoutBox("charts", self.charts)]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        saves = self.chosen()
        if not saves:
            blit_text(surface, self.app.t("stats.none"), self.app.fit_px(20),
                      self.table_rect.topleft, MUTED)
            return
        self._figures(surface, compute(saves, "level"))
        if self.charts.h < self.app.fit_px(CHART_MIN_H):
            return      # no room left for charts (a large UI scale in a small window)
        third = (self.charts.w - 2 * self.app.fit_px(16)) // 3
        boxes = [pygame.Rect(self.charts.x + i * (third + self.app.fit_px(16)), self.charts.y,
                             third, self.charts.h) for i in range(3)]
        self._bars(surface, boxes[0], self.app.t("stats.chart.points"),
                   [(str(i + 1), float(v)) for i, v in enumerate(points_per_match(saves)[-24:])])
        endings = hand_endings(saves)
        self._bars(surface, boxes[1], self.app.t("stats.chart.endings"),
                   [(self.app.t(ENDING_KEYS[k]), float(endings[k])) for k in OUTCOMES])
        self._bars(surface, boxes[2], self.app.t("stats.chart.levels"),
                   [(words_for(self.app.t, LEVEL_KEYS, k), v)
                    for k, v in points_by_opponent(saves).items()])

    def _figures(self, surface: pygame.Surface, figures: dict[str, dict[str, Any]]) -> None:
        px, t, r = self.app.fit_px, self.app.t, self.table_rect
        size = px(17)
        col_w = (r.w - px(120)) // len(COLUMNS)
        for i, (key, _) in enumerate(COLUMNS):
            blit_text(surface, fit(t(COLUMN_KEYS[key]), size, col_w - px(6)), size,
                      (r.x + px(120) + (i + 1) * col_w - px(6), r.y), MUTED, anchor="topright")
        for row, (level, f) in enumerate(list(figures.items())[:4]):
            y = r.y + (row + 1) * px(34)
            blit_text(surface, words_for(t, LEVEL_KEYS, level), size, (r.x, y), IVORY, True)
            for i, (key, fmt) in enumerate(COLUMNS):
                blit_text(surface, fmt.format(f[key]), size,
                          (r.x + px(120) + (i + 1) * col_w - px(6), y), IVORY, anchor="topright")

    def _bars(self, surface: pygame.Surface, box: pygame.Rect, title: str,
              bars: list[tuple[str, float]]) -> None:
        """A bar chart: zero line in the middle when values can be negative."""
        px = self.app.fit_px
        panel(surface, box, alpha=120)
        blit_text(surface, fit(title, px(17), box.w - px(16)), px(17),
                  (box.x + px(8), box.y + px(6)), GOLD, True)
        if not bars:
            return
        inner = box.inflate(-px(20), -px(70)).move(0, px(14))
        low = min(0.0, min(v for _, v in bars))
        high = max(0.0, max(v for _, v in bars)) or 1.0
        span = (high - low) or 1.0
        zero = inner.bottom - round((0 - low) / span * inner.h)
        step = inner.w / len(bars)
        for i, (label, value) in enumerate(bars):
            x = round(inner.x + i * step + step * 0.15)
            h = round(abs(value) / span * inner.h)
            bar = pygame.Rect(x, zero - h if value >= 0 else zero, max(1, round(step * 0.7)), h)
            pygame.draw.rect(surface, GAIN if value >= 0 else LOSS, bar)
            if len(bars) <= 8:
                blit_text(surface, fit(label, px(13), round(step)), px(13),
                          (round(inner.x + (i + 0.5) * step), inner.bottom + px(6)), MUTED,
                          anchor="midtop")
        pygame.draw.line(surface, MUTED, (inner.x, zero), (inner.right, zero))
