"""The Matches page: every match of the library, to resume, view or delete."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer

from game.engine.ruleset import RulesetError
from game.play.setup import SeatSpec
from game.render.paint import PRIMARY
from game.render.text import fit_font, wrap
from game.rulesets import load_ruleset
from game.shell import library
from game.shell.layout_box import Specimen
from game.shell.saves import PROBLEM_KEYS, SaveError
from game.shell.seat_names import seat_name
from game.ui.dialogs import ConfirmDialog
from game.ui.widgets import Page
from game.ui.wording import LEVEL_KEYS, words_for

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.library import MatchEntry

ROW_H, LINE_H, GAP, BUTTON_W = 64, 30, 10, 120   # design pixels
MIN_TEXT_W = 320    # below this the buttons go under the facts
MIN_SEAT_W = 230    # the narrowest cell of a seat's name, level and score
SCORE_CLASSES = {1: "@value_gain", 0: "@value_even", -1: "@value_loss"}   # by the sign
KINDS = {"online": "matches.online", "branch": "matches.branch"}   # by the file's source


class MatchesScene(Page):
    """One row per match file, newest first: when, ruleset, seats and levels, hands
    played, scores, finished or not; Resume (unfinished) or View (finished), Delete."""

    title_key = "matches.title"
    max_width = 1200
    fit_panel = False
    scrolls = False  # the list scrolls

    def __init__(self, app: App, refusal: tuple[str, SaveError] | None = None) -> None:
        """`refusal`: a dialog to show over the page at once (its title key and problem)."""
        super().__init__(app)
        self.entries: list[MatchEntry] = []
        self._titles: dict[str, str] = {}
        self.refusal = refusal

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        from game.history.autoplay import sample_library, sample_unfinished_match
        sample_library()
        sample_unfinished_match()
        damaged = SaveError("the save file was changed or damaged (checksum mismatch) at "
                            "match-20261129-021722-1a2b3c4d.json, line 1 column 46")
        return [("library", {}), ("cannot_resume", {"refusal": ("dialog.cannot_resume", damaged)}),
                ("in_use", {"refusal": ("matches.cannot_delete",
                                        SaveError(library.IN_USE, "in_use"))})]

    def build(self) -> None:
        super().build()
        if self.refusal is not None:
            title, problem = self.refusal
            self.alert(self.app.t(title), self.app.t(problem.key), str(problem))

    def build_page(self, area: pygame.Rect) -> None:
        self.entries = library.list_matches()
        if not self.entries:
            self.label(pygame.Rect(area.x, area.y, area.w, self.app.px(44)),
                       self.app.t("matches.empty"))
            return
        box = UIScrollingContainer(area, self.app.ui, container=self.root,
                                   allow_scroll_x=False)
        inner_w = area.w - max(24, self.app.px(24))
        y = 0
        for entry in self.entries:
            y += self._row(box, entry, y, inner_w) + self.app.px(GAP)
        box.set_scrollable_area_dimensions((inner_w, y))

    def _row(self, box: UIScrollingContainer, entry: MatchEntry, y: int, width: int) -> int:
        """One match: its status and facts (wrapped, never cut), each seat with its score
        so far, Resume or View and Delete; returns the row's height."""
        px = self.app.px
        line_h, button_w, gap = px(LINE_H), px(BUTTON_W), px(GAP)
        text_w = width - 2 * (button_w + gap)
        buttons_below = text_w < px(MIN_TEXT_W)     # a large UI scale in a narrow window
        if buttons_below:
            text_w = width
        font = self.app.ui.get_theme().get_font(["label"])
        lines = wrap(self._headline(entry), font, text_w - 12)
        for i, line in enumerate(lines):
            self._text(box, pygame.Rect(0, y + i * line_h, text_w, line_h), line)
        top = y + len(lines) * line_h
        if entry.problem is not None:      # what happened, then the technical reason
            said = self.app.t(PROBLEM_KEYS[entry.problem_kind])
            for text, style in ((said, "@row_text"), (entry.problem, "@muted")):
                for line in wrap(text, font, text_w - 12):
                    self._text(box, pygame.Rect(0, top, text_w, line_h), line, style)
                    top += line_h
        else:
            top = self._seats(box, entry, pygame.Rect(0, top, text_w, line_h))
        height = max(top - y, px(ROW_H))
        button_h = min(px(48), px(ROW_H) - px(16))
        if buttons_below:
            button_y, height = y + height + px(4), height + button_h + px(8)
        else:
            button_y = y + (height - button_h) // 2
        opener = UIButton(pygame.Rect(width - 2 * button_w - gap, button_y, button_w, button_h),
                          self.app.t("matches.resume" if not entry.finished else "matches.view"),
                          self.app.ui, container=box,
                          object_id=PRIMARY if entry.resumable else None)
        if entry.problem is not None or entry.in_use:
            opener.disable()
        self.on(opener, lambda _e: self.open_entry(entry))
        delete = UIButton(pygame.Rect(width - button_w, button_y, button_w, button_h),
                          self.app.t("matches.delete"), self.app.ui, container=box)
        self.on(delete, lambda _e: self.ask_delete(entry))
        if entry.in_use:        # the other window plays it: nothing here may touch it
            for button in (opener, delete):
                button.set_tooltip(self.app.t("matches.in_use_why"))
            delete.disable()
        return height

    def _seats(self, box: UIScrollingContainer, entry: MatchEntry, line: pygame.Rect) -> int:
        """Each seat's name and level, its score so far apart at the right of its cell
        (four to a line where they fit, else two or one); returns the y below them."""
        px = self.app.px
        seats = entry.seats
        per_line = next((n for n in (4, 2) if line.w // n >= px(MIN_SEAT_W)), 1)
        cell_w = line.w // per_line
        score_w = px(64)
        totals = entry.totals or (0,) * len(seats)
        for i, (seat, total) in enumerate(zip(seats, totals)):
            at = pygame.Rect(line.x + (i % per_line) * cell_w, line.y + (i // per_line) * line.h,
                             cell_w, line.h)
            self._text(box, pygame.Rect(at.x, at.y, at.w - score_w, at.h),
                       f"{seat_name(seat, i, self.app.t)} ({self._level(seat.text)})", "@muted")
            score = UILabel(pygame.Rect(at.right - score_w - px(12), at.y, score_w, at.h),
                            f"{total:+d}", self.app.ui, container=box,
                            object_id=SCORE_CLASSES[(total > 0) - (total < 0)])
            score.text_horiz_alignment = "right"
            score.rebuild()
        return line.y + -(-len(seats) // per_line) * line.h

    def _text(self, box: UIScrollingContainer, rect: pygame.Rect, line: str,
              class_id: str = "@row_text") -> None:
        label = UILabel(rect, "", self.app.ui, container=box, object_id=class_id)
        label.set_text(fit_font(line, label.font, rect.w - 12))

    def _level(self, kind: str) -> str:
        return words_for(self.app.t, LEVEL_KEYS, SeatSpec.parse(kind).tag)

    def _headline(self, entry: MatchEntry) -> str:
        """The status first, so that no width hides it: state · when · ruleset · hands."""
        t = self.app.t
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.updated))
        if entry.problem is not None:
            return f"{t('matches.damaged')} · {entry.path.name}"
        state = t("matches.finished") if entry.finished else t("matches.unfinished")
        if entry.in_use:
            state = t("matches.in_use")
        hands = t("matches.hands", played=entry.hands_played, length=entry.length)
        kind = "matches.hotseat" if entry.debug else KINDS.get(entry.source)
        if kind is not None:
            state = f"{state} · {t(kind)}"
        return f"{state} · {when} · {self._ruleset_title(entry.ruleset)} · {hands}"

    def _ruleset_title(self, ruleset_id: str) -> str:
        if ruleset_id not in self._titles:
            try:
                ruleset = load_ruleset(ruleset_id)
                self._titles[ruleset_id] = ruleset.title(self.app.settings.language)
            except RulesetError:
                self._titles[ruleset_id] = ruleset_id
        return self._titles[ruleset_id]

    # ------------------------------------------------------------ actions
    def open_entry(self, entry: MatchEntry) -> None:
        """Resume an unfinished match in place; a finished one opens in the replay viewer."""
        if entry.finished:
            self.app.scenes.push("replay", match_path=entry.path)
            return
        from game.shell.session import MatchSession

        def make() -> Any:
            return MatchSession.from_save(library.open_match(entry.path), entry.path)

        self.open_table(make, "dialog.cannot_resume")

    def ask_delete(self, entry: MatchEntry) -> None:
        t = self.app.t
        if self.dialog_open:
            self.dialog.kill()  # type: ignore[union-attr]
        self.dialog = ConfirmDialog(self.app, t("matches.delete_title"),
                                    t("matches.delete_question", name=self._headline(entry)),
                                    t("matches.delete"), lambda: self.delete(entry),
                                    destructive=True)

    def delete(self, entry: MatchEntry) -> None:
        try:
            library.delete_match(entry.path)
        except (SaveError, OSError) as exc:
            t = self.app.t
            if isinstance(exc, SaveError):
                self.alert(t("matches.cannot_delete"), t(exc.key), str(exc))
            else:
                self.alert(t("matches.cannot_delete"), t("file.problem.unreadable"), str(exc))
            return
        self.resize(self.app.size)

