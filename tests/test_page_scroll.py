"""A page's rows scroll for the wheel anywhere over them (over a button or a slider too)
by a fixed step, and for Home, End, Page Up and Page Down; a text field keeps its keys."""
from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UITextEntryLine

from game.ui import page_scroll
from tests.shell_helpers import click, frames, key, make_app


def open_page(tmp_path, page: str):
    app = make_app(tmp_path, "en")
    click(app, app.scenes.top.buttons[f"menu.{page}"])
    return app, app.scenes.top


def wheel(app, at: tuple[int, int], notches: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.ui, "get_mouse_position", lambda: at)
    app.step(0.016, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False,
                                        precise_x=0.0, precise_y=float(notches))])
    frames(app, 1)


@pytest.mark.parametrize("page", ["settings", "rules"])
def test_a_wheel_notch_over_a_control_scrolls_the_rows_a_fixed_step(tmp_path, monkeypatch, page):
    app, scene = open_page(tmp_path, page)
    rows = scene.rows
    assert page_scroll.rows_top(rows) == pytest.approx(0, abs=2)
    view = rows.get_abs_rect()
    over = [e for e in app.ui.get_sprite_group().sprites()
            if isinstance(e, UIButton) and view.contains(e.get_abs_rect())]
    at = over[0].get_abs_rect().center if over else view.center
    wheel(app, at, -2, monkeypatch)
    assert page_scroll.rows_top(rows) == pytest.approx(2 * app.px(page_scroll.WHEEL_STEP), abs=2)
    wheel(app, at, 1, monkeypatch)
    assert page_scroll.rows_top(rows) == pytest.approx(app.px(page_scroll.WHEEL_STEP), abs=2)
    monkeypatch.setattr(app.ui, "get_mouse_position", lambda: (view.x - 5, view.y - 5))
    outside = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    assert not page_scroll.scroll_by_input(rows, outside, app.ui, 96)    # left to pygame_gui


def test_home_end_and_page_keys_move_the_rules_page(tmp_path):
    app, scene = open_page(tmp_path, "rules")
    rows = scene.rows
    height = rows.scrollable_container.get_relative_rect().h
    view = rows.get_abs_rect().h
    key(app, pygame.K_PAGEDOWN)
    assert page_scroll.rows_top(rows) == pytest.approx(int(view * page_scroll.PAGE_SHARE), abs=2)
    key(app, pygame.K_END)
    end = page_scroll.rows_top(rows)     # the bar's pixel steps may stop a few short
    assert height - view - height // 200 <= end <= height - view
    key(app, pygame.K_PAGEDOWN)
    assert page_scroll.rows_top(rows) == end
    key(app, pygame.K_PAGEUP)
    assert page_scroll.rows_top(rows) == pytest.approx(end - int(view * page_scroll.PAGE_SHARE),
                                                       abs=height // 200)
    key(app, pygame.K_HOME)
    assert page_scroll.rows_top(rows) == pytest.approx(0, abs=2)


def test_a_focused_name_field_keeps_home_and_end(tmp_path):
    app, scene = open_page(tmp_path, "settings")
    entry = next(e for e in app.ui.get_sprite_group().sprites()
                 if isinstance(e, UITextEntryLine))
    app.ui.set_focus_set(entry)
    key(app, pygame.K_END)
    assert page_scroll.rows_top(scene.rows) == pytest.approx(0, abs=2)
