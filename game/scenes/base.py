"""Scenes and the scene stack (Godot-style: enter/exit, handle_event, update, draw)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.shell.app import App


class Scene:
    """One screen of the game. Only the top scene of the stack gets events and updates;
    every scene from the topmost opaque one upwards is drawn (overlays see through)."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (build widgets here)."""

    def exit(self) -> None:
        """Called when the scene stops being the top (kill its widgets here)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance timers and tweens by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (pygame_gui widgets are drawn by the app afterwards)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: rebuild layouts."""


class SceneManager:
    """A stack of scenes; push for overlays and sub-screens, replace to move on."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.exit()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.exit()
        if self.top is not None:
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Clear the whole stack and show `scene`."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i, scene in enumerate(self.stack):
            if scene.opaque:
                start = i
        return self.stack[start:]
