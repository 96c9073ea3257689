"""Every name renders: the game's text path and pygame_gui's draw each character the
shipped subset lacks with pygame_gui's Noto Sans SC, and a character of no font as the
stand-in, never as the missing-glyph box."""
from __future__ import annotations

import struct
from functools import cache

import pygame
import pytest

from game.render.text import fit, text_surface
from game.shell import fonts, glyphs
from game.shell.window import make_ui_manager

WHITE = (255, 255, 255)
SIZE = 20
NO_FONT = "\U0002A6A5"      # Extension B: in neither font
TRADITIONAL = "張偉陳楊黃劉鄭謝馬龍鳳華麗國學書畫齊鬱龘"
LATIN = "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿĀāČčĞğŁłŒœŠšŸŽž"
ASCII = "".join(chr(c) for c in range(0x21, 0x7F))


def gb2312_hanzi() -> list[str]:
    """The 6,763 characters of GB2312 levels 1 and 2 (rows 16-87)."""
    out = []
    for row in range(0xB0, 0xF8):
        for col in range(0xA1, 0xFF):
            try:
                out.append(bytes((row, col)).decode("gb2312"))
            except UnicodeDecodeError:
                pass    # the five unassigned places at the end of row 55
    return out


@cache
def boxes() -> set[bytes]:
    """The missing-glyph box of each font at SIZE, as pixels."""
    pygame.font.init()
    out = set()
    for path in (fonts.font_path(), fonts.fallback_path(), fonts.font_path(True)):
        for bold in (False, True):
            font = pygame.font.Font(path, SIZE)
            font.bold = bold
            out.add(pixels(font.render(NO_FONT, True, WHITE)))
    return out


def pixels(surface: pygame.Surface) -> bytes:
    return bytes(surface.get_size()) + pygame.image.tobytes(surface, "RGBA")


def test_gb2312_has_6763_characters() -> None:
    assert len(gb2312_hanzi()) == 6763


def test_the_shipped_subset_lacks_common_surnames() -> None:
    assert not set(map(ord, "王伟李娜")) & fonts.get_font(SIZE).chars


@pytest.mark.parametrize("bold", [False, True])
def test_every_gb2312_character_renders_through_the_text_path(bold: bool) -> None:
    missing = [c for c in [*gb2312_hanzi(), *TRADITIONAL, *LATIN, *ASCII]
               if pixels(text_surface(c, SIZE, WHITE, bold)) in boxes()
               or not text_surface(c, SIZE, WHITE, bold).get_bounding_rect().w]
    assert not missing, f"{len(missing)} characters show no glyph: {''.join(missing[:40])}"


def test_a_line_the_subset_covers_is_drawn_as_before() -> None:
    font = fonts.get_font(SIZE)
    line = "东南西北 吃碰杠胡 Score 12"
    assert pixels(font.render(line, True, WHITE)) == pixels(font.primary.render(line, True, WHITE))


def test_a_character_of_no_font_shows_the_stand_in() -> None:
    font = fonts.get_font(SIZE)
    assert font.runs(f"王{NO_FONT}a") == [(fonts.FALLBACK, "王"), (fonts.PRIMARY, "?a")]
    assert pixels(font.render(NO_FONT, True, WHITE)) == pixels(font.render("?", True, WHITE))
    assert font.size(NO_FONT) == font.size(fonts.STAND_IN)


def test_a_mixed_line_keeps_the_height_and_fits_its_plate() -> None:
    font = fonts.get_font(SIZE)
    name = "王小明" + NO_FONT + "Zoë"
    image = font.render(name, True, WHITE)
    assert image.get_height() == font.primary.get_height()
    assert image.get_width() == font.size(name)[0]
    short = fit(name * 5, SIZE, 120)
    assert short.endswith("…") and font.size(short)[0] <= 120


def test_pygame_gui_widgets_draw_names_with_the_fallback() -> None:
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    ui = make_ui_manager((800, 600), "zh", 1.0)
    font = ui.get_theme().get_font(["label"])
    plain = pygame.font.Font(fonts.font_path(), font.point_size)
    for name in ("王", "鬱", "é"):
        drawn = font.render_premul(name, pygame.Color(WHITE))
        assert pixels(drawn) != pixels(plain.render(NO_FONT, True, WHITE).convert_alpha()
                                       .premul_alpha()), name
        assert drawn.get_bounding_rect().w > 0
    assert font.size("王伟") == fonts.get_font(font.point_size).size("王伟")
    assert len(font.get_metrics("王a")) == 2


def test_the_character_map_reader_refuses_a_damaged_file() -> None:
    with pytest.raises(glyphs.FontFileError):
        glyphs.characters(struct.pack(">IHHHH", 0x10000, 1, 0, 0, 0) + b"cmap")
    assert ord("王") in glyphs.file_characters(fonts.fallback_path())
