"""Scenes, their lifecycle, and the scene stack with its registry of pages by name.

Lifecycle of a scene (every scene honours it; the stack calls these, nobody else):

- ``enter()``   once, when the scene is pushed (or replaces the stack): build widgets,
  start its work.
- ``pause()``   another scene was pushed on top of it: release what only the top scene
  needs (widgets). Its work may go on (a table keeps its match).
- ``resume()``  the scene above it was popped: it is the top again.
- ``exit()``    once, when it leaves the stack for good (popped, replaced, or the
  window closes): stop every thread, process and timer it started.
- ``handle_event(event)`` only the top scene gets input; True if the event was used.
- ``update(dt)`` only the top scene advances timers and tweens; may change state.
- ``draw(surface)`` every visible scene draws; reads state, never changes it.
- ``resize(size)`` the window changed size: lay out again from the new size.

Pages reach each other by name through the registry (``app.scenes.push("results",
session=…)``), never by import, so a new page is a new module plus one registry line.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.shell.app import App

SceneFactory = Callable[["App"], "Scene"]


class SceneError(LookupError):
    """A scene name the registry does not know."""


class Scene:
    """One screen of the game. Only the top scene of the stack gets events and updates;
    every scene from the topmost opaque one upwards is drawn (overlays see through)."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed: build widgets and start work."""

    def pause(self) -> None:
        """Covered by a pushed scene."""

    def resume(self) -> None:
        """Uncovered: the top of the stack again."""

    def exit(self) -> None:
        """Removed for good: stop every thread, process and timer this scene started."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance timers and tweens by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (pygame_gui widgets are drawn by the app afterwards). No side
        effects: everything drawn was computed in update() or by an event."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""

    @property
    def animating(self) -> bool:
        """True while something on screen moves by itself (the loop then keeps drawing
        every frame; otherwise it redraws only after input or a change)."""
        return False


def load_scene_class(target: str) -> type[Scene]:
    """The class a registry entry ``"package.module:Class"`` names."""
    module_name, _, class_name = target.partition(":")
    scene_class = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(scene_class, type) and issubclass(scene_class, Scene)):
        raise SceneError(f"{target} is not a scene")
    return scene_class


class SceneManager:
    """A stack of scenes; push for overlays and sub-screens, replace to move on.

    `registry` maps a page's name to ``"module:Class"`` (imported on first use) or to
    the class itself; a page is built as ``Class(app, **kwargs)``.
    """

    def __init__(self, app: App, registry: Mapping[str, str | type[Scene]]) -> None:
        self.app = app
        self.registry = registry
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def make(self, name: str, **kwargs: Any) -> Scene:
        """Build the page registered as `name`."""
        try:
            target = self.registry[name]
        except KeyError:
            raise SceneError(f"no page named {name!r} "
                             f"(known: {', '.join(sorted(self.registry))})") from None
        scene_class = load_scene_class(target) if isinstance(target, str) else target
        return scene_class(self.app, **kwargs)

    def push(self, scene: str | Scene, **kwargs: Any) -> Scene:
        """Show a page above the current one (which is paused)."""
        new = self.make(scene, **kwargs) if isinstance(scene, str) else scene
        if self.top is not None:
            self.top.pause()
        self.stack.append(new)
        new.enter()
        return new

    def pop(self) -> Scene:
        """Close the top page; the one below resumes."""
        scene = self.stack.pop()
        scene.exit()
        if self.top is not None:
            self.top.resume()
        return scene

    def replace(self, scene: str | Scene, **kwargs: Any) -> Scene:
        """Close every page and show `scene`."""
        new = self.make(scene, **kwargs) if isinstance(scene, str) else scene
        self.clear()
        return self.push(new)

    def clear(self) -> None:
        """Close every page, top first (when the window closes)."""
        while self.stack:
            self.stack.pop().exit()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i, scene in enumerate(self.stack):
            if scene.opaque:
                start = i
        return self.stack[start:]
