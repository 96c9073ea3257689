"""Text wrapped to a width: Chinese between any two characters, never before closing
punctuation; English at spaces."""
from __future__ import annotations

import pytest

from game.render.text import NO_LINE_START, wrap, wrap_items
from game.shell.fonts import get_font

ZH = ("数字的意思：困难 AI 为每个选项算一个得分，即选了这一项后这一局还能得（或输）多少分。"
      "「少得」是困难 AI 认为最好的选项与你的选择之间的差，单位是分；0 表示不比它差。")
EN = "What the numbers mean: Hard scores each option as the points it expects to win."


@pytest.mark.parametrize("width", [90, 140, 233, 400])
def test_chinese_lines_fit_and_never_start_with_closing_punctuation(width: int) -> None:
    font = get_font(18)
    lines = wrap(ZH, font, width)
    assert len(lines) > 1
    assert all(font.size(line)[0] <= width for line in lines)
    assert not any(line[0] in NO_LINE_START for line in lines)
    assert "".join(lines).replace(" ", "") == ZH.replace(" ", "")


def test_english_breaks_at_spaces() -> None:
    font = get_font(18)
    lines = wrap(EN, font, 200)
    assert " ".join(lines) == EN
    assert all(font.size(line)[0] <= 200 for line in lines)
    assert wrap("", font, 200) == [""]


class TenPixelFont:
    """A font whose every character is ten pixels wide."""

    def size(self, text: str) -> tuple[int, int]:
        return 10 * len(text), 10


def test_listed_options_stay_whole_on_a_line_where_they_fit() -> None:
    lines = wrap_items("估计：", ["打出 九筒 +5.19", "打出 八筒 +5.11", "过 +2.70"], " · ",
                       TenPixelFont(), 250)
    assert lines == ["估计：打出 九筒 +5.19", "打出 八筒 +5.11 · 过 +2.70"]
    assert all(10 * len(line) <= 250 for line in lines)
    long = wrap_items("", ["一二三四五六七八九十" * 3], " · ", TenPixelFont(), 100)
    assert "".join(long) == "一二三四五六七八九十" * 3 and all(10 * len(x) <= 100 for x in long)
