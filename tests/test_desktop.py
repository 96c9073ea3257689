"""Installed like a desktop program: an icon (also the window's), a window title, and a
Linux .desktop entry that the build's install script puts in the application menu."""
from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

from game.paths import asset
from game.shell import window
from tests.shell_helpers import make_app

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "packaging" / "mahjong-table.desktop"


def test_the_icon_is_a_square_png_of_48_to_512_pixels() -> None:
    path = asset(window.ICON_FILE)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = pygame.image.load(str(path)).get_size()
    assert w == h and 48 <= w <= 512


def test_the_window_has_the_icon_and_the_title(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    icons: list[tuple[int, int]] = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon",
                        lambda surface: (icons.append(surface.get_size()), real(surface)))
    app = make_app(tmp_path, "en")
    app.display = app._open_window()
    assert icons and icons[-1] == pygame.image.load(str(asset(window.ICON_FILE))).get_size()
    assert pygame.display.get_caption()[0] == "Mahjong Table"


def test_the_desktop_entry() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ENTRY, encoding="utf-8")
    fields = entry["Desktop Entry"]
    assert (fields["Type"], fields["Exec"], fields["Icon"]) == ("Application", "mahjong",
                                                                "mahjong-table")
    assert "Game;" in fields["Categories"] and fields["Terminal"] == "false"


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
def test_the_install_script_points_the_menu_at_the_build(tmp_path: Path) -> None:
    build = tmp_path / "my games" / "mahjong"
    build.mkdir(parents=True)
    for name in ("install-desktop.sh", "mahjong-table.desktop"):
        shutil.copy(ROOT / "packaging" / name, build)
    shutil.copy(asset(window.ICON_FILE), build / "mahjong-table.png")
    env = {"XDG_DATA_HOME": str(tmp_path / "share"), "HOME": str(tmp_path),
           "PATH": "/usr/bin:/bin"}
    subprocess.run(["sh", str(build / "install-desktop.sh")], env=env, check=True,
                   capture_output=True)
    installed = (tmp_path / "share" / "applications" / "mahjong-table.desktop").read_text()
    assert f'Exec="{build}/mahjong"' in installed
    assert (tmp_path / "share/icons/hicolor/256x256/apps/mahjong-table.png").is_file()
    subprocess.run(["sh", str(build / "install-desktop.sh"), "--remove"], env=env, check=True,
                   capture_output=True)
    assert not (tmp_path / "share" / "applications" / "mahjong-table.desktop").exists()
