"""A level's review of one seat of a match: every decision beside the level's choice.

The reviewing level is chosen among the registered ones (by default the strongest quick
one). The review (game.history.review) runs on a worker thread with a progress bar that
advances per decision; exit() stops it. Then the page shows the summary (agreement,
total regret), what its numbers mean, the costliest decisions (only those that lost
something) and every decision in order — the level's choice, the chance to win, expected
points, deal-in risk and samples it estimated for the choice made and for its own, and
the regret, 托管 turns and time-outs (the clock's default, not the player's choice)
marked and counted apart — each one click from its moment in the replay viewer. Hands
and steps count from 1.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UILabel

from game.history.autoplay import TIMEOUT_SEAT, sample_match_file, sample_timeout_file
from game.history.review import Decision, SeatReview, review_seat
from game.history.timeline import Timeline, seat_levels
from game.render.paint import GOLD
from game.render.text import fit, fit_font, wrap
from game.shell.layout_box import LayoutBox, Specimen
from game.shell.saves import SaveError, load_save
from game.shell.seat_names import seat_names
from game.ui.action_log import action_words
from game.ui.reason_words import estimate_words
from game.ui.scrubber import draw_track
from game.ui.widgets import Page
from game.ui.wording import LEVEL_KEYS, words_for

if TYPE_CHECKING:
    from game.shell.app import App

COSTLIEST = 5
REVIEW_LINE = 30      # design pixels of a line of a decision


class ReviewScene(Page):
    """One seat's decisions of a match file, reviewed by a level."""

    title_key = "review.title"
    max_width = 1200
    fit_panel = False

    def __init__(self, app: App, match_path: Path | str, seat: int = 0,
                 wait: bool = False, reviewer: str | None = None) -> None:
        super().__init__(app)
        from ai.levels import STRONGEST, level_names
        self.reviewers = level_names()
        self.reviewer = reviewer if reviewer in self.reviewers else STRONGEST
        self.match_path = Path(match_path)
        self.problem: SaveError | None = None
        self.timeline: Timeline | None = None
        self.names: list[str] = []
        self.levels: list[str] = []
        self.timeouts: frozenset[tuple[int, int]] = frozenset()
        try:
            save = load_save(self.match_path)
            self.timeouts = frozenset(save.timeouts)
            self.timeline = Timeline(save.match)
            players = self.timeline.players
            self.names = seat_names(save.setup, players, self.app.t)
            self.levels = seat_levels(save.setup, players)
        except SaveError as exc:
            self.problem = exc
        self.seat = seat % len(self.names) if self.names else 0
        self.done, self.total = 0, 1
        self.result: SeatReview | None = None
        self._shown: SeatReview | None = None
        self._stop = threading.Event()
        self._worker: threading.Thread | None = None
        self.bar = pygame.Rect(0, 0, 0, 0)
        self._progress: UILabel | None = None
        if self.timeline is not None:
            self._start(wait)

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        path = sample_match_file()
        return [("progress", {"match_path": path, "seat": 1}),
                ("done", {"match_path": path, "seat": 1, "wait": True}),
                ("hard_seat", {"match_path": path, "seat": 0, "wait": True}),
                ("timeouts", {"match_path": sample_timeout_file(), "seat": TIMEOUT_SEAT,
                              "wait": True})]

    # ------------------------------------------------------------- the work
    def _start(self, wait: bool) -> None:
        timeline = self.timeline
        assert timeline is not None
        self._stop.clear()
        self.result, self.done, self.total = None, 0, 1
        seat, level, reviewer = self.seat, self.levels[self.seat], self.reviewer
        timeouts = self.timeouts

        def progress(done: int, total: int) -> bool:
            self.done, self.total = done, max(1, total)
            return not self._stop.is_set()

        def work() -> None:
            review = review_seat(timeline, seat, level, progress, reviewer, timeouts)
            if review.complete:
                self.result = review

        if wait:
            work()
            return
        self._worker = threading.Thread(target=work, name="review", daemon=True)
        self._worker.start()

    def _halt(self) -> None:
        self._stop.set()
        if self._worker is not None:
            self._worker.join(timeout=5)
            self._worker = None

    def exit(self) -> None:
        """Leaving the page stops the review."""
        self._halt()
        super().exit()

    def choose_seat(self, seat: int) -> None:
        """Review another seat (the running review stops first)."""
        self._restart(seat, self.reviewer)

    def choose_reviewer(self, reviewer: str) -> None:
        """Review with another level (the running review stops first)."""
        self._restart(self.seat, reviewer)

    def _restart(self, seat: int, reviewer: str) -> None:
        self._halt()
        self.seat, self.reviewer = seat, reviewer
        self._start(False)
        self._shown = None
        self.resize(self.app.size)

    def _running_text(self) -> str:
        return self.app.t("review.running", level=self._reviewer_words(),
                          name=self.names[self.seat], done=self.done, total=self.total)

    def update(self, dt: float) -> None:
        if self.result is None and self._progress is not None and self._progress.alive():
            label = self._progress
            text = fit_font(self._running_text(), label.font, label.rect.w - 12)
            if label.text != text:
                label.set_text(text)
        if self.result is not None and self._shown is not self.result:
            self._shown = self.result
            self.resize(self.app.size)

    @property
    def animating(self) -> bool:
        return self.result is None and self.timeline is not None

    # -------------------------------------------------------------- widgets
    def _fitted(self, rect: pygame.Rect, text: str, class_id: str | None = None) -> UILabel:
        label = self.label(rect, "", class_id)
        label.set_text(fit_font(text, label.font, rect.w - 12))
        return label

    def _words(self, text: str) -> str:
        return action_words(text, self.app.t, self.app.settings.language)

    def _level(self, seat: int) -> str:
        return words_for(self.app.t, LEVEL_KEYS, self.levels[seat])

    def _reviewer_words(self) -> str:
        return words_for(self.app.t, LEVEL_KEYS, self.reviewer)

    def build_page(self, area: pygame.Rect) -> None:
        t = self.app.t
        if self.problem is not None:    # in the player's words, the reason smaller under
            self._paragraph(area, t("replay.cannot_open", problem=t(self.problem.key)),
                            None, 34)
            self._paragraph(area, str(self.problem), "@muted", 28)
            return
        seats = self.field(area, t("review.seat"))
        cell = seats.w // len(self.names) - self.app.px(28)
        options = [(s, fit(n, self.app.px(17), cell)) for s, n in enumerate(self.names)]
        self.choice(seats, options, self.seat, self.choose_seat)
        self.choice_field(area, t("review.reviewer"),
                          [(lv, words_for(t, LEVEL_KEYS, lv)) for lv in self.reviewers],
                          self.reviewer, self.choose_reviewer)
        review = self.result
        if review is None:
            self.bar = self.row(area, 36)
            self._progress = self._fitted(self.row(area, 36), self._running_text())
            return
        self.bar = pygame.Rect(0, 0, 0, 0)
        self._paragraph(area, t(
            "review.summary", name=self.names[self.seat], level=self._level(self.seat),
            reviewer=self._reviewer_words(),
            decisions=len(review.own), agree=review.agree,
            pct=f"{100 * review.agreement:.0f}", regret=f"{review.regret:.2f}"), None, 34)
        if review.auto_turns:
            self._paragraph(area, t("review.auto_summary", n=review.auto_turns), None, 34)
        if review.timeouts:
            self._paragraph(area, t("review.timeout_summary", n=review.timeouts), None, 34)
        if not review.decisions:
            self._fitted(self.row(area, 40), t("review.none"))
            return
        self._paragraph(area, t("review.explain", level=self._reviewer_words()), "@muted", 30)
        self._fitted(self.row(area, 36, 4), t("review.costliest"), "@heading")
        mistakes = review.mistakes()[:COSTLIEST]
        if not mistakes:
            self._fitted(self.row(area, 40), t("review.no_losses"))
        for d in mistakes:
            self._decision(area, d)
        self._fitted(self.row(area, 36, 4), t("review.all"), "@heading")
        for d in review.decisions:
            self._decision(area, d)

    def _paragraph(self, area: pygame.Rect, words: str, class_id: str | None,
                   line_h: int) -> None:
        """`words` wrapped to the page's width, one label (of theme class `class_id`) per
        line of `line_h` design pixels."""
        font = self.app.ui.get_theme().get_font([class_id or "label", "label"])
        for line in wrap(words, font, area.w - 12):
            self.label(self.row(area, line_h, 0), line, class_id)
        self.row(area, 0, 10)

    def _decision(self, area: pygame.Rect, d: Decision) -> None:
        """The choice beside the reviewer's, then what the reviewer estimated for each,
        each wrapped to as many lines as it needs (never cut), and a View button."""
        t, px = self.app.t, self.app.px
        button_w = px(110)
        text_w = area.w - button_w - px(12)
        if d.agree:
            head = t("review.row_agree", hand=d.hand + 1, step=d.step + 1,
                     chosen=self._words(d.chosen))
        else:
            head = t("review.row", hand=d.hand + 1, step=d.step + 1, level=self._reviewer_words(),
                     chosen=self._words(d.chosen), best=self._words(d.best))
            if d.lost:
                bound = "≥" if d.bounded else ""
                head += " · " + t("review.regret", regret=f"{bound}{d.regret:.2f}")
        if d.auto:
            head = t("review.auto_tag") + " · " + head
        elif d.timed_out:
            head = t("review.timeout_tag") + " · " + head
        font = self.app.ui.get_theme().get_font(["label"])
        lines = [line for text in (head, *self._estimates(d)) for line in wrap(text, font, text_w - 12)]
        line_h = px(REVIEW_LINE)
        top = self._y
        for line in lines:
            self.label(pygame.Rect(area.x, self._y, text_w, line_h), line)
            self._y += line_h
        button_h = min(px(44), len(lines) * line_h)
        self.button(pygame.Rect(area.right - button_w, top + (self._y - top - button_h) // 2,
                                button_w, button_h),
                    t("review.view"), lambda: self.open_moment(d))
        self._y += px(10)

    def _estimates(self, d: Decision) -> list[str]:
        """What the reviewer estimated for the choice made and, if another, for its own."""
        t, level = self.app.t, self._reviewer_words()
        mine = d.estimate(d.chosen)
        numbers = t("review.unweighed", level=level) if mine is None else estimate_words(mine, t)
        lines = [t("review.yours", move=self._words(d.chosen), numbers=numbers)] \
            if numbers else []
        best = d.estimate(d.best)
        if not d.agree and best is not None and estimate_words(best, t):
            lines.append(t("review.theirs", level=level, move=self._words(d.best),
                           numbers=estimate_words(best, t)))
        return lines

    def open_moment(self, d: Decision) -> None:
        """The replay viewer at this decision, just played (its caption then shows the
        step this page names), from the seat's side, with Hard's view of each of the
        seat's decisions shown as it steps through them."""
        assert self.timeline is not None
        self.app.scenes.push("replay", match_path=self.match_path,
                             position=self.timeline.flat(d.hand, d.step + 1), viewer=self.seat,
                             open_all=False, review=self.result)

    # -------------------------------------------------------------- drawing
    def layout_boxes(self) -> list[LayoutBox]:
        return [LayoutBox("progress", self._bar_on_screen())] if self.bar.w else []

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.result is None and self.bar.w and self.body is None and self.root is not None:
            bar = self._bar_on_screen()
            draw_track(surface, bar, round(bar.w * self.done / self.total), (*GOLD, 200))

    def _bar_on_screen(self) -> pygame.Rect:
        return self.bar.move(self._body_origin())

    def _body_origin(self) -> tuple[int, int]:
        return self.content_rect().inflate(-self.app.px(64), -self.app.px(56)).topleft
