"""Learn to play: the guided lessons in order, each marked once finished, under the name
of the ruleset they teach; a lesson opens the `lesson` page. Offered on the first start
with a word of welcome."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIImage

from game.render.paint import GOLD, LOSS, MUTED, PRIMARY
from game.render.text_block import BOLD, NORMAL, Style, paragraph
from game.rulesets import load_ruleset
from game.shell.lessons import Lesson, LessonError, load_lessons, load_progress
from game.ui.widgets import Page

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.layout_box import Specimen

ROW_H = 52        # design pixels of a lesson's row
MARK_W = 130      # design pixels of the "done" column


class LessonsScene(Page):
    """The list of lessons with the player's progress."""

    title_key = "lessons.title"
    max_width = 760

    def __init__(self, app: App, welcome: bool = False) -> None:
        super().__init__(app)
        self.welcome = welcome
        self.problem = ""
        self.lessons: list[Lesson] = []
        try:
            self.lessons = load_lessons()
        except LessonError as exc:
            self.problem = str(exc)

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        return [("welcome", {"welcome": True})]

    def build_page(self, area: pygame.Rect) -> None:
        t, px = self.app.t, self.app.px
        language = self.app.settings.language
        if self.welcome or self.problem:
            words = self.problem or t("lessons.welcome")
            self._words(area, words, Style(px(18), LOSS if self.problem else MUTED), NORMAL)
        done = load_progress()
        self.lesson_buttons = []
        first_open = next((i for i, x in enumerate(self.lessons) if x.id not in done), 0)
        grouped = len({x.ruleset for x in self.lessons}) > 1
        for i, lesson in enumerate(self.lessons):
            if grouped and (i == 0 or lesson.ruleset != self.lessons[i - 1].ruleset):
                self._words(area, load_ruleset(lesson.ruleset).title(language),
                            Style(px(20), GOLD), BOLD)
            row = self.row(area, ROW_H, 10)
            mark = px(MARK_W)
            style = PRIMARY if i == first_open else None
            self.lesson_buttons.append(self.button(
                pygame.Rect(row.x, row.y, row.w - mark - px(12), row.h),
                f"{i + 1}. {lesson.title[language]}", self.opener("lesson", index=i), style))
            self.label(pygame.Rect(row.right - mark, row.y, mark, row.h),
                       t("lessons.done") if lesson.id in done else t("lessons.todo"))

    def _words(self, area: pygame.Rect, words: str, style: Style, weight: str) -> None:
        """A paragraph across the page (the welcome, a problem, a ruleset's name)."""
        image = paragraph(((words, weight),), area.w, style)
        UIImage(pygame.Rect(area.x, self._y, area.w, image.get_height()), image,
                self.app.ui, container=self.parent)
        self._y += image.get_height() + self.app.px(14)
