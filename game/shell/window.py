"""The window's size and the UI's scale: the first window fits the screen it opens on,
the last size is remembered, and text and controls scale with the window and with the
player's UI-scale setting. The pygame_gui theme is scaled to match."""
from __future__ import annotations

import json
import math
from typing import Any

import pygame
import pygame_gui

from game.paths import asset
from game.shell.fonts import font_path
from game.shell.gui_fonts import use_fallback_fonts

DESIGN_SIZE = (1280, 800)   # pages are drawn in units of this window at scale 1
MIN_SIZE = (960, 600)
SMALLEST_PAGE = (640, 400)  # DESIGN_SIZE at the smallest UI scale: every page lays out in it
STRETCH_LIMIT = 4           # a canvas is at most this many smallest pages along an axis
SCREEN_SHARE = 0.9          # the first window takes at most this share of the screen
ICON_FILE = "icon.png"
FONT_NAME = "game"          # the font name the theme uses for the shipped font
FITTED_CLASSES = ("@menu", "@menu_primary", "@fitted_primary", "@fitted_choice")  # page_scale
MOUSE_AT = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # have a pos
SCALED_MISC = ("list_item_height", "title_bar_height", "shape_corner_radius",
               "text_horiz_alignment_padding")


def fit_scale(size: tuple[int, int]) -> float:
    """The scale at which a DESIGN_SIZE page just fits `size`."""
    return min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])


def page_scale(size: tuple[int, int], scale: float) -> float:
    """The scale of pages that fit the window instead of scrolling (the menu, results):
    `scale`, but never past the window's fit. Their theme classes (FITTED_CLASSES) follow
    it, so their text keeps to their boxes at any UI-scale setting."""
    return min(scale, fit_scale(size))


def ui_scale(size: tuple[int, int], player_scale: float) -> float:
    """The scale of text and controls: the window's fit times the player's setting (pages
    whose content then outgrows the window scroll)."""
    return round(max(0.5, fit_scale(size) * player_scale), 3)


def canvas_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size the pages are laid out and drawn at for a window of `size`: the window's
    own, or for a window smaller than SMALLEST_PAGE its shape enlarged until it holds
    SMALLEST_PAGE (the app shrinks that picture into the window). A sliver of a window
    is not followed beyond STRETCH_LIMIT pages: its picture is then squeezed."""
    w, h = max(1, size[0]), max(1, size[1])
    k = max(1.0, SMALLEST_PAGE[0] / w, SMALLEST_PAGE[1] / h)
    return (min(math.ceil(w * k), max(w, STRETCH_LIMIT * SMALLEST_PAGE[0])),
            min(math.ceil(h * k), max(h, STRETCH_LIMIT * SMALLEST_PAGE[1])))


def first_window_size(remembered: tuple[int, int] | None) -> tuple[int, int]:
    """The size of the first window: the remembered one if the screen holds it, else the
    design size shrunk to fit the screen (never below MIN_SIZE)."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        desktop = DESIGN_SIZE
    room = (max(MIN_SIZE[0], int(desktop[0] * SCREEN_SHARE)),
            max(MIN_SIZE[1], int(desktop[1] * SCREEN_SHARE)))
    if remembered and MIN_SIZE[0] <= remembered[0] <= desktop[0] \
            and MIN_SIZE[1] <= remembered[1] <= desktop[1]:
        return remembered
    scale = min(1.0, room[0] / DESIGN_SIZE[0], room[1] / DESIGN_SIZE[1])
    return (max(MIN_SIZE[0], int(DESIGN_SIZE[0] * scale)),
            max(MIN_SIZE[1], int(DESIGN_SIZE[1] * scale)))


def scaled_theme(scale: float, fitted: float | None = None) -> dict[str, Any]:
    """assets/theme.json with every font size and control measure multiplied by `scale`
    (those of FITTED_CLASSES by `fitted`, when given)."""
    theme: dict[str, Any] = json.loads(asset("theme.json").read_text(encoding="utf-8"))
    for name, block in theme.items():
        if not isinstance(block, dict):
            continue
        factor = fitted if fitted is not None and name in FITTED_CLASSES else scale
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(8, round(float(font["size"]) * factor)))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in SCALED_MISC:
                if key in misc and "," not in str(misc[key]):
                    misc[key] = str(max(1, round(float(misc[key]) * factor)))
    return theme


def open_window(fullscreen: bool, windowed_size: tuple[int, int]) -> pygame.Surface:
    """The game's window with its icon: full screen, or resizable at `windowed_size`."""
    pygame.display.set_icon(pygame.image.load(str(asset(ICON_FILE))))
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    return pygame.display.set_mode(windowed_size, pygame.RESIZABLE)


def canvas(display: pygame.Surface) -> pygame.Surface:
    """What the pages draw on: the window itself, or for a window too small for any page
    a surface of canvas_size that `present` shrinks into the window each frame."""
    size = canvas_size(display.get_size())
    if size == display.get_size():
        return display
    return pygame.Surface(size, 0, 32)


def per_pixel(screen: pygame.Surface, display: pygame.Surface) -> tuple[float, float]:
    """Canvas pixels per window pixel along x and y (1, 1 unless shrunk)."""
    (cw, ch), (w, h) = screen.get_size(), display.get_size()
    return cw / max(1, w), ch / max(1, h)


def to_canvas(event: pygame.event.Event, screen: pygame.Surface,
              display: pygame.Surface) -> pygame.event.Event:
    """A mouse event with its position moved from the window onto the canvas."""
    if screen is display or event.type not in MOUSE_AT:
        return event
    fx, fy = per_pixel(screen, display)
    x, y = event.pos
    return pygame.event.Event(event.type, {**event.dict, "pos": (int(x * fx), int(y * fy))})


def present(screen: pygame.Surface, display: pygame.Surface) -> None:
    """Show a canvas drawn apart from the window shrunk into it."""
    if screen is not display:
        display.blit(pygame.transform.smoothscale(screen, display.get_size()), (0, 0))


def make_ui_manager(size: tuple[int, int], language: str,
                    scale: float) -> pygame_gui.UIManager:
    """A UIManager with the shipped font (with its fallback) and the theme scaled by
    `scale` (the classes of pages that fit the window by page_scale)."""
    use_fallback_fonts()
    ui = pygame_gui.UIManager(size, starting_language=language, enable_live_theme_updates=False)
    ui.add_font_paths(FONT_NAME, font_path(), font_path(bold=True))
    ui.get_theme().load_theme(scaled_theme(scale, page_scale(size, scale)))
    return ui
