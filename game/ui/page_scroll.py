"""Scrolling a page's rows from the wheel and the keyboard: a notch of the wheel anywhere
over the rows (over a button or a slider too, which pygame_gui's own wheel handling
skips) scrolls them a fixed step; Home, End, Page Up and Page Down go to their ends or by
most of a view, unless a text field has the keyboard."""
from __future__ import annotations

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UIScrollingContainer, UITextEntryLine

WHEEL_STEP = 96       # design pixels a page's rows scroll for a notch of the wheel
PAGE_SHARE = 0.9      # of the view, a Page Up or Page Down
FAR = 1 << 30         # past any end


def rows_top(rows: UIScrollingContainer) -> int:
    """How far `rows` are scrolled down, in pixels."""
    return -int(rows.scrollable_container.get_relative_rect().y)


def scroll_to(rows: UIScrollingContainer, top: int) -> bool:
    """Show `rows` from `top` pixels down (as near as their ends allow); False when they
    have nothing to scroll."""
    bar = rows.vert_scroll_bar
    if bar is None:
        return False
    height = max(1, int(rows.scrollable_container.get_relative_rect().h))
    view = int(rows.get_abs_rect().h)
    bar.set_scroll_from_start_percentage(min(max(0, top), max(0, height - view)) / height)
    rows.update(0.0)   # the rows move to the bar's new place at once
    return True


def scroll_by_input(rows: UIScrollingContainer, event: pygame.event.Event, ui: UIManager,
                    wheel_step: int) -> bool:
    """Scroll `rows` for a wheel notch over them or a scrolling key; True if it did."""
    if event.type == pygame.MOUSEWHEEL:
        if event.y == 0 or not rows.get_abs_rect().collidepoint(ui.get_mouse_position()):
            return False
        return scroll_to(rows, rows_top(rows) - int(event.y) * wheel_step)
    if event.type != pygame.KEYDOWN or any(
            isinstance(e, UITextEntryLine) for e in ui.get_focus_set() or ()):
        return False
    page = int(rows.get_abs_rect().h * PAGE_SHARE)
    jumps = {pygame.K_HOME: -FAR, pygame.K_END: FAR, pygame.K_PAGEUP: -page,
             pygame.K_PAGEDOWN: page}
    if event.key not in jumps:
        return False
    return scroll_to(rows, rows_top(rows) + jumps[event.key])
