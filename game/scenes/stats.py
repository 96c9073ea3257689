"""The Statistics page: figures over the finished matches of the library, filtered by
ruleset, opponent level and the last N matches, with three charts drawn in the game:
points per match over time, how hands ended, and points per hand by opponent level."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ai.levels import level_names
from game import paths
from game.history.stats import (
    AUTO,
    OUTCOMES,
    Figures,
    compute,
    filtered,
    hand_endings,
    hands_under_auto,
    load_finished,
    match_files,
    own_rating,
    points_by_opponent,
    points_per_match,
)
from game.render.paint import FITTED_CHOICE, GAIN, GOLD_DARK, IVORY, LOSS, MUTED
from game.render.text import blit_text, fit
from game.rulesets import available_rulesets, load_ruleset
from game.shell.layout_box import LayoutBox, Specimen
from game.ui.charts import Bar, draw_bar_chart
from game.ui.widgets import CHOICE_GAP, Page
from game.ui.wording import ENDING_KEYS, LEVEL_KEYS, every, words_for

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.saves import Save

GROUPS = ("human", AUTO, *level_names(strongest_first=False), "bot")  # the figures' rows
ROW_H = 30           # design pixels of a row of figures
LASTS = (0, 10, 50)
CHART_MIN_H = 120    # design pixels: below this the figures and charts take turns
BOTH, FIGURES, CHARTS = "both", "figures", "charts"
FILTER_GAP = 10      # design pixels between the filter lines
ENDING_COLORS = {"self_draw": GAIN, "won_on_discard": GAIN, "dealt_in": LOSS,
                 "others_won": GOLD_DARK, "exhausted": MUTED}
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

    def __init__(self, app: App, showing: str = BOTH) -> None:
        super().__init__(app)
        self.saves: list[Save] = load_finished(match_files(paths.data_dir()))[0]
        self.rating = own_rating(self.saves)      # over every finished match, in order
        self.ruleset: str | None = None
        self.opponent: str | None = None
        self.last = 0
        self.charts = pygame.Rect(0, 0, 0, 0)
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.rating_rect = pygame.Rect(0, 0, 0, 0)
        self.showing = showing    # the figures and the charts, or one of them when both
                                  # do not fit (then a switch above them)

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        from game.history.autoplay import sample_library
        sample_library()
        return [("library", {}), ("charts", {"showing": CHARTS})]

    def chosen(self) -> list[Save]:
        return filtered(self.saves, self.ruleset, self.opponent, self.last or None)

    def build_page(self, area: pygame.Rect) -> None:
        t, px = self.app.t, self.app.fit_px
        language = self.app.settings.language
        filters: list[tuple[list[tuple[Any, str]], Any, str]] = [
            ([(None, t("stats.all_rulesets"))]
             + [(r, load_ruleset(r).title(language)) for r in self._rulesets()],
             self.ruleset, "ruleset"),
            ([(None, t("stats.all_opponents"))]
             + [(lv, words_for(t, LEVEL_KEYS, lv)) for lv in level_names(False)],
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
        self.rating_rect = pygame.Rect(area.x, top, area.w, px(ROW_H) if self.saves else 0)
        top = self.rating_rect.bottom
        groups = len(compute(self.saves, "level")) if self.saves else 0
        table_h = px(ROW_H) * (1 + max(1, groups))
        self.table_rect = pygame.Rect(area.x, top, area.w, table_h)
        self.charts = pygame.Rect(area.x, self.table_rect.bottom + px(12), area.w,
                                  max(0, area.bottom - self.table_rect.bottom - px(12)))
        if self.charts.h >= px(CHART_MIN_H) or not self.saves:
            self.showing = BOTH
            return
        # no room for both (a large UI scale in a small window): one at a time
        self.showing = self.showing if self.showing != BOTH else FIGURES
        views = [(FIGURES, t("stats.view.figures")), (CHARTS, t("stats.view.charts"))]
        switch = pygame.Rect(area.x, top, area.w, px(36))
        self.choice(switch, views, self.showing, self._show, style=FITTED_CHOICE)
        rest = pygame.Rect(area.x, switch.bottom + px(FILTER_GAP), area.w,
                           max(0, area.bottom - switch.bottom - px(FILTER_GAP)))
        self.table_rect = pygame.Rect(rest.topleft, (rest.w, table_h))
        self.charts = rest if self.showing == CHARTS else pygame.Rect(rest.x, rest.y, 0, 0)

    def _rulesets(self) -> list[str]:
        """The shipped rulesets the library has matches of (and the one chosen)."""
        played = {s.match.ruleset.id for s in self.saves} | {self.ruleset}
        return [r for r in available_rulesets() if r in played]

    def _show(self, view: str) -> None:
        self.showing = view
        self.resize(self.app.size)

    def _set(self, name: str) -> Any:
        def change(value: Any) -> None:
            setattr(self, name, value)
        return change

    def layout_boxes(self) -> list[LayoutBox]:
        boxes = [LayoutBox("rating", self.rating_rect)] if self.rating_rect.h else []
        boxes += [] if self.showing == CHARTS else [LayoutBox("figures", self.table_rect)]
        return boxes + [LayoutBox("charts", self.charts)] if self.charts.h else boxes

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        saves = self.chosen()
        if not saves:
            blit_text(surface, self.app.t("stats.none"), self.app.fit_px(20),
                      self.table_rect.topleft, MUTED)
            return
        mu, sigma = self.rating
        text = self.app.t("stats.rating", mu=f"{mu:.1f}", sigma=f"{sigma:.1f}")
        size = self.app.fit_px(17)
        blit_text(surface, fit(text, size, self.rating_rect.w), size,
                  self.rating_rect.topleft, GOLD_DARK)
        if self.showing != CHARTS:
            self._figures(surface, compute(saves, "level"))
        if self.showing == FIGURES:
            return
        third = (self.charts.w - 2 * self.app.fit_px(16)) // 3
        boxes = [pygame.Rect(self.charts.x + i * (third + self.app.fit_px(16)), self.charts.y,
                             third, self.charts.h) for i in range(3)]
        t, k = self.app.t, self.app.fit_px
        points = points_per_match(saves)[-24:]
        first = len(saves) - len(points) + 1
        draw_bar_chart(surface, boxes[0], t("stats.chart.points"),
                       [Bar(str(first + i), float(v)) for i, v in enumerate(points)], k,
                       lambda v: f"{v:+.0f}" if v else "0", t("stats.axis.points_per_match"))
        endings = hand_endings(saves)
        draw_bar_chart(surface, boxes[1], t("stats.chart.endings"),
                       [Bar(t(ENDING_KEYS[key]), float(endings[key]), ENDING_COLORS[key])
                        for key in OUTCOMES], k, lambda v: f"{v:.0f}",
                       t("stats.axis.hands", auto=self._auto_note(saves)))
        draw_bar_chart(surface, boxes[2], t("stats.chart.levels"),
                       [Bar(words_for(t, LEVEL_KEYS, key), v) for key, v in sorted(
                           points_by_opponent(saves).items(), key=lambda kv: self._rank(kv[0]))],
                       k, lambda v: f"{v:+.1f}" if v else "0", t("stats.axis.points_per_hand"))

    @staticmethod
    def _rank(group: str) -> tuple[int, str]:
        """Groups in the order of GROUPS, any other after them."""
        return (GROUPS.index(group) if group in GROUPS else len(GROUPS), group)

    def _auto_note(self, saves: list[Save]) -> str:
        """" · N hands under 托管 left out", or nothing."""
        n = hands_under_auto(saves)
        return self.app.t("stats.auto_left_out", n=n) if n else ""

    def _figures(self, surface: pygame.Surface, figures: dict[str, Figures]) -> None:
        px, t, r = self.app.fit_px, self.app.t, self.table_rect
        size = px(17)
        col_w = (r.w - px(120)) // len(COLUMNS)
        for i, (key, _) in enumerate(COLUMNS):
            blit_text(surface, fit(t(COLUMN_KEYS[key]), size, col_w - px(6)), size,
                      (r.x + px(120) + (i + 1) * col_w - px(6), r.y), MUTED, anchor="topright")
        for row, level in enumerate(sorted(figures, key=self._rank)):
            f = figures[level]
            y = r.y + (row + 1) * px(ROW_H)
            blit_text(surface, words_for(t, LEVEL_KEYS, level), size, (r.x, y), IVORY, True)
            for i, (key, fmt) in enumerate(COLUMNS):
                blit_text(surface, fmt.format(f.value(key)), size,
                          (r.x + px(120) + (i + 1) * col_w - px(6), y), IVORY, anchor="topright")
