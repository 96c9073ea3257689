"""The Matches page: every match of the library, to resume, view or delete."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer

from game.engine.ruleset import RulesetError
from game.render.paint import PRIMARY
from game.render.text import fit_font
from game.rulesets import load_ruleset
from game.shell import library
from game.shell.app import Specimen
from game.shell.saves import SaveError
from game.ui.dialogs import ConfirmDialog
from game.ui.widgets import Page

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.library import MatchEntry

ROW_H, GAP, BUTTON_W = 64, 10, 120


class MatchesScene(Page):
    """One row per match file, newest first: when, ruleset, seats and levels, hands
    played, scores, finished or not; Resume (unfinished) or View (finished), Delete."""

    title_key = "matches.title"
    max_width = 1200
    fit_panel = False
    scrolls = False  # the list scrolls

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[MatchEntry] = []
        self._titles: dict[str, str] = {}

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        return [("library", {})]

    def build_page(self, area: pygame.Rect) -> None:
        self.entries = library.list_matches()
        if not self.entries:
            self.label(pygame.Rect(area.x, area.y, area.w, self.app.px(44)),
                       self.app.t("matches.empty"))
            return
        box = UIScrollingContainer(area, self.app.ui, container=self.root,
                                   allow_scroll_x=False)
        inner_w = area.w - 24
        box.set_scrollable_area_dimensions((inner_w, len(self.entries) * (ROW_H + GAP)))
        for i, entry in enumerate(self.entries):
            self._row(box, entry, pygame.Rect(0, i * (ROW_H + GAP), inner_w, ROW_H))

    def _row(self, box: UIScrollingContainer, entry: MatchEntry, rect: pygame.Rect) -> None:
        t = self.app.t
        text_w = rect.w - 2 * (BUTTON_W + GAP)
        for i, line in enumerate((self._headline(entry), self._details(entry))):
            shown = UILabel(pygame.Rect(rect.x, rect.y + i * rect.h // 2, text_w, rect.h // 2),
                            "", self.app.ui, container=box, object_id="@row_text")
            shown.set_text(fit_font(line, shown.font, text_w - 12))
        open_rect = pygame.Rect(rect.right - 2 * BUTTON_W - GAP, rect.y + 8, BUTTON_W,
                                rect.h - 16)
        label = t("matches.resume") if not entry.finished else t("matches.view")
        opener = UIButton(open_rect, label, self.app.ui, container=box,
                          object_id=PRIMARY if entry.resumable else None)
        if entry.problem is not None or entry.in_use:
            opener.disable()
        self.on(opener, lambda _e: self.open_entry(entry))
        delete = UIButton(pygame.Rect(rect.right - BUTTON_W, rect.y + 8, BUTTON_W, rect.h - 16),
                          t("matches.delete"), self.app.ui, container=box)
        self.on(delete, lambda _e: self.ask_delete(entry))

    def _headline(self, entry: MatchEntry) -> str:
        t = self.app.t
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.updated))
        if entry.problem is not None:
            return f"{entry.path.name} · {t('matches.damaged')}"
        state = t("matches.finished") if entry.finished else t("matches.unfinished")
        if entry.in_use:
            state = t("matches.in_use")
        hands = t("matches.hands", played=entry.hands_played, length=entry.length)
        return f"{when} · {self._ruleset_title(entry.ruleset)} · {hands} · {state}"

    def _ruleset_title(self, ruleset_id: str) -> str:
        if ruleset_id not in self._titles:
            try:
                ruleset = load_ruleset(ruleset_id)
                self._titles[ruleset_id] = ruleset.title(self.app.settings.language)
            except RulesetError:
                self._titles[ruleset_id] = ruleset_id
        return self._titles[ruleset_id]

    def _details(self, entry: MatchEntry) -> str:
        if entry.problem is not None:
            return entry.problem
        t = self.app.t
        seats = []
        for (name, kind), total in zip(entry.seats, entry.totals or (0,) * len(entry.seats)):
            level = t(f"level.{kind}") if kind in ("human", "easy", "medium", "hard") else kind
            seats.append(f"{name} ({level}) {total:+d}")
        return "  ·  ".join(seats)

    # ------------------------------------------------------------ actions
    def open_entry(self, entry: MatchEntry) -> None:
        """Resume an unfinished match in place; a finished one opens in the replay viewer."""
        if entry.finished:
            self.app.scenes.push("replay", match_path=entry.path)
            return
        from game.shell.session import MatchSession

        def make() -> Any:
            return MatchSession.from_save(library.open_match(entry.path), entry.path)

        self.open_table(make)

    def ask_delete(self, entry: MatchEntry) -> None:
        t = self.app.t
        if self.dialog_open:
            self.dialog.kill()  # type: ignore[union-attr]
        self.dialog = ConfirmDialog(self.app, t("matches.delete_title"),
                                    t("matches.delete_question", name=self._headline(entry)),
                                    t("matches.delete"), lambda: self.delete(entry))

    def delete(self, entry: MatchEntry) -> None:
        try:
            library.delete_match(entry.path)
        except (SaveError, OSError) as exc:
            self.alert(self.app.t("dialog.cannot_save"), str(exc))
            return
        self.resize(self.app.size)

