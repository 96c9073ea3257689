"""Text wrapped to a width: Chinese between any two characters, never before closing
punctuation; English at spaces."""
from __future__ import annotations

import pytest

from game.render.text import NO_LINE_START, wrap
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
