"""The application: window, pygame_gui manager, settings, sounds, scene stack, main loop.

Start-up is kept light so the first menu frame shows quickly: the sound
effects (numpy) and the AI are loaded only after that frame or when needed.
"""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.paths import asset
from game.scenes.base import Scene, SceneManager
from game.shell.fonts import font_path
from game.shell.i18n import Translator
from game.shell.settings import Settings

if TYPE_CHECKING:
    from game.shell.audio import Sounds

THEME_PATH = asset("theme.json")
DEFAULT_SIZE = (1280, 800)
FPS = 60
FIRST_FRAME_ENV = "MAHJONG_EXIT_AFTER_FIRST_FRAME"  # bench_startup: report the first frame, exit
FONT_NAME = "game"  # the font name the theme uses for the shipped font
RULES_HEADING_SIZES = (30, 23)  # pixel sizes the rules page asks for in its HTML

SceneFactory = Callable[["App"], Scene]


def make_ui_manager(size: tuple[int, int], language: str) -> pygame_gui.UIManager:
    """A UIManager with the shipped font registered and assets/theme.json loaded."""
    ui = pygame_gui.UIManager(size, starting_language=language, enable_live_theme_updates=False)
    ui.add_font_paths(FONT_NAME, font_path(), font_path(bold=True))
    ui.get_theme().load_theme(str(THEME_PATH))
    ui.preload_fonts([{"name": FONT_NAME, "point_size": size, "style": "bold"}
                      for size in RULES_HEADING_SIZES])
    return ui


class App:
    """The running game. Scenes reach everything through it (see the UI contract)."""

    def __init__(self, settings: Settings, start_scene_factory: SceneFactory | None = None,
                 size: tuple[int, int] = DEFAULT_SIZE) -> None:
        pygame.display.init()
        pygame.font.init()
        self.settings = settings
        self.translator = Translator(settings.language)
        self._windowed_size = size
        self.screen = self._open_window()
        self.ui = make_ui_manager(self.size, settings.language)
        self.scenes = SceneManager()
        self.clock = pygame.time.Clock()
        self.running = True
        self._sounds: Sounds | None = None
        if start_scene_factory is None:
            from game.scenes.menu import MenuScene
            start_scene_factory = MenuScene
        self.scenes.push(start_scene_factory(self))

    # ----------------------------------------------------------- services
    def t(self, key: str, **fmt: object) -> str:
        """The UI string `key` in the current language."""
        return self.translator(key, **fmt)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def sounds(self) -> Sounds:
        """The sound effects, synthesised on first use (keeps numpy out of start-up)."""
        if self._sounds is None:
            from game.shell.audio import Sounds
            self._sounds = Sounds(self.settings.sound_on)
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

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a resizable window and full screen."""
        self.settings.fullscreen = on
        self.screen = self._open_window()
        self._resized()

    def rebuild_top(self) -> None:
        """Rebuild the top scene's widgets (after a language or layout change)."""
        top = self.scenes.top
        if top is not None:
            top.exit()
            top.enter()

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------- window
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(self.t("app.title"))
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)

    def _resized(self) -> None:
        """The window surface changed size: tell the UI and every scene."""
        self.screen = pygame.display.get_surface() or self.screen
        self.ui.set_window_resolution(self.size)
        for scene in self.scenes.stack:
            scene.resize(self.size)

    def _on_videoresize(self, event: pygame.event.Event) -> None:
        if not self.settings.fullscreen:
            self._windowed_size = (event.w, event.h)
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
            if top is not None and top.handle_event(event):
                continue
            self.ui.process_events(event)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self.ui.update(dt)
        self.draw()
        pygame.display.flip()

    def draw(self) -> None:
        """Draw the visible scenes bottom first, then the widgets."""
        self.screen.fill((8, 36, 27))
        for scene in self.scenes.visible():
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)

    def run(self) -> None:
        """The main loop at 60 fps until Quit or the window closes."""
        self.step(0.0)
        if os.environ.get(FIRST_FRAME_ENV):
            print(f"first-frame {time.time():.6f} numpy={'numpy' in sys.modules} "
                  f"ai={'ai' in sys.modules}", flush=True)
            return
        self._after_first_frame()
        self.clock.tick(FPS)
        while self.running:
            self.step(self.clock.tick(FPS) / 1000.0)

    def _after_first_frame(self) -> None:
        """Work deferred until the menu is on screen: the icon and the sound effects."""
        from game.render.tile_art import tile_art
        pygame.display.set_icon(tile_art(64).face(33))  # 中
        _ = self.sounds
