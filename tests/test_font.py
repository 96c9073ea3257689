"""The shipped UI and tile fonts: presence, licence, coverage and reproducibility."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from game.shell import fonts
from tools import make_font

SHIPPED = [Path(fonts.font_path()), Path(fonts.font_path(bold=True)), Path(fonts.tile_font_path())]


def _cmap(path: Path) -> set[str]:
    return {chr(c) for c in TTFont(path).getBestCmap()}


def test_font_files_and_licence_exist() -> None:
    for path in SHIPPED:
        assert path.is_file() and path.stat().st_size > 1000, path
    licence = fonts.FONT_DIR / make_font.LICENSE_FILE
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence.read_text(encoding="utf-8")
    assert sum(p.stat().st_size for p in SHIPPED) < 1_500_000


def test_font_path_is_absolute() -> None:
    assert Path(fonts.font_path()).is_absolute()


@pytest.mark.parametrize("bold", [False, True])
def test_ui_font_has_game_glyphs(bold: bool) -> None:
    cmap = _cmap(Path(fonts.font_path(bold)))
    assert set("吃碰杠胡过万筒条一九东南西北中发白") <= cmap
    assert {chr(c) for c in range(0x20, 0x7F)} <= cmap


@pytest.mark.parametrize("bold", [False, True])
def test_ui_font_covers_all_game_text(bold: bool) -> None:
    missing = make_font.repo_text_chars() - _cmap(Path(fonts.font_path(bold)))
    assert not missing, f"run tools/make_font.py: font lacks {''.join(sorted(missing))}"


def test_tile_font_has_tile_characters() -> None:
    assert set(make_font.TILE_CHARS) <= _cmap(Path(fonts.tile_font_path()))


def test_get_font_renders_chinese() -> None:
    font = fonts.get_font(24)
    assert fonts.get_font(24) is font
    width, height = font.size("万")
    assert width > 0 and height > 0
    assert font.render("万", True, (0, 0, 0)).get_bounding_rect().width > 0
    assert fonts.get_font(24, bold=True) is not font


@pytest.mark.skipif(not all((make_font.NOTO_DIR / src).exists()
                            for _, src in (*make_font.UI_FONTS, make_font.TILE_FONT)),
                    reason="Debian fonts-noto-cjk not installed")
def test_regenerated_fonts_are_identical(tmp_path: Path) -> None:
    for path in make_font.build(tmp_path):
        shipped = fonts.FONT_DIR / path.name
        assert path.read_bytes() == shipped.read_bytes(), \
            f"{path.name} is stale or not deterministic: run tools/make_font.py"


def test_every_string_is_rendered_by_one_function() -> None:
    """Only game.render.text takes the UI font from the shell (pages draw with its
    blit_text/text_surface), so a change to how a string is rendered lands in one spot."""
    root = Path(__file__).resolve().parents[1] / "game"
    takers = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.py")
                    if re.search(r"^from game\.shell\.fonts import .*\bget_font\b",
                                 p.read_text(encoding="utf-8"), re.MULTILINE))
    assert takers == ["render/text.py"]
