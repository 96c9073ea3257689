"""A UI-scale change lays the Settings page out again: the pointer is put back on the
button that was clicked, scrolled into view, so that a second click does the same thing."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame_gui.core import UIElement

from game.scenes.settings_scene import SettingsScene
from game.shell import window
from game.shell.app import App
from tests.shell_helpers import frames, make_app, resize


def click_at(app: App, pos: tuple[int, int]) -> None:
    """A press and release of the left button at `pos` of the window."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(0.016, [pygame.event.Event(kind, pos=pos, button=1)])
    frames(app)


def press(app: App, element: UIElement) -> None:
    """Click the middle of `element` where the window shows it."""
    (x, y) = element.get_abs_rect().center
    fx, fy = window.per_pixel(app.screen, app.display)
    click_at(app, (round(x / fx), round(y / fy)))


def settings(app: App) -> SettingsScene:
    press(app, app.scenes.top.buttons["menu.settings"])
    page = app.scenes.top
    assert isinstance(page, SettingsScene)
    return page


@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (2560, 1080), (480, 300)])
def test_the_pointer_stays_on_the_scale_button_that_was_clicked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    pointer: list[tuple[int, int]] = []
    monkeypatch.setattr(pygame.mouse, "set_pos", lambda *pos: pointer.append(tuple(pos)))
    app = make_app(tmp_path, "en")
    resize(app, size)
    page = settings(app)
    fx, fy = window.per_pixel(app.screen, app.display)
    assert (fx, fy) != (1, 1) or size != (480, 300), "the small window shows a shrunk page"
    for scale in (2.0, 0.75, 1.5):
        press(app, dict(page.scale_choice.options)[scale])
        assert app.settings.ui_scale == scale
        x, y = pointer[-1]
        at = (round(x * fx), round(y * fy))   # where the pointer is on the page
        button = dict(page.scale_choice.options)[scale]
        assert button.get_abs_rect().collidepoint(at)
        assert page.rows is not None and page.rows.get_abs_rect().collidepoint(at), "in view"
        scale_before, sets = app.scale, len(pointer)
        click_at(app, (x, y))          # the second click lands on the same button
        assert page.scale_choice.value == scale and app.scale == scale_before
        assert len(pointer) == sets + 1
