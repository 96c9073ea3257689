"""Mouse and keys at the table, mapped to the viewer's choices."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.render.layout import TableLayout
from game.shell.table_source import TableSource
from game.ui.action_log import ActionLog
from game.ui.bubbles import NUMBER_KEYS, BubbleBar
from game.ui.buttons import ButtonRow
from game.ui.hand import PlayerHand
from game.ui.overlay import Overlay
from game.ui.panels import log_rows


class TableScene(Protocol):
    """What the controls reach of the table scene."""

    mouse: tuple[int, int]
    overlay: Overlay | None
    hand: PlayerHand
    layout: TableLayout
    log: ActionLog
    toolbar: ButtonRow
    bubbles: BubbleBar
    controller: TableSource

    def play_sound(self, name: Any) -> None: ...
    def pass_claim(self) -> bool: ...
    def close_overlay(self) -> None: ...
    def choose_bubble(self, index: int) -> None: ...
    def discard_at(self, index: int) -> None: ...
    def open_pause(self) -> None: ...
    def toggle_auto(self) -> None: ...
    def toggle_show_all(self) -> None: ...
    def toggle_reasoning(self) -> None: ...
    def toggle_pause(self) -> None: ...
    def undo(self) -> None: ...

RIGHT_BUTTON = 3


def handle(scene: TableScene, event: pygame.event.Event) -> bool:
    """Apply one input event to the table; True if it was used."""
    if event.type == pygame.MOUSEMOTION:
        scene.mouse = event.pos
        if scene.overlay is None:
            scene.hand.focus = scene.hand.hit(event.pos, scene.layout.raise_px)
        return False
    if scene.overlay is not None:
        return _overlay(scene, event)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return _click(scene, event.pos)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == RIGHT_BUTTON:
        return scene.pass_claim()   # right-click passes, as in every client
    if event.type == pygame.MOUSEWHEEL and scene.layout.log.collidepoint(scene.mouse):
        # back through the hand's log, as many lines at a time as the panel shows
        scene.log.scroll(event.y, log_rows(scene.layout.log.h, scene.layout.small_font))
        return True
    if event.type == pygame.KEYDOWN:
        return _key(scene, event)
    return False


def _overlay(scene: TableScene, event: pygame.event.Event) -> bool:
    overlay = scene.overlay
    assert overlay is not None
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        if not overlay.click(event.pos) and overlay.opaque:
            scene.close_overlay()
        return True
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE or overlay.opaque:
            scene.close_overlay()
        return True
    return False


def _click(scene: TableScene, pos: tuple[int, int]) -> bool:
    if scene.toolbar.click(pos):
        scene.play_sound("click")
        return True
    index = scene.bubbles.hit(pos)
    if index is not None:
        scene.play_sound("click")
        scene.choose_bubble(index)
        return True
    tile = scene.hand.hit(pos, scene.layout.raise_px)
    if tile is not None:
        scene.discard_at(tile)
        return True
    return False


def _key(scene: TableScene, event: pygame.event.Event) -> bool:
    key = event.key
    debug = {pygame.K_F1: scene.toggle_show_all, pygame.K_F2: scene.toggle_reasoning,
             pygame.K_F3: scene.toggle_pause, pygame.K_F4: scene.controller.step,
             pygame.K_F5: scene.undo}
    if key == pygame.K_ESCAPE:
        scene.open_pause()
    elif key == pygame.K_SPACE:
        return scene.pass_claim()
    elif key in NUMBER_KEYS:
        scene.choose_bubble(NUMBER_KEYS[key])
    elif key in (pygame.K_LEFT, pygame.K_RIGHT):
        scene.hand.move_focus(-1 if key == pygame.K_LEFT else 1)
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.hand.focus is not None:
        scene.discard_at(scene.hand.focus)
    elif key == pygame.K_t:
        scene.toggle_auto()
    elif scene.controller.debug and key in debug:
        debug[key]()
    elif scene.controller.debug and key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
        scene.undo()
    else:
        return False
    return True
