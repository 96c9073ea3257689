"""The application frame: start-up, window, translations, settings file, screenshot."""
import json
import re
from pathlib import Path

import pygame
import pytest

from game.bench.startup import first_frame_seconds
from game.layoutcheck.inspect import problems
from game.scenes.menu import MenuScene
from game.shell.app import App
from game.shell.i18n import LANGUAGES, TRANSLATION_DIR, Translator, load_strings
from game.shell.settings import Settings
from game.shell.window import SMALLEST_PAGE
from tests.shell_helpers import (
    click,
    frames,
    make_app,
    resize,
)

ROOT = Path(__file__).resolve().parent.parent
SHELL_MODULES = ["game/shell/app.py", "game/__main__.py", "game/scenes/menu.py",
                 "game/scenes/new_match.py", "game/scenes/settings_scene.py",
                 "game/scenes/rules.py", "game/scenes/results.py", "game/ui/widgets.py",
                 "game/ui/dialogs.py"]


def test_the_app_opens_at_the_menu(tmp_path):
    app = make_app(tmp_path)
    assert isinstance(app.scenes.top, MenuScene)
    assert app.size == (1280, 800)
    assert pygame.display.get_caption()[0] == app.t("app.title") == "麻将 · 大众麻将"
    assert app.screen.get_flags() & pygame.RESIZABLE


def test_menu_screenshot_is_not_blank(tmp_path):
    app = make_app(tmp_path)
    app.step(0.016, [])
    path = tmp_path / "menu.png"
    pygame.image.save(app.screen, str(path))
    shot = pygame.image.load(str(path))
    colours = {tuple(shot.get_at((x, y))) for x in range(0, 1280, 16) for y in range(0, 800, 16)}
    assert len(colours) > 200, "the menu should show felt, panel, buttons and tiles"


def test_quit_and_window_close_stop_the_loop(tmp_path):
    app = make_app(tmp_path)
    app.step(0.016, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    app = make_app(tmp_path)
    click(app, app.scenes.top.buttons["menu.quit"])
    assert not app.running


def test_resizing_relayouts_the_menu(tmp_path):
    app = make_app(tmp_path)
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    app.step(0.016, [pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))])
    assert app.size == (1600, 900)
    menu = app.scenes.top
    assert all(app.screen.get_rect().contains(b.get_abs_rect()) for b in menu.buttons.values())


@pytest.mark.parametrize("page", ["menu", "new_match", "settings", "rules", "matches", "stats"])
def test_a_window_too_small_for_any_page_shows_it_shrunk_and_comes_back(tmp_path, page):
    """Below the smallest page (a tiny or sliver window) a page is laid out at the
    smallest size of the window's shape and shrunk into it; it crashed before (a page's
    layout divided by zero, a panel of negative size)."""
    app = make_app(tmp_path)
    if page != "menu":
        app.scenes.push(page)
    for size in [(200, 150), (1, 1), (320, 240), (3000, 400), (400, 2000), (1, 5000)]:
        resize(app, size)
        assert app.size[0] >= SMALLEST_PAGE[0] and app.size[1] >= SMALLEST_PAGE[1]
        assert app.display.get_size() == size
        assert problems(app) == [], size
    resize(app, (1280, 800))
    assert app.size == (1280, 800) and app.screen is app.display
    assert problems(app) == []


def test_a_click_in_a_shrunk_window_lands_on_the_button_drawn_there(tmp_path):
    app = make_app(tmp_path)
    resize(app, (320, 240))
    fx, fy = app.size[0] / 320, app.size[1] / 240
    x, y = app.scenes.top.buttons["menu.settings"].get_abs_rect().center
    pos = (round(x / fx), round(y / fy))          # where the button shows in the window
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    frames(app)
    assert type(app.scenes.top).__name__ == "SettingsScene"


