"""The Settings screen; every change applies at once and is saved."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIImage, UITextEntryLine

from game.render.paint import MUTED
from game.render.text_block import NORMAL, Style, paragraph
from game.shell.settings import COUNTDOWNS, clean_name
from game.ui.widgets import Page

LANGUAGE_NAMES = (("zh", "中文"), ("en", "English"))
UI_SCALES = (0.75, 1.0, 1.25, 1.5, 2.0)
NOTE_GAP = 2          # design pixels between a row and its explanation
NOTE_SIZE = 15        # design pixels of an explanation's text (it wraps to the control)
NOTE_AFTER = 12       # design pixels between an explanation and the next row


class SettingsScene(Page):
    """Language, your name, animation speed, window mode, sound and its volume, hints,
    auto-win and never-claim, self-signed servers, and the match defaults."""

    title_key = "settings.title"
    max_width = 900

    def build_page(self, area: pygame.Rect) -> None:
        t = self.app.t
        s = self.app.settings
        on_off = [(True, t("common.on")), (False, t("common.off"))]
        self.language_choice = self.choice_field(area, t("settings.language"), LANGUAGE_NAMES,
                                                 s.language, self.saving(self.app.set_language))
        self._name_field(area)
        self.slider(self.field(area, t("settings.anim_speed"), gap=NOTE_GAP), s.anim_speed,
                    0.0, 2.0, self.store("anim_speed"), self._speed_text)
        self.explain(area, "settings.anim_speed", "settings.note.anim_speed")
        scales = [(v, f"{round(v * 100)}%") for v in UI_SCALES]
        current = min(UI_SCALES, key=lambda v: abs(v - s.ui_scale))
        self.scale_choice = self.choice_field(area, t("settings.ui_scale"), scales, current,
                                              self.saving(self._set_scale), gap=NOTE_GAP)
        self.explain(area, "settings.ui_scale", "settings.note.ui_scale")
        self.display_choice = self.choice_field(
            area, t("settings.display"),
            [(False, t("settings.windowed")), (True, t("settings.fullscreen"))], s.fullscreen,
            self.saving(self.app.set_fullscreen))
        self.sound_choice = self.choice_field(area, t("settings.sound"), on_off, s.sound_on,
                                              self.saving(self.app.set_sound))
        self.slider(self.field(area, t("settings.volume")), s.volume, 0.0, 1.0,
                    self.saving(self.app.set_volume), lambda v: f"{round(v * 100)}%")
        self.efficiency_choice = self.switch(area, "hint_efficiency", on_off,
                                             "settings.hint_efficiency",
                                             "settings.note.hint_efficiency")
        self.suggest_choice = self.switch(area, "hint_suggest", on_off, "settings.hint_suggest",
                                          "settings.note.hint_suggest")
        self.danger_choice = self.switch(area, "hint_danger", on_off, "settings.hint_danger",
                                         "settings.note.hint_danger")
        self.waits_choice = self.switch(area, "show_waits", on_off, "settings.waits",
                                        "settings.note.waits")
        self.auto_win_choice = self.switch(area, "auto_win", on_off, "settings.auto_win",
                                           "settings.note.auto_win")
        self.never_claim_choice = self.switch(area, "never_claim", on_off,
                                              "settings.never_claim", "settings.note.never_claim")
        self.insecure_choice = self.switch(area, "online_insecure", on_off,
                                           "settings.online_insecure",
                                           "settings.note.online_insecure")
        self.mute_phrases_choice = self.switch(area, "mute_phrases", on_off,
                                               "settings.mute_phrases",
                                               "settings.note.mute_phrases")
        self.slider(self.field(area, t("settings.delay"), gap=NOTE_GAP), s.thinking_delay,
                    0.0, 2.0, self.store("thinking_delay"),
                    lambda v: t("form.seconds", s=f"{v:.1f}"))
        self.explain(area, "settings.delay", "settings.note.delay")
        countdowns = [(c, t("form.no_limit") if c == 0 else t("form.seconds", s=c))
                      for c in COUNTDOWNS]
        self.countdown_choice = self.choice_field(area, t("settings.countdown"), countdowns,
                                                  s.claim_countdown, self.store("claim_countdown"),
                                                  gap=NOTE_GAP)
        self.explain(area, "settings.countdown", "settings.note.countdown")

    def switch(self, area: pygame.Rect, setting: str, on_off: list[tuple[bool, str]],
               label_key: str, note_key: str) -> Any:
        """An on/off row for a boolean setting, with its one-line explanation under it."""
        choice = self.choice_field(area, self.app.t(label_key), on_off,
                                   getattr(self.app.settings, setting), self.store(setting),
                                   gap=NOTE_GAP)
        self.explain(area, label_key, note_key)
        return choice

    def explain(self, area: pygame.Rect, label_key: str, note_key: str) -> None:
        """The line (`note_key`) under the row just laid out (labelled `label_key`) that
        says what its setting does."""
        width = self.control_width(area, self.app.t(label_key))
        text = paragraph(((self.app.t(note_key), NORMAL),), width,
                         Style(self.app.px(NOTE_SIZE), MUTED))
        rect = pygame.Rect(area.right - width, self._y, width, text.get_height())
        UIImage(rect, text, self.app.ui, container=self.parent)
        self._y = rect.bottom + self.app.px(NOTE_AFTER)

    def _name_field(self, area: pygame.Rect) -> None:
        """Your name, and a line under it that says what it is for, or why a name typed
        there is refused (the last good one is kept)."""
        t = self.app.t
        rect = self.field(area, t("settings.name"), gap=4)
        self.name_entry = self.on(
            UITextEntryLine(rect, self.app.ui, container=self.parent,
                            placeholder_text=t("seat.you"),
                            initial_text=self.app.settings.player_name or None),
            lambda event: self._set_name(event.text))
        line = self.row(area, 26)
        self.name_note = self.label(pygame.Rect(rect.x, line.y, area.right - rect.x, line.h),
                                    t("settings.name_note"), "@muted")

    def _set_name(self, text: str) -> None:
        name = clean_name(text)
        self.name_note.set_text(self.app.t("settings.name_bad" if name is None
                                           else "settings.name_note"))
        if name is not None and name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.settings.save()

    def _set_scale(self, scale: float) -> None:
        """Lay everything out at another UI scale, then put the pointer back on the button
        just clicked, wherever it now is: a second click does the same thing again."""
        self.app.set_ui_scale(scale)
        self.app.point_at(self.scale_target(scale))

    def scale_target(self, scale: float) -> tuple[int, int]:
        """The middle of the UI-scale button of `scale`, scrolled into view."""
        return self.reveal(dict(self.scale_choice.options)[scale]).center

    def _speed_text(self, v: float) -> str:
        return self.app.t("settings.instant") if v == 0 else f"{v:.1f}×"

    def saving(self, apply: Callable[[Any], None]) -> Callable[[Any], None]:
        """A change handler: apply the new value, then save the settings."""
        def change(value: Any) -> None:
            apply(value)
            self.app.settings.save()
        return change

    def store(self, name: str) -> Callable[[Any], None]:
        """A change handler that sets one setting and saves."""
        return self.saving(partial(setattr, self.app.settings, name))
