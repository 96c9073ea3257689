"""The application: window, pygame_gui manager, settings, sounds, scene stack, main loop.

Start-up is kept light so the first menu frame shows quickly: the sound
effects (numpy) and the AI are loaded only after that frame or when needed.

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
import os
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.shell import window
from game.shell.i18n import Translator
from game.shell.layout_box import LayoutBox, Specimen
from game.shell.settings import Settings

if TYPE_CHECKING:
    from game.shell.audio import Sounds

FPS = 60
IDLE_WAIT_MS = 500        # at rest the window redraws at most twice a second
SETTLE_SECONDS = 0.5      # full frame rate this long after the last input
FIRST_FRAME_ENV = "MAHJONG_EXIT_AFTER_FIRST_FRAME"  # bench_startup: report the first frame, exit

SCENE_PACKAGE = "game.scenes"  # holds REGISTRY, the pages by name (imported by name, on start)


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

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        """Named sample states of this page for the layout self-check: (name, the keyword
        arguments to build it with). Pages that need data override this."""
        return [("default", {})]

    def layout_boxes(self) -> list[LayoutBox]:
        """What this scene draws itself (controls, text) for the layout self-check; its
        pygame_gui widgets are inspected directly."""
        return []

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


class App:
    """The running game. Scenes reach everything through it (see the UI contract)."""

    def __init__(self, settings: Settings, start: str | SceneFactory = "menu",
                 size: tuple[int, int] | None = None,
                 registry: Mapping[str, str | type[Scene]] | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        self.settings = settings
        self.translator = Translator(settings.language)
        self._windowed_size = size or window.first_window_size(settings.window_size)
        self.display = self._open_window()
        self.screen = window.canvas(self.display)     # what the pages draw on
        self.scale = window.ui_scale(self.size, settings.ui_scale)
        self.ui = self._make_ui()
        if registry is None:
            registry = importlib.import_module(SCENE_PACKAGE).REGISTRY
        self.scenes = SceneManager(self, registry)
        self.clock = pygame.time.Clock()
        self.running = True
        self._last_input = time.monotonic()
        self._sounds: Sounds | None = None
        self.scenes.push(start if isinstance(start, str) else start(self))

    # ----------------------------------------------------------- services
    def px(self, design_pixels: float) -> int:
        """A length of the DESIGN_SIZE page at the current scale."""
        return max(1, round(design_pixels * self.scale))

    def fit_px(self, design_pixels: float) -> int:
        """A length on a page that fits the window instead of scrolling (results,
        statistics): at window.page_scale, never larger than the window holds."""
        return max(1, round(design_pixels * window.page_scale(self.size, self.scale)))

    def _make_ui(self) -> pygame_gui.UIManager:
        ui = window.make_ui_manager(self.size, self.settings.language, self.scale)
        ui.mouse_pos_scale_factor = list(window.per_pixel(self.screen, self.display))
        return ui

    def set_ui_scale(self, player_scale: float) -> None:
        """The player's UI-scale setting changed: lay every page out again."""
        self.settings.ui_scale = player_scale
        self._resized()

    def point_at(self, pos: tuple[int, int]) -> None:
        """Move the mouse pointer to `pos` on the pages (a window smaller than the pages
        shows them shrunk: the pointer goes where `pos` is drawn)."""
        fx, fy = window.per_pixel(self.screen, self.display)
        pygame.mouse.set_pos(round(pos[0] / fx), round(pos[1] / fy))

    def t(self, key: str, **fmt: object) -> str:
        """The UI string `key` in the current language."""
        return self.translator(key, **fmt)

    @property
    def size(self) -> tuple[int, int]:
        """The size the pages lay out in (the window's, unless it is smaller than
        window.SMALLEST_PAGE)."""
        return self.screen.get_size()

    @property
    def sounds(self) -> Sounds:
        """The sound effects, synthesised on first use (keeps numpy out of start-up)."""
        if self._sounds is None:
            from game.shell.audio import Sounds
            self._sounds = Sounds(self.settings.sound_on, self.settings.volume)
        return self._sounds

    def set_language(self, language: str) -> None:
        """Switch every label to `language` at once and remember the choice."""
        self.settings.language = language
        self.translator.language = language
        self.ui.set_locale(language)
        pygame.display.set_caption(self.t("app.title"))
        self.rebuild_top()

    def set_sound(self, on: bool) -> None:
        """Turn the sound effects on or off."""
        self.settings.sound_on = on
        if self._sounds is not None:
            self._sounds.set_enabled(on)

    def set_volume(self, volume: float) -> None:
        """The loudness of the sound effects, 0 to 1."""
        self.settings.volume = volume
        if self._sounds is not None:
            self._sounds.set_volume(volume)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a resizable window and full screen."""
        self.settings.fullscreen = on
        self.display = self._open_window()
        self._resized()

    def rebuild_top(self) -> None:
        """Rebuild the top scene's widgets (after a language or layout change)."""
        top = self.scenes.top
        if top is not None:
            top.resize(self.size)

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------- window
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(self.t("app.title"))
        return window.open_window(self.settings.fullscreen, self._windowed_size)

    def _resized(self) -> None:
        """The window surface changed size: scale the UI again and tell every scene."""
        self.display = pygame.display.get_surface() or self.display
        self.screen = window.canvas(self.display)
        scale = window.ui_scale(self.size, self.settings.ui_scale)
        top = self.scenes.top
        if scale != self.scale:
            if top is not None:
                top.pause()         # the widgets of the old manager go with it
            self.scale = scale
            self.ui = self._make_ui()
            if top is not None:
                top.resume()
        self.ui.set_window_resolution(self.size)
        self.ui.mouse_pos_scale_factor = list(window.per_pixel(self.screen, self.display))
        for scene in self.scenes.stack:
            scene.resize(self.size)

    def _on_videoresize(self, event: pygame.event.Event) -> None:
        if not self.settings.fullscreen:
            self._windowed_size = (event.w, event.h)
            self.settings.window_size = (event.w, event.h)
        self._resized()

    # --------------------------------------------------------------- loop
    def step(self, dt: float, events: Iterable[pygame.event.Event] | None = None) -> None:
        """Run exactly one frame: events, update by dt seconds, draw, flip."""
        for event in pygame.event.get() if events is None else events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.VIDEORESIZE:
                self._on_videoresize(event)
            top = self.scenes.top
            mapped = window.to_canvas(event, self.screen, self.display)
            if top is not None and top.handle_event(mapped):
                continue
            self.ui.process_events(event)   # it moves mouse positions onto the canvas itself
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self.ui.update(dt)
        self.draw()
        pygame.display.flip()

    def _frame(self) -> None:
        """One turn of the main loop: 60 fps while something moves or input is recent;
        at rest, sleep until an event arrives (or IDLE_WAIT_MS passes) and draw then."""
        if self.busy():
            self.step(self.clock.tick(FPS) / 1000.0)
            return
        first = pygame.event.wait(IDLE_WAIT_MS)
        events = [] if first.type == pygame.NOEVENT else [first, *pygame.event.get()]
        if events:
            self._last_input = time.monotonic()
        self.step(self.clock.tick() / 1000.0, events)

    def busy(self) -> bool:
        """Whether frames are needed now: a visible scene animates, or input came less
        than SETTLE_SECONDS ago (widget hover and press effects)."""
        if time.monotonic() - self._last_input < SETTLE_SECONDS:
            return True
        return any(scene.animating for scene in self.scenes.visible())

    def draw(self) -> None:
        """Draw the visible scenes bottom first, then the widgets (onto the canvas, then
        shrunk into a window smaller than the canvas)."""
        self.screen.fill((8, 36, 27))
        for scene in self.scenes.visible():
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        window.present(self.screen, self.display)

    def run(self) -> None:
        """The main loop at 60 fps until Quit or the window closes."""
        self.step(0.0)
        if os.environ.get(FIRST_FRAME_ENV):
            pages = "/".join(type(scene).__name__ for scene in self.scenes.stack)
            print(f"first-frame {time.time():.6f} numpy={'numpy' in sys.modules} "
                  f"ai={'ai' in sys.modules} pages={pages}", flush=True)
            return
        try:
            self._after_first_frame()
            self.clock.tick(FPS)
            while self.running:
                self._frame()
        finally:
            self.scenes.clear()  # every page's exit(): AI threads and bot processes end
            self.settings.window_size = self._windowed_size
            self.settings.save()  # the window size is remembered

    def _after_first_frame(self) -> None:
        """Work deferred until the menu is on screen: the sound effects."""
        _ = self.sounds
