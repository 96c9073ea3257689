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

if TYPE_CHECKING:
    from game.shell.app import App


class MessageDialog(UIWindow):
    """A centred window over a dimmed screen: a title, a message and OK (Enter and Esc
    close it too)."""

    def __init__(self, app: App, title: str, message: str) -> None:
        w, h = 600, 260
        sw, sh = app.size
        self.veil = UIPanel(pygame.Rect((0, 0), app.size), starting_height=50, manager=app.ui,
                            object_id="#veil")
        super().__init__(pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h), app.ui,
                         window_display_title=title, object_id="#dialog")
        self.set_blocking(True)
        inner = self.get_container().get_size()
        self.message = message
        UITextBox(html.escape(message).replace("\n", "<br>"),
                  pygame.Rect(16, 14, inner[0] - 32, inner[1] - 90), app.ui, container=self,
                  object_id="#dialog_text")
        self.ok = UIButton(pygame.Rect(inner[0] - 156, inner[1] - 64, 136, 48), app.t("dialog.ok"),
                           app.ui, container=self, object_id=PRIMARY)

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
        inner = self.get_container().get_size()
        if destructive:   # the gold default goes to Cancel
            rect = self.ok.relative_rect
            self.ok.kill()
            self.ok = UIButton(rect, confirm_label, app.ui, container=self)
        else:
            self.ok.set_text(confirm_label)
        self.cancel = UIButton(pygame.Rect(inner[0] - 312, inner[1] - 64, 136, 48),
                               app.t("dialog.cancel"), app.ui, container=self,
                               object_id=PRIMARY if destructive else None)

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
