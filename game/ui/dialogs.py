"""Modal message and confirmation boxes in the game's theme (problems are shown, never
tracebacks)."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UITextBox, UIWindow

from game.render.paint import PRIMARY
from game.render.text import ui_font, wrap

if TYPE_CHECKING:
    from game.shell.app import App


DETAIL_INK = "#a9bdb2"     # the muted ink of a dialog's technical detail
DETAIL_SIZE = 13           # design pixels of its text
WIDTH, MIN_HEIGHT = 600, 260                 # design pixels of a dialog
TITLE_H, MARGIN = 44, 16                     # its title bar, its text's side margins
BUTTON_W, BUTTON_H = 136, 48                 # its buttons
LINE_SPACING = 1.6                           # a text line's height by its font's (at most)


class MessageDialog(UIWindow):
    """A centred window over a dimmed screen: a title, a message and OK (Enter and Esc
    close it too)."""

    def __init__(self, app: App, title: str, message: str, detail: str = "") -> None:
        px = app.px
        sw, sh = app.size
        self.message = message
        self.detail = detail
        w = min(px(WIDTH), sw - px(24))
        # lines broken here, narrower than the box (its padding, a scroll bar if it needs one)
        text, text_h = self._text(app, message, detail, w - px(2 * MARGIN + 44))
        h = min(sh - px(24), max(px(MIN_HEIGHT), px(TITLE_H + 14 + 90 + 16) + text_h))
        self.veil = UIPanel(pygame.Rect((0, 0), app.size), starting_height=50, manager=app.ui,
                            object_id="#veil")
        super().__init__(pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h), app.ui,
                         window_display_title=title, object_id="#dialog")
        self.set_blocking(True)
        inner = self.get_container().get_size()
        UITextBox(text, pygame.Rect(px(MARGIN), px(14), inner[0] - px(2 * MARGIN),
                                    inner[1] - px(90)), app.ui, container=self,
                  object_id="#dialog_text")
        self.ok = UIButton(self.button_rect(app, 0), app.t("dialog.ok"), app.ui, container=self,
                           object_id=PRIMARY)

    def button_rect(self, app: App, place: int) -> pygame.Rect:
        """The rectangle of the `place`-th button from the right of the bottom row."""
        px = app.px
        inner = self.get_container().get_size()
        right = inner[0] - px(20) - place * px(BUTTON_W + 20)
        return pygame.Rect(right - px(BUTTON_W), inner[1] - px(64), px(BUTTON_W), px(BUTTON_H))

    @staticmethod
    def _text(app: App, message: str, detail: str, width: int) -> tuple[str, int]:
        """The text box's HTML, its lines broken here (Chinese between any two characters,
        never with a hyphen), and its height in pixels; the detail smaller and quieter."""
        font = app.ui.get_theme().get_font(["text_box"])
        line_h = round(font.size("国")[1] * LINE_SPACING)
        lines = [line for part in message.split("\n") for line in wrap(part, font, width)]
        html_text = "<br>".join(html.escape(line) for line in lines)
        height = len(lines) * line_h
        if detail:      # the technical reason: smaller and quieter, under what happened
            size = app.px(DETAIL_SIZE)
            fonts = app.ui.get_theme().get_font_dictionary()
            if not fonts.check_font_preloaded(fonts.create_font_id(size, "game", False, False)):
                fonts.preload_font(size, "game", force_immediate_load=True)
            small = wrap(detail, ui_font(size), width)
            html_text += (f"<br><font pixel_size={size} color={DETAIL_INK}>"
                          + "<br>".join(html.escape(line) for line in small) + "</font>")
            height += round(len(small) * size * 1.5)
        return html_text, height

    def kill(self) -> None:
        self.veil.kill()
        super().kill()

    def process_event(self, event: pygame.event.Event) -> bool:
        used = super().process_event(event)
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok
        key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)
        if pressed or key:
            self.kill()
            return True
        return used


class ConfirmDialog(MessageDialog):
    """A question with Cancel and a confirming button; `on_confirm` runs only when the
    player confirms. Esc cancels; Enter takes the default (gold) button: the confirming
    one, or Cancel when the action cannot be undone (`destructive`)."""

    def __init__(self, app: App, title: str, message: str, confirm_label: str,
                 on_confirm: Callable[[], None], destructive: bool = False) -> None:
        super().__init__(app, title, message)
        self.on_confirm = on_confirm
        self.destructive = destructive
        if destructive:   # the gold default goes to Cancel
            rect = self.ok.relative_rect
            self.ok.kill()
            self.ok = UIButton(rect, confirm_label, app.ui, container=self)
        else:
            self.ok.set_text(confirm_label)
        self.cancel = UIButton(self.button_rect(app, 1), app.t("dialog.cancel"), app.ui,
                               container=self, object_id=PRIMARY if destructive else None)

    def process_event(self, event: pygame.event.Event) -> bool:
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER)
        cancelled = (event.type == pygame_gui.UI_BUTTON_PRESSED
                     and event.ui_element is self.cancel) \
            or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) \
            or (enter and self.destructive)
        if cancelled:
            self.kill()
            return True
        confirmed = (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok) \
            or enter
        if confirmed:
            self.kill()
            self.on_confirm()
            return True
        return UIWindow.process_event(self, event)
