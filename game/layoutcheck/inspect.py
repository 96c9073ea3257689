"""What is wrong with a page as it is on screen now: pygame_gui widgets walked from the
UIManager, plus what each visible scene reports of its own drawing (layout_boxes)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIScrollingContainer,
    UITextEntryLine,
    UIWindow,
)

from game.shell.app import App
from game.shell.layout_box import LayoutBox

INTERACTIVE = (UIButton, UITextEntryLine, UIDropDownMenu, UIHorizontalSlider)
VIEW_ID = "#view_container"
TEXT_PAD = 4       # pixels a label's text may use beyond its box before it counts


@dataclass(frozen=True)
class Widget:
    """One pygame_gui element as the check sees it."""

    name: str
    rect: pygame.Rect
    clip: pygame.Rect | None     # the scrolling view it is inside, if any
    interactive: bool
    text_size: tuple[int, int]


def _ancestors(element: Any) -> Iterator[Any]:
    container = getattr(element, "ui_container", None)
    seen = 0
    while container is not None and seen < 32:
        yield container
        parent = getattr(container, "ui_container", None)
        container = None if parent is container else parent
        seen += 1


def _inside_interactive(element: Any) -> bool:
    """A part of a composite control (a slider's button, a drop-down's list)."""
    return any(isinstance(getattr(a, "parent_element", None), INTERACTIVE) or
               isinstance(a, INTERACTIVE) for a in _ancestors(element)) or \
        isinstance(getattr(element, "parent_element", None), INTERACTIVE)


def _scroll_view(element: Any) -> pygame.Rect | None:
    """The visible rectangle of the scrolling container holding `element`, if any (the
    scrolling container's inner view is a container with the id '#view_container')."""
    for ancestor in _ancestors(element):
        ids = getattr(ancestor, "object_ids", None) or []
        if ids and ids[-1] == VIEW_ID:
            return pygame.Rect(ancestor.get_abs_rect())
    return None


def _text_size(element: Any) -> tuple[int, int]:
    text = getattr(element, "text", None)
    font = getattr(element, "font", None)
    if not isinstance(text, str) or not text or font is None:
        return (0, 0)
    try:
        width, height = font.size(text)
    except (pygame.error, AttributeError, TypeError):
        return (0, 0)
    return (int(width), int(height))


def _belongs_to(element: Any, window: Any) -> bool:
    """Whether `element` is `window` or one of its parts."""
    return element is window or getattr(element, "parent_element", None) is window or any(
        getattr(a, "parent_element", None) is window for a in _ancestors(element))


def widgets(app: App) -> list[Widget]:
    """Every visible pygame_gui element of the window; while a modal dialog is open, the
    dialog's own (the page under it cannot be reached)."""
    out = []
    sprites: list[Any] = app.ui.get_sprite_group().sprites()
    modal = [e for e in sprites if isinstance(e, UIWindow) and e.alive() and e.is_blocking]
    for element in sprites:
        if not element.alive() or not getattr(element, "visible", True):
            continue
        if modal and not any(_belongs_to(element, window) for window in modal):
            continue
        if isinstance(element, (UIContainer, UIScrollingContainer)):
            continue
        if _inside_interactive(element):
            continue
        interactive = isinstance(element, INTERACTIVE)
        texty = isinstance(element, (UIButton, UILabel))
        name = f"{type(element).__name__} {getattr(element, 'text', '')!r}"[:80]
        out.append(Widget(name, pygame.Rect(element.get_abs_rect()), _scroll_view(element),
                          interactive,
                          _text_size(element) if texty else (0, 0)))
    return out


def problems(app: App) -> list[str]:
    """Every layout problem on screen now, one line each."""
    window = pygame.Rect((0, 0), app.size)
    found: list[str] = []
    boxes: list[tuple[str, pygame.Rect, pygame.Rect | None, bool, tuple[int, int]]] = [
        (w.name, w.rect, w.clip, w.interactive, w.text_size) for w in widgets(app)]
    for scene in app.scenes.visible():
        own = scene.layout_boxes()
        boxes += [(b.name, b.rect, None, b.interactive, b.text_size) for b in own]
        found += solid_overlaps(own)
    shown = []
    for name, rect, clip, interactive, text_size in boxes:
        if clip is not None and not rect.colliderect(clip):
            continue                      # scrolled out of view
        if clip is not None and (rect.left < clip.left or rect.right > clip.right):
            found.append(f"{name} is wider than its scrolling list")
        if clip is None and not window.contains(rect):
            found.append(f"{name} at {tuple(rect)} is outside the {window.w}x{window.h} window")
        if text_size[0] > rect.w + TEXT_PAD or text_size[1] > rect.h + TEXT_PAD:
            found.append(f"{name}: text of {text_size[0]}x{text_size[1]} does not fit "
                         f"its {rect.w}x{rect.h} box")
        if interactive:
            shown.append((name, rect.clip(clip) if clip is not None else rect))
    for i, (name, rect) in enumerate(shown):
        for other, other_rect in shown[i + 1:]:
            if rect.colliderect(other_rect):
                found.append(f"{name} overlaps {other}")
    return found


def solid_overlaps(boxes: list[LayoutBox]) -> list[str]:
    """A scene's solid boxes (tiles, name plates) over each other or under its controls;
    a part of a box (named `WHOLE · PART`) lies on its whole, not over it."""
    solid = [b for b in boxes if b.solid]
    found = []
    for i, box in enumerate(solid):
        for other in solid[i + 1:] + [b for b in boxes if b.interactive]:
            if box.rect.colliderect(other.rect) and not part_of(box.name, other.name):
                found.append(f"{box.name} overlaps {other.name}")
    return found


def part_of(one: str, other: str) -> bool:
    """One of the two names is a part of the other (`plate 1 · score` of `plate 1`)."""
    return one.startswith(other + " · ") or other.startswith(one + " · ")