def test_every_string_has_both_languages_and_no_key_is_defined_twice():
    merged = {}
    for path in sorted(TRANSLATION_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert not merged.keys() & data.keys(), f"{path.name} redefines keys"
        merged.update(data)
        for key, entry in data.items():
            assert all(entry.get(lang) for lang in LANGUAGES), f"{path.name}: {key}"
    assert merged == load_strings()


def test_every_key_the_shell_uses_exists():
    strings = load_strings()
    for module in SHELL_MODULES:
        source = (ROOT / module).read_text(encoding="utf-8")
        for key in re.findall(r"""\bt\(\s*["']([a-z_]+\.[a-z_.0-9]+)["']""", source):
            assert key in strings, f"{module} uses the missing key {key}"


def test_translator_formats_and_shows_unknown_keys():
    t = Translator("en", {"x.hi": {"zh": "你好 {name}", "en": "Hello {name}"}})
    assert t("x.hi", name="Ann") == "Hello Ann"
    t.language = "zh"
    assert t("x.hi", name="安") == "你好 安"
    assert t("x.missing") == "x.missing"


def test_settings_round_trip_atomically(tmp_path):
    path = tmp_path / "conf" / "settings.json"
    s = Settings(path=path)
    s.language, s.anim_speed, s.sound_on, s.claim_countdown = "en", 1.5, False, 15
    s.save()
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"], "no temp file left"
    assert Settings.load(path) == s


def test_a_corrupt_settings_file_gives_the_defaults(tmp_path):
    path = tmp_path / "settings.json"
    for text in ("{not json", "[1, 2]", "", "\xff\xfe"):
        path.write_text(text, encoding="latin-1")
        assert Settings.load(path) == Settings()
    path.write_text(json.dumps({"language": "fr", "anim_speed": 9, "sound_on": "yes",
                                "thinking_delay": 1.2, "fullscreen": True}))
    loaded = Settings.load(path)
    assert (loaded.language, loaded.anim_speed, loaded.sound_on) == ("zh", 1.0, True)
    assert (loaded.thinking_delay, loaded.fullscreen) == (1.2, True)


def test_a_corrupt_settings_file_does_not_stop_the_app(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{{{{")
    app = App(Settings.load(path))
    app.step(0.016, [])
    assert isinstance(app.scenes.top, MenuScene)
    assert (tmp_path / "settings.json.bad").read_text() == "{{{{", "the damaged file is kept"


def test_first_menu_frame_loads_no_numpy_or_ai():
    # how quick it is, `make bench` measures (game.bench.startup); here: what it loads
    # (a fresh data folder: the first start, so the lessons are offered above the menu)
    _, modules = first_frame_seconds()
    assert modules == "numpy=False ai=False pages=MenuScene/LessonsScene"


def test_the_menu_at_rest_asks_for_no_frames(tmp_path):
    """Idle is idle: with no recent input and nothing moving the loop sleeps on events."""
    app = make_app(tmp_path)
    app._last_input = -1e9
    assert not app.busy()
    app._frame()  # returns after at most IDLE_WAIT_MS without input
    app._last_input = __import__("time").monotonic()
    assert app.busy(), "input keeps the full frame rate for a moment"


def test_the_ui_scale_setting_rescales_every_page(tmp_path):
    app = make_app(tmp_path)
    base = app.scale
    app.scenes.push("settings")
    page = app.scenes.top
    large = next(w for v, w in page.scale_choice.options if v == 1.5)
    click(app, large)
    assert app.settings.ui_scale == 1.5 and abs(app.scale - 1.5 * base) < 0.01
    assert Settings.load(app.settings.path).ui_scale == 1.5
    assert app.scenes.top.back_button.get_abs_rect().h > 48, "controls grew with the scale"


def test_the_window_size_is_remembered_and_the_first_window_fits_the_screen(tmp_path):
    import pygame

    from game.shell.window import MIN_SIZE, first_window_size
    pygame.display.init()
    desktop = pygame.display.get_desktop_sizes()[0]
    fresh = first_window_size(None)
    assert fresh[0] <= max(MIN_SIZE[0], desktop[0]) and fresh[1] <= max(MIN_SIZE[1], desktop[1])
    inside = (max(MIN_SIZE[0], desktop[0] - 10), max(MIN_SIZE[1], desktop[1] - 10))
    if inside[0] <= desktop[0] and inside[1] <= desktop[1]:
        assert first_window_size(inside) == inside, "a remembered size that fits is kept"
    remembered = Settings(path=tmp_path / "s.json")
    remembered.window_size = (1000, 640)
    remembered.save()
    assert Settings.load(tmp_path / "s.json").window_size == (1000, 640)
    too_big = first_window_size((99999, 99999))
    assert too_big[0] <= 8192 and too_big != (99999, 99999)
